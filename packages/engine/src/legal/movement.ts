/**
 * Legal orders of a movement phase, on integer ids: for every unit its holds,
 * moves, supports and convoys, in the sense the adjudicator gives "legal"
 * (`adjudicate/movement/validate.ts`, after the DATC): an order that, knowing
 * the units on the board but none of the other orders, could be valid.
 *
 * - A move goes to an adjacent location of the unit's kind; an army also goes
 *   by convoy to any shore that a chain of fleets standing in convoy seas could
 *   carry it to (6.D.8, 6.D.32), and, to an adjacent shore such a chain reaches,
 *   "via convoy" (not under `convoy-to-adjacent swap-only`, where the words mean
 *   nothing).
 * - A support to hold names any other unit in a province the supporter could
 *   move to; a support to move names another unit's possible move into such a
 *   province, one per distinct move (a fleet's move to a split-coast province
 *   is supported coast by coast, unless `support-coast ignored`). An army's
 *   move that needs a convoy counts only if a route exists without the
 *   supporter (6.D.31).
 * - A convoy is ordered by a fleet in a convoy sea that lies on some minimal
 *   route of fleet-held seas from the army to its destination (6.G.19).
 *
 * One spelling per order: kinds always written, coasts as the board names
 * them, a foreign unit's power written only when `missing-nationality` is
 * `invalid`.
 */
import type { Board } from '../board/board.js';
import { ARMY, FLEET } from '../board/codes.js';
import type { RuleOptions } from '../config/rules.js';
import { minimalRouteSeas } from '../adjudicate/movement/convoy-routes.js';
import type { UnitTable } from '../adjudicate/units.js';
import { legalScratch, type LegalScratch } from './cache.js';

/**
 * The legal orders of a movement phase as integer columns. Each unit `u` owns
 * the slice `[off[u], off[u + 1])` of each kind's arrays. Holds are implicit
 * (every unit may hold).
 */
export interface MovementOptions {
  readonly units: UnitTable;
  /** Moves: destination location; `moveVia` 1 when written "via convoy" (an adjacent shore); `moveConvoy` 1 when it needs a convoy. */
  readonly moveOff: Int32Array;
  readonly moveDst: readonly number[];
  readonly moveVia: readonly number[];
  readonly moveConvoy: readonly number[];
  /** Supports to hold: the supported unit. */
  readonly shOff: Int32Array;
  readonly shTarget: readonly number[];
  /** Supports to move: the supported unit and the destination as written (a coast location, or a province). */
  readonly smOff: Int32Array;
  readonly smTarget: readonly number[];
  readonly smDst: readonly number[];
  /** Convoys: the army and its destination province. */
  readonly cvOff: Int32Array;
  readonly cvArmy: readonly number[];
  readonly cvDst: readonly number[];
}

/** Work limit of one army's route search (as `minimalRouteSeas`'s); beyond it, that function decides per destination. */
const ROUTE_STEP_LIMIT = 200_000;

