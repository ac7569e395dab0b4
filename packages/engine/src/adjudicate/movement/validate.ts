/**
 * From written orders to the movement table: legality of each order (DATC
 * 4.E.1: an illegal order is ignored and its unit holds), one order per unit
 * (4.D.3 `duplicate-orders`; 4.C.1/4.C.2/4.C.5/4.C.6 `valid-unless-other`),
 * implicit orders (4.E.3), how each army travels (4.A.3), and which supports
 * and convoys match the orders they name.
 *
 * "Legal" follows the DATC: an order that, knowing the units on the board but
 * none of the other orders, could be valid. So an army move that needs a
 * convoy is legal when fleets stand where a route could run (6.D.8) and illegal
 * when none do (6.D.32); a support is legal only if the supported move is
 * possible without the supporter's help as a convoyer (6.D.31).
 */
import type { Board } from '../../board/board.js';
import * as boardBits from '../../board/board.js';
import * as boardCodes from '../../board/codes.js';
import type { RuleOptions } from '../../config/rules.js';
import type { ConvoyOrder, MoveOrder, Order, SupportOrder } from '../../orders/order.js';
import type { OrderResult } from '../result.js';
import type { Reason } from '../reasons.js';
import { reasonText } from '../reasons.js';
import { destinationOf, findUnitIndex, found, type WrittenQuality } from '../refs.js';
import * as refCodes from '../refs.js';
import * as flagCodes from './flags.js';
import { seaRoute } from './paths.js';
import * as pathModes from './paths.js';
import type { OrderSlots } from './table.js';
import * as tableCodes from './table.js';
import type { UnitTable } from '../units.js';
import { movementWorkspace, type MovementWorkspace } from './workspace.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { REACH_ARMY, REACH_ARMY_MOVE } = boardBits;
const { ARMY, FLEET } = boardCodes;
const { WRITTEN_MISSING, WRITTEN_OK, WRITTEN_WRONG } = refCodes;
const { ADJ_SWAP_ONLY, ADJ_TAGGED_ONLY, PATH_IGNORED, SUPPORT_COAST_IGNORED, SUPPORT_COAST_MUST_MATCH, SUPPORT_COAST_OWN_MAY_OMIT } = flagCodes;
const { SEAS_CONVOYING, SEAS_WITH_FLEET } = pathModes;
const { CONVOY, HOLD, MOVE, ROUTE_CONVOY, ROUTE_EITHER, ROUTE_LAND, SUPPORT_HOLD, SUPPORT_MOVE, UNMATCHED, UNMATCHED_CIVIL_DISORDER } = tableCodes;

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

function illegalResult(order: Order, reason: Reason): OrderResult {
  return { order, status: 'illegal', reason, detail: reasonText(reason) };
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
  return { illegal, implicitOrders };
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
    // a support of an army's land move. Calls into the general checks cost more
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
        if (p >= 0 && (kind === SUPPORT_HOLD ? supporterReaches(ws, u, p) : landSupport(ws, u, v, p))) {
          order[u] = kind;
          dstProv[u] = p;
          target[u] = v;
          supportCoast[u] = -1;
          t.listSupport(u);
          continue;
        }
      }
    }
    const reason = checkIntOrder(ws, slots, u, kind, dst, v, ovia[u] === 1);
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

/** Makes candidate `slot` (of the written path, or the spare slot of an implicit order) unit `u`'s order. */
function setOrder(ws: MovementWorkspace, u: number, slot: number): void {
  const t = ws.t;
  const c = ws.cand;
  t.order[u] = c.code[slot]!;
  t.orderIndex[u] = slot;
  t.dstLoc[u] = c.dstLoc[slot]!;
  t.dstProv[u] = c.dstProv[slot]!;
  t.target[u] = c.target[slot]!;
  t.supportCoast[u] = c.supportCoast[slot]!;
  t.pathSpec[u] = c.path[slot];
  t.viaConvoy[u] = c.via[slot]!;
  // Set later for the orders it concerns (chooseRoutes); read only for those.
  t.route[u] = ROUTE_LAND;
}

