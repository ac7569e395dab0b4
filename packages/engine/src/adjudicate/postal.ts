/**
 * A movement phase that carries out its retreats and adjustments at once, as
 * in the postal year of the old rules (000 §3, §10, §11): the moves are
 * adjudicated, then the dislodged units retreat by the lists written with their
 * movement orders (or by `retreat-default`), then, after the fall, the centres
 * change owner and each power's build and disband lists are carried out. The
 * next position is the next movement phase.
 *
 * Which movement phases do this (`inAdvance`):
 * - the retreats, when `retreats` is `priority-list` or no retreat phase
 *   follows the movement in the year (the lists count only with `priority-list`);
 * - the adjustments, when `adjustments` is `priority-list`, the retreats are
 *   carried out at once too, and the centres change owner after this
 *   movement's retreats (the fall of a postal year).
 * Elsewhere a retreat list, a build list or a disband list is illegal.
 *
 * A unit given two orders with retreat lists uses the first list written; a
 * list counts even when its movement order is illegal (the unit holds, and the
 * list says where it goes if it is dislodged).
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import { positionAfter, updateOwners } from '../game/phases.js';
import type { Position } from '../game/position.js';
import type { BuildEntry, Order, RetreatList, UnitRef } from '../orders/order.js';
import { adjustmentsInAdvance, type Written } from './adjustment/lists.js';
import { readExactOrders } from './movement/exact.js';
import { adjudicateLoaded, startMovement } from './movement/index.js';
import { MovementWorkspace } from './movement/workspace.js';
import { phaseRng } from './prng.js';
import { findUnitIndex } from './refs.js';
import type { OrderResult, PhaseResult } from './result.js';
import { reasonText, type Reason } from './reasons.js';
import { retreatsInAdvance } from './retreat-lists.js';
import { retreatContext } from './retreat.js';
import { phaseAfter, phaseStep, type InAdvance } from './step.js';
import { readUnits } from './units.js';

export { inAdvance, type InAdvance } from './step.js';

const illegal = (order: Order, reason: Reason): OrderResult => ({ order, status: 'illegal', reason, detail: reasonText(reason) });

function isAdjustmentOrder(order: Order): boolean {
  return order.type === 'build' || order.type === 'disband' || order.type === 'waive' || order.type === 'build-list' || order.type === 'disband-list';
}

function retreatListOf(order: Order): RetreatList | undefined {
  return order.type === 'hold' || order.type === 'move' || order.type === 'support' || order.type === 'convoy' ? order.retreat : undefined;
}

/** Whether `earlyOf` (in `adjudicateMovementPhase`) judges any of the orders: the same tests, without a result. */
function anyEarly(orders: readonly Order[], plan: InAdvance, lists: boolean): boolean {
  for (let i = 0; i < orders.length; i++) {
    const order = orders[i]!;
    switch (order.type) {
      case 'hold':
      case 'move':
      case 'support':
      case 'convoy':
        if (!plan.retreatLists && order.retreat !== undefined) return true;
        break;
      case 'build-list':
      case 'disband-list':
        if (!plan.adjustments) return true;
        break;
      case 'build':
      case 'disband':
      case 'waive':
        if (!plan.adjustments && lists) return true;
        break;
    }
  }
  return false;
}

