/**
 * The board under and around the units: provinces as nodes (circles for land,
 * squares with waves for seas) joined by adjacency lines, or the region map's
 * layers; then, over the units, the supply centres' stars and the provinces'
 * labels.
 */
import type { ProvinceConfig } from '../config/variant-config.js';
import { localName } from '../words/namer.js';
import { num3 } from './geometry.js';
import { base } from './layout.js';
import type { Picture, PowerStyle } from './picture.js';
import { regionCoasts, regionLinks, regionProvinces } from './regions-svg.js';
import type { RegionMap } from './regions/region-map.js';
import { EDGE_STYLE, INK, MAP_BACKGROUND, REGION_STYLE, STAR_PATH, TERRAIN_STYLE } from './style.js';
import { el, empty, num, textEl } from './xml.js';

/** How wide a label may be, in ems of the labels' font size, before it is drawn smaller. */
const LABEL_EMS = 3.2;

/** A text's width in ems, roughly: East Asian characters are one em wide, others about 0.6. */
function textEms(text: string): number {
  let ems = 0;
  for (const ch of text) ems += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/u.test(ch) ? 1 : 0.6;
  return ems;
}

/** The graph's edges: one line per pair of adjacent provinces, styled by who crosses it (armies, fleets or both). */
export function adjacency(pic: Picture): string {
  const n = pic.config.provinces.length;
  const kinds = new Map<number, { army: boolean; fleet: boolean; a: number; b: number }>();
  for (const kind of ['army', 'fleet'] as const) {
    for (const [from, to] of pic.config.adjacency[kind]) {
      const i = pic.index.get(base(from));
      const j = pic.index.get(base(to));
      if (i === undefined || j === undefined || i === j) continue;
      const a = Math.min(i, j);
      const b = Math.max(i, j);
      const key = a * n + b;
      const entry = kinds.get(key) ?? { army: false, fleet: false, a, b };
      entry[kind] = true;
      kinds.set(key, entry);
    }
  }
  const lines = [...kinds.values()]
    .sort((x, y) => x.a - y.a || x.b - y.b)
    .map((e) => {
      const kind = e.army && e.fleet ? 'both' : e.army ? 'army' : 'fleet';
      const style = EDGE_STYLE[kind];
      const p = pic.layout.points[e.a]!;
      const q = pic.layout.points[e.b]!;
      const ida = pic.config.provinces[e.a]!.id;
      const idb = pic.config.provinces[e.b]!.id;
      return empty('line', {
        class: `adjacency ${kind}`,
        'data-from': ida,
        'data-to': idb,
        x1: p[0],
        y1: p[1],
        x2: q[0],
        y2: q[1],
        stroke: style.stroke,
        'stroke-width': Math.max(0.8, pic.r * 0.08),
        'stroke-dasharray': style.dash,
      });
    });
  return el('g', { class: 'adjacencies', 'stroke-linecap': 'round', opacity: 0.75 }, ...lines);
}

/** A province's owner (of its supply centre), its `g.province` classes and its tooltip. */
function describe(pic: Picture, p: ProvinceConfig): { ownerId: string | undefined; owner: PowerStyle | undefined; classes: string; title: string } {
  const ownerId = p.supplyCentre ? pic.position.owners[p.id] : undefined;
  const owner = ownerId !== undefined ? pic.power(ownerId) : undefined;
  const classes = ['province', p.terrain, p.supplyCentre ? 'supply-centre' : undefined, p.impassable ? 'impassable' : undefined, owner ? 'owned' : undefined];
  return { ownerId, owner, classes: classes.filter((c) => c !== undefined).join(' '), title: provinceTitle(p, owner?.name) };
}

export function regionLayers(pic: Picture, map: RegionMap): string[] {
  const paint = {
    radius: pic.r,
    fill: (p: ProvinceConfig): string => {
      const { owner } = describe(pic, p);
      if (p.impassable) return REGION_STYLE.impassable.fill;
      if (p.terrain === 'sea') return REGION_STYLE.sea.fill;
      return owner ? owner.tint : REGION_STYLE.land.fill;
    },
    group: (p: ProvinceConfig) => {
      const d = describe(pic, p);
      return { classes: d.classes, owner: d.ownerId, title: d.title };
    },
  };
  return [regionProvinces(pic.config, map, paint), regionCoasts(pic.config, map, pic.r), regionLinks(pic.config, map, pic.r)];
}

