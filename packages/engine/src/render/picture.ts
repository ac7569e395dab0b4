/**
 * What every layer of a board picture draws from: the options, where each
 * province is (the layout, or the region map's anchors), the powers' colours,
 * where a unit stands, and the legend's words in the labels' language.
 */
import type { OrderResult } from '../adjudicate/result.js';
import type { Board } from '../board/board.js';
import { csrRow } from '../board/csr.js';
import { NEUTRAL_POWER, type PowerConfig, type VariantConfig } from '../config/variant-config.js';
import type { DislodgedUnit, Position } from '../game/position.js';
import { phaseWords } from '../words/game-words.js';
import type { LegendKey, Messages } from '../words/messages.js';
import { localName } from '../words/namer.js';
import { messagesFor } from '../words/tables.js';
import type { Point } from './geometry.js';
import { base, layoutBoard, provinceIndex, type BoardLayout, type LayoutMode } from './layout.js';
import { regionMap, type RegionMap } from './regions/region-map.js';
import { artworkMap } from './artwork/artwork-map.js';
import { mix, powerColour } from './style.js';

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

export interface PowerStyle {
  id: string;
  name: string;
  adjective: string;
  colour: string;
  tint: string;
}

/** One picture being drawn: built once, read by every layer. */
export class Picture {
  readonly layout: BoardLayout;
  /** The region map (absent when drawing the graph); `layout.points` are then its anchors. */
  readonly regions: RegionMap | undefined;
  /** Each province's index in `config.provinces`, by id. */
  readonly index: Map<string, number>;
  readonly powers = new Map<string, PowerStyle>();
  /** A province's radius on the board: what every glyph and mark is sized by. */
  readonly r: number;
  readonly results: readonly OrderResult[];
  /** The legend's words and the phase's name, in the labels' language. */
  readonly messages: Messages;
  readonly phaseText: string;

  constructor(
    readonly config: VariantConfig,
    readonly board: Board,
    readonly position: Position,
    readonly options: RenderOptions,
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

  word(key: LegendKey): string {
    return this.messages.legend[key];
  }

  point(id: string): Point | undefined {
    const i = this.index.get(base(id));
    return i === undefined ? undefined : this.layout.points[i];
  }

  /** Where a unit at `location` is drawn: its province, moved toward the seas of its coast, and aside when dislodged. */
  anchor(location: string, dislodged = false): Point | undefined {
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

  power(id: string): PowerStyle {
    // Neutral units (and any id that is no power) are grey.
    const name = id === NEUTRAL_POWER ? 'Neutral' : id;
    return this.powers.get(id) ?? { id, name, adjective: name, colour: '#777777', tint: '#cccccc' };
  }
}

/** The phase in English words, when no language is asked for: `Spring 1901, movement`. */
function phaseLabel(position: Position): string {
  const p = position.phase;
  return `${p.season.charAt(0).toUpperCase()}${p.season.slice(1)} ${p.year}, ${p.kind}`;
}
