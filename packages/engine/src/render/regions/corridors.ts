/**
 * Corridors: after growth, an adjacent pair whose regions still do not touch
 * (their points lie across a third province, or the gap rule left a channel
 * of empty cells between them) gets a strip of cells carved from one region to
 * the other, along the cheapest path on the grid.
 *
 * A path cell goes to the first province of the pair for the first part of the
 * path and to the second for the rest (where it switches is part of the
 * search). A cell costs one, more when it is taken from a third province, and
 * more for each of its eight neighbours that belongs to a province not
 * adjacent to its new owner: those neighbours are given up to the gap, so that
 * no two non-adjacent provinces ever touch. The search never takes or clears a
 * province's seed cell, and gives up past a cost budget (so a pair whose
 * points are far apart, such as one that wraps round the map's edge, stays a
 * link).
 *
 * A carving is kept only when it keeps every promise of the map: the pair now
 * touches, every pair that touched before still does, no non-adjacent pair
 * touches, and every province that gave up cells is still one piece. Otherwise
 * it is undone, the province that broke is kept out of the next search, and
 * the pair is tried again (a few times).
 *
 * Touching is kept as per-pair counts of shared cell sides, updated cell by
 * cell, so checking a carving costs only what it changed. Pure and
 * deterministic: pairs in a fixed order, the search's ties by state then cell.
 */
import type { RegionGrid } from './grow.js';
import { Queue } from './queue.js';

export interface CorridorInput {
  grid: RegionGrid;
  n: number;
  /** n × n: 1 where provinces i and j may touch. */
  adjacent: Uint8Array;
  /** Adjacent pairs (i, j) to try to join, in this order, each with the most its corridor may cost (about its length in cells). */
  pairs: readonly (readonly [number, number, number])[];
}

/** Extra cost of a cell taken from a third province. */
const TAKE = 0.5;
/** Extra cost of each neighbour cell that must be given up to the gap. */
const CLEAR = 0.5;
/** Searches per pair (each after the last one's breaker is kept out). */
const ATTEMPTS = 4;
/** Rounds over the pairs left. */
const PASSES = 2;

/**
 * Carves corridors into `grid` (its owners are changed in place) for as many
 * of `pairs` as it can; returns the pairs that still do not touch.
 */
