/**
 * A variant's region map, generated from its own data: the provinces' points
 * (the layout), which provinces are adjacent (a region may touch only those),
 * and the terrain. Computed once per variant and layout and cached (a
 * WeakMap on the config object), since the board is redrawn far more often
 * than the map changes.
 */
import type { Board } from '../../board/board.js';
import { csrRow } from '../../board/csr.js';
import type { VariantConfig } from '../../config/variant-config.js';
import type { BoardLayout } from '../layout.js';
import { provincePairs } from '../layout.js';
import { growRegions, touchingSides, type RegionGrid } from './grow.js';
import { carveCorridors } from './corridors.js';
import { outlineRegions } from './outline.js';

export interface CoastMark {
  /** The coast's location, `spa/nc`. */
  location: string;
  /** The coast's id, `nc`. */
  coast: string;
  /** Line pieces along the province's border with this coast's seas: flat [x1, y1, x2, y2, …]. */
  segments: Float64Array;
  /** Where a fleet on this coast is drawn: inside the province, near that border. */
  anchor: [number, number];
}

export interface RegionMap {
  grid: RegionGrid;
  /** Per province: its outline loops (outer ring, then holes), flat [x, y, …] in canvas units. */
  loops: Float64Array[][];
  /** Per province: where its unit, label and supply centre are drawn (inside the region, away from its edges). */
  anchors: [number, number][];
  /** Per province with named coasts: one mark per coast. */
  coasts: Map<number, CoastMark[]>;
  /** Adjacent pairs (i < j) whose regions do not touch: drawn as links. */
  links: [number, number][];
  /** Per link: whether its points are more than half the map apart, so it is drawn round the map's east–west edge. */
  wraps: boolean[];
  /** The map's width: where a wrap link leaves it. */
  width: number;
  /** Pairs (i < j) whose regions touch but are not adjacent (none, by construction; kept for the check). */
  strays: [number, number][];
  /** The provinces in the order their regions are painted, when not by index (an artwork's order: an island over its sea). */
  order?: readonly number[];
}

/** Cells across a typical nearest-neighbour distance. */
const CELLS_PER_SPACING = 11;
const MAX_CELLS = 160_000;
/** Cells across the closest tenth of the nearest-neighbour distances (crowded parts of a map). */
const CELLS_PER_CLOSE = 7;
/** Rounds of head starts for adjacent provinces that do not touch, and each round's step (of the typical spacing). */
const ROUNDS = 8;
const BONUS_STEP = 0.25;
/** The most a corridor may cost, in typical spacings (about its length). */
const CORRIDOR_BUDGET = 8;
/** The fewest provinces of a map whose far-apart links are drawn round its east–west edge. */
const WRAP_MIN_PROVINCES = 20;
/** …or this many times the pair's own distance, when that is longer. */
const CORRIDOR_STRETCH = 1.5;

const cache = new WeakMap<VariantConfig, Map<string, RegionMap>>();

/** The region map of a variant drawn at `layout` (cached per config object and layout). */
export function regionMap(config: VariantConfig, board: Board, layout: BoardLayout): RegionMap {
  let perConfig = cache.get(config);
  if (!perConfig) {
    perConfig = new Map();
    cache.set(config, perConfig);
  }
  const key = `${layout.width}x${layout.height}:${layout.points.map((p) => `${p[0]},${p[1]}`).join(';')}`;
  const hit = perConfig.get(key);
  if (hit) return hit;
  const made = buildRegionMap(config, board, layout);
  perConfig.set(key, made);
  return made;
}

