// The integer retreat and adjustment adjudicators (adjudicateRetreatInts,
// adjudicateAdjustmentInts), played on an integer game state (GameStateInts),
// must say what adjudicatePhase says: every order's status and reason, and the
// next position field for field. Checked on the retreat and adjustment phases
// of seeded random games under every edition, and under the classic rules with
// each choice of every option these phases read, with orders left out (retreat
// defaults, civil disorder) and orders that are illegal or compete (retreats
// anywhere, builds on any centre in any kind, repeated and foreign disbands).
import { compileBoard, type Board } from '../src/board/board.js';
import { ARMY, FLEET } from '../src/board/codes.js';
import { RULE_REGISTRY, type RuleOptions } from '../src/config/rules.js';
import { NEUTRAL_POWER, type VariantConfig } from '../src/config/variant-config.js';
import { adjudicateAdjustmentInts, ADJUSTMENT_ORDER, type AdjustmentOrdersInts } from '../src/adjudicate/adjustment/ints.js';
import { GameStateInts } from '../src/adjudicate/game-ints.js';
import { MOVEMENT_STATUS } from '../src/adjudicate/movement/codes.js';
import { adjudicatePhase, phaseIsEmpty } from '../src/adjudicate/phase.js';
import type { OrderResult } from '../src/adjudicate/result.js';
import { adjudicateRetreatInts, RETREAT_DISBAND, RETREAT_NONE } from '../src/adjudicate/retreat-ints.js';
import type { DislodgedUnit, Position } from '../src/game/position.js';
import { initialPosition } from '../src/game/runner.js';
import type { Order } from '../src/orders/order.js';
import { mulberry32, randomOrders, type Rng } from '../src/legal/index.js';
import { describe, expect, it } from 'vitest';
import { CLASSIC, rules as classicRules } from './helpers/classic.js';
import { resolvedEditions } from './helpers/editions.js';

/** The classic map with neutral armies on half of the unowned centres (for `neutral-units`: the others are rebuilt on when left empty). */
const NEUTRAL: VariantConfig = {
  ...CLASSIC,
  neutralUnits: ['bel', 'hol', 'den', 'swe', 'nwy', 'spa'].map((at) => ({ kind: 'army' as const, at })),
};

/** The options the retreat and adjustment phases read, each choice in turn on the classic rules. */
const PHASE_OPTIONS = [
  'retreat-default',
  'retreat-to-convoy-origin',
  'build-sites',
  'auto-builds',
  'waive-builds',
  'voluntary-disbands',
  'excess-builds',
  'same-province-builds',
  'excess-disbands',
  'removal-order',
  'neutral-units',
  'duplicate-orders',
  'unknown-coast',
  'build-missing-unit-type',
  'fleet-build-inland',
  'adjustment-interval',
];

