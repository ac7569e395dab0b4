/**
 * From written or integer orders to the movement table: the entry points that
 * read a phase's orders, check each (`legality.ts`), keep one per unit
 * (`one-order.ts`) and file them (`filing.ts`: implicit orders, matching,
 * routes), and the clearing of the table between phases.
 */
import type { Board } from '../../board/board.js';
import * as boardCodes from '../../board/codes.js';
import type { RuleOptions } from '../../config/rules.js';
import type { MoveOrder, Order } from '../../orders/order.js';
import type { OrderResult } from '../result.js';
import { findUnitIndex } from '../refs.js';
import type { OrderSlots } from './table.js';
import * as tableCodes from './table.js';
import type { UnitTable } from '../units.js';
import { movementWorkspace, type MovementWorkspace } from './workspace.js';
import { chooseRoutes, deduceImplicitOrders, fileOrders } from './filing.js';
import { checkIntOrder, checkMoveInt, checkOrder, plainMove, plainSupport, supporterReaches } from './legality.js';
import { chooseOrder, illegalResult, setOrder } from './one-order.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { FLEET } = boardCodes;
const { CONVOY, HOLD, MOVE, ROUTE_LAND, SUPPORT_HOLD, SUPPORT_MOVE } = tableCodes;

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

export interface ValidatedMovement {
  /** Per order: its result when it is illegal; undefined for orders that stand (adjudicated later). */
  illegal: (OrderResult | undefined)[];
  /** Implicit orders deduced (4.E.3), with the unit each is for. */
  implicitOrders: { unit: number; order: MoveOrder }[];
}

/**
 * Clears, for the units loaded in the workspace, every table column that is
 * read for every unit (`clearColumns`), and the per-phase marks and lists. The
 * other columns describe an order and are read only for units with an order of
 * that kind, so they are written whenever an order is set. (`matched` was once
 * left out: a unit that supported in one phase and had no order in the next was
 * filed as a supporter again, in another unit's row;
 * `test/workspace-reuse.test.ts` guards it.) The fleets at sea were marked as
 * the units were loaded.
 */
function beginTable(ws: MovementWorkspace): void {
  clearColumns(ws, ws.units.n);
  beginLists(ws);
}

/** `beginTable` without the per-unit columns: the per-phase marks and lists. */
function beginLists(ws: MovementWorkspace): void {
  // Read only under `civil-disorder` fails (fileOrders), so filled only then.
  if (ws.t.f.civilDisorderFails) ws.powersWithOrders.fill(0);
  // Last phase's implicit orders and route work, undone.
  const { implicitUnits, routeUnits, needsRoute } = ws;
  const implicit = ws.t.implicit;
  for (let k = 0; k < ws.implicitCount; k++) implicit[implicitUnits[k]!] = 0;
  for (let k = 0; k < ws.routeWork; k++) needsRoute[routeUnits[k]!] = 0;
  ws.implicitCount = 0;
  ws.routeWork = 0;
  ws.t.matchedConvoys = 0;
  ws.t.clearOrderLists();
}

/** The per-phase lists and routes, once each unit has its effective order. */
function finishTable(ws: MovementWorkspace, spareSlot: number): void {
  if (ws.t.f.implicitOrders) {
    deduceImplicitOrders(ws, spareSlot);
    // Implicit moves were set after the others: list them in unit order.
    if (ws.implicitCount > 0) ws.t.relistOrders();
  }
  fileOrders(ws);
  // Only armies moving by convoy, tagged "via convoy" or named by a matched convoy
  // order can get another route than the land route their check gave them.
  if (ws.routeWork > 0) chooseRoutes(ws);
}

/**
 * Validates the written orders of a movement phase on these units, in the
 * board's workspace (which the next adjudication on the board reuses). For
 * callers outside the adjudicator that only want to know which orders are legal.
 */
export function validateMovement(board: Board, rules: RuleOptions, units: UnitTable, orders: readonly Order[]): ValidatedMovement {
  const ws = movementWorkspace(board, rules);
  ws.loadUnits(units.n, units.power, units.kind, units.loc);
  ws.units.units = units.units;
  const validated = validateWrittenOrders(ws, orders);
  ws.busy = false;
  // The results of the illegal orders are in a list the next validation reuses: a copy of them.
  return { illegal: validated.illegal.slice(0, orders.length), implicitOrders: validated.implicitOrders };
}

/**
 * The results of the illegal orders of the phase being validated, by order
 * index: one list for the module, cleared up to the number of orders per phase
 * (entries past it are left from an earlier phase and never read), since the
 * adjudicator reads it once, before it returns (`movementOutcome`).
 */
const illegalByOrder: (OrderResult | undefined)[] = [];

/**
 * Validates the written orders of a movement phase into the workspace's table
 * (units loaded). `illegal` is valid until the next validation and is read at
 * indexes below the number of orders only.
 */
