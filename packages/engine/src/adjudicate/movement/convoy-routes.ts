/**
 * Convoy geometry: routes of seas from one shore to another, at province
 * level, knowing nothing of orders or resolution. Two searches, each written
 * once and shared by every caller:
 *
 * - breadth first, "is there a route": `SeaSearch` holds its working arrays;
 *   the walk itself is `seaRoute` (paths.ts), which decides per sea whether it
 *   may be used (a fleet stands there; its fleet convoys this army; its convoy
 *   succeeds, which resolves decisions, so a search can start inside another);
 * - depth first, "which seas lie on a minimal route": `MinimalRoutes`.
 *
 * A route is *minimal* when no fleet on it can be left out: the sea path is
 * induced (no sea touches the origin except the first, none touches the
 * destination except the last, and no two non-consecutive seas touch). The
 * DATC calls a convoy order by a fleet on no minimal route illegal (6.G.19).
 *
 * Both keep their arrays from phase to phase, so a search allocates nothing.
 */
import type { Board } from '../../board/board.js';
import { csrHas, type Csr } from '../../board/csr.js';

/** Working arrays of one breadth-first search over seas: `seen` is all zeros between searches. */
export interface SeaSearchFrame {
  readonly seen: Uint8Array;
  readonly queue: Int32Array;
}

/**
 * Working arrays for breadth-first sea searches. A search may run inside
 * another (resolving a convoy can need another army's route), so each level of
 * nesting has its own frame: `enter` before a search, `leave` after it, with
 * `seen` cleared again.
 */
export class SeaSearch {
  private readonly frames: SeaSearchFrame[] = [];
  private depth = 0;
  constructor(private readonly provinceCount: number) {}

  enter(): SeaSearchFrame {
    let f = this.frames[this.depth];
    if (!f) {
      // Each sea enters the queue at most once per search.
      f = { seen: new Uint8Array(this.provinceCount), queue: new Int32Array(this.provinceCount) };
      this.frames.push(f);
    }
    this.depth++;
    return f;
  }

  /** Ends the innermost search, clearing the `seen` marks of the `tail` seas it queued. */
  leave(f: SeaSearchFrame, tail: number): void {
    for (let i = 0; i < tail; i++) f.seen[f.queue[i]!] = 0;
    this.depth--;
  }
}

/** Work limit for the route enumerations, far above any real map; beyond it they answer conservatively. */
const STEP_LIMIT = 200_000;
/** Seas on one route the enumeration follows (a call each, so a bound on the stack as well), with the same answer beyond it. */
export const ROUTE_DEPTH_LIMIT = 2_000;

/**
 * The seas on minimal routes from one shore to another through usable seas
 * (`usable[sea] === 1`), enumerated depth first over induced paths (fleets are
 * few, so this is small). The answer is `list[0 .. count)`, in the order the
 * seas were first found on a route, and `found[sea] === 1` for each; `clear`
 * empties it. If the work limit is hit, the answer is every usable sea
 * reachable from both shores.
 */
export class MinimalRoutes {
  readonly found: Uint8Array;
  readonly list: Int32Array;
  count = 0;
  private readonly onPath: Uint8Array;
  private readonly path: Int32Array;
  private depth = 0;
  private steps = 0;
  private exhausted = false;
  /** Stop as soon as this sea is found (-1: enumerate all). */
  private stopAt = -1;
  private adj: Csr;
  private usable: Uint8Array;
  private from = -1;
  private to = -1;
  // Breadth-first marks and queue for the exhausted case.
  private readonly reachA: Uint8Array;
  private readonly reachB: Uint8Array;
  private readonly queue: Int32Array;

  constructor(board: Board) {
    const P = board.provinceCount;
    this.found = new Uint8Array(P);
    this.list = new Int32Array(P);
    this.onPath = new Uint8Array(P);
    this.path = new Int32Array(P);
    this.reachA = new Uint8Array(P);
    this.reachB = new Uint8Array(P);
    this.queue = new Int32Array(P);
    this.adj = board.seaAdj;
    this.usable = this.found;
  }

  /**
   * Fills the answer for a route from `from` to `to` (after `clear`). With
   * `stopAt` a sea, stops once that sea is found: the answer then holds it, and
   * `found[stopAt]` tells whether it lies on a minimal route.
   */
  search(board: Board, usable: Uint8Array, from: number, to: number, stopAt = -1): void {
    if (from === to) return;
    this.adj = board.seaAdj;
    this.usable = usable;
    this.from = from;
    this.to = to;
    this.stopAt = stopAt;
    this.steps = 0;
    this.exhausted = false;
    this.depth = 0;
    const { offsets, targets } = this.adj;
    for (let i = offsets[from]!; i < offsets[from + 1]!; i++) {
      const s = targets[i]!;
      if (usable[s] === 1) this.visit(s);
      if (stopAt >= 0 && this.found[stopAt] === 1) break;
    }
    if (this.exhausted) {
      // Unwind what the interrupted walk left on its path.
      for (let k = 0; k < this.depth; k++) this.onPath[this.path[k]!] = 0;
      this.depth = 0;
      this.clear();
      this.reachableFromBothShores();
    }
  }

