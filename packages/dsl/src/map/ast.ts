/**
 * The syntax tree of a `.dipmap` file. Every node has its source range. Parts
 * that a broken file lacks are `undefined` (or empty lists): the parser keeps
 * whatever it could read, and the checker skips what is missing.
 */
import type { Range } from '../text/range.js';

export interface Node {
  range: Range;
}

/** A name as written; `value` is the lower-case form used for lookups. */
export interface Ident extends Node {
  text: string;
  value: string;
}

export interface StringLit extends Node {
  value: string;
}

export interface NumberLit extends Node {
  value: number;
  text: string;
}

/** A province, or a coast of one: `spa`, `spa/nc`. */
export interface Location extends Node {
  province: Ident;
  coast?: Ident;
}

/** Localized names: `name zh "西班牙", "日斯巴尼亚"`. */
export interface NameItem extends Node {
  lang?: Ident;
  values: StringLit[];
}

export interface ImportDecl extends Node {
  kind: 'Import';
  path?: StringLit;
}

export type ExtendsRef = { kind: 'builtin'; name: Ident; range: Range } | { kind: 'file'; path: StringLit; range: Range };

export interface StartSpec extends Node {
  year?: NumberLit;
  season?: Ident;
  phase?: Ident;
}

export interface VariantDecl extends Node {
  kind: 'Variant';
  id?: Ident;
  title?: StringLit;
  extends: ExtendsRef[];
  author: StringLit[];
  version: StringLit[];
  description: StringLit[];
  start: StartSpec[];
  board: BoardItem[];
}

/** `board "map.svg" link den: swe`: the author's artwork, and pairs it draws apart on purpose. */
export interface BoardItem extends Node {
  path?: StringLit;
  links: BoardLink[];
}

export interface BoardLink extends Node {
  a?: Ident;
  b?: Ident;
}

export type ProvinceFlag = 'land' | 'sea' | 'coast' | 'supply' | 'impassable' | 'archipelago';

export interface FlagWord extends Node {
  flag: ProvinceFlag;
}

export interface Coordinates extends Node {
  x?: NumberLit;
  y?: NumberLit;
}

export interface CoastDecl extends Node {
  id?: Ident;
  title?: StringLit;
  names: NameItem[];
}

export interface ProvinceDecl extends Node {
  kind: 'Province';
  id?: Ident;
  title?: StringLit;
  flags: FlagWord[];
  /**
   * Words among the flags that are none of them (reported by the parser): what
   * they stand for is unknown, so the checker runs no check that depends on a
   * flag the province does not give (its terrain, whether it is a supply centre).
   */
  wrongFlags: Ident[];
  coasts: CoastDecl[];
  names: NameItem[];
  aliases: Ident[];
  at: Coordinates[];
}

export type AdjacencyKind = 'army' | 'fleet' | 'both';

export interface AdjacencyLine extends Node {
  /** As written; the checker reports anything other than army, fleet or both. */
  unit?: Ident;
  from?: Location;
  oneWay: boolean;
  to: Location[];
}

export interface AdjacencyDecl extends Node {
  kind: 'Adjacency';
  lines: AdjacencyLine[];
}

export interface UnitSpec extends Node {
  unit?: Ident;
  at?: Location;
}

export interface ColourLit extends Node {
  value: string;
}

export interface PowerDecl extends Node {
  kind: 'Power';
  id?: Ident;
  title?: StringLit;
  adjective: StringLit[];
  colour: ColourLit[];
  names: NameItem[];
  aliases: Ident[];
  home: Ident[];
  /** The provinces of its home country (`country P, P`); its home centres belong to it anyway. */
  country: Ident[];
  units: UnitSpec[];
  owns: Ident[];
  /** Whether an `owns` item was given (an empty list means "owns nothing"). */
  hasOwns: boolean;
}

export interface NeutralDecl extends Node {
  kind: 'Neutral';
  /** `neutral centres …` (empty in a `neutral units` declaration). */
  centres: Ident[];
  /** `neutral units …`: units of no power at the start (empty in a `neutral centres` declaration). */
  units: UnitSpec[];
}

export type ValueLit =
  | { kind: 'name'; value: string; text: string; range: Range }
  | { kind: 'number'; value: number; text: string; range: Range }
  | { kind: 'string'; value: string; text: string; range: Range };

export interface RuleOptionNode extends Node {
  key: Ident;
  values: ValueLit[];
}

/** A rule set's name: `2023`, `old-rules`, `"my house rules"`. */
export interface RuleSetName extends Node {
  value: string;
}

export interface RulesDecl extends Node {
  kind: 'Rules';
  options: RuleOptionNode[];
}

export interface RulesetDecl extends Node {
  kind: 'Ruleset';
  name?: RuleSetName;
  title?: StringLit;
  extends?: RuleSetName;
  options: RuleOptionNode[];
}

export type RemoveDecl =
  | { kind: 'Remove'; what: 'province' | 'power'; id?: Ident; range: Range }
  | { kind: 'Remove'; what: 'adjacency'; line?: AdjacencyLine; range: Range }
  /**
   * `remove neutral centres` (every neutral centre the base lists) or
   * `remove neutral centres bel, hol` (those from the base's lists).
   * `keyword` is the range of `centres`, where a remove of nothing is reported.
   */
  | { kind: 'Remove'; what: 'neutral centres'; centres: Ident[]; keyword?: Range; range: Range };

export type TopDecl =
  | ImportDecl
  | VariantDecl
  | ProvinceDecl
  | AdjacencyDecl
  | PowerDecl
  | NeutralDecl
  | RulesDecl
  | RulesetDecl
  | RemoveDecl;

export interface MapFile extends Node {
  kind: 'MapFile';
  decls: TopDecl[];
}
