// Legal orders on many random positions, against two judges:
// - a brute-force oracle: every order one could write (in the generator's
//   spelling), judged by the adjudicator's own validation; the generator must
//   give exactly the legal ones;
// - adjudication: every generated order, given in a full phase of orders, is
//   never "illegal".
// Positions come from seeded random games played with randomOrders, under the
// 2023 rules, every edition preset, and rule sets chosen to change legality.
import type { Board } from '../src/board/board.js';
import { ARMY, FLEET } from '../src/board/codes.js';
import type { RuleOptions } from '../src/config/rules.js';
import type { Position, UnitKind } from '../src/game/position.js';
import type { Order, UnitRef } from '../src/orders/order.js';
import { formatOrder } from '../src/orders/format.js';
import { adjudicatePhase, phaseIsEmpty } from '../src/adjudicate/phase.js';
import { buildUnitTable } from '../src/adjudicate/units.js';
import { validateMovement } from '../src/adjudicate/movement/validate.js';
import { initialPosition } from '../src/game/runner.js';
import { winner } from '../src/victory/winner.js';
import { legalOrders, mulberry32, randomOrders } from '../src/legal/index.js';
import { describe, expect, it } from 'vitest';
import { board, rules } from './helpers/classic.js';
import { resolvedEditions } from './helpers/editions.js';
import { depth } from '../../../test/helpers/depth.js';

const key = (o: Order): string => formatOrder(o, { power: true });

/** The positions (non-empty phases) of a seeded random game of `phases` phases. */
function randomGame(board: Board, rules: RuleOptions, seed: number, phases: number): Position[] {
  const rng = mulberry32(seed);
  let pos = initialPosition(board.config);
  const out: Position[] = [];
  let skipped = 0;
  while (out.length < phases && skipped < 100) {
    if (phaseIsEmpty(board, rules, pos)) {
      pos = adjudicatePhase(board, pos, [], rules, { seed }).next;
      skipped++;
      continue;
    }
    out.push(pos);
    pos = adjudicatePhase(board, pos, randomOrders(board, pos, rules, rng), rules, { seed }).next;
    if (pos.phase.kind === 'movement' && winner(board, rules, pos)) break;
  }
  return out;
}

const KIND: readonly UnitKind[] = ['army', 'fleet'];

/** Places as the generator spells them for a unit of `kind`: provinces for armies; coasts, not their provinces, for fleets. */
function spellings(board: Board, kind: number, coastsMatter = true): number[] {
  const out: number[] = [];
  for (let l = 0; l < board.locationCount; l++) {
    const p = board.locProvince[l]!;
    if (kind === ARMY || !coastsMatter) {
      if (l === p) out.push(l);
    } else if (l !== p || !board.hasCoasts(p)) out.push(l);
  }
  return out;
}

/** Every movement order one could write (each in one spelling), and which of them the validator finds legal. */
function movementOracle(board: Board, rules: RuleOptions, position: Position): Set<string> {
  const units = buildUnitTable(board, position.units);
  const ref = (u: number, of: number): UnitRef => {
    const r: UnitRef = { kind: KIND[units.kind[u]!]!, at: board.locationIds[units.loc[u]!]! };
    if (rules['missing-nationality'] === 'invalid' && units.power[u] !== units.power[of]) r.power = board.powerIds[units.power[u]!]!;
    return r;
  };
  const cands: Order[] = [];
  const armyDests = spellings(board, ARMY);
  const fleetDests = spellings(board, FLEET);
  const fleetSupportDests = spellings(board, FLEET, rules['support-coast'] !== 'ignored');
  const via = rules['convoy-to-adjacent'] !== 'swap-only';
  for (let u = 0; u < units.n; u++) {
    const power = board.powerIds[units.power[u]!]!;
    const me = ref(u, u);
    cands.push({ type: 'hold', power, unit: me });
    for (const x of units.kind[u] === ARMY ? armyDests : fleetDests) {
      const to = board.locationIds[x]!;
      cands.push({ type: 'move', power, unit: me, to, viaConvoy: false });
      if (via && units.kind[u] === ARMY && board.armyCanReach(units.prov[u]!, x)) cands.push({ type: 'move', power, unit: me, to, viaConvoy: true });
    }
    const near = new Set(board.provinceAdj.targets.subarray(board.provinceAdj.offsets[units.prov[u]!]!, board.provinceAdj.offsets[units.prov[u]! + 1]!));
    for (let v = 0; v < units.n; v++) {
      if (v === u) continue;
      cands.push({ type: 'support', power, unit: me, supported: ref(v, u) });
      for (const x of units.kind[v] === ARMY ? armyDests : fleetSupportDests) {
        if (!near.has(board.locProvince[x]!)) continue;
        cands.push({ type: 'support', power, unit: me, supported: ref(v, u), to: board.locationIds[x]! });
      }
      if (units.kind[u] === FLEET && units.kind[v] === ARMY) {
        for (const x of armyDests) cands.push({ type: 'convoy', power, unit: me, army: ref(v, u), to: board.locationIds[x]! });
      }
    }
  }
  // Without the fallback, "via convoy" to an adjacent province is legal exactly when a convoy could carry the army.
  const v = validateMovement(board, { ...rules, 'via-convoy-fallback': false }, units, cands);
  const legal = new Set<string>();
  cands.forEach((o, i) => {
    const r = v.illegal[i];
    if (r === undefined || r.reason === 'duplicate-order' || r.reason === 'superseded') legal.add(key(o));
  });
  return legal;
}

