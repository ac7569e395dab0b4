/**
 * What the checker resolves a variant to, exactly what the compiler emits:
 * provinces with terrain and coasts, directed edges, powers with units and
 * centres, the rule options.
 */
import type { BoardConfig } from '@dipforge/engine/config';
import type * as A from './ast.js';
import type { ResolvedRules } from './rules.js';

export type Terrain = 'land' | 'sea' | 'coast';

export interface ResolvedCoast {
  id: string;
  name: string;
  names: Record<string, string[]>;
}

export interface ResolvedProvince {
  id: string;
  name: string;
  terrain: Terrain;
  supplyCentre: boolean;
  impassable: boolean;
  /** A coast province where a fleet may convoy, as in a sea. */
  archipelago: boolean;
  coasts: ResolvedCoast[];
  names: Record<string, string[]>;
  aliases: string[];
  at?: [number, number];
  decl: A.ProvinceDecl;
  file: string;
}

export interface ResolvedUnit {
  kind: 'army' | 'fleet';
  /** `prov` or `prov/coast`. */
  at: string;
}

export interface ResolvedPower {
  id: string;
  name: string;
  adjective?: string;
  colour?: string;
  names: Record<string, string[]>;
  aliases: string[];
  home: string[];
  /** Its home country, home centres first; absent when the power has no `country` item (the home centres stand for it). */
  country?: string[];
  units: ResolvedUnit[];
  centres: string[];
}

export interface ResolvedVariant {
  id: string;
  name: string;
  author?: string;
  version?: string;
  description?: string;
  start: { year: number; season: string; phase: 'movement' | 'retreat' | 'adjustment' };
  provinces: ResolvedProvince[];
  /** Directed edges `[from, to]` per unit kind, each end `prov` or `prov/coast`. */
  edges: { army: [string, string][]; fleet: [string, string][] };
  powers: ResolvedPower[];
  neutralCentres: string[];
  /** Units of no power at the start. */
  neutralUnits: ResolvedUnit[];
  rules: ResolvedRules;
  /** The author's artwork (`board "map.svg"`), read and checked (set by `checkBoard`). */
  board?: BoardConfig;
}
