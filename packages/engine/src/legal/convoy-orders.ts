/**
 * The convoy orders of a movement phase's legal orders (`movement.ts`): a
 * fleet in a convoy sea may convoy an army to a destination when its sea lies
 * on some minimal route of fleet-held seas from the army to it (6.G.19).
 */
import type { Board } from '../board/board.js';
import { ARMY } from '../board/codes.js';
import { minimalRouteSeas, ROUTE_DEPTH_LIMIT } from '../adjudicate/movement/convoy-routes.js';
import { grown, type LegalScratch } from './cache.js';
import { LEGAL_ORDER, legalCode } from './codes.js';
import type { LegalOrderTable } from './table.js';

/** Work limit of one army's route search (as `minimalRouteSeas`'s, with its depth limit); beyond them, that function decides per destination. */
const ROUTE_STEP_LIMIT = 200_000;

/**
 * Per unit (offsets `sc.cvOff`), its convoy codes (`sc.cvCodes`): per army,
 * the seas on minimal routes to each of its destinations (`sc.armyDests`,
 * from `armiesConvoyReach`), for all destinations in one search; then bucketed
 * by the fleet in the sea. `FS` marks the fleet-held seas in `sc.markC`.
 */
export function collectConvoys(t: LegalOrderTable, sc: LegalScratch, FS: number, seaFleets: number): void {
  const { n, prov, unitAt } = t;
  const cvOff = sc.cvOff;
  cvOff.fill(0, 0, n + 1);
  if (seaFleets === 0) return;
  const route = routeSearch(t.board, sc);
  route.FS = FS;
  route.count = 0;
  const { armyDestOff, armyDests } = sc;
  for (let a = 0; a < n; a++) {
    if (armyDestOff[a + 1]! > armyDestOff[a]!) searchRoutes(route, a, prov[a]!, armyDests, armyDestOff[a]!, armyDestOff[a + 1]!);
  }
  const cvCount = route.count;
  for (let i = 0; i < cvCount; i++) cvOff[unitAt[sc.cvSea[i]!]! + 1]! += 1;
  for (let u = 0; u < n; u++) cvOff[u + 1]! += cvOff[u]!;
  sc.cvCodes = grown(sc.cvCodes, cvCount, 0);
  const fill = sc.bucketFill;
  for (let u = 0; u <= n; u++) fill[u] = cvOff[u]!;
  const { cvSea, cvDest, cvArmy, cvCodes } = sc;
  for (let i = 0; i < cvCount; i++) cvCodes[fill[unitAt[cvSea[i]!]!]!++] = legalCode(LEGAL_ORDER.CONVOY, 0, cvArmy[i]!, cvDest[i]!);
}

/** State of the search for the minimal convoy routes of one army (see `searchRoutes`), kept per board. */
interface RouteSearch {
  readonly board: Board;
  readonly sc: LegalScratch;
  /** The stamp of fleet-held seas in `sc.markC`. */
  FS: number;
  from: number;
  /** Seas touching the army's shore are marked with this stamp in `sc.markB`. */
  fromStamp: number;
  /** (destination, sea) pairs already found are marked with this stamp in `sc.pairMark`. */
  pairStamp: number;
  depth: number;
  steps: number;
  exhausted: boolean;
  /** Convoy orders found so far (in `sc.cvSea`, `sc.cvDest`, `sc.cvArmy`). */
  count: number;
}

const routeSearches = new WeakMap<LegalScratch, RouteSearch>();

function routeSearch(board: Board, sc: LegalScratch): RouteSearch {
  let r = routeSearches.get(sc);
  if (!r) {
    r = { board, sc, FS: 0, from: -1, fromStamp: 0, pairStamp: 0, depth: 0, steps: 0, exhausted: false, count: 0 };
    routeSearches.set(sc, r);
  }
  return r;
}

function addConvoy(r: RouteSearch, sea: number, dest: number, army: number): void {
  const sc = r.sc;
  const i = r.count++;
  if (i >= sc.cvSea.length) {
    sc.cvSea = grown(sc.cvSea, i + 1, i);
    sc.cvDest = grown(sc.cvDest, i + 1, i);
    sc.cvArmy = grown(sc.cvArmy, i + 1, i);
  }
  sc.cvSea[i] = sea;
  sc.cvDest[i] = dest;
  sc.cvArmy[i] = army;
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
 * the same.) `dests[d0 .. d1)` are the army's destinations.
 */
function searchRoutes(r: RouteSearch, a: number, from: number, dests: Int32Array, d0: number, d1: number): void {
  const { board, sc } = r;
  const sa = board.seaAdj;
  r.from = from;
  r.fromStamp = sc.stamp();
  r.pairStamp = sc.stamp();
  r.depth = 0;
  r.steps = 0;
  r.exhausted = false;
  const before = r.count;
  for (let i = sa.offsets[from]!; i < sa.offsets[from + 1]!; i++) sc.markB[sa.targets[i]!] = r.fromStamp;
  for (let i = sa.offsets[from]!; i < sa.offsets[from + 1]!; i++) {
    const s = sa.targets[i]!;
    if (sc.markC[s] === r.FS) visitRoute(r, a, s);
  }
  if (!r.exhausted) return;
  // Too many paths to enumerate: answer exactly as the adjudicator's validation does.
  r.count = before;
  const FS = r.FS;
  const usable = (x: number): boolean => sc.markC[x] === FS;
  for (let k = d0; k < d1; k++) {
    const d = dests[k]!;
    for (const x of minimalRouteSeas(board, usable, from, d)) addConvoy(r, x, d, a);
  }
}

function visitRoute(r: RouteSearch, a: number, s: number): void {
  if (r.exhausted) return;
  if (++r.steps > ROUTE_STEP_LIMIT || r.depth >= ROUTE_DEPTH_LIMIT) {
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
      addConvoy(r, x, d, a);
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