/** A standing order of a unit with several, for `chooseOrder`. */
interface Candidate {
  slot: number;
  type: WrittenQuality;
  nationality: WrittenQuality;
  /** Equal keys: the same order written twice. */
  key: string;
}

/** Equal for the same order written twice (only needed when a unit has several). */
function candidateKey(ws: MovementWorkspace, i: number): string {
  const c = ws.cand;
  const u = c.unit[i]!;
  switch (c.code[i]) {
    case HOLD:
      return `H ${u}`;
    case MOVE:
      if (ws.units.kind[u] === FLEET) return `M ${u} ${c.dstLoc[i]}`;
      return `M ${u} ${c.dstProv[i]} ${c.via[i] ? 'v' : ''} ${c.path[i]?.join(',') ?? ''}`;
    case SUPPORT_HOLD:
      return `SH ${u} ${c.target[i]}`;
    case SUPPORT_MOVE:
      return `SM ${u} ${c.target[i]} ${c.dstProv[i]} ${c.supportCoast[i]}`;
    default:
      return `C ${u} ${c.target[i]} ${c.dstProv[i]}`;
  }
}

/**
 * The one order that stands for a unit with several legal ones, or -1. Exact
 * repeats count once; an order written poorly gives way to one written
 * correctly under `valid-unless-other`; then `duplicate-orders` decides among
 * the rest.
 */
function chooseOrder(ws: MovementWorkspace, u: number, orders: readonly Order[], illegal: (OrderResult | undefined)[]): number {
  const rules = ws.t.rules;
  const sameAs = ws.sameAs;
  const cands: Candidate[] = [];
  for (let i = ws.candFirst[u]!; i < orders.length; i++) {
    if (illegal[i] !== undefined || ws.cand.unit[i] !== u) continue;
    cands.push({ slot: i, type: ws.cType[i] as WrittenQuality, nationality: ws.cNat[i] as WrittenQuality, key: candidateKey(ws, i) });
  }
  const distinct: Candidate[] = [];
  for (const c of cands) {
    const first = distinct.find((d) => d.key === c.key);
    if (first) sameAs[c.slot] = first.slot;
    else distinct.push(c);
  }
  let live = distinct;
  const unlessOther = (q: WrittenQuality): boolean =>
    (q === WRITTEN_MISSING && rules['missing-unit-type'] === 'valid-unless-other') ||
    (q === WRITTEN_WRONG && rules['wrong-unit-type'] === 'valid-unless-other');
  const unlessOtherNat = (c: Candidate): boolean =>
    (c.nationality === WRITTEN_MISSING && rules['missing-nationality'] === 'valid-unless-other') ||
    (c.nationality === WRITTEN_WRONG && rules['wrong-nationality'] === 'valid-unless-other');
  if (live.length > 1) {
    const wellTyped = live.some((c) => c.type === WRITTEN_OK);
    const wellNamed = live.some((c) => c.nationality === WRITTEN_OK);
    const kept = live.filter((c) => !(wellTyped && unlessOther(c.type)) && !(wellNamed && unlessOtherNat(c)));
    for (const c of live) if (!kept.includes(c)) illegal[c.slot] = illegalResult(orders[c.slot]!, 'superseded');
    live = kept;
  }
  if (live.length <= 1) return live[0]?.slot ?? -1;
  const rule = rules['duplicate-orders'];
  const keep = rule === 'first' ? live[0] : rule === 'last' ? live[live.length - 1] : undefined;
  for (const c of live) if (c !== keep) illegal[c.slot] = illegalResult(orders[c.slot]!, 'duplicate-order');
  return keep?.slot ?? -1;
}

// ------------------------------------------------------------------ legality, written orders