export function carveCorridors(input: CorridorInput): [number, number][] {
  const { grid, n, adjacent } = input;
  let budget = 0;
  const { cols, rows, owner, seeds } = grid;
  const cells = cols * rows;

  const isSeed = new Uint8Array(cells);
  for (let i = 0; i < n; i++) if (seeds[i]! >= 0) isSeed[seeds[i]!] = 1;

  // Shared cell sides per ordered pair (kept symmetric).
  const touch = new Int32Array(n * n);
  const size = new Int32Array(n);
  // Per province, a box holding all its cells (grown as it gains cells, never shrunk), so a search
  // looks for its ends only there.
  const box = new Int32Array(4 * n);
  for (let i = 0; i < n; i++) box.set([cols, rows, -1, -1], 4 * i);
  function widen(p: number, c: number): void {
    const x = c % cols;
    const y = (c - x) / cols;
    const b = 4 * p;
    if (x < box[b]!) box[b] = x;
    if (y < box[b + 1]!) box[b + 1] = y;
    if (x > box[b + 2]!) box[b + 2] = x;
    if (y > box[b + 3]!) box[b + 3] = y;
  }
  /** Calls `f` for every cell of p's box, one cell wider on each side. */
  function inBox(p: number, f: (c: number) => void): void {
    const b = 4 * p;
    const y1 = Math.min(rows - 1, box[b + 3]! + 1);
    const x0 = Math.max(0, box[b]! - 1);
    const x1 = Math.min(cols - 1, box[b + 2]! + 1);
    for (let y = Math.max(0, box[b + 1]! - 1); y <= y1; y++) for (let x = x0; x <= x1; x++) f(y * cols + x);
  }
  for (let c = 0; c < cells; c++) {
    const o = owner[c]!;
    if (o < 0) continue;
    size[o]!++;
    widen(o, c);
    const x = c % cols;
    if (x + 1 < cols) bump(o, owner[c + 1]!, 1);
    if (c + cols < cells) bump(o, owner[c + cols]!, 1);
  }
  function bump(a: number, b: number, by: number): void {
    if (a < 0 || b < 0 || a === b) return;
    touch[a * n + b]! += by;
    touch[b * n + a]! += by;
  }

  // The undo log of the carving in progress: cell, then its former owner.
  let log: number[] = [];
  function set(c: number, p: number): void {
    const old = owner[c]!;
    if (old === p) return;
    log.push(c, old);
    const x = c % cols;
    for (const d of [x > 0 ? c - 1 : -1, x + 1 < cols ? c + 1 : -1, c - cols, c + cols]) {
      if (d < 0 || d >= cells) continue;
      const o = owner[d]!;
      bump(old, o, -1);
      bump(p, o, 1);
    }
    if (old >= 0) size[old]!--;
    if (p >= 0) {
      size[p]!++;
      widen(p, c);
    }
    owner[c] = p;
  }
  function undo(): void {
    for (let k = log.length - 2; k >= 0; k -= 2) set(log[k]!, log[k + 1]!);
    log = [];
  }

  /** The eight neighbours of a cell (-1 off the grid). */
  const ring = new Int32Array(8);
  function around(c: number): Int32Array {
    const x = c % cols;
    const y = (c - x) / cols;
    let k = 0;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0) continue;
        const xx = x + dx;
        const yy = y + dy;
        ring[k++] = xx < 0 || yy < 0 || xx >= cols || yy >= rows ? -1 : yy * cols + xx;
      }
    return ring;
  }
  function sideOf(c: number, p: number): boolean {
    const x = c % cols;
    return (x > 0 && owner[c - 1] === p) || (x + 1 < cols && owner[c + 1] === p) || (c >= cols && owner[c - cols] === p) || (c + cols < cells && owner[c + cols] === p);
  }

  const queue = new Queue();
  const best = new Float64Array(2 * cells).fill(Infinity);
  const prev = new Int32Array(2 * cells);
  const banned = new Uint8Array(n);

  /** The cost of cell c going to province q, or Infinity. */
  function cost(c: number, q: number): number {
    if (isSeed[c]) return Infinity;
    const o = owner[c]!;
    let v = 1;
    if (o >= 0 && o !== q) {
      if (banned[o]) return Infinity;
      v += TAKE;
    }
    for (const e of around(c)) {
      if (e < 0) continue;
      const k = owner[e]!;
      if (k < 0 || k === q || adjacent[q * n + k]) continue;
      if (isSeed[e] || banned[k]) return Infinity;
      v += CLEAR;
    }
    return v;
  }

  /**
   * The cheapest path of states (2·cell + phase) from i's region to j's, or
   * undefined. An A* search: a cell's estimate is its straight distance to j's
   * seed less j's radius (every step costs at least one cell, so it never
   * overestimates), which keeps the search near the line between the two.
   */
  let touched: number[] = [];
  function search(i: number, j: number): number[] | undefined {
    for (const t of touched) best[t] = Infinity;
    touched = [];
    queue.size = 0;
    const who = (phase: number): number => (phase === 0 ? i : j);
    const sj = seeds[j]!;
    const jx = sj % cols;
    const jy = (sj - jx) / cols;
    let radius = 0;
    inBox(j, (c) => {
      if (owner[c] !== j) return;
      const x = c % cols;
      radius = Math.max(radius, Math.hypot(x - jx, (c - x) / cols - jy));
    });
    const guess = (c: number): number => {
      const x = c % cols;
      return Math.max(0, Math.hypot(x - jx, (c - x) / cols - jy) - radius - 1);
    };
    const reach = (c: number, phase: number, g: number, from: number): void => {
      const t = 2 * c + phase;
      if (g >= best[t]!) return;
      // No path through c can stay within the budget.
      const f = g + guess(c);
      if (f > budget) return;
      if (best[t] === Infinity) touched.push(t);
      best[t] = g;
      prev[t] = from;
      queue.push(f, phase, c);
    };
    inBox(i, (c) => {
      const o = owner[c]!;
      if (o === i || o === j || !sideOf(c, i)) return;
      for (let phase = 0; phase < 2; phase++) reach(c, phase, cost(c, who(phase)), -1);
    });
    while (queue.size > 0) {
      queue.pop();
      const phase = queue.topProv;
      const c = queue.topCell;
      const s = 2 * c + phase;
      const g = best[s]!;
      if (queue.topKey > g + guess(c) + 1e-9) continue;
      if (sideOf(c, j)) {
        const path: number[] = [];
        for (let t = s; t >= 0; t = prev[t]!) path.push(t);
        return path.reverse();
      }
      const x = c % cols;
      for (const d of [x > 0 ? c - 1 : -1, x + 1 < cols ? c + 1 : -1, c - cols, c + cols]) {
        if (d < 0 || d >= cells) continue;
        const o = owner[d]!;
        if (o === i || o === j) continue;
        for (let next = phase; next < 2; next++) reach(d, next, g + cost(d, who(next)), s);
      }
    }
    return undefined;
  }

  /** One piece: every cell of p reached from its seed. */
  const stamp = new Int32Array(cells);
  let mark = 0;
  function whole(p: number): boolean {
    const start = seeds[p]!;
    if (start < 0 || owner[start] !== p) return false;
    mark++;
    const stack = [start];
    stamp[start] = mark;
    let seen = 0;
    while (stack.length > 0) {
      const c = stack.pop()!;
      seen++;
      const x = c % cols;
      for (const d of [x > 0 ? c - 1 : -1, x + 1 < cols ? c + 1 : -1, c - cols, c + cols]) {
        if (d < 0 || d >= cells || owner[d] !== p || stamp[d] === mark) continue;
        stamp[d] = mark;
        stack.push(d);
      }
    }
    return seen === size[p];
  }

  /** Carves a corridor for (i, j); keeps it when it breaks nothing. */
  function tryPair(i: number, j: number): boolean {
    banned.fill(0);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const path = search(i, j);
      if (!path) return false;
      const before = new Map<number, Uint8Array>();
      const keep = (p: number): void => {
        if (p >= 0 && !before.has(p)) {
          const row = new Uint8Array(n);
          for (let m = 0; m < n; m++) row[m] = touch[p * n + m]! > 0 ? 1 : 0;
          before.set(p, row);
        }
      };
      keep(i);
      keep(j);
      for (const s of path) {
        const c = s >> 1;
        keep(owner[c]!);
        for (const e of around(c)) if (e >= 0) keep(owner[e]!);
      }
      log = [];
      for (const s of path) set(s >> 1, (s & 1) === 0 ? i : j);
      for (const s of path) {
        const q = (s & 1) === 0 ? i : j;
        for (const e of around(s >> 1)) {
          if (e < 0) continue;
          const k = owner[e]!;
          if (k >= 0 && k !== q && !adjacent[q * n + k]) set(e, -1);
        }
      }
      const breaker = check(i, j, before);
      if (breaker === undefined) {
        log = [];
        return true;
      }
      undo();
      if (breaker < 0 || breaker === i || breaker === j || banned[breaker]) return false;
      banned[breaker] = 1;
    }
    return false;
  }

  /** undefined when the carving keeps every promise; else the province that broke (-1: none to blame). */
  function check(i: number, j: number, before: Map<number, Uint8Array>): number | undefined {
    if (touch[i * n + j]! === 0) return -1;
    for (const [p, row] of before) {
      for (let m = 0; m < n; m++) {
        const now = touch[p * n + m]! > 0;
        if (row[m] && !now) return p === i || p === j ? m : p;
        if (now && !adjacent[p * n + m]) return p;
      }
      if (!whole(p)) return p;
    }
    return undefined;
  }

  // Two passes: a corridor carved late can open the way for a pair that failed early.
  let left = [...input.pairs];
  for (let pass = 0; pass < PASSES && left.length > 0; pass++) {
    const next: (readonly [number, number, number])[] = [];
    for (const pair of left) {
      budget = pair[2];
      if (touch[pair[0] * n + pair[1]]! === 0 && !tryPair(pair[0], pair[1])) next.push(pair);
    }
    if (next.length === left.length) break;
    left = next;
  }
  return left.map(([i, j]): [number, number] => [i, j]);
}
