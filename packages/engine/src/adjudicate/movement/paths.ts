/**
 * The PATH decision of a move (DATC 5.B.4), whether an army actually travels
 * by convoy, and head-to-head battles (which exist only when neither unit is
 * convoyed, 5.B.6/5.B.8). Convoy routes run through fleets with matching
 * CONVOY orders; how a route is disrupted follows `convoy-disruption` (4.A.1)
 * and a route written in the order follows `convoy-path` (4.A.6).
 */
import { csrHas } from '../../board/csr.js';
import { isRoute } from './convoy-routes.js';
import { resolve } from './resolver.js';
import type { MovementState } from './state.js';
import * as tableCodes from './table.js';
import * as flagCodes from './flags.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { CONVOY, MOVE, ROUTE_CONVOY, ROUTE_LAND } = tableCodes;
const { PATH_REQUIRED } = flagCodes;

/** Whether fleet `f` has a matching convoy order for army `a`. */
export function convoysFor(m: MovementState, f: number, a: number): boolean {
  const t = m.t;
  return t.order[f] === CONVOY && t.matched[f] === 1 && t.target[f] === a;
}

/** The fleet in sea `s` if it convoys army `a`, else -1. */
function fleetConvoying(m: MovementState, s: number, a: number): number {
  const f = m.t.units.unitAt[s]!;
  return f >= 0 && convoysFor(m, f, a) ? f : -1;
}

// ------------------------------------------------------------------ is there a route (breadth first)

/** Which seas `seaRoute` may use: those where a fleet stands at the start of the phase (legality, DATC "could be valid"). */
export const SEAS_WITH_FLEET = 0;
/** Those whose fleet has a matching convoy order for the army. */
export const SEAS_CONVOYING = 1;
/** Those whose fleet convoys the army, is not of the power left out, and whose convoy succeeds (resolves that decision). */
export const SEAS_CONVOY_HOLDS = 2;

function seaUsable(m: MovementState, mode: number, s: number, a: number, without: number, power: number): boolean {
  if (s === without) return false;
  if (mode === SEAS_WITH_FLEET) return m.t.fleetSea[s] === 1;
  const f = fleetConvoying(m, s, a);
  if (mode === SEAS_CONVOYING) return f >= 0;
  return f >= 0 && m.t.units.power[f] !== power && resolve(m, f);
}

/**
 * Whether a route of usable seas (`mode`, for army `a`; never sea `without`;
 * no fleet of `power` under SEAS_CONVOY_HOLDS) leads from province `from` to
 * province `to`. The one breadth-first route search of the adjudicator. Each
 * sea is judged before its `seen` mark is read, as the searches it replaces
 * did, so decisions are resolved in the same order.
 */
export function seaRoute(m: MovementState, from: number, to: number, mode: number, a: number, without: number, power: number): boolean {
  if (from === to) return false;
  const adj = m.t.board.seaAdj;
  const { offsets, targets } = adj;
  const frame = m.seas.enter();
  const { seen, queue } = frame;
  let tail = 0;
  let found = false;
  for (let i = offsets[from]!; i < offsets[from + 1]!; i++) {
    const s = targets[i]!;
    if (seaUsable(m, mode, s, a, without, power) && !seen[s]) {
      seen[s] = 1;
      queue[tail++] = s;
    }
  }
  for (let head = 0; head < tail; head++) {
    const s = queue[head]!;
    if (csrHas(adj, to, s)) {
      found = true;
      break;
    }
    for (let i = offsets[s]!; i < offsets[s + 1]!; i++) {
      const x = targets[i]!;
      if (x !== from && x !== to && seaUsable(m, mode, x, a, without, power) && !seen[x]) {
        seen[x] = 1;
        queue[tail++] = x;
      }
    }
  }
  m.seas.leave(frame, tail);
  return found;
}

// ------------------------------------------------------------------ the fleets of minimal routes

/**
 * Computes, once per army and phase, the fleets on minimal routes among army
 * `a`'s convoyers (4.A.1: "a fleet of a route"): `m.routeFleetList[routeFleetStart[a] .. routeFleetEnd[a])`
 * in the order the search found their seas, and `onRoute[f] = 1` for each. A
 * fleet convoys one army at most, so one list per army fits in one pool of units.
 */
