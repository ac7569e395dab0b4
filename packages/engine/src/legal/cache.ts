/**
 * Per-board tables and scratch space for the legal-order generator, built once
 * per board (weakly cached) and shared by every phase of every game on it, so
 * that a phase allocates no working arrays.
 *
 * Marks use stamps: an array entry counts as set when it equals the current
 * stamp, so a new stamp clears a whole array at once.
 */
import type { Board } from '../board/board.js';
import { csrFromPairs, type Csr } from '../board/csr.js';

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
  /** Moves into provinces, one entry per move (grown as needed): province, unit, location, by-convoy flag, bucketed order. */
  intoProv: Int32Array = new Int32Array(1024);
  intoUnit: Int32Array = new Int32Array(1024);
  intoLoc: Int32Array = new Int32Array(1024);
  intoConvoy: Uint8Array = new Uint8Array(1024);
  intoOrder: Int32Array = new Int32Array(1024);
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
  }

  /** Makes room for `size` entries in the move buffers, keeping the first `used`. */
  growMoves(size: number, used: number): void {
    if (size <= this.intoProv.length) return;
    const cap = Math.max(size, this.intoProv.length * 2);
    const grow = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a.subarray(0, used));
      return b;
    };
    this.intoProv = grow(this.intoProv, (k) => new Int32Array(k));
    this.intoUnit = grow(this.intoUnit, (k) => new Int32Array(k));
    this.intoLoc = grow(this.intoLoc, (k) => new Int32Array(k));
    this.intoConvoy = grow(this.intoConvoy, (k) => new Uint8Array(k));
    this.intoOrder = new Int32Array(cap);
  }

  /** Call before a use: clears the marks for good once in a billion stamps (a use takes a few hundred at most). */
  begin(): void {
    if (this.stampValue < 0x3f000000) return;
    this.stampValue = 0;
    this.markA.fill(0);
    this.markB.fill(0);
    this.markC.fill(0);
    this.pairMark.fill(0);
  }

  /** A fresh stamp, never equal to any mark left from before. */
  stamp(): number {
    return ++this.stampValue;
  }
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
