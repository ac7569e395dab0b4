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
import { compileBoard } from '../src/board/board.js';
import { board, CLASSIC, rules, unitsByPower } from './helpers/classic.js';

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
    // Counted to the home country (Silesia is German), Galicia is 1 and Sweden 2: Finland and Sweden go.
    expect(left('country-distance')).toEqual(['A ber', 'A gal', 'F bal']);
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

describe('the home country (Board.homeCountry) in removals: abroad-first and country-distance', () => {
  const removals = (units: Position['units'], owners: Position['owners'], order: string, seed = 0) =>
    adjudicatePhase(
      board,
      { phase: { year: 1901, season: 'winter', kind: 'adjustment' }, units, dislodged: [], owners, standoffs: [] },
      [],
      rules({ 'removal-order': order }),
      { seed },
    );

  it('the classic board knows each home country, home centres included, and the non-centre provinces of it', () => {
    const countryOf = (id: string) => board.powerIds[board.homeCountry[board.provinceId(id)]!] ?? null;
    expect(['cly', 'edi', 'lvp', 'yor', 'wal', 'lon'].map(countryOf)).toEqual(Array(6).fill('england'));
    expect(['apu', 'pie', 'tus'].map(countryOf)).toEqual(['italy', 'italy', 'italy']);
    expect(['fin', 'lvn', 'ukr'].map(countryOf)).toEqual(['russia', 'russia', 'russia']);
    expect(['bel', 'nth', 'nwy', 'alb'].map(countryOf)).toEqual([null, null, null, null]);
    expect(board.countries.map((c) => c.length)).toEqual([6, 6, 6, 6, 6, 7, 5]);
    // home centres first
    expect([...board.countries[board.powerId('england')]!].map((p) => board.provinceName(p))).toEqual(['edi', 'lon', 'lvp', 'cly', 'wal', 'yor']);
  });

  it('abroad-first (000 §11): an army in Yorkshire, no centre, is at home; a fleet in Norway, on a centre, is abroad and goes', () => {
    const units: Position['units'] = [
      { power: 'england', kind: 'army', at: 'yor' },
      { power: 'england', kind: 'fleet', at: 'lon' },
      { power: 'england', kind: 'fleet', at: 'nwy' },
    ];
    for (let seed = 0; seed < 5; seed++) {
      const r = removals(units, { lon: 'england', nwy: 'england' }, 'abroad-first', seed);
      expect(unitsByPower(r.next.units).england!.sort()).toEqual(['A yor', 'F lon']);
      expect(r.removed?.map((u) => u.at)).toEqual(['nwy']);
    }
  });

  it('abroad-first: with every unit at home, the one off a centre goes (step b), Yorkshire like any other', () => {
    const units: Position['units'] = [
      { power: 'england', kind: 'army', at: 'yor' },
      { power: 'england', kind: 'fleet', at: 'lon' },
      { power: 'england', kind: 'fleet', at: 'edi' },
    ];
    const r = removals(units, { lon: 'england', edi: 'england' }, 'abroad-first');
    expect(r.removed?.map((u) => u.at)).toEqual(['yor']);
  });

  it('country-distance counts to the nearest province of the home country; home-distance to the nearest home centre', () => {
    // Italy owns Rome and Venice. The fleet in the Gulf of Lyon touches Piedmont and Tuscany (1 from the
    // country, 2 from Rome or Naples); the army in Munich is 2 from both (Tyrolia, then Venice or Piedmont).
    const units: Position['units'] = [
      { power: 'italy', kind: 'fleet', at: 'lyo' },
      { power: 'italy', kind: 'army', at: 'mun' },
      { power: 'italy', kind: 'army', at: 'rom' },
    ];
    const owners = { rom: 'italy', ven: 'italy' };
    expect(removals(units, owners, 'country-distance').removed?.map((u) => u.at)).toEqual(['mun']);
    // At equal distance the fleet goes before the army.
    expect(removals(units, owners, 'home-distance').removed?.map((u) => u.at)).toEqual(['lyo']);
  });

  it('country-distance: a fleet counts as a fleet to the coast of the country (DATC v2.4 6.J.6 comes out otherwise)', () => {
    // Russia owns Moscow, St Petersburg and Warsaw. The Baltic touches Livonia (1); Skagerrak is 2 from the
    // country (Sweden, then Finland; or Norway, then St Petersburg). To the home centres both are 2 and the
    // Baltic goes first by name, as DATC v2.4's 6.J.6 expects.
    const units: Position['units'] = [
      { power: 'russia', kind: 'army', at: 'mos' },
      { power: 'russia', kind: 'army', at: 'stp' },
      { power: 'russia', kind: 'fleet', at: 'ska' },
      { power: 'russia', kind: 'fleet', at: 'bal' },
    ];
    const owners = { mos: 'russia', stp: 'russia', war: 'russia' };
    expect(removals(units, owners, 'country-distance').removed?.map((u) => u.at)).toEqual(['ska']);
    expect(removals(units, owners, 'home-distance').removed?.map((u) => u.at)).toEqual(['bal']);
  });

  it('a config with no country has its home centres for the home country: both rules then agree', () => {
    const config = { ...CLASSIC, powers: CLASSIC.powers.map(({ country: _country, ...p }) => p) };
    const plain = compileBoard(config);
    expect(plain.homeCountry).toEqual(plain.homePower);
    expect(plain.countries.map((c) => [...c])).toEqual(plain.homeCentres.map((c) => [...c]));
    const units: Position['units'] = [
      { power: 'italy', kind: 'fleet', at: 'lyo' },
      { power: 'italy', kind: 'army', at: 'mun' },
      { power: 'italy', kind: 'army', at: 'rom' },
    ];
    const pos: Position = { phase: { year: 1901, season: 'winter', kind: 'adjustment' }, units, dislodged: [], owners: { rom: 'italy', ven: 'italy' }, standoffs: [] };
    const removed = (order: string) => adjudicatePhase(plain, pos, [], rules({ 'removal-order': order })).removed?.map((u) => u.at);
    expect(removed('country-distance')).toEqual(removed('home-distance'));
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