export function buildRegionMap(config: VariantConfig, board: Board, layout: BoardLayout): RegionMap {
  const n = config.provinces.length;
  const points = layout.points;
  const adjacent = new Uint8Array(n * n);
  const neighbours: number[][] = Array.from({ length: n }, () => []);
  for (const [i, j] of provincePairs(config)) {
    adjacent[i * n + j] = 1;
    adjacent[j * n + i] = 1;
    neighbours[i]!.push(j);
    neighbours[j]!.push(i);
  }
  const nearest = new Float64Array(n).fill(Infinity);
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const d = Math.hypot(points[i]![0] - points[j]![0], points[i]![1] - points[j]![1]);
      if (d < nearest[i]!) nearest[i] = d;
      if (d < nearest[j]!) nearest[j] = d;
    }
  const finite = [...nearest].filter(Number.isFinite).sort((a, b) => a - b);
  const spacing = finite[Math.floor(finite.length / 2)] ?? 60;
  const close = finite[Math.floor(finite.length / 10)] ?? spacing;
  const cell = Math.max(Math.min(spacing / CELLS_PER_SPACING, close / CELLS_PER_CLOSE), Math.sqrt((layout.width * layout.height) / MAX_CELLS), 1);

  // Reach: as far as its farthest neighbour's half-way point (a little more), at least a typical spacing.
  const reach = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let far = 0;
    for (const j of neighbours[i]!) far = Math.max(far, Math.hypot(points[i]![0] - points[j]![0], points[i]![1] - points[j]![1]));
    reach[i] = Math.max(0.62 * far, 0.9 * spacing);
  }
  // Rounds: the provinces of adjacent pairs that do not touch get a head start, and the map is grown
  // again; the round with the fewest such pairs is kept (the first of equals).
  const bonus = new Float64Array(n);
  let grid = growRegions({ points, width: layout.width, height: layout.height, cell, adjacent, reach, bonus });
  let links = unmet(grid, n, adjacent);
  for (let round = 1; round <= ROUNDS && links.length > 0; round++) {
    for (const [i, j] of links) {
      bonus[i]! += BONUS_STEP * spacing;
      bonus[j]! += BONUS_STEP * spacing;
    }
    const next = growRegions({ points, width: layout.width, height: layout.height, cell, adjacent, reach, bonus });
    const nextLinks = unmet(next, n, adjacent);
    if (nextLinks.length < links.length) {
      grid = next;
      links = nextLinks;
    }
  }
  // Corridors for the pairs that still do not touch (closest first, so long ones route round short
  // ones), up to a few typical spacings long, or a little longer than the pair's own distance when
  // that is longer, except for a pair more than half the map apart: it may wrap round the map's
  // edge, and a strip across the whole map would not be a border.
  if (links.length > 0) {
    const span = ([i, j]: [number, number]): number => Math.hypot(points[i]![0] - points[j]![0], points[i]![1] - points[j]![1]);
    const wide = ([i, j]: [number, number]): boolean => Math.abs(points[i]![0] - points[j]![0]) > layout.width / 2;
    const order = [...links]
      .sort((a, b) => span(a) - span(b) || a[0] - b[0] || a[1] - b[1])
      .map((p): [number, number, number] => [p[0], p[1], Math.max(CORRIDOR_BUDGET * spacing, wide(p) ? 0 : CORRIDOR_STRETCH * span(p)) / cell]);
    carveCorridors({ grid, n, adjacent, pairs: order });
    links = unmet(grid, n, adjacent);
  }
  const { loops, corners } = outlineRegions(grid, n);
  const touching = touchingSides(grid, n);
  const strays: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (!adjacent[i * n + j] && touching.has(i * n + j)) strays.push([i, j]);

  const anchors = innerPoints(grid, n, points);
  const coasts = coastMarks(config, board, grid, corners, anchors, 1.6 * layout.radius);
  // A map of a handful of provinces is a diagram, not a projection of the globe with edges to wrap round.
  const wraps = links.map(([i, j]) => n >= WRAP_MIN_PROVINCES && Math.abs(points[i]![0] - points[j]![0]) > layout.width / 2);
  return { grid, loops, anchors, coasts, links, wraps, width: layout.width, strays };
}

/** Adjacent pairs (i < j) whose regions share no cell side. */
export function unmet(grid: RegionGrid, n: number, adjacent: Uint8Array): [number, number][] {
  const touching = touchingSides(grid, n);
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (adjacent[i * n + j] && !touching.has(i * n + j)) out.push([i, j]);
  return out;
}

/**
 * Per province, a point well inside its region: the cell that best balances
 * its distance from the region's edge (capped, so a big region does not send
 * its unit far from the author's point) against its distance from the point.
 */