/** Checks a written order; when legal, its candidate is in slot `index`. */
function checkOrder(ws: MovementWorkspace, order: Order, index: number, power: number): Reason | undefined {
  if (power < 0) return 'wrong-power';
  ws.cType[index] = WRITTEN_OK;
  ws.cNat[index] = WRITTEN_OK;
  switch (order.type) {
    case 'hold': {
      const u = findUnitIndex(ws.board, ws.t.rules, ws.units, order.unit, power, false);
      if (u < 0) return found.reason;
      if (ws.units.power[u] !== power) return 'wrong-power';
      ws.cand.set(index, u, HOLD, -1, -1, -1, -1, 0);
      ws.cType[index] = found.type;
      return undefined;
    }
    case 'move':
      return checkMove(ws, order, index, power);
    case 'support':
      return checkSupport(ws, order, index, power);
    case 'convoy':
      return checkConvoy(ws, order, index, power);
    default:
      return 'wrong-phase';
  }
}

function checkMove(ws: MovementWorkspace, order: MoveOrder, index: number, power: number): Reason | undefined {
  const { board, units } = ws;
  const rules = ws.t.rules;
  const u = findUnitIndex(board, rules, units, order.unit, power, false);
  if (u < 0) return found.reason;
  if (units.power[u] !== power) return 'wrong-power';
  const type = found.type;
  const prov = destinationOf(board, rules, order.to, units.kind[u]!);
  if (prov < 0) return found.reason;
  const reason = checkMoveInt(ws, ws.cand, index, u, prov, found.coast, order.viaConvoy);
  if (reason !== undefined) return reason;
  ws.cType[index] = type;
  if (units.kind[u] === ARMY && ws.t.f.convoyPath !== PATH_IGNORED && order.path && order.path.length > 0) {
    const seas = order.path.map((s) => board.provinceId(s));
    if (seas.some((s) => s < 0)) return 'unknown-location';
    ws.cand.path[index] = seas;
  }
  return undefined;
}

function checkSupport(ws: MovementWorkspace, order: SupportOrder, index: number, power: number): Reason | undefined {
  const { board, units } = ws;
  const rules = ws.t.rules;
  const s = findUnitIndex(board, rules, units, order.unit, power, false);
  if (s < 0) return found.reason;
  if (units.power[s] !== power) return 'wrong-power';
  const type = found.type;
  const v = findUnitIndex(board, rules, units, order.supported, power, true);
  if (v < 0) return found.reason;
  const nationality = found.nationality;
  if (v === s) return 'support-self';
  let reason: Reason | undefined;
  if (order.to === undefined) {
    reason = checkSupportHoldInt(ws, ws.cand, index, s, v);
  } else {
    const prov = destinationOf(board, rules, order.to, units.kind[v] === FLEET ? FLEET : ARMY);
    if (prov < 0) return found.reason;
    reason = checkSupportMoveInt(ws, ws.cand, index, s, v, prov, found.coast);
  }
  if (reason !== undefined) return reason;
  ws.cType[index] = type;
  ws.cNat[index] = nationality;
  return undefined;
}

function checkConvoy(ws: MovementWorkspace, order: ConvoyOrder, index: number, power: number): Reason | undefined {
  const { board, units } = ws;
  const rules = ws.t.rules;
  const c0 = findUnitIndex(board, rules, units, order.unit, power, false);
  if (c0 < 0) return found.reason;
  if (units.power[c0] !== power) return 'wrong-power';
  const type = found.type;
  if (units.kind[c0] !== FLEET || !board.convoySea[units.prov[c0]!]) return 'wrong-unit-kind';
  const a = findUnitIndex(board, rules, units, order.army, power, true);
  if (a < 0) return found.reason;
  const nationality = found.nationality;
  if (units.kind[a] !== ARMY) return 'wrong-unit-kind';
  const prov = destinationOf(board, rules, order.to, ARMY);
  if (prov < 0) return found.reason;
  const reason = checkConvoyInt(ws, ws.cand, index, c0, a, prov);
  if (reason !== undefined) return reason;
  ws.cType[index] = type;
  ws.cNat[index] = nationality;
  return undefined;
}

// ------------------------------------------------------------------ legality, on integers

