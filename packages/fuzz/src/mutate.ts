/**
 * Seeded mutations of a file's bytes. Bytes, not text: invalid UTF-8 and
 * flipped bits must reach the readers as they would from a disk. Each
 * operator is one kind of damage people or tools do to files (a lost or
 * doubled word, a paste from another file, a stray control character, a file
 * saved with other line ends) or one kind of input that stresses a reader
 * (huge numbers, long words, deep nesting).
 */
import type { Corpus, CorpusFile } from './corpus.js';
import { itemSeed, Rng } from './prng.js';

export const OPERATORS = [
  'byte-flip',
  'byte-delete',
  'token-delete',
  'token-duplicate',
  'token-swap',
  'splice-lines',
  'duplicate-lines',
  'huge-number',
  'long-token',
  'control-chars',
  'invalid-utf8',
  'deep-nesting',
  'unicode-name',
  'line-endings',
  'truncate',
  'swap-lines',
  'keyword',
] as const;

export type Operator = (typeof OPERATORS)[number];

export interface FileInput {
  /** The input's number in its run. */
  n: number;
  /** The corpus file mutated (relative to the repository root). */
  rel: string;
  kind: 'map' | 'game';
  bytes: Buffer;
  /** The operators applied, in order. */
  how: Operator[];
  /** For a map: a game that plays it (relative to the root), played with the mutant in its place. */
  game?: string;
  /** Which further command the CLI runs on it (besides check and compile or test), from the input's seed. */
  extra: number;
}

/** Input `n` of the run with this seed: a corpus file with one to three mutations. */
export function makeInput(corpus: Corpus, seed: number, n: number, operators: readonly Operator[] = OPERATORS): FileInput {
  const rng = new Rng(itemSeed(seed, n));
  const file = rng.pick(corpus.files);
  let bytes: Buffer = Buffer.from(file.bytes);
  const how: Operator[] = [];
  const edits = rng.between(1, 3);
  for (let e = 0; e < edits; e++) {
    const op = rng.pick(operators);
    bytes = mutateBytes(rng, bytes, op, corpus.files);
    how.push(op);
  }
  const input: FileInput = { n, rel: file.rel, kind: file.kind, bytes, how, extra: rng.int(1 << 16) };
  const games = file.kind === 'map' ? corpus.gamesOf(file.rel) : [];
  if (games.length > 0) input.game = rng.pick(games);
  return input;
}

// Bytes are handled as latin1 strings (one character a byte), so that regular
// expressions can find tokens without decoding, and invalid UTF-8 survives.
const latin1 = (b: Buffer): string => b.toString('latin1');
const bytesOf = (s: string): Buffer => Buffer.from(s, 'latin1');
const utf8 = (s: string): string => Buffer.from(s, 'utf8').toString('latin1');

/** Crude tokens: whitespace runs, word runs (bytes ≥ 0x80 count as letters), single other bytes. */
const TOKEN = /\s+|[A-Za-z0-9_\x80-\xff]+|[^\sA-Za-z0-9_\x80-\xff]/g;
const isSpace = (t: string): boolean => /^\s+$/.test(t);

const HUGE_NUMBERS = ['99999999999999999999999999', '4294967296', '2147483648', '9007199254740993', '1e308', '-1', '-0', '0000000000000000001', '1.5', '0x10', '١٩٠١'];
const CONTROL = ['\u0000', '\u0001', '\u0007', '\b', '\u000b', '\f', '\u001b', '\u007f', '\u0085', '\u2028', '\u2029', '\ufeff', '\u200b', '\u202e', '\ud83d\ude00'];
const INVALID_UTF8 = ['\xff', '\xfe', '\xc0\x80', '\x80', '\xbf\xbf', '\xe4\xbd', '\xed\xa0\x80', '\xf4\x90\x80\x80', '\xf0\x9f\x98'];
/**
 * Words of both languages (and phrases), put where a word stands: a file whose structure changes
 * reaches the checker and the runner, where byte noise mostly stops at the parser.
 */
const KEYWORDS = [
  'variant', 'province', 'power', 'adjacency', 'neutral', 'rules', 'ruleset', 'import', 'remove', 'extends', 'start', 'land', 'sea', 'coast',
  'supply', 'impassable', 'archipelago', 'name', 'alias', 'at', 'home', 'units', 'owns', 'country', 'centres', 'army', 'fleet', '{', '}', ':', ',',
  'position', 'phase', 'expect', 'declare', 'edition', 'rule', 'seed', 'player', 'language', 'dislodged', 'owners', 'winner', 'draw', 'score',
  'result', 'alliance', 'allies', 'concede', 'end', 'none', 'spring', 'fall', 'winter', 'movement', 'retreat', 'adjustment', 'H', 'S', 'C', '-',
  'R', 'D', 'Build', 'Remove', 'Waive', 'via convoy', '[succeeds]', '[fails]', '[illegal]', 'A', 'F', 'nc', 'sc', '/', '(', ')', 'zh', 'fi', 'ja',
];
const UNICODE_NAMES = ['ñame', '伯林', 'Ωmega', 'e\u0301cole', 'שלום', '😀', 'a\u200db', 'ｐａｒ', 'İstanbul', 'ß', 'ǅ', '٣٣', 'x\u0300\u0301\u0302\u0303', 'Ⅻ', '𝔓𝔞𝔯'];
/**
 * Openers and what closes them: nesting left open, and nesting closed again (a parser that
 * recurses may fail either way), with the greatest depth tried. A declaration opened in a block is
 * a syntax error the parser recovers from at about a millisecond each (chevrotain's recovery
 * builds an exception), linear but slow: deeper than 2,000 it measures that cost, not a hang.
 */
