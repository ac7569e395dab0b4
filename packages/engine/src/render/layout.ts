/**
 * Where each province is drawn. A variant whose provinces all have board
 * coordinates (`at X Y`) is drawn at them, scaled to the canvas; one with some
 * is drawn at those, the others placed beside their neighbours; one with none
 * gets an automatic layout of its adjacency graph: a seeded force-directed
 * layout with a fixed number of steps (so the same map always gives the same
 * picture), scaled to a fixed edge length, then pushed apart until no two
 * provinces (with their labels) overlap.
 */
import { mulberry32 } from '../adjudicate/prng.js';
import type { VariantConfig } from '../config/variant-config.js';

export type LayoutMode = 'auto' | 'coordinates';

export interface BoardLayout {
  /** How the points were found: `coordinates` when at least one province has `at`, unless `auto` was asked for. */
  mode: LayoutMode;
  /** Per province, in config order: its centre on the canvas. */
  points: [number, number][];
  /** The map's size (the legend is drawn beside it). */
  width: number;
  height: number;
  /** A province node's radius; units, labels and arrows are sized from it. */
  radius: number;
}

export interface LayoutOptions {
  /** `coordinates` (the default when any province has `at`) or `auto`. */
  layout?: LayoutMode;
  /** The seed of the automatic layout's starting jitter (default 1901). */
  seed?: number;
  /** Steps of the force-directed layout (default 500). */
  iterations?: number;
}

/** The size a map with coordinates is fitted into. */
export const COORDINATE_CANVAS = { width: 1000, height: 800 } as const;
/** The node radius of the automatic layout. */
export const AUTO_RADIUS = 16;
/** Centre-to-centre distance the automatic layout keeps between any two provinces (a node and its label). */
export const AUTO_MIN_DISTANCE = 2 * AUTO_RADIUS + 32;
/** The typical length of an adjacency line in the automatic layout. */
const AUTO_EDGE = 110;
const MARGIN = 48;

