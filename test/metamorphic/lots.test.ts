/**
 * Seeded lots do not depend on layout: with the same seed, a lot picks the
 * same unit and the same retreat however the position lists its units and
 * dislodged units. For each draw of the rules (`removal-order random` and
 * `abroad-first`; `retreat-default lot` and `gm-order`, in a retreat phase and
 * carried out at once in a postal movement), 40 seeds, each with 8 orders of
 * the position, on the friendly path (`adjudicatePhase`) and, for the retreat
 * and adjustment phases, on the integer path (`PhaseInts`, `GameStateInts`).
 */
import { describe, expect, it } from 'vitest';
import { adjudicatePhase, PhaseInts, type Board, type Order, type Position, type RuleOptions } from '@dipforge/engine';
import { classicUnder } from './editions.js';
import { rngFor, shuffledPosition } from './shuffle.js';
import { phaseSummary, positionSet, type PhaseSummary } from './summary.js';

const SEEDS = 40;
const LAYOUTS = 8;

const army = (power: string, at: string) => ({ power, kind: 'army' as const, at });
const fleet = (power: string, at: string) => ({ power, kind: 'fleet' as const, at });

/** Germany and England must remove units, several of them alike (at home or abroad, off a centre): lots decide. */
const REMOVALS: Position = {
  phase: { year: 1901, season: 'winter', kind: 'adjustment' },
  units: [
    ...['ber', 'sil', 'ruh', 'pru', 'hol', 'bel', 'boh'].map((at) => army('germany', at)),
    ...['nth', 'nwg'].map((at) => fleet('england', at)),
    ...['yor', 'wal', 'lon'].map((at) => army('england', at)),
  ],
  dislodged: [],
  owners: { ber: 'germany', mun: 'germany', hol: 'germany', lon: 'england' },
  standoffs: [],
};

/** Five dislodged units, each with several retreats, some shared: lots pick them, and two picking one province clash. */
const RETREATS: Position = {
  phase: { year: 1901, season: 'spring', kind: 'retreat' },
  units: [army('france', 'mun'), army('russia', 'vie'), army('france', 'ven'), fleet('germany', 'nth'), fleet('russia', 'bla')],
  dislodged: [
    { ...army('germany', 'mun'), from: 'bur' },
    { ...army('austria', 'vie'), from: 'gal' },
    { ...army('italy', 'ven'), from: 'pie' },
    { ...fleet('england', 'nth'), from: 'hel' },
    { ...fleet('turkey', 'bla'), from: 'rum' },
  ],
  owners: {},
  standoffs: [],
};

/** Three supported attacks dislodge three units in a postal spring: their retreats are carried out at once, by default. */
const POSTAL: Position = {
  phase: { year: 1901, season: 'spring', kind: 'movement' },
  units: [
    ...['bur', 'ruh', 'pie', 'tyr'].map((at) => army('france', at)),
    ...['gal', 'boh'].map((at) => army('russia', at)),
    army('germany', 'mun'),
    army('austria', 'vie'),
    army('italy', 'ven'),
  ],
  dislodged: [],
  owners: {},
  standoffs: [],
};
const move = (power: string, at: string, to: string): Order => ({ type: 'move', power, unit: { kind: 'army', at }, to, viaConvoy: false });
const support = (power: string, at: string, from: string, to: string): Order => ({
  type: 'support',
  power,
  unit: { kind: 'army', at },
  supported: { kind: 'army', at: from },
  to,
});
const POSTAL_ORDERS: Order[] = [
  move('france', 'bur', 'mun'),
  support('france', 'ruh', 'bur', 'mun'),
  move('russia', 'gal', 'vie'),
  support('russia', 'boh', 'gal', 'vie'),
  move('france', 'pie', 'ven'),
  support('france', 'tyr', 'pie', 'ven'),
];

