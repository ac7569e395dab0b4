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
 *
 * The convoy stages (each army's reach, `convoy-reach.ts`; the convoy
 * orders, `convoy-orders.ts`) are functions of their own: in one function with
 * the rest, code that a game's first phases never run was there when V8 first
 * optimized it, and reaching it later threw the optimized code away; the whole
 * took the optimizing compiler long enough to hold back the adjudicator's
 * functions queued behind it. The stages every phase runs (moves, buckets,
 * slots) stay together: split, their calls and reloads cost 3% of the time.
 */
import type { RuleOptions } from '../config/rules.js';
import { FLEET } from '../board/codes.js';
import { grown, legalScratch } from './cache.js';
import { LEGAL_FLAG, LEGAL_ORDER, legalCode } from './codes.js';
import { armiesConvoyReach, routeWithout, seaReached } from './convoy-reach.js';
import { collectConvoys } from './convoy-orders.js';
import type { LegalOrderTable } from './table.js';

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

  // Per army on a convoy shore: the seas its fleet chains reach and the shores beyond them (a function of its own: rarely run in a game's first phases).
  armiesConvoyReach(t, sc, FS, seaFleets);
  const { armySeaOff, armyDestOff } = sc;
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

  // Convoys (a function of its own: rarely run in a game's first phases).
  collectConvoys(t, sc, FS, seaFleets);
  const cvOff = sc.cvOff;

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