/** Checks an integer order of unit `u`; when legal, it is written in slot `u` of `c`. */
function checkIntOrder(ws: MovementWorkspace, c: OrderSlots, u: number, kind: number, dst: number, target: number, via: boolean): Reason | undefined {
  const { board, units } = ws;
  const n = units.n;
  switch (kind) {
    case HOLD:
      c.set(u, u, HOLD, -1, -1, -1, -1, 0);
      return undefined;
    case MOVE: {
      const prov = destinationProvince(ws, dst, units.kind[u]!);
      if (prov < 0) return decodeReason;
      return checkMoveInt(ws, c, u, u, prov, decodedCoast, via);
    }
    case SUPPORT_HOLD:
    case SUPPORT_MOVE: {
      if (target < 0 || target >= n) return 'no-unit';
      if (target === u) return 'support-self';
      if (kind === SUPPORT_HOLD) return checkSupportHoldInt(ws, c, u, u, target);
      const prov = destinationProvince(ws, dst, units.kind[target] === FLEET ? FLEET : ARMY);
      if (prov < 0) return decodeReason;
      return checkSupportMoveInt(ws, c, u, u, target, prov, decodedCoast);
    }
    case CONVOY: {
      if (units.kind[u] !== FLEET || !board.convoySea[units.prov[u]!]) return 'wrong-unit-kind';
      if (target < 0 || target >= n) return 'no-unit';
      if (units.kind[target] !== ARMY) return 'wrong-unit-kind';
      const prov = destinationProvince(ws, dst, ARMY);
      if (prov < 0) return decodeReason;
      return checkConvoyInt(ws, c, u, u, target, prov);
    }
    default:
      return 'wrong-phase';
  }
}

/** Set by `destinationProvince`: the coast named (a location), or -1; the reason when it fails. */
let decodedCoast = -1;
let decodeReason: Reason = 'unknown-location';

/** A destination location as `readDestination` reads its name, for a unit of `kind`: its province, or -1 (see `decodeReason`). */
function destinationProvince(ws: MovementWorkspace, dst: number, kind: number): number {
  const board = ws.board;
  if (!(dst >= 0 && dst < board.locationCount)) {
    decodeReason = 'unknown-location';
    return -1;
  }
  const prov = board.locProvince[dst]!;
  decodedCoast = dst !== prov ? dst : -1;
  if (decodedCoast >= 0 && kind === ARMY) {
    if (ws.t.f.unknownCoastFails) {
      decodeReason = 'unknown-coast';
      return -1;
    }
    decodedCoast = -1;
  }
  return prov;
}

/**
 * `board.canReachProvince(kind, loc, prov)` (kind ARMY or FLEET): one load
 * from the board's reach matrix, or the adjacency row scan on a board too large
 * for one. For an army at a province location it is `armyCanReach(loc, prov)`.
 */
function reaches(ws: MovementWorkspace, kind: number, loc: number, prov: number): boolean {
  const r = ws.reach;
  if (r !== null) return (r[loc * ws.board.provinceCount + prov]! & (REACH_ARMY << kind)) !== 0;
  return ws.board.canReachProvince(kind === FLEET ? FLEET : ARMY, loc, prov);
}

/**
 * Whether unit `u`'s move to province `prov` (no coast named) is a plain one,
 * read off the reach matrix: a land move not tagged "via convoy" (where the
 * rules know the tag), or a fleet move to a province without coasts. Such a
 * move is legal and goes to the province's one location.
 */
function plainMove(ws: MovementWorkspace, u: number, prov: number, via: boolean): boolean {
  const r = ws.reach;
  const { units } = ws;
  if (r === null || prov === units.prov[u]) return false;
  const kind = units.kind[u]!;
  if ((r[units.loc[u]! * ws.board.provinceCount + prov]! & (REACH_ARMY_MOVE << kind)) === 0) return false;
  return kind === FLEET || !via || ws.t.f.convoyToAdjacent === ADJ_SWAP_ONLY;
}

/** Whether supporter `s` could move into province `prov` (so it may support a unit there to hold). */
function supporterReaches(ws: MovementWorkspace, s: number, prov: number): boolean {
  const units = ws.units;
  return reaches(ws, units.kind[s] === FLEET ? FLEET : ARMY, units.loc[s]!, prov);
}

/**
 * Whether `s` may support army `v`'s move to province `prov` (no coast named)
 * as a land move: both could move there, neither stands there, and the army
 * could go by land. Otherwise the general check decides.
 */