function computeRouteFleets(m: MovementState, a: number): void {
  if (m.routeFleetsDone[a]) return;
  const t = m.t;
  const { board, units } = t;
  const usable = m.usableSea;
  for (let f = t.cvyHead[a]!; f >= 0; f = t.cvyNext[f]!) usable[units.prov[f]!] = 1;
  const routes = m.routes;
  routes.search(board, usable, units.prov[a]!, t.dstProv[a]!);
  for (let f = t.cvyHead[a]!; f >= 0; f = t.cvyNext[f]!) usable[units.prov[f]!] = 0;
  m.routeFleetStart[a] = m.routeFleetCount;
  for (let i = 0; i < routes.count; i++) {
    const f = units.unitAt[routes.list[i]!]!;
    m.routeFleetList[m.routeFleetCount++] = f;
    m.onRoute[f] = 1;
  }
  m.routeFleetEnd[a] = m.routeFleetCount;
  routes.clear();
  m.routeFleetsDone[a] = 1;
  m.routeFleetsUsed = true;
}

/** Whether fleet `f` is on a minimal route of army `a`'s convoyers. */
export function onRouteOf(m: MovementState, a: number, f: number): boolean {
  computeRouteFleets(m, a);
  return m.onRoute[f] === 1 && convoysFor(m, f, a);
}

/** Whether army `a` has no convoy route without fleet `f` (the 2000 paradox rule's "necessary"). */
export function necessaryFleet(m: MovementState, a: number, f: number): boolean {
  if (!onRouteOf(m, a, f)) return false;
  const t = m.t;
  return !seaRoute(m, t.units.prov[a]!, t.dstProv[a]!, SEAS_CONVOYING, a, t.units.prov[f]!, -1);
}

/**
 * Whether army `a` gets through by convoy, resolving the CONVOY decisions it
 * needs. `excludePower` leaves out that power's fleets (self-dislodgement
 * `no-convoy`); -1 leaves out none.
 */
export function convoyPath(m: MovementState, a: number, excludePower = -1): boolean {
  const t = m.t;
  const { board, units } = t;
  if (t.cvyHead[a]! < 0) return false;
  const from = units.prov[a]!;
  const to = t.dstProv[a]!;
  const spec = t.pathSpec[a];
  if (spec) {
    if (!isRoute(board, spec, from, to)) return false;
    for (const s of spec) {
      const f = fleetConvoying(m, s, a);
      if (f < 0 || units.power[f] === excludePower) return false;
    }
    for (const s of spec) if (!resolve(m, units.unitAt[s]!)) return false;
    return true;
  }
  if (t.f.convoyPath === PATH_REQUIRED) return false;
  if (t.f.anyRouteDisrupts && excludePower < 0) {
    // 1971: dislodging a fleet of any route stops the army.
    computeRouteFleets(m, a);
    const start = m.routeFleetStart[a]!;
    const end = m.routeFleetEnd[a]!;
    if (start === end) return false;
    for (let i = start; i < end; i++) if (!resolve(m, m.routeFleetList[i]!)) return false;
    return true;
  }
  return seaRoute(m, from, to, SEAS_CONVOY_HOLDS, a, -1, excludePower);
}

/** Whether unit `u`'s move travels by convoy. */
export function usesConvoy(m: MovementState, u: number): boolean {
  const route = m.t.route[u];
  if (route === ROUTE_LAND) return false;
  if (route === ROUTE_CONVOY) return true;
  return convoyPath(m, u);
}

/** The PATH decision: a land move always has one; a convoy-only move needs a convoy that gets through. */
export function hasPath(m: MovementState, u: number): boolean {
  return m.t.route[u] === ROUTE_CONVOY ? convoyPath(m, u) : true;
}

/** The unit `u` is in a head-to-head battle with, or -1. */
export function headToHead(m: MovementState, u: number): number {
  const t = m.t;
  const v = t.units.unitAt[t.dstProv[u]!]!;
  if (v < 0 || t.order[v] !== MOVE || t.dstProv[v] !== t.units.prov[u]) return -1;
  if (usesConvoy(m, u) || usesConvoy(m, v)) return -1;
  return v;
}
