/**
 * Reading places and units: provinces by their longest name at the cursor,
 * coasts in every spelling (`spa/nc`, `spa(nc)`, `spa nc`, `Spain (North Coast)`),
 * and unit references (`A par`, `Army in lvp`, `the fleet in North Africa`,
 * `A(lvp)`, `Turkish F con`).
 */
import type { NameIndex, Suggestion } from '../board/names.js';
import type { UnitKind } from '../game/position.js';
import { ARMY, ARTICLES, FLEET, LOCATION_FILLERS, NOTATION_WORDS, ORDER_WORDS } from './keywords.js';
import type { UnitRef } from './order.js';
import type { Reader } from './reader.js';
import { quoted } from '../config/echo.js';

export interface Place {
  /** Province id, or `province/coast`. */
  at: string;
  province: string;
}

/** Marks that join the words of a name when written without spaces: apostrophes, and the middle dots of サン・ペテルスブルグ. */
const WORD_JOINERS = new Set(["'", '\u2019', '\u00b7', '\u30fb', '\uff65']);

/** Coast names are short ("north coast", "n c"); no need to look further. */
const MAX_COAST_WORDS = 3;

/**
 * The words from the cursor that could form one name, with the token index after
 * each. Words join across spaces, across "." ("St. Petersburg"), and across a
 * hyphen, apostrophe or middle dot written without spaces ("Mid-Atlantic"); " - " is a move.
 */
function wordRun(r: Reader, max: number): { words: string[]; after: number[] } {
  const words: string[] = [];
  const after: number[] = [];
  let i = r.pos;
  while (words.length < max) {
    const t = r.tokens[i];
    if (t?.kind !== 'word') break;
    words.push(t.norm);
    after.push(i + 1);
    const sep = r.tokens[i + 1];
    const next = r.tokens[i + 2];
    const tight = sep !== undefined && next !== undefined && sep.start === t.end && next.start === sep.end;
    if (sep?.kind === 'punct' && sep.norm === '.' && next?.kind === 'word') i += 2;
    else if (tight && next.kind === 'word' && (sep.text === '-' || WORD_JOINERS.has(sep.norm))) i += 2;
    else i += 1;
  }
  return { words, after };
}

function quoteSuggestions(list: readonly Suggestion[]): string {
  return list.map((s) => `${quoted(s.id)} (${s.name})`).join(' or ');
}

/** The failure for an unknown name at the cursor, with a did-you-mean over the likeliest span. */
function unknownProvince(r: Reader, index: NameIndex): never {
  const { words, after } = wordRun(r, index.maxProvinceWords);
  let best: { end: number; list: Suggestion[] } | undefined;
  for (const [i, end] of after.entries()) {
    const list = index.suggest(words.slice(0, i + 1), r.fits);
    const top = list[0];
    const held = best?.list[0];
    // A span whose best fits the place wins; then the closer; a longer span wins ties ("North Atlantc Ocean" is one name, not "North" and two more words).
    if (top !== undefined && (held === undefined || (top.fits === held.fits ? top.distance <= held.distance : top.fits))) best = { end, list };
  }
  const end = best?.end ?? r.pos + 1;
  const written = r.textOf(r.pos, end);
  // `fra a bur H`: a power's name where the order begins, without its colon.
  const [power] = r.pos === 0 && end === 1 ? index.powerWords([written]) : [];
  const hint =
    best !== undefined
      ? `; did you mean ${quoteSuggestions(best.list)}?`
      : power !== undefined
        ? `; ${quoted(written)} names a power (${index.powerName(power) ?? power}): a power before an order takes a colon, as in '${written}: ORDER'`
        : '';
  throw r.failure('unknown-province', `unknown province ${quoted(written)}${hint}`, r.spanOf(r.pos, end), best?.list.map((s) => s.id));
}

/**
 * A misspelt province at the cursor (`../board/guess.ts`), taken with a warning that
 * says how it was read: the longest run of words, up to a word of the notation, that
 * is close to a name of exactly one province. Undefined (nothing taken) when the
 * longest run close to any name is close to several provinces' names, or when none is.
 */
function guessProvince(r: Reader, index: NameIndex): string | undefined {
  if (!r.guessNames) return undefined;
  const { words, after } = wordRun(r, index.maxProvinceWords);
  const stop = words.findIndex((w) => NOTATION_WORDS.has(w));
  for (let n = stop < 0 ? words.length : stop; n >= 1; n--) {
    const ids = index.guessProvince(words.slice(0, n));
    if (ids.length === 0) continue;
    const [id] = ids;
    const end = after[n - 1];
    if (ids.length > 1 || id === undefined || end === undefined) return undefined;
    const span = r.spanOf(r.pos, end);
    r.warn('guessed-name', `read ${quoted(r.textOf(r.pos, end))} as ${id} (${index.provinceName(id) ?? id})`, span);
    r.pos = end;
    return id;
  }
  return undefined;
}