/** Unordered pairs of adjacent provinces (by index, each once, smaller index first), any unit kind. */
export function provincePairs(config: VariantConfig): [number, number][] {
  const index = provinceIndex(config);
  const seen = new Set<number>();
  const out: [number, number][] = [];
  const n = config.provinces.length;
  for (const list of [config.adjacency.army, config.adjacency.fleet]) {
    for (const [a, b] of list) {
      const i = index.get(base(a));
      const j = index.get(base(b));
      if (i === undefined || j === undefined || i === j) continue;
      const lo = Math.min(i, j);
      const hi = Math.max(i, j);
      const key = lo * n + hi;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push([lo, hi]);
    }
  }
  return out.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

export function provinceIndex(config: VariantConfig): Map<string, number> {
  return new Map(config.provinces.map((p, i) => [p.id, i]));
}

/** `spa/nc` → `spa`. */
export function base(location: string): string {
  const slash = location.indexOf('/');
  return slash < 0 ? location : location.slice(0, slash);
}

/** Where to draw each province of a variant. Pure and deterministic. */
export function layoutBoard(config: VariantConfig, options: LayoutOptions = {}): BoardLayout {
  const n = config.provinces.length;
  const known = config.provinces.map((p) => p.at);
  const some = known.some((a) => a !== undefined);
  if (n === 0) return { mode: options.layout ?? 'auto', points: [], width: 2 * MARGIN, height: 2 * MARGIN, radius: AUTO_RADIUS };
  if (options.layout === 'auto' || !some) return autoLayout(config, options);
  return coordinateLayout(config, known);
}

// ------------------------------------------------------------ coordinates

/**
 * The smallest box around points, found in a loop: Math.min(...list) takes one
 * argument a point, more than a call can take on a map of many provinces.
 */
function extent(points: readonly (readonly [number, number])[]): { minX: number; maxX: number; minY: number; maxY: number } {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return { minX, maxX, minY, maxY };
}

function coordinateLayout(config: VariantConfig, known: readonly (readonly [number, number] | undefined)[]): BoardLayout {
  const given = known.filter((a): a is [number, number] => a !== undefined);
  const { minX, maxX, minY, maxY } = extent(given);
  const w = maxX - minX;
  const h = maxY - minY;
  const { width: W, height: H } = COORDINATE_CANVAS;
  const sx = w > 0 ? (W - 2 * MARGIN) / w : Infinity;
  const sy = h > 0 ? (H - 2 * MARGIN) / h : Infinity;
  let s = Math.min(sx, sy);
  if (!Number.isFinite(s)) s = 1;
  const points: ([number, number] | undefined)[] = known.map((a) => (a ? [MARGIN + (a[0] - minX) * s, MARGIN + (a[1] - minY) * s] : undefined));

  // Provinces without coordinates: beside their placed neighbours, then pushed off the others.
  const missing = points.flatMap((p, i) => (p ? [] : [i]));
  const radius = nodeRadius(points.filter((p): p is [number, number] => p !== undefined));
  if (missing.length > 0) {
    const adj = neighbourLists(config);
    const gap = 2 * radius + 22;
    let progress = true;
    while (progress) {
      progress = false;
      for (const i of missing) {
        if (points[i]) continue;
        const placed = (adj[i] ?? []).map((j) => points[j]).filter((p): p is [number, number] => p !== undefined);
        if (placed.length === 0) continue;
        const cx = placed.reduce((t, p) => t + p[0], 0) / placed.length;
        const cy = placed.reduce((t, p) => t + p[1], 0) / placed.length;
        const angle = i * GOLDEN_ANGLE;
        points[i] = [cx + Math.cos(angle) * gap, cy + Math.sin(angle) * gap];
        progress = true;
      }
    }
    // Not connected to any placed province: a row under the map.
    const bottom = extent(points.filter((p): p is [number, number] => p !== undefined)).maxY;
    let x = MARGIN;
    for (const i of missing) {
      if (points[i]) continue;
      points[i] = [x, bottom + 2 * gap];
      x += gap;
    }
    const movable = new Set(missing);
    separate(points as [number, number][], gap, (i) => movable.has(i));
  }
  return fitted('coordinates', points as [number, number][], radius, 0, 0);
}

/** A radius that keeps the closest provinces apart: about a third of their typical nearest distance, 7 to 16. */
export function nodeRadius(points: readonly [number, number][]): number {
  if (points.length < 2) return AUTO_RADIUS;
  const nearest = points.map((p, i) => {
    let best = Infinity;
    points.forEach((q, j) => {
      if (i !== j) best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1]));
    });
    return best;
  });
  nearest.sort((a, b) => a - b);
  const q = nearest[Math.floor(nearest.length * 0.1)] ?? AUTO_RADIUS * 3;
  return Math.max(7, Math.min(AUTO_RADIUS, Math.round(q * 0.38 * 10) / 10));
}

// ------------------------------------------------------------ automatic

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

function neighbourLists(config: VariantConfig): number[][] {
  const adj: number[][] = config.provinces.map(() => []);
  for (const [i, j] of provincePairs(config)) {
    adj[i]!.push(j);
    adj[j]!.push(i);
  }
  return adj;
}

/**
 * Each connected part of the adjacency graph is laid out on its own by
 * Fruchterman–Reingold (ideal edge length 1) from a spiral in breadth-first
 * order with a seeded jitter, with a fixed number of steps and linear cooling;
 * all parts are scaled alike to a typical edge length, their provinces pushed
 * apart where too close, and the parts packed in rows, largest first.
 */
