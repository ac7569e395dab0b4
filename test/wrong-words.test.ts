/**
 * One wrong word gives one error that says what was expected. Every keyword
 * and fixed word of the classic map (the declarations' keywords, a province's
 * flags and items, a power's items and unit kinds, the adjacency lines' unit
 * kinds, the start phase, the rule options) is replaced in turn by a typing
 * slip of it (two letters swapped, one dropped, one doubled, a neighbouring
 * key), and the whole variant is checked: exactly one diagnostic, on the
 * word, naming what was expected, with the original word as its first
 * suggestion, and no other check run on what the slip broke.
 *
 * The positions are found here by reading the map's lines with patterns of
 * their own (no code of the parser), so the test and the parser cannot share
 * a mistake. Free names are left out: ids and the names that refer to them,
 * language tags, strings, numbers, colours, and the start season (a variant
 * may name its first season as it likes).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkMapFile, GameWorkspace, MemoryHost, parseGame, runGame, VariantLoader, type Diagnostic } from '@dipforge/dsl';
import { FULL_DEPTH } from './helpers/depth.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLASSIC = readFileSync(join(ROOT, 'variants', 'classic', 'classic.dipmap'), 'utf8');
const EDITIONS = Object.fromEntries(
  readdirSync(join(ROOT, 'variants', 'editions')).map((f) => [`/builtin/editions/${f}`, readFileSync(join(ROOT, 'variants', 'editions', f), 'utf8')]),
);
const ENTRY = '/proj/classic.dipmap';

function check(text: string): Diagnostic[] {
  const host = new MemoryHost({ '/proj/package.json': '{}', ...EDITIONS, [ENTRY]: text });
  return checkMapFile(ENTRY, new VariantLoader({ host, builtinDir: '/builtin' })).diagnostics;
}

/** A fixed word of the map: where it is, what it is, and the other words its place takes (which a slip must not become). */
interface Place {
  kind: string;
  word: string;
  offset: number;
  others: readonly string[];
}

const TOP = ['variant', 'province', 'power', 'adjacency', 'neutral', 'rules', 'ruleset', 'import', 'remove'];
const FLAGS = ['land', 'coast', 'sea', 'supply', 'impassable', 'archipelago'];
const PROVINCE_ITEMS = ['coast', 'name', 'alias', 'at'];
const POWER_ITEMS = ['adjective', 'colour', 'name', 'alias', 'home', 'country', 'units', 'owns'];

/** The text with every string's content blanked (same length), so no word inside a string is taken for a keyword. */
function withoutStrings(text: string): string {
  return text.replace(/"(?:[^"\\\n]|\\.)*"/g, (s) => `"${' '.repeat(s.length - 2)}"`).replace(/\/\/[^\n]*/g, (s) => ' '.repeat(s.length));
}