/** The longest province name at the cursor, taken; undefined (nothing taken) when none. */
function takeProvince(r: Reader, index: NameIndex): string | undefined {
  const { words, after } = wordRun(r, index.maxProvinceWords);
  for (let n = words.length; n >= 1; n--) {
    const ids = index.provinceWords(words.slice(0, n));
    const end = after[n - 1] ?? r.pos + 1;
    if (ids.length > 1) {
      const choices = ids.map((id) => `${quoted(id)} (${index.provinceName(id) ?? id})`).join(', ');
      throw r.failure('ambiguous-province', `${quoted(r.textOf(r.pos, end))} could be any of ${choices}`, r.spanOf(r.pos, end));
    }
    const [id] = ids;
    if (id !== undefined) {
      r.pos = end;
      return id;
    }
  }
  return undefined;
}

/** The longest coast name of `province` at the cursor, taken. */
function takeCoast(r: Reader, index: NameIndex, province: string): string | undefined {
  const { words, after } = wordRun(r, MAX_COAST_WORDS);
  for (let n = words.length; n >= 1; n--) {
    const coast = index.coastWords(province, words.slice(0, n));
    if (coast !== undefined) {
      r.pos = after[n - 1] ?? r.pos + 1;
      return coast;
    }
  }
  return undefined;
}

/**
 * A coast after a province. A coast the province does not have (`bre/xc`,
 * `spa/wc`) is read and dropped: DATC 4.B.6 prefers that such garbage is ignored.
 */
function coastSuffix(r: Reader, index: NameIndex, province: string): string {
  if (r.isPunct('/')) {
    r.take();
    const coast = takeCoast(r, index, province);
    if (coast !== undefined) return `${province}/${coast}`;
    const word = r.word();
    if (word === undefined || ORDER_WORDS.has(word)) throw r.failure('expected-coast', "expected a coast after '/'", r.hereSpan());
    r.take();
    return province;
  }
  if (r.isPunct('(')) {
    const open = r.pos;
    r.take();
    const coast = takeCoast(r, index, province);
    if (r.isPunct(')')) {
      r.take();
      return coast === undefined ? province : `${province}/${coast}`;
    }
    r.pos = open + 1;
    const word = r.word();
    if (word !== undefined && !ORDER_WORDS.has(word) && r.isPunct(')', 1)) {
      r.pos += 2;
      return province;
    }
    r.pos = open; // not a coast in parentheses: leave it to the caller
    return province;
  }
  if (index.hasCoasts(province) && r.word() !== undefined) {
    const coast = takeCoast(r, index, province);
    if (coast !== undefined) return `${province}/${coast}`;
  }
  return province;
}

/**
 * A location: `(lvp)`, `in the North Africa`, `spa/nc`, `Spain (North Coast)`.
 * Opening parentheses and filler words before the name are counted in a loop,
 * not read by a call each: a line can hold as many as it likes, and each call
 * would take a frame of the stack.
 */
export function location(r: Reader, index: NameIndex): Place {
  let open = 0;
  let place: Place | undefined;
  while (place === undefined) {
    if (r.isPunct('(')) {
      r.take();
      open++;
      continue;
    }
    const t = r.peek();
    if (t === undefined) throw r.failure('expected-location', 'the order ends where a province was expected', r.endSpan());
    if (t.kind !== 'word') throw r.failure('expected-location', `expected a province, not ${quoted(t.text)}`, r.hereSpan());
    const province = takeProvince(r, index);
    if (province !== undefined) {
      place = { at: coastSuffix(r, index, province), province };
    } else if (r.isWord(LOCATION_FILLERS) && r.peek(1) !== undefined) {
      r.take();
    } else {
      const guessed = guessProvince(r, index);
      if (guessed === undefined) return unknownProvince(r, index);
      place = { at: coastSuffix(r, index, guessed), province: guessed };
    }
  }
  for (; open > 0; open--) {
    if (!r.isPunct(')')) throw r.failure('expected-location', "expected ')'", r.hereSpan());
    r.take();
  }
  return place;
}

function kindAt(r: Reader): UnitKind | undefined {
  if (r.isWord(ARMY)) return 'army';
  if (r.isWord(FLEET)) return 'fleet';
  return undefined;
}

const KIND_WORDS = new Set(['army', 'fleet']);

/** A unit: optional kind (left out of the result when not written, DATC 4.C.1) and its location. */
export function unitRef(r: Reader, index: NameIndex): UnitRef {
  // "an Army", "a Fleet", "the fleet": an article only when a spelled-out kind follows.
  if (r.isWord(ARTICLES) && r.isWord(KIND_WORDS, 1)) r.take();
  const kind = kindAt(r);
  if (kind === undefined) return { at: location(r, index).at };
  // "a"/"f" could be a province in some variant; if the kind reading fails, try that.
  return r.firstOf<UnitRef>(
    () => {
      r.take();
      return { kind, at: location(r, index).at };
    },
    () => ({ at: location(r, index).at }),
  );
}

/** A supported or convoyed unit, which may name its power (DATC 4.C.5/4.C.6): `Turkish F con`. */
export function foreignUnitRef(r: Reader, index: NameIndex): UnitRef {
  const { words, after } = wordRun(r, index.maxPowerWords);
  for (let n = words.length; n >= 1; n--) {
    const [power, ...more] = index.powerWords(words.slice(0, n));
    const end = after[n - 1];
    if (power === undefined || more.length > 0 || end === undefined) continue;
    return r.firstOf<UnitRef>(
      () => {
        r.pos = end;
        return { ...unitRef(r, index), power };
      },
      () => unitRef(r, index),
    );
  }
  return unitRef(r, index);
}
