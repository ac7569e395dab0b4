/**
 * What a game run is: the options it is played with, and what it found (each phase's orders and
 * results, the expectations checked, the game's result). Made by the runner (run.ts), read by the
 * commands, the language server and the converters.
 */
import type { GameOutcome, Order, OrderResult, Phase, PhaseResult, Position, RuleOptions, Scores } from '@dipforge/engine';
import type { VariantConfig } from '@dipforge/engine/config';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Range } from '../text/range.js';
import type * as G from './ast.js';
import type { ParsedGame } from './parse.js';
import type { OrderLanguages } from './order-language.js';
import type { DeclarationRun, VictoryState } from './victory.js';
import type { CompiledVariant } from './workspace.js';

export interface GameOptions {
  /** Plays the game under this edition instead of the file's (its `rule` lines still apply). */
  edition?: string;
  /**
   * A previous run of the same file (the editor's incremental re-check): the
   * phases of its first `sections` phase sections are taken from it instead of
   * being adjudicated again. Used only when the text up to the start of section
   * `sections` is unchanged and the variant, rules and start are the same;
   * otherwise the game is played from the start.
   *
   * Early cutoff (unless `cutoff` is false): when, before a phase section
   * whose text and everything after it are unchanged, the game is in the same
   * state as the previous run was before that text (position, result of the
   * game, rules, variant and seed), the rest of the previous run is taken over
   * (its ranges moved to where the text is now) instead of being adjudicated.
   */
  reuse?: { run: GameRun; sections: number; cutoff?: boolean };
  /** Called before each phase is adjudicated (to count the work in tests and benchmarks). */
  onAdjudicate?: (phase: Phase) => void;
  /**
   * Asked before each phase section is played: when it says true, the run
   * stops there, incomplete, with `cancelled` set (an editor request that was
   * cancelled). Such a run can still be given as `reuse` for its sections played.
   */
  cancelled?: () => boolean;
  /**
   * A run nobody looks into but for its failures (`dipforge test`): what only an editor reads is
   * made when read instead of while playing (the messages of expectations). The results,
   * diagnostics and expectations are the same as without it; the diagnostics are plain data, but
   * the expectations, the syntax tree's ranges and its commonest nodes (order lines, texts, unit
   * items) are objects whose parts are made when read (game/line-range.ts, expectations.ts; their
   * JSON is the same): read what you send to another thread (`{ start, end }` of a range), since a
   * structured clone or a spread copies no getter.
   */
  headless?: boolean;
}

/** One order of a phase: the line it was read from (none for a skipped phase), and what became of it. */
export interface OrderRun {
  line: G.OrderLine;
  power: string;
  order: Order;
  result?: OrderResult;
}

export interface PhaseRun {
  phase: Phase;
  /** The `phase` section; absent for a phase the file leaves out (adjudicated with no orders). */
  section?: G.PhaseSection;
  orders: OrderRun[];
  before: Position;
  result: PhaseResult;
  /** An order of this phase could not be read, so the phase was adjudicated without it. */
  incomplete: boolean;
  /** The game's result after this phase (and after the declare blocks that follow it): alliances, the end, outcome, scores. */
  victory?: VictoryState;
}

/** One checked expectation: an order's result, or a units, dislodged, owners or winner line. */
export interface Expectation {
  /** Index into `GameRun.phases`. */
  phase: number;
  range: Range;
  /** What was checked: `units england`, `F nth - pic [illegal]`. */
  what: string;
  ok: boolean;
  /** What differed, for a failed expectation; what was found, for a met one. */
  message: string;
}

export interface GameRun {
  file: string;
  parsed: ParsedGame;
  diagnostics: Diagnostic[];
  variant?: CompiledVariant;
  /** The variant's config with the game's rules. */
  config?: VariantConfig;
  edition?: string;
  /** The edition `GameOptions.edition` asked for when the variant has none of that name, with the editions it has. */
  unknownEdition?: { name: string; known: string[] };
  rules?: RuleOptions;
  seed?: number;
  /** Power id → player name. */
  players: Record<string, string>;
  start?: Position;
  phases: PhaseRun[];
  /** The position after the last adjudicated phase (the start when none was). */
  final?: Position;
  /** The power that won alone (solo, leader, or a concession to it); see `outcome` for every result. */
  winner?: string;
  /** The game's result after the last phase and declaration (the engine's `gameOutcome`, kept once the game is over). */
  outcome?: GameOutcome;
  /** The scores under the `scoring` rule (provisional while the game goes on). */
  scores?: Scores;
  /** Everything kept about the result: declared allies, whether the game was ended, when it was decided. */
  victory?: VictoryState;
  /** The declarations of the `declare` blocks, in the order they were played. */
  declarations: DeclarationRun[];
  expectations: Expectation[];
  /** Whether every phase the file writes was adjudicated. */
  complete: boolean;
  /** How many entries of `phases` were taken from a previous run (`GameOptions.reuse`). */
  reused?: number;
  /** How many entries at the end of `phases` were taken from a previous run once the game caught up with it (early cutoff). */
  cutoff?: number;
  /** The run stopped early because `GameOptions.cancelled` said so. */
  cancelled?: boolean;
  /** The order language of each power (`language` lines); absent when the variant did not load. */
  languages?: OrderLanguages;
}
