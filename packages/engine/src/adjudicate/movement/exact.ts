/**
 * The written orders of a movement phase read as integer orders, when they say
 * exactly what integer orders can: each order is a hold, move, support or
 * convoy of a unit of the power giving it, every unit named with its right type
 * and location (and, for a foreign unit, its power where the rules need it), at
 * most one order per unit, no written sea route or retreat list. Such a phase
 * goes through the integer entry's checks (`validateMovementInts`, with its
 * inline checks of the common orders) instead of the written path's candidate
 * slots, which exist for what these orders never have: a unit ordered twice,
 * a reference written poorly. Anything else returns false, having written
 * nothing the written path reads, and the written path takes the phase.
 *
 * The checks and their reasons are the same functions on both paths
 * (`legality.ts`); so is everything after the table. The friendly adjudicator
 * uses it for the common phase (docs/PERFORMANCE.md, "The written orders as
 * integers").
 */
import * as boardCodes from '../../board/codes.js';
import type { Order, UnitRef } from '../../orders/order.js';
import * as tableCodes from './table.js';
import { ORDER_NONE } from './validate.js';
import type { MovementWorkspace } from './workspace.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { ARMY, FLEET } = boardCodes;
const { CONVOY, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE } = tableCodes;
/** A move written "via convoy", while an order is read (never written to the buffer). */
const MOVE_VIA = -1;

/**
 * The unit a reference names exactly (its location, its type, and its power
 * when written or, under `missing-nationality invalid`, needed), or -1.
 */
function exactUnit(ws: MovementWorkspace, ref: UnitRef, orderPower: number, nationalityNeeded: boolean): number {
  const { board, units } = ws;
  const loc = board.locId(ref.at);
  if (loc < 0) return -1;
  const u = units.unitAt[board.locProvince[loc]!]!;
  if (u < 0 || units.loc[u] !== loc) return -1;
  return writtenAs(ws, ref, u, orderPower, nationalityNeeded) ? u : -1;
}

/** Whether `ref`, which names unit `u`'s location, gives its type and (see `exactUnit`) its power. */
function writtenAs(ws: MovementWorkspace, ref: UnitRef, u: number, orderPower: number, nationalityNeeded: boolean): boolean {
  const units = ws.units;
  const kind = ref.kind;
  if (kind === undefined || (kind === 'fleet' ? FLEET : ARMY) !== units.kind[u]) return false;
  return !(ref.power !== undefined ? ws.powerId(ref.power) !== units.power[u] : nationalityNeeded && units.power[u] !== orderPower);
}

/**
 * Writes the orders into the workspace's integer order buffer (`ws.exact`) and
 * each order's unit into `ws.exactUnit`; false, leaving the table untouched,
 * when any order does not fit (see the file's comment). Units loaded.
 */
export function readExactOrders(ws: MovementWorkspace, orders: readonly Order[]): boolean {
  const { board, units } = ws;
  const n = units.n;
  const o = ws.exact;
  const { kind: okind, dst: odst, target: otarget, via: ovia } = o;
  for (let u = 0; u < n; u++) okind[u] = ORDER_NONE;
  const nationalityNeeded = ws.t.rules['missing-nationality'] === 'invalid';
  const orderUnit = ws.exactUnit;
  const placed = units.units;
  let next = 0;
  for (let i = 0; i < orders.length; i++) {
    const order = orders[i]!;
    // The order's type is the one property read at a site every kind of order passes: the others are
    // read in the kind's own case, where the site sees that kind's one or two shapes. Read at one
    // site, the five shapes of the orders make each read megamorphic (a look-up in V8's stub cache);
    // so the cases repeat the same reads on purpose (supports and convoys read at one site went
    // megamorphic too, and the call was slower, measured).
    let ref: UnitRef;
    let powerName: string;
    let kind: number;
    let to: string | undefined;
    let other: UnitRef | undefined;
    switch (order.type) {
      case 'hold':
        if (order.retreat !== undefined) return false;
        ref = order.unit;
        powerName = order.power;
        kind = HOLD;
        break;
      case 'move':
        if (order.retreat !== undefined || (order.path !== undefined && order.path.length > 0)) return false;
        ref = order.unit;
        powerName = order.power;
        kind = MOVE;
        to = order.to;
        other = undefined;
        if (order.viaConvoy) kind = MOVE_VIA;
        break;
      case 'support':
        if (order.retreat !== undefined) return false;
        ref = order.unit;
        powerName = order.power;
        to = order.to;
        other = order.supported;
        kind = to === undefined ? SUPPORT_HOLD : SUPPORT_MOVE;
        break;
      case 'convoy':
        if (order.retreat !== undefined) return false;
        ref = order.unit;
        powerName = order.power;
        to = order.to;
        other = order.army;
        kind = CONVOY;
        break;
      default:
        return false;
    }
    // Orders usually come in the units' order, naming each unit's place as the position does: the
    // next unit's place, when the order names it, is that unit's without a look-up of the name. The
    // unit is found first and its power compared by name (the same string, as a rule), so that the
    // power's name is looked up only when it differs. (The ordered unit's own nationality is never
    // needed: it is checked against the power giving the order.)
    const u = next < n && placed[next]!.at === ref.at ? (writtenAs(ws, ref, next, -1, false) ? next : -1) : exactUnit(ws, ref, -1, false);
    if (u < 0 || okind[u] !== ORDER_NONE) return false;
    const p = units.power[u]!;
    if (placed[u]!.power !== powerName && ws.powerId(powerName) !== p) return false;
    orderUnit[i] = u;
    next = u + 1;
    if (kind === HOLD) {
      okind[u] = HOLD;
      continue;
    }
    // A support to hold names no destination; every other order does.
    const dst = to === undefined ? -1 : board.locId(to);
    if (dst < 0 && kind !== SUPPORT_HOLD) return false;
    if (kind === MOVE || kind === MOVE_VIA) {
      okind[u] = MOVE;
      odst[u] = dst;
      ovia[u] = kind === MOVE_VIA ? 1 : 0;
      continue;
    }
    const v = exactUnit(ws, other!, p, nationalityNeeded);
    if (v < 0) return false;
    okind[u] = kind;
    odst[u] = dst;
    otarget[u] = v;
  }
  return true;
}
