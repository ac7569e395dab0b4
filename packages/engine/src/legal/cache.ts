/**
 * Per-board tables and scratch space for the legal-order generator, built once
 * per board (weakly cached) and shared by every phase of every game on it, so
 * that a phase allocates no working arrays.
 *
 * Marks use stamps: an array entry counts as set when it equals the current
 * stamp, so a new stamp clears a whole array at once.
 */
import type { Board } from '../board/board.js';
import { ARMY, FLEET } from '../board/codes.js';
import { csrFromPairs, type Csr } from '../board/csr.js';
import { LEGAL_ORDER, legalCode } from './codes.js';

export class LegalScratch {
  /** Per convoy sea: the convoy shores (coastal provinces) that touch it, the inverse of `board.seaAdj`. */
  readonly shoresOfSea: Csr;
  /** Per province, stamped marks (several independent uses). */
  readonly markA: Int32Array;
  readonly markB: Int32Array;
  readonly markC: Int32Array;
  /** Per province × province, a stamped mark (convoy routes: destination × sea). */
  readonly pairMark: Int32Array;
  /** Per province: counters that return to zero after each use (route search). */
  readonly countA: Int32Array;
  readonly countB: Int32Array;
  /** Per province: 1 while on the current path (route search). */
  readonly onPath: Uint8Array;
  /** A queue or stack of provinces. */
  readonly queue: Int32Array;
  readonly path: Int32Array;
  /** Per province + 1: bucket offsets, and a copy to fill buckets with. */
  readonly bucketOff: Int32Array;
  readonly bucketFill: Int32Array;
  /** Moves into provinces, one entry per move (grown as needed): the province, and the code of a support to it (`SPECIAL` set when a supporter needs a closer look). */
  intoProv: Int32Array = new Int32Array(1024);
  intoCode: Int32Array = new Int32Array(1024);
  /** Per army (unit index + 1 offsets): the convoy seas its fleet chains reach, and the shores beyond them. */
  readonly armySeaOff: Int32Array;
  readonly armyDestOff: Int32Array;
  armySeas: Int32Array = new Int32Array(256);
  armyDests: Int32Array = new Int32Array(256);
  /** Per unit (offsets): its move codes. */
  readonly moveOff: Int32Array;
  moveCodes: Int32Array = new Int32Array(1024);
  /** Convoy orders found: the fleet's sea, the destination and the army, one entry per order. */
  cvSea: Int32Array = new Int32Array(256);
  cvDest: Int32Array = new Int32Array(256);
  cvArmy: Int32Array = new Int32Array(256);
  /** Per unit (offsets): its convoy codes, bucketed from the entries above. */
  readonly cvOff: Int32Array;
  cvCodes: Int32Array = new Int32Array(256);
  /** Per unit: stamp of the last (supporter, province) visit that listed it (`support-coast ignored`). */
  readonly unitSeen: Int32Array;
  /** Per location, a stamped mark. */
  readonly locMark: Int32Array;
  /** Per power: supply centres minus units. */
  readonly balance: Int32Array;
  /**
   * Per board, what does not depend on the position. Per fleet location and per
   * army province: the moves that may be ordered (destination, and its
   * province), and the other provinces it could move to, each once (whose units
   * it may support).
   */
  readonly fleetMoveOff: Int32Array;
  readonly fleetMoveDst: Int32Array;
  readonly fleetMoveProv: Int32Array;
  readonly fleetMoveCode: Int32Array;
  readonly armyMoveOff: Int32Array;
  readonly armyMoveDst: Int32Array;
  readonly armyMoveCode: Int32Array;
  readonly fleetReachOff: Int32Array;
  readonly fleetReach: Int32Array;
  readonly armyReachOff: Int32Array;
  readonly armyReach: Int32Array;
  /** The codes of `intoCode`, bucketed by province (`bucketOff`). */
  bucketCode: Int32Array = new Int32Array(1024);
  private stampValue = 0;