/** Every fixed word of the classic map, by reading its lines. */
function places(text: string): Place[] {
  const plain = withoutStrings(text);
  const out: Place[] = [];
  let start = 0;
  let block = '';
  for (const line of plain.split('\n')) {
    const at = (index: number, word: string, kind: string, others: readonly string[]): void => {
      out.push({ kind, word, offset: start + index, others });
    };
    const top = /^([a-z]+)\b/.exec(line);
    if (top && TOP.includes(top[1] as string)) {
      block = top[1] as string;
      at(0, block, 'declaration keyword', TOP);
    }
    if (block === 'province' && top) {
      // province ID "Title" FLAGS { items }
      const head = /^province\s+\w+\s+"\s*"\s*([^{]*)/.exec(line);
      let flagsAt = head ? line.indexOf(head[1] as string, line.indexOf('"') + 1) : -1;
      for (const f of (head?.[1] ?? '').split(/(\s+)/)) {
        if (FLAGS.includes(f)) at(flagsAt, f, 'province flag', FLAGS);
        flagsAt += f.length;
      }
    }
    if (block === 'province') {
      const brace = line.indexOf('{');
      const body = brace < 0 ? (top ? '' : line) : line.slice(brace + 1);
      const offset = brace < 0 ? 0 : brace + 1;
      for (const m of body.matchAll(/(?:^|\s)(coast|name|alias|at)(?=\s)/g)) {
        const index = offset + (m.index ?? 0) + (m[0].length - (m[1] as string).length);
        at(index, m[1] as string, 'province item', PROVINCE_ITEMS);
      }
    }
    if (block === 'adjacency') {
      const m = /^(\s+)(fleet|army|both)\s/.exec(line);
      if (m) at((m[1] as string).length, m[2] as string, 'adjacency unit kind', ['fleet', 'army', 'both', 'a', 'f']);
    }
    if (block === 'power') {
      const m = /^(\s+)(adjective|colour|name|alias|home|country|units|owns)\s/.exec(line);
      if (m) at((m[1] as string).length, m[2] as string, 'power item', POWER_ITEMS);
      if (m?.[2] === 'units') for (const u of line.matchAll(/(?:units|,)\s+([AF])\s/g)) at((u.index ?? 0) + u[0].indexOf(u[1] as string, 1), u[1] as string, 'unit kind', ['A', 'F']);
    }
    if (block === 'variant') {
      const m = /^(\s+)(author|start|description|version|extends)\s/.exec(line);
      if (m) at((m[1] as string).length, m[2] as string, 'variant item', ['author', 'start', 'description', 'version', 'extends']);
      const phase = /^\s+start\s+\d+\s+\w+\s+(movement|retreat|adjustment)/.exec(line);
      if (phase) at(line.lastIndexOf(phase[1] as string), phase[1] as string, 'start phase', ['movement', 'retreat', 'adjustment']);
    }
    if (block === 'rules') {
      const m = /^(\s+)([a-z][a-z-]*)\s/.exec(line);
      if (m) at((m[1] as string).length, m[2] as string, 'rule option', []);
    }
    if (block === 'neutral') {
      const m = /^neutral\s+(centres)\s/.exec(line);
      if (m) at(line.indexOf('centres'), 'centres', 'neutral keyword', ['centres', 'units']);
    }
    start += line.length + 1;
  }
  return out;
}

const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** A key beside `c` on a QWERTY keyboard (the same row), in the case of `c`. */
function besideKey(c: string, skip: (s: string) => boolean): string | undefined {
  const lower = c.toLowerCase();
  for (const row of ROWS) {
    const i = row.indexOf(lower);
    if (i < 0) continue;
    for (const k of [row[i + 1], row[i - 1]]) {
      if (k === undefined) continue;
      const key = c === lower ? k : k.toUpperCase();
      if (!skip(key)) return key;
    }
  }
  return undefined;
}

/** The slip of `word` for the n-th place: letters swapped, one dropped, one doubled or a neighbouring key, by turns. */
function slip(word: string, n: number, taken: (s: string) => boolean): string | undefined {
  const mid = Math.floor(word.length / 2);
  const kinds = [
    () => (word.length >= 3 ? word.slice(0, mid - 1) + word[mid] + word[mid - 1] + word.slice(mid + 1) : undefined),
    () => (word.length >= 4 ? word.slice(0, mid) + word.slice(mid + 1) : undefined),
    () => word.slice(0, mid) + word[mid] + word.slice(mid),
    () => {
      const k = besideKey(word[mid] as string, (key) => taken(word.slice(0, mid) + key + word.slice(mid + 1)));
      return k === undefined ? undefined : word.slice(0, mid) + k + word.slice(mid + 1);
    },
  ];
  for (let i = 0; i < kinds.length; i++) {
    const s = kinds[(n + i) % kinds.length]?.();
    if (s !== undefined && s !== word && !taken(s)) return s;
  }
  return undefined;
}

const ALL = places(CLASSIC);
const KINDS = [...new Set(ALL.map((p) => p.kind))];

/**
 * The places checked: the first and last of each kind and every eighth in
 * between (a whole check of the variant per slip; the kinds are few, their
 * places many alike). The slow run (test/helpers/depth.ts), or
 * `DIPFORGE_WRONG_WORDS=all`, checks every place (about 850 checks, a minute or two).
 */
function chosen(kind: string): Place[] {
  const list = ALL.filter((p) => p.kind === kind);
  if (FULL_DEPTH || process.env['DIPFORGE_WRONG_WORDS'] === 'all') return list;
  return list.filter((_, i) => i === 0 || i === list.length - 1 || i % 8 === 2);
}

describe('the places found in the classic map', () => {
  it('are where the words are, and cover every kind of place', () => {
    for (const p of ALL) expect(CLASSIC.slice(p.offset, p.offset + p.word.length)).toBe(p.word);
    expect(KINDS.sort()).toEqual(
      ['adjacency unit kind', 'declaration keyword', 'neutral keyword', 'power item', 'province flag', 'province item', 'rule option', 'start phase', 'unit kind', 'variant item'].sort(),
    );
    // 75 provinces, 7 powers, an adjacency block, the variant, the rules and the neutral centres.
    expect(ALL.filter((p) => p.kind === 'declaration keyword').length).toBe(75 + 7 + 4);
  });

  it('the map itself checks with no diagnostic', () => {
    expect(check(CLASSIC)).toEqual([]);
  });
});

for (const kind of KINDS) {
  describe(`a wrong word in place of a ${kind}`, () => {
    it('gives exactly one error, on the word, saying what was expected and suggesting the word first', () => {
      let n = 0;
      for (const p of chosen(kind)) {
        const wrong = slip(p.word, n++, (s) => p.others.includes(s.toLowerCase()) || TOP.includes(s.toLowerCase()) || FLAGS.includes(s.toLowerCase()) || POWER_ITEMS.includes(s.toLowerCase()));
        expect(wrong, p.word).toBeDefined();
        const text = CLASSIC.slice(0, p.offset) + wrong + CLASSIC.slice(p.offset + p.word.length);
        const found = check(text);
        const where = `${p.kind} '${p.word}' → '${wrong}' at ${p.offset}: ${found.map((d) => `${d.code} ${d.message}`).join(' | ')}`;
        expect(found.length, where).toBe(1);
        const [d] = found as [Diagnostic];
        expect(d.severity, where).toBe('error');
        expect(d.range.start.offset, where).toBe(p.offset);
        expect(d.range.end.offset, where).toBe(p.offset + (wrong as string).length);
        expect(d.message, where).toMatch(/expected /);
        expect(d.suggestions?.[0], where).toBe(p.word);
        expect(d.message, where).toContain(`did you mean '${p.word}'`);
      }
    });
  });
}

describe('a wrong word in place of a statement keyword of a game file', () => {
  // The example game, playing the classic map held in memory beside it.
  const GAME = readFileSync(join(ROOT, 'variants', 'classic', 'examples', '1901.dipgame'), 'utf8').replace(/^variant classic$/m, 'variant "classic.dipmap"');
  const run = (text: string): Diagnostic[] => {
    const host = new MemoryHost({ '/proj/package.json': '{}', ...EDITIONS, [ENTRY]: CLASSIC });
    const games = new GameWorkspace(new VariantLoader({ host, builtinDir: '/builtin' }));
    return runGame(parseGame(text, '/proj/game.dipgame'), games).diagnostics;
  };
  // Every statement keyword at the start of a line, and every phase kind, found with patterns of the test's own.
  const words = [...GAME.matchAll(/^(edition|phase|expect)\b/gm), ...GAME.matchAll(/^phase \w+ \d+ (movement|retreat|adjustment)$/gm)].map((m) => {
    const word = m[1] as string;
    return { word, offset: (m.index ?? 0) + m[0].lastIndexOf(word) };
  });

  it('gives exactly one error, on the word, saying what was expected and suggesting the word first', () => {
    expect(run(GAME)).toEqual([]);
    expect(words.length).toBeGreaterThanOrEqual(7);
    let n = 0;
    for (const p of words) {
      const wrong = slip(p.word, n++, (s) => ['phase', 'expect', 'declare', 'edition', 'position', 'movement', 'retreat', 'adjustment'].includes(s));
      const text = GAME.slice(0, p.offset) + wrong + GAME.slice(p.offset + p.word.length);
      const found = run(text);
      const where = `'${p.word}' → '${wrong}' at ${p.offset}: ${found.map((d) => `${d.code} ${d.message}`).join(' | ')}`;
      expect(found.length, where).toBe(1);
      const [d] = found as [Diagnostic];
      expect(d.severity, where).toBe('error');
      expect(d.range.start.offset, where).toBe(p.offset);
      expect(d.message, where).toMatch(/expected |write /);
      expect(d.suggestions?.[0], where).toBe(p.word);
    }
  });
});
