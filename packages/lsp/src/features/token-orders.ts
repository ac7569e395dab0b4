/**
 * The names and order words of a game's order texts in the standard notation (`F nap S A ven - rom`),
 * and their arrows, as semantic tokens: what `scanRelative` (name-scan.ts) finds in such a text with
 * its order words, and the arrows (token-arrows.ts), in the order of the text, kept per distinct text
 * (`OrderText`): as integers (start and end from the text's start, and the token's type: three a
 * token), and as the protocol's integers that a line writes as they are (token-write.ts). A long
 * game repeats its order texts, and an editor asks for the tokens of a file it has just opened: the
 * first request reads every distinct text once, with code V8 has not optimized yet, so that reading
 * is made plain. A text of ASCII characters (nearly every one) is read here in one pass over its
 * characters into typed arrays, without token objects, each distinct word looked up once; the runs
 * of words (`North Sea`) are asked of the name index as `scanRelative` asks them (the check of the
 * game has run that code many times before: asked straight, it is the quicker). Any other text is
 * read by `scanRelative`.
 */
import type { NameIndex } from '@dipforge/engine';
import { ORDER_KEYWORDS, scanRelative } from '../name-scan.js';
import { arrowsOf, isArrowRun } from './token-arrows.js';
import { TYPE } from './token-spans.js';

/** What is kept of an order text: its tokens, and the protocol's integers of them. */
export interface OrderText {
  /** Start, end (from the text's start) and type of each token (no modifiers), in the order of the text. */
  readonly tokens: Int32Array;
  /** The protocol's five integers of each token after the first, each relative to the one before (the same line). */
  readonly rest: readonly number[];
  /** Those of every token when the first is on the line after the token before, at character `char` of its line: made at the first such line. */
  line: readonly number[] | undefined;
  char: number;
}

/**
 * Per name index (so per compiled variant): order text → what is kept of it, and what the index
 * says of a word alone, asked once per distinct word: a long game's texts are made of few words.
 */
interface Memo {
  texts: Map<string, OrderText>;
  words: Map<string, WordLook>;
}
const memo = new WeakMap<NameIndex, Memo>();
/** Distinct texts or words kept per name index before their memo starts again (a bound on its memory). */
const MEMO_LIMIT = 50_000;

/** What one word is alone: the province it names, the power it names, whether it is an order word. */
interface WordLook {
  province: string | undefined;
  power: string | undefined;
  orderWord: boolean;
}

/** What is kept of an order text: its names, order words and arrows as `scanRelative` and `arrowsOf` find them, in the order of the text. */
export function orderTokens(text: string, index: NameIndex): OrderText {
  let m = memo.get(index);
  if (!m) memo.set(index, (m = { texts: new Map(), words: new Map() }));
  let found = m.texts.get(text);
  if (!found) {
    if (m.texts.size >= MEMO_LIMIT) m.texts.clear();
    found = kept(asciiTokens(text, index, m) ?? fromScan(text, index));
    m.texts.set(text, found);
  }
  return found;
}

/** The protocol's integers of the tokens after the first: line 0 (the first's), character from the token before. */
function kept(tokens: Int32Array): OrderText {
  const rest: number[] = [];
  for (let k = 3; k < tokens.length; k += 3) rest.push(0, (tokens[k] as number) - (tokens[k - 3] as number), (tokens[k + 1] as number) - (tokens[k] as number), tokens[k + 2] as number, 0);
  return { tokens, rest, line: undefined, char: -1 };
}

const PROVINCE = TYPE.variable;
const COAST = TYPE.property;
const POWER = TYPE.type;
const KEYWORD = TYPE.keyword;
const OPERATOR = TYPE.operator;