/** Every retreat-phase order one could write, and which the adjudicator finds legal. */
function retreatOracle(board: Board, rules: RuleOptions, position: Position): Set<string> {
  const cands: Order[] = [];
  for (const d of position.dislodged) {
    const unit: UnitRef = { kind: d.kind, at: d.at };
    cands.push({ type: 'disband', power: d.power, unit });
    for (const x of spellings(board, d.kind === 'army' ? ARMY : FLEET)) cands.push({ type: 'retreat', power: d.power, unit, to: board.locationIds[x]! });
  }
  const r = adjudicatePhase(board, position, cands, rules);
  return new Set(cands.filter((_, i) => r.results[i]!.status !== 'illegal' || r.results[i]!.reason === 'duplicate-order').map(key));
}

/** Every adjustment order one could write (disbands and builds judged apart), and which the adjudicator finds legal. */
function adjustmentOracle(board: Board, rules: RuleOptions, position: Position): Set<string> {
  const legal = new Set<string>();
  const judge = (cands: Order[]): void => {
    const r = adjudicatePhase(board, position, cands, rules);
    cands.forEach((o, i) => {
      if (r.results[i]!.status !== 'illegal') legal.add(key(o));
    });
  };
  judge(position.units.map((u) => ({ type: 'disband', power: u.power, unit: { kind: u.kind, at: u.at } })));
  for (const power of board.powerIds) {
    const cands: Order[] = [{ type: 'waive', power }];
    for (const x of spellings(board, ARMY)) cands.push({ type: 'build', power, kind: 'army', at: board.locationIds[x]! });
    for (const x of spellings(board, FLEET)) cands.push({ type: 'build', power, kind: 'fleet', at: board.locationIds[x]! });
    judge(cands);
  }
  return legal;
}

function oracle(r: RuleOptions, pos: Position): Set<string> {
  switch (pos.phase.kind) {
    case 'movement':
      return movementOracle(board, r, pos);
    case 'retreat':
      return retreatOracle(board, r, pos);
    case 'adjustment':
      return adjustmentOracle(board, r, pos);
  }
}

/** Rule sets that change what is legal, or how it must be written. */
const RULE_SETS: Record<string, RuleOptions> = {
  '2023': rules(),
  'swap-only, nationality required, coasts ignored in supports, any owned centre, no waiving': rules({
    'convoy-to-adjacent': 'swap-only',
    'missing-nationality': 'invalid',
    'support-coast': 'ignored',
    'retreat-to-convoy-origin': 'forbidden',
    'build-sites': 'any-owned-centre',
    'waive-builds': false,
  }),
  'coasts required in supports, any owned home centre, voluntary disbands, strict writing': rules({
    'support-coast': 'required',
    'build-sites': 'any-owned-home-centre',
    'voluntary-disbands': true,
    'unknown-coast': 'fail',
    'implied-coast': 'fail',
    'missing-unit-type': 'invalid',
    'wrong-unit-coast': 'fail',
  }),
};

// `npm test` plays the first of the games of each test, the slow run all of them (test/helpers/depth.ts).
const ORACLE_SEEDS = [1, 2, 3].slice(0, depth(1, 3));
const ADJUDICATION_SEEDS = [11, 12, 13, 14].slice(0, depth(1, 4));

