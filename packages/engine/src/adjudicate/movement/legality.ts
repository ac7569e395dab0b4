/**
 * Whether a movement order is legal (DATC 4.E.1: an illegal order is ignored
 * and its unit holds), for written orders (`checkOrder`, which reads the names
 * and writes a candidate order) and integer ones (`checkIntOrder`), and the
 * checks of the common orders that `validateMovementInts` makes inline
 * (`plainMove`, `supporterReaches`, `plainSupport`, and for the orders of
 * convoys and split coasts `convoyedMove`, `fleetToCoast`, `convoyedSupport`,
 * `supportToCoast`, `convoyAcrossOneSea`): each answers yes only where the
 * general check would accept the order and write the same columns, and
 * otherwise leaves the order to it.
 *
 * "Legal" follows the DATC: an order that, knowing the units on the board but
 * none of the other orders, could be valid. So an army move that needs a
 * convoy is legal when fleets stand where a route could run (6.D.8) and illegal
 * when none do (6.D.32); a support is legal only if the supported move is
 * possible without the supporter's help as a convoyer (6.D.31).
 */
import * as boardBits from '../../board/board.js';
import type { Board } from '../../board/board.js';
import * as boardCodes from '../../board/codes.js';
import { csrHas } from '../../board/csr.js';
import type { ConvoyOrder, MoveOrder, Order, SupportOrder } from '../../orders/order.js';
import type { Reason } from '../reasons.js';
import { destinationOf, findUnitIndex, found } from '../refs.js';
import * as refCodes from '../refs.js';
import * as flagCodes from './flags.js';
import { seaRoute } from './paths.js';
import * as pathModes from './paths.js';
import type { OrderSlots } from './table.js';
import * as tableCodes from './table.js';
import type { MovementWorkspace } from './workspace.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { REACH_ARMY, REACH_ARMY_MOVE } = boardBits;
const { ARMY, FLEET } = boardCodes;
const { WRITTEN_OK } = refCodes;
const { ADJ_SWAP_ONLY, PATH_IGNORED, SUPPORT_COAST_IGNORED } = flagCodes;
const { SEAS_WITH_FLEET } = pathModes;
const { CONVOY, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE } = tableCodes;

