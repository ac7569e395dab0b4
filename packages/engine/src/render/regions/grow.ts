/**
 * Province regions grown on a grid from the provinces' points: every province
 * starts at the cell of its point and grows, all at once, into the free cells
 * nearest to its point first (a multi-source growth ordered by the straight
 * distance to each point, so regions are close to the points' Voronoi cells),
 * with one rule that makes the picture agree with the adjacency: a cell is not
 * taken when one of its eight neighbours belongs to a province that is not
 * adjacent to the grower. Non-adjacent provinces therefore never touch; they
 * stay at least one cell apart (a thin neutral gap). Each province grows no
 * further than its reach, so a map's outer provinces do not spread without end.
 *
 * Pure and deterministic: ties are broken by province index, then cell index.
 */
import { Queue } from './queue.js';

export interface RegionGrid {
  cols: number;
  rows: number;
  /** Canvas units per cell. */
  cell: number;
  /** Per cell (row-major), the index of the province that holds it, or -1 (a gap, or off the map). */
  owner: Int32Array;
  /** Per province, the cell it grew from (the cell of its point, or the nearest free one), or -1. */
  seeds: Int32Array;
}

export interface GrowInput {
  /** Per province, its point on the canvas. */
  points: readonly (readonly [number, number])[];
  width: number;
  height: number;
  /** Canvas units per cell. */
  cell: number;
  /** n × n: 1 where provinces i and j may touch (adjacent, any unit kind). */
  adjacent: Uint8Array;
  /** Per province, how far (canvas units) from its point it may grow. */
  reach: Float64Array;
  /**
   * Per province, a head start (canvas units) taken off its distances: a
   * province with a head start wins cells half-way to its rivals and beyond
   * (the borders become hyperbolas rather than straight lines). Default none.
   */
  bonus?: Float64Array;
}

export function growRegions(input: GrowInput): RegionGrid {
  const { points, width, height, cell, adjacent, reach } = input;
  const head = new Float64Array(points.length);
  if (input.bonus) for (let i = 0; i < points.length; i++) head[i] = input.bonus[i]! / cell;
  const n = points.length;
  const cols = Math.max(1, Math.ceil(width / cell));
  const rows = Math.max(1, Math.ceil(height / cell));
  const owner = new Int32Array(cols * rows).fill(-1);
  const seeds = new Int32Array(n).fill(-1);
  const px = new Float64Array(n);
  const py = new Float64Array(n);
  points.forEach((p, i) => {
    px[i] = p[0] / cell;
    py[i] = p[1] / cell;
  });
  const queue = new Queue();
  const dist = (c: number, i: number): number => {
    const dx = (c % cols) + 0.5 - px[i]!;
    const dy = Math.floor(c / cols) + 0.5 - py[i]!;
    return Math.sqrt(dx * dx + dy * dy);
  };
  const priority = (c: number, i: number): number => dist(c, i) - head[i]!;

  // Seeds: the cell of each point, or the nearest free cell when two points share one.
  for (let i = 0; i < n; i++) {
    const x0 = Math.min(cols - 1, Math.max(0, Math.floor(px[i]!)));
    const y0 = Math.min(rows - 1, Math.max(0, Math.floor(py[i]!)));
    let seed = -1;
    for (let r = 0; seed < 0 && r < Math.max(cols, rows); r++) {
      for (let dy = -r; dy <= r && seed < 0; dy++)
        for (let dx = -r; dx <= r && seed < 0; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
          const x = x0 + dx;
          const y = y0 + dy;
          if (x < 0 || y < 0 || x >= cols || y >= rows) continue;
          if (owner[y * cols + x] === -1) seed = y * cols + x;
        }
    }
    if (seed < 0) continue;
    owner[seed] = i;
    seeds[i] = seed;
  }
  for (let c = 0; c < owner.length; c++) {
    const i = owner[c]!;
    if (i >= 0) pushNeighbours(c, i);
  }

  function pushNeighbours(c: number, i: number): void {
    const x = c % cols;
    const y = (c - x) / cols;
    if (x > 0 && owner[c - 1] === -1) queue.push(priority(c - 1, i), i, c - 1);
    if (x < cols - 1 && owner[c + 1] === -1) queue.push(priority(c + 1, i), i, c + 1);
    if (y > 0 && owner[c - cols] === -1) queue.push(priority(c - cols, i), i, c - cols);
    if (y < rows - 1 && owner[c + cols] === -1) queue.push(priority(c + cols, i), i, c + cols);
  }

  /** Whether a cell touches (of its eight neighbours) a province that may not touch `i`. */
  function blocked(c: number, i: number): boolean {
    const x = c % cols;
    const y = (c - x) / cols;
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= rows) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= cols || (dx === 0 && dy === 0)) continue;
        const k = owner[yy * cols + xx]!;
        if (k >= 0 && k !== i && adjacent[i * n + k] === 0) return true;
      }
    }
    return false;
  }

  const limit = new Float64Array(n);
  for (let i = 0; i < n; i++) limit[i] = reach[i]! / cell + head[i]!;
  while (queue.size > 0) {
    queue.pop();
    const i = queue.topProv;
    const c = queue.topCell;
    if (owner[c] !== -1) continue;
    if (dist(c, i) > limit[i]!) continue;
    if (blocked(c, i)) continue;
    owner[c] = i;
    pushNeighbours(c, i);
  }
  return { cols, rows, cell, owner, seeds };
}

/** Pairs of provinces whose regions share a cell side, as `i * n + j` (i < j) with the number of sides they share. */
export function touchingSides(grid: RegionGrid, n: number): Map<number, number> {
  const { cols, rows, owner } = grid;
  const out = new Map<number, number>();
  const add = (a: number, b: number): void => {
    if (a < 0 || b < 0 || a === b) return;
    const key = a < b ? a * n + b : b * n + a;
    out.set(key, (out.get(key) ?? 0) + 1);
  };
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < cols; x++) {
      const c = y * cols + x;
      if (x + 1 < cols) add(owner[c]!, owner[c + 1]!);
      if (y + 1 < rows) add(owner[c]!, owner[c + cols]!);
    }
  return out;
}
