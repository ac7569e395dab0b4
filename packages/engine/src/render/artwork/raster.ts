/**
 * Shapes on a grid, so that which shapes touch is read the same way as for a
 * generated region map (`touchingSides` in `../regions/grow.ts`): a cell
 * belongs to the shape whose rings hold its centre (even-odd, as SVG's
 * `fill-rule="evenodd"`; where shapes overlap, the later one, as it is painted
 * on top). Then gaps of at most `TOLERANCE` cells across, along a row or a
 * column, are closed: two shapes drawn a hair apart, as hand-made borders
 * often are, still touch, while a strait drawn as a wider gap keeps them
 * apart, and shapes that meet only at a corner do not touch.
 */
import type { RegionGrid } from '../regions/grow.js';
import type { Ring } from './path-data.js';

/** Cells along the frame's longer side. */
export const RASTER_CELLS = 640;
/** The widest gap (cells) between two shapes that is closed, so that a hairline gap is no gap. */
export const TOLERANCE = 2;

/**
 * `shapes[i]`: province i's rings, in the frame's units (0..width, 0..height);
 * `order`: the provinces in the order they are painted (the artwork's), by default by index.
 */
export function rasterize(shapes: readonly (readonly Ring[])[], width: number, height: number, longSide = RASTER_CELLS, order?: readonly number[]): RegionGrid {
  const cell = Math.max(width, height, 1e-9) / longSide;
  const cols = Math.max(1, Math.ceil(width / cell));
  const rows = Math.max(1, Math.ceil(height / cell));
  const owner = new Int32Array(cols * rows).fill(-1);
  const xs: number[] = [];
  for (const i of order ?? shapes.keys()) {
    const rings = shapes[i]!;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const r of rings)
      for (let k = 1; k < r.length; k += 2) {
        minY = Math.min(minY, r[k]!);
        maxY = Math.max(maxY, r[k]!);
      }
    if (!Number.isFinite(minY)) continue;
    const y0 = Math.max(0, Math.floor(minY / cell - 0.5));
    const y1 = Math.min(rows - 1, Math.ceil(maxY / cell - 0.5));
    for (let y = y0; y <= y1; y++) {
      const cy = (y + 0.5) * cell;
      xs.length = 0;
      for (const r of rings) {
        const n = r.length / 2;
        for (let a = 0, b = n - 1; a < n; b = a++) {
          const ya = r[2 * a + 1]!;
          const yb = r[2 * b + 1]!;
          // Half-open: an edge counts for the rows in [min, max), so a vertex is crossed once.
          if (ya > cy !== yb > cy) {
            const xa = r[2 * a]!;
            const xb = r[2 * b]!;
            xs.push(xa + ((cy - ya) * (xb - xa)) / (yb - ya));
          }
        }
      }
      xs.sort((p, q) => p - q);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        // Cells whose centre lies in [xs[k], xs[k+1]).
        const from = Math.max(0, Math.ceil(xs[k]! / cell - 0.5));
        const to = Math.min(cols - 1, Math.ceil(xs[k + 1]! / cell - 0.5) - 1);
        for (let x = from; x <= to; x++) owner[y * cols + x] = i;
      }
    }
  }
  bridge(owner, cols, rows, TOLERANCE);
  // A drawing has no seeds: its shapes are given whole, nothing grows from a point.
  return { cols, rows, cell, owner, seeds: new Int32Array(shapes.length).fill(-1) };
}

/**
 * Bridges short gaps: along each row, then each column, a run of at most
 * `most` empty cells with a shape's cell at both ends goes to the first end.
 * Shapes that meet at a corner only are not joined (no row or column runs
 * from one to the other through a short gap there).
 */
function bridge(owner: Int32Array, cols: number, rows: number, most: number): void {
  const line = (start: number, step: number, count: number): void => {
    let k = 0;
    while (k < count) {
      if (owner[start + k * step] !== -1) {
        k++;
        continue;
      }
      let end = k;
      while (end < count && owner[start + end * step] === -1) end++;
      if (k > 0 && end < count && end - k <= most) {
        const fill = owner[start + (k - 1) * step]!;
        for (let m = k; m < end; m++) owner[start + m * step] = fill;
      }
      k = end;
    }
  };
  for (let y = 0; y < rows; y++) line(y * cols, 1, cols);
  for (let x = 0; x < cols; x++) line(x, cols, rows);
}
