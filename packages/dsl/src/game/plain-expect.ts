/**
 * The expect block's common lines, read without token objects: `units POWER: KIND LOC, …`,
 * `dislodged POWER: KIND LOC [from PROVINCE [via convoy]], …` and `owners POWER: PROVINCE, …`.
 * They are most of a game file's lines after its orders (a phase of a classic game writes
 * fourteen of them), and the general reader (parse.ts) makes a token object, a string and a
 * range for every word of them, to throw most away.
 *
 * Here a line is read only when it is plain: ASCII words, blanks, commas, slashes and the one
 * colon, no comment, one word for the power, and nothing the general reader would report. The
 * line's tokens go into typed arrays kept between lines; the nodes made are those the general
 * reader makes for the line (the same texts, values and ranges, the ranges made by the line
 * reader's `range` and `join`, so a headless read's are made when read). Any other line gives
 * undefined, and the general reader reads it and says what is wrong with it.
 */
import type * as G from './ast.js';
import { hasAsciiWord, isAsciiWordChar } from './chars.js';
import type { LineReader } from './line-reader.js';
import { keptText } from './texts.js';

/** A statement read from a plain line, and where its last token ends. */
export type PlainExpect = G.UnitsStmt | G.DislodgedStmt | G.OwnersStmt;

const WORD = 0;
const NUMBER = 1;
const COMMA = 2;
const COLON = 3;
const SLASH = 4;
type TokenKind = typeof WORD | typeof NUMBER | typeof COMMA | typeof COLON | typeof SLASH;

/** The tokens of the line being read: where each starts and ends, and its kind (grown as lines need). */
let starts = new Int32Array(64);
let ends = new Int32Array(64);
let kinds = new Uint8Array(64);

/**
 * The statement of a plain `units`, `dislodged` or `owners` line from `start` to `end` (the
 * line `lineNo`, which starts at `lineStart`), or undefined when the line is not plain.
 */
export function plainExpectLine(r: LineReader, start: number, end: number): PlainExpect | undefined {
  const text = r.text;
  const count = scan(text, start, end);
  // The keyword, the power, the colon: the general reader reads any shorter line.
  if (count < 3 || kinds[0] !== WORD || kinds[1] !== WORD || kinds[2] !== COLON) return undefined;
  const keyword = keywordAt(text, starts[0] as number, ends[0] as number);
  if (keyword === undefined) return undefined;
  const range = r.range(starts[0] as number, ends[count - 1] as number);
  const power = wordOf(r, starts[1] as number, ends[1] as number);
  // The lists are made as long as the line has items (a list grown from empty holds room for sixteen).
  const items = itemCount(count);
  let n = 0;
  if (keyword === 'owners') {
    const provinces = new Array<G.Text>(items);
    for (let i = 3; i < count; i = nextItem(count, i)) {
      const last = itemEnd(count, i);
      // An empty item (`bud, , par`) is reported by the general reader.
      if (last < i) return undefined;
      provinces[n++] = textNode(r, starts[i] as number, ends[last] as number);
    }
    return n === items ? { kind: 'Owners', power, provinces, range } : undefined;
  }
  const dislodged = keyword === 'dislodged';
  const units = new Array<G.UnitItem>(items);
  for (let i = 3; i < count; i = nextItem(count, i)) {
    const unit = unitItem(r, i, itemEnd(count, i), dislodged);
    if (!unit) return undefined;
    units[n++] = unit;
  }
  if (n !== items) return undefined;
  return dislodged ? { kind: 'Dislodged', power, units, range } : { kind: 'Units', power, units, range };
}

/**
 * Splits `text` from `start` to `end` into tokens; the count, or -1 for a line that is not
 * plain: a character other than an ASCII word character, a blank, `,`, `/` or `:`, a comment,
 * or a second colon.
 */
function scan(text: string, start: number, end: number): number {
  let count = 0;
  let colons = 0;
  let i = start;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) {
      i++;
      continue;
    }
    if (count === starts.length) growTokens();
    let kind: TokenKind;
    const from = i;
    if (isAsciiWordChar(c)) {
      let digits = true;
      for (; i < end; i++) {
        const d = text.charCodeAt(i);
        if (!isAsciiWordChar(d)) break;
        if (d < 48 || d > 57) digits = false;
      }
      kind = digits ? NUMBER : WORD;
    } else if (c === 44) {
      kind = COMMA;
      i++;
    } else if (c === 58) {
      if (++colons > 1) return -1;
      kind = COLON;
      i++;
    } else if (c === 47 && (i + 1 >= end || text.charCodeAt(i + 1) !== 47)) {
      kind = SLASH;
      i++;
    } else return -1;
    starts[count] = from;
    ends[count] = i;
    kinds[count] = kind;
    count++;
  }
  return count;
}

function growTokens(): void {
  const size = starts.length * 2;
  const s = new Int32Array(size);
  const e = new Int32Array(size);
  const k = new Uint8Array(size);
  s.set(starts);
  e.set(ends);
  k.set(kinds);
  starts = s;
  ends = e;
  kinds = k;
}

/** How many items the tokens after the colon hold: one more than their commas, none when there are no tokens. */
function itemCount(count: number): number {
  if (count <= 3) return 0;
  let items = 1;
  for (let j = 3; j < count; j++) if (kinds[j] === COMMA) items++;
  return items;
}

