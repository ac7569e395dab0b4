/**
 * Integer orders (one per unit, `MovementOrdersInts`) to the movement table:
 * what `adjudicateMovementInts` takes, and the friendly adjudicator for written
 * orders that read exactly as integer orders (`exact.ts`). The common orders
 * are checked inline, the others by the general checks (`legality.ts`).
 */
import * as boardCodes from '../../board/codes.js';
import * as tableCodes from './table.js';
import * as flagCodes from './flags.js';
import type { MovementWorkspace } from './workspace.js';
import {
  checkIntOrder,
  checkMoveInt,
  convoyAcrossOneSea,
  convoyedMove,
  convoyedSupport,
  fleetToCoast,
  plainMove,
  plainSupport,
  reaches,
  supporterReaches,
  supportToCoast,
  viaTag,
} from './legality.js';
import { beginLists, finishTable } from './phase-table.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { ARMY } = boardCodes;
const { CONVOY, HOLD, MOVE, ROUTE_CONVOY, ROUTE_LAND, SUPPORT_HOLD, SUPPORT_MOVE } = tableCodes;
const { SUPPORT_COAST_IGNORED } = flagCodes;

/** Per unit, in `MovementOrdersInts.kind`: the unit was given no order. */
export const ORDER_NONE = 255;

/**
 * The orders of a movement phase in integer form, one per unit (the unit's
 * index in the unit columns): what `adjudicateMovementInts` takes. Units are
 * referred to by index, so the unit type and the nationality are never written
 * wrong, and a unit has at most one order.
 */
export interface MovementOrdersInts {
  /** Per unit: ORDER_NONE, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE or CONVOY. */
  readonly kind: ArrayLike<number>;
  /** MOVE, SUPPORT_MOVE, CONVOY: the destination location (a coast location to name a coast). */
  readonly dst: ArrayLike<number>;
  /** SUPPORT_HOLD, SUPPORT_MOVE, CONVOY: the supported or convoyed unit. */
  readonly target: ArrayLike<number>;
  /** MOVE: 1 when written "via convoy". */
  readonly via: ArrayLike<number>;
}

/**
 * Validates integer orders (one per unit) into the workspace's table (units
 * loaded). Illegal orders leave their reason in `ws.illegalReason[u]`.
 */
