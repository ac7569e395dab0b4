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
 */
import type { OrderResult, OrderStatus } from '../adjudicate/result.js';
import type { Board } from '../board/board.js';
import { csrRow } from '../board/csr.js';
import { NEUTRAL_POWER, type PowerConfig, type ProvinceConfig, type VariantConfig } from '../config/variant-config.js';
import type { DislodgedUnit, Position, Unit, UnitKind } from '../game/position.js';
import { formatOrder } from '../orders/format.js';
import { phaseWords } from '../words/game-words.js';
import { say, type LegendKey, type Messages } from '../words/messages.js';
import { localName } from '../words/namer.js';
import { messagesFor } from '../words/tables.js';
import type { Order, UnitRef } from '../orders/order.js';
import { base, layoutBoard, provinceIndex, type BoardLayout, type LayoutMode } from './layout.js';
import { regionCoasts, regionLinks, regionProvinces } from './regions-svg.js';
import { regionMap, type RegionMap } from './regions/region-map.js';
import { artworkMap } from './artwork/artwork-map.js';
import {
  ARMY_PATH,
  ARMY_WHEEL,
  EDGE_STYLE,
  FAIL,
  FLEET_PATH,
  INK,
  LEGEND_BACKGROUND,
  MAP_BACKGROUND,
  mix,
  powerColour,
  REGION_STYLE,
  STAR_PATH,
  TERRAIN_STYLE,
} from './style.js';
import { el, empty, num, textEl, type Attrs } from './xml.js';

export interface RenderOptions {
  /** The phase's orders with what became of them, drawn as arrows (`PhaseResult.results`). */
  results?: readonly OrderResult[];
  /** The heading of the legend (default: the variant's name). */
  title?: string;
  /** `coordinates` (the default when any province has `at`) or `auto` (a layout of the adjacency graph). */
  layout?: LayoutMode;
  /**
   * Units this phase's orders dislodged (`PhaseResult.dislodged` of a movement
   * phase): marked where they stand. The units of a retreat phase's position
   * (`Position.dislodged`) are always drawn, beside their province.
   */
  dislodged?: readonly DislodgedUnit[];
  /** The seed of the automatic layout (default 1901). */
  seed?: number;
  /**
   * `regions` (the default): each province a filled region, the author's
   * artwork when the variant has one (`VariantConfig.board`), else generated
   * from the points and the adjacency (docs/RENDER.md); `graph`: each province a node,
   * adjacent ones joined by lines.
   */
  map?: MapStyle;
  /**
   * A language tag (`zh`, `ja`, `fi`): provinces are labelled with their
   * display name in it (the map's `name zh "…"`) and powers named in the
   * legend in it; a province or power with no name in it keeps its id or
   * English name. The legend's words and the phase are in that language too
   * (the engine's words tables), English for a language they lack. Without
   * it, provinces are labelled with their ids.
   */
  lang?: string;
}

export type MapStyle = 'regions' | 'graph';

/** How wide a label may be, in ems of the labels' font size, before it is drawn smaller. */
const LABEL_EMS = 3.2;

/** A text's width in ems, roughly: East Asian characters are one em wide, others about 0.6. */
function textEms(text: string): number {
  let ems = 0;
  for (const ch of text) ems += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/u.test(ch) ? 1 : 0.6;
  return ems;
}

/** The legend's width, beside the map. */
export const LEGEND_WIDTH = 280;
const FONT = 'DejaVu Sans, Verdana, Geneva, Arial, Helvetica, sans-serif';

type Point = [number, number];

interface PowerStyle {
  id: string;
  name: string;
  adjective: string;
  colour: string;
  tint: string;
}

/** A move's drawn route: quadratic Bézier pieces (start, control, end), each starting where the last ended. */
interface Route {
  pieces: [Point, Point, Point][];
}

export function renderBoard(config: VariantConfig, board: Board, position: Position, options: RenderOptions = {}): string {
  return new BoardPicture(config, board, position, options).render();
}

class BoardPicture {
  private readonly layout: BoardLayout;
  /** The region map (absent when drawing the graph); `layout.points` are then its anchors. */
  private readonly regions: RegionMap | undefined;
  private readonly index: Map<string, number>;
  private readonly powers = new Map<string, PowerStyle>();
  private readonly r: number;
  private readonly results: readonly OrderResult[];
  /** Moves of this phase by `from>to` (province ids), for supports and convoys to point at. */
  private readonly moves = new Map<string, Route>();
  /** The legend's words and the phase's name, in the labels' language. */
  private readonly messages: Messages;
  private readonly phaseText: string;