export function validateWrittenOrders(ws: MovementWorkspace, orders: readonly Order[]): ValidatedMovement {
  const { board, t, units } = ws;
  const rules = t.rules;
  const n = units.n;
  ws.ensureSlots(orders.length + 1);
  beginTable(ws);
  ws.candCount.fill(0, 0, n);
  const illegal = illegalByOrder;
  while (illegal.length < orders.length) illegal.push(undefined);
  for (let i = 0; i < orders.length; i++) {
    illegal[i] = undefined;
    ws.sameAs[i] = -1;
    const order = orders[i]!;
    const p = ws.powerId(order.power);
    if (p >= 0) ws.powersWithOrders[p] = 1;
    const reason = checkOrder(ws, order, i, p);
    if (reason !== undefined) {
      illegal[i] = illegalResult(order, reason);
      if (order.type === 'move' && p >= 0) {
        const f = findUnitIndex(board, rules, units, order.unit, p, false);
        if (f >= 0 && units.power[f] === p) ws.illegalMove[f] = 1;
      }
    } else {
      const u = ws.cand.unit[i]!;
      if (ws.candCount[u] === 0) ws.candFirst[u] = i;
      ws.candCount[u]! += 1;
    }
  }

  // One order per unit.
  const denyHoldSupport = t.f.denyHoldSupport;
  for (let u = 0; u < n; u++) {
    const count = ws.candCount[u]!;
    const chosen = count === 0 ? -1 : count === 1 ? ws.candFirst[u]! : chooseOrder(ws, u, orders, illegal);
    if (chosen < 0) {
      if (ws.illegalMove[u] && denyHoldSupport) t.noHoldSupport[u] = 1;
      continue;
    }
    setOrder(ws, u, chosen);
    t.listOrder(u);
  }

  finishTable(ws, orders.length);
  return { illegal, implicitOrders: implicitOrderList(ws) };
}

/** The implicit orders deduced for the phase in the workspace (4.E.3), as written orders with their units. */
export function implicitOrderList(ws: MovementWorkspace): { unit: number; order: MoveOrder }[] {
  const { board, t, units } = ws;
  const implicitOrders: { unit: number; order: MoveOrder }[] = [];
  for (let k = 0; k < ws.implicitCount; k++) {
    const v = ws.implicitUnits[k]!;
    const s = ws.implicitFrom[k]!;
    const code = t.order[s];
    implicitOrders.push({
      unit: v,
      order: {
        type: 'move',
        power: board.powerIds[units.power[v]!]!,
        unit: { kind: units.kind[v] === FLEET ? 'fleet' : 'army', at: board.locName(units.loc[v]!) },
        to: code === SUPPORT_MOVE && t.supportCoast[s]! >= 0 ? board.locName(t.supportCoast[s]!) : board.provinceName(t.dstProv[s]!),
        viaConvoy: false,
      },
    });
  }
  return implicitOrders;
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
    // a support of a plain move. Calls into the general checks cost more
    // than these checks (about a tenth of an adjudication, measured). Only the
    // columns the order's kind is read by are written (see the table's columns):
    // a move has no target or support coast, a support no destination location,
    // "via convoy" tag or sea path.
    const dst = odst[u]!;
    const v = otarget[u]!;
    if (kind === MOVE) {
      if (dst >= 0 && dst < locationCount && locProvince[dst] === dst && plainMove(ws, u, dst, ovia[u] === 1)) {
        order[u] = MOVE;
        dstLoc[u] = dst;
        dstProv[u] = dst;
        viaConvoy[u] = 0;
        if (pathSpec[u] !== undefined) pathSpec[u] = undefined; // as in OrderSlots.set
        route[u] = ROUTE_LAND;
        t.listMove(u);
        continue;
      }
    } else if (kind === SUPPORT_HOLD || kind === SUPPORT_MOVE) {
      if (v >= 0 && v < n && v !== u) {
        const p = kind === SUPPORT_HOLD ? uprov[v]! : dst >= 0 && dst < locationCount && locProvince[dst] === dst ? dst : -1;
        if (p >= 0 && (kind === SUPPORT_HOLD ? supporterReaches(ws, u, p) : plainSupport(ws, u, v, p))) {
          order[u] = kind;
          dstProv[u] = p;
          target[u] = v;
          supportCoast[u] = -1;
          t.listSupport(u);
          continue;
        }
      }
    }
    // A move to a province (an army's by convoy, a fleet's to a province with coasts) needs no decoding of its destination.
    const reason =
      kind === MOVE && dst >= 0 && dst < locationCount && locProvince[dst] === dst
        ? checkMoveInt(ws, slots, u, u, dst, -1, ovia[u] === 1)
        : checkIntOrder(ws, slots, u, kind, dst, v, ovia[u] === 1);
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

/**
 * Clears the columns of units `0 .. n)` before their orders are read, so that
 * nothing of the phase before on the same board shows through: every column a
 * phase reads for any unit. One tight pass of stores, with no branch. The
 * resolver's decisions are read only for units with a move, support or convoy,
 * so `fileOrders` writes them for those and no other. Columns that only a few units set are
 * undone from their lists instead (`beginTable`); `matched` is written for
 * every support and convoy as it is filed, and read for no other order; the
 * resolver leaves `visited` and `inCycle` clear when it ends, and clears
 * `forced` and `backup` when the backup rule set them (`resetPhase`).
 */
function clearColumns(ws: MovementWorkspace, n: number): void {
  const { order, orderIndex, noHoldSupport, supHead, cvyHead } = ws.t;
  const illegalMove = ws.illegalMove;
  for (let u = 0; u < n; u++) {
    order[u] = HOLD;
    orderIndex[u] = -1;
    noHoldSupport[u] = 0;
    supHead[u] = -1;
    cvyHead[u] = -1;
    illegalMove[u] = 0;
  }
}
