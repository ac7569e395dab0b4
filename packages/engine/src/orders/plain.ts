/**
 * The order reader's shortcut for the notation most orders are written in
 * (formatOrder's, and the DATC's): ids, single spaces, a one-letter unit kind
 * and verb. `A ber H`, `A ber - kie`, `A ber - kie via convoy`, `F nth C A lon
 * - nwy`, `A mun S A ber`, `A mun S F stp/nc - bot`, `A ber R sil`, `A ber D`,
 * `Build F lon`, `Waive`.
 *
 * It reads them as the general reader (parse.ts) does, step by step, asking
 * the name index the same questions, without its tokens, backtracking and
 * error messages. Anything it is not sure the general reader would read the
 * same way without a warning (a name of several words, an unknown or guessed
 * name, a coast read from the next word, a power before a unit, punctuation,
 * other words and spacing) gives undefined: the general reader takes it.
 */
import type { NameIndex } from '../board/names.js';
import type { PhaseKind, UnitKind } from '../game/position.js';
import { MOVE, MOVE_ALONE } from './keywords.js';
import type { Order, UnitRef } from './order.js';

const WORD = 1;
const ARROW = 2;
const SLASH = 3;

/** The general reader's tokens of a plain text: lower-case words, `-` arrows, `/`. */
interface Tokens {
  norm: string[];
  kind: number[];
}

/** Coast names are short; the general reader looks this many words ahead too. */
const MAX_COAST_WORDS = 3;

/** `text` read as an order of `power`, or undefined when it is not plain (see above). */
export function readPlainOrder(index: NameIndex, text: string, power: string, phase: PhaseKind): Order | undefined {
  const t = plainTokens(text);
  if (t === undefined) return undefined;
  const { norm, kind } = t;
  const end = norm.length;
  const first = norm[0];
  if (first === 'waive' || first === 'waives') return end === 1 ? { power, type: 'waive' } : undefined;
  if (first === 'build') {
    const u = unitAt(t, 1, index);
    return u !== undefined && u.next === end ? { power, type: 'build', kind: u.unit.kind as UnitKind, at: u.unit.at } : undefined;
  }
  const u = unitAt(t, 0, index);
  if (u === undefined) return undefined;
  const unit = u.unit;
  const p = u.next;
  const verb = norm[p];
  if (kind[p] === ARROW) {
    const to = location(t, p + 1, index);
    if (to === undefined) return undefined;
    let viaConvoy = false;
    if (to.next !== end) {
      if (to.next + 2 !== end || (norm[to.next] !== 'via' && norm[to.next] !== 'by') || norm[to.next + 1] !== 'convoy' || kind[to.next + 1] !== WORD) return undefined;
      viaConvoy = true;
    }
    if (phase === 'retreat' && !viaConvoy) return { power, type: 'retreat', unit, to: to.at };
    return { power, type: 'move', unit, to: to.at, viaConvoy };
  }
  if (kind[p] !== WORD) return undefined;
  switch (verb) {
    case 'h':
      return p + 1 === end ? { power, type: 'hold', unit } : undefined;
    case 'd':
      return p + 1 === end ? { power, type: 'disband', unit } : undefined;
    case 'r': {
      // A move verb after R is taken as one, not as the province.
      const w = norm[p + 1];
      if (w === undefined || MOVE.has(w) || MOVE_ALONE.has(w)) return undefined;
      const to = location(t, p + 1, index);
      return to !== undefined && to.next === end ? { power, type: 'retreat', unit, to: to.at } : undefined;
    }
    case 's': {
      const supported = foreignUnitAt(t, p + 1, index);
      if (supported === undefined) return undefined;
      if (supported.next === end) return { power, type: 'support', unit, supported: supported.unit };
      if (kind[supported.next] !== ARROW) return undefined;
      const to = location(t, supported.next + 1, index);
      return to !== undefined && to.next === end ? { power, type: 'support', unit, supported: supported.unit, to: to.at } : undefined;
    }
    case 'c': {
      const army = foreignUnitAt(t, p + 1, index);
      if (army === undefined || kind[army.next] !== ARROW) return undefined;
      const to = location(t, army.next + 1, index);
      return to !== undefined && to.next === end ? { power, type: 'convoy', unit, army: army.unit, to: to.at } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The tokens of a text of ASCII letters, digits and `_` in words, `-` between
 * spaces and `word/word`, separated by single spaces; undefined for any other.
 */
function plainTokens(text: string): Tokens | undefined {
  const norm: string[] = [];
  const kind: number[] = [];
  const n = text.length;
  let i = 0;
  if (n === 0) return undefined;
  while (i < n) {
    if (text.charCodeAt(i) === 45) {
      norm.push('-');
      kind.push(ARROW);
      i++;
    } else {
      let j = wordEnd(text, i);
      if (j === i) return undefined;
      norm.push(lower(text, i, j));
      kind.push(WORD);
      if (j < n && text.charCodeAt(j) === 47) {
        const k = wordEnd(text, j + 1);
        if (k === j + 1) return undefined;
        norm.push('/');
        kind.push(SLASH);
        norm.push(lower(text, j + 1, k));
        kind.push(WORD);
        j = k;
      }
      i = j;
    }
    if (i < n) {
      if (text.charCodeAt(i) !== 32) return undefined;
      i++;
      if (i >= n || text.charCodeAt(i) === 32) return undefined;
    }
  }
  return { norm, kind };
}

/** The end of a run of ASCII letters, digits and `_` from `i`. */
function wordEnd(text: string, i: number): number {
  let j = i;
  for (; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95)) break;
  }
  return j;
}

function lower(text: string, from: number, to: number): string {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) return text.slice(from, to).toLowerCase();
  }
  return text.slice(from, to);
}