  constructor(
    private readonly config: VariantConfig,
    private readonly board: Board,
    private readonly position: Position,
    private readonly options: RenderOptions,
  ) {
    const layoutOptions: { layout?: LayoutMode; seed?: number } = {};
    if (options.layout) layoutOptions.layout = options.layout;
    if (options.seed !== undefined) layoutOptions.seed = options.seed;
    if (options.map !== 'graph' && config.board) {
      // The author's artwork: its shapes and the canvas they are scaled to.
      const art = artworkMap(config, board, config.board);
      this.regions = art.map;
      this.layout = art.layout;
    } else {
      const layout = layoutBoard(config, layoutOptions);
      this.regions = options.map === 'graph' ? undefined : regionMap(config, board, layout);
      this.layout = this.regions ? { ...layout, points: this.regions.anchors } : layout;
    }
    this.index = provinceIndex(config);
    this.r = this.layout.radius;
    config.powers.forEach((p: PowerConfig, i) => {
      const colour = powerColour(p.colour, i);
      this.powers.set(p.id, { id: p.id, name: options.lang ? localName(p.names, p.name, options.lang) : p.name, adjective: p.adjective ?? p.name, colour, tint: mix(colour, '#ffffff', 0.52) });
    });
    this.results = options.results ?? [];
    const messages = options.lang ? messagesFor(options.lang) : undefined;
    this.messages = messages ?? (messagesFor('en') as Messages);
    this.phaseText = messages ? phaseWords(position.phase, { messages }) : phaseLabel(position);
  }

  private word(key: LegendKey): string {
    return this.messages.legend[key];
  }

