/**
 * What each step of a conversion reads and counts: the game as played under
 * its own edition, the rules of both editions, the writer of the edits, and
 * the summary's counts.
 */
import { formatLocalizedOrder, formatOrder, type Board, type Order, type Phase, type RuleOptions } from '@dipforge/engine';
import type { CodeName } from '../../diagnostics/codes.js';
import type { GameRun } from '../run.js';
import type { GameWriter } from './writer.js';

export interface ConvertCounts {
  /** Retreat, build, disband and waive orders carried into the other form. */
  ordersMoved: number;
  /** Order lines written that were not in the file (a unit with no order line gets one for its retreat list, defaults written out). */
  linesAdded: number;
  phasesRemoved: number;
  phasesInserted: number;
  expectationsMoved: number;
  /** Expectations about a phase the other form does not have, superseded by a later one of the same kind. */
  expectationsDropped: number;
  /** Expectations that do not hold under the other edition, turned into comments. */
  expectationsCommented: number;
}

export function emptyCounts(): ConvertCounts {
  return { ordersMoved: 0, linesAdded: 0, phasesRemoved: 0, phasesInserted: 0, expectationsMoved: 0, expectationsDropped: 0, expectationsCommented: 0 };
}

/** A warning with no line of its own to go on (it goes on the edition line). */
export interface LooseNote {
  code: CodeName;
  message: string;
}

export interface ConvertContext {
  source: GameRun;
  board: Board;
  sourceRules: RuleOptions;
  targetRules: RuleOptions;
  targetBoard: Board;
  /** The edition converted to, as given. */
  target: string;
  writer: GameWriter;
  counts: ConvertCounts;
  loose: LooseNote[];
}

/** `fall 1901`: a phase's season and year, the way notes name it. */
export function when(p: Phase): string {
  return `${p.season} ${p.year}`;
}

/** Under the source edition, then the target: `2023 disbands … old-rules would …` reads these names. */
export function editions(ctx: ConvertContext): { from: string; to: string } {
  return { from: ctx.sourceRules.edition, to: ctx.target };
}

/**
 * An order the conversion writes, in the language its power writes in
 * (`language zh [for POWER]`): a game master reads the converted game in the
 * file's language, not half of it in the standard notation.
 */
export function printOrder(ctx: ConvertContext, order: Order): string {
  const language = ctx.source.languages?.of(order.power);
  return language === undefined ? formatOrder(order) : formatLocalizedOrder(ctx.targetBoard, language, order);
}

/** Whether `power` writes its orders in another language than the standard notation. */
export function writesInLanguage(ctx: ConvertContext, power: string): boolean {
  return ctx.source.languages?.of(power) !== undefined;
}
