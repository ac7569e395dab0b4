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

/**
 * What is kept of an order text: the protocol's five integers of each token (line and character
 * relative to the token before, length, type, modifiers), in the order of the text, the first on
 * the line after the token before at character `char` of its line (at first its start in the text),
 * the others each relative to the one before on the same line. A line whose first token is so is
 * written as these integers themselves (token-write.ts), shared by every such line.
 */
export interface OrderText {
  ints: number[];
  char: number;
  /** Whether `ints` is in an answer: then never changed, but replaced. */
  written: boolean;
  /** Where the first token starts, and the last starts and ends, from the text's start (0 when it has none). */
  readonly first: number;
  readonly lastStart: number;
  readonly end: number;
}

/** What one word is alone: the province it names, the power it names, whether it is an order word. */
interface WordLook {
  province: string | undefined;
  power: string | undefined;
  orderWord: boolean;
}

/** Distinct texts or words kept per name index before their memo starts again (a bound on its memory). */
const MEMO_LIMIT = 50_000;

/**
 * The order texts read for a name index (so for a compiled variant): text → what is kept of it,
 * and what the index says of a word alone, asked once per distinct word (a long game's texts are
 * made of few words).
 */
export class OrderTexts {
  private readonly texts = new Map<string, OrderText>();
  readonly words = new Map<string, WordLook>();

  constructor(readonly index: NameIndex) {}

  /** What is kept of an order text: its names, order words and arrows as `scanRelative` and `arrowsOf` find them, in the order of the text. */
  get(text: string): OrderText {
    let kept = this.texts.get(text);
    if (!kept) {
      if (this.texts.size >= MEMO_LIMIT) this.texts.clear();
      kept = keptOf(asciiTokens(text, this) ?? fromScan(text, this.index));
      this.texts.set(text, kept);
    }
    return kept;
  }
}

const memo = new WeakMap<NameIndex, OrderTexts>();

/** The order texts read for a name index, shared by every document of its variant. */
export function orderTexts(index: NameIndex): OrderTexts {
  let m = memo.get(index);
  if (!m) memo.set(index, (m = new OrderTexts(index)));
  return m;
}

/** What is kept of an order text (`OrderTexts.get`). */
export function orderTokens(text: string, index: NameIndex): OrderText {
  return orderTexts(index).get(text);
}

/** The tokens of what is kept of a text: start, end (from the text's start) and type, three a token. */
export function tokensOf(kept: OrderText): number[] {
  const ints = kept.ints;
  const out: number[] = [];
  let at = kept.first;
  for (let k = 0; k < ints.length; k += 5) {
    if (k > 0) at += ints[k + 1] as number;
    out.push(at, at + (ints[k + 2] as number), ints[k + 3] as number);
  }
  return out;
}

/** What is kept of a text whose tokens' integers are `ints`: where its first token starts, where its last starts and ends. */
function keptOf(ints: number[]): OrderText {
  const n = ints.length;
  if (n === 0) return { ints, char: 0, written: false, first: 0, lastStart: 0, end: 0 };
  let lastStart = ints[1] as number;
  for (let k = 5; k < n; k += 5) lastStart += ints[k + 1] as number;
  return { ints, char: ints[1] as number, written: false, first: ints[1] as number, lastStart, end: lastStart + (ints[n - 3] as number) };
}

const PROVINCE = TYPE.variable;
const COAST = TYPE.property;
const POWER = TYPE.type;
const KEYWORD = TYPE.keyword;
const OPERATOR = TYPE.operator;

/** Any text, by `scanRelative` and `arrowsOf`: its names, order words and arrows put in the order of the text, as `OrderText.ints`. */
function fromScan(text: string, index: NameIndex): number[] {
  const { occ, words } = scanRelative(text, index, true);
  const arrows = arrowsOf(text);
  const all: [number, number, number][] = [];
  for (const o of occ) all.push([o.start, o.end, o.kind === 'province' ? PROVINCE : o.kind === 'coast' ? COAST : POWER]);
  for (const w of words) all.push([w.start, w.end, KEYWORD]);
  for (let k = 0; k < arrows.length; k += 2) all.push([arrows[k] as number, arrows[k + 1] as number, OPERATOR]);
  // Tokens of different kinds never share a character: by their starts alone.
  all.sort((a, b) => a[0] - b[0]);
  const ints: number[] = [];
  let previous = 0;
  for (const [s, e, type] of all) {
    ints.push(ints.length === 0 ? 1 : 0, s - previous, e - s, type, 0);
    previous = s;
  }
  return ints;
}

