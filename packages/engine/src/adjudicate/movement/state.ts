/**
 * The mutable state of one movement adjudication: the table plus the
 * bookkeeping of the guess algorithm (DATC 5.F) and a few per-phase caches.
 * One decision per unit: the success of its MOVE, SUPPORT or CONVOY order.
 * Kept per board with the table: its per-unit state is cleared with the
 * table's columns (`clearColumns`, validate.ts), the rest by `resetPhase`.
 */
import { MinimalRoutes, SeaSearch } from './convoy-routes.js';
import type { MovementTable } from './table.js';

/** How the backup rule settled a decision, for the reasons reported. */
export const BACKUP_NONE = 0;
export const BACKUP_CIRCULAR = 1;
export const BACKUP_PARADOX = 2;
export const BACKUP_ALL_FAIL = 3;

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
  /** Decisions that depended on a guess, in the order they were met: `cycle[0 .. cycleLength)`. A decision is in it at most once. */
  readonly cycle: Int32Array;
  cycleLength = 0;
  guessBased = false;
  recursionHits = 0;
  /** How many calls of `resolve` are open (bounded: `MAX_DECISION_DEPTH`, resolver.ts). */
  depth = 0;
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

  constructor(t: MovementTable, capacity: number) {
    this.t = t;
    this.resolved = new Uint8Array(capacity);
    this.visited = new Uint8Array(capacity);
    this.inCycle = new Uint8Array(capacity);
    this.res = new Uint8Array(capacity);
    this.cycle = new Int32Array(capacity + 1);
    this.forced = new Int8Array(capacity).fill(-1);
    this.backup = new Uint8Array(capacity);
    this.routeFleetsDone = new Uint8Array(capacity);
    this.routeFleetStart = new Int32Array(capacity);
    this.routeFleetEnd = new Int32Array(capacity);
    this.routeFleetList = new Int32Array(capacity);
    this.onRoute = new Uint8Array(capacity);
    this.seas = new SeaSearch(t.board.provinceCount);
    this.routes = new MinimalRoutes(t.board);
    this.usableSea = new Uint8Array(t.board.provinceCount);
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
    this.guessBased = false;
    this.recursionHits = 0;
    this.depth = 0;
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