export function movementOptions(board: Board, rules: RuleOptions, units: UnitTable): MovementOptions {
  const n = units.n;
  const P = board.provinceCount;
  const { kind, loc, prov, unitAt } = units;
  const sc = legalScratch(board);
  sc.begin();
  const sa = board.seaAdj;

  // Fleets standing in convoy seas: markC == FS.
  const fs = sc.markC;
  const FS = sc.stamp();
  let seaFleets = 0;
  for (let u = 0; u < n; u++) {
    if (kind[u] === FLEET && board.convoySea[prov[u]!]) {
      fs[prov[u]!] = FS;
      seaFleets++;
    }
  }

  // Per army on a convoy shore: the seas its fleet chains reach (BFS) and the shores beyond them.
  const reachedSeas: (number[] | undefined)[] = new Array<number[] | undefined>(n);
  const convoyDests: (number[] | undefined)[] = new Array<number[] | undefined>(n);
  if (seaFleets > 0) {
    const { shoresOfSea } = sc;
    const seaMark = sc.markA;
    const destMark = sc.markB;
    for (let u = 0; u < n; u++) {
      if (kind[u] !== ARMY) continue;
      const from = prov[u]!;
      if (!board.isConvoyShore(from)) continue;
      const stamp = sc.stamp();
      let queue: number[] | undefined;
      for (let i = sa.offsets[from]!; i < sa.offsets[from + 1]!; i++) {
        const s = sa.targets[i]!;
        if (fs[s] === FS && seaMark[s] !== stamp) {
          seaMark[s] = stamp;
          (queue ??= []).push(s);
        }
      }
      if (!queue) continue;
      const dests: number[] = [];
      for (let head = 0; head < queue.length; head++) {
        const s = queue[head]!;
        for (let i = sa.offsets[s]!; i < sa.offsets[s + 1]!; i++) {
          const t = sa.targets[i]!;
          if (fs[t] === FS && seaMark[t] !== stamp) {
            seaMark[t] = stamp;
            queue.push(t);
          }
        }
        for (let i = shoresOfSea.offsets[s]!; i < shoresOfSea.offsets[s + 1]!; i++) {
          const d = shoresOfSea.targets[i]!;
          if (d !== from && destMark[d] !== stamp && board.kindMayEnter(ARMY, d)) {
            destMark[d] = stamp;
            dests.push(d);
          }
        }
      }
      reachedSeas[u] = queue;
      convoyDests[u] = dests;
    }
  }

  // Moves, and per province the moves into it (for supports).
  const moveOff = new Int32Array(n + 1);
  const moveDst: number[] = [];
  const moveVia: number[] = [];
  const moveConvoy: number[] = [];
  const landMark = sc.markA;
  const viaAllowed = rules['convoy-to-adjacent'] !== 'swap-only';
  // Moves into each province (in scratch buffers): unit and location, and whether only a convoy gets it there.
  let into = 0;
  for (let u = 0; u < n; u++) {
    moveOff[u] = moveDst.length;
    const here = prov[u]!;
    const isFleet = kind[u] === FLEET;
    const adj = isFleet ? board.fleetAdj : board.armyAdj;
    const from = isFleet ? loc[u]! : here;
    const dests = isFleet ? undefined : convoyDests[u];
    sc.growMoves(into + (adj.offsets[from + 1]! - adj.offsets[from]!) + (dests ? dests.length : 0), into);
    const { intoProv, intoUnit, intoLoc, intoConvoy } = sc;
    if (isFleet) {
      for (let i = adj.offsets[from]!; i < adj.offsets[from + 1]!; i++) {
        const t = adj.targets[i]!;
        const pt = board.locProvince[t]!;
        if (pt === here || !board.kindMayEnter(FLEET, pt)) continue;
        moveDst.push(t);
        moveVia.push(0);
        moveConvoy.push(0);
        intoProv[into] = pt;
        intoUnit[into] = u;
        intoLoc[into] = t;
        intoConvoy[into++] = 0;
      }
      continue;
    }
    const stamp = sc.stamp();
    for (let i = adj.offsets[here]!; i < adj.offsets[here + 1]!; i++) {
      const pt = board.locProvince[adj.targets[i]!]!;
      if (pt === here || landMark[pt] === stamp || !board.kindMayEnter(ARMY, pt)) continue;
      landMark[pt] = stamp;
      moveDst.push(pt);
      moveVia.push(0);
      moveConvoy.push(0);
      intoProv[into] = pt;
      intoUnit[into] = u;
      intoLoc[into] = pt;
      intoConvoy[into++] = 0;
    }
    if (!dests) continue;
    for (const d of dests) {
      if (landMark[d] === stamp) {
        if (!viaAllowed) continue;
        moveDst.push(d);
        moveVia.push(1);
        moveConvoy.push(1);
      } else {
        moveDst.push(d);
        moveVia.push(0);
        moveConvoy.push(1);
        intoProv[into] = d;
        intoUnit[into] = u;
        intoLoc[into] = d;
        intoConvoy[into++] = 1;
      }
    }
  }
  moveOff[n] = moveDst.length;

  // Bucket the moves by destination province.
  const { intoProv, intoUnit, intoLoc, intoConvoy, intoOrder } = sc;
  const intoOff = sc.bucketOff;
  intoOff.fill(0);
  for (let i = 0; i < into; i++) intoOff[intoProv[i]! + 1]! += 1;
  for (let p = 0; p < P; p++) intoOff[p + 1]! += intoOff[p]!;
  {
    const fill = sc.bucketFill;
    fill.set(intoOff);
    for (let i = 0; i < into; i++) intoOrder[fill[intoProv[i]!]!++] = i;
  }

  // Supports.
  const coastIgnored = rules['support-coast'] === 'ignored';
  const shOff = new Int32Array(n + 1);
  const shTarget: number[] = [];
  const smOff = new Int32Array(n + 1);
  const smTarget: number[] = [];
  const smDst: number[] = [];
  const reachMark = sc.markB;
  // Under support-coast ignored: per fleet, the last (supporter, province) visit that listed it.
  const fleetSeen = coastIgnored ? new Int32Array(n) : undefined;
  let visit = 0;
  for (let s = 0; s < n; s++) {
    shOff[s] = shTarget.length;
    smOff[s] = smTarget.length;
    const here = prov[s]!;
    const stamp = sc.stamp();
    const isFleet = kind[s] === FLEET;
    const adj = isFleet ? board.fleetAdj : board.armyAdj;
    const from = isFleet ? loc[s]! : here;
    const seaOfSupporter = isFleet && fs[here] === FS ? here : -1;
    for (let i = adj.offsets[from]!; i < adj.offsets[from + 1]!; i++) {
      const q = board.locProvince[adj.targets[i]!]!;
      if (q === here || reachMark[q] === stamp) continue;
      reachMark[q] = stamp;
      const v = unitAt[q]!;
      if (v >= 0) shTarget.push(v);
      visit++;
      // Other units' moves into q.
      for (let k = intoOff[q]!; k < intoOff[q + 1]!; k++) {
        const m = intoOrder[k]!;
        const w = intoUnit[m]!;
        if (w === s) continue;
        if (kind[w] === FLEET) {
          if (fleetSeen) {
            // One support per province when coasts do not count.
            if (fleetSeen[w] === visit) continue;
            fleetSeen[w] = visit;
            smTarget.push(w);
            smDst.push(q);
          } else {
            smTarget.push(w);
            smDst.push(intoLoc[m]!);
          }
          continue;
        }
        // A convoyed move may not need the supporter itself (6.D.31).
        if (intoConvoy[m] === 1 && seaOfSupporter >= 0 && reachedSeas[w]!.includes(seaOfSupporter)) {
          if (!routeWithout(board, sc, FS, prov[w]!, q, seaOfSupporter)) continue;
        }
        smTarget.push(w);
        smDst.push(q);
      }
    }
  }
  shOff[n] = shTarget.length;
  smOff[n] = smTarget.length;

  // Convoys: per army, the seas on minimal routes to each destination, for all destinations in one search.
  const route: RouteSearch = { board, sc, FS, from: -1, fromStamp: 0, pairStamp: 0, depth: 0, steps: 0, exhausted: false, outSea: [], outDest: [], outArmy: [] };
  if (seaFleets > 0) {
    for (let a = 0; a < n; a++) {
      const dests = convoyDests[a];
      if (!dests || dests.length === 0) continue;
      searchRoutes(route, a, prov[a]!, dests);
    }
  }
  const cvCount = route.outSea.length;
  const cvOff = new Int32Array(n + 1);
  for (let i = 0; i < cvCount; i++) cvOff[unitAt[route.outSea[i]!]! + 1]! += 1;
  for (let u = 0; u < n; u++) cvOff[u + 1]! += cvOff[u]!;
  const cvArmy: number[] = new Array<number>(cvCount);
  const cvDst: number[] = new Array<number>(cvCount);
  if (cvCount > 0) {
    const fill = sc.bucketFill;
    fill.set(cvOff);
    for (let i = 0; i < cvCount; i++) {
      const at = fill[unitAt[route.outSea[i]!]!]!++;
      cvArmy[at] = route.outArmy[i]!;
      cvDst[at] = route.outDest[i]!;
    }
  }

  return { units, moveOff, moveDst, moveVia, moveConvoy, shOff, shTarget, smOff, smTarget, smDst, cvOff, cvArmy, cvDst };
}