// The tokens of the text being read (`tokens` of name-scan.ts: words, and punctuation other than blanks):
// where each starts and ends, and whether it is a word, an arrow or other punctuation.
let starts = new Int32Array(32);
let ends = new Int32Array(32);
let tokenKinds = new Uint8Array(32);
const PUNCT = 0;
const WORD_TOKEN = 1;
const ARROW_TOKEN = 2;
// What the text holds, as `OrderText.ints`: written from its start for each text, never past its end (no holes).
const found: number[] = [];
/** Where the token written last into `found` starts. */
let before = 0;

/**
 * The tokens of a text of ASCII characters as `tokens` reads them: a word (letters, digits, `_` and
 * inner hyphens), a run of `-`, `=`, `>` from a `-` or `=`, any other character but a blank alone.
 * Found by the expression's own compiled code, not a loop over the characters: the first request
 * reads tens of thousands of characters before V8 has optimized any code of the server's.
 */
const ASCII_TOKEN = /[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*|[-=][-=>]*|\S/gu;
const PAST_ASCII = /[^\u0000-\u007f]/u;

/**
 * `fromScan` for a text of ASCII characters, undefined for any other. Each token is where the
 * first copy of its text after the token before is: only blanks are between them. Two words are
 * next to each other when blanks alone are between them, which in ASCII is whenever one follows
 * the other.
 */
function asciiTokens(text: string, m: OrderTexts): number[] | undefined {
  if (PAST_ASCII.test(text)) return undefined;
  const texts = text.match(ASCII_TOKEN) ?? [];
  const count = texts.length;
  while (count > starts.length) growTokens();
  let at = 0;
  for (let k = 0; k < count; k++) {
    const t = texts[k] as string;
    const i = text.indexOf(t, at);
    at = i + t.length;
    starts[k] = i;
    ends[k] = at;
    const c = t.charCodeAt(0);
    tokenKinds[k] = isWordCode(c) ? WORD_TOKEN : (c === 45 || c === 61) && isArrowRun(t, 0, t.length) ? ARROW_TOKEN : PUNCT;
  }
  return scanTokens(texts, count, m);
}

const isWordCode = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;

/** The names, order words and arrows of the `count` tokens read, as `scanRelative` finds the names and words (its loop, over the typed arrays). */
function scanTokens(texts: readonly string[], count: number, m: OrderTexts): number[] {
  const index = m.index;
  before = 0;
  const longest = Math.max(index.maxProvinceWords, index.maxPowerWords);
  let k = 0;
  let i = 0;
  while (i < count) {
    if (tokenKinds[i] !== WORD_TOKEN) {
      if (tokenKinds[i] === ARROW_TOKEN) k = put(k, i, i + 1, OPERATOR);
      i++;
      continue;
    }
    let runEnd = i + 1;
    while (runEnd < count && runEnd - i < longest && tokenKinds[runEnd] === WORD_TOKEN) runEnd++;
    const look = lookOf(texts, i, index, m.words);
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
        const taken = coastAfter(texts, i, count, id, index, k);
        if (taken > 0) {
          k += 5;
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
  const s = starts[from] as number;
  found[k] = k === 0 ? 1 : 0;
  found[k + 1] = s - before;
  found[k + 2] = (ends[to - 1] as number) - s;
  found[k + 3] = type;
  found[k + 4] = 0;
  before = s;
  return k + 5;
}

/**
 * A coast written after a province at token `i` (`/nc`, `(nc)`, `(north coast)`, ` nc`), written
 * into `found` at `at` when found: the tokens it takes (0 when none).
 */
function coastAfter(texts: readonly string[], i: number, count: number, id: string, index: NameIndex, at: number): number {
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

/**
 * The word `texts[i]` alone in the index, looked up once per word as written: asked with its
 * bounds, as the runs are and as the check's order reader asks (a call without them runs the
 * index's code optimized for those calls into a case it has not met, and throws that code away).
 */
function lookOf(texts: readonly string[], i: number, index: NameIndex, looks: Map<string, WordLook>): WordLook {
  const word = texts[i] as string;
  let look = looks.get(word);
  if (!look) {
    if (looks.size >= MEMO_LIMIT) looks.clear();
    const province = index.provinceWords(texts, i, i + 1);
    const power = index.powerWords(texts, i, i + 1);
    look = { province: province.length === 1 ? province[0] : undefined, power: power.length === 1 ? power[0] : undefined, orderWord: ORDER_KEYWORDS.has(word.toLowerCase()) };
    looks.set(word, look);
  }
  return look;
}

/** Room for twice as many tokens (each text's are written from the first: nothing to copy). */
function growTokens(): void {
  const size = starts.length * 2;
  starts = new Int32Array(size);
  ends = new Int32Array(size);
  tokenKinds = new Uint8Array(size);
}