describe('legalOrders equals the brute-force oracle', () => {
  for (const [name, r] of Object.entries(RULE_SETS)) {
    it(`on random positions, ${name}`, () => {
      const kinds = { movement: 0, retreat: 0, adjustment: 0 };
      let convoys = 0;
      for (const seed of ORACLE_SEEDS) {
        for (const pos of randomGame(board, r, seed, 36)) {
          const gen = [...legalOrders(board, pos, r).values()].flat().map(key);
          const generated = new Set(gen);
          expect(generated.size, 'no order is listed twice').toBe(gen.length);
          const legal = oracle(r, pos);
          const where = `seed ${seed}, ${pos.phase.season} ${pos.phase.year} ${pos.phase.kind}`;
          expect([...generated].filter((o) => !legal.has(o)), `${where}: generated but illegal`).toEqual([]);
          expect([...legal].filter((o) => !generated.has(o)), `${where}: legal but not generated`).toEqual([]);
          kinds[pos.phase.kind]++;
          convoys += gen.filter((o) => o.includes(' C ')).length;
        }
      }
      // The positions exercise every kind of phase, and convoys (3 games: over 20 movements, 3 retreats, 5 adjustments).
      const games = ORACLE_SEEDS.length / 3;
      expect(kinds.movement).toBeGreaterThan(20 * games);
      expect(kinds.retreat).toBeGreaterThan(3 * games);
      expect(kinds.adjustment).toBeGreaterThan(5 * games);
      expect(convoys).toBeGreaterThan(0);
    });
  }
});

/** Adjudicates the phase with every unit's k-th legal order (cycling through each unit's list), for every k. */
function adjudicateEveryOrder(r: RuleOptions, pos: Position): { orders: number; illegal: string[] } {
  const legal = legalOrders(board, pos, r);
  const illegal: string[] = [];
  let orders = 0;
  if (pos.phase.kind === 'adjustment') {
    // One order at a time: several builds or removals could exceed what a power may order.
    for (const list of legal.values()) {
      for (const o of list) {
        orders++;
        const res = adjudicatePhase(board, pos, [o], r);
        if (res.results[0]!.status === 'illegal') illegal.push(`${key(o)}: ${res.results[0]!.reason}`);
      }
    }
    return { orders, illegal };
  }
  const lists = [...legal.values()];
  const rounds = Math.max(0, ...lists.map((l) => l.length));
  for (let k = 0; k < rounds; k++) {
    const batch = lists.map((l) => l[k % l.length]!);
    orders += batch.length;
    const res = adjudicatePhase(board, pos, batch, r);
    res.results.forEach((x) => {
      if (x.status === 'illegal') illegal.push(`${key(x.order)}: ${x.reason}`);
    });
  }
  return { orders, illegal };
}

describe('every generated order adjudicates as legal', () => {
  const editions = resolvedEditions();
  const sets: [string, RuleOptions][] = [
    ...Object.entries(RULE_SETS),
    ...[...editions].map(([name, r]): [string, RuleOptions] => [`edition ${name}`, r]),
    ['2023 with convoy-path required', rules({ 'convoy-path': 'required' })],
  ];
  for (const [name, r] of sets) {
    it(name, () => {
      let orders = 0;
      for (const seed of ADJUDICATION_SEEDS) {
        for (const pos of randomGame(board, r, seed, 30)) {
          const got = adjudicateEveryOrder(r, pos);
          orders += got.orders;
          expect(got.illegal, `seed ${seed}, ${pos.phase.season} ${pos.phase.year} ${pos.phase.kind}`).toEqual([]);
        }
      }
      // Over 250 orders a game.
      expect(orders).toBeGreaterThan(250 * ADJUDICATION_SEEDS.length);
    });
  }

  for (const uniform of [false, true]) {
    it(`random games played with randomOrders${uniform ? ' (uniform)' : ''} give no illegal order (20 games × 40 phases)`, () => {
      const r = rules();
      let phases = 0;
      for (let seed = 100; seed < 120; seed++) {
        const rng = mulberry32(seed);
        for (const pos of randomGame(board, r, seed, 40)) {
          const res = adjudicatePhase(board, pos, randomOrders(board, pos, r, rng, { uniform }), r, { seed });
          phases++;
          expect(res.results.filter((x) => x.status === 'illegal').map((x) => `${key(x.order)}: ${x.reason}`)).toEqual([]);
        }
      }
      expect(phases).toBeGreaterThan(500);
    });
  }
});
