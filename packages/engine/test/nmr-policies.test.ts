/**
 * No-orders (NMR) policies and the seeded lot: a power that sends no orders
 * has its units hold, builds nothing, and has its retreats and removals chosen
 * by `retreat-default` and `removal-order`. What is drawn by lot depends only
 * on the game seed and the phase: the generator is integer arithmetic (no
 * Math.random, nothing that depends on the machine), pinned here to its first
 * values, and the draws go through lists in board order.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adjudicatePhase } from '../src/adjudicate/phase.js';
import { drawIndex, mulberry32, phaseRng } from '../src/adjudicate/prng.js';
import type { Position } from '../src/game/position.js';
import { board, rules, unitsByPower } from './helpers/classic.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? sourceFiles(path) : f.endsWith('.ts') ? [path] : [];
  });
}

describe('the seeded lot', () => {
  it('is the same on every machine: the generator and the phase stream give these pinned values', () => {
    // A change here changes every game drawn by lot.
    const first = (seed: number) => {
      const g = mulberry32(seed);
      return [g(), g(), g()].map((x) => Math.floor(x * 2 ** 32));
    };
    expect(first(0)).toEqual([1144304738, 1416247, 958946056]);
    expect(first(7)).toEqual([50271532, 266108690, 4195786334]);
    const phase = phaseRng(7, { year: 1901, season: 'spring', kind: 'retreat' });
    expect(Math.floor(phase() * 2 ** 32)).toBe(2091387839);
    expect(drawIndex(() => 0.999999999, 5)).toBe(4);
    expect(drawIndex(() => 0, 5)).toBe(0);
  });

  it('the engine never uses Math.random or the clock', () => {
    for (const f of sourceFiles(SRC)) {
      const text = readFileSync(f, 'utf8');
      expect(text, f).not.toMatch(/Math\.random|Date\.now|new Date\(|performance\.now/);
    }
  });
});

/** A spring 1901 retreat: the Austrian army in Serbia dislodged from Bulgaria, no orders for it. */
const RETREAT: Position = {
  phase: { year: 1901, season: 'spring', kind: 'retreat' },
  units: [{ power: 'turkey', kind: 'army', at: 'bul' }],
  dislodged: [{ power: 'austria', kind: 'army', at: 'ser', from: 'bul' }],
  owners: {},
  standoffs: [],
};

describe('retreats with no orders (retreat-default)', () => {
  it('disband: the unit is gone', () => {
    const r = adjudicatePhase(board, RETREAT, [], rules());
    expect(unitsByPower(r.next.units).austria).toBeUndefined();
  });

  it('lot (003): a legal retreat drawn from the seed; the same seed always draws the same one, and seeds differ', () => {
    const draw = (seed: number) => unitsByPower(adjudicatePhase(board, RETREAT, [], rules({ 'retreat-default': 'lot' }), { seed }).next.units).austria;
    expect(draw(7)).toEqual(['A gre']);
    expect(draw(9)).toEqual(['A rum']);
    for (let seed = 0; seed < 20; seed++) expect(draw(seed)).toEqual(draw(seed));
    const seen = new Set(Array.from({ length: 40 }, (_, s) => draw(s)![0]));
    // Every draw is a legal retreat (never Bulgaria, where the attack came from), and more than one comes up.
    expect([...seen].every((u) => ['A alb', 'A bud', 'A gre', 'A rum', 'A tri'].includes(u!))).toBe(true);
    expect(seen.size).toBeGreaterThan(2);
  });
});

/** Winter 1901: Germany owns three centres and has five units, and sends no orders. */
const REMOVALS: Position = {
  phase: { year: 1901, season: 'winter', kind: 'adjustment' },
  units: [
    { power: 'germany', kind: 'army', at: 'ber' },
    { power: 'germany', kind: 'army', at: 'swe' },
    { power: 'germany', kind: 'army', at: 'fin' },
    { power: 'germany', kind: 'army', at: 'gal' },
    { power: 'germany', kind: 'fleet', at: 'bal' },
  ],
  dislodged: [],
  owners: { ber: 'germany', mun: 'germany', swe: 'germany' },
  standoffs: [],
};

describe('removals with no orders (removal-order, DATC 4.D.8)', () => {
  const left = (order: string, seed = 0) =>
    unitsByPower(adjudicatePhase(board, REMOVALS, [], rules({ 'removal-order': order }), { seed }).next.units).germany!.sort();

  it('each choice removes its own units, and reports them as removed by the rule', () => {
    expect(left('owned-distance')).toEqual(['A ber', 'A fin', 'A swe']);
    expect(left('home-distance')).toEqual(['A ber', 'A swe', 'F bal']);
    expect(left('country-distance')).toEqual(['A ber', 'A swe', 'F bal']);
    // abroad-first: every unit but Berlin is abroad; off-centre first: Finland, Galicia, the Baltic, two of them by lot.
    const abroad = left('abroad-first', 3);
    expect(abroad).toContain('A ber');
    expect(abroad).toContain('A swe');
    const r = adjudicatePhase(board, REMOVALS, [], rules({ 'removal-order': 'owned-distance' }));
    expect(r.removed?.map((u) => u.at).sort()).toEqual(['bal', 'gal']);
  });

  it('the lot is the seed: abroad-first ties and random removals repeat with the seed', () => {
    for (const order of ['abroad-first', 'random']) {
      for (let seed = 0; seed < 10; seed++) expect(left(order, seed)).toEqual(left(order, seed));
      const outcomes = new Set(Array.from({ length: 30 }, (_, s) => left(order, s).join(',')));
      expect(outcomes.size, order).toBeGreaterThan(1);
    }
  });
});

describe('builds with no orders', () => {
  const BUILDS: Position = {
    phase: { year: 1901, season: 'winter', kind: 'adjustment' },
    units: [{ power: 'germany', kind: 'army', at: 'mun' }],
    dislodged: [],
    owners: { ber: 'germany', kie: 'germany', mun: 'germany' },
    standoffs: [],
  };

  it('are not made, whether waiving is allowed or not (003; DATC 4.D.7)', () => {
    for (const waive of [true, false]) {
      const r = adjudicatePhase(board, BUILDS, [], rules({ 'waive-builds': waive }));
      expect(unitsByPower(r.next.units).germany).toEqual(['A mun']);
      expect(r.next.phase).toEqual({ year: 1902, season: 'spring', kind: 'movement' });
    }
  });
});
