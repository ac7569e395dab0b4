/**
 * Shapes on a grid, so that which shapes touch is read the same way as for a
 * generated region map (`touchingSides` in `../regions/grow.ts`): a cell
 * belongs to the shape whose rings hold its centre (even-odd, as SVG's
 * `fill-rule="evenodd"`; where shapes overlap, the later one, as it is painted
 * on top). Then every shape grows into the empty cells around it, `TOLERANCE`
 * cells deep, all at once (a cell between two shapes goes to the lower
 * index): two shapes drawn a hair apart, as hand-made borders often are, still
 * touch, while a strait drawn as a gap keeps them apart.
 */
import type { RegionGrid } from '../regions/grow.js';
import type { Ring } from './path-data.js';

/** Cells along the frame's longer side. */
export const RASTER_CELLS = 640;
/** How far (cells) shapes grow into empty cells, so that a hairline gap is no gap. */
export const TOLERANCE = 2;

/** `shapes[i]`: province i's rings, in the frame's units (0..width, 0..height). */
export function rasterize(shapes: readonly (readonly Ring[])[], width: number, height: number, longSide = RASTER_CELLS): RegionGrid {
  const cell = Math.max(width, height, 1e-9) / longSide;
  const cols = Math.max(1, Math.ceil(width / cell));
  const rows = Math.max(1, Math.ceil(height / cell));
  const owner = new Int32Array(cols * rows).fill(-1);
  const xs: number[] = [];
  shapes.forEach((rings, i) => {
    let minY = Infinity;
    let maxY = -Infinity;
    for (const r of rings)
      for (let k = 1; k < r.length; k += 2) {
        minY = Math.min(minY, r[k]!);
        maxY = Math.max(maxY, r[k]!);
      }
    if (!Number.isFinite(minY)) return;
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
  });
  grow(owner, cols, rows, TOLERANCE);
  return { cols, rows, cell, owner };
}

/** `steps` rounds: each empty cell next to a shape's cell (4-neighbourhood) takes the lowest such shape. */
function grow(owner: Int32Array, cols: number, rows: number, steps: number): void {
  for (let s = 0; s < steps; s++) {
    const before = owner.slice();
    for (let y = 0; y < rows; y++)
      for (let x = 0; x < cols; x++) {
        const c = y * cols + x;
        if (before[c] !== -1) continue;
        let best = -1;
        const take = (o: number): void => {
          if (o >= 0 && (best < 0 || o < best)) best = o;
        };
        if (x > 0) take(before[c - 1]!);
        if (x + 1 < cols) take(before[c + 1]!);
        if (y > 0) take(before[c - cols]!);
        if (y + 1 < rows) take(before[c + cols]!);
        owner[c] = best;
      }
  }
}