/** The words from token `p` on, as the general reader's `wordRun` joins them (words only: no `.` or tight `-` here). */
function wordsFrom(t: Tokens, p: number, max: number): string[] {
  const out: string[] = [];
  for (let i = p; i < t.norm.length && out.length < max && t.kind[i] === WORD; i++) out.push(t.norm[i] as string);
  return out;
}

/** A location at token `p`: a province of one word, and a coast after `/`; undefined when the general reader would do more. */
function location(t: Tokens, p: number, index: NameIndex): { at: string; next: number } | undefined {
  if (t.kind[p] !== WORD) return undefined;
  // The longest name at the cursor wins: a longer one (or none, or several provinces) is not plain.
  const words = wordsFrom(t, p, index.maxProvinceWords);
  let province: string | undefined;
  for (let n = words.length; n >= 1; n--) {
    const ids = index.provinceWords(n === words.length ? words : words.slice(0, n));
    if (ids.length === 0) continue;
    if (n > 1 || ids.length > 1) return undefined;
    province = ids[0];
    break;
  }
  if (province === undefined) return undefined;
  const q = p + 1;
  if (t.kind[q] === SLASH) {
    const coastWords = wordsFrom(t, q + 1, MAX_COAST_WORDS);
    for (let n = coastWords.length; n >= 1; n--) {
      const coast = index.coastWords(province, n === coastWords.length ? coastWords : coastWords.slice(0, n));
      if (coast === undefined) continue;
      return n === 1 ? { at: `${province}/${coast}`, next: q + 2 } : undefined;
    }
    return undefined;
  }
  // The general reader reads a coast from the words that follow a province with coasts (`spa nc`).
  if (t.kind[q] === WORD && index.hasCoasts(province)) {
    const after = wordsFrom(t, q, MAX_COAST_WORDS);
    for (let n = after.length; n >= 1; n--) if (index.coastWords(province, after.slice(0, n)) !== undefined) return undefined;
  }
  return { at: province, next: q };
}

/** A unit at token `p`: `A` or `F` and a location. */
function unitAt(t: Tokens, p: number, index: NameIndex): { unit: UnitRef; next: number } | undefined {
  const k = t.norm[p];
  const kind: UnitKind | undefined = k === 'a' ? 'army' : k === 'f' ? 'fleet' : undefined;
  if (kind === undefined || t.kind[p] !== WORD) return undefined;
  // `a army`, `a fleet`: the general reader takes the first word as an article.
  const next = t.norm[p + 1];
  if (next === 'army' || next === 'fleet') return undefined;
  const at = location(t, p + 1, index);
  return at === undefined ? undefined : { unit: { kind, at: at.at }, next: at.next };
}

/** A supported or convoyed unit: as `unitAt`, when no power's name starts there (`Turkish F con`). */
function foreignUnitAt(t: Tokens, p: number, index: NameIndex): { unit: UnitRef; next: number } | undefined {
  const words = wordsFrom(t, p, index.maxPowerWords);
  for (let n = words.length; n >= 1; n--) if (index.powerWords(words.slice(0, n)).length > 0) return undefined;
  return unitAt(t, p, index);
}