  private visit(s: number): void {
    if (this.exhausted) return;
    if (++this.steps > STEP_LIMIT || this.depth >= ROUTE_DEPTH_LIMIT) {
      this.exhausted = true;
      return;
    }
    const { offsets, targets } = this.adj;
    const path = this.path;
    path[this.depth++] = s;
    this.onPath[s] = 1;
    if (csrHas(this.adj, this.to, s)) {
      for (let k = 0; k < this.depth; k++) this.add(path[k]!);
    } else {
      for (let i = offsets[s]!; i < offsets[s + 1]!; i++) {
        const x = targets[i]!;
        if (this.onPath[x] || x === this.from || x === this.to || this.usable[x] !== 1) continue;
        if (csrHas(this.adj, this.from, x)) continue; // the route could start at x instead
        let chord = false;
        for (let k = 0; k < this.depth - 1 && !chord; k++) chord = csrHas(this.adj, path[k]!, x);
        if (chord) continue;
        this.visit(x);
        if (this.exhausted || (this.stopAt >= 0 && this.found[this.stopAt] === 1)) break;
      }
    }
    if (this.exhausted) return; // the path is unwound by `search`
    this.onPath[s] = 0;
    this.depth--;
  }

  private add(s: number): void {
    if (this.found[s]) return;
    this.found[s] = 1;
    this.list[this.count++] = s;
  }

  /** Empties the answer. */
  clear(): void {
    for (let i = 0; i < this.count; i++) this.found[this.list[i]!] = 0;
    this.count = 0;
  }

  /** The conservative answer: usable seas reachable from both shores (in the order reached from `from`). */
  private reachableFromBothShores(): void {
    const a = this.reachA;
    const b = this.reachB;
    const na = this.reach(this.from, a);
    const queueA = this.queue.slice(0, na); // cold path: a copy is fine here
    const nb = this.reach(this.to, b);
    for (let i = 0; i < na; i++) if (b[queueA[i]!]) this.add(queueA[i]!);
    for (let i = 0; i < na; i++) a[queueA[i]!] = 0;
    for (let i = 0; i < nb; i++) b[this.queue[i]!] = 0;
  }

  /** Breadth first from a shore over usable seas, marking `mark`; returns how many were queued (in `queue`). */
  private reach(start: number, mark: Uint8Array): number {
    const { offsets, targets } = this.adj;
    const queue = this.queue;
    let tail = 0;
    for (let i = offsets[start]!; i < offsets[start + 1]!; i++) {
      const s = targets[i]!;
      if (this.usable[s] === 1 && !mark[s]) {
        mark[s] = 1;
        queue[tail++] = s;
      }
    }
    for (let head = 0; head < tail; head++) {
      const s = queue[head]!;
      for (let i = offsets[s]!; i < offsets[s + 1]!; i++) {
        const x = targets[i]!;
        if (this.usable[x] === 1 && !mark[x]) {
          mark[x] = 1;
          queue[tail++] = x;
        }
      }
    }
    return tail;
  }
}

/**
 * The seas that lie on some minimal route from `from` to `to` through usable
 * seas, as a set: `MinimalRoutes` for callers that judge seas with a function
 * (the legal-order generator's fallback). Allocates; not for hot paths.
 */
export function minimalRouteSeas(board: Board, usable: (sea: number) => boolean, from: number, to: number): Set<number> {
  const marks = new Uint8Array(board.provinceCount);
  for (let s = 0; s < board.provinceCount; s++) if (usable(s)) marks[s] = 1;
  const routes = new MinimalRoutes(board);
  routes.search(board, marks, from, to);
  return new Set(routes.list.subarray(0, routes.count));
}

/** Whether the written path `seas` is a route from `from` to `to`: consecutive seas touch, ends touch the shores. */
export function isRoute(board: Board, seas: readonly number[], from: number, to: number): boolean {
  if (seas.length === 0) return false;
  if (!csrHas(board.seaAdj, from, seas[0]!)) return false;
  for (let i = 1; i < seas.length; i++) if (!csrHas(board.seaAdj, seas[i - 1]!, seas[i]!)) return false;
  return csrHas(board.seaAdj, to, seas[seas.length - 1]!);
}