/** The item starting at token `i` ends before the next comma (or the line's end): its last token, `i - 1` when empty. */
function itemEnd(count: number, i: number): number {
  let j = i;
  while (j < count && kinds[j] !== COMMA) j++;
  return j - 1;
}

/** The first token of the item after the one starting at `i` (past `count` after the last item). */
function nextItem(count: number, i: number): number {
  let j = i;
  while (j < count && kinds[j] !== COMMA) j++;
  // A comma ending the line leaves an empty item after it, which the general reader reports.
  return j === count - 1 ? j : j + 1;
}

/** `KIND LOCATION [from PROVINCE [via convoy]]` from token `i` to `last`; undefined for anything the general reader reports. */
function unitItem(r: LineReader, i: number, last: number, dislodged: boolean): G.UnitItem | undefined {
  const text = r.text;
  if (last < i + 1 || kinds[i] !== WORD) return undefined;
  const kindStart = starts[i] as number;
  const kindEnd = ends[i] as number;
  // Most units are written `A …` or `F …`: their word needs no look-up.
  const letter = kindEnd - kindStart === 1 ? kindLetter(text.charCodeAt(kindStart)) : undefined;
  // A kind written as a word is looked up; a letter's word is made below, when the unit needs it.
  const word = letter ? undefined : wordOf(r, kindStart, kindEnd);
  const unitKind = letter ? letter.kind : UNIT_KINDS.get((word as G.Word).value);
  if (unitKind === undefined) return undefined;
  let fromAt = -1;
  for (let j = i + 1; j <= last; j++) {
    if (kinds[j] === WORD && isWord(text, j, 'from')) {
      fromAt = j;
      break;
    }
  }
  const locLast = fromAt < 0 ? last : fromAt - 1;
  if (locLast < i + 1) return undefined;
  const location = textNode(r, starts[i + 1] as number, ends[locLast] as number);
  // A headless read makes most units as one object besides the location (line-range.ts).
  const one = letter && fromAt < 0 ? r.letterUnit(letter, unitKind, kindStart, location) : undefined;
  if (one) return one;
  const kindWord = word ?? { text: (letter as KindLetter).text, value: (letter as KindLetter).value, range: r.range(kindStart, kindEnd) };
  // Without `from` the unit ends where its location does. Made with its kind (the general reader adds it after the range: the
  // same keys in the same order), not given it later: a property added later takes a second object.
  const unit: G.UnitItem = { kindWord, location, range: fromAt < 0 ? r.join(kindWord.range, location.range) : r.range(kindStart, ends[last] as number), unitKind };
  if (fromAt < 0) return unit;
  if (!dislodged) return undefined;
  let tailLast = last;
  if (last - fromAt >= 2 && isWord(text, last - 1, 'via') && isWord(text, last, 'convoy')) {
    unit.viaConvoy = { range: r.range(starts[last - 1] as number, ends[last] as number) };
    tailLast = last - 2;
  }
  if (tailLast <= fromAt) return undefined;
  unit.from = textNode(r, starts[fromAt + 1] as number, ends[tailLast] as number);
  return unit;
}

const UNIT_KINDS = new Map<string, 'army' | 'fleet'>([
  ['a', 'army'],
  ['army', 'army'],
  ['f', 'fleet'],
  ['fleet', 'fleet'],
]);

/** A one-letter unit kind: the word as written, lower-cased, and its kind. */
interface KindLetter {
  text: string;
  value: string;
  kind: 'army' | 'fleet';
}

const ARMY_UPPER: KindLetter = { text: 'A', value: 'a', kind: 'army' };
const ARMY_LOWER: KindLetter = { text: 'a', value: 'a', kind: 'army' };
const FLEET_UPPER: KindLetter = { text: 'F', value: 'f', kind: 'fleet' };
const FLEET_LOWER: KindLetter = { text: 'f', value: 'f', kind: 'fleet' };

/** The unit kind of a one-letter word by its character code (compared, not looked up: an object keyed by codes is a slow dictionary). */
function kindLetter(c: number): KindLetter | undefined {
  return c === 65 ? ARMY_UPPER : c === 70 ? FLEET_UPPER : c === 97 ? ARMY_LOWER : c === 102 ? FLEET_LOWER : undefined;
}

/** The statement keyword of the first token, in any case, when it is one read here. */
function keywordAt(text: string, start: number, end: number): 'units' | 'dislodged' | 'owners' | undefined {
  for (const kw of KEYWORDS) if (end - start === kw.length && hasAsciiWord(text, start, kw)) return kw;
  return undefined;
}

const KEYWORDS = ['units', 'owners', 'dislodged'] as const;

/** Whether token `j` is `word` (lower-case ASCII letters), in any case. */
function isWord(text: string, j: number, word: string): boolean {
  const start = starts[j] as number;
  return (ends[j] as number) - start === word.length && hasAsciiWord(text, start, word);
}

/** A word node of one token: its text (the string kept for it, texts.ts) and lower-cased. */
function wordOf(r: LineReader, start: number, end: number): G.Word {
  return r.wordAt(keptText(r.text, start, end), start, end);
}

/** A text node from `start` to `end`, as the general reader's span of the tokens between. */
function textNode(r: LineReader, start: number, end: number): G.Text {
  return r.textNode(keptText(r.text, start, end), start, end);
}