export function innerPoints(grid: RegionGrid, n: number, points: readonly (readonly [number, number])[]): [number, number][] {
  const { cols, rows, cell, owner } = grid;
  // Chamfer distance (in cells) from each cell to the nearest cell of another owner.
  const d = new Float64Array(cols * rows);
  const BIG = 1e9;
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < cols; x++) {
      const c = y * cols + x;
      const o = owner[c]!;
      const edge = o < 0 || x === 0 || y === 0 || x === cols - 1 || y === rows - 1 || owner[c - 1] !== o || owner[c + 1] !== o || owner[c - cols] !== o || owner[c + cols] !== o;
      d[c] = edge ? 0 : BIG;
    }
  const D = 1;
  const DD = Math.SQRT2;
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < cols; x++) {
      const c = y * cols + x;
      let v = d[c]!;
      if (x > 0) v = Math.min(v, d[c - 1]! + D);
      if (y > 0) {
        v = Math.min(v, d[c - cols]! + D);
        if (x > 0) v = Math.min(v, d[c - cols - 1]! + DD);
        if (x < cols - 1) v = Math.min(v, d[c - cols + 1]! + DD);
      }
      d[c] = v;
    }
  for (let y = rows - 1; y >= 0; y--)
    for (let x = cols - 1; x >= 0; x--) {
      const c = y * cols + x;
      let v = d[c]!;
      if (x < cols - 1) v = Math.min(v, d[c + 1]! + D);
      if (y < rows - 1) {
        v = Math.min(v, d[c + cols]! + D);
        if (x < cols - 1) v = Math.min(v, d[c + cols + 1]! + DD);
        if (x > 0) v = Math.min(v, d[c + cols - 1]! + DD);
      }
      d[c] = v;
    }
  const best = new Float64Array(n).fill(-Infinity);
  const at = new Int32Array(n).fill(-1);
  const cap = 4.5;
  for (let c = 0; c < owner.length; c++) {
    const i = owner[c]!;
    if (i < 0) continue;
    const x = (c % cols) + 0.5;
    const y = Math.floor(c / cols) + 0.5;
    const off = Math.hypot(x - points[i]![0] / cell, y - points[i]![1] / cell);
    const score = Math.min(d[c]!, cap) - 0.12 * off;
    if (score > best[i]!) {
      best[i] = score;
      at[i] = c;
    }
  }
  return points.map((p, i): [number, number] => {
    const c = at[i]!;
    if (c < 0) return [p[0], p[1]];
    return [round(((c % cols) + 0.5) * cell), round((Math.floor(c / cols) + 0.5) * cell)];
  });
}

/**
 * For each named coast: the province's border with the seas only that coast
 * reaches (all its seas when it shares them all with other coasts), and a
 * point near that border.
 */
export function coastMarks(config: VariantConfig, board: Board, grid: RegionGrid, corners: Float64Array, anchors: readonly [number, number][], most: number): Map<number, CoastMark[]> {
  const { cols, rows, owner } = grid;
  const vw = cols + 1;
  const out = new Map<number, CoastMark[]>();
  config.provinces.forEach((p, i) => {
    if (!p.coasts || p.coasts.length === 0) return;
    const seasOf = p.coasts.map((c) => {
      const loc = board.locId(`${p.id}/${c.id}`);
      // The seas this coast reaches (coastal provinces along it are land: their border is no coast).
      return new Set(loc < 0 ? [] : [...csrRow(board.fleetAdj, loc)].map((to) => board.provinceOf(to)).filter((k) => config.provinces[k]?.terrain === 'sea'));
    });
    const marks: CoastMark[] = [];
    p.coasts.forEach((c, k) => {
      const own = seasOf[k]!;
      const only = new Set([...own].filter((s) => !seasOf.some((other, m) => m !== k && other.has(s))));
      const seas = only.size > 0 ? only : own;
      const seg: number[] = [];
      let sx = 0;
      let sy = 0;
      const side = (a: number, b: number): void => {
        const ax = corners[2 * a]!;
        const ay = corners[2 * a + 1]!;
        const bx = corners[2 * b]!;
        const by = corners[2 * b + 1]!;
        seg.push(ax, ay, bx, by);
        sx += ax + bx;
        sy += ay + by;
      };
      for (let y = 0; y < rows; y++)
        for (let x = 0; x < cols; x++) {
          const c0 = y * cols + x;
          if (owner[c0] !== i) continue;
          const tl = y * vw + x;
          if (y > 0 && seas.has(owner[c0 - cols]!)) side(tl, tl + 1);
          if (x < cols - 1 && seas.has(owner[c0 + 1]!)) side(tl + 1, tl + 1 + vw);
          if (y < rows - 1 && seas.has(owner[c0 + cols]!)) side(tl + vw, tl + vw + 1);
          if (x > 0 && seas.has(owner[c0 - 1]!)) side(tl, tl + vw);
        }
      const home = anchors[i]!;
      let anchor: [number, number] = [home[0], home[1]];
      const count = seg.length / 2;
      if (count > 0) {
        const mx = sx / count;
        const my = sy / count;
        // Toward its border with these seas: most of the way, but no further than `most` from the province's point.
        const d = Math.hypot(mx - home[0], my - home[1]);
        const f = d > 1e-9 ? Math.min(0.62, most / d) : 0;
        anchor = [round(home[0] + (mx - home[0]) * f), round(home[1] + (my - home[1]) * f)];
      }
      marks.push({ location: `${p.id}/${c.id}`, coast: c.id, segments: Float64Array.from(seg), anchor });
    });
    out.set(i, marks);
  });
  return out;
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}
