/**
 * The syntax tree of a `.dipgame` file. Every node keeps the range of the text
 * it was read from. Names are kept as written (`text`) and lower-cased
 * (`value`); they are resolved against the variant only later, so a file whose
 * variant cannot be loaded still parses completely.
 */
import type { Range } from '../text/range.js';

export interface Node {
  range: Range;
}

/** A word as written and lower-cased. */
export interface Word extends Node {
  text: string;
  value: string;
}

/** A piece of source text (an order, a location), trimmed. */
export interface Text extends Node {
  text: string;
}

export interface StringLit extends Node {
  value: string;
}

export interface NumberLit extends Node {
  value: number;
  text: string;
}

export type ValueLit =
  | { kind: 'name'; value: string; text: string; range: Range }
  | { kind: 'number'; value: number; text: string; range: Range }
  | { kind: 'string'; value: string; text: string; range: Range };

// ------------------------------------------------------------------ header

export interface VariantStmt extends Node {
  kind: 'Variant';
  /** A built-in variant (`classic`)… */
  name?: Word;
  /** …or a map file, relative to the game file. */
  path?: StringLit;
}

export interface EditionStmt extends Node {
  kind: 'Edition';
  name: Word;
}

export interface RuleStmt extends Node {
  kind: 'Rule';
  key: Word;
  values: ValueLit[];
}

export interface SeedStmt extends Node {
  kind: 'Seed';
  value: NumberLit;
}

export interface PlayerStmt extends Node {
  kind: 'Player';
  power: Word;
  name: StringLit;
}

/** `language TAG` (the game's order language) or `language TAG for POWER, …` (those powers' orders). */
export interface LanguageStmt extends Node {
  kind: 'Language';
  /** The language tag as written (`zh`, `ja`, `fi`, `en` for the standard notation). */
  language: Word;
  /** The powers it is set for; empty for the whole game. */
  powers: Word[];
}

export type HeaderStmt = VariantStmt | EditionStmt | RuleStmt | SeedStmt | PlayerStmt | LanguageStmt;

// ---------------------------------------------------------------- sections

export type PhaseKindName = 'movement' | 'retreat' | 'adjustment';

/** `spring 1901 movement` (the year may also come first). */
export interface PhaseName extends Node {
  season: Word;
  year: NumberLit;
  kind: Word & { phase?: PhaseKindName };
}

/** `A par`, `F spa/nc`, `A mar from gas via convoy` (the `from` part only where dislodged units are listed). */
export interface UnitItem extends Node {
  /** The unit kind as written: `A`, `F`, `army`, `fleet`. */
  kindWord: Word;
  /** Resolved from the kind word; undefined when it is no unit kind (a diagnostic was given). */
  unitKind?: 'army' | 'fleet';
  location: Text;
  from?: Text;
  viaConvoy?: Node;
}

/** `POWER: UNIT, …` in a position, or `units POWER: …` in an expect block. */
export interface UnitsStmt extends Node {
  kind: 'Units';
  /** Absent for `units none`. */
  power?: Word;
  units: UnitItem[];
}

export interface DislodgedStmt extends Node {
  kind: 'Dislodged';
  /** Absent for `dislodged none`. */
  power?: Word;
  units: UnitItem[];
}

export interface OwnersStmt extends Node {
  kind: 'Owners';
  power: Word;
  provinces: Text[];
}

export interface StandoffsStmt extends Node {
  kind: 'Standoffs';
  provinces: Text[];
}

export interface WinnerStmt extends Node {
  kind: 'Winner';
  /** Absent for `winner none`; the first power of `winner POWER, POWER`. */
  power?: Word;
  /** Every power listed (`winner england, france`: a shared or alliance win); empty for `winner none`. */
  powers: Word[];
}

/** `draw POWER, …` in an expect block: the game ended in a draw of exactly these powers (`draw none`: not in a draw). */
export interface DrawExpect extends Node {
  kind: 'DrawExpect';
  /** Empty for `draw none`. */
  powers: Word[];
}

/** `score POWER N`: the power's score under the `scoring` rule (N: `28`, `33.33`, `1/3`). */
export interface ScoreExpect extends Node {
  kind: 'ScoreExpect';
  power: Word;
  /** The value, and how closely it must match: half a unit of its last written decimal place, or 1e-9. */
  value: NumberLit & { tolerance: number };
}

