/**
 * Robustness of the `.dipmap` front end: thousands of seeded mutants of the
 * classic map (tokens deleted, duplicated, swapped or replaced; characters
 * deleted, inserted or duplicated; truncations) and a few hand-made nasty
 * inputs. Nothing may throw, and every diagnostic must be well formed: a
 * registered code with its severity, a range inside its file's text, and a
 * line and column that agree with the offset (the fuzzer's checker,
 * packages/fuzz/src/ranges.ts, which `node scripts/fuzz.mjs` runs on mutants
 * of every map and game of the repository).
 *
 * Everything runs through an in-memory FileHost: the real classic map and the
 * edition presets are read once from `variants/` and served from memory, so
 * no mutant touches the disk. The PRNG is our own, so every run checks the
 * same mutants; a failure names the mutant's number and how it was made.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Codes, compileMapFile, hasErrors, MemoryHost, parseMap, VariantLoader, type Diagnostic } from '@dipforge/dsl';
import { validateVariantConfig } from '@dipforge/engine/config';
import { diagnosticsProblems } from '@dipforge/fuzz';
import { depth } from './helpers/depth.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLASSIC_TEXT = readFileSync(join(ROOT, 'variants', 'classic', 'classic.dipmap'), 'utf8');

const PROJECT = '/mem/proj';
const BUILTIN = '/mem/builtin';
const ENTRY = `${PROJECT}/classic.dipmap`;

/** How many mutants (the first 200 of the 3,000 in `npm test`), and how many of them also go through the whole check and compile. */
const MUTANTS = depth(200, 3000);
/** The length of the line of punctuation below, in characters. */
const PUNCTUATION = depth(1 << 17, 1 << 20);
const FULL_CHECK_EVERY = 3; // 1000 full checks at full depth
const SEED = 0x5eed_d1f0;

// ------------------------------------------------------------------ PRNG

/** mulberry32: a small, fast, seeded generator of floats in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ------------------------------------------------------- in-memory files

function realBuiltins(): Map<string, string> {
  const files = new Map<string, string>();
  files.set(`${PROJECT}/package.json`, '{}');
  files.set(`${BUILTIN}/classic/classic.dipmap`, CLASSIC_TEXT);
  const editions = join(ROOT, 'variants', 'editions');
  for (const f of readdirSync(editions)) if (f.endsWith('.dipmap')) files.set(`${BUILTIN}/editions/${f}`, readFileSync(join(editions, f), 'utf8'));
  return files;
}

const files = realBuiltins();
const host = new MemoryHost(files);
/** One loader for all mutants, as the editor would use: edition parses are cached. */
const loader = new VariantLoader({ host, builtinDir: BUILTIN });

// --------------------------------------------------- diagnostic checking

/**
 * The problems of diagnostics against the texts of their files: the fuzzer's checker (a registered
 * code and severity, a message, a range inside the text whose line and column agree with its offset),
 * and a file that is none of the inputs.
 */
function checkAll(diagnostics: readonly Diagnostic[], texts: ReadonlyMap<string, string>): string[] {
  const stray = diagnostics.filter((d) => !texts.has(d.file)).map((d) => `${d.code}: file ${d.file} is not one of the inputs`);
  return [...stray, ...diagnosticsProblems(diagnostics, (f) => texts.get(f)).map((p) => p.text)];
}

/** Diagnostics seen by the last `exercise` call. */
let lastDiagnosticCount = 0;
/** Every code seen by `exercise`, with how often. */
const codesSeen = new Map<string, number>();
const count = (list: readonly Diagnostic[]): void => {
  lastDiagnosticCount += list.length;
  for (const d of list) codesSeen.set(d.code, (codesSeen.get(d.code) ?? 0) + 1);
};

