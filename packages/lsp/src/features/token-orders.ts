/**
 * The names and order words of a game's order texts in the standard notation (`F nap S A ven - rom`)
 * as semantic tokens: what `scanRelative` (name-scan.ts) finds in such a text with its order words,
 * kept per distinct text as integers (start and end from the text's start, and the token's type:
 * three a token) that each line copies at its own offset. A long game repeats
 * its order texts, and an editor asks for the tokens of a file it has just opened: the first
 * request reads every distinct text once, so that reading is made plain. A text of ASCII
 * characters (nearly every one) is read here in one pass over its characters into typed arrays,
 * without token objects, and its words and runs of words asked of the name index as `scanRelative`
 * asks them, each distinct word or run once per index; any other text is read by `scanRelative`.
 */
import type { NameIndex } from '@dipforge/engine';
import { ORDER_KEYWORDS, scanRelative } from '../name-scan.js';
import { TYPE } from './token-spans.js';

/**
 * Per name index (so per compiled variant): order text → its tokens, three integers each; and what
 * the index says of a word alone and of runs of words (`nap S`, `North Sea`) together, asked once
 * per distinct word or run: a long game's texts are made of few words.
 */
interface Memo {
  texts: Map<string, Int32Array>;
  words: Map<string, WordLook>;
  /** Run of words joined by a space → the one province (or power) they name together, null when none or several. */
  provinceRuns: Map<string, string | null>;
  powerRuns: Map<string, string | null>;
}
const memo = new WeakMap<NameIndex, Memo>();
/** Distinct texts, words or runs kept per name index before their memo starts again (a bound on its memory). */
const MEMO_LIMIT = 50_000;

/** What one word is alone: the province it names, the power it names, whether it is an order word. */
interface WordLook {
  province: string | undefined;
  power: string | undefined;
  orderWord: boolean;
}

/** The tokens of an order text: start, end (from the text's start) and token type (no modifiers), in the order `scanRelative` finds them. */
export function orderTokens(text: string, index: NameIndex): Int32Array {
  let m = memo.get(index);
  if (!m) memo.set(index, (m = { texts: new Map(), words: new Map(), provinceRuns: new Map(), powerRuns: new Map() }));
  let found = m.texts.get(text);
  if (!found) {
    if (m.texts.size >= MEMO_LIMIT) m.texts.clear();
    found = asciiTokens(text, index, m) ?? fromScan(text, index);
    m.texts.set(text, found);
  }
  return found;
}

const PROVINCE = TYPE.variable;
const COAST = TYPE.property;
const POWER = TYPE.type;
const KEYWORD = TYPE.keyword;

/** Any text, by `scanRelative`: its names, then its order words (as the names walk gives them). */
function fromScan(text: string, index: NameIndex): Int32Array {
  const { occ, words } = scanRelative(text, index, true);
  const out = new Int32Array(3 * (occ.length + words.length));
  let k = 0;
  for (const o of occ) {
    out[k++] = o.start;
    out[k++] = o.end;
    out[k++] = o.kind === 'province' ? PROVINCE : o.kind === 'coast' ? COAST : POWER;
  }
  for (const w of words) {
    out[k++] = w.start;
    out[k++] = w.end;
    out[k++] = KEYWORD;
  }
  return out;
}

// The tokens of the text being read (`tokens` of name-scan.ts: words, and punctuation other than blanks).
let starts = new Int32Array(32);
let ends = new Int32Array(32);
let isWord = new Uint8Array(32);
const texts: string[] = [];
// The names found (start, end, type) and the order words (start, end), kept apart as `scanRelative` keeps them.
let names = new Int32Array(48);
let orderWords = new Int32Array(32);

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
    let word = 0;
    if ((kind & WORD) !== 0) {
      word = 1;
      for (;;) {
        while (j < n && ((CLASS[text.charCodeAt(j)] as number) & WORD) !== 0) j++;
        if (j + 1 < n && text.charCodeAt(j) === 45 && ((CLASS[text.charCodeAt(j + 1)] as number) & WORD) !== 0) j += 2;
        else break;
      }
    } else if (c === 45 || c === 61) {
      while (j < n && ((CLASS[text.charCodeAt(j)] as number) & ARROW) !== 0) j++;
    }
    if (count === starts.length) growTokens();
    starts[count] = i;
    ends[count] = j;
    isWord[count] = word;
    texts[count] = text.slice(i, j);
    count++;
    i = j;
  }
  texts.length = count;
  return scanTokens(count, index, m);
}