/** Whether fleet-held seas other than `without` form a route from shore `from` to shore `to`. */
function routeWithout(board: Board, sc: LegalScratch, FS: number, from: number, to: number, without: number): boolean {
  const sa = board.seaAdj;
  const fs = sc.markC;
  const seen = sc.markA;
  const queue = sc.queue;
  const stamp = sc.stamp();
  let tail = 0;
  for (let i = sa.offsets[from]!; i < sa.offsets[from + 1]!; i++) {
    const s = sa.targets[i]!;
    if (fs[s] === FS && s !== without && seen[s] !== stamp) {
      seen[s] = stamp;
      queue[tail++] = s;
    }
  }
  for (let head = 0; head < tail; head++) {
    const s = queue[head]!;
    for (let i = sa.offsets[to]!; i < sa.offsets[to + 1]!; i++) if (sa.targets[i] === s) return true;
    for (let i = sa.offsets[s]!; i < sa.offsets[s + 1]!; i++) {
      const t = sa.targets[i]!;
      if (fs[t] === FS && t !== without && seen[t] !== stamp) {
        seen[t] = stamp;
        queue[tail++] = t;
      }
    }
  }
  return false;
}

/** State of the search for the minimal convoy routes of one army (see `searchRoutes`). */
interface RouteSearch {
  readonly board: Board;
  readonly sc: LegalScratch;
  /** The stamp of fleet-held seas in `sc.markC`. */
  readonly FS: number;
  from: number;
  /** Seas touching the army's shore are marked with this stamp in `sc.markB`. */
  fromStamp: number;
  /** (destination, sea) pairs already found are marked with this stamp in `sc.pairMark`. */
  pairStamp: number;
  depth: number;
  steps: number;
  exhausted: boolean;
  /** Found: the fleet's sea, the destination and the army, one entry per convoy order. */
  readonly outSea: number[];
  readonly outDest: number[];
  readonly outArmy: number[];
}

