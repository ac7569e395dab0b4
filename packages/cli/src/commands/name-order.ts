/**
 * The order `dipforge test` lists a folder's files in: ICU's root collation with numbers compared by
 * value (`new Intl.Collator('en', { numeric: true })`, so `game-9` before `game-10`). Making that
 * collator loads ICU's collation data, about 5 ms of a run that tests one small folder; the names
 * of most folders (lower-case ASCII letters, digits, `_`, `-` and `.`) are put in the same order
 * here without it, and any other folder is sorted by the collator itself.
 *
 * For such names the collator decides on primary weights alone, which give `_` < `-` < `.` < any
 * number < `a` < … < `z`, a run of digits weighing as one number by its value, and a name that is
 * the start of another first. Two numbers of the same value written differently (`01`, `1`) weigh
 * the same, and the collator then calls the names equal, leaving them in the order they were listed:
 * the folder is then sorted by the collator, so that such names keep that order too.
 */

/** Names of this alphabet are ordered here. */
const SIMPLE = /^[a-z0-9._-]*$/;

/** Longer runs of digits are left to the collator (ICU splits a long number into parts). */
const MAX_DIGITS = 100;

/** Weights of the characters that are not digits: punctuation below numbers, letters above. */
const NUMBER = 3;
function weight(c: number): number {
  if (c === 95) return 0; // _
  if (c === 45) return 1; // -
  if (c === 46) return 2; // .
  return NUMBER + 1 + (c - 97); // a–z
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Thrown by `compareSimple` for two names it cannot order as the collator does. */
class NotSimple extends Error {}

/** The collator's order of two names of the alphabet (`SIMPLE`); throws NotSimple where it cannot tell. */
function compareSimple(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    const da = isDigit(ca);
    const db = isDigit(cb);
    if (da && db) {
      let ei = i;
      while (ei < a.length && isDigit(a.charCodeAt(ei))) ei++;
      let ej = j;
      while (ej < b.length && isDigit(b.charCodeAt(ej))) ej++;
      if (ei - i > MAX_DIGITS || ej - j > MAX_DIGITS) throw new NotSimple();
      // By value: without leading zeros, the longer number is the larger, else the first digit that differs.
      let si = i;
      while (si < ei - 1 && a.charCodeAt(si) === 48) si++;
      let sj = j;
      while (sj < ej - 1 && b.charCodeAt(sj) === 48) sj++;
      if (ei - si !== ej - sj) return ei - si < ej - sj ? -1 : 1;
      for (let k = 0; k < ei - si; k++) {
        const x = a.charCodeAt(si + k);
        const y = b.charCodeAt(sj + k);
        if (x !== y) return x < y ? -1 : 1;
      }
      // The same number written with other leading zeros: the collator weighs them the same.
      if (ei - i !== ej - j) throw new NotSimple();
      i = ei;
      j = ej;
      continue;
    }
    const wa = da ? NUMBER : weight(ca);
    const wb = db ? NUMBER : weight(cb);
    if (wa !== wb) return wa < wb ? -1 : 1;
    i++;
    j++;
  }
  const restA = a.length - i;
  const restB = b.length - j;
  return restA === restB ? 0 : restA < restB ? -1 : 1;
}

/** `names` sorted in place as `collator.compare` sorts them (descending when `descending`). */
export function sortNames<T>(items: T[], nameOf: (item: T) => string, descending: boolean): T[] {
  const sign = descending ? -1 : 1;
  if (items.every((e) => SIMPLE.test(nameOf(e)))) {
    const copy = items.slice();
    try {
      copy.sort((x, y) => sign * compareSimple(nameOf(x), nameOf(y)));
      for (let k = 0; k < copy.length; k++) items[k] = copy[k] as T;
      return items;
    } catch (e) {
      if (!(e instanceof NotSimple)) throw e;
    }
  }
  collator ??= new Intl.Collator('en', { numeric: true });
  const names = collator;
  return items.sort((x, y) => sign * names.compare(nameOf(x), nameOf(y)));
}

/** The collator, made the first time a folder needs it and kept for every folder after (a walk sorts each folder it reads). */
let collator: Intl.Collator | undefined;

/** The collator's order of two names, by the fast comparison (exported for its test); undefined where the collator must decide. */
export function simpleNameOrder(a: string, b: string): number | undefined {
  if (!SIMPLE.test(a) || !SIMPLE.test(b)) return undefined;
  try {
    return compareSimple(a, b);
  } catch (e) {
    if (e instanceof NotSimple) return undefined;
    throw e;
  }
}
