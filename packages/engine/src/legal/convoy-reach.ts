/**
 * Where chains of fleets standing in convoy seas reach, for the legal orders of
 * a movement phase (`movement.ts`): each army's seas and the shores beyond
 * them, and whether a route between two shores exists without a given fleet
 * (6.D.31) or at all (`shortestConvoyRoute`).
 *
 * Apart from `fillMovement`: a game's first phases, with no fleet at sea, never
 * run this code, and V8 threw `fillMovement`'s optimized code away when it
 * first ran there.
 */
import type { Board } from '../board/board.js';
import { ARMY, FLEET } from '../board/codes.js';
import { grown, type LegalScratch } from './cache.js';
import type { LegalOrderTable } from './table.js';

/**
 * Per army on a convoy shore, the fleet-held seas (`FS` in `sc.markC`) its
 * fleet chains reach, in breadth-first order, and the shores beyond them, in
 * the order of those seas: `sc.armySeas` / `sc.armyDests`, by unit from
 * `sc.armySeaOff` / `sc.armyDestOff`. With no fleet-held sea, every army's
 * lists are empty.
 */
export function armiesConvoyReach(t: LegalOrderTable, sc: LegalScratch, FS: number, seaFleets: number): void {
  const { kind, prov, n } = t;
  const board = t.board;
  const P = board.provinceCount;
  const { armySeaOff, armyDestOff } = sc;
  let seaCount = 0;
  let destCount = 0;
  for (let u = 0; u < n; u++) {
    armySeaOff[u] = seaCount;
    armyDestOff[u] = destCount;
    if (seaFleets === 0 || kind[u] !== ARMY) continue;
    const from = prov[u]!;
    if (!board.isConvoyShore(from)) continue;
    const stamp = sc.stamp();
    // At most every sea once, and every shore once.
    sc.armySeas = grown(sc.armySeas, seaCount + P, seaCount);
    sc.armyDests = grown(sc.armyDests, destCount + P, destCount);
    const head = seaCount;
    seaCount = seasReached(board, sc.markC, FS, sc.markA, stamp, from, sc.armySeas, seaCount);
    destCount = shoresBeyond(board, sc, stamp, from, head, seaCount, destCount);
  }
  armySeaOff[n] = seaCount;
  armyDestOff[n] = destCount;
}

/**
 * Appends to `out` (from `count`) the fleet-held seas (`FS` in `fs`) reached
 * from shore `from`, breadth first, but those marked `stamp` in `seen` (which
 * it marks); returns the new count. One function for the armies' reach and for
 * `routeWithout`, so that the latter, rarely run, runs code V8 has already
 * seen run (an optimized function that reaches code never run is thrown away).
 */
function seasReached(board: Board, fs: Int32Array, FS: number, seen: Int32Array, stamp: number, from: number, out: Int32Array, count: number): number {
  const sa = board.seaAdj;
  let tail = count;
  for (let i = sa.offsets[from]!; i < sa.offsets[from + 1]!; i++) {
    const s = sa.targets[i]!;
    if (fs[s] === FS && seen[s] !== stamp) {
      seen[s] = stamp;
      out[tail++] = s;
    }
  }
  // The list is the queue.
  for (let head = count; head < tail; head++) {
    const s = out[head]!;
    for (let i = sa.offsets[s]!; i < sa.offsets[s + 1]!; i++) {
      const x = sa.targets[i]!;
      if (fs[x] === FS && seen[x] !== stamp) {
        seen[x] = stamp;
        out[tail++] = x;
      }
    }
  }
  return tail;
}

/** Appends to `sc.armyDests` (from `count`) the shores an army may enter that touch `sc.armySeas[s0 .. s1)`, but `from`, each once; returns the new count. */
function shoresBeyond(board: Board, sc: LegalScratch, stamp: number, from: number, s0: number, s1: number, count: number): number {
  const { shoresOfSea, armySeas, armyDests } = sc;
  const destMark = sc.markB;
  let k = count;
  for (let j = s0; j < s1; j++) {
    const s = armySeas[j]!;
    for (let i = shoresOfSea.offsets[s]!; i < shoresOfSea.offsets[s + 1]!; i++) {
      const d = shoresOfSea.targets[i]!;
      if (d !== from && destMark[d] !== stamp && board.kindMayEnter(ARMY, d)) {
        destMark[d] = stamp;
        armyDests[k++] = d;
      }
    }
  }
  return k;
}

/** Whether `sea` is among `seas[from .. to)`. */
export function seaReached(seas: Int32Array, from: number, to: number, sea: number): boolean {
  for (let i = from; i < to; i++) if (seas[i] === sea) return true;
  return false;
}

/** Whether fleet-held seas (`FS` in `sc.markC`) other than `without` form a route from shore `from` to shore `to`. */
export function routeWithout(board: Board, sc: LegalScratch, FS: number, from: number, to: number, without: number): boolean {
  const seen = sc.markA;
  const stamp = sc.stamp();
  // Marked as seen, `without` is never entered.
  seen[without] = stamp;
  seasReached(board, sc.markC, FS, seen, stamp, from, sc.queue, 0);
  const sa = board.seaAdj;
  for (let i = sa.offsets[to]!; i < sa.offsets[to + 1]!; i++) {
    const s = sa.targets[i]!;
    if (s !== without && seen[s] === stamp) return true;
  }
  return false;
}

/**
 * A shortest route of fleet-held seas for army `u`'s convoy to `to` (for
 * `convoy-path required`, where a convoyed move must name its route); empty
 * when there is none.
 */
export function shortestConvoyRoute(board: Board, units: { readonly n: number; readonly kind: Uint8Array; readonly prov: Int32Array }, u: number, to: number): number[] {
  const P = board.provinceCount;
  const fleetSea = new Uint8Array(P);
  for (let w = 0; w < units.n; w++) if (units.kind[w] === FLEET && board.convoySea[units.prov[w]!]) fleetSea[units.prov[w]!] = 1;
  const parent = new Int32Array(P).fill(-2);
  const sa = board.seaAdj;
  const from = units.prov[u]!;
  const queue: number[] = [];
  for (let i = sa.offsets[from]!; i < sa.offsets[from + 1]!; i++) {
    const s = sa.targets[i]!;
    if (fleetSea[s] && parent[s] === -2) {
      parent[s] = -1;
      queue.push(s);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const s = queue[head]!;
    let touches = false;
    for (let i = sa.offsets[to]!; i < sa.offsets[to + 1]!; i++) if (sa.targets[i] === s) touches = true;
    if (touches) {
      const route: number[] = [];
      for (let x = s; x >= 0; x = parent[x]!) route.push(x);
      return route.reverse();
    }
    for (let i = sa.offsets[s]!; i < sa.offsets[s + 1]!; i++) {
      const t = sa.targets[i]!;
      if (fleetSea[t] && parent[t] === -2) {
        parent[t] = s;
        queue.push(t);
      }
    }
  }
  return [];
}
