/**
 * renderBoard: an SVG picture of a position of any variant — provinces as
 * nodes coloured by the owner of their supply centre, adjacency lines under
 * them, units as army and fleet glyphs in their power's colour, dislodged units
 * beside their province, the phase's orders as arrows with their results, and a
 * legend with each power's centres and units.
 *
 * A pure function: the same input gives the same bytes. The output is a
 * standalone, well-formed SVG document with no external resources, no `<style>`
 * element, no `style` attributes and no `id`s (so several boards can share one
 * page under a strict Content Security Policy); every element a program may look
 * for carries a class and `data-` attributes (docs/RENDER.md).
 *
 * This file stacks the layers, bottom to top; each is drawn by a file of its
 * own from one `Picture` (picture.ts): the provinces (board-svg.ts: nodes and
 * adjacency lines, or the region map's layers of regions-svg.ts), the units
 * (units-svg.ts), supply centres and labels (board-svg.ts), the orders
 * (orders-svg.ts, with the marks of marks-svg.ts), and the legend beside the
 * map (legend-svg.ts).
 */
import type { Board } from '../board/board.js';
import type { VariantConfig } from '../config/variant-config.js';
import type { Position } from '../game/position.js';
import { adjacency, centres, labels, provinces, regionLayers } from './board-svg.js';
import { LEGEND_WIDTH, legend } from './legend-svg.js';
import { orders } from './orders-svg.js';
import { Picture, type RenderOptions } from './picture.js';
import { LEGEND_BACKGROUND, MAP_BACKGROUND, REGION_STYLE } from './style.js';
import { units } from './units-svg.js';
import { el, empty, textEl, num, type Attrs } from './xml.js';

export { LEGEND_WIDTH } from './legend-svg.js';
export type { MapStyle, RenderOptions } from './picture.js';

const FONT = 'DejaVu Sans, Verdana, Geneva, Arial, Helvetica, sans-serif';

export function renderBoard(config: VariantConfig, board: Board, position: Position, options: RenderOptions = {}): string {
  const pic = new Picture(config, board, position, options);
  const { width: mw, height: mh } = pic.layout;
  const side = legend(pic, mw);
  const width = mw + LEGEND_WIDTH;
  const height = Math.max(mh, side.height);
  const phase = pic.phaseText;
  const heading = options.title ?? config.name;
  const root: Attrs = {
    xmlns: 'http://www.w3.org/2000/svg',
    version: '1.1',
    width,
    height,
    viewBox: `0 0 ${num(width)} ${num(height)}`,
    class: 'dipforge-board',
    'data-variant': config.id,
    'data-phase': `${position.phase.season} ${position.phase.year} ${position.phase.kind}`,
    'data-layout': pic.layout.mode,
    'data-map': pic.regions ? (options.map !== 'graph' && config.board ? 'artwork' : 'regions') : 'graph',
    'font-family': FONT,
  };
  const body = [
    textEl('title', {}, `${heading}: ${phase}`),
    empty('rect', { class: 'background', x: 0, y: 0, width: mw, height, fill: pic.regions ? REGION_STYLE.gap : MAP_BACKGROUND }),
    ...(pic.regions ? regionLayers(pic, pic.regions) : [adjacency(pic), provinces(pic)]),
    units(pic),
    centres(pic),
    labels(pic),
    orders(pic),
    el(
      'g',
      { class: 'legend', 'data-label': pic.word('legend') },
      empty('rect', { class: 'legend-background', x: mw, y: 0, width: LEGEND_WIDTH, height, fill: LEGEND_BACKGROUND }),
      empty('line', { x1: mw + 0.5, y1: 0, x2: mw + 0.5, y2: height, stroke: '#c9c2b0', 'stroke-width': 1 }),
      ...side.parts,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el('svg', root, ...body.map((b) => `\n${b}`), '\n')}\n`;
}
