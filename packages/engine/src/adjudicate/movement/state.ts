/**
 * The mutable state of one movement adjudication: the table plus the
 * bookkeeping of the guess algorithm (DATC 5.F) and a few per-phase caches.
 * One decision per unit: the success of its MOVE, SUPPORT or CONVOY order.
 */
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
  /** Decisions that depended on a guess, in the order they were met. */
  readonly cycle: number[] = [];
  guessBased = false;
  recursionHits = 0;
  /** Results imposed from outside a cycle by the backup rule (-1: none), honoured even mid-adjudication. */
  readonly forced: Int8Array;
  /** Per unit: how the backup rule settled it (BACKUP_*). */
  readonly backup: Uint8Array;
  /** Per army: the fleets on minimal routes among its convoyers (lazily computed). */
  readonly routeFleets: (Set<number> | undefined)[];

  constructor(t: MovementTable) {
    const n = t.units.n;
    this.t = t;
    this.resolved = new Uint8Array(n);
    this.visited = new Uint8Array(n);
    this.inCycle = new Uint8Array(n);
    this.res = new Uint8Array(n);
    this.forced = new Int8Array(n).fill(-1);
    this.backup = new Uint8Array(n);
    this.routeFleets = new Array<Set<number> | undefined>(n).fill(undefined);
  }

  /** Makes a decision final. */
  settle(u: number, success: boolean): boolean {
    this.resolved[u] = 1;
    this.res[u] = success ? 1 : 0;
    this.visited[u] = 0;
    return success;
  }

  /** Drops the cycle entries from `length` on. */
  truncateCycle(length: number): void {
    for (let i = length; i < this.cycle.length; i++) this.inCycle[this.cycle[i]!] = 0;
    this.cycle.length = length;
  }
}