function landSupport(ws: MovementWorkspace, s: number, v: number, prov: number): boolean {
  const r = ws.reach;
  const units = ws.units;
  if (r === null || units.kind[v] !== ARMY || prov === units.prov[s] || prov === units.prov[v]) return false;
  return supporterReaches(ws, s, prov) && (r[units.loc[v]! * ws.board.provinceCount + prov]! & REACH_ARMY_MOVE) !== 0;
}

/** Set by `fleetDestinationInt`: the location the fleet moves to. */
let fleetLoc = -1;

/** `fleetDestination` (refs.ts) without building the list of reachable coasts. */
function fleetDestinationInt(ws: MovementWorkspace, from: number, prov: number, coast: number): Reason | undefined {
  const board = ws.board;
  const f = ws.t.f;
  if (!board.hasCoasts(prov)) {
    // Without coasts the province's one location is the province: canMove(FLEET, from, prov).
    if (!reaches(ws, FLEET, from, prov)) return 'not-adjacent';
    fleetLoc = prov;
    return undefined;
  }
  let count = 0;
  let first = -1;
  let named = false;
  const { offsets, targets } = board.fleetAdj;
  for (let i = offsets[from]!; i < offsets[from + 1]!; i++) {
    const x = targets[i]!;
    if (board.locProvince[x] !== prov) continue;
    if (count++ === 0) first = x;
    if (x === coast) named = true;
  }
  if (coast >= 0) {
    if (named) {
      fleetLoc = coast;
      return undefined;
    }
    if (f.impossibleCoastIgnored && count === 1) {
      fleetLoc = first;
      return undefined;
    }
    return count === 0 ? 'not-adjacent' : 'impossible-coast';
  }
  if (count === 0) return 'not-adjacent';
  if (count === 1 && f.impliedCoastInferred) {
    fleetLoc = first;
    return undefined;
  }
  return 'missing-coast';
}

/** Whether an army could be convoyed from `from` to `to` by the fleets on the board, leaving out sea `without`. */
function convoyPossible(ws: MovementWorkspace, from: number, to: number, without: number): boolean {
  const board = ws.board;
  if (!board.isConvoyShore(from) || !board.isConvoyShore(to) || from === to) return false;
  return seaRoute(ws.m, from, to, SEAS_WITH_FLEET, -1, without, -1);
}

/** A move of unit `u` to province `prov` (coast location `coast`, or -1), written "via convoy" or not. */
function checkMoveInt(ws: MovementWorkspace, c: OrderSlots, slot: number, u: number, prov: number, coast: number, via: boolean): Reason | undefined {
  const { board, units } = ws;
  const f = ws.t.f;
  const kind = units.kind[u]!;
  const from = units.prov[u]!;
  if (prov === from) return 'same-province';
  if (plainMove(ws, u, prov, via)) {
    c.set(slot, u, MOVE, prov, prov, -1, -1, 0);
    return undefined;
  }
  if (!board.kindMayEnter(kind === FLEET ? FLEET : ARMY, prov)) return board.impassable[prov] ? 'not-adjacent' : 'wrong-unit-kind';
  if (kind === FLEET) {
    const reason = fleetDestinationInt(ws, units.loc[u]!, prov, coast);
    if (reason !== undefined) return reason;
    c.set(slot, u, MOVE, fleetLoc, prov, -1, -1, 0);
    return undefined;
  }
  const adjacent = reaches(ws, ARMY, from, prov);
  // 'via convoy' means something only where the rules know the tag (not under the 1971 swap rule).
  const tagged = via && f.convoyToAdjacent !== ADJ_SWAP_ONLY;
  if (!adjacent || tagged) ws.markRouteWork(u);
  const convoyOnly = !adjacent || (tagged && !f.viaConvoyFallback);
  if (convoyOnly && !convoyPossible(ws, from, prov, -1)) {
    if (adjacent) return 'no-convoy-route';
    return board.isConvoyShore(from) && board.isConvoyShore(prov) ? 'no-convoy-route' : 'not-adjacent';
  }
  c.set(slot, u, MOVE, prov, prov, -1, -1, tagged ? 1 : 0);
  return undefined;
}