/** The graph's nodes: each province a circle (a square with waves for a sea) tinted by its owner, with its tooltip. */
export function provinces(pic: Picture): string {
  const r = pic.r;
  const out = pic.config.provinces.map((p: ProvinceConfig, i) => {
    const [x, y] = pic.layout.points[i]!;
    const { ownerId, owner, classes, title } = describe(pic, p);
    const terrain = p.impassable ? TERRAIN_STYLE.impassable : TERRAIN_STYLE[p.terrain];
    const fill = owner && !p.impassable ? owner.tint : terrain.fill;
    const parts: string[] = [textEl('title', {}, title)];
    const shape = { class: 'node', fill, stroke: terrain.stroke, 'stroke-width': terrain.strokeWidth };
    if (p.terrain === 'sea') {
      const s = r * 0.9;
      parts.push(empty('rect', { ...shape, x: -s, y: -s, width: 2 * s, height: 2 * s, rx: r * 0.4 }));
      // Two small waves inside the square.
      const w = r * 0.5;
      const wave = (dy: number): string => `M${num(-w)} ${num(dy)}q${num(w / 2)} ${num(-r * 0.22)} ${num(w)} 0t${num(w)} 0`;
      parts.push(empty('path', { class: 'waves', d: `${wave(-r * 0.35)}${wave(r * 0.15)}`, fill: 'none', stroke: terrain.stroke, 'stroke-width': Math.max(0.8, r * 0.07), 'stroke-linecap': 'round' }));
    } else {
      parts.push(empty('circle', { ...shape, r }));
      if (p.terrain === 'coast' && !p.impassable) parts.push(empty('circle', { class: 'shore', r: r - terrain.strokeWidth * 1.4, fill: 'none', stroke: '#ffffff', 'stroke-width': 0.8, 'stroke-opacity': 0.8 }));
    }
    if (p.impassable) {
      const d = r * 0.6;
      parts.push(empty('path', { class: 'impassable-mark', d: `M${num(-d)} ${num(-d)}L${num(d)} ${num(d)}M${num(d)} ${num(-d)}L${num(-d)} ${num(d)}`, stroke: terrain.stroke, 'stroke-width': r * 0.12 }));
    }
    return el(
      'g',
      {
        class: classes,
        'data-province': p.id,
        'data-terrain': p.terrain,
        'data-owner': ownerId,
        transform: `translate(${num(x)} ${num(y)})`,
      },
      ...parts,
    );
  });
  return el('g', { class: 'provinces' }, ...out);
}

/** Supply centre stars, over the units (under the orders), in the owner's colour (white when neutral). */
export function centres(pic: Picture): string {
  const r = pic.r;
  const s = r * 0.42;
  const out = pic.config.provinces.flatMap((p, i) => {
    if (!p.supplyCentre) return [];
    const [x, y] = pic.layout.points[i]!;
    const ownerId = pic.position.owners[p.id];
    const owner = ownerId !== undefined ? pic.power(ownerId) : undefined;
    return [
      empty('path', {
        class: 'sc-marker',
        'data-province': p.id,
        'data-owner': ownerId,
        d: STAR_PATH,
        transform: `translate(${num(x + r * 0.8)} ${num(y - r * 0.8)}) scale(${num3(s)})`,
        fill: owner ? owner.colour : '#ffffff',
        stroke: INK,
        'stroke-width': num3(1 / s),
      }),
    ];
  });
  return el('g', { class: 'supply-centres', 'stroke-linejoin': 'round' }, ...out);
}

/** The provinces' ids, over the units (under the orders), each with a halo of the map's colour. */
export function labels(pic: Picture): string {
  const r = pic.r;
  const fontSize = Math.max(7, r * 0.68);
  const out = pic.config.provinces.map((p, i) => {
    const [x, y] = pic.layout.points[i]!;
    const text = pic.options.lang ? localName(p.names, p.id, pic.options.lang) : p.id;
    // A long name is drawn smaller, to stay about as wide as its province.
    const shrink = Math.max(0.6, Math.min(1, LABEL_EMS / textEms(text)));
    return textEl(
      'text',
      {
        class: 'label',
        'data-province': p.id,
        x,
        y: y + r + fontSize * 0.95,
        'font-style': p.terrain === 'sea' ? 'italic' : undefined,
        fill: p.terrain === 'sea' ? '#2d5d86' : '#3a3326',
        'font-size': shrink < 1 ? num3(fontSize * shrink) : undefined,
      },
      text,
    );
  });
  return el(
    'g',
    {
      class: 'labels',
      'text-anchor': 'middle',
      'font-size': fontSize,
      'font-weight': 'bold',
      stroke: MAP_BACKGROUND,
      'stroke-width': fontSize * 0.3,
      'stroke-linejoin': 'round',
      'paint-order': 'stroke',
    },
    ...out,
  );
}

function provinceTitle(p: ProvinceConfig, owner: string | undefined): string {
  const what = [p.impassable ? 'impassable' : undefined, p.terrain === 'coast' ? 'coastal' : p.terrain, p.supplyCentre ? 'supply centre' : undefined]
    .filter((x) => x !== undefined)
    .join(', ');
  const coasts = p.coasts && p.coasts.length > 0 ? `; coasts: ${p.coasts.map((c) => c.name).join(', ')}` : '';
  return `${p.name} (${p.id}): ${what}${coasts}${p.supplyCentre ? `; ${owner ? `owned by ${owner}` : 'neutral'}` : ''}`;
}