/** The names and order words of the `count` tokens read, as `scanRelative` finds them (its loop, over the typed arrays). */
function scanTokens(count: number, index: NameIndex, m: Memo): Int32Array {
  const longest = Math.max(index.maxProvinceWords, index.maxPowerWords);
  let nk = 0;
  let wk = 0;
  let i = 0;
  while (i < count) {
    if (isWord[i] === 0) {
      i++;
      continue;
    }
    let runEnd = i + 1;
    while (runEnd < count && runEnd - i < longest && isWord[runEnd] === 1) runEnd++;
    const look = lookOf(texts[i] as string, index, m.words);
    let matched = 0;
    let id: string | undefined;
    for (let w = runEnd - i; w >= 2 && matched === 0; w--) {
      const one = runOf(m.provinceRuns, i, w, index, false);
      if (one !== null) {
        matched = w;
        id = one;
      }
    }
    if (matched === 0 && !look.orderWord && look.province !== undefined) {
      matched = 1;
      id = look.province;
    }
    if (nk + 6 > names.length) names = grown(names);
    if (matched > 0 && id) {
      names[nk++] = starts[i] as number;
      names[nk++] = ends[i + matched - 1] as number;
      names[nk++] = PROVINCE;
      i += matched;
      if (i < count && index.hasCoasts(id)) {
        const taken = coastAfter(i, count, id, index, nk);
        if (taken > 0) {
          nk += 3;
          i += taken;
        }
      }
      continue;
    }
    if (look.orderWord) {
      if (wk + 2 > orderWords.length) orderWords = grown(orderWords);
      orderWords[wk++] = starts[i] as number;
      orderWords[wk++] = ends[i] as number;
      i++;
      continue;
    }
    let power = 0;
    let pid: string | undefined;
    for (let w = Math.min(runEnd - i, index.maxPowerWords); w >= 2 && power === 0; w--) {
      const one = runOf(m.powerRuns, i, w, index, true);
      if (one !== null) {
        power = w;
        pid = one;
      }
    }
    if (power === 0 && look.power !== undefined) {
      power = 1;
      pid = look.power;
    }
    if (power > 0 && pid) {
      names[nk++] = starts[i] as number;
      names[nk++] = ends[i + power - 1] as number;
      names[nk++] = POWER;
      i += power;
      continue;
    }
    i++;
  }
  const out = new Int32Array(nk + (wk / 2) * 3);
  out.set(names.subarray(0, nk));
  for (let k = 0, o = nk; k < wk; k += 2) {
    out[o++] = orderWords[k] as number;
    out[o++] = orderWords[k + 1] as number;
    out[o++] = KEYWORD;
  }
  return out;
}

/**
 * A coast written after a province at token `i` (`/nc`, `(nc)`, `(north coast)`, ` nc`), written
 * into `names` at `at` when found: the tokens it takes (0 when none).
 */
function coastAfter(i: number, count: number, id: string, index: NameIndex, at: number): number {
  const next = texts[i] as string;
  if ((next === '/' || next === '(') && i + 1 < count && isWord[i + 1] === 1) {
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
    names[at] = starts[i + 1] as number;
    names[at + 1] = ends[to - 1] as number;
    names[at + 2] = COAST;
    return to + (close > i ? 1 : 0) - i;
  }
  if (isWord[i] === 1 && !ORDER_KEYWORDS.has(next.toLowerCase())) {
    if (!index.coast(id, next)) return 0;
    names[at] = starts[i] as number;
    names[at + 1] = ends[i] as number;
    names[at + 2] = COAST;
    return 1;
  }
  return 0;
}

/** The one name the `w` words from token `i` make together, of the index's provinces or powers (null: none, or several), asked of the index once per distinct run. */
function runOf(runs: Map<string, string | null>, i: number, w: number, index: NameIndex, powers: boolean): string | null {
  let key = texts[i] as string;
  for (let k = 1; k < w; k++) key += ' ' + (texts[i + k] as string);
  let one = runs.get(key);
  if (one === undefined) {
    if (runs.size >= MEMO_LIMIT) runs.clear();
    const ids = powers ? index.powerWords(texts, i, i + w) : index.provinceWords(texts, i, i + w);
    one = ids.length === 1 ? (ids[0] as string) : null;
    runs.set(key, one);
  }
  return one;
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
  w.set(isWord);
  starts = s;
  ends = e;
  isWord = w;
}

function grown(a: Int32Array): Int32Array<ArrayBuffer> {
  const more = new Int32Array(a.length * 2);
  more.set(a);
  return more;
}
