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
import { findUnitIndex, found, readPlace } from '../refs.js';
import { phaseAfter, phaseStep } from '../step.js';
import { readUnits } from '../units.js';
import { fillOwners } from './index.js';
import { GameStateInts } from '../game-ints.js';
import {
  ADJUSTMENT_ORDER,
  adjustmentCore,
  adjustmentOrderColumns,
  BUILT_BY_ORDER,
  BUILT_NEUTRAL,
  PLACE_BAD_COAST,
  PLACE_EXACT,
  PLACE_UNKNOWN,
} from './ints.js';

/**
 * Per board: the state and order columns the core is given, of the same shapes
 * as the integer entry's (`GameStateInts`, `adjustmentOrderColumns`), and for
 * each order given the index of the written order.
 */
class Layer {
  readonly state: GameStateInts;
  orders = adjustmentOrderColumns(32);
  index = new Int32Array(32);
  /** Per written order: the reason the layer refused it, or undefined when the core was given it. */
  readonly refused: (Reason | undefined)[] = [];

  constructor(board: Board) {
    this.state = new GameStateInts(board);
  }

  reset(m: number): void {
    if (this.orders.type.length < m) {
      const k = Math.max(m, this.orders.type.length * 2);
      this.orders = adjustmentOrderColumns(k);
      this.index = new Int32Array(k);
    }
    this.orders.n = 0;
    this.refused.length = m;
    this.refused.fill(undefined);
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
}

const layers = new WeakMap<Board, Layer>();

export function adjudicateAdjustment(
  board: Board,
  position: Position,
  orders: readonly Order[],
  rules: RuleOptions,
  seed: number,
): PhaseResult {
  const units = readUnits(board, position.units);
  let oc = layers.get(board);
  if (!oc) layers.set(board, (oc = new Layer(board)));
  const m = orders.length;
  oc.reset(m);
  const { refused } = oc;
  for (let index = 0; index < m; index++) {
    const order = orders[index]!;
    const p = board.powerId(order.power);
    if (p < 0) {
      refused[index] = 'wrong-power';
    } else if (order.type === 'disband') {
      const u = findUnitIndex(board, rules, units, order.unit, p, false);
      if (u < 0) refused[index] = found.reason;
      else oc.add(index, ADJUSTMENT_ORDER.DISBAND, p, u, -1, PLACE_EXACT);
    } else if (order.type === 'build') {
      const place = readPlace(board, order.at);
      const kind = order.kind === undefined ? -1 : order.kind === 'fleet' ? FLEET : ARMY;
      if (!place) oc.add(index, ADJUSTMENT_ORDER.BUILD, p, kind, -1, PLACE_UNKNOWN);
      else oc.add(index, ADJUSTMENT_ORDER.BUILD, p, kind, place.coast >= 0 ? place.coast : place.prov, place.badCoast ? PLACE_BAD_COAST : PLACE_EXACT);
    } else if (order.type === 'waive') {
      oc.add(index, ADJUSTMENT_ORDER.WAIVE, p, -1, -1, PLACE_EXACT);
    } else {
      // Lists are written with the fall movement orders, never in an adjustment phase.
      const list = order.type === 'build-list' || order.type === 'disband-list';
      refused[index] = !list ? 'wrong-phase' : rules.adjustments === 'priority-list' ? 'not-adjustment-time' : 'no-adjustment-lists';
    }
  }

  oc.state.takeUnits(units, position.phase);
  fillOwners(board, position.owners, oc.state.owner);
  const core = adjustmentCore(board, rules, oc.state, oc.orders, seed);

  const results: OrderResult[] = new Array<OrderResult>(m);
  for (let index = 0; index < m; index++) {
    const why = refused[index];
    if (why !== undefined) results[index] = { order: orders[index]!, status: 'illegal', reason: why, detail: reasonText(why) };
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
  if (core.disorderCount > 0) {
    const civilDisorder: Unit[] = [];
    for (let d = 0; d < core.disorderCount; d++) civilDisorder.push({ ...before[core.disorder[d]!]! });
    result.removed = civilDisorder;
  }
  if (unordered) result.built = unordered;
  return result;
}
