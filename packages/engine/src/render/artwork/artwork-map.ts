/**
 * The region map of a variant that has its own artwork (`VariantConfig.board`):
 * the author's shapes scaled onto the canvas take the place of generated
 * regions, so that the rest of the picture (owners' tints, centres, units,
 * orders, clicks) is drawn exactly as on a generated map. Units and labels
 * stand at the province's `at` point when it has one (read in the artwork's
 * units), else at a point well inside its shape. Cached per config object.
 */
import type { Board } from '../../board/board.js';
import type { BoardConfig, VariantConfig } from '../../config/variant-config.js';
import { COORDINATE_CANVAS, nodeRadius, provinceIndex, provincePairs, type BoardLayout } from '../layout.js';
import { coastMarks, innerPoints, unmet, type CoastMark, type RegionMap } from '../regions/region-map.js';
import { flattenPath, type Ring } from './path-data.js';
import { rasterize } from './raster.js';

/** Cells along the longer side of the grid the anchors are found on. */
const ANCHOR_CELLS = 160;

const cache = new WeakMap<VariantConfig, { map: RegionMap; layout: BoardLayout }>();

/** The artwork's region map and the layout it gives (points at the anchors, the canvas the artwork scaled). */
export function artworkMap(config: VariantConfig, board: Board, art: BoardConfig): { map: RegionMap; layout: BoardLayout } {
  const hit = cache.get(config);
  if (hit) return hit;
  const made = buildArtworkMap(config, board, art);
  cache.set(config, made);
  return made;
}

function buildArtworkMap(config: VariantConfig, board: Board, art: BoardConfig): { map: RegionMap; layout: BoardLayout } {
  const n = config.provinces.length;
  const s = Math.min(COORDINATE_CANVAS.width / Math.max(art.width, 1e-9), COORDINATE_CANVAS.height / Math.max(art.height, 1e-9));
  const width = Math.round(art.width * s);
  const height = Math.round(art.height * s);
  const index = provinceIndex(config);
  const rings: Ring[][] = config.provinces.map(() => []);
  const drawnCoasts = new Map<string, Ring[]>();
  for (const shape of art.shapes) {
    const read = flattenPath(shape.d);
    if (!read.ok) continue;
    const scaled = read.rings.map((r) => r.map((v) => v * s));
    const i = index.get(shape.location);
    if (i !== undefined) rings[i] = scaled;
    else drawnCoasts.set(shape.location, scaled);
  }
  const order = art.shapes.flatMap((s) => (index.has(s.location) ? [index.get(s.location)!] : []));
  const grid = rasterize(rings, width, height, undefined, order);
  const centres = rings.map((r): [number, number] => centroid(r) ?? [width / 2, height / 2]);
  // Anchors from a coarser grid: `innerPoints` keeps a few cells from the edges, which must be a unit's width, not a hair's.
  const inner = innerPoints(rasterize(rings, width, height, ANCHOR_CELLS, order), n, centres);
  const anchors = config.provinces.map((p, i): [number, number] => (p.at ? [p.at[0] * s, p.at[1] * s] : inner[i]!));
  const radius = nodeRadius(anchors);
  // The grid's corners as they are (the shapes' own outlines are drawn, not the grid's).
  const vw = grid.cols + 1;
  const corners = new Float64Array(2 * vw * (grid.rows + 1));
  for (let y = 0; y <= grid.rows; y++)
    for (let x = 0; x < vw; x++) {
      corners[2 * (y * vw + x)] = x * grid.cell;
      corners[2 * (y * vw + x) + 1] = y * grid.cell;
    }
  const coasts = coastMarks(config, board, grid, corners, anchors, 1.6 * radius);
  // A coast drawn apart: its mark stands in its own shape.
  for (const marks of coasts.values())
    for (const m of marks) {
      const own = drawnCoasts.get(m.location);
      const c = own ? centroid(own) : undefined;
      if (c) Object.assign(m, { anchor: c, segments: new Float64Array(0) } satisfies Partial<CoastMark>);
    }
  const adjacent = new Uint8Array(n * n);
  for (const [i, j] of provincePairs(config)) {
    adjacent[i * n + j] = 1;
    adjacent[j * n + i] = 1;
  }
  const links = unmet(grid, n, adjacent);
  const loops = rings.map((r) => r.map((ring) => Float64Array.from(ring)));
  // The author draws a link where they mean one: none wraps round the edge.
  const map: RegionMap = { grid, loops, anchors, coasts, links, wraps: links.map(() => false), width, strays: [], order };
  return { map, layout: { mode: 'coordinates', points: anchors, width, height, radius } };
}

/** The area centroid of rings (even-odd: holes count negative when wound the other way); undefined for no area. */
function centroid(rings: readonly Ring[]): [number, number] | undefined {
  let a = 0;
  let cx = 0;
  let cy = 0;
  let largest = 0;
  let best: [number, number] | undefined;
  for (const r of rings) {
    let ra = 0;
    let rx = 0;
    let ry = 0;
    const m = r.length / 2;
    for (let k = 0, j = m - 1; k < m; j = k++) {
      const cross = r[2 * j]! * r[2 * k + 1]! - r[2 * k]! * r[2 * j + 1]!;
      ra += cross;
      rx += (r[2 * j]! + r[2 * k]!) * cross;
      ry += (r[2 * j + 1]! + r[2 * k + 1]!) * cross;
    }
    if (Math.abs(ra) > largest && ra !== 0) {
      largest = Math.abs(ra);
      best = [rx / (3 * ra), ry / (3 * ra)];
    }
    a += ra;
    cx += rx;
    cy += ry;
  }
  if (Math.abs(a) > 1e-9) return [cx / (3 * a), cy / (3 * a)];
  return best;
}