/** Any text, by `scanRelative` and `arrowsOf`: its names, order words and arrows put in the order of the text. */
function fromScan(text: string, index: NameIndex): Int32Array {
  const { occ, words } = scanRelative(text, index, true);
  const arrows = arrowsOf(text);
  const all: [number, number, number][] = [];
  for (const o of occ) all.push([o.start, o.end, o.kind === 'province' ? PROVINCE : o.kind === 'coast' ? COAST : POWER]);
  for (const w of words) all.push([w.start, w.end, KEYWORD]);
  for (let k = 0; k < arrows.length; k += 2) all.push([arrows[k] as number, arrows[k + 1] as number, OPERATOR]);
  // Tokens of different kinds never share a character: by their starts alone.
  all.sort((a, b) => a[0] - b[0]);
  return Int32Array.from(all.flat());
}

// The tokens of the text being read (`tokens` of name-scan.ts: words, and punctuation other than blanks):
// where each starts and ends, and whether it is a word, an arrow or other punctuation.
let starts = new Int32Array(32);
let ends = new Int32Array(32);
let tokenKinds = new Uint8Array(32);
const texts: string[] = [];
const PUNCT = 0;
const WORD_TOKEN = 1;
const ARROW_TOKEN = 2;
// What the text holds (start, end, type), in its order.
let found = new Int32Array(48);

/**
 * Character classes, looked up in one table (the first request reads tens of thousands of
 * characters before its code is optimized, and a call per character costs): a word's character
 * (letter, digit, `_`), a blank, a character of an arrow (`-`, `=`, `>`); none for any other,
 * every character past ASCII included.
 */
const WORD = 1;
const BLANK = 2;
const ARROW = 4;
const CLASS = new Uint8Array(65536);
for (let c = 0; c < 128; c++) {
  const word = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
  CLASS[c] = (word ? WORD : 0) | (c === 32 || (c >= 9 && c <= 13) ? BLANK : 0) | (c === 45 || c === 61 || c === 62 ? ARROW : 0);
}

/**
 * `fromScan` for a text of ASCII characters, undefined for any other. Its tokens are as `tokens`
 * reads them (a word: letters, digits, `_` and inner hyphens; a run of `-`, `=`, `>` from a `-`
 * or `=`; any other character but a blank alone); two words are next to each other when blanks
 * alone are between them, which in ASCII is whenever one follows the other.
 */
function asciiTokens(text: string, index: NameIndex, m: Memo): Int32Array | undefined {
  const n = text.length;
  let count = 0;
  for (let i = 0; i < n; ) {
    const c = text.charCodeAt(i);
    if (c > 127) return undefined;
    const kind = CLASS[c] as number;
    if ((kind & BLANK) !== 0) {
      i++;
      continue;
    }
    let j = i + 1;
    let token = PUNCT;
    if ((kind & WORD) !== 0) {
      token = WORD_TOKEN;
      for (;;) {
        while (j < n && ((CLASS[text.charCodeAt(j)] as number) & WORD) !== 0) j++;
        if (j + 1 < n && text.charCodeAt(j) === 45 && ((CLASS[text.charCodeAt(j + 1)] as number) & WORD) !== 0) j += 2;
        else break;
      }
    } else if (c === 45 || c === 61) {
      while (j < n && ((CLASS[text.charCodeAt(j)] as number) & ARROW) !== 0) j++;
      if (isArrowRun(text, i, j)) token = ARROW_TOKEN;
    }
    if (count === starts.length) growTokens();
    starts[count] = i;
    ends[count] = j;
    tokenKinds[count] = token;
    texts[count] = text.slice(i, j);
    count++;
    i = j;
  }
  texts.length = count;
  return scanTokens(count, index, m);
}

