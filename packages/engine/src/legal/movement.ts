/**
 * Legal orders of a movement phase, on integer ids: for every unit its holds,
 * moves, supports and convoys, in the sense the adjudicator gives "legal"
 * (`adjudicate/movement/legality.ts`, after the DATC): an order that, knowing
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
import { minimalRouteSeas, ROUTE_DEPTH_LIMIT } from '../adjudicate/movement/convoy-routes.js';
import { grown, legalScratch, type LegalScratch } from './cache.js';
import { LEGAL_FLAG, LEGAL_ORDER, legalCode } from './codes.js';
import type { LegalOrderTable } from './table.js';

/** Work limit of one army's route search (as `minimalRouteSeas`'s, with its depth limit); beyond them, that function decides per destination. */
const ROUTE_STEP_LIMIT = 200_000;

const MOVE_VIA = LEGAL_ORDER.MOVE | LEGAL_FLAG.VIA | LEGAL_FLAG.CONVOYED;
const MOVE_CONVOYED = LEGAL_ORDER.MOVE | LEGAL_FLAG.CONVOYED;
const SUPPORT_HOLD = LEGAL_ORDER.SUPPORT_HOLD;
const SUPPORT_MOVE = LEGAL_ORDER.SUPPORT_MOVE;
/** Marks a bucketed support-to-move code that needs a closer look per supporter (a flag bit no support code uses). */
const SPECIAL = LEGAL_FLAG.CONVOYED;

/**
 * Fills `t` (its units loaded) with the movement phase's legal orders: a slot
 * per unit holding its hold, its moves, its supports to hold, its supports to
 * move and its convoys, in that order.
 */