/** The friendly path's summary of a phase. */
function friendly(board: Board, rules: RuleOptions, position: Position, orders: readonly Order[], seed: number): PhaseSummary {
  return phaseSummary(adjudicatePhase(board, position, orders, rules, { seed }), orders, position.phase);
}

const phaseInts = new WeakMap<Board, PhaseInts>();

/** The integer path's next position of a retreat or adjustment phase without orders. */
function ints(board: Board, rules: RuleOptions, position: Position, seed: number): string[] {
  let pi = phaseInts.get(board);
  if (!pi) phaseInts.set(board, (pi = new PhaseInts(board)));
  if (!pi.encode(position, [])) throw new Error('the position does not fit the integer form');
  if (position.phase.kind === 'retreat') pi.state.playRetreat(rules, pi.retreat, seed);
  else pi.state.playAdjustment(rules, pi.adjustment, seed);
  return positionSet(pi.state.toPosition());
}

/** For each seed, the layouts whose result differs from the position as written (none, when lots are layout-free). */
function differingLayouts(
  position: Position,
  play: (p: Position, seed: number) => unknown,
): { seeds: number; differing: string[]; outcomes: Set<string> } {
  const differing: string[] = [];
  const outcomes = new Set<string>();
  for (let seed = 0; seed < SEEDS; seed++) {
    const reference = JSON.stringify(play(position, seed));
    outcomes.add(reference);
    const rng = rngFor(`lots#${seed}`);
    for (let k = 0; k < LAYOUTS; k++) {
      const other = shuffledPosition(position, rng, true);
      if (JSON.stringify(play(other, seed)) !== reference) differing.push(`seed ${seed}: ${other.units.map((u) => u.at).join(' ')} / ${other.dislodged.map((u) => u.at).join(' ')}`);
    }
  }
  return { seeds: SEEDS, differing, outcomes };
}

describe('seeded lots pick the same units however the position is listed', () => {
  for (const rule of ['random', 'abroad-first']) {
    const { board, rules } = classicUnder('online-5', { 'removal-order': rule });

    it(`removal-order ${rule}: the units removed (friendly path)`, () => {
      const r = differingLayouts(REMOVALS, (p, seed) => friendly(board, rules, p, [], seed));
      expect(r.differing.slice(0, 3)).toEqual([]);
      // The lots do decide something: the seeds do not all remove the same units.
      expect(r.outcomes.size).toBeGreaterThan(1);
    });

    it(`removal-order ${rule}: the units removed (integer path)`, () => {
      const r = differingLayouts(REMOVALS, (p, seed) => ints(board, rules, p, seed));
      expect(r.differing.slice(0, 3)).toEqual([]);
      expect(r.outcomes.size).toBeGreaterThan(1);
    });
  }

  for (const rule of ['lot', 'gm-order']) {
    const { board, rules } = classicUnder('2023', { 'retreat-default': rule });

    it(`retreat-default ${rule}: where the units retreat (friendly path)`, () => {
      const r = differingLayouts(RETREATS, (p, seed) => friendly(board, rules, p, [], seed));
      expect(r.differing.slice(0, 3)).toEqual([]);
      expect(r.outcomes.size).toBeGreaterThan(1);
    });

    it(`retreat-default ${rule}: where the units retreat (integer path)`, () => {
      const r = differingLayouts(RETREATS, (p, seed) => ints(board, rules, p, seed));
      expect(r.differing.slice(0, 3)).toEqual([]);
      expect(r.outcomes.size).toBeGreaterThan(1);
    });

    // A postal movement carries out its retreats itself; the integer path hands such a phase to `adjudicatePhase`.
    it(`retreat-default ${rule}: retreats carried out at once in a postal spring`, () => {
      const postal = classicUnder('old-rules', { 'retreat-default': rule });
      const r = differingLayouts(POSTAL, (p, seed) => friendly(postal.board, postal.rules, p, POSTAL_ORDERS, seed));
      expect(r.differing.slice(0, 3)).toEqual([]);
      expect(r.outcomes.size).toBeGreaterThan(1);
    });
  }
});
