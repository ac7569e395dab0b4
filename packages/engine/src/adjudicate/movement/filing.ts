/**
 * The movement table once each unit has its order: implicit orders (DATC
 * 4.E.3), which supports and convoys match the orders they name (filed in the
 * table's linked lists), and how each army travels (4.A.3).
 */
import * as boardCodes from '../../board/codes.js';
import * as flagCodes from './flags.js';
import { seaRoute } from './paths.js';
import * as pathModes from './paths.js';
import * as tableCodes from './table.js';
import type { MovementWorkspace } from './workspace.js';
import { checkMoveInt, reaches } from './legality.js';
import { setOrder } from './one-order.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { ARMY, FLEET } = boardCodes;
const { ADJ_SWAP_ONLY, ADJ_TAGGED_ONLY, SUPPORT_COAST_IGNORED, SUPPORT_COAST_MUST_MATCH, SUPPORT_COAST_OWN_MAY_OMIT } = flagCodes;
const { SEAS_CONVOYING } = pathModes;
const { CONVOY, MOVE, ROUTE_CONVOY, ROUTE_EITHER, ROUTE_LAND, SUPPORT_HOLD, SUPPORT_MOVE, UNMATCHED, UNMATCHED_CIVIL_DISORDER } = tableCodes;

// ------------------------------------------------------------------ implicit orders (4.E.3)

/**
 * An unordered unit that an own support or convoy expects to move is given
 * that move, if it is legal. An explicit order always wins, and orders of other
 * powers never imply anything.
 */
export function deduceImplicitOrders(ws: MovementWorkspace, spareSlot: number): void {
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
export function fileOrders(ws: MovementWorkspace): void {
  const { t, units } = ws;
  const { civilDisorderFails, denyHoldSupport } = t.f;
  const { order, target, dstProv, matched, supHead, supNext, cvyHead, cvyNext, unmatchedReason, noHoldSupport, route } = t;
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
    // An army named by a matched convoy may go by sea: chooseRoutes decides, unless its check
    // already did (a move to a province no land route reaches, read by `validateMovementInts`).
    if (cvyHead[v]! < 0 && route[v] !== ROUTE_CONVOY) ws.markRouteWork(v);
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
export function chooseRoutes(ws: MovementWorkspace): void {
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