/** Checks a written order; when legal, its candidate is in slot `index`. */
export function checkOrder(ws: MovementWorkspace, order: Order, index: number, power: number): Reason | undefined {
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
export function checkIntOrder(ws: MovementWorkspace, c: OrderSlots, u: number, kind: number, dst: number, target: number, via: boolean): Reason | undefined {
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
export function reaches(ws: MovementWorkspace, kind: number, loc: number, prov: number): boolean {
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
export function plainMove(ws: MovementWorkspace, u: number, prov: number, via: boolean): boolean {
  const r = ws.reach;
  const { units } = ws;
  if (r === null || prov === units.prov[u]) return false;
  const kind = units.kind[u]!;
  if ((r[units.loc[u]! * ws.board.provinceCount + prov]! & (REACH_ARMY_MOVE << kind)) === 0) return false;
  return kind === FLEET || !viaTag(ws, via);
}

/** Whether "via convoy" means something for a move so written: where the rules know the tag (not under the 1971 swap rule). */
export function viaTag(ws: MovementWorkspace, via: boolean): boolean {
  return via && ws.t.f.convoyToAdjacent !== ADJ_SWAP_ONLY;
}

/**
 * Whether army `u`'s move to province `prov` (no coast named) is legal as a
 * move by convoy: the army may stand there, the move goes by convoy (the
 * province is not adjacent, or the move is tagged "via convoy": so it is no
 * plain move) and the fleets on the board could convoy it. Such a move is
 * listed for `chooseRoutes`, with `viaTag` in its "via convoy" column, as
 * `checkMoveInt` writes it.
 */
export function convoyedMove(ws: MovementWorkspace, u: number, prov: number, via: boolean): boolean {
  const { board, units } = ws;
  const from = units.prov[u]!;
  if (units.kind[u] === FLEET || prov === from || !board.kindMayEnter(ARMY, prov)) return false;
  return (viaTag(ws, via) || !reaches(ws, ARMY, from, prov)) && convoyPossible(ws, from, prov, -1);
}

/**
 * Whether fleet `u` may move to the named coast `coast` (a coast location) of
 * another province: the fleet's adjacency lists that coast. The move goes to it.
 */
export function fleetToCoast(ws: MovementWorkspace, u: number, coast: number): boolean {
  const { board, units } = ws;
  const prov = board.locProvince[coast]!;
  if (units.kind[u] !== FLEET || prov === units.prov[u] || !board.hasCoasts(prov)) return false;
  return board.kindMayEnter(FLEET, prov) && csrHas(board.fleetAdj, units.loc[u]!, coast);
}

/** Whether supporter `s` could move into province `prov` (so it may support a unit there to hold). */
export function supporterReaches(ws: MovementWorkspace, s: number, prov: number): boolean {
  const units = ws.units;
  return reaches(ws, units.kind[s] === FLEET ? FLEET : ARMY, units.loc[s]!, prov);
}

/**
 * Whether `s` may support unit `v`'s move to province `prov` (no coast named)
 * as a plain move: both could move there, neither stands there, and `v`'s move
 * is plain (`plainMove`: an army's by land, or a fleet's to a province without
 * coasts). Otherwise the general check decides.
 */
export function plainSupport(ws: MovementWorkspace, s: number, v: number, prov: number): boolean {
  const r = ws.reach;
  const units = ws.units;
  if (r === null || prov === units.prov[s] || prov === units.prov[v]) return false;
  return supporterReaches(ws, s, prov) && (r[units.loc[v]! * ws.board.provinceCount + prov]! & (REACH_ARMY_MOVE << units.kind[v]!)) !== 0;
}

/**
 * Whether `s` may support army `v`'s move to province `prov` (no coast named)
 * as a move by convoy: `s` could move there, neither stands there, and the
 * fleets on the board other than one in `s`'s province could convoy `v` there
 * (6.D.31).
 */
export function convoyedSupport(ws: MovementWorkspace, s: number, v: number, prov: number): boolean {
  const { board, units } = ws;
  if (units.kind[v] === FLEET || prov === units.prov[s] || prov === units.prov[v]) return false;
  return supporterReaches(ws, s, prov) && board.kindMayEnter(ARMY, prov) && convoyPossible(ws, units.prov[v]!, prov, units.prov[s]!);
}

/**
 * Whether `s` may support fleet `v`'s move to the named coast `coast` (a coast
 * location): `s` could move into its province, not its own, and `v` may move to
 * that coast (`fleetToCoast`). The support names the coast unless the rules
 * ignore a support's coast (`support-coast ignored`).
 */
export function supportToCoast(ws: MovementWorkspace, s: number, v: number, coast: number): boolean {
  const prov = ws.board.locProvince[coast]!;
  return prov !== ws.units.prov[s] && supporterReaches(ws, s, prov) && fleetToCoast(ws, v, coast);
}

/**
 * Whether fleet `c0` may convoy army `a` to province `prov` (no coast named)
 * across its own sea alone: that sea touches both shores, so the route of it
 * alone is minimal (6.G.19) and `checkConvoyInt` needs no search of routes.
 */
export function convoyAcrossOneSea(ws: MovementWorkspace, c0: number, a: number, prov: number): boolean {
  const { board, units } = ws;
  const from = units.prov[a]!;
  const sea = units.prov[c0]!;
  if (units.kind[c0] !== FLEET || !board.convoySea[sea] || units.kind[a] !== ARMY || prov === from) return false;
  return convoyShores(board, from, prov) && board.kindMayEnter(ARMY, prov) && oneSeaRoute(board, from, prov, sea);
}

/** Whether an army could be convoyed between provinces `from` and `to` at all: both are convoy shores. */
function convoyShores(board: Board, from: number, to: number): boolean {
  return board.isConvoyShore(from) && board.isConvoyShore(to);
}

/** Whether sea `sea` alone is a convoy route from province `from` to province `to`: it touches both. */
function oneSeaRoute(board: Board, from: number, to: number, sea: number): boolean {
  return csrHas(board.seaAdj, from, sea) && csrHas(board.seaAdj, to, sea);
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
  if (!convoyShores(board, from, to) || from === to) return false;
  // Most convoys cross one sea: a fleet's sea touching both shores answers without the search.
  return oneFleetSea(ws, from, to, without) || seaRoute(ws.m, from, to, SEAS_WITH_FLEET, -1, without, -1);
}

/** Whether a sea other than `without`, with a fleet in it, touches both provinces `from` and `to`. */
function oneFleetSea(ws: MovementWorkspace, from: number, to: number, without: number): boolean {
  const board = ws.board;
  const fleetSea = ws.t.fleetSea;
  const { offsets, targets } = board.seaAdj;
  for (let i = offsets[from]!; i < offsets[from + 1]!; i++) {
    const s = targets[i]!;
    if (s !== without && fleetSea[s] === 1 && csrHas(board.seaAdj, to, s)) return true;
  }
  return false;
}

/** A move of unit `u` to province `prov` (coast location `coast`, or -1), written "via convoy" or not. */
export function checkMoveInt(ws: MovementWorkspace, c: OrderSlots, slot: number, u: number, prov: number, coast: number, via: boolean): Reason | undefined {
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
  const tagged = viaTag(ws, via);
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
  if (named < 0 && plainSupport(ws, s, v, prov)) {
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
  if (!board.kindMayEnter(ARMY, prov) || !convoyShores(board, prov, from)) return 'not-adjacent';
  // On a minimal route of the fleets on the board (6.G.19): c0's sea alone, when it touches both shores.
  const sea = units.prov[c0]!;
  if (!oneSeaRoute(board, from, prov, sea) && !onMinimalRoute(ws, from, prov, sea)) return 'not-on-route';
  c.set(slot, c0, CONVOY, -1, prov, a, -1, 0);
  return undefined;
}

/** Whether `sea` lies on a minimal route from `from` to `to` of the fleets on the board (the search stops once it finds it). */
function onMinimalRoute(ws: MovementWorkspace, from: number, to: number, sea: number): boolean {
  const routes = ws.m.routes;
  routes.search(ws.board, ws.t.fleetSea, from, to, sea);
  const found = routes.found[sea] === 1;
  routes.clear();
  return found;
}