/** A movement phase, with what it carries out in advance (see `inAdvance`). */
export function adjudicateMovementPhase(board: Board, position: Position, orders: readonly Order[], rules: RuleOptions, seed: number): PhaseResult {
  const step = phaseStep(board, rules, position.phase);
  // The common case, a plain movement phase whose orders read exactly, adjudicated from start to end
  // there. Otherwise the units are loaded once, whatever the orders (and the moves below, if any order
  // is judged here, read the same units).
  const started = startMovement(board, rules, position, orders, step);
  if (!(started instanceof MovementWorkspace)) return started;
  const ws = started;
  const afterPhase = phaseAfter(step, position.phase);
  const plan = step.plan;
  const lists = rules.adjustments === 'priority-list';
  // No order is judged here: no per-order array is made. Orders that read exactly as integer orders are
  // none that `anyEarly` looks for, so they need no look of its own.
  if (!plan.retreats && !anyEarly(orders, plan, lists)) return adjudicateLoaded(ws, position, orders, false, afterPhase, step.ownersChange);
  const earlyOf = (order: Order): OrderResult | undefined => {
    if (!plan.retreatLists && retreatListOf(order) !== undefined) return illegal(order, 'no-retreat-lists');
    if (!plan.adjustments && (order.type === 'build-list' || order.type === 'disband-list')) return illegal(order, lists ? 'not-adjustment-time' : 'no-adjustment-lists');
    if (!plan.adjustments && lists && isAdjustmentOrder(order)) return illegal(order, 'not-adjustment-time');
    return undefined;
  };
  const early: (OrderResult | undefined)[] = orders.map(earlyOf);

  // The moves: every order not judged above and not an adjustment carried out later.
  const toMovement: number[] = [];
  orders.forEach((order, i) => {
    if (early[i] === undefined && !(plan.adjustments && isAdjustmentOrder(order))) toMovement.push(i);
  });
  const moves = toMovement.map((i) => orders[i]!);
  const movement = adjudicateLoaded(ws, position, moves, readExactOrders(ws, moves), afterPhase, step.ownersChange);
  const results: (OrderResult | undefined)[] = [...early];
  toMovement.forEach((i, k) => (results[i] = movement.results[k]));
  const implicit = movement.results.slice(toMovement.length);
  const finish = (extra: Omit<PhaseResult, 'results' | 'dislodged' | 'next'>, next: Position): PhaseResult => ({
    results: [...results.map((r, i) => r ?? { order: orders[i]!, status: 'succeeds' as const }), ...implicit],
    dislodged: movement.dislodged,
    next,
    ...extra,
  });
  if (!plan.retreats) return finish({}, movement.next);

  // The retreats, by the lists written with the movement orders.
  // In the board's reusable columns: read only here, before the retreat context reads the units after the moves into them.
  const before = readUnits(board, position.units);
  const listAt = new Map<number, RetreatList>();
  if (plan.retreatLists) {
    for (const i of toMovement) {
      const order = orders[i]!;
      const list = retreatListOf(order);
      const power = board.powerId(order.power);
      if (list === undefined || power < 0 || !('unit' in order)) continue;
      const u = findUnitIndex(board, rules, before, order.unit, power, false);
      if (u >= 0 && before.power[u] === power && !listAt.has(before.prov[u]!)) listAt.set(before.prov[u]!, list);
    }
  }
  const after = movement.next;
  const ctx = retreatContext(board, rules, { units: after.units, dislodged: after.dislodged, standoffs: after.standoffs, owners: position.owners });
  const retreatRng = phaseRng(seed, { ...position.phase, kind: 'retreat' });
  const unitLists = after.dislodged.map((d) => listAt.get(board.provinceOf(board.locId(d.at))));
  const retreated = retreatsInAdvance(ctx, unitLists, retreatRng);
  const state = { dislodged: [], standoffs: [] };
  if (!plan.adjustments) {
    return finish({ retreats: retreated.outcomes }, positionAfter(board, rules, position.phase, { ...state, units: retreated.units, owners: position.owners }));
  }

  // After the fall: the centres change owner, then the builds and disbands written with the orders.
  const owners = updateOwners(board, position.owners, retreated.units);
  const builds: Written<BuildEntry>[][] = board.powerIds.map(() => []);
  const disbands: Written<UnitRef>[][] = board.powerIds.map(() => []);
  orders.forEach((order, i) => {
    if (early[i] !== undefined || !isAdjustmentOrder(order)) return;
    const p = board.powerId(order.power);
    if (p < 0) return void (results[i] = illegal(order, 'wrong-power'));
    switch (order.type) {
      case 'build':
        builds[p]!.push({ entry: order.kind === undefined ? { at: order.at } : { kind: order.kind, at: order.at }, orderIndex: i });
        break;
      case 'build-list':
        for (const entry of order.builds) builds[p]!.push({ entry, orderIndex: i });
        break;
      case 'disband':
        disbands[p]!.push({ entry: order.unit, orderIndex: i });
        break;
      case 'disband-list':
        for (const entry of order.units) disbands[p]!.push({ entry, orderIndex: i });
        break;
      case 'waive':
        // Builds that are not listed are not made; a waive says so explicitly.
        results[i] = rules['waive-builds'] ? { order, status: 'succeeds' } : illegal(order, 'waive-not-allowed');
        break;
    }
  });
  const adjusted = adjustmentsInAdvance(board, rules, retreated.units, owners, builds, disbands, phaseRng(seed, { ...position.phase, kind: 'adjustment' }));
  // Each build or disband order takes its entry's result; a list succeeds when one of its entries is carried out.
  const entries = adjusted.adjustments.flatMap((a) => [...a.builds, ...a.disbands]);
  orders.forEach((order, i) => {
    if (results[i] !== undefined || !isAdjustmentOrder(order)) return;
    const mine = entries.filter((e) => e.orderIndex === i);
    if (order.type === 'build' || order.type === 'disband') {
      const e = mine[0];
      if (e) results[i] = e.reason === undefined ? { order, status: e.status } : { order, status: e.status, reason: e.reason, detail: reasonText(e.reason) };
      return;
    }
    results[i] = mine.some((e) => e.status === 'succeeds') ? { order, status: 'succeeds' } : { order, status: 'fails', reason: 'list-unused', detail: reasonText('list-unused') };
  });
  const next = positionAfter(board, rules, position.phase, { ...state, units: adjusted.units, owners });
  const extra = adjusted.removed.length > 0 ? { removed: adjusted.removed } : {};
  return finish({ ...extra, retreats: retreated.outcomes, adjustments: adjusted.adjustments }, next);
}