  render(): string {
    const { width: mw, height: mh } = this.layout;
    const legend = this.legend(mw);
    const width = mw + LEGEND_WIDTH;
    const height = Math.max(mh, legend.height);
    const phase = this.phaseText;
    const heading = this.options.title ?? this.config.name;
    const root: Attrs = {
      xmlns: 'http://www.w3.org/2000/svg',
      version: '1.1',
      width,
      height,
      viewBox: `0 0 ${num(width)} ${num(height)}`,
      class: 'dipforge-board',
      'data-variant': this.config.id,
      'data-phase': `${this.position.phase.season} ${this.position.phase.year} ${this.position.phase.kind}`,
      'data-layout': this.layout.mode,
      'data-map': this.regions ? (this.options.map !== 'graph' && this.config.board ? 'artwork' : 'regions') : 'graph',
      'font-family': FONT,
    };
    const body = [
      textEl('title', {}, `${heading}: ${phase}`),
      empty('rect', { class: 'background', x: 0, y: 0, width: mw, height, fill: this.regions ? REGION_STYLE.gap : MAP_BACKGROUND }),
      ...(this.regions ? this.regionLayers(this.regions) : [this.adjacency(), this.provinces()]),
      this.units(),
      this.centres(),
      this.labels(),
      this.orders(),
      el(
        'g',
        { class: 'legend', 'data-label': this.word('legend') },
        empty('rect', { class: 'legend-background', x: mw, y: 0, width: LEGEND_WIDTH, height, fill: LEGEND_BACKGROUND }),
        empty('line', { x1: mw + 0.5, y1: 0, x2: mw + 0.5, y2: height, stroke: '#c9c2b0', 'stroke-width': 1 }),
        ...legend.parts,
      ),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n${el('svg', root, ...body.map((b) => `\n${b}`), '\n')}\n`;
  }

  // ---------------------------------------------------------------- geometry

  private point(id: string): Point | undefined {
    const i = this.index.get(base(id));
    return i === undefined ? undefined : this.layout.points[i];
  }

  /** Where a unit at `location` is drawn: its province, moved toward the seas of its coast, and aside when dislodged. */
  private anchor(location: string, dislodged = false): Point | undefined {
    const p = this.point(location);
    if (!p) return undefined;
    let [x, y] = p;
    const mark = this.regions?.coasts.get(this.index.get(base(location))!)?.find((m) => m.location === location);
    if (mark) [x, y] = mark.anchor;
    else if (location.includes('/')) {
      const loc = this.board.locId(location);
      if (loc >= 0) {
        let sx = 0;
        let sy = 0;
        for (const to of csrRow(this.board.fleetAdj, loc)) {
          const q = this.layout.points[this.board.provinceOf(to)];
          if (!q) continue;
          const d = Math.hypot(q[0] - x, q[1] - y);
          if (d > 1e-6) {
            sx += (q[0] - x) / d;
            sy += (q[1] - y) / d;
          }
        }
        const d = Math.hypot(sx, sy);
        if (d > 1e-6) {
          x += (sx / d) * 0.55 * this.r;
          y += (sy / d) * 0.55 * this.r;
        }
      }
    }
    if (dislodged) {
      x += 1.2 * this.r;
      y += 0.95 * this.r;
    }
    return [x, y];
  }

  private power(id: string): PowerStyle {
    // Neutral units (and any id that is no power) are grey.
    const name = id === NEUTRAL_POWER ? 'Neutral' : id;
    return this.powers.get(id) ?? { id, name, adjective: name, colour: '#777777', tint: '#cccccc' };
  }

  // ---------------------------------------------------------------- board

  private adjacency(): string {
    const n = this.config.provinces.length;
    const kinds = new Map<number, { army: boolean; fleet: boolean; a: number; b: number }>();
    for (const kind of ['army', 'fleet'] as const) {
      for (const [from, to] of this.config.adjacency[kind]) {
        const i = this.index.get(base(from));
        const j = this.index.get(base(to));
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
        const p = this.layout.points[e.a]!;
        const q = this.layout.points[e.b]!;
        const ida = this.config.provinces[e.a]!.id;
        const idb = this.config.provinces[e.b]!.id;
        return empty('line', {
          class: `adjacency ${kind}`,
          'data-from': ida,
          'data-to': idb,
          x1: p[0],
          y1: p[1],
          x2: q[0],
          y2: q[1],
          stroke: style.stroke,
          'stroke-width': Math.max(0.8, this.r * 0.08),
          'stroke-dasharray': style.dash,
        });
      });
    return el('g', { class: 'adjacencies', 'stroke-linecap': 'round', opacity: 0.75 }, ...lines);
  }

  /** A province's owner (of its supply centre), its `g.province` classes and its tooltip. */
  private describe(p: ProvinceConfig): { ownerId: string | undefined; owner: PowerStyle | undefined; classes: string; title: string } {
    const ownerId = p.supplyCentre ? this.position.owners[p.id] : undefined;
    const owner = ownerId !== undefined ? this.power(ownerId) : undefined;
    const classes = ['province', p.terrain, p.supplyCentre ? 'supply-centre' : undefined, p.impassable ? 'impassable' : undefined, owner ? 'owned' : undefined];
    return { ownerId, owner, classes: classes.filter((c) => c !== undefined).join(' '), title: provinceTitle(p, owner?.name) };
  }

  private regionLayers(map: RegionMap): string[] {
    const paint = {
      radius: this.r,
      fill: (p: ProvinceConfig): string => {
        const { owner } = this.describe(p);
        if (p.impassable) return REGION_STYLE.impassable.fill;
        if (p.terrain === 'sea') return REGION_STYLE.sea.fill;
        return owner ? owner.tint : REGION_STYLE.land.fill;
      },
      group: (p: ProvinceConfig) => {
        const d = this.describe(p);
        return { classes: d.classes, owner: d.ownerId, title: d.title };
      },
    };
    return [regionProvinces(this.config, map, paint), regionCoasts(this.config, map, this.r), regionLinks(this.config, map, this.r)];
  }

  private provinces(): string {
    const r = this.r;
    const out = this.config.provinces.map((p: ProvinceConfig, i) => {
      const [x, y] = this.layout.points[i]!;
      const { ownerId, owner, classes, title } = this.describe(p);
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
  private centres(): string {
    const r = this.r;
    const s = r * 0.42;
    const out = this.config.provinces.flatMap((p, i) => {
      if (!p.supplyCentre) return [];
      const [x, y] = this.layout.points[i]!;
      const ownerId = this.position.owners[p.id];
      const owner = ownerId !== undefined ? this.power(ownerId) : undefined;
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
  private labels(): string {
    const r = this.r;
    const fontSize = Math.max(7, r * 0.68);
    const out = this.config.provinces.map((p, i) => {
      const [x, y] = this.layout.points[i]!;
      const text = this.options.lang ? localName(p.names, p.id, this.options.lang) : p.id;
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

  // ---------------------------------------------------------------- units

  private units(): string {
    const struck = new Set((this.options.dislodged ?? []).map((u) => `${u.power}|${base(u.at)}`));
    const out: string[] = [];
    for (const u of this.position.units) {
      const hit = struck.has(`${u.power}|${base(u.at)}`);
      const g = this.unit(u, false, hit);
      if (g) out.push(g);
    }
    const dislodged: string[] = [];
    for (const u of this.position.dislodged) {
      const g = this.unit(u, true, false);
      if (g) dislodged.push(g);
    }
    return el('g', { class: 'units' }, ...out, ...dislodged);
  }

  private unit(u: Unit | DislodgedUnit, dislodged: boolean, struck: boolean): string | undefined {
    const at = this.anchor(u.at, dislodged);
    if (!at) return undefined;
    const p = this.power(u.power);
    const province = this.config.provinces[this.index.get(base(u.at))!]!;
    const coast = u.at.includes('/') ? province.coasts?.find((c) => `${province.id}/${c.id}` === u.at) : undefined;
    const where = `${province.name}${coast ? ` (${coast.name})` : ''}`;
    const from = dislodged ? (u as DislodgedUnit).from : undefined;
    const title = `${p.adjective} ${u.kind} in ${where}${dislodged ? `, dislodged${from ? ` from ${from}` : ''}` : ''}${struck ? ', dislodged this phase' : ''}`;
    const scale = (this.r / 10) * (dislodged ? 0.8 : 1);
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

  // ---------------------------------------------------------------- orders

  private orders(): string {
    const rank: Record<Order['type'], number> = { convoy: 0, support: 1, hold: 2, move: 3, retreat: 3, disband: 4, build: 4, waive: 4, 'build-list': 4, 'disband-list': 4 };
    // The fleets that convoy each army (valid convoy orders), so its move is drawn through them.
    const convoys = new Map<string, string[]>();
    for (const res of this.results) {
      const o = res.order;
      if (o.type !== 'convoy' || res.status === 'illegal') continue;
      const key = `${base(o.army.at)}>${base(o.to)}`;
      convoys.set(key, [...(convoys.get(key) ?? []), o.unit.at]);
    }
    // Then the moves, so supports can point at their routes.
    for (const res of this.results) {
      const o = res.order;
      if (o.type !== 'move') continue;
      const key = `${base(o.unit.at)}>${base(o.to)}`;
      const via = o.path && o.path.length > 0 ? o.path : (convoys.get(key) ?? []);
      const c = this.moveRoute(o.unit.at, o.to, false, via);
      if (c && !this.moves.has(key)) this.moves.set(key, c);
    }
    const drawn = this.results
      .map((res, i) => ({ res, i }))
      .sort((a, b) => rank[a.res.order.type] - rank[b.res.order.type] || a.i - b.i)
      .map(({ res }) => this.order(res));
    return el('g', { class: 'orders', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, ...drawn);
  }

  /**
   * The route of a move or retreat from a unit to a province: bent a little to
   * its right (so opposite moves do not overlap), or, for an army carried by
   * fleets, a smooth line past each of them in the order they lie on the way.
   */
  private moveRoute(from: string, to: string, dislodged: boolean, via: readonly string[] = []): Route | undefined {
    const p0 = this.anchor(from, dislodged);
    const p1 = this.point(to);
    if (!p0 || !p1) return undefined;
    const dx = p1[0] - p0[0];
    const dy = p1[1] - p0[1];
    const len = Math.hypot(dx, dy);
    if (len < 1e-6) return undefined;
    const fleets = via
      .map((at) => this.anchor(at))
      .filter((q): q is Point => q !== undefined && dist(q, p0) > 1e-6 && dist(q, p1) > 1e-6)
      .map((q) => ({ q, along: ((q[0] - p0[0]) * dx + (q[1] - p0[1]) * dy) / len }))
      .sort((a, b) => a.along - b.along)
      .map((f) => f.q);
    if (fleets.length === 0) {
      const bend = Math.min(0.14 * len, 3 * this.r);
      const ctrl: Point = [(p0[0] + p1[0]) / 2 - (dy / len) * bend, (p0[1] + p1[1]) / 2 + (dx / len) * bend];
      const start = toward(p0, ctrl, Math.min(0.85 * this.r, len / 3));
      const end = toward(p1, ctrl, Math.min(this.r + 2, len / 3));
      return { pieces: [[start, ctrl, end]] };
    }
    const first = fleets[0]!;
    const last = fleets[fleets.length - 1]!;
    const start = toward(p0, first, Math.min(0.85 * this.r, dist(p0, first) / 3));
    const end = toward(p1, last, Math.min(this.r + 2, dist(p1, last) / 3));
    const stops = [start, ...fleets, end];
    const pieces: [Point, Point, Point][] = [];
    let at = start;
    for (let i = 1; i < stops.length - 1; i++) {
      const m1 = midpoint(stops[i - 1]!, stops[i]!);
      if (i === 1) pieces.push([at, midpoint(at, m1), m1]);
      const m2 = midpoint(stops[i]!, stops[i + 1]!);
      pieces.push([m1, stops[i]!, m2]);
      at = m2;
    }
    pieces.push([at, midpoint(at, end), end]);
    return { pieces };
  }

  private order(res: OrderResult): string {
    const o = res.order;
    const status = res.status;
    const p = this.power(o.power);
    const classes = ['order', o.type, status, res.implicit ? 'implicit' : undefined];
    const why = res.detail ?? res.reason;
    const title = `${p.name}: ${formatOrder(o)} (${statusText(status)}${why ? `: ${why}` : ''})`;
    const lines: string[] = [];
    let mark: Point | undefined;
    const retreatPhase = this.position.phase.kind === 'retreat';
    const w = this.r * 0.2;

    switch (o.type) {
      case 'move':
      case 'retreat': {
        const c =
          (o.type === 'move' ? this.moves.get(`${base(o.unit.at)}>${base(o.to)}`) : undefined) ??
          this.moveRoute(o.unit.at, o.to, o.type === 'retreat' || (retreatPhase && this.isDislodged(o.unit)));
        if (!c) break;
        lines.push(this.arrow(c, p.colour, w));
        mark = routePoint(c, 0.7);
        break;
      }
      case 'support': {
        const from = this.anchor(o.unit.at);
        if (!from) break;
        let target: Point | undefined;
        let endDot = true;
        if (o.to !== undefined) {
          const c = this.moves.get(`${base(o.supported.at)}>${base(o.to)}`);
          if (c) target = routePoint(c, 0.5);
          else {
            const a = this.anchor(o.supported.at);
            const b = this.point(o.to);
            if (a && b) target = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
          }
        } else {
          const a = this.anchor(o.supported.at);
          if (a) target = toward(a, from, 1.3 * this.r);
          endDot = false;
        }
        if (!target) break;
        const start = toward(from, target, Math.min(0.85 * this.r, dist(from, target) / 3));
        lines.push(this.line(start, target, p.colour, w * 0.8, `${num(this.r * 0.38)} ${num(this.r * 0.22)}`));
        lines.push(endDot ? this.dot(target, p.colour, this.r * 0.26) : this.bar(start, target, p.colour, w * 0.8));
        mark = midpoint(start, target);
        break;
      }
      case 'convoy': {
        // A dotted ring round the fleet; the army's move is drawn past it. Without that move, a dotted line toward it.
        const from = this.anchor(o.unit.at);
        if (!from) break;
        lines.push(this.ring(from, p.colour, this.r * 1.3, w * 0.8, `0.1 ${num(this.r * 0.34)}`));
        mark = [from[0], from[1] - this.r * 1.3];
        if (this.moves.has(`${base(o.army.at)}>${base(o.to)}`)) break;
        const a = this.anchor(o.army.at);
        const b = this.point(o.to);
        if (!a || !b) break;
        const target = midpoint(a, b);
        if (dist(from, target) < 1.6 * this.r) break;
        lines.push(this.line(toward(from, target, 1.3 * this.r), target, p.colour, w * 0.8, `0.1 ${num(this.r * 0.34)}`));
        break;
      }
      case 'hold': {
        const at = this.anchor(o.unit.at);
        if (!at) break;
        lines.push(this.ring(at, p.colour, this.r * 1.22, w * 0.8));
        mark = [at[0], at[1] - this.r * 1.22];
        break;
      }
      case 'disband': {
        const at = this.anchor(o.unit.at, retreatPhase && this.isDislodged(o.unit));
        if (!at) break;
        lines.push(this.cross(at, this.r * 0.75, INK, w * 0.9, 'disband-mark'));
        mark = [at[0] + this.r * 0.9, at[1] - this.r * 0.9];
        break;
      }
      case 'build': {
        const at = this.anchor(o.at);
        if (!at) break;
        lines.push(this.ghost(o.kind, o.at, p));
        mark = [at[0] + this.r * 0.9, at[1] - this.r * 0.9];
        break;
      }
      case 'build-list': {
        o.builds.forEach((b, i) => {
          const at = this.anchor(b.at);
          if (!at) return;
          lines.push(this.ghost(b.kind, b.at, p, i + 1));
          mark ??= [at[0] + this.r * 0.9, at[1] - this.r * 0.9];
        });
        break;
      }
      case 'disband-list': {
        for (const u of o.units) {
          const at = this.anchor(u.at);
          if (!at) continue;
          lines.push(this.cross(at, this.r * 0.75, INK, w * 0.9, 'disband-mark'));
          mark ??= [at[0] + this.r * 0.9, at[1] - this.r * 0.9];
        }
        break;
      }
      case 'waive':
        break;
    }

    const attrs: Attrs = {
      class: classes.filter((c) => c !== undefined).join(' '),
      'data-order': formatOrder(o),
      'data-power': o.power,
      'data-status': status,
      'data-reason': res.reason,
      'data-unplaced': lines.length === 0 && o.type !== 'waive' ? 'true' : undefined,
    };
    const parts = [textEl('title', {}, title)];
    if (lines.length > 0) parts.push(status === 'succeeds' ? lines.join('') : el('g', { opacity: status === 'fails' ? 0.6 : 0.45 }, ...lines));
    if (mark && status === 'fails') parts.push(this.cross(mark, this.r * 0.32, FAIL, this.r * 0.16, 'fail-mark'));
    if (mark && status === 'illegal') parts.push(this.illegal(mark));
    return el('g', attrs, ...parts);
  }

  private isDislodged(ref: UnitRef): boolean {
    return this.position.dislodged.some((u) => base(u.at) === base(ref.at));
  }

  // ---------------------------------------------------------------- drawing primitives

  private arrow(c: Route, colour: string, width: number): string {
    const [s0, ctrl, end] = c.pieces[c.pieces.length - 1]!;
    const dir = unit(dist(ctrl, end) > 1e-6 ? ctrl : s0, end);
    const len = this.r * 0.8;
    const half = this.r * 0.38;
    const baseP: Point = [end[0] - dir[0] * len, end[1] - dir[1] * len];
    const left: Point = [baseP[0] - dir[1] * half, baseP[1] + dir[0] * half];
    const right: Point = [baseP[0] + dir[1] * half, baseP[1] - dir[0] * half];
    const lineEnd: Point = [baseP[0] + dir[0] * 1.5, baseP[1] + dir[1] * 1.5];
    const pieces = c.pieces.map((q, i) => `Q${pt(q[1])} ${pt(i === c.pieces.length - 1 ? lineEnd : q[2])}`);
    const d = `M${pt(c.pieces[0]![0])}${pieces.join('')}`;
    const head = `M${pt(end)}L${pt(left)}L${pt(right)}Z`;
    return [
      empty('path', { class: 'halo', d, fill: 'none', stroke: '#ffffff', 'stroke-width': width + 2.6, 'stroke-opacity': 0.85 }),
      empty('path', { class: 'shaft', d, fill: 'none', stroke: colour, 'stroke-width': width }),
      empty('path', { class: 'head', d: head, fill: colour, stroke: '#ffffff', 'stroke-width': 1.2 }),
    ].join('');
  }

  private line(a: Point, b: Point, colour: string, width: number, dash: string): string {
    const d = `M${pt(a)}L${pt(b)}`;
    return [
      empty('path', { class: 'halo', d, fill: 'none', stroke: '#ffffff', 'stroke-width': width + 2.4, 'stroke-opacity': 0.7 }),
      empty('path', { class: 'shaft', d, fill: 'none', stroke: colour, 'stroke-width': width, 'stroke-dasharray': dash }),
    ].join('');
  }

  private dot(at: Point, colour: string, r: number): string {
    return empty('circle', { class: 'end', cx: at[0], cy: at[1], r, fill: '#ffffff', stroke: colour, 'stroke-width': r * 0.7 });
  }

  /** A short bar across the end of a support to hold. */
  private bar(from: Point, to: Point, colour: string, width: number): string {
    const u = unit(from, to);
    const h = this.r * 0.35;
    const d = `M${pt([to[0] - u[1] * h, to[1] + u[0] * h])}L${pt([to[0] + u[1] * h, to[1] - u[0] * h])}`;
    return empty('path', { class: 'end', d, stroke: colour, 'stroke-width': width * 1.6 });
  }

  private ring(at: Point, colour: string, r: number, width: number, dash?: string): string {
    return [
      empty('circle', { class: 'halo', cx: at[0], cy: at[1], r, fill: 'none', stroke: '#ffffff', 'stroke-width': width + 2.4, 'stroke-opacity': dash ? 0.5 : 0.8 }),
      empty('circle', { class: 'ring', cx: at[0], cy: at[1], r, fill: 'none', stroke: colour, 'stroke-width': width, 'stroke-dasharray': dash }),
    ].join('');
  }

  private cross(at: Point, size: number, colour: string, width: number, cls: string): string {
    const d = `M${pt([at[0] - size, at[1] - size])}L${pt([at[0] + size, at[1] + size])}M${pt([at[0] + size, at[1] - size])}L${pt([at[0] - size, at[1] + size])}`;
    return el(
      'g',
      { class: cls },
      empty('path', { d, stroke: '#ffffff', 'stroke-width': width + 2.4, 'stroke-linecap': 'round' }),
      empty('path', { d, stroke: colour, 'stroke-width': width, 'stroke-linecap': 'round' }),
    );
  }

  private illegal(at: Point): string {
    const r = this.r * 0.42;
    return el(
      'g',
      { class: 'illegal-mark', transform: `translate(${pt(at, ' ')})` },
      empty('circle', { r, fill: FAIL, stroke: '#ffffff', 'stroke-width': 1.2 }),
      textEl('text', { y: r * 0.5, 'text-anchor': 'middle', 'font-size': r * 1.45, 'font-weight': 'bold', fill: '#ffffff' }, '!'),
    );
  }

  /** A unit to be built: its glyph faded and dashed, with a plus (and its place in a build list). */
  private ghost(kind: UnitKind | undefined, at: string, p: PowerStyle, n?: number): string {
    const a = this.anchor(at)!;
    const scale = this.r / 11;
    const shape = kind
      ? glyph(kind, p.colour, 0.45, '2 1.5')
      : empty('circle', { r: 9, fill: p.colour, 'fill-opacity': 0.35, stroke: p.colour, 'stroke-width': 1.4, 'stroke-dasharray': '2 1.5' });
    const plus = el(
      'g',
      { class: 'build-plus', transform: 'translate(-10 -10)' },
      empty('circle', { r: 4.6, fill: '#ffffff', stroke: p.colour, 'stroke-width': 1.2 }),
      empty('path', { d: 'M-2.6 0H2.6M0-2.6V2.6', stroke: INK, 'stroke-width': 1.3 }),
    );
    const number = n === undefined ? '' : textEl('text', { x: 11, y: -6, 'font-size': 7, 'font-weight': 'bold', fill: INK }, String(n));
    return el('g', { class: 'build-mark', 'data-at': at, transform: `translate(${num(a[0])} ${num(a[1])}) scale(${num3(scale)})` }, shape, plus, number);
  }

  // ---------------------------------------------------------------- legend

  private legend(x0: number): { parts: string[]; height: number } {
    const parts: string[] = [];
    const pad = 16;
    let y = 30;
    const heading = this.options.title ?? this.config.name;
    parts.push(textEl('text', { class: 'legend-title', x: x0 + pad, y, 'font-size': 17, 'font-weight': 'bold', fill: INK }, heading));
    y += 22;
    parts.push(textEl('text', { class: 'legend-phase', x: x0 + pad, y, 'font-size': 13, fill: '#444444' }, this.phaseText));
    y += 30;

    const colCentres = x0 + LEGEND_WIDTH - 78;
    const colUnits = x0 + LEGEND_WIDTH - pad;
    const header = { 'font-size': 10, fill: '#666666', 'text-anchor': 'end' };
    parts.push(textEl('text', { class: 'legend-head', 'data-column': 'power', x: x0 + pad, y, 'font-size': 10, fill: '#666666' }, this.word('power')));
    parts.push(textEl('text', { ...header, class: 'legend-head', 'data-column': 'centres', x: colCentres, y }, this.word('centres')));
    parts.push(textEl('text', { ...header, class: 'legend-head', 'data-column': 'units', x: colUnits, y }, this.word('units')));
    y += 6;
    parts.push(empty('line', { x1: x0 + pad, y1: y, x2: colUnits, y2: y, stroke: '#dddddd', 'stroke-width': 1 }));
    y += 16;

    const centres = new Map<string, number>();
    for (const owner of Object.values(this.position.owners)) centres.set(owner, (centres.get(owner) ?? 0) + 1);
    const units = new Map<string, number>();
    for (const u of this.position.units) units.set(u.power, (units.get(u.power) ?? 0) + 1);
    const dislodged = new Map<string, number>();
    for (const u of this.position.dislodged) dislodged.set(u.power, (dislodged.get(u.power) ?? 0) + 1);
    const ids = [...this.powers.keys()];
    for (const id of [...new Set([...centres.keys(), ...units.keys(), ...dislodged.keys()])].sort()) if (!this.powers.has(id)) ids.push(id);

    for (const id of ids) {
      const p = this.power(id);
      const c = centres.get(id) ?? 0;
      const u = units.get(id) ?? 0;
      const d = dislodged.get(id) ?? 0;
      parts.push(
        el(
          'g',
          { class: `legend-power ${id}`, 'data-power': id, 'data-centres': String(c), 'data-units': String(u), 'data-dislodged': d > 0 ? String(d) : undefined },
          textEl('title', {}, this.rowTitle(p.name, c, u, d)),
          empty('rect', { x: x0 + pad, y: y - 11, width: 14, height: 14, rx: 3, fill: p.colour, stroke: INK, 'stroke-width': 0.8 }),
          textEl('text', { class: 'name', x: x0 + pad + 22, y, 'font-size': 13, fill: INK }, p.name),
          textEl('text', { class: 'centres', x: colCentres, y, 'font-size': 13, 'font-weight': 'bold', fill: INK, 'text-anchor': 'end' }, String(c)),
          textEl('text', { class: 'units', x: colUnits, y, 'font-size': 13, 'font-weight': 'bold', fill: INK, 'text-anchor': 'end' }, String(u)),
          d > 0 ? textEl('text', { class: 'dislodged', x: x0 + pad + 22, y: y + 14, 'font-size': 10.5, fill: FAIL }, say(this.word('dislodgedCount'), { n: d })) : '',
        ),
      );
      y += d > 0 ? 35 : 21;
    }
    const total = this.config.provinces.filter((p) => p.supplyCentre).length;
    const owned = [...centres.values()].reduce((a, b) => a + b, 0);
    parts.push(
      el(
        'g',
        { class: 'legend-neutral', 'data-centres': String(Math.max(0, total - owned)) },
        empty('rect', { x: x0 + pad, y: y - 11, width: 14, height: 14, rx: 3, fill: '#ffffff', stroke: INK, 'stroke-width': 0.8 }),
        textEl('text', { x: x0 + pad + 22, y, 'font-size': 13, fill: '#555555' }, this.word('neutral')),
        textEl('text', { x: colCentres, y, 'font-size': 13, fill: '#555555', 'text-anchor': 'end' }, String(Math.max(0, total - owned))),
      ),
    );
    y += 30;
    const key = this.key(x0 + pad, y);
    parts.push(key.svg);
    y = key.bottom + 16;
    return { parts, height: Math.ceil(y) };
  }

  /** A power row's tooltip: `France: 5 supply centres, 5 units`. */
  private rowTitle(name: string, centres: number, units: number, dislodged: number): string {
    const counts = [
      say(this.word(centres === 1 ? 'oneCentre' : 'manyCentres'), { n: centres }),
      say(this.word(units === 1 ? 'oneUnit' : 'manyUnits'), { n: units }),
      ...(dislodged > 0 ? [say(this.word('dislodgedCount'), { n: dislodged })] : []),
    ];
    return say(this.word('rowTitle'), { power: name, counts: counts.join(this.messages.text.listJoin) });
  }

  /** What each symbol means, in two columns. */
  private key(x: number, y0: number): { svg: string; bottom: number } {
    const items: [LegendKey, string][] = [];
    const grey = '#8a8a8a';
    items.push(['army', el('g', { transform: 'scale(0.9)' }, glyph('army', grey, 1))]);
    items.push(['fleet', el('g', { transform: 'scale(0.9)' }, glyph('fleet', grey, 1))]);
    if (this.regions) {
      const swatch = (st: { fill: string; stroke: string; strokeWidth: number }): string => empty('rect', { x: -8, y: -6, width: 16, height: 12, fill: st.fill, stroke: st.stroke, 'stroke-width': st.strokeWidth });
      items.push(['land', swatch(REGION_STYLE.land)]);
      items.push(['sea', swatch(REGION_STYLE.sea)]);
      if (this.regions.coasts.size > 0) items.push(['namedCoast', empty('path', { d: 'M-9 3Q0-5 9 3', fill: 'none', stroke: REGION_STYLE.coastLine, 'stroke-width': 2.6, 'stroke-linecap': 'round' })]);
      if (this.regions.links.length > 0) items.push(['link', empty('path', { d: 'M-10 0H10', stroke: INK, 'stroke-opacity': 0.55, 'stroke-width': 1.8, 'stroke-dasharray': '4 3' })]);
    } else {
      items.push(['land', empty('circle', { r: 8, fill: TERRAIN_STYLE.land.fill, stroke: TERRAIN_STYLE.land.stroke, 'stroke-width': TERRAIN_STYLE.land.strokeWidth })]);
      items.push(['coast', empty('circle', { r: 8, fill: TERRAIN_STYLE.coast.fill, stroke: TERRAIN_STYLE.coast.stroke, 'stroke-width': TERRAIN_STYLE.coast.strokeWidth })]);
      items.push(['sea', empty('rect', { x: -7.5, y: -7.5, width: 15, height: 15, rx: 3.5, fill: TERRAIN_STYLE.sea.fill, stroke: TERRAIN_STYLE.sea.stroke, 'stroke-width': TERRAIN_STYLE.sea.strokeWidth })]);
    }
    items.push(['supplyCentre', empty('path', { d: STAR_PATH, transform: 'scale(7)', fill: '#ffffff', stroke: INK, 'stroke-width': num3(1 / 7) })]);
    if (this.config.provinces.some((p) => p.impassable)) items.push(['impassable', empty('circle', { r: 8, fill: TERRAIN_STYLE.impassable.fill, stroke: TERRAIN_STYLE.impassable.stroke })]);
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
    const out: string[] = [textEl('text', { x, y: y0, 'font-size': 10, fill: '#666666' }, this.word('key'))];
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
          textEl('text', { x: cx + 18, y: cy + 4, 'font-size': 11.5, fill: INK }, this.word(key)),
        ),
      );
    });
    return { svg: el('g', { class: 'legend-keys' }, ...out), bottom: top + Math.ceil(items.length / 2) * rowH };
  }
}

// ---------------------------------------------------------------- helpers

/**
 * An army or fleet glyph in a box of about ±12 units around (0, 0): a white
 * halo to stand out from whatever is under it, then the shape in the power's
 * colour with a dark outline (a faded, dashed one for a unit to be built).
 */
function glyph(kind: UnitKind, fill: string, opacity: number, dash?: string): string {
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

function phaseLabel(position: Position): string {
  const p = position.phase;
  return `${p.season.charAt(0).toUpperCase()}${p.season.slice(1)} ${p.year}, ${p.kind}`;
}

function provinceTitle(p: ProvinceConfig, owner: string | undefined): string {
  const what = [p.impassable ? 'impassable' : undefined, p.terrain === 'coast' ? 'coastal' : p.terrain, p.supplyCentre ? 'supply centre' : undefined]
    .filter((x) => x !== undefined)
    .join(', ');
  const coasts = p.coasts && p.coasts.length > 0 ? `; coasts: ${p.coasts.map((c) => c.name).join(', ')}` : '';
  return `${p.name} (${p.id}): ${what}${coasts}${p.supplyCentre ? `; ${owner ? `owned by ${owner}` : 'neutral'}` : ''}`;
}

function statusText(s: OrderStatus): string {
  return s === 'succeeds' ? 'succeeds' : s === 'fails' ? 'fails' : 'illegal';
}

function num3(v: number): string {
  const r = Math.round(v * 1000) / 1000;
  return r === 0 ? '0' : String(r);
}

function pt(p: Point, sep = ' '): string {
  return `${num(p[0])}${sep}${num(p[1])}`;
}

function dist(a: Point, b: Point): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

function midpoint(a: Point, b: Point): Point {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

function unit(from: Point, to: Point): Point {
  const d = dist(from, to);
  return d < 1e-9 ? [1, 0] : [(to[0] - from[0]) / d, (to[1] - from[1]) / d];
}

/** `from` moved `by` toward `to`. */
function toward(from: Point, to: Point, by: number): Point {
  const u = unit(from, to);
  return [from[0] + u[0] * by, from[1] + u[1] * by];
}

function bezier(q: readonly [Point, Point, Point], t: number): Point {
  const a = (1 - t) * (1 - t);
  const b = 2 * (1 - t) * t;
  const d = t * t;
  return [a * q[0][0] + b * q[1][0] + d * q[2][0], a * q[0][1] + b * q[1][1] + d * q[2][1]];
}

/** The point a fraction `t` of the way along a route (by length). */
function routePoint(c: Route, t: number): Point {
  const samples: Point[] = [];
  for (const q of c.pieces) for (let k = samples.length === 0 ? 0 : 1; k <= 16; k++) samples.push(bezier(q, k / 16));
  const lengths = [0];
  for (let i = 1; i < samples.length; i++) lengths.push(lengths[i - 1]! + dist(samples[i - 1]!, samples[i]!));
  const goal = t * lengths[lengths.length - 1]!;
  for (let i = 1; i < samples.length; i++) {
    if (lengths[i]! < goal) continue;
    const span = lengths[i]! - lengths[i - 1]!;
    const f = span > 1e-9 ? (goal - lengths[i - 1]!) / span : 0;
    const a = samples[i - 1]!;
    const b = samples[i]!;
    return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
  }
  return samples[samples.length - 1]!;
}