/** The names, order words and arrows of the `count` tokens read, as `scanRelative` finds the names and words (its loop, over the typed arrays). */
function scanTokens(count: number, index: NameIndex, m: Memo): Int32Array {
  const longest = Math.max(index.maxProvinceWords, index.maxPowerWords);
  let k = 0;
  let i = 0;
  while (i < count) {
    if (k + 6 > found.length) found = grown(found);
    if (tokenKinds[i] !== WORD_TOKEN) {
      if (tokenKinds[i] === ARROW_TOKEN) k = put(k, i, i + 1, OPERATOR);
      i++;
      continue;
    }
    let runEnd = i + 1;
    while (runEnd < count && runEnd - i < longest && tokenKinds[runEnd] === WORD_TOKEN) runEnd++;
    const look = lookOf(texts[i] as string, index, m.words);
    let matched = 0;
    let id: string | undefined;
    for (let w = runEnd - i; w >= 2 && matched === 0; w--) {
      const ids = index.provinceWords(texts, i, i + w);
      if (ids.length === 1) {
        matched = w;
        id = ids[0];
      }
    }
    if (matched === 0 && !look.orderWord && look.province !== undefined) {
      matched = 1;
      id = look.province;
    }
    if (matched > 0 && id) {
      k = put(k, i, i + matched, PROVINCE);
      i += matched;
      if (i < count && index.hasCoasts(id)) {
        const taken = coastAfter(i, count, id, index, k);
        if (taken > 0) {
          k += 3;
          i += taken;
        }
      }
      continue;
    }
    if (look.orderWord) {
      k = put(k, i, i + 1, KEYWORD);
      i++;
      continue;
    }
    let power = 0;
    let pid: string | undefined;
    for (let w = Math.min(runEnd - i, index.maxPowerWords); w >= 2 && power === 0; w--) {
      const ids = index.powerWords(texts, i, i + w);
      if (ids.length === 1) {
        power = w;
        pid = ids[0];
      }
    }
    if (power === 0 && look.power !== undefined) {
      power = 1;
      pid = look.power;
    }
    if (power > 0 && pid) {
      k = put(k, i, i + power, POWER);
      i += power;
      continue;
    }
    i++;
  }
  return found.slice(0, k);
}

/** The tokens `from`..`to` - 1 as one of type `type`, written into `found` at `k`: where the next goes. */
function put(k: number, from: number, to: number, type: number): number {
  found[k] = starts[from] as number;
  found[k + 1] = ends[to - 1] as number;
  found[k + 2] = type;
  return k + 3;
}

/**
 * A coast written after a province at token `i` (`/nc`, `(nc)`, `(north coast)`, ` nc`), written
 * into `found` at `at` when found: the tokens it takes (0 when none).
 */
function coastAfter(i: number, count: number, id: string, index: NameIndex, at: number): number {
  const next = texts[i] as string;
  if ((next === '/' || next === '(') && i + 1 < count && tokenKinds[i + 1] === WORD_TOKEN) {
    let close = -1;
    if (next === '(') {
      for (let k = i + 1; k < count; k++) {
        if (texts[k] === ')') {
          close = k;
          break;
        }
      }
    }
    const to = next === '(' && close > i ? close : i + 2;
    if (!index.coastWords(id, texts, i + 1, to)) return 0;
    put(at, i + 1, to, COAST);
    return to + (close > i ? 1 : 0) - i;
  }
  if (tokenKinds[i] === WORD_TOKEN && !ORDER_KEYWORDS.has(next.toLowerCase())) {
    if (!index.coast(id, next)) return 0;
    put(at, i, i + 1, COAST);
    return 1;
  }
  return 0;
}

/** A word alone in the index, looked up once per word as written. */
function lookOf(word: string, index: NameIndex, looks: Map<string, WordLook>): WordLook {
  let look = looks.get(word);
  if (!look) {
    if (looks.size >= MEMO_LIMIT) looks.clear();
    const province = index.provinceWords([word]);
    const power = index.powerWords([word]);
    look = { province: province.length === 1 ? province[0] : undefined, power: power.length === 1 ? power[0] : undefined, orderWord: ORDER_KEYWORDS.has(word.toLowerCase()) };
    looks.set(word, look);
  }
  return look;
}

function growTokens(): void {
  const size = starts.length * 2;
  const s = new Int32Array(size);
  s.set(starts);
  const e = new Int32Array(size);
  e.set(ends);
  const w = new Uint8Array(size);
  w.set(tokenKinds);
  starts = s;
  ends = e;
  tokenKinds = w;
}

function grown(a: Int32Array): Int32Array<ArrayBuffer> {
  const more = new Int32Array(a.length * 2);
  more.set(a);
  return more;
}
