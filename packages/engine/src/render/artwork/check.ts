/**
 * An artwork read against a variant: which shape is which province (by id),
 * what is missing or left over, and whether the borders the shapes draw agree
 * with the adjacency. Touching is read from the geometry alone (the shapes on
 * a grid, `raster.ts`, and cells that share a side, `touchingSides`), the
 * same reading the renderer makes of the board it draws.
 *
 * Ids are matched after trimming and in lower case (`SPA` is `spa`): a
 * province's id, or a province's id, `-` and one of its coasts' ids (`spa-nc`)
 * for a coast drawn apart. An id'd element inside one that names a province
 * is part of that province; an id'd group that names nothing is a container.
 */
import type { BoardConfig, BoardShape } from '../../config/variant-config.js';
import { touchingSides } from '../regions/grow.js';
import type { Ring } from './path-data.js';
import { rasterize } from './raster.js';
import type { ArtProblem, ArtShape, Artwork } from './shapes.js';

export interface ArtworkProvince {
  id: string;
  coasts: readonly string[];
}

export interface ArtworkCheck {
  /** What the compiled variant carries (`VariantConfig.board`). */
  board: BoardConfig;
  /** Provinces (by index) with no shape. */
  missing: number[];
  /** Shapes that name no province nor coast. */
  extra: ArtShape[];
  /** A second shape for a province or coast (drawn as part of the first). */
  duplicates: { location: string; shape: ArtShape }[];
  /** Geometry that could not be read. */
  problems: ArtProblem[];
  /** Pairs (i < j) whose shapes touch but that are not adjacent. */
  strays: [number, number][];
  /** Adjacent pairs (i < j) whose shapes do not touch and that are not declared links. */
  unmet: [number, number][];
  /** Declared links (i < j) whose shapes touch anyway. */
  needless: [number, number][];
}

/** `pairs`: adjacent provinces (i < j, any unit kind); `links`: pairs the author declares drawn apart. */
export function checkArtwork(art: Artwork, provinces: readonly ArtworkProvince[], pairs: readonly (readonly [number, number])[], links: readonly (readonly [number, number])[]): ArtworkCheck {
  const n = provinces.length;
  const byId = new Map<string, string>();
  provinces.forEach((p) => {
    byId.set(p.id.toLowerCase(), p.id);
    for (const c of p.coasts) if (!byId.has(`${p.id}-${c}`.toLowerCase())) byId.set(`${p.id}-${c}`.toLowerCase(), `${p.id}/${c}`);
  });
  const index = new Map(provinces.map((p, i) => [p.id, i]));
  const located = new Map<string, Ring[]>();
  const matched = new Uint8Array(art.shapes.length);
  const extra: ArtShape[] = [];
  const duplicates: { location: string; shape: ArtShape }[] = [];
  const locationOf = new Map<number, string>();
  art.shapes.forEach((s, k) => {
    const location = byId.get(s.id.trim().toLowerCase());
    // Inside a shape that names a province: part of it, or one of its coasts drawn apart (then not part of its area).
    for (let up = s.parent; up >= 0; up = art.shapes[up]!.parent) {
      if (!matched[up]) continue;
      const outer = locationOf.get(up)!;
      if (location?.startsWith(`${outer}/`) && !located.has(location)) {
        const own = new Set(s.rings);
        located.set(outer, located.get(outer)!.filter((r) => !own.has(r)));
        located.set(location, [...s.rings]);
      }
      return;
    }
    if (location === undefined) {
      if (!s.group) extra.push(s);
      return;
    }
    matched[k] = 1;
    locationOf.set(k, location);
    const rings = located.get(location);
    if (rings) {
      duplicates.push({ location, shape: s });
      for (const r of s.rings) rings.push(r);
    } else located.set(location, [...s.rings]);
  });
  const perProvince = provinces.map((p) => located.get(p.id) ?? []);
  const missing = perProvince.flatMap((r, i) => (r.length === 0 ? [i] : []));

  // Painted in the artwork's order: an island drawn over its sea is the island.
  const order = [...located.keys()].flatMap((l) => (index.has(l) ? [index.get(l)!] : []));
  const grid = rasterize(perProvince, art.width, art.height, undefined, order);
  const touching = touchingSides(grid, n);
  const adjacent = new Set(pairs.map(([i, j]) => key(i, j, n)));
  const declared = new Set(links.map(([i, j]) => key(i, j, n)));
  const strays: [number, number][] = [];
  for (const k of [...touching.keys()].sort((a, b) => a - b)) if (!adjacent.has(k)) strays.push([Math.floor(k / n), k % n]);
  const unmet: [number, number][] = [];
  for (const [i, j] of pairs) {
    const k = key(i, j, n);
    if (!touching.has(k) && !declared.has(k) && perProvince[i]!.length > 0 && perProvince[j]!.length > 0) unmet.push(i < j ? [i, j] : [j, i]);
  }
  const needless: [number, number][] = [];
  for (const [i, j] of links) if (touching.has(key(i, j, n))) needless.push(i < j ? [i, j] : [j, i]);

  const shapes: BoardShape[] = [];
  for (const [location, rings] of located) if (index.has(location) || location.includes('/')) shapes.push({ location, d: pathOf(rings) });
  const board: BoardConfig = {
    width: round(art.width),
    height: round(art.height),
    shapes,
    links: links.map(([i, j]) => [provinces[i]!.id, provinces[j]!.id]),
  };
  return { board, missing, extra, duplicates, problems: art.problems, strays, unmet: sortPairs(unmet), needless: sortPairs(needless) };
}

function key(i: number, j: number, n: number): number {
  return i < j ? i * n + j : j * n + i;
}

function sortPairs(list: [number, number][]): [number, number][] {
  return list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

/** Rings as path data of M, L and Z, to two decimals (what `flattenPath` reads back). */
export function pathOf(rings: readonly Ring[]): string {
  let d = '';
  for (const r of rings) {
    for (let k = 0; k < r.length; k += 2) d += `${k === 0 ? 'M' : 'L'}${round(r[k]!)} ${round(r[k + 1]!)}`;
    d += 'Z';
  }
  return d;
}
