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

/**
 * The general reader's tokens of the plain text being read: lower-case words,
 * `-` arrows, `/`. One pair of arrays serves every reading (a reading never
 * starts another), so reading a text allocates only its words and its order.
 * Entries from `end` on are left from an earlier text: every read checks `end`.
 */
const norm: string[] = [];
const kind: number[] = [];
let end = 0;
/** The token after the location or unit just read. */
let next = 0;

/** An order has few tokens; a longer text is left to the general reader. */
const MAX_TOKENS = 32;

/** Coast names are short; the general reader looks this many words ahead too. */
const MAX_COAST_WORDS = 3;

/** `text` read as an order of `power`, or undefined when it is not plain (see above). */
export function readPlainOrder(index: NameIndex, text: string, power: string, phase: PhaseKind): Order | undefined {
  if (!plainTokens(text)) return undefined;
  const first = norm[0];
  if (first === 'waive' || first === 'waives') return end === 1 ? { power, type: 'waive' } : undefined;
  if (first === 'build') {
    const u = unitAt(1, index);
    return u !== undefined && next === end ? { power, type: 'build', kind: u.kind as UnitKind, at: u.at } : undefined;
  }
  const unit = unitAt(0, index);
  if (unit === undefined) return undefined;
  const p = next;
  if (p >= end) return undefined;
  if (kind[p] === ARROW) {
    const to = location(p + 1, index);
    if (to === undefined) return undefined;
    const q = next;
    let viaConvoy = false;
    if (q !== end) {
      if (q + 2 !== end || (norm[q] !== 'via' && norm[q] !== 'by') || norm[q + 1] !== 'convoy' || kind[q + 1] !== WORD) return undefined;
      viaConvoy = true;
    }
    if (phase === 'retreat' && !viaConvoy) return { power, type: 'retreat', unit, to };
    return { power, type: 'move', unit, to, viaConvoy };
  }
  if (kind[p] !== WORD) return undefined;
  switch (norm[p]) {
    case 'h':
      return p + 1 === end ? { power, type: 'hold', unit } : undefined;
    case 'd':
      return p + 1 === end ? { power, type: 'disband', unit } : undefined;
    case 'r': {
      // A move verb after R is taken as one, not as the province.
      const w = p + 1 < end ? norm[p + 1] : undefined;
      if (w === undefined || MOVE.has(w) || MOVE_ALONE.has(w)) return undefined;
      const to = location(p + 1, index);
      return to !== undefined && next === end ? { power, type: 'retreat', unit, to } : undefined;
    }
    case 's': {
      const supported = foreignUnitAt(p + 1, index);
      if (supported === undefined) return undefined;
      if (next === end) return { power, type: 'support', unit, supported };
      if (kind[next] !== ARROW) return undefined;
      const to = location(next + 1, index);
      return to !== undefined && next === end ? { power, type: 'support', unit, supported, to } : undefined;
    }
    case 'c': {
      const army = foreignUnitAt(p + 1, index);
      if (army === undefined || next >= end || kind[next] !== ARROW) return undefined;
      const to = location(next + 1, index);
      return to !== undefined && next === end ? { power, type: 'convoy', unit, army, to } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Reads the tokens of a text of ASCII letters and digits in words, `-` between
 * spaces and `word/word`, separated by single spaces; false for any other.
 */
function plainTokens(text: string): boolean {
  const n = text.length;
  end = 0;
  let i = 0;
  if (n === 0) return false;
  while (i < n) {
    if (end + 3 > MAX_TOKENS) return false;
    if (text.charCodeAt(i) === 45) {
      push('-', ARROW);
      i++;
    } else {
      let j = wordEnd(text, i);
      if (j === i) return false;
      push(lower(text, i, j), WORD);
      if (j < n && text.charCodeAt(j) === 47) {
        const k = wordEnd(text, j + 1);
        if (k === j + 1) return false;
        push('/', SLASH);
        push(lower(text, j + 1, k), WORD);
        j = k;
      }
      i = j;
    }
    if (i < n) {
      if (text.charCodeAt(i) !== 32) return false;
      i++;
      if (i >= n || text.charCodeAt(i) === 32) return false;
    }
  }
  return true;
}

function push(word: string, k: number): void {
  norm[end] = word;
  kind[end] = k;
  end++;
}

/**
 * The end of a run of ASCII letters and digits from `i`. (`_` is a word
 * character to the general reader but not part of a name's key: such words are
 * left to it.)
 */
function wordEnd(text: string, i: number): number {
  let j = i;
  for (; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57))) break;
  }
  return j < text.length && text.charCodeAt(j) === 95 ? i : j;
}

