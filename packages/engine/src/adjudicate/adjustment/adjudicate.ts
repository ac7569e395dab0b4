/**
 * The friendly adjustment phase (`adjudicatePhase`): written orders on a
 * `Position` in, a `PhaseResult` out, as a thin layer over the integer core
 * (`adjustmentCore`, ints.ts), so that each rule is written once. The layer
 * reads names into the core's columns (units, owners, and each order's power,
 * unit and place), leaves out what only a written order can get wrong (an
 * unknown power, a unit that is not there, an order of another phase), and
 * turns the core's columns back into results and the next position.
 */
import type { Board } from '../../board/board.js';
import { ARMY, FLEET } from '../../board/codes.js';
import type { RuleOptions } from '../../config/rules.js';
import { NEUTRAL_POWER } from '../../config/variant-config.js';
import type { Position, Unit } from '../../game/position.js';
import type { Order } from '../../orders/order.js';
import { STATUS_ILLEGAL, STATUS_SUCCEEDS } from '../movement/outcome.js';
import type { OrderResult, PhaseResult } from '../result.js';
import { reasonText, type Reason } from '../reasons.js';
import { findUnitIndex, found, placeCode } from '../refs.js';
import { phaseAfter, phaseStep } from '../step.js';
import { readUnits } from '../units.js';
import { PerBoard } from '../per-board.js';
import { readOwners } from './owners.js';
import {
  ADJUSTMENT_ORDER,
  adjustmentCore,
  type AdjustmentCore,
  adjustmentOrderColumns,
  BUILT_BY_ORDER,
  BUILT_NEUTRAL,
  PLACE_BAD_COAST,
  PLACE_EXACT,
  PLACE_UNKNOWN,
} from './ints.js';

/**
 * Per board: the order columns the core is given, of the same shape as the
 * integer entry's (`adjustmentOrderColumns`), for each order given the index
 * of the written order, and the orders the layer refused.
 */
class Layer {
  orders = adjustmentOrderColumns(32);
  index = new Int32Array(32);
  /** The written orders refused (`refusedCount` of them): each one's index and why. */
  refusedAt = new Int32Array(32);
  readonly refusedWhy: Reason[] = [];
  refusedCount = 0;

  constructor(readonly board: Board) {}

  reset(m: number): void {
    if (this.orders.type.length < m) {
      const k = Math.max(m, this.orders.type.length * 2);
      this.orders = adjustmentOrderColumns(k);
      this.index = new Int32Array(k);
      this.refusedAt = new Int32Array(k);
    }
    this.orders.n = 0;
    this.refusedCount = 0;
  }

  add(index: number, type: number, power: number, unit: number, loc: number, place: number): void {
    const o = this.orders;
    const k = o.n++;
    this.index[k] = index;
    o.type[k] = type;
    o.power[k] = power;
    o.unit[k] = unit;
    o.loc[k] = loc;
    o.place[k] = place;
  }

  refuse(index: number, why: Reason): void {
    const r = this.refusedCount++;
    this.refusedAt[r] = index;
    this.refusedWhy[r] = why;
  }
}

const layers = new PerBoard((board) => new Layer(board));