function ruleSets(): { label: string; rules: RuleOptions; config: VariantConfig }[] {
  const out: { label: string; rules: RuleOptions; config: VariantConfig }[] = [];
  for (const [name, r] of resolvedEditions()) out.push({ label: `edition ${name}`, rules: r, config: CLASSIC });
  for (const key of PHASE_OPTIONS) {
    const spec = RULE_REGISTRY.find((s) => s.key === key)!;
    expect(spec, key).toBeDefined();
    const values: unknown[] = spec.kind === 'boolean' ? [true, false] : 'choices' in spec && spec.choices ? spec.choices.map((c) => c.value) : [2];
    for (const value of values) {
      const config = key === 'neutral-units' ? NEUTRAL : CLASSIC;
      out.push({ label: `${key} ${String(value)}`, rules: classicRules({ [key]: value }), config });
    }
  }
  // Draws by lot with several of the options above at once.
  out.push({ label: 'lot', rules: classicRules({ 'retreat-default': 'lot', 'removal-order': 'random', 'auto-builds': 'army' }), config: CLASSIC });
  out.push({ label: 'gm', rules: classicRules({ 'retreat-default': 'gm-order', 'removal-order': 'abroad-first', 'voluntary-disbands': true, 'neutral-units': 'hold-and-rebuild' }), config: NEUTRAL });
  return out;
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const kindName = (k: number): 'army' | 'fleet' => (k === FLEET ? 'fleet' : 'army');

/** Retreat orders for the dislodged units, as written and as integers: legal ones, none, disbands, and retreats anywhere near or far. */
function retreatOrders(board: Board, state: GameStateInts, legal: readonly Order[], rng: Rng): { orders: Order[]; to: Int32Array } {
  const D = state.dislodged;
  const to = new Int32Array(D.n).fill(RETREAT_NONE);
  const orders: Order[] = [];
  const chosen: number[] = [];
  for (let u = 0; u < D.n; u++) {
    if (D.power[u] === board.neutralPower) continue;
    const power = board.powerIds[D.power[u]!]!;
    const unit = { kind: kindName(D.kind[u]!), at: board.locName(D.loc[u]!) };
    const r = rng();
    if (r < 0.15) continue;
    if (r < 0.3) {
      orders.push({ type: 'disband', power, unit });
      to[u] = RETREAT_DISBAND;
      continue;
    }
    let l: number;
    const adj = D.kind[u] === FLEET ? board.fleetAdj : board.armyAdj;
    const from = D.loc[u]!;
    const near = (x: number): boolean => {
      for (let i = adj.offsets[from]!; i < adj.offsets[from + 1]!; i++) if (adj.targets[i] === x) return true;
      return false;
    };
    // Where another unit retreats, when it is near: two units retreating to one province.
    const clash = chosen.find(near);
    if (clash !== undefined && rng() < 0.7) l = clash;
    else if (r < 0.6) {
      // The legal order randomOrders gave this unit, if any.
      const given = legal.find((o) => o.type === 'retreat' && o.unit.at === unit.at);
      l = given && given.type === 'retreat' ? board.locId(given.to) : -1;
      if (l < 0) continue;
      chosen.push(l);
    } else if (r < 0.9) {
      const n = adj.offsets[from + 1]! - adj.offsets[from]!;
      if (n === 0) continue;
      l = adj.targets[adj.offsets[from]! + Math.floor(rng() * n)]!;
      // Now and then the province of a coast, or a coast for an army.
      if (rng() < 0.2) l = board.locProvince[l]!;
    } else l = Math.floor(rng() * board.locationCount);
    orders.push({ type: 'retreat', power, unit, to: board.locName(l) });
    to[u] = l;
  }
  return { orders, to };
}

/** Adjustment orders as written and as integers: randomOrders' legal ones, plus builds anywhere, repeated and foreign disbands, waives. */
function adjustmentOrders(board: Board, state: GameStateInts, legal: readonly Order[], rng: Rng): { orders: Order[]; ints: AdjustmentOrdersInts } {
  const U = state.units;
  const orders: Order[] = [];
  const type: number[] = [];
  const power: number[] = [];
  const unit: number[] = [];
  const loc: number[] = [];
  const unitAt = (at: string): number => {
    for (let u = 0; u < U.n; u++) if (board.locName(U.loc[u]!) === at) return u;
    return -1;
  };
  const disband = (p: number, u: number): void => {
    orders.push({ type: 'disband', power: board.powerIds[p]!, unit: { kind: kindName(U.kind[u]!), at: board.locName(U.loc[u]!) } });
    type.push(ADJUSTMENT_ORDER.DISBAND);
    power.push(p);
    unit.push(u);
    loc.push(-1);
  };
  const build = (p: number, kind: number, l: number): void => {
    const o: Order = kind < 0 ? { type: 'build', power: board.powerIds[p]!, at: board.locName(l) } : { type: 'build', power: board.powerIds[p]!, kind: kindName(kind), at: board.locName(l) };
    orders.push(o);
    type.push(ADJUSTMENT_ORDER.BUILD);
    power.push(p);
    unit.push(kind);
    loc.push(l);
  };
  const waive = (p: number): void => {
    orders.push({ type: 'waive', power: board.powerIds[p]! });
    type.push(ADJUSTMENT_ORDER.WAIVE);
    power.push(p);
    unit.push(-1);
    loc.push(-1);
  };
  for (const o of legal) {
    if (rng() < 0.15) continue;
    const p = board.powerId(o.power);
    if (o.type === 'disband') disband(p, unitAt(o.unit.at));
    else if (o.type === 'build') build(p, o.kind === undefined ? -1 : o.kind === 'fleet' ? FLEET : ARMY, board.locId(o.at));
    else if (o.type === 'waive') waive(p);
  }
  const centres: number[] = [];
  for (let prov = 0; prov < board.provinceCount; prov++) if (board.supplyCentre[prov]) centres.push(prov);
  for (let k = Math.floor(rng() * 4); k > 0; k--) {
    const p = Math.floor(rng() * board.powerCount);
    const r = rng();
    if (r < 0.35 && U.n > 0) {
      // Mostly a unit of its own; the same unit twice now and then.
      let u = Math.floor(rng() * U.n);
      for (let tries = 0; tries < 5 && U.power[u] !== p && rng() < 0.8; tries++) u = Math.floor(rng() * U.n);
      disband(p, u);
      if (rng() < 0.2) disband(p, u);
    } else if (r < 0.9) {
      const homes = board.homeCentres[p]!;
      const prov = homes.length > 0 && rng() < 0.6 ? homes[Math.floor(rng() * homes.length)]! : pick(rng, centres);
      let l = prov;
      const cs = board.coasts;
      const nc = cs.offsets[prov + 1]! - cs.offsets[prov]!;
      if (nc > 0 && rng() < 0.6) l = cs.targets[cs.offsets[prov]! + Math.floor(rng() * nc)]!;
      build(p, pick(rng, [-1, ARMY, FLEET]), l);
      if (rng() < 0.15) build(p, pick(rng, [-1, ARMY, FLEET]), l);
    } else waive(p);
  }
  const n = orders.length;
  return { orders, ints: { n, type: Uint8Array.from(type), power: Int32Array.from(power), unit: Int32Array.from(unit), loc: Int32Array.from(loc) } };
}

const STATUS_NAME: Record<number, OrderResult['status'] | 'none'> = {
  [MOVEMENT_STATUS.SUCCEEDS]: 'succeeds',
  [MOVEMENT_STATUS.FAILS]: 'fails',
  [MOVEMENT_STATUS.ILLEGAL]: 'illegal',
  [MOVEMENT_STATUS.NONE]: 'none',
};

interface Tally {
  retreat: number;
  adjustment: number;
  illegal: number;
  defaults: number;
  /** Adjustment phases where `removal-order` removed units. */
  removals: number;
  /** Retreats that failed because another unit retreated to the same province. */
  clashes: number;
  /** Adjustment phases that rebuilt neutral units. */
  neutralBuilds: number;
}

/**
 * A retreat phase made from a movement position: a few units dislodged (the
 * attack from a neighbouring province, now and then by convoy), a standoff or
 * two. Random games seldom dislodge two units at once, so retreats to one
 * province are rare there.
 */
function madeRetreat(board: Board, pos: Position, rng: Rng): Position {
  const units = [...pos.units];
  const dislodged: DislodgedUnit[] = [];
  for (let k = 1 + Math.floor(rng() * 4); k > 0 && units.length > 0; k--) {
    const [u] = units.splice(Math.floor(rng() * units.length), 1);
    const prov = board.locProvince[board.locId(u!.at)]!;
    const adj = board.provinceAdj;
    const n = adj.offsets[prov + 1]! - adj.offsets[prov]!;
    const from = n > 0 ? board.provinceName(adj.targets[adj.offsets[prov]! + Math.floor(rng() * n)]!) : undefined;
    dislodged.push(from === undefined ? { ...u! } : { ...u!, from, byConvoy: rng() < 0.3 });
  }
  const standoffs: string[] = [];
  for (let k = Math.floor(rng() * 3); k > 0; k--) standoffs.push(board.provinceName(Math.floor(rng() * board.provinceCount)));
  return { phase: { ...pos.phase, kind: 'retreat' }, units, dislodged, owners: pos.owners, standoffs };
}

/** Plays a seeded random game; compares every retreat and adjustment phase (empty ones too), and retreat phases made from its movement positions. */
function compareGame(label: string, config: VariantConfig, board: Board, rules: RuleOptions, seed: number, phases: number, tally: Tally): void {
  const rng = mulberry32(seed);
  const state = new GameStateInts(board);
  let pos: Position = initialPosition(config);
  for (let k = 0; k < phases; k++) {
    const empty = phaseIsEmpty(board, rules, pos);
    const legal = empty ? [] : randomOrders(board, pos, rules, rng, { uniform: k % 3 === 0 });
    if (pos.phase.kind === 'movement') {
      const made = madeRetreat(board, pos, rng);
      comparePhase(`${label}, seed ${seed}, made from ${pos.phase.season} ${pos.phase.year}`, board, rules, made, randomOrders(board, made, rules, rng), seed, state, rng, tally);
      pos = adjudicatePhase(board, pos, legal, rules, { seed }).next;
      continue;
    }
    pos = comparePhase(`${label}, seed ${seed}`, board, rules, pos, legal, seed, state, rng, tally, empty);
  }
}

/** Compares one retreat or adjustment phase, with orders drawn around `legal`; returns the next position. */
function comparePhase(
  label: string,
  board: Board,
  rules: RuleOptions,
  pos: Position,
  legal: readonly Order[],
  seed: number,
  state: GameStateInts,
  rng: Rng,
  tally: Tally,
  empty = false,
): Position {
  const kind = pos.phase.kind;
  const where = `${label}, ${pos.phase.season} ${pos.phase.year} ${kind}`;
  expect(state.load(pos), where).toBe(true);
  let orders: Order[];
  let statusOf: (i: number) => [string, string | undefined];
  if (kind === 'retreat') {
    const w = empty ? { orders: [], to: new Int32Array(state.dislodged.n).fill(RETREAT_NONE) } : retreatOrders(board, state, legal, rng);
    orders = w.orders;
    const unitOf = new Map<number, number>();
    for (let u = 0; u < w.to.length; u++) if (w.to[u] !== RETREAT_NONE) unitOf.set(unitOf.size, u);
    for (let u = 0; u < w.to.length; u++) if (w.to[u] === RETREAT_NONE) tally.defaults++;
    const r = state.playRetreat(rules, { to: w.to }, seed);
    const status = Array.from(r.status.subarray(0, r.n));
    const reason = r.reason.slice(0, r.n);
    statusOf = (i) => [STATUS_NAME[status[unitOf.get(i)!]!]!, reason[unitOf.get(i)!]];
    tally.retreat++;
  } else {
    const w = empty ? { orders: [], ints: { n: 0, type: [], power: [], unit: [], loc: [] } } : adjustmentOrders(board, state, legal, rng);
    orders = w.orders;
    const r = state.playAdjustment(rules, w.ints, seed);
    const status = Array.from(r.status.subarray(0, w.ints.n));
    const reason = r.reason.slice(0, w.ints.n);
    statusOf = (i) => [STATUS_NAME[status[i]!]!, reason[i]];
    tally.adjustment++;
  }
  const friendly = adjudicatePhase(board, pos, orders, rules, { seed });
  if (friendly.removed) tally.removals++;
  if (friendly.built?.some((u) => u.power === NEUTRAL_POWER)) tally.neutralBuilds++;
  friendly.results.forEach((res, i) => {
    expect(statusOf(i), `${where}: ${JSON.stringify(res.order)}`).toEqual([res.status, res.reason]);
    if (res.status === 'illegal') tally.illegal++;
    if (res.reason === 'retreat-clash') tally.clashes++;
  });
  expect(state.toPosition(), where).toEqual(friendly.next);
  expect(JSON.stringify(state.toPosition()), where).toBe(JSON.stringify(friendly.next));
  return friendly.next;
}

describe('integer retreat and adjustment adjudication', () => {
  it('agrees with adjudicatePhase under every edition and every choice of the options these phases read', () => {
    const tally: Tally = { retreat: 0, adjustment: 0, illegal: 0, defaults: 0, removals: 0, clashes: 0, neutralBuilds: 0 };
    const boards = new Map<VariantConfig, Board>([
      [CLASSIC, compileBoard(CLASSIC)],
      [NEUTRAL, compileBoard(NEUTRAL)],
    ]);
    let seed = 1;
    for (const { label, rules, config } of ruleSets()) {
      for (let g = 0; g < 2; g++) compareGame(label, config, boards.get(config)!, rules, seed++, 40, tally);
    }
    // The games reached what the comparison is for.
    expect(tally.retreat).toBeGreaterThan(300);
    expect(tally.adjustment).toBeGreaterThan(300);
    expect(tally.illegal).toBeGreaterThan(300);
    expect(tally.defaults).toBeGreaterThan(300);
    expect(tally.removals).toBeGreaterThan(20);
    expect(tally.clashes).toBeGreaterThan(20);
    expect(tally.neutralBuilds).toBeGreaterThan(2);
  }, 120_000);
});

describe('integer retreat and adjustment adjudication, bad input', () => {
  it('throws RangeError on an unknown location, unit or order type, and the next call is not affected', () => {
    const board = compileBoard(CLASSIC);
    const rules = classicRules();
    const state = new GameStateInts(board);
    const pos: Position = {
      phase: { year: 1901, season: 'spring', kind: 'retreat' },
      units: [{ power: 'germany', kind: 'army', at: 'mun' }],
      dislodged: [{ power: 'france', kind: 'army', at: 'bur', from: 'mar', byConvoy: false }],
      owners: {},
      standoffs: ['pic'],
    };
    expect(state.load(pos)).toBe(true);
    expect(() => adjudicateRetreatInts(board, rules, state, { to: [9999] })).toThrow(RangeError);
    const bad = { ...state, units: { ...state.units, n: 1, loc: Int32Array.of(-5) } };
    expect(() => adjudicateRetreatInts(board, rules, bad, { to: [RETREAT_NONE] })).toThrow(RangeError);
    // Picardy is still a standoff and Munich still occupied after the errors, Paris open.
    const r = adjudicateRetreatInts(board, rules, state, { to: [board.locId('pic')] });
    expect([r.status[0], r.reason[0]]).toEqual([MOVEMENT_STATUS.ILLEGAL, 'standoff']);
    expect(adjudicateRetreatInts(board, rules, state, { to: [board.locId('mun')] }).reason[0]).toBe('occupied');
    expect(adjudicateRetreatInts(board, rules, state, { to: [board.locId('par')] }).final[0]).toBe(board.locId('par'));

    const adj = { ...pos, phase: { year: 1901, season: 'winter', kind: 'adjustment' as const }, dislodged: [], standoffs: [], owners: { mun: 'germany', ber: 'germany' } };
    expect(state.load(adj)).toBe(true);
    const orders = (type: number, unit: number, loc: number): AdjustmentOrdersInts => ({ n: 1, type: [type], power: [board.powerId('germany')], unit: [unit], loc: [loc] });
    expect(() => adjudicateAdjustmentInts(board, rules, state, orders(ADJUSTMENT_ORDER.DISBAND, 7, -1))).toThrow(RangeError);
    expect(() => adjudicateAdjustmentInts(board, rules, state, orders(ADJUSTMENT_ORDER.BUILD, ARMY, 9999))).toThrow(RangeError);
    expect(() => adjudicateAdjustmentInts(board, rules, state, orders(42, -1, -1))).toThrow(RangeError);
    // Munich stays occupied after the errors; Berlin is free.
    expect(adjudicateAdjustmentInts(board, rules, state, orders(ADJUSTMENT_ORDER.BUILD, ARMY, board.locId('mun'))).reason[0]).toBe('occupied');
    const built = adjudicateAdjustmentInts(board, rules, state, orders(ADJUSTMENT_ORDER.BUILD, ARMY, board.locId('ber')));
    expect([built.status[0], built.builtCount, built.builtLoc[0]]).toEqual([MOVEMENT_STATUS.SUCCEEDS, 1, board.locId('ber')]);
  });
});

describe('adjustment orders of no power', () => {
  it('an order given in the neutral units\' name is illegal (wrong-power) in both entries, and the neutral army stays', () => {
    const board = compileBoard(NEUTRAL);
    const rules = classicRules({ 'neutral-units': 'hold-and-rebuild', 'voluntary-disbands': true });
    const start = initialPosition(NEUTRAL);
    const position: Position = { ...start, phase: { year: 1901, season: 'winter', kind: 'adjustment' } };
    const disband: Order = { type: 'disband', power: NEUTRAL_POWER, unit: { kind: 'army', at: 'bel' } };
    const build: Order = { type: 'build', power: NEUTRAL_POWER, kind: 'army', at: 'bel' };
    const result = adjudicatePhase(board, position, [disband, build], rules);
    expect(result.results.map((r) => [r.status, r.reason])).toEqual([
      ['illegal', 'wrong-power'],
      ['illegal', 'wrong-power'],
    ]);
    expect(result.next.units.filter((u) => u.power === NEUTRAL_POWER).map((u) => u.at)).toContain('bel');
    const state = new GameStateInts(board);
    expect(state.load(position)).toBe(true);
    const belArmy = position.units.findIndex((u) => u.at === 'bel');
    const orders: AdjustmentOrdersInts = {
      n: 1,
      type: Uint8Array.of(ADJUSTMENT_ORDER.DISBAND),
      power: Int32Array.of(board.neutralPower),
      unit: Int32Array.of(belArmy),
      loc: Int32Array.of(-1),
    };
    const ints = adjudicateAdjustmentInts(board, rules, state, orders);
    expect([ints.status[0], ints.reason[0], ints.removed[belArmy]]).toEqual([MOVEMENT_STATUS.ILLEGAL, 'wrong-power', 0]);
  });
});