function checkSupportHoldInt(ws: MovementWorkspace, c: OrderSlots, slot: number, s: number, v: number): Reason | undefined {
  const units = ws.units;
  if (!supporterReaches(ws, s, units.prov[v]!)) return 'not-adjacent';
  c.set(slot, s, SUPPORT_HOLD, -1, units.prov[v]!, v, -1, 0);
  return undefined;
}

function checkSupportMoveInt(ws: MovementWorkspace, c: OrderSlots, slot: number, s: number, v: number, prov: number, named: number): Reason | undefined {
  const { board, units } = ws;
  const f = ws.t.f;
  const sKind = units.kind[s] === FLEET ? FLEET : ARMY;
  const vKind = units.kind[v] === FLEET ? FLEET : ARMY;
  if (prov === units.prov[s] || prov === units.prov[v]) return 'same-province';
  if (!reaches(ws, sKind, units.loc[s]!, prov)) return 'not-adjacent';
  if (named < 0 && landSupport(ws, s, v, prov)) {
    c.set(slot, s, SUPPORT_MOVE, -1, prov, v, -1, 0);
    return undefined;
  }
  if (!board.kindMayEnter(vKind, prov)) return 'wrong-unit-kind';
  let coast = named;
  if (vKind === FLEET) {
    // The locations of `prov` the fleet could move to.
    let count = 0;
    let includes = false;
    if (board.hasCoasts(prov)) {
      const { offsets, targets } = board.fleetAdj;
      const from = units.loc[v]!;
      for (let i = offsets[from]!; i < offsets[from + 1]!; i++) {
        const x = targets[i]!;
        if (board.locProvince[x] !== prov) continue;
        count++;
        if (x === coast) includes = true;
      }
    } else if (reaches(ws, FLEET, units.loc[v]!, prov)) {
      count = 1;
      includes = coast === prov;
    }
    if (count === 0) return 'not-adjacent';
    if (coast >= 0 && !includes) {
      if (f.supportCoast !== SUPPORT_COAST_IGNORED) return 'impossible-coast';
    }
    if (f.supportCoast === SUPPORT_COAST_IGNORED) coast = -1;
  } else if (!reaches(ws, ARMY, units.prov[v]!, prov) && !convoyPossible(ws, units.prov[v]!, prov, units.prov[s]!)) {
    return 'not-adjacent';
  }
  c.set(slot, s, SUPPORT_MOVE, -1, prov, v, coast, 0);
  return undefined;
}

/** Fleet `c0` (a fleet in a convoy sea) convoys army `a` to province `prov`. */
function checkConvoyInt(ws: MovementWorkspace, c: OrderSlots, slot: number, c0: number, a: number, prov: number): Reason | undefined {
  const { board, units } = ws;
  const from = units.prov[a]!;
  if (prov === from) return 'same-province';
  if (!board.kindMayEnter(ARMY, prov) || !board.isConvoyShore(prov) || !board.isConvoyShore(from)) return 'not-adjacent';
  // On a minimal route of the fleets on the board (6.G.19); the search stops once it finds c0's sea.
  const routes = ws.m.routes;
  const sea = units.prov[c0]!;
  routes.search(board, ws.t.fleetSea, from, prov, sea);
  const onRoute = routes.found[sea] === 1;
  routes.clear();
  if (!onRoute) return 'not-on-route';
  c.set(slot, c0, CONVOY, -1, prov, a, -1, 0);
  return undefined;
}

// ------------------------------------------------------------------ implicit orders (4.E.3)

/**
 * An unordered unit that an own support or convoy expects to move is given
 * that move, if it is legal. An explicit order always wins, and orders of other
 * powers never imply anything.
 */