/** Parses a text and, when asked, checks and compiles it as the entry file; returns every problem found. */
function exercise(text: string, full: boolean): string[] {
  const found: string[] = [];
  lastDiagnosticCount = 0;
  const entryOnly = new Map([[ENTRY, text]]);
  if (full) files.set(ENTRY, text);
  try {
    // For a full check, parse through the loader: its cache then serves the compile.
    const parsed = full ? loader.parse(ENTRY) : parseMap(text, ENTRY);
    if (!parsed) throw new Error('the loader cannot read the entry file');
    if (parsed.text !== text) found.push('parseMap changed the text');
    if (parsed.ast.range.end.offset !== text.length) found.push(`the file's range ends at ${parsed.ast.range.end.offset}, not ${text.length}`);
    count(parsed.diagnostics);
    found.push(...checkAll(parsed.diagnostics, entryOnly).map((p) => `parse: ${p}`));
  } catch (e) {
    found.push(`parseMap threw ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
  if (!full) return found;
  try {
    const result = compileMapFile(ENTRY, loader);
    count(result.diagnostics);
    found.push(...checkAll(result.diagnostics, files).map((p) => `compile: ${p}`));
    if (hasErrors(result.diagnostics) !== (result.config === undefined)) {
      found.push(`compile: ${result.config ? 'a config despite errors' : 'no config and no error'}`);
    }
    if (result.config) {
      const v = validateVariantConfig(result.config);
      if (!v.ok) found.push(`compile: emitted an invalid config: ${JSON.stringify(v.errors.slice(0, 3))}`);
    }
  } catch (e) {
    found.push(`compileMapFile threw ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
  return found;
}

// ------------------------------------------------------------- mutation

/** Crude tokens: runs of whitespace, runs of word characters, and single other characters. */
const TOKENS: string[] = CLASSIC_TEXT.match(/\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];
const WORDS = TOKENS.filter((t) => !/^\s+$/.test(t));
const INSERTABLE = ['{', '}', '"', '/', '*', '-', '>', '华', '😀', '\\', '#', ':', ',', ';', '\n', '\r', '\t', ' ', '→', '\u0000', '\ud800', 'é', '\u0301', '٣', 'x', '7'];

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;

/** A random index of a non-whitespace token, or -1. */
function wordIndex(rng: Rng, tokens: string[]): number {
  for (let tries = 0; tries < 20; tries++) {
    const i = Math.floor(rng() * tokens.length);
    if (!/^\s+$/.test(tokens[i] as string)) return i;
  }
  return -1;
}

function mutateTokens(rng: Rng, tokens: string[], op: string): void {
  const i = wordIndex(rng, tokens);
  if (i < 0) return;
  switch (op) {
    case 'token-delete':
      tokens.splice(i, 1);
      break;
    case 'token-duplicate':
      tokens.splice(i, 0, tokens[i] as string);
      break;
    case 'token-swap': {
      let j = i + 1;
      while (j < tokens.length && /^\s+$/.test(tokens[j] as string)) j++;
      if (j < tokens.length) [tokens[i], tokens[j]] = [tokens[j] as string, tokens[i] as string];
      break;
    }
    case 'token-replace':
      tokens[i] = pick(rng, WORDS);
      break;
  }
}

function mutateChars(rng: Rng, text: string, op: string): string {
  const at = Math.floor(rng() * (text.length + 1));
  switch (op) {
    case 'char-delete':
      return text.slice(0, at) + text.slice(at + 1);
    case 'char-insert':
      return text.slice(0, at) + pick(rng, INSERTABLE) + text.slice(at);
    case 'char-duplicate':
      return text.slice(0, at) + text.slice(at, at + 1) + text.slice(at);
    case 'truncate':
      return text.slice(0, at);
    default:
      return text;
  }
}

const TOKEN_OPS = ['token-delete', 'token-duplicate', 'token-swap', 'token-replace'];
const CHAR_OPS = ['char-delete', 'char-insert', 'char-duplicate'];

/** Mutant number `n`: one to three edits (a truncation now and then), described for failure reports. */
function mutant(n: number): { text: string; how: string } {
  const rng = prng(SEED ^ Math.imul(n + 1, 0x9e3779b1));
  const edits = 1 + Math.floor(rng() * 3);
  const how: string[] = [];
  let tokens = [...TOKENS];
  let text: string | undefined;
  for (let e = 0; e < edits; e++) {
    const r = rng();
    if (r < 0.5) {
      const op = pick(rng, TOKEN_OPS);
      if (text !== undefined) tokens = text.match(/\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];
      mutateTokens(rng, tokens, op);
      text = tokens.join('');
      how.push(op);
    } else {
      const op = r < 0.95 ? pick(rng, CHAR_OPS) : 'truncate';
      text = mutateChars(rng, text ?? tokens.join(''), op);
      how.push(op);
    }
  }
  return { text: text ?? tokens.join(''), how: how.join('+') };
}

// ------------------------------------------------------------------ tests

describe('robustness: the diagnostic checker itself', () => {
  const text = 'ab\ncd\r\nef\rgh';
  const texts = new Map([[ENTRY, text]]);
  const at = (offset: number, line: number, column: number) => ({ offset, line, column });
  const d = (over: Partial<Diagnostic>, start = at(3, 1, 0), end = at(5, 1, 2)): Diagnostic => ({
    code: Codes.syntaxError.code,
    severity: Codes.syntaxError.severity,
    message: 'm',
    file: ENTRY,
    range: { start, end },
    ...over,
  });

  it('accepts well-formed diagnostics, on every kind of line end', () => {
    expect(checkAll([d({}), d({}, at(7, 2, 0), at(10, 3, 0)), d({}, at(12, 3, 2), at(12, 3, 2))], texts)).toEqual([]);
  });

  it('rejects unknown codes, wrong severities, bad offsets and positions that disagree with the offset', () => {
    const bad: Diagnostic[] = [
      d({ code: 'DF9999' }),
      d({ severity: 'warning' }),
      d({ message: '' }),
      d({ file: '/elsewhere.dipmap' }),
      d({}, at(-1, 0, -1)),
      d({}, at(Number.NaN, 0, 0)),
      d({}, at(5, 1, 2), at(3, 1, 0)),
      d({}, at(3, 1, 0), at(13, 3, 3)),
      d({}, at(3, 0, 3)),
      d({}, at(3, 1, 0), at(7, 1, 4)),
    ];
    for (const x of bad) expect(checkAll([x], texts), JSON.stringify(x)).not.toEqual([]);
  });
});

describe('robustness: mutants of the classic map', () => {
  it('the unmutated map passes the same checks with no diagnostic', () => {
    expect(exercise(CLASSIC_TEXT, true)).toEqual([]);
    files.set(ENTRY, CLASSIC_TEXT);
    expect(compileMapFile(ENTRY, loader).diagnostics).toEqual([]);
  });

  it('mutants are deterministic and varied', () => {
    expect(mutant(17)).toEqual(mutant(17));
    const distinct = new Set(Array.from({ length: 200 }, (_, n) => mutant(n).text));
    expect(distinct.size).toBeGreaterThan(190);
  });

  it(`${MUTANTS} mutants: nothing throws and every diagnostic is well formed`, () => {
    const failures: string[] = [];
    let full = 0;
    let withDiagnostics = 0;
    const started = performance.now();
    for (let n = 0; n < MUTANTS; n++) {
      const { text, how } = mutant(n);
      const isFull = n % FULL_CHECK_EVERY === 0;
      if (isFull) full++;
      const found = exercise(text, isFull);
      if (lastDiagnosticCount > 0) withDiagnostics++;
      if (found.length > 0 && failures.length < 20) failures.push(`mutant ${n} (${how}): ${found.slice(0, 3).join(' | ')}`);
    }
    const seconds = (performance.now() - started) / 1000;
    expect(failures).toEqual([]);
    expect(full).toBeGreaterThanOrEqual(MUTANTS / FULL_CHECK_EVERY);
    // The mutants must actually break things most of the time.
    expect(withDiagnostics).toBeGreaterThan(MUTANTS / 3);
    // ... and reach every stage: syntax, names, map structure, powers and warnings.
    const seen = [...codesSeen.keys()];
    expect(seen.length, seen.join(' ')).toBeGreaterThanOrEqual(12);
    for (const range of ['DF1', 'DF2', 'DF3', 'DF4', 'DF8']) expect(seen.some((c) => c.startsWith(range)), `${range}xxx`).toBe(true);
    // Speed is the benchmark's business, not a test's; the time is only reported.
    console.log(`robustness: ${MUTANTS} mutants in ${seconds.toFixed(1)} s`);
  });
});

describe('robustness: nasty inputs', () => {
  const nasty: [string, () => string][] = [
    ['an empty file', () => ''],
    ['only {', () => '{'],
    ['only }', () => '}'],
    ['10,000 nested {', () => '{'.repeat(10_000)],
    ['a province with 10,000 nested {', () => `province a "A" ${'{'.repeat(10_000)}`],
    ['10,000 }', () => '}'.repeat(10_000)],
    ['a 1 MB line of one name', () => 'x'.repeat(1 << 20)],
    ['a 1 MB comment line', () => `// ${'x'.repeat(1 << 20)}`],
    ['a 1 MB unterminated string', () => `province a "${'a'.repeat(1 << 20)}`],
    // A syntax error every character or two: the slow run takes a megabyte of them, `npm test` 128 KB.
    [`a ${PUNCTUATION >> 10} KB line of punctuation`, () => ',:;/-'.repeat(PUNCTUATION / 4)],
    ['NUL bytes', () => 'province\u0000 a\u0000 "\u0000" coast supply\u0000\n\u0000\u0000'],
    ['NUL bytes inside the classic map', () => CLASSIC_TEXT.replace(/ /g, (s, i: number) => (i % 97 === 0 ? '\u0000' : s))],
    ['lone surrogates', () => 'province \ud800 "\udc00" { name zh "\ud83d" alias \udfff }\nprovince b\ud800c "B"'],
    ['an emoji name', () => 'province 😀 "😀" sea'],
    ['province repeated 5,000 times', () => 'province '.repeat(5000)],
    ['a province declared 5,000 times', () => 'province a "A" coast supply\n'.repeat(5000)],
    ['an unterminated block comment', () => `/* ${CLASSIC_TEXT}`],
    ['CR-only line ends', () => CLASSIC_TEXT.replace(/\n/g, '\r')],
    ['CRLF line ends', () => CLASSIC_TEXT.replace(/\n/g, '\r\n')],
    ['a byte-order mark', () => `\ufeff${CLASSIC_TEXT}`],
    ['a long adjacency line', () => `adjacency { army ${'a: '.repeat(3000)}`],
  ];

  for (const [name, make] of nasty) {
    it(`${name}: no throw, well-formed diagnostics`, () => {
      expect(exercise(make(), true)).toEqual([]);
    });
  }

  it('an empty file is reported as a variant with nothing in it, not silently accepted', () => {
    files.set(ENTRY, '');
    const result = compileMapFile(ENTRY, loader);
    expect(result.config).toBeUndefined();
    expect(hasErrors(result.diagnostics)).toBe(true);
  });
});