export function validateMovementInts(ws: MovementWorkspace, orders: MovementOrdersInts): void {
  const { t, units } = ws;
  const n = units.n;
  // The per-unit columns are cleared in the loop below, as each unit is read (not by `clearColumns`).
  beginLists(ws);
  // The reasons of the last phase's illegal orders, undone (usually none: cheaper than clearing every unit's).
  const illegalReason = ws.illegalReason;
  for (let k = 0; k < ws.illegalCount; k++) illegalReason[ws.illegalUnits[k]!] = undefined;
  ws.illegalCount = 0;
  const denyHoldSupport = t.f.denyHoldSupport;
  // A legal order is written straight into the table (slot = unit); an illegal one leaves the unit holding.
  const slots = t.slots;
  const { orderIndex, route, noHoldSupport, supHead, cvyHead } = t;
  const { kind: okind, dst: odst, target: otarget, via: ovia } = orders;
  const powersWithOrders = ws.powersWithOrders;
  const { power, prov: uprov } = units;
  const locProvince = ws.board.locProvince;
  const locationCount = ws.board.locationCount;
  const civilDisorderFails = t.f.civilDisorderFails;
  // A support of a move to a named coast keeps the coast unless the rules ignore it (as `checkSupportMoveInt`).
  const supportCoastKept = t.f.supportCoast !== SUPPORT_COAST_IGNORED;
  const { order, dstLoc, dstProv, target, supportCoast, viaConvoy, pathSpec } = t;
  for (let u = 0; u < n; u++) {
    // What `clearColumns` clears for the written orders, cleared here in the same
    // pass: each column once per unit, and a column read only under a rule only
    // under it. (`illegalMove` is read only on the written path, which clears it.)
    supHead[u] = -1;
    cvyHead[u] = -1;
    if (denyHoldSupport) noHoldSupport[u] = 0;
    const kind = okind[u]!;
    if (kind === ORDER_NONE) {
      order[u] = HOLD;
      orderIndex[u] = -1;
      continue;
    }
    if (civilDisorderFails) powersWithOrders[power[u]!] = 1;
    orderIndex[u] = u;
    if (kind === HOLD) {
      order[u] = HOLD;
      continue;
    }
    // The common orders first, checked inline: a plain move, a support to hold,
    // a support of a plain move; then moves by convoy and to a named coast, their
    // supports, and convoys across one sea. Calls into the general checks cost
    // more than these checks (about a tenth of an adjudication, measured). Only
    // the columns the order's kind is read by are written (see the table's
    // columns): a move has no target or support coast, a support no destination
    // location, "via convoy" tag or sea path.
    const dst = odst[u]!;
    const v = otarget[u]!;
    const via = ovia[u] === 1;
    // The destination named: a province (`toProvince`), a coast of one (`toCoast`), or neither (out of range, or none).
    const named = dst >= 0 && dst < locationCount;
    const toProvince = named && locProvince[dst] === dst;
    const toCoast = named && !toProvince;
    if (kind === MOVE) {
      if (toProvince && plainMove(ws, u, dst, via)) {
        order[u] = MOVE;
        dstLoc[u] = dst;
        dstProv[u] = dst;
        viaConvoy[u] = 0;
        if (pathSpec[u] !== undefined) pathSpec[u] = undefined; // as in OrderSlots.set
        route[u] = ROUTE_LAND;
        t.listMove(u);
        continue;
      }
      if (toProvince ? convoyedMove(ws, u, dst, via) : toCoast && fleetToCoast(ws, u, dst)) {
        slots.set(u, u, MOVE, dst, locProvince[dst]!, -1, -1, toProvince && viaTag(ws, via) ? 1 : 0);
        // An army's move to a province no land route reaches goes by convoy, as `chooseRoutes` would
        // decide, so it is no route work; one tagged "via convoy" to an adjacent province is.
        if (toProvince && !reaches(ws, ARMY, uprov[u]!, dst)) route[u] = ROUTE_CONVOY;
        else {
          route[u] = ROUTE_LAND;
          if (toProvince) ws.markRouteWork(u);
        }
        t.listMove(u);
        continue;
      }
    } else if (v >= 0 && v < n && v !== u) {
      if (kind === SUPPORT_HOLD || kind === SUPPORT_MOVE) {
        const p = kind === SUPPORT_HOLD ? uprov[v]! : named ? locProvince[dst]! : -1;
        const legal =
          kind === SUPPORT_HOLD
            ? supporterReaches(ws, u, p)
            : toProvince
              ? plainSupport(ws, u, v, p) || convoyedSupport(ws, u, v, p)
              : toCoast && supportToCoast(ws, u, v, dst);
        if (legal) {
          order[u] = kind;
          dstProv[u] = p;
          target[u] = v;
          supportCoast[u] = kind === SUPPORT_MOVE && toCoast && supportCoastKept ? dst : -1;
          t.listSupport(u);
          continue;
        }
      } else if (kind === CONVOY && toProvince && convoyAcrossOneSea(ws, u, v, dst)) {
        slots.set(u, u, CONVOY, -1, dst, v, -1, 0);
        route[u] = ROUTE_LAND;
        t.listOrder(u);
        continue;
      }
    }
    // A move to a province (an army's by convoy, a fleet's to a province with coasts) needs no decoding of its destination.
    const reason = kind === MOVE && toProvince ? checkMoveInt(ws, slots, u, u, dst, -1, via) : checkIntOrder(ws, slots, u, kind, dst, v, via);
    if (reason === undefined) {
      route[u] = ROUTE_LAND;
      t.listOrder(u);
      continue;
    }
    order[u] = HOLD; // an illegal order leaves its unit holding (no check wrote the order)
    orderIndex[u] = -1;
    illegalReason[u] = reason;
    ws.illegalUnits[ws.illegalCount++] = u;
    if (kind === MOVE && denyHoldSupport) noHoldSupport[u] = 1;
  }
  finishTable(ws, ws.capacity);
}