function deduceImplicitOrders(ws: MovementWorkspace, spareSlot: number): void {
  const { t, units } = ws;
  const ordered = ws.illegalMove; // reused: 1 for units with an order that stands (or an implicit one)
  for (let u = 0; u < units.n; u++) ordered[u] = t.orderIndex[u]! >= 0 ? 1 : 0;
  for (let s = 0; s < units.n; s++) {
    const code = t.order[s];
    if (code !== SUPPORT_MOVE && code !== CONVOY) continue;
    const v = t.target[s]!;
    if (ordered[v] || units.power[v] !== units.power[s]) continue;
    const coast = code === SUPPORT_MOVE ? t.supportCoast[s]! : -1;
    if (checkMoveInt(ws, ws.cand, spareSlot, v, t.dstProv[s]!, coast, false) !== undefined) continue;
    ordered[v] = 1;
    setOrder(ws, v, spareSlot);
    t.orderIndex[v] = -1;
    t.implicit[v] = 1;
    ws.implicitFrom[ws.implicitCount] = s;
    ws.implicitUnits[ws.implicitCount++] = v;
  }
}

// ------------------------------------------------------------------ matching

/**
 * Marks the supports and convoys that match their target's order, and files
 * every order in the table's linked lists: matched supports and convoys under
 * the unit they name, moves under their destination province. Each list of
 * orders is walked from its last unit to its first, so that prepending leaves
 * every linked list in unit order. Also opens the decisions of the moves and
 * of the supports and convoys that match, and settles the others as failing
 * before anything is resolved; a matched support or convoy with no move into
 * its unit's province is settled as succeeding (nothing can cut it or dislodge
 * the unit: see `settleUncontested`, resolver.ts, which settles the
 * uncontested moves once every list is filed).
 */
function fileOrders(ws: MovementWorkspace): void {
  const { t, units } = ws;
  const { civilDisorderFails, denyHoldSupport } = t.f;
  const { order, target, dstProv, matched, supHead, supNext, cvyHead, cvyNext, unmatchedReason, noHoldSupport } = t;
  const { resolved, res } = ws.m;
  t.newIntoLists();
  const { intoHead, intoStamp, intoNext, moves, supports, convoys } = t;
  const stamp = t.stamp;
  for (let k = t.moveCount - 1; k >= 0; k--) {
    const s = moves[k]!;
    resolved[s] = 0;
    res[s] = 0;
    const p = dstProv[s]!;
    intoNext[s] = intoStamp[p] === stamp ? intoHead[p]! : -1;
    intoHead[p] = s;
    intoStamp[p] = stamp;
  }
  // supHead and cvyHead were cleared with the other per-unit columns (beginTable, validateMovementInts).
  const prov = units.prov;
  for (let k = t.supportCount - 1; k >= 0; k--) {
    const s = supports[k]!;
    const v = target[s]!;
    let ok: boolean;
    if (order[s] === SUPPORT_HOLD) {
      if (order[v] === MOVE || (denyHoldSupport && noHoldSupport[v])) {
        ok = false;
        unmatchedReason[s] = UNMATCHED;
      } else if (civilDisorderFails && !ws.powersWithOrders[units.power[v]!] && units.power[v] !== units.power[s]) {
        ok = false;
        unmatchedReason[s] = UNMATCHED_CIVIL_DISORDER;
      } else {
        ok = true;
      }
    } else {
      ok = order[v] === MOVE && dstProv[v] === dstProv[s] && supportCoastMatches(ws, s, v);
      if (!ok) unmatchedReason[s] = UNMATCHED;
    }
    if (!ok) {
      matched[s] = 0;
      resolved[s] = 1; // settled: it fails
      res[s] = 0;
      continue;
    }
    matched[s] = 1;
    // Uncontested: the moves into every province are filed by now.
    const open = intoStamp[prov[s]!] === stamp;
    resolved[s] = open ? 0 : 1;
    res[s] = open ? 0 : 1;
    supNext[s] = supHead[v]!;
    supHead[v] = s;
  }
  for (let k = t.convoyCount - 1; k >= 0; k--) {
    const s = convoys[k]!;
    const v = target[s]!;
    if (!(order[v] === MOVE && dstProv[v] === dstProv[s])) {
      matched[s] = 0;
      resolved[s] = 1; // settled: it fails
      res[s] = 0;
      unmatchedReason[s] = UNMATCHED;
      continue;
    }
    matched[s] = 1;
    // Uncontested, as a support.
    const open = intoStamp[prov[s]!] === stamp;
    resolved[s] = open ? 0 : 1;
    res[s] = open ? 0 : 1;
    // An army named by a matched convoy may go by sea: chooseRoutes decides.
    if (cvyHead[v]! < 0) ws.markRouteWork(v);
    cvyNext[s] = cvyHead[v]!;
    cvyHead[v] = s;
    t.matchedConvoys++;
  }
}