function lower(text: string, from: number, to: number): string {
  if (to === from + 1) {
    // One character: from the engine's table of one-character strings, never a new string.
    const c = text.charCodeAt(from);
    return String.fromCharCode(c >= 65 && c <= 90 ? c + 32 : c);
  }
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) return text.slice(from, to).toLowerCase();
  }
  return text.slice(from, to);
}

/** The end of the run of at most `max` words from token `p`, as the general reader's `wordRun` joins them (words only: no `.` or tight `-` here). */
function wordsEnd(p: number, max: number): number {
  let i = p;
  while (i < end && i - p < max && kind[i] === WORD) i++;
  return i;
}

/**
 * A location at token `p`: a province of one word, and a coast after `/`;
 * undefined when the general reader would do more. Sets `next`.
 */
function location(p: number, index: NameIndex): string | undefined {
  if (p >= end || kind[p] !== WORD) return undefined;
  // The longest name at the cursor wins: a longer one (or none, or several provinces) is not plain.
  const last = wordsEnd(p, index.maxProvinceWords);
  for (let n = last - p; n >= 2; n--) if (index.provinceWords(norm, p, p + n).length > 0) return undefined;
  const ids = index.provinceWords(norm, p, p + 1);
  if (ids.length !== 1) return undefined;
  const province = ids[0] as string;
  const q = p + 1;
  if (q < end && kind[q] === SLASH) {
    const from = q + 1;
    for (let n = wordsEnd(from, MAX_COAST_WORDS) - from; n >= 1; n--) {
      const coast = index.coastWords(province, norm, from, from + n);
      if (coast === undefined) continue;
      if (n !== 1) return undefined;
      next = q + 2;
      return `${province}/${coast}`;
    }
    return undefined;
  }
  // The general reader reads a coast from the words that follow a province with coasts (`spa nc`).
  if (q < end && kind[q] === WORD && index.hasCoasts(province)) {
    for (let n = wordsEnd(q, MAX_COAST_WORDS) - q; n >= 1; n--) if (index.coastWords(province, norm, q, q + n) !== undefined) return undefined;
  }
  next = q;
  return province;
}

/** A unit at token `p`: `A` or `F` and a location. Sets `next`. */
function unitAt(p: number, index: NameIndex): UnitRef | undefined {
  if (p >= end || kind[p] !== WORD) return undefined;
  const k = norm[p];
  const unitKind: UnitKind | undefined = k === 'a' ? 'army' : k === 'f' ? 'fleet' : undefined;
  if (unitKind === undefined) return undefined;
  // `a army`, `a fleet`: the general reader takes the first word as an article.
  const w = p + 1 < end ? norm[p + 1] : undefined;
  if (w === 'army' || w === 'fleet') return undefined;
  const at = location(p + 1, index);
  return at === undefined ? undefined : { kind: unitKind, at };
}

/** A supported or convoyed unit: as `unitAt`, when no power's name starts there (`Turkish F con`). */
function foreignUnitAt(p: number, index: NameIndex): UnitRef | undefined {
  const last = wordsEnd(p, index.maxPowerWords);
  for (let n = last - p; n >= 1; n--) if (index.powerWords(norm, p, p + n).length > 0) return undefined;
  return unitAt(p, index);
}
