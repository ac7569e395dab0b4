/** The legend beside the map: the title and phase, each power's centres and units, and a key to the symbols. */
import { say, type LegendKey } from '../words/messages.js';
import { num3 } from './geometry.js';
import type { Picture } from './picture.js';
import { FAIL, INK, REGION_STYLE, STAR_PATH, TERRAIN_STYLE } from './style.js';
import { glyph } from './units-svg.js';
import { el, empty, num, textEl } from './xml.js';

/** The legend's width, beside the map. */
export const LEGEND_WIDTH = 280;

/** The legend's parts, from `x0` on, and the height they take. */
export function legend(pic: Picture, x0: number): { parts: string[]; height: number } {
  const parts: string[] = [];
  const pad = 16;
  let y = 30;
  const heading = pic.options.title ?? pic.config.name;
  parts.push(textEl('text', { class: 'legend-title', x: x0 + pad, y, 'font-size': 17, 'font-weight': 'bold', fill: INK }, heading));
  y += 22;
  parts.push(textEl('text', { class: 'legend-phase', x: x0 + pad, y, 'font-size': 13, fill: '#444444' }, pic.phaseText));
  y += 30;

  const colCentres = x0 + LEGEND_WIDTH - 78;
  const colUnits = x0 + LEGEND_WIDTH - pad;
  const header = { 'font-size': 10, fill: '#666666', 'text-anchor': 'end' };
  parts.push(textEl('text', { class: 'legend-head', 'data-column': 'power', x: x0 + pad, y, 'font-size': 10, fill: '#666666' }, pic.word('power')));
  parts.push(textEl('text', { ...header, class: 'legend-head', 'data-column': 'centres', x: colCentres, y }, pic.word('centres')));
  parts.push(textEl('text', { ...header, class: 'legend-head', 'data-column': 'units', x: colUnits, y }, pic.word('units')));
  y += 6;
  parts.push(empty('line', { x1: x0 + pad, y1: y, x2: colUnits, y2: y, stroke: '#dddddd', 'stroke-width': 1 }));
  y += 16;

  const centres = new Map<string, number>();
  for (const owner of Object.values(pic.position.owners)) centres.set(owner, (centres.get(owner) ?? 0) + 1);
  const units = new Map<string, number>();
  for (const u of pic.position.units) units.set(u.power, (units.get(u.power) ?? 0) + 1);
  const dislodged = new Map<string, number>();
  for (const u of pic.position.dislodged) dislodged.set(u.power, (dislodged.get(u.power) ?? 0) + 1);
  const ids = [...pic.powers.keys()];
  for (const id of [...new Set([...centres.keys(), ...units.keys(), ...dislodged.keys()])].sort()) if (!pic.powers.has(id)) ids.push(id);

  for (const id of ids) {
    const p = pic.power(id);
    const c = centres.get(id) ?? 0;
    const u = units.get(id) ?? 0;
    const d = dislodged.get(id) ?? 0;
    parts.push(
      el(
        'g',
        { class: `legend-power ${id}`, 'data-power': id, 'data-centres': String(c), 'data-units': String(u), 'data-dislodged': d > 0 ? String(d) : undefined },
        textEl('title', {}, rowTitle(pic, p.name, c, u, d)),
        empty('rect', { x: x0 + pad, y: y - 11, width: 14, height: 14, rx: 3, fill: p.colour, stroke: INK, 'stroke-width': 0.8 }),
        textEl('text', { class: 'name', x: x0 + pad + 22, y, 'font-size': 13, fill: INK }, p.name),
        textEl('text', { class: 'centres', x: colCentres, y, 'font-size': 13, 'font-weight': 'bold', fill: INK, 'text-anchor': 'end' }, String(c)),
        textEl('text', { class: 'units', x: colUnits, y, 'font-size': 13, 'font-weight': 'bold', fill: INK, 'text-anchor': 'end' }, String(u)),
        d > 0 ? textEl('text', { class: 'dislodged', x: x0 + pad + 22, y: y + 14, 'font-size': 10.5, fill: FAIL }, say(pic.word('dislodgedCount'), { n: d })) : '',
      ),
    );
    y += d > 0 ? 35 : 21;
  }
  const total = pic.config.provinces.filter((p) => p.supplyCentre).length;
  const owned = [...centres.values()].reduce((a, b) => a + b, 0);
  parts.push(
    el(
      'g',
      { class: 'legend-neutral', 'data-centres': String(Math.max(0, total - owned)) },
      empty('rect', { x: x0 + pad, y: y - 11, width: 14, height: 14, rx: 3, fill: '#ffffff', stroke: INK, 'stroke-width': 0.8 }),
      textEl('text', { x: x0 + pad + 22, y, 'font-size': 13, fill: '#555555' }, pic.word('neutral')),
      textEl('text', { x: colCentres, y, 'font-size': 13, fill: '#555555', 'text-anchor': 'end' }, String(Math.max(0, total - owned))),
    ),
  );
  y += 30;
  const key = symbolKey(pic, x0 + pad, y);
  parts.push(key.svg);
  y = key.bottom + 16;
  return { parts, height: Math.ceil(y) };
}

/** A power row's tooltip: `France: 5 supply centres, 5 units`. */
function rowTitle(pic: Picture, name: string, centres: number, units: number, dislodged: number): string {
  const counts = [
    say(pic.word(centres === 1 ? 'oneCentre' : 'manyCentres'), { n: centres }),
    say(pic.word(units === 1 ? 'oneUnit' : 'manyUnits'), { n: units }),
    ...(dislodged > 0 ? [say(pic.word('dislodgedCount'), { n: dislodged })] : []),
  ];
  return say(pic.word('rowTitle'), { power: name, counts: counts.join(pic.messages.text.listJoin) });
}

