/**
 * "Did you mean" hints (config/suggest.ts). The fuzzer found a 200,000-letter
 * word in an expect line holding a game check for minutes: every known name was
 * compared with it letter by letter, though no name of another length can be
 * within a third of its length in edits. Then the ranking every suggestion
 * goes through: by what fits the place, then by typing slips, as properties
 * (checked against a keyboard and adjacency of the test's own) and examples.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileBoard } from '../src/board/board.js';
import type { VariantConfig } from '../src/config/index.js';
import { closest, didYouMean, keyboardNeighbours, rankSuggestions, spellingCost } from '../src/config/suggest.js';

describe('closest names', () => {
  it('offers the names within a third of the written length in edits, best first', () => {
    expect(closest('burgundyy', ['burgundy', 'bur', 'picardy', 'burgandy'])).toEqual(['burgundy', 'burgandy']);
    expect(didYouMean('parr', ['par', 'bur'])).toBe("; did you mean 'par'?");
    expect(closest('xyz', ['par', 'bur'])).toEqual([]);
  });

  it('still offers a name whose length differs by no more than the limit', () => {
    expect(closest('stpetersbur', ['stpetersburg', 'st'])).toEqual(['stpetersburg']);
  });

  it('gives a 200,000-letter word no name at once, however many names there are', () => {
    // Compared letter by letter, this is 200,000 × 30 × 2,000 steps: minutes, not milliseconds.
    const known = Array.from({ length: 2000 }, (_, i) => `province${i}`.padEnd(30, 'x'));
    const started = performance.now();
    expect(closest('x'.repeat(200_000), known)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('the one ranking of suggestions (rankSuggestions)', () => {
  const classic = JSON.parse(readFileSync(new URL('./fixtures/classic.json', import.meta.url), 'utf8')) as VariantConfig;
  const board = compileBoard(classic);
  const ids = classic.provinces.map((p) => p.id);
  /** Whether the unit at `from` (any kind that may stand there) can move into province `to`, from the board's own adjacency lists. */
  const reachable = (from: string, to: string): boolean =>
    (['army', 'fleet'] as const).some((k) => board.kindMayEnter(k, board.provinceId(from)) && board.kindMayEnter(k, board.provinceId(to)) && board.canReachProvince(k, board.locId(from), board.provinceId(to)));
  const rank = (written: string, from?: string) => rankSuggestions(written, ids.map((id) => ({ item: id, text: id, fits: from !== undefined && reachable(from, id) })));

  // The test's own keyboard, by geometry: each row half a key to the right of the row above; keys
  // touch when they are on one row one key apart, or on neighbouring rows less than a key apart.
  const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
  const KEYS = ROWS.flatMap((row, r) => [...row].map((key, i) => ({ key, r, x: i + r / 2 })));
  const beside = (c: string): string[] => {
    const k = KEYS.find((q) => q.key === c);
    if (!k) return [];
    return KEYS.filter((q) => q !== k && ((q.r === k.r && Math.abs(q.x - k.x) === 1) || (Math.abs(q.r - k.r) === 1 && Math.abs(q.x - k.x) < 1))).map((q) => q.key);
  };
  /** Whether `a` is `b` with one letter changed for the one beside it in its row. */
  const besideSlip = (a: string, b: string): boolean => a.length === b.length && [...a].filter((c, i) => c !== b[i]).length === 1 && [...a].every((c, i) => c === b[i] || beside(b[i] as string).includes(c));

  it('vne, for a unit in Rome: Venice first, then Vienna; without a unit, Venice first too (two letters swapped)', () => {
    expect(rank('vne', 'rom').map((s) => s.item).slice(0, 2)).toEqual(['ven', 'vie']);
    expect(rank('vne').map((s) => s.item).slice(0, 2)).toEqual(['ven', 'vie']);
    expect(closest('lnad', ['land', 'coast', 'sea'])).toEqual(['land']);
    expect(closest('G', ['A', 'F', 'army', 'fleet'])[0]).toBe('F');
    expect(closest('lonndon', ['london', 'lyon'])).toEqual(['london']);
  });

  it('an exact keyboard-neighbour slip of a reachable province ranks it first (or beside an equally close one that fits)', () => {
    let checked = 0;
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let trial = 0; trial < 2000 && checked < 300; trial++) {
      const from = ids[next(ids.length)] as string;
      const targets = ids.filter((id) => reachable(from, id));
      const target = targets[next(Math.max(1, targets.length))];
      if (target === undefined) continue;
      const at = next(target.length);
      const keys = beside(target[at] as string);
      const key = keys[next(Math.max(1, keys.length))];
      if (key === undefined) continue;
      const typo = target.slice(0, at) + key + target.slice(at + 1);
      if (ids.includes(typo)) continue;
      const [first] = rank(typo, from);
      expect(first?.fits, `${typo} from ${from}`).toBe(true);
      if (first?.item !== target) expect(besideSlip(typo, first?.item as string), `${typo} from ${from}: ${first?.item} before ${target}`).toBe(true);
      checked++;
    }
    expect(checked).toBe(300);
  });

  it('never ranks a candidate that does not fit before one that does, gives at most three, and ignores the order of the candidates', () => {
    const words = ['par', 'bur', 'mar', 'pic', 'por', 'pru', 'ber', 'bre', 'rom', 'ruh'];
    let seed = 11;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let trial = 0; trial < 300; trial++) {
      const written = ['pr', 'bar', 'prr', 'rmo', 'bru', 'pur', 'mra', 'rhu'][next(8)] as string;
      const fits = new Set(words.filter(() => next(2) === 0));
      const candidates = words.map((w) => ({ item: w, text: w, fits: fits.has(w) }));
      const ranked = rankSuggestions(written, candidates);
      expect(ranked.length).toBeLessThanOrEqual(3);
      for (let i = 1; i < ranked.length; i++) expect(!ranked[i - 1]?.fits && ranked[i]?.fits, written).toBe(false);
      const shuffled = [...candidates].sort(() => next(3) - 1);
      expect(rankSuggestions(written, shuffled)).toEqual(ranked);
    }
  });

  it('counts a neighbouring key, a swap and a doubled key as less than other edits', () => {
    expect(spellingCost('lnad', 'land')).toBeLessThan(spellingCost('lxnd', 'land') + 0.5);
    expect(spellingCost('lsnd', 'land')).toBeLessThan(spellingCost('lpnd', 'land'));
    expect(spellingCost('laand', 'land')).toBeLessThan(spellingCost('lazd', 'land') + 0.25);
    expect(keyboardNeighbours('g', 'f')).toBe(true);
    expect(keyboardNeighbours('n', 'i')).toBe(false);
  });
});