/** DATC 4.B.4 `support-coast`: the coast a support names against the coast the fleet moves to. */
function supportCoastMatches(ws: MovementWorkspace, s: number, v: number): boolean {
  const { board, t, units } = ws;
  if (units.kind[v] !== FLEET || !board.hasCoasts(t.dstProv[v]!)) return true;
  const named = t.supportCoast[s]!;
  const actual = t.dstLoc[v]!;
  switch (t.f.supportCoast) {
    case SUPPORT_COAST_IGNORED:
      return true;
    case SUPPORT_COAST_MUST_MATCH:
      return named < 0 || named === actual;
    case SUPPORT_COAST_OWN_MAY_OMIT:
      return named >= 0 ? named === actual : units.power[v] === units.power[s];
    default: // required
      return named === actual;
  }
}

// ------------------------------------------------------------------ routes (4.A.3)

/**
 * How each army move travels, for the armies listed as route work (see
 * `MovementWorkspace.routeUnits`). A move to a non-adjacent province goes by convoy.
 * To an adjacent one, per `convoy-to-adjacent`: `via-convoy` and `intent` take
 * the convoy when the order says "via convoy" or a fleet of the army's own power
 * is ordered (legally) to convoy it; `tagged-only` only for "via convoy";
 * `swap-only` only when the unit in the destination moves the other way (and
 * then only if the convoy gets through).
 *
 * `via-convoy-fallback` is read as the DATC v2.4 preference it comes from
 * (6.G.8, "explicit convoy that isn't there"): a chosen convoy falls back on the
 * land route when the convoy orders form no route at all. A convoy route that is
 * ordered is taken, and if it is disrupted the army does not move (so 6.G.11 is
 * the plain convoy paradox under both values).
 */
function chooseRoutes(ws: MovementWorkspace): void {
  const { t, units } = ws;
  const mode = t.f.convoyToAdjacent;
  const list = ws.routeUnits;
  const count = ws.routeWork;
  for (let k = 0; k < count; k++) {
    const u = list[k]!;
    if (t.order[u] !== MOVE || units.kind[u] !== ARMY) continue;
    const from = units.prov[u]!;
    const to = t.dstProv[u]!;
    if (!reaches(ws, ARMY, from, to)) {
      t.route[u] = ROUTE_CONVOY;
      continue;
    }
    const hasConvoyers = t.cvyHead[u]! >= 0;
    if (mode === ADJ_SWAP_ONLY) {
      const v = units.unitAt[to]!;
      const swap = v >= 0 && t.order[v] === MOVE && t.dstProv[v] === from;
      t.route[u] = swap && hasConvoyers ? ROUTE_EITHER : ROUTE_LAND;
      continue;
    }
    let chosen = t.viaConvoy[u] === 1;
    if (!chosen && mode !== ADJ_TAGGED_ONLY) {
      for (let f = t.cvyHead[u]!; f >= 0 && !chosen; f = t.cvyNext[f]!) chosen = units.power[f] === units.power[u];
    }
    if (!chosen) t.route[u] = ROUTE_LAND;
    else if (!t.f.viaConvoyFallback || orderedRouteExists(ws, u)) t.route[u] = ROUTE_CONVOY;
    else t.route[u] = ROUTE_LAND;
  }
}

/** Whether the fleets ordered to convoy army `u` form a route, whatever becomes of them. */
function orderedRouteExists(ws: MovementWorkspace, u: number): boolean {
  const { t, units } = ws;
  return seaRoute(ws.m, units.prov[u]!, t.dstProv[u]!, SEAS_CONVOYING, u, -1, -1);
}
