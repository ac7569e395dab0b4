/**
 * Why a phase section of a game was not played: the problem on its `phase`
 * line (a phase the file's edition does not have, DF6005), else the error
 * before it that stopped the game. Hover and the board say this on the
 * section's lines, with the code and severity the diagnostics give, instead of
 * that an order "could not be read" or of a board of another phase.
 */
import type { Diagnostic } from '@dipforge/dsl';
import { sectionRuns } from './context.js';
import type { GameDoc } from './workspace.js';

/** The diagnostic that explains why section `index` has no run, or undefined when it was played (or nothing says why). */
export function whyNotPlayed(doc: GameDoc, index: number): Diagnostic | undefined {
  if (sectionRuns(doc)[index]) return undefined;
  const section = doc.parsed.ast.phases[index];
  if (!section) return undefined;
  const own = doc.run.diagnostics.filter((d) => d.file === doc.path);
  const line = section.range.start.line;
  const here = own.find((d) => d.range.start.line === line && d.severity !== 'warning');
  if (here) return here;
  const start = section.range.start.offset;
  let before: Diagnostic | undefined;
  for (const d of own) if (d.severity === 'error' && d.range.start.offset < start && (!before || d.range.start.offset > before.range.start.offset)) before = d;
  return before;
}

/** `Not adjudicated: error DF6005 on line 68: …` */
export function notPlayedText(d: Diagnostic, doc: GameDoc, index: number): string {
  const section = doc.parsed.ast.phases[index];
  const own = section !== undefined && d.range.start.line === section.range.start.line;
  const where = own ? 'on its phase line' : `on line ${d.range.start.line + 1}, which stops the game before this phase`;
  return `Not adjudicated: ${d.severity} ${d.code} ${where}: ${d.message}`;
}