/** What each symbol means, in two columns. */
function symbolKey(pic: Picture, x: number, y0: number): { svg: string; bottom: number } {
  const items: [LegendKey, string][] = [];
  const grey = '#8a8a8a';
  items.push(['army', el('g', { transform: 'scale(0.9)' }, glyph('army', grey, 1))]);
  items.push(['fleet', el('g', { transform: 'scale(0.9)' }, glyph('fleet', grey, 1))]);
  if (pic.regions) {
    const swatch = (st: { fill: string; stroke: string; strokeWidth: number }): string => empty('rect', { x: -8, y: -6, width: 16, height: 12, fill: st.fill, stroke: st.stroke, 'stroke-width': st.strokeWidth });
    items.push(['land', swatch(REGION_STYLE.land)]);
    items.push(['sea', swatch(REGION_STYLE.sea)]);
    if (pic.regions.coasts.size > 0) items.push(['namedCoast', empty('path', { d: 'M-9 3Q0-5 9 3', fill: 'none', stroke: REGION_STYLE.coastLine, 'stroke-width': 2.6, 'stroke-linecap': 'round' })]);
    if (pic.regions.links.length > 0) items.push(['link', empty('path', { d: 'M-10 0H10', stroke: INK, 'stroke-opacity': 0.55, 'stroke-width': 1.8, 'stroke-dasharray': '4 3' })]);
  } else {
    items.push(['land', empty('circle', { r: 8, fill: TERRAIN_STYLE.land.fill, stroke: TERRAIN_STYLE.land.stroke, 'stroke-width': TERRAIN_STYLE.land.strokeWidth })]);
    items.push(['coast', empty('circle', { r: 8, fill: TERRAIN_STYLE.coast.fill, stroke: TERRAIN_STYLE.coast.stroke, 'stroke-width': TERRAIN_STYLE.coast.strokeWidth })]);
    items.push(['sea', empty('rect', { x: -7.5, y: -7.5, width: 15, height: 15, rx: 3.5, fill: TERRAIN_STYLE.sea.fill, stroke: TERRAIN_STYLE.sea.stroke, 'stroke-width': TERRAIN_STYLE.sea.strokeWidth })]);
  }
  items.push(['supplyCentre', empty('path', { d: STAR_PATH, transform: 'scale(7)', fill: '#ffffff', stroke: INK, 'stroke-width': num3(1 / 7) })]);
  if (pic.config.provinces.some((p) => p.impassable)) items.push(['impassable', empty('circle', { r: 8, fill: TERRAIN_STYLE.impassable.fill, stroke: TERRAIN_STYLE.impassable.stroke })]);
  items.push(['move', `${empty('path', { d: 'M-10 0H4', stroke: INK, 'stroke-width': 2.4 })}${empty('path', { d: 'M10 0L3-4.5V4.5Z', fill: INK })}`]);
  items.push(['support', `${empty('path', { d: 'M-10 0H5', stroke: INK, 'stroke-width': 2, 'stroke-dasharray': '4 2.5' })}${empty('circle', { cx: 7.5, r: 3, fill: '#ffffff', stroke: INK, 'stroke-width': 2 })}`]);
  items.push(['convoy', empty('circle', { r: 8, fill: 'none', stroke: INK, 'stroke-width': 2, 'stroke-dasharray': '0.1 4', 'stroke-linecap': 'round' })]);
  items.push(['hold', empty('circle', { r: 8, fill: 'none', stroke: INK, 'stroke-width': 2 })]);
  items.push(['failed', empty('path', { d: 'M-5-5L5 5M5-5L-5 5', stroke: FAIL, 'stroke-width': 2.6, 'stroke-linecap': 'round' })]);
  items.push(['illegal', `${empty('circle', { r: 7, fill: FAIL })}${textEl('text', { y: 3.5, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 'bold', fill: '#ffffff' }, '!')}`]);
  items.push(['dislodged', empty('circle', { r: 8, fill: '#ffffff', stroke: FAIL, 'stroke-width': 1.8, 'stroke-dasharray': '3 2' })]);
  items.push(['build', `${empty('circle', { r: 7, fill: '#8a8a8a', 'fill-opacity': 0.4, stroke: '#8a8a8a', 'stroke-dasharray': '2 1.5' })}${empty('path', { d: 'M-3 0H3M0-3V3', stroke: INK, 'stroke-width': 1.3 })}`]);
  const colW = (LEGEND_WIDTH - 32) / 2;
  const rowH = 24;
  const out: string[] = [textEl('text', { x, y: y0, 'font-size': 10, fill: '#666666' }, pic.word('key'))];
  const top = y0 + 20;
  items.forEach(([key, symbol], i) => {
    const cx = x + (i % 2) * colW + 12;
    const cy = top + Math.floor(i / 2) * rowH;
    out.push(
      el(
        'g',
        // The key's id stays English (`named-coast`) whatever the language, for programs that look for it.
        { class: 'legend-key', 'data-key': key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) },
        el('g', { transform: `translate(${num(cx)} ${num(cy)})` }, symbol),
        textEl('text', { x: cx + 18, y: cy + 4, 'font-size': 11.5, fill: INK }, pic.word(key)),
      ),
    );
  });
  return { svg: el('g', { class: 'legend-keys' }, ...out), bottom: top + Math.ceil(items.length / 2) * rowH };
}