  constructor(board: Board) {
    const P = board.provinceCount;
    const pairs: [number, number][] = [];
    const { offsets, targets } = board.seaAdj;
    for (let p = 0; p < P; p++) {
      if (!board.isConvoyShore(p)) continue;
      for (let i = offsets[p]!; i < offsets[p + 1]!; i++) pairs.push([targets[i]!, p]);
    }
    this.shoresOfSea = csrFromPairs(P, pairs);
    this.markA = new Int32Array(P);
    this.markB = new Int32Array(P);
    this.markC = new Int32Array(P);
    this.pairMark = new Int32Array(P * P);
    this.countA = new Int32Array(P);
    this.countB = new Int32Array(P);
    this.onPath = new Uint8Array(P);
    this.queue = new Int32Array(P + 1);
    this.path = new Int32Array(P + 1);
    this.bucketOff = new Int32Array(P + 1);
    this.bucketFill = new Int32Array(P + 1);
    this.armySeaOff = new Int32Array(P + 1);
    this.armyDestOff = new Int32Array(P + 1);
    this.moveOff = new Int32Array(P + 1);
    this.cvOff = new Int32Array(P + 1);
    this.unitSeen = new Int32Array(P);
    this.locMark = new Int32Array(board.locationCount);
    this.balance = new Int32Array(board.powerCount);
    const L = board.locationCount;
    const lists = (count: number, adj: Csr, keep: (from: number, to: number) => number): { off: Int32Array; out: number[] } => {
      const off = new Int32Array(count + 1);
      const out: number[] = [];
      for (let x = 0; x < count; x++) {
        off[x] = out.length;
        const start = out.length;
        for (let i = adj.offsets[x]!; i < adj.offsets[x + 1]!; i++) {
          const y = keep(x, adj.targets[i]!);
          if (y < 0) continue;
          let dup = false;
          for (let j = start; j < out.length; j++) if (out[j] === y) dup = true;
          if (!dup) out.push(y);
        }
      }
      off[count] = out.length;
      return { off, out };
    };
    const lp = board.locProvince;
    // A fleet's moves are per coast (no two the same location in its adjacency), an army's per province.
    const fm = lists(L, board.fleetAdj, (x, y) => (lp[y] !== lp[x] && board.kindMayEnter(FLEET, lp[y]!) ? y : -1));
    this.fleetMoveOff = fm.off;
    this.fleetMoveDst = Int32Array.from(fm.out);
    this.fleetMoveCode = Int32Array.from(fm.out, (y) => legalCode(LEGAL_ORDER.MOVE, 0, 0, y));
    this.fleetMoveProv = Int32Array.from(fm.out, (y) => lp[y]!);
    const am = lists(P, board.armyAdj, (x, y) => (lp[y] !== x && board.kindMayEnter(ARMY, lp[y]!) ? lp[y]! : -1));
    this.armyMoveOff = am.off;
    this.armyMoveDst = Int32Array.from(am.out);
    this.armyMoveCode = Int32Array.from(am.out, (y) => legalCode(LEGAL_ORDER.MOVE, 0, 0, y));
    const fr = lists(L, board.fleetAdj, (x, y) => (lp[y] !== lp[x] ? lp[y]! : -1));
    this.fleetReachOff = fr.off;
    this.fleetReach = Int32Array.from(fr.out);
    const ar = lists(P, board.armyAdj, (x, y) => (lp[y] !== x ? lp[y]! : -1));
    this.armyReachOff = ar.off;
    this.armyReach = Int32Array.from(ar.out);
  }

  /** Makes room for `size` entries in the move buffers, keeping the first `used`. */
  growMoves(size: number, used: number): void {
    this.intoProv = grown(this.intoProv, size, used);
    this.intoCode = grown(this.intoCode, size, used);
  }

  /** Call before a use: clears the marks for good once in a billion stamps (a use takes a few hundred at most). */
  begin(): void {
    if (this.stampValue < 0x3f000000) return;
    this.stampValue = 0;
    this.markA.fill(0);
    this.markB.fill(0);
    this.markC.fill(0);
    this.pairMark.fill(0);
    this.unitSeen.fill(0);
    this.locMark.fill(0);
  }

  /** A fresh stamp, never equal to any mark left from before. */
  stamp(): number {
    return ++this.stampValue;
  }
}

/** `a` with room for `size` entries, keeping its first `used`: `a` itself when it is large enough. */
export function grown<T extends Int32Array>(a: T, size: number, used: number): T {
  if (size <= a.length) return a;
  const b = new Int32Array(Math.max(size, a.length * 2)) as T;
  b.set(a.subarray(0, used));
  return b;
}

const cache = new WeakMap<Board, LegalScratch>();

export function legalScratch(board: Board): LegalScratch {
  let t = cache.get(board);
  if (!t) {
    t = new LegalScratch(board);
    cache.set(board, t);
  }
  return t;
}