function autoLayout(config: VariantConfig, options: LayoutOptions): BoardLayout {
  const n = config.provinces.length;
  const adj = neighbourLists(config);
  const rng = mulberry32(options.seed ?? 1901);
  const iterations = options.iterations ?? 500;

  const parts: number[][] = [];
  const seen = new Uint8Array(n);
  for (let s = 0; s < n; s++) {
    if (seen[s]) continue;
    seen[s] = 1;
    const queue = [s];
    for (let q = 0; q < queue.length; q++) {
      for (const w of adj[queue[q]!]!) {
        if (seen[w]) continue;
        seen[w] = 1;
        queue.push(w);
      }
    }
    parts.push(queue);
  }
  const laid = parts.map((part) => forceLayout(part, adj, rng, iterations));

  const lengths: number[] = [];
  parts.forEach((part, k) => {
    const local = new Map(part.map((v, i) => [v, i]));
    part.forEach((v, i) => {
      for (const w of adj[v]!) {
        const j = local.get(w)!;
        if (j > i) lengths.push(Math.hypot(laid[k]![i]![0] - laid[k]![j]![0], laid[k]![i]![1] - laid[k]![j]![1]));
      }
    });
  });
  lengths.sort((a, b) => a - b);
  const typical = lengths[Math.floor(lengths.length / 2)] ?? 1;
  const scale = AUTO_EDGE / (typical > 1e-6 ? typical : 1);

  // Scale and part each piece, then pack the pieces in rows, largest first.
  const boxes = laid.map((pts, k) => {
    const scaled = pts.map((p): [number, number] => [p[0] * scale, p[1] * scale]);
    separate(scaled, AUTO_MIN_DISTANCE, () => true);
    const { minX, maxX, minY, maxY } = extent(scaled);
    const w = maxX - minX;
    const h = maxY - minY;
    return { k, pts: scaled.map((p): [number, number] => [p[0] - minX, p[1] - minY]), w, h };
  });
  const byArea = [...boxes].sort((a, b) => b.pts.length - a.pts.length || a.k - b.k);
  const gap = AUTO_MIN_DISTANCE;
  const area = boxes.reduce((t, b) => t + (b.w + gap) * (b.h + gap), 0);
  const rowWidth = boxes.reduce((m, b) => Math.max(m, b.w), Math.sqrt(area) * 1.3);
  const points: [number, number][] = new Array<[number, number]>(n);
  let cx = 0;
  let cy = 0;
  let rowHeight = 0;
  for (const b of byArea) {
    if (cx > 0 && cx + b.w > rowWidth) {
      cx = 0;
      cy += rowHeight + gap;
      rowHeight = 0;
    }
    parts[b.k]!.forEach((v, i) => (points[v] = [cx + b.pts[i]![0], cy + b.pts[i]![1]]));
    cx += b.w + gap;
    rowHeight = Math.max(rowHeight, b.h);
  }
  return fitted('auto', points, AUTO_RADIUS, 480, 360);
}

/** Fruchterman–Reingold on one connected part (`part` in breadth-first order): its points, ideal edge length 1. */
function forceLayout(part: readonly number[], adj: readonly number[][], rng: () => number, iterations: number): [number, number][] {
  const n = part.length;
  const local = new Map(part.map((v, i) => [v, i]));
  const edges: [number, number][] = [];
  part.forEach((v, i) => {
    for (const w of adj[v]!) {
      const j = local.get(w)!;
      if (j > i) edges.push([i, j]);
    }
  });
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const r = 0.7 * Math.sqrt(k + 0.5);
    const a = k * GOLDEN_ANGLE;
    x[k] = r * Math.cos(a) + (rng() - 0.5) * 0.2;
    y[k] = r * Math.sin(a) + (rng() - 0.5) * 0.2;
  }
  if (n === 1) return [[0, 0]];
  const t0 = Math.max(0.5, Math.sqrt(n) / 4);
  const dx = new Float64Array(n);
  const dy = new Float64Array(n);
  for (let it = 0; it < iterations; it++) {
    const t = t0 * (1 - it / iterations) + 0.002;
    dx.fill(0);
    dy.fill(0);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        let ex = x[i]! - x[j]!;
        let ey = y[i]! - y[j]!;
        let d2 = ex * ex + ey * ey;
        if (d2 < 1e-9) {
          // Two nodes on one spot: part them in a direction fixed by their indices.
          const a = (i * 7 + j * 13) * GOLDEN_ANGLE;
          ex = Math.cos(a) * 1e-3;
          ey = Math.sin(a) * 1e-3;
          d2 = 1e-6;
        }
        const f = 1 / d2; // k² / d, along the unit vector (ex, ey) / d
        dx[i]! += ex * f;
        dy[i]! += ey * f;
        dx[j]! -= ex * f;
        dy[j]! -= ey * f;
      }
    }
    for (const [i, j] of edges) {
      const ex = x[i]! - x[j]!;
      const ey = y[i]! - y[j]!;
      const d = Math.sqrt(ex * ex + ey * ey);
      // d² / k along the unit vector: (ex, ey) · d.
      dx[i]! -= ex * d;
      dy[i]! -= ey * d;
      dx[j]! += ex * d;
      dy[j]! += ey * d;
    }
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < n; i++) {
      cx += x[i]!;
      cy += y[i]!;
    }
    cx /= n;
    cy /= n;
    for (let i = 0; i < n; i++) {
      const gx = dx[i]! - 0.06 * (x[i]! - cx);
      const gy = dy[i]! - 0.06 * (y[i]! - cy);
      const len = Math.sqrt(gx * gx + gy * gy);
      if (len < 1e-12) continue;
      const step = Math.min(len, t) / len;
      x[i]! += gx * step;
      y[i]! += gy * step;
    }
  }
  return Array.from({ length: n }, (_, i): [number, number] => [x[i]!, y[i]!]);
}

