/** The units: army and fleet glyphs in their power's colour, dislodged ones beside their province. */
import type { DislodgedUnit, Unit, UnitKind } from '../game/position.js';
import { num3 } from './geometry.js';
import { base } from './layout.js';
import type { Picture } from './picture.js';
import { ARMY_PATH, ARMY_WHEEL, FAIL, FLEET_PATH, INK } from './style.js';
import { el, empty, num, textEl, type Attrs } from './xml.js';

/** Every unit of the position, the dislodged ones (drawn aside) last. */
export function units(pic: Picture): string {
  const struck = new Set((pic.options.dislodged ?? []).map((u) => `${u.power}|${base(u.at)}`));
  const out: string[] = [];
  for (const u of pic.position.units) {
    const hit = struck.has(`${u.power}|${base(u.at)}`);
    const g = unit(pic, u, false, hit);
    if (g) out.push(g);
  }
  const dislodged: string[] = [];
  for (const u of pic.position.dislodged) {
    const g = unit(pic, u, true, false);
    if (g) dislodged.push(g);
  }
  return el('g', { class: 'units' }, ...out, ...dislodged);
}

/** One unit: its glyph, tooltip and `data-` attributes; ringed when dislodged, or struck by this phase's orders. */
function unit(pic: Picture, u: Unit | DislodgedUnit, dislodged: boolean, struck: boolean): string | undefined {
  const at = pic.anchor(u.at, dislodged);
  if (!at) return undefined;
  const p = pic.power(u.power);
  const province = pic.config.provinces[pic.index.get(base(u.at))!]!;
  const coast = u.at.includes('/') ? province.coasts?.find((c) => `${province.id}/${c.id}` === u.at) : undefined;
  const where = `${province.name}${coast ? ` (${coast.name})` : ''}`;
  const from = dislodged ? (u as DislodgedUnit).from : undefined;
  const title = `${p.adjective} ${u.kind} in ${where}${dislodged ? `, dislodged${from ? ` from ${from}` : ''}` : ''}${struck ? ', dislodged this phase' : ''}`;
  const scale = (pic.r / 10) * (dislodged ? 0.8 : 1);
  const parts: string[] = [textEl('title', {}, title)];
  if (dislodged) parts.push(empty('circle', { class: 'dislodged-marker', r: 13.5, fill: '#ffffff', 'fill-opacity': 0.85, stroke: FAIL, 'stroke-width': 1.8, 'stroke-dasharray': '3 2' }));
  if (struck) parts.push(empty('circle', { class: 'dislodged-marker', r: 14, fill: 'none', stroke: FAIL, 'stroke-width': 2, 'stroke-dasharray': '3 2' }));
  parts.push(glyph(u.kind, p.colour, 1));
  const classes = ['unit', u.kind, u.power, dislodged ? 'dislodged' : undefined, struck ? 'dislodged-this-phase' : undefined];
  return el(
    'g',
    {
      class: classes.filter((c) => c !== undefined).join(' '),
      // The province (what a click on the unit means), and where exactly it stands (its coast too).
      'data-unit': province.id,
      'data-location': u.at,
      'data-power': u.power,
      'data-dislodged-from': from,
      transform: `translate(${num(at[0])} ${num(at[1])}) scale(${num3(scale)})`,
    },
    ...parts,
  );
}


/**
 * An army or fleet glyph in a box of about ±12 units around (0, 0): a white
 * halo to stand out from whatever is under it, then the shape in the power's
 * colour with a dark outline (a faded, dashed one for a unit to be built).
 */
export function glyph(kind: UnitKind, fill: string, opacity: number, dash?: string): string {
  const shape: Attrs = {
    fill,
    'fill-opacity': opacity < 1 ? opacity : undefined,
    stroke: dash ? fill : INK,
    'stroke-width': 1.1,
    'stroke-dasharray': dash,
  };
  const halo: Attrs = { fill: '#ffffff', stroke: '#ffffff', 'stroke-width': 3.6, 'stroke-opacity': 0.9, 'stroke-linejoin': 'round' };
  const parts = (a: Attrs, cls: string): string => {
    if (kind === 'fleet') return empty('path', { class: cls, d: FLEET_PATH, ...a });
    const w = ARMY_WHEEL;
    return `${empty('path', { class: cls, d: ARMY_PATH, ...a })}${empty('circle', { class: cls, cx: w.cx, cy: w.cy, r: w.r, ...a })}`;
  };
  const hub = kind === 'army' && !dash ? empty('circle', { class: 'glyph', cx: ARMY_WHEEL.cx, cy: ARMY_WHEEL.cy, r: ARMY_WHEEL.hub, fill: INK }) : '';
  return `${dash ? '' : parts(halo, 'glyph-halo')}<g stroke-linejoin="round">${parts(shape, 'glyph')}${hub}</g>`;
}