/**
 * The convoy orders for army `a` at shore `from`: for every destination, the
 * fleet-held seas that lie on a minimal route to it. A minimal route is an
 * induced path of seas (see `convoy-routes.ts`): only its first sea touches the
 * army's shore, only its last touches the destination, and no two seas but
 * consecutive ones touch. One depth-first search over such paths from the
 * army's shore serves every destination: a path counts for each destination
 * that its last sea, and no other, touches. (`minimalRouteSeas` searches per
 * destination and stops at the first sea touching it; the paths it accepts are
 * the same.)
 */
function searchRoutes(r: RouteSearch, a: number, from: number, dests: readonly number[]): void {
  const { board, sc } = r;
  const sa = board.seaAdj;
  r.from = from;
  r.fromStamp = sc.stamp();
  r.pairStamp = sc.stamp();
  r.depth = 0;
  r.steps = 0;
  r.exhausted = false;
  const before = r.outSea.length;
  for (let i = sa.offsets[from]!; i < sa.offsets[from + 1]!; i++) sc.markB[sa.targets[i]!] = r.fromStamp;
  for (let i = sa.offsets[from]!; i < sa.offsets[from + 1]!; i++) {
    const s = sa.targets[i]!;
    if (sc.markC[s] === r.FS) visitRoute(r, a, s);
  }
  if (!r.exhausted) return;
  // Too many paths to enumerate: answer exactly as the adjudicator's validation does.
  r.outSea.length = before;
  r.outDest.length = before;
  r.outArmy.length = before;
  const usable = (x: number): boolean => sc.markC[x] === r.FS;
  for (const d of dests) {
    for (const x of minimalRouteSeas(board, usable, from, d)) {
      r.outSea.push(x);
      r.outDest.push(d);
      r.outArmy.push(a);
    }
  }
}

function visitRoute(r: RouteSearch, a: number, s: number): void {
  if (r.exhausted) return;
  if (++r.steps > ROUTE_STEP_LIMIT) {
    r.exhausted = true;
    return;
  }
  const { board, sc } = r;
  const sa = board.seaAdj;
  const shores = sc.shoresOfSea;
  const touching = sc.countA; // per shore: seas of the path touching it
  const near = sc.countB; // per sea: seas of the path touching it
  const P = board.provinceCount;
  sc.path[r.depth++] = s;
  sc.onPath[s] = 1;
  for (let i = shores.offsets[s]!; i < shores.offsets[s + 1]!; i++) touching[shores.targets[i]!]! += 1;
  for (let i = sa.offsets[s]!; i < sa.offsets[s + 1]!; i++) near[sa.targets[i]!]! += 1;

  // Destinations only the last sea touches: every sea of the path is on a minimal route there.
  for (let i = shores.offsets[s]!; i < shores.offsets[s + 1]!; i++) {
    const d = shores.targets[i]!;
    if (d === r.from || touching[d] !== 1 || !board.kindMayEnter(ARMY, d)) continue;
    for (let k = 0; k < r.depth; k++) {
      const x = sc.path[k]!;
      const key = d * P + x;
      if (sc.pairMark[key] === r.pairStamp) continue;
      sc.pairMark[key] = r.pairStamp;
      r.outSea.push(x);
      r.outDest.push(d);
      r.outArmy.push(a);
    }
  }
  // Longer paths: a fleet-held sea next to this one only, not touching the army's shore.
  for (let i = sa.offsets[s]!; i < sa.offsets[s + 1]!; i++) {
    const t = sa.targets[i]!;
    if (sc.markC[t] !== r.FS || sc.onPath[t] || sc.markB[t] === r.fromStamp || near[t] !== 1) continue;
    visitRoute(r, a, t);
  }

  for (let i = sa.offsets[s]!; i < sa.offsets[s + 1]!; i++) near[sa.targets[i]!]! -= 1;
  for (let i = shores.offsets[s]!; i < shores.offsets[s + 1]!; i++) touching[shores.targets[i]!]! -= 1;
  sc.onPath[s] = 0;
  r.depth--;
}

/**
 * A shortest route of fleet-held seas for army `u`'s convoy to `to` (for
 * `convoy-path required`, where a convoyed move must name its route); empty
 * when there is none.
 */
export function shortestConvoyRoute(board: Board, units: UnitTable, u: number, to: number): number[] {
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
