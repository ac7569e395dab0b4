/**
 * VariantConfig: the compiled form of a variant, the one input the engine accepts.
 *
 * Anything that produces a value of this shape that validates against
 * `schema/variant-config.schema.json` can drive the engine; the `.dipmap`
 * compiler is one such producer. Ids are lower-case. A coast is addressed as
 * `province/coast` (`spa/nc`) wherever a location is expected.
 */
import type { RuleOptions } from './rules.js';

export const VARIANT_CONFIG_FORMAT = 'dipforge-variant/1' as const;

/**
 * The power id that neutral units carry in a position (`Unit.power`). It is no
 * power of the variant: a variant with neutral units may not name a power so.
 */
export const NEUTRAL_POWER = 'neutral' as const;

export type Terrain = 'land' | 'sea' | 'coast';
export type UnitKind = 'army' | 'fleet';
export type Season = string; // e.g. "spring", "fall", "winter", "year"
export type PhaseKind = 'movement' | 'retreat' | 'adjustment';

/** Names per BCP-47 language tag; the first name of a tag is its display name. */
export type LocalizedNames = Record<string, string[]>;

export interface CoastConfig {
  /** Coast id within its province, e.g. "nc". */
  id: string;
  name: string;
  names?: LocalizedNames;
}

export interface ProvinceConfig {
  id: string;
  name: string;
  terrain: Terrain;
  supplyCentre: boolean;
  impassable?: boolean;
  /**
   * An archipelago (only on a coast province): armies and fleets may stand there,
   * and a fleet there may convoy as in a sea.
   */
  archipelago?: boolean;
  /** Named coasts; empty or absent when the province has at most one coast. */
  coasts?: CoastConfig[];
  names?: LocalizedNames;
  aliases?: string[];
  /** Board coordinates for drawing. */
  at?: [number, number];
}

/**
 * Directed edges per unit kind: `[from, to]` where each end is a province id or a
 * `province/coast` location. A two-way adjacency appears as two edges.
 */
export interface AdjacencyConfig {
  army: [string, string][];
  fleet: [string, string][];
}

export interface UnitConfig {
  kind: UnitKind;
  /** Province id, or `province/coast` for a fleet on a named coast. */
  at: string;
}

export interface PowerConfig {
  id: string;
  name: string;
  adjective?: string;
  /** `#rrggbb`. */
  colour?: string;
  names?: LocalizedNames;
  aliases?: string[];
  home: string[];
  /**
   * The provinces of its home country (province ids), for the rules that tell
   * home from abroad (`removal-order` `abroad-first` and `country-distance`).
   * Its home centres are part of it whether listed or not; absent, the home
   * country is the home centres alone.
   */
  country?: string[];
  units: UnitConfig[];
  /** Centres owned at the start. */
  centres: string[];
}

export interface StartConfig {
  year: number;
  season: Season;
  phase: PhaseKind;
}

export interface VariantConfig {
  format: typeof VARIANT_CONFIG_FORMAT;
  id: string;
  name: string;
  author?: string;
  version?: string;
  description?: string;
  provinces: ProvinceConfig[];
  adjacency: AdjacencyConfig;
  powers: PowerConfig[];
  /** Supply centres owned by no power at the start. */
  neutralCentres: string[];
  /** Units of no power at the start; they never get orders (rule `neutral-units`). */
  neutralUnits?: UnitConfig[];
  start: StartConfig;
  /** The edition the rules start from, and every option resolved. */
  rules: RuleOptions;
  /** The author's own artwork for the board (`board "map.svg"` in the map language), read and checked. */
  board?: BoardConfig;
}

/** An artwork board: the shapes of an SVG that name the provinces, in the picture's own units. */
export interface BoardConfig {
  /** The picture's frame (its viewBox's width and height); shapes lie within 0..width, 0..height. */
  width: number;
  height: number;
  /** One shape per province (`spa`) and per drawn coast (`spa/nc`): closed polygons as path data of M, L and Z. */
  shapes: BoardShape[];
  /** Adjacent pairs the artwork draws apart on purpose (a crossing, a canal), by province id; drawn as links. */
  links: [string, string][];
}

export interface BoardShape {
  location: string;
  d: string;
}