const OPENERS: readonly [open: string, close: string, depth: number][] = [
  ['{', '}', 100_000],
  ['(', ')', 100_000],
  ['[', ']', 100_000],
  ['"', '"', 100_000],
  ['/*', '*/', 100_000],
  ['{ province a "A" ', '}', 2000],
];

/** One mutation of a file's bytes (`files`: where spliced lines come from). */
export function mutateBytes(rng: Rng, bytes: Buffer, op: Operator, files: readonly CorpusFile[]): Buffer {
  const s = latin1(bytes);
  const at = rng.int(s.length + 1);
  switch (op) {
    case 'byte-flip': {
      const out = Buffer.from(bytes);
      for (let k = rng.between(1, 4); k > 0 && out.length > 0; k--) {
        const i = rng.int(out.length);
        out[i] = (out[i] as number) ^ (1 << rng.int(8));
      }
      return out;
    }
    case 'byte-delete':
      return bytesOf(s.slice(0, at) + s.slice(at + rng.between(1, 64)));
    case 'token-delete':
    case 'token-duplicate':
    case 'token-swap':
    case 'huge-number':
    case 'long-token':
    case 'unicode-name':
      return bytesOf(mutateToken(rng, s, op));
    case 'splice-lines': {
      const other = latin1(rng.pick(files).bytes).split('\n');
      const from = rng.int(other.length);
      const piece = other.slice(from, from + rng.between(1, 20)).join('\n');
      const lines = s.split('\n');
      lines.splice(rng.int(lines.length + 1), 0, piece);
      return bytesOf(lines.join('\n'));
    }
    case 'duplicate-lines': {
      const lines = s.split('\n');
      const from = rng.int(lines.length);
      const block = lines.slice(from, from + rng.between(1, 10));
      const times = rng.pick([2, 10, 100, 1000]);
      lines.splice(from, 0, ...Array.from({ length: times }, () => block).flat());
      return bytesOf(lines.join('\n'));
    }
    case 'control-chars': {
      let out = s;
      for (let k = rng.between(1, 5); k > 0; k--) {
        const i = rng.int(out.length + 1);
        out = out.slice(0, i) + utf8(rng.pick(CONTROL)) + out.slice(i);
      }
      return bytesOf(out);
    }
    case 'invalid-utf8':
      return bytesOf(s.slice(0, at) + rng.pick(INVALID_UTF8) + s.slice(at));
    case 'deep-nesting': {
      const [open, close, most] = rng.pick(OPENERS);
      const depth = Math.min(most, rng.pick([100, 1000, 10_000, 100_000]));
      return bytesOf(s.slice(0, at) + open.repeat(depth) + (rng.chance(0.5) ? close.repeat(depth) : '') + s.slice(at));
    }
    case 'line-endings': {
      const lf = s.replace(/\r\n?/g, '\n');
      const style = rng.int(4);
      if (style === 0) return bytesOf(lf.replace(/\n/g, '\r\n'));
      if (style === 1) return bytesOf(lf.replace(/\n/g, '\r'));
      if (style === 2) return bytesOf(lf.replace(/\n/g, () => rng.pick(['\n', '\r\n', '\r', '\n\r'])));
      return bytesOf(lf.replace(/\n$/, ''));
    }
    case 'truncate':
      return bytesOf(s.slice(0, at));
    case 'swap-lines': {
      const lines = s.split('\n');
      const i = rng.int(lines.length);
      const j = rng.chance(0.5) ? Math.min(lines.length - 1, i + 1) : rng.int(lines.length);
      [lines[i], lines[j]] = [lines[j] as string, lines[i] as string];
      return bytesOf(lines.join('\n'));
    }
    case 'keyword':
      return bytesOf(mutateToken(rng, s, op));
  }
}

/** An operator that works on one token: a random word (or number) of the file. */
function mutateToken(rng: Rng, s: string, op: Operator): string {
  const tokens = s.match(TOKEN) ?? [];
  const words = tokens.flatMap((t, i) => (isSpace(t) ? [] : [i]));
  if (words.length === 0) return s + (op === 'huge-number' ? rng.pick(HUGE_NUMBERS) : 'x');
  let i = rng.pick(words);
  if (op === 'huge-number') {
    // A number where there is one makes the reader parse it; otherwise anywhere.
    const numbers = words.filter((w) => /^[0-9]+$/.test(tokens[w] as string));
    if (numbers.length > 0) i = rng.pick(numbers);
  }
  const t = tokens[i] as string;
  switch (op) {
    case 'token-delete':
      tokens.splice(i, 1);
      break;
    case 'token-duplicate':
      tokens.splice(i, 0, t, rng.chance(0.5) ? ' ' : '');
      break;
    case 'token-swap': {
      const j = words[words.indexOf(i) + 1];
      if (j !== undefined) [tokens[i], tokens[j]] = [tokens[j] as string, t];
      break;
    }
    case 'huge-number':
      tokens[i] = rng.pick(HUGE_NUMBERS);
      break;
    case 'long-token':
      tokens[i] = (/^[A-Za-z]/.test(t) ? t : 'x').repeat(Math.ceil(rng.pick([1000, 10_000, 200_000]) / Math.max(1, t.length)));
      break;
    case 'unicode-name':
      tokens[i] = utf8(rng.pick(UNICODE_NAMES));
      break;
    case 'keyword':
      if (rng.chance(0.5)) tokens[i] = rng.pick(KEYWORDS);
      else tokens.splice(i, 0, rng.pick(KEYWORDS), ' ');
      break;
    default:
      break;
  }
  return tokens.join('');
}