/**
 * Pushes apart any two points closer than `gap` (only the movable ones move),
 * a bounded number of passes; if some are still too close, the movable points
 * are spread out from the centre until none is.
 */
function separate(points: [number, number][], gap: number, movable: (i: number) => boolean): void {
  const n = points.length;
  for (let pass = 0; pass < 200; pass++) {
    let moved = false;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const mi = movable(i);
        const mj = movable(j);
        if (!mi && !mj) continue;
        const p = points[i]!;
        const q = points[j]!;
        let ex = q[0] - p[0];
        let ey = q[1] - p[1];
        let d = Math.hypot(ex, ey);
        if (d >= gap) continue;
        if (d < 1e-6) {
          const a = (i * 7 + j * 13) * GOLDEN_ANGLE;
          ex = Math.cos(a);
          ey = Math.sin(a);
          d = 1;
        } else {
          ex /= d;
          ey /= d;
        }
        const push = gap - d + 0.5;
        const share = mi && mj ? push / 2 : push;
        if (mi) {
          p[0] -= ex * share;
          p[1] -= ey * share;
        }
        if (mj) {
          q[0] += ex * share;
          q[1] += ey * share;
        }
        moved = true;
      }
    }
    if (!moved) return;
  }
  const closest = minDistance(points, movable);
  if (closest >= gap) return;
  const cx = points.reduce((t, p) => t + p[0], 0) / n;
  const cy = points.reduce((t, p) => t + p[1], 0) / n;
  const f = gap / Math.max(closest, 1e-3) + 0.01;
  points.forEach((p, i) => {
    if (!movable(i)) return;
    p[0] = cx + (p[0] - cx) * f;
    p[1] = cy + (p[1] - cy) * f;
  });
}

function minDistance(points: readonly [number, number][], movable: (i: number) => boolean): number {
  let best = Infinity;
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      if (!movable(i) && !movable(j)) continue;
      best = Math.min(best, Math.hypot(points[i]![0] - points[j]![0], points[i]![1] - points[j]![1]));
    }
  return best;
}

/** Moves the points so the map starts at the margin; the canvas is their extent plus margins, at least `minW` × `minH` (centred). */
function fitted(mode: LayoutMode, points: [number, number][], radius: number, minW: number, minH: number): BoardLayout {
  const { minX, maxX, minY, maxY } = extent(points);
  const width = Math.max(minW, maxX - minX + 2 * MARGIN);
  const height = Math.max(minH, maxY - minY + 2 * MARGIN);
  const ox = (width - (maxX - minX)) / 2 - minX;
  const oy = (height - (maxY - minY)) / 2 - minY;
  const round = (v: number): number => Math.round(v * 10) / 10;
  return {
    mode,
    points: points.map((p) => [round(p[0] + ox), round(p[1] + oy)]),
    width: Math.ceil(width),
    height: Math.ceil(height),
    radius,
  };
}
