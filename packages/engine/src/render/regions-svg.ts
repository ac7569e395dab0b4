/**
 * The region map's layers of the board picture: one filled region per
 * province (sea, land, an owned centre in its owner's tint), the named coasts
 * of split-coast provinces as lines along their seas with the coast's name,
 * and a link for each adjacent pair whose regions do not touch.
 */
import type { ProvinceConfig, VariantConfig } from '../config/variant-config.js';
import type { RegionMap } from './regions/region-map.js';
import { INK, REGION_STYLE } from './style.js';
import { el, empty, num, textEl } from './xml.js';

export interface RegionPaint {
  /** The fill of a province's region (its owner's tint, or its terrain's colour). */
  fill(p: ProvinceConfig, i: number): string;
  /** The province's `g.province` attributes and `<title>`, as the graph drawing gives them. */
  group(p: ProvinceConfig, i: number): { classes: string; owner: string | undefined; title: string };
  /** The node radius: line widths and the coast labels' size follow it. */
  radius: number;
}

/** A loop list as path data relative to (ox, oy). */
export function loopsPath(loops: readonly Float64Array[], ox: number, oy: number): string {
  let d = '';
  for (const loop of loops) {
    for (let k = 0; k < loop.length; k += 2) d += `${k === 0 ? 'M' : 'L'}${num(loop[k]! - ox)} ${num(loop[k + 1]! - oy)}`;
    d += 'Z';
  }
  return d;
}

/** Each region's path data, written once per region map (most of a picture's bytes, and its time). */
const pathCache = new WeakMap<RegionMap, string[]>();

function regionPaths(map: RegionMap): string[] {
  let paths = pathCache.get(map);
  if (!paths) {
    paths = map.loops.map((loops, i) => loopsPath(loops, map.anchors[i]![0], map.anchors[i]![1]));
    pathCache.set(map, paths);
  }
  return paths;
}

export function regionProvinces(config: VariantConfig, map: RegionMap, paint: RegionPaint): string {
  const paths = regionPaths(map);
  const out = (map.order ?? config.provinces.map((_, i) => i)).map((i) => {
    const p = config.provinces[i]!;
    const [x, y] = map.anchors[i]!;
    const style = p.impassable ? REGION_STYLE.impassable : p.terrain === 'sea' ? REGION_STYLE.sea : REGION_STYLE.land;
    const g = paint.group(p, i);
    return el(
      'g',
      { class: g.classes, 'data-province': p.id, 'data-terrain': p.terrain, 'data-owner': g.owner, transform: `translate(${num(x)} ${num(y)})` },
      textEl('title', {}, g.title),
      empty('path', {
        // Only the province's group carries `data-province`: one element a program finds per province.
        class: 'region',
        d: paths[i]!,
        fill: paint.fill(p, i),
        'fill-rule': 'evenodd',
        stroke: style.stroke,
        'stroke-width': style.strokeWidth,
        'stroke-linejoin': 'round',
      }),
    );
  });
  return el('g', { class: 'provinces regions' }, ...out);
}

/** Each named coast: a line along the province's border with its seas, and its name near that border. */
export function regionCoasts(config: VariantConfig, map: RegionMap, radius: number): string {
  const out: string[] = [];
  const size = Math.max(6, radius * 0.55);
  for (const [i, marks] of [...map.coasts.entries()].sort((a, b) => a[0] - b[0])) {
    const p = config.provinces[i]!;
    for (const m of marks) {
      let d = '';
      for (let k = 0; k < m.segments.length; k += 4) d += `M${num(m.segments[k]!)} ${num(m.segments[k + 1]!)}L${num(m.segments[k + 2]!)} ${num(m.segments[k + 3]!)}`;
      const name = p.coasts?.find((c) => c.id === m.coast)?.name ?? m.coast;
      out.push(
        el(
          'g',
          { class: 'coast-mark', 'data-province': p.id, 'data-location': m.location },
          textEl('title', {}, `${p.name}, ${name}`),
          d ? empty('path', { class: 'coast-line', d, stroke: REGION_STYLE.coastLine, 'stroke-width': Math.max(1.6, radius * 0.26), 'stroke-linecap': 'round', fill: 'none' }) : '',
          textEl(
            'text',
            { class: 'coast-label', x: m.anchor[0], y: m.anchor[1] + size * 0.35, 'text-anchor': 'middle', 'font-size': size, 'font-weight': 'bold', fill: REGION_STYLE.coastLine, stroke: '#ffffff', 'stroke-width': size * 0.25, 'paint-order': 'stroke' },
            m.coast.toUpperCase(),
          ),
        ),
      );
    }
  }
  return el('g', { class: 'coasts' }, ...out);
}

/**
 * A dashed link between the anchors of each adjacent pair whose regions do not touch (a crossing, a
 * canal). A pair more than half the map apart meets round the map's east–west edge: its link is two
 * stubs, each from a province to its own nearer edge, both reaching the edges at the same height, so
 * it reads as one line leaving on one side and coming back on the other (class `wrap`).
 */
export function regionLinks(config: VariantConfig, map: RegionMap, radius: number): string {
  const out = map.links.map(([i, j], k) => {
    const a = map.anchors[i]!;
    const b = map.anchors[j]!;
    const style = {
      stroke: INK,
      'stroke-opacity': 0.55,
      'stroke-width': Math.max(1, radius * 0.16),
      'stroke-dasharray': `${num(radius * 0.5)} ${num(radius * 0.35)}`,
      'stroke-linecap': 'round',
    };
    const ends = { 'data-from': config.provinces[i]!.id, 'data-to': config.provinces[j]!.id };
    if (map.wraps[k]) {
      const [west, east] = a[0] <= b[0] ? [a, b] : [b, a];
      const y = num((west[1] + east[1]) / 2);
      return empty('path', { class: 'link wrap', ...ends, d: `M${num(west[0])} ${num(west[1])}L0 ${y}M${num(east[0])} ${num(east[1])}L${num(map.width)} ${y}`, fill: 'none', ...style });
    }
    return empty('line', { class: 'link', ...ends, x1: a[0], y1: a[1], x2: b[0], y2: b[1], ...style });
  });
  return el('g', { class: 'links' }, ...out);
}
