/**
 * Convoy geometry: routes of fleet-held seas from one shore to another, at
 * province level. These functions know nothing of orders or resolution; the
 * caller says which seas may be used (`usable[prov]`), e.g. "holds a fleet"
 * when judging whether an order is legal, or "holds a fleet ordered to convoy
 * this army" when adjudicating.
 *
 * A route is *minimal* when no fleet on it can be left out: the sea path is
 * induced (no sea touches the origin except the first, none touches the
 * destination except the last, and no two non-consecutive seas touch). The
 * DATC calls a convoy order by a fleet on no minimal route illegal (6.G.19).
 */
import type { Board } from '../../board/board.js';
import { csrHas } from '../../board/csr.js';

/** Whether some route of usable seas leads from province `from` to province `to`. */
export function seaRouteExists(board: Board, usable: (sea: number) => boolean, from: number, to: number): boolean {
  if (from === to) return false;
  const { offsets, targets } = board.seaAdj;
  const seen = new Uint8Array(board.provinceCount);
  const queue: number[] = [];
  for (let i = offsets[from]!; i < offsets[from + 1]!; i++) {
    const s = targets[i]!;
    if (usable(s) && !seen[s]) {
      seen[s] = 1;
      queue.push(s);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const s = queue[head]!;
    if (csrHas(board.seaAdj, to, s)) return true;
    for (let i = offsets[s]!; i < offsets[s + 1]!; i++) {
      const t = targets[i]!;
      if (t !== from && t !== to && usable(t) && !seen[t]) {
        seen[t] = 1;
        queue.push(t);
      }
    }
  }
  return false;
}

/** Work limit for the route enumerations, far above any real map; beyond it they answer conservatively. */
const STEP_LIMIT = 200_000;

/**
 * The seas that lie on some minimal route from `from` to `to` through usable
 * seas. Enumerates induced paths depth first; fleets are few, so this is small.
 * If the work limit is hit, every sea reachable from both ends is returned.
 */
export function minimalRouteSeas(board: Board, usable: (sea: number) => boolean, from: number, to: number): Set<number> {
  const found = new Set<number>();
  if (from === to) return found;
  const adj = board.seaAdj;
  const touches = (a: number, b: number): boolean => csrHas(adj, a, b);
  const path: number[] = [];
  const onPath = new Uint8Array(board.provinceCount);
  let steps = 0;
  let exhausted = false;

  const visit = (s: number): void => {
    if (exhausted) return;
    if (++steps > STEP_LIMIT) {
      exhausted = true;
      return;
    }
    path.push(s);
    onPath[s] = 1;
    if (touches(to, s)) {
      for (const p of path) found.add(p);
    } else {
      for (let i = adj.offsets[s]!; i < adj.offsets[s + 1]!; i++) {
        const t = adj.targets[i]!;
        if (onPath[t] || t === from || t === to || !usable(t)) continue;
        if (touches(from, t)) continue; // the route could start at t instead
        let chord = false;
        for (let k = 0; k < path.length - 1 && !chord; k++) chord = touches(path[k]!, t);
        if (!chord) visit(t);
      }
    }
    onPath[s] = 0;
    path.pop();
  };

  for (let i = adj.offsets[from]!; i < adj.offsets[from + 1]!; i++) {
    const s = adj.targets[i]!;
    if (usable(s)) visit(s);
  }
  if (exhausted) return reachableFromBothEnds(board, usable, from, to);
  return found;
}

function reachableFromBothEnds(board: Board, usable: (sea: number) => boolean, from: number, to: number): Set<number> {
  const a = reachableSeas(board, usable, from);
  const b = reachableSeas(board, usable, to);
  return new Set([...a].filter((s) => b.has(s)));
}

function reachableSeas(board: Board, usable: (sea: number) => boolean, from: number): Set<number> {
  const { offsets, targets } = board.seaAdj;
  const seen = new Set<number>();
  const queue: number[] = [];
  for (let i = offsets[from]!; i < offsets[from + 1]!; i++) {
    const s = targets[i]!;
    if (usable(s) && !seen.has(s)) {
      seen.add(s);
      queue.push(s);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const s = queue[head]!;
    for (let i = offsets[s]!; i < offsets[s + 1]!; i++) {
      const t = targets[i]!;
      if (usable(t) && !seen.has(t)) {
        seen.add(t);
        queue.push(t);
      }
    }
  }
  return seen;
}

/** Whether the written path `seas` is a route from `from` to `to`: consecutive seas touch, ends touch the shores. */
export function isRoute(board: Board, seas: readonly number[], from: number, to: number): boolean {
  if (seas.length === 0) return false;
  if (!csrHas(board.seaAdj, from, seas[0]!)) return false;
  for (let i = 1; i < seas.length; i++) if (!csrHas(board.seaAdj, seas[i - 1]!, seas[i]!)) return false;
  return csrHas(board.seaAdj, to, seas[seas.length - 1]!);
}

/** Working arrays of one breadth-first search over seas: `seen` is all zeros between searches. */
export interface SeaSearchFrame {
  readonly seen: Uint8Array;
  readonly queue: Int32Array;
}

/**
 * Working arrays for sea searches that allocate nothing once warm. A search
 * may run inside another (resolving a convoy can need another army's route), so
 * each level of nesting has its own frame: `enter` before a search, `leave`
 * after it, with `seen` cleared again.
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