export function fillMovement(t: LegalOrderTable, rules: RuleOptions): void {
  const board = t.board;
  const n = t.n;
  const P = board.provinceCount;
  const { kind, loc, prov, unitAt } = t;
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

  // Per army on a convoy shore: the seas its fleet chains reach (BFS, the list is the queue) and the shores beyond them.
  const { armySeaOff, armyDestOff } = sc;
  let seaCount = 0;
  let destCount = 0;
  {
    const { shoresOfSea } = sc;
    const seaMark = sc.markA;
    const destMark = sc.markB;
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
      const seas = sc.armySeas;
      const dests = sc.armyDests;
      const head0 = seaCount;
      for (let i = sa.offsets[from]!; i < sa.offsets[from + 1]!; i++) {
        const s = sa.targets[i]!;
        if (fs[s] === FS && seaMark[s] !== stamp) {
          seaMark[s] = stamp;
          seas[seaCount++] = s;
        }
      }
      for (let head = head0; head < seaCount; head++) {
        const s = seas[head]!;
        for (let i = sa.offsets[s]!; i < sa.offsets[s + 1]!; i++) {
          const x = sa.targets[i]!;
          if (fs[x] === FS && seaMark[x] !== stamp) {
            seaMark[x] = stamp;
            seas[seaCount++] = x;
          }
        }
        for (let i = shoresOfSea.offsets[s]!; i < shoresOfSea.offsets[s + 1]!; i++) {
          const d = shoresOfSea.targets[i]!;
          if (d !== from && destMark[d] !== stamp && board.kindMayEnter(ARMY, d)) {
            destMark[d] = stamp;
            dests[destCount++] = d;
          }
        }
      }
    }
    armySeaOff[n] = seaCount;
    armyDestOff[n] = destCount;
  }
  const armySeas = sc.armySeas;
  const armyDests = sc.armyDests;

  // Moves (codes per unit), and the moves into each province (for supports) with the code of a support to it.
  const landMark = sc.markA;
  const viaAllowed = rules['convoy-to-adjacent'] !== 'swap-only';
  const coastIgnored = rules['support-coast'] === 'ignored';
  // A fleet's move is supported coast by coast, unless coasts do not count; then one support per province, which needs a closer look.
  const fleetSpecial = coastIgnored ? SPECIAL : 0;
  const { fleetMoveOff, fleetMoveDst, fleetMoveProv, fleetMoveCode, armyMoveOff, armyMoveDst, armyMoveCode } = sc;
  const moveOff = sc.moveOff;
  let moves = 0;
  let into = 0;
  for (let u = 0; u < n; u++) {
    moveOff[u] = moves;
    const isFleet = kind[u] === FLEET;
    const from = isFleet ? loc[u]! : prov[u]!;
    const m0 = isFleet ? fleetMoveOff[from]! : armyMoveOff[from]!;
    const m1 = isFleet ? fleetMoveOff[from + 1]! : armyMoveOff[from + 1]!;
    const d0 = armyDestOff[u]!;
    const d1 = armyDestOff[u + 1]!;
    const room = m1 - m0 + (d1 - d0);
    if (into + room > sc.intoProv.length) sc.growMoves(into + room, into);
    if (moves + room > sc.moveCodes.length) sc.moveCodes = grown(sc.moveCodes, moves + room, moves);
    const { intoProv, intoCode, moveCodes } = sc;
    const support = SUPPORT_MOVE | (u << 6);
    if (isFleet) {
      for (let i = m0; i < m1; i++) {
        moveCodes[moves++] = fleetMoveCode[i]!;
        const px = fleetMoveProv[i]!;
        intoProv[into] = px;
        intoCode[into++] = support | fleetSpecial | ((coastIgnored ? px : fleetMoveDst[i]!) << 18);
      }
      continue;
    }
    for (let i = m0; i < m1; i++) {
      moveCodes[moves++] = armyMoveCode[i]!;
      const px = armyMoveDst[i]!;
      intoProv[into] = px;
      intoCode[into++] = support | (px << 18);
    }
    if (d0 === d1) continue;
    const stamp = sc.stamp();
    for (let i = m0; i < m1; i++) landMark[armyMoveDst[i]!] = stamp;
    for (let k = d0; k < d1; k++) {
      const d = armyDests[k]!;
      if (landMark[d] === stamp) {
        if (viaAllowed) moveCodes[moves++] = legalCode(MOVE_VIA, 0, 0, d);
      } else {
        moveCodes[moves++] = legalCode(MOVE_CONVOYED, 0, 0, d);
        intoProv[into] = d;
        intoCode[into++] = support | SPECIAL | (d << 18);
      }
    }
  }
  moveOff[n] = moves;

  // Bucket the moves by destination province.
  const intoOff = sc.bucketOff;
  sc.bucketCode = grown(sc.bucketCode, into, 0);
  {
    const { intoProv, intoCode, bucketCode } = sc;
    intoOff.fill(0);
    for (let i = 0; i < into; i++) intoOff[intoProv[i]! + 1]! += 1;
    for (let p = 0; p < P; p++) intoOff[p + 1]! += intoOff[p]!;
    const fill = sc.bucketFill;
    fill.set(intoOff);
    for (let i = 0; i < into; i++) bucketCode[fill[intoProv[i]!]!++] = intoCode[i]!;
  }

  // Convoys: per army, the seas on minimal routes to each destination, for all destinations in one search; then bucketed by fleet.
  const cvOff = sc.cvOff;
  cvOff.fill(0, 0, n + 1);
  let cvCount = 0;
  if (seaFleets > 0) {
    const route = routeSearch(board, sc);
    route.FS = FS;
    route.count = 0;
    for (let a = 0; a < n; a++) {
      if (armyDestOff[a + 1]! > armyDestOff[a]!) searchRoutes(route, a, prov[a]!, armyDests, armyDestOff[a]!, armyDestOff[a + 1]!);
    }
    cvCount = route.count;
    for (let i = 0; i < cvCount; i++) cvOff[unitAt[sc.cvSea[i]!]! + 1]! += 1;
    for (let u = 0; u < n; u++) cvOff[u + 1]! += cvOff[u]!;
    sc.cvCodes = grown(sc.cvCodes, cvCount, 0);
    const fill = sc.bucketFill;
    for (let u = 0; u <= n; u++) fill[u] = cvOff[u]!;
    const { cvSea, cvDest, cvArmy, cvCodes } = sc;
    for (let i = 0; i < cvCount; i++) cvCodes[fill[unitAt[cvSea[i]!]!]!++] = legalCode(LEGAL_ORDER.CONVOY, 0, cvArmy[i]!, cvDest[i]!);
  }

  // Each unit's slot: hold, moves, supports to hold, supports to move, convoys.
  const moveCodes = sc.moveCodes;
  const cvCodes = sc.cvCodes;
  const { bucketCode, unitSeen, fleetReachOff, fleetReach, armyReachOff, armyReach } = sc;
  const power = t.power;
  t.ensureSlots(n);
  const { slotOff, slotUnit, slotLoc, slotPower } = t;
  let k = 0;
  for (let s = 0; s < n; s++) {
    slotOff[s] = k;
    slotUnit[s] = s;
    slotLoc[s] = loc[s]!;
    slotPower[s] = power[s]!;
    const m0 = moveOff[s]!;
    const m1 = moveOff[s + 1]!;
    const isFleet = kind[s] === FLEET;
    const reach = isFleet ? fleetReach : armyReach;
    const r0 = isFleet ? fleetReachOff[loc[s]!]! : armyReachOff[prov[s]!]!;
    const r1 = isFleet ? fleetReachOff[loc[s]! + 1]! : armyReachOff[prov[s]! + 1]!;
    const cv0 = cvOff[s]!;
    const cv1 = cvOff[s + 1]!;
    // Room for the hold, the moves, the supports to hold and the convoys; supports to move are made room for per province.
    if (k + 1 + (m1 - m0) + (r1 - r0) + (cv1 - cv0) > t.codes.length) t.ensureCodes(k + 1 + (m1 - m0) + (r1 - r0) + (cv1 - cv0));
    let codes = t.codes;
    codes[k++] = LEGAL_ORDER.HOLD;
    for (let i = m0; i < m1; i++) codes[k++] = moveCodes[i]!;
    for (let i = r0; i < r1; i++) {
      const v = unitAt[reach[i]!]!;
      if (v >= 0) codes[k++] = SUPPORT_HOLD | (v << 6);
    }
    const seaOfSupporter = isFleet && fs[prov[s]!] === FS ? prov[s]! : -1;
    for (let i = r0; i < r1; i++) {
      const q = reach[i]!;
      const b0 = intoOff[q]!;
      const b1 = intoOff[q + 1]!;
      if (b0 === b1) continue;
      if (k + (b1 - b0) + (cv1 - cv0) > codes.length) {
        t.ensureCodes(k + (b1 - b0) + (cv1 - cv0));
        codes = t.codes;
      }
      const visit = coastIgnored ? sc.stamp() : 0;
      // Other units' moves into q.
      for (let b = b0; b < b1; b++) {
        let c = bucketCode[b]!;
        const w = (c >>> 6) & 4095;
        if (w === s) continue;
        if ((c & SPECIAL) !== 0) {
          c ^= SPECIAL;
          if (kind[w] === FLEET) {
            if (unitSeen[w] === visit) continue;
            unitSeen[w] = visit;
          } else if (seaOfSupporter >= 0 && seaReached(armySeas, armySeaOff[w]!, armySeaOff[w + 1]!, seaOfSupporter)) {
            // A convoyed move may not need the supporter itself (6.D.31).
            if (!routeWithout(board, sc, FS, prov[w]!, q, seaOfSupporter)) continue;
          }
        }
        codes[k++] = c;
      }
    }
    for (let i = cv0; i < cv1; i++) codes[k++] = cvCodes[i]!;
  }
  slotOff[n] = k;
  t.slots = n;
}

function seaReached(seas: Int32Array, from: number, to: number, sea: number): boolean {
  for (let i = from; i < to; i++) if (seas[i] === sea) return true;
  return false;
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
