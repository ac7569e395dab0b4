/**
 * The mutable state of one movement adjudication: the table plus the
 * bookkeeping of the guess algorithm (DATC 5.F) and a few per-phase caches.
 * One decision per unit: the success of its MOVE, SUPPORT or CONVOY order.
 * Kept per board with the table: its per-unit state is cleared with the
 * table's columns (`clearColumns`, validate.ts), the rest by `resetPhase`.
 */
import { MinimalRoutes, SeaSearch } from './convoy-routes.js';
import type { Slab } from '../slab.js';
import { roundUp4, type MovementTable } from './table.js';

/** How the backup rule settled a decision, for the reasons reported. */
export const BACKUP_NONE = 0;
export const BACKUP_CIRCULAR = 1;
export const BACKUP_PARADOX = 2;
export const BACKUP_ALL_FAIL = 3;

/** `low` when no guess has been read: above any stack depth. */
export const NO_GUESS = 0x7fffffff;

export class MovementState {
  readonly t: MovementTable;
  /** 1 once a decision is final. */
  readonly resolved: Uint8Array;
  /** 1 while a decision is on the recursion stack. */
  readonly visited: Uint8Array;
  /** 1 while a decision is in `cycle`. */
  readonly inCycle: Uint8Array;
  /** The decision (1 success), or the guess while it is being resolved. */
  readonly res: Uint8Array;
  /**
   * Decisions whose result depended on a guess still open, in the order they
   * finished: `cycle[0 .. cycleLength)`. A decision is in it at most once.
   */
  readonly cycle: Int32Array;
  cycleLength = 0;
  /**
   * Per decision on the recursion stack: its depth there (1 for the outermost).
   * Per decision in `cycle`: `lowOf`, the least depth of a decision still on
   * the stack whose guess its result depended on.
   */
  readonly depthOf: Int32Array;
  readonly lowOf: Int32Array;
  /** The depth of the innermost decision on the recursion stack (0: none). */
  depth = 0;
  /**
   * While a decision is adjudicated: the least stack depth of a guess its
   * result has depended on so far, or `NO_GUESS`.
   */
  low = NO_GUESS;
  /** Results imposed from outside a cycle by the backup rule (-1: none), honoured even mid-adjudication. */
  readonly forced: Int8Array;
  /** Per unit: how the backup rule settled it (BACKUP_*). */
  readonly backup: Uint8Array;
  /** Set when the backup rule wrote `forced` or `backup`, so that the next phase clears them (`resetPhase`). */
  backupUsed = false;
  /**
   * The fleets on minimal routes among each army's convoyers, computed lazily
   * (paths.ts): per army `routeFleetsDone`, and its fleets in
   * `routeFleetList[routeFleetStart[a] .. routeFleetEnd[a])`; per fleet `onRoute`.
   */
  readonly routeFleetsDone: Uint8Array;
  readonly routeFleetStart: Int32Array;
  readonly routeFleetEnd: Int32Array;
  readonly routeFleetList: Int32Array;
  routeFleetCount = 0;
  readonly onRoute: Uint8Array;
  /** Set when some army's route fleets were computed this phase. */
  routeFleetsUsed = false;
  /** Working arrays of the convoy route searches, and the usable seas of one (all zeros between searches). */
  readonly seas: SeaSearch;
  readonly routes: MinimalRoutes;
  readonly usableSea: Uint8Array;

  /** What the constructor carves from its slab: Int32 elements and bytes (each byte column rounded up to 4). */
  static slabNeeds(capacity: number, provinceCount: number): { int32s: number; bytes: number } {
    return { int32s: 6 * capacity + 1, bytes: 8 * roundUp4(capacity) + roundUp4(provinceCount) };
  }

  /** `slab`: the workspace's buffer (see `slabNeeds`). */
  constructor(t: MovementTable, capacity: number, slab: Slab) {
    this.t = t;
    this.resolved = slab.uint8(capacity);
    this.res = slab.uint8(capacity);
    this.visited = slab.uint8(capacity);
    this.inCycle = slab.uint8(capacity);
    this.depthOf = slab.int32(capacity);
    this.cycle = slab.int32(capacity + 1);
    this.lowOf = slab.int32(capacity);
    this.forced = slab.int8(capacity, -1);
    this.backup = slab.uint8(capacity);
    this.routeFleetsDone = slab.uint8(capacity);
    this.routeFleetStart = slab.int32(capacity);
    this.routeFleetEnd = slab.int32(capacity);
    this.routeFleetList = slab.int32(capacity);
    this.onRoute = slab.uint8(capacity);
    this.seas = new SeaSearch(t.board.provinceCount);
    this.routes = new MinimalRoutes(t.board);
    this.usableSea = slab.uint8(t.board.provinceCount);
  }

  /**
   * Clears the per-phase state that does not depend on the units (the per-unit
   * state is cleared with the table's columns, `clearColumns` in validate.ts).
   */
  resetPhase(): void {
    if (this.backupUsed) {
      this.forced.fill(-1);
      this.backup.fill(BACKUP_NONE);
      this.backupUsed = false;
    }
    if (this.routeFleetsUsed) {
      // Cleared whole: the units of the phase that set them may have been more than `n`.
      this.routeFleetsDone.fill(0);
      this.onRoute.fill(0);
      this.routeFleetCount = 0;
      this.routeFleetsUsed = false;
    }
    this.cycleLength = 0;
    this.depth = 0;
    this.low = NO_GUESS;
  }

  /** Makes a decision final. */
  settle(u: number, success: boolean): boolean {
    this.resolved[u] = 1;
    this.res[u] = success ? 1 : 0;
    this.visited[u] = 0;
    return success;
  }

  /** Adds a decision to the cycle (the caller checks it is not in it yet). */
  pushCycle(u: number): void {
    this.cycle[this.cycleLength++] = u;
    this.inCycle[u] = 1;
  }

  /** Drops the cycle entries from `length` on. */
  truncateCycle(length: number): void {
    for (let i = length; i < this.cycleLength; i++) this.inCycle[this.cycle[i]!] = 0;
    this.cycleLength = length;
  }
}