export type ResultKindName = 'solo' | 'alliance' | 'leader' | 'shared' | 'draw' | 'concession' | 'ended' | 'extended' | 'none';

/** `result KIND [YEAR]`: how the game stands (see docs/GAME-LANGUAGE.md), and the year of the result. */
export interface ResultExpect extends Node {
  kind: 'ResultExpect';
  result: Word & { value: ResultKindName };
  year?: NumberLit;
}

// ------------------------------------------------------------ declarations

/** `alliance POWER, POWER`: both powers declare the alliance (it is in force at once). */
export interface AllianceStmt extends Node {
  kind: 'Alliance';
  powers: Word[];
}

/** `POWER allies POWER`: one power declares its ally (in force once the other declares it too); `POWER allies none` withdraws. */
export interface AlliesStmt extends Node {
  kind: 'Allies';
  power: Word;
  /** Absent for `allies none`. */
  ally?: Word;
}

/** `draw POWER, … [by POWER, …]`: a draw of the listed powers, voted for by the `by` powers (default: the listed ones). */
export interface DrawStmt extends Node {
  kind: 'Draw';
  powers: Word[];
  voters?: Word[];
}

/** `concede POWER[, POWER] [by POWER, …]`: the `by` powers (default: every other surviving power) concede the game. */
export interface ConcedeStmt extends Node {
  kind: 'Concede';
  powers: Word[];
  voters?: Word[];
}

/** `end`: the game ends now (a time limit); `victory-at-end` names the leader. */
export interface EndStmt extends Node {
  kind: 'End';
}

export type DeclarationStmt = AllianceStmt | AlliesStmt | DrawStmt | ConcedeStmt | EndStmt;

/** A `declare` block: declarations that take effect between two phases, and expect blocks checked after them. */
export interface DeclareSection extends Node {
  kind: 'Declare';
  keyword: Node;
  /** Index in `GameFile.phases` of the phase section written before it; -1 before every phase. */
  after: number;
  statements: DeclarationStmt[];
  expect: ExpectSection[];
}

export interface PositionSection extends Node {
  kind: 'Position';
  /** The `position …` line. */
  keyword: Node;
  phase?: PhaseName;
  units: UnitsStmt[];
  dislodged: DislodgedStmt[];
  owners: OwnersStmt[];
  standoffs: StandoffsStmt[];
}

export type ExpectedResult = 'succeeds' | 'fails' | 'illegal';

export interface OrderLine extends Node {
  kind: 'Order';
  /** The power whose block (or prefix) the order is in. */
  power: Word;
  /** The order text handed to the engine's order parser. */
  text: Text;
  /** `[succeeds]`, `[fails]`, `[illegal]`; undefined when none (or when the word was no result). */
  expected?: { value: ExpectedResult; range: Range };
  /**
   * The order continued on the next line, indented deeper (as a rule text prints
   * a long support): the text of both lines, as written. The runner reads it as
   * one order when this line alone is no order; the next line then has `continuation`.
   */
  continued?: Text;
  /** This line is indented deeper than the order line before it, which may continue onto it (see `continued`). */
  continuation?: true;
}

export interface ExpectSection extends Node {
  kind: 'Expect';
  keyword: Node;
  units: UnitsStmt[];
  dislodged: DislodgedStmt[];
  owners: OwnersStmt[];
  winner: WinnerStmt[];
  draw: DrawExpect[];
  score: ScoreExpect[];
  result: ResultExpect[];
}

export interface PhaseSection extends Node {
  kind: 'Phase';
  keyword: Node;
  phase?: PhaseName;
  /** `POWER:` lines that open a block, in order (a block may hold no order). */
  powers: Word[];
  orders: OrderLine[];
  /** The expect blocks after the phase (normally one). */
  expect: ExpectSection[];
}

export interface GameFile extends Node {
  kind: 'GameFile';
  header: HeaderStmt[];
  position?: PositionSection;
  phases: PhaseSection[];
  /** The `declare` blocks, in file order. */
  declare: DeclareSection[];
}
