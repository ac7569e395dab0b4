/**
 * The PATH decision of a move (DATC 5.B.4), whether an army actually travels
 * by convoy, and head-to-head battles (which exist only when neither unit is
 * convoyed, 5.B.6/5.B.8). Convoy routes run through fleets with matching
 * CONVOY orders; how a route is disrupted follows `convoy-disruption` (4.A.1)
 * and a route written in the order follows `convoy-path` (4.A.6).
 */
import { isRoute, minimalRouteSeas } from './convoy-routes.js';
import { resolve } from './resolver.js';
import type { MovementState } from './state.js';
import { CONVOY, MOVE, ROUTE_CONVOY, ROUTE_LAND } from './table.js';

/** Whether fleet `f` has a matching convoy order for army `a`. */
export function convoysFor(m: MovementState, f: number, a: number): boolean {
  const t = m.t;
  return t.order[f] === CONVOY && t.matched[f] === 1 && t.target[f] === a;
}

/** The fleets on minimal routes among army `a`'s convoyers (4.A.1: "a fleet of a route"). */
export function routeFleets(m: MovementState, a: number): Set<number> {
  let set = m.routeFleets[a];
  if (!set) {
    const { board, units } = m.t;
    const seas = minimalRouteSeas(board, (s) => fleetConvoying(m, s, a) >= 0, units.prov[a]!, m.t.dstProv[a]!);
    set = new Set([...seas].map((s) => units.unitAt[s]!));
    m.routeFleets[a] = set;
    m.routeFleetsUsed = true;
  }
  return set;
}

/** The fleet in sea `s` if it convoys army `a`, else -1. */
function fleetConvoying(m: MovementState, s: number, a: number): number {
  const f = m.t.units.unitAt[s]!;
  return f >= 0 && convoysFor(m, f, a) ? f : -1;
}

/**
 * Whether army `a` gets through by convoy, resolving the CONVOY decisions it
 * needs. `excludePower` leaves out that power's fleets (self-dislodgement
 * `no-convoy`); -1 leaves out none.
 */
export function convoyPath(m: MovementState, a: number, excludePower = -1): boolean {
  const t = m.t;
  const { board, units, rules } = t;
  if (t.cvyOff[a + 1] === t.cvyOff[a]) return false;
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
  if (rules['convoy-path'] === 'required') return false;
  if (rules['convoy-disruption'] === 'any-route' && excludePower < 0) {
    // 1971: dislodging a fleet of any route stops the army.
    const fleets = routeFleets(m, a);
    if (fleets.size === 0) return false;
    for (const f of fleets) if (!resolve(m, f)) return false;
    return true;
  }
  return convoyRouteGetsThrough(m, a, excludePower, from, to);
}

/** Whether a sea is usable for army `a`'s convoy: its fleet convoys `a`, is not of `excludePower`, and succeeds. */
function convoyingSeaHolds(m: MovementState, a: number, excludePower: number, s: number): boolean {
  const f = fleetConvoying(m, s, a);
  return f >= 0 && m.t.units.power[f] !== excludePower && resolve(m, f);
}

/**
 * `seaRouteExists` over the seas whose fleets convoy army `a` and succeed,
 * without closures or per-call arrays (same order of visits and of decisions
 * resolved).
 */
function convoyRouteGetsThrough(m: MovementState, a: number, excludePower: number, from: number, to: number): boolean {
  if (from === to) return false;
  const { offsets, targets } = m.t.board.seaAdj;
  const frame = m.seas.enter();
  const { seen, queue } = frame;
  let tail = 0;
  let found = false;
  for (let i = offsets[from]!; i < offsets[from + 1]!; i++) {
    const s = targets[i]!;
    if (convoyingSeaHolds(m, a, excludePower, s) && !seen[s]) {
      seen[s] = 1;
      queue[tail++] = s;
    }
  }
  for (let head = 0; head < tail && !found; head++) {
    const s = queue[head]!;
    for (let i = offsets[to]!; i < offsets[to + 1]!; i++) {
      if (targets[i] === s) {
        found = true;
        break;
      }
    }
    if (found) break;
    for (let i = offsets[s]!; i < offsets[s + 1]!; i++) {
      const x = targets[i]!;
      if (x !== from && x !== to && convoyingSeaHolds(m, a, excludePower, x) && !seen[x]) {
        seen[x] = 1;
        queue[tail++] = x;
      }
    }
  }
  m.seas.leave(frame, tail);
  return found;
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