export function adjudicateAdjustment(
  board: Board,
  position: Position,
  orders: readonly Order[],
  rules: RuleOptions,
  seed: number,
): PhaseResult {
  const units = readUnits(board, position.units);
  const oc = layers.get(board);
  const m = orders.length;
  oc.reset(m);
  // A power's orders are mostly written together: its index is looked up once per run of them.
  let name: unknown;
  let p = -1;
  for (let index = 0; index < m; index++) {
    const order = orders[index]!;
    if (order.power !== name) {
      name = order.power;
      p = board.powerId(order.power);
    }
    if (p < 0) {
      oc.refuse(index, 'wrong-power');
    } else if (order.type === 'disband') {
      const u = findUnitIndex(board, rules, units, order.unit, p, false);
      if (u < 0) oc.refuse(index, found.reason);
      else oc.add(index, ADJUSTMENT_ORDER.DISBAND, p, u, -1, PLACE_EXACT);
    } else if (order.type === 'build') {
      const place = placeCode(board, order.at);
      const kind = order.kind === undefined ? -1 : order.kind === 'fleet' ? FLEET : ARMY;
      if (place < 0) oc.add(index, ADJUSTMENT_ORDER.BUILD, p, kind, -1, PLACE_UNKNOWN);
      else oc.add(index, ADJUSTMENT_ORDER.BUILD, p, kind, place >> 1, place & 1 ? PLACE_BAD_COAST : PLACE_EXACT);
    } else if (order.type === 'waive') {
      oc.add(index, ADJUSTMENT_ORDER.WAIVE, p, -1, -1, PLACE_EXACT);
    } else oc.refuse(index, notAnAdjustment(order, rules));
  }

  // The board's unit columns as `readUnits` left them and the owners column as `readOwners` did, nothing copied.
  const core = adjustmentCore(board, rules, units, readOwners(board, position.owners), position.phase, oc.orders, seed);

  const results: OrderResult[] = new Array<OrderResult>(m);
  for (let r = 0; r < oc.refusedCount; r++) {
    const index = oc.refusedAt[r]!;
    const why = oc.refusedWhy[r]!;
    results[index] = { order: orders[index]!, status: 'illegal', reason: why, detail: reasonText(why) };
  }
  for (let k = 0; k < oc.orders.n; k++) {
    const order = orders[oc.index[k]!]!;
    const status = core.status[k];
    if (status === STATUS_SUCCEEDS) results[oc.index[k]!] = { order, status: 'succeeds' };
    else {
      const reason = core.reason[k]!;
      results[oc.index[k]!] = { order, status: status === STATUS_ILLEGAL ? 'illegal' : 'fails', reason, detail: reasonText(reason) };
    }
  }

  // The units that stay are shared with the position before (see positionAfter, game/phases.ts).
  const before = position.units;
  const removed = core.removed;
  let kept = 0;
  for (let u = 0; u < before.length; u++) if (!removed[u]) kept++;
  const after = new Array<Unit>(kept + core.builtCount);
  let k = 0;
  for (let u = 0; u < before.length; u++) if (!removed[u]) after[k++] = before[u]!;
  let unordered: Unit[] | undefined;
  for (let b = 0; b < core.builtCount; b++) {
    const by = core.builtBy[b]!;
    const unit: Unit = {
      power: by === BUILT_NEUTRAL ? NEUTRAL_POWER : board.powerIds[core.builtPower[b]!]!,
      kind: core.builtKind[b] === FLEET ? 'fleet' : 'army',
      at: board.locName(core.builtLoc[b]!),
    };
    after[k++] = unit;
    if (by !== BUILT_BY_ORDER) (unordered ??= []).push(unit);
  }
  // As positionAfter (game/phases.ts) builds it: no centre changes owner after an adjustment phase.
  const next: Position = { units: after, dislodged: [], owners: position.owners, standoffs: [], phase: phaseAfter(phaseStep(board, rules, position.phase), position.phase) };
  const result: PhaseResult = { results, dislodged: [], next };
  if (core.disorderCount > 0) result.removed = removedInDisorder(before, core);
  if (unordered) result.built = unordered;
  return result;
}

// The rarer paths, out of `adjudicateAdjustment`: V8 optimizes a function later the larger it is.

/** Why an order of no adjustment kind is refused. Lists are written with the fall movement orders, never in an adjustment phase. */
function notAnAdjustment(order: Order, rules: RuleOptions): Reason {
  const list = order.type === 'build-list' || order.type === 'disband-list';
  return !list ? 'wrong-phase' : rules.adjustments === 'priority-list' ? 'not-adjustment-time' : 'no-adjustment-lists';
}

/** The units `removal-order` removed, first removed first, each a copy. */
function removedInDisorder(before: readonly Unit[], core: AdjustmentCore): Unit[] {
  const out: Unit[] = [];
  for (let d = 0; d < core.disorderCount; d++) out.push({ ...before[core.disorder[d]!]! });
  return out;
}
