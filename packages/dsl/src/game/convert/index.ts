/**
 * Converts a game file to another edition (`dipforge convert`): plays the
 * file under its own edition, writes what its retreats and adjustments came to
 * in the form of the other edition's year (separate phases or the postal year)
 * as edits of its text, changes the `edition` line, then plays the result under
 * the other edition to say, line by line, where the game now goes otherwise
 * (warnings) and to turn the expectations it no longer meets into comments.
 * Pure: text in, text and warnings out.
 */
import { resolve } from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { diagnostic } from '../../diagnostics/diagnostic.js';
import { Codes, type CodeName } from '../../diagnostics/codes.js';
import { LineIndex } from '../../text/range.js';
import type * as G from '../ast.js';
import { editionNames } from '../editions.js';
import { parseGame } from '../parse.js';
import { runGame, type GameRun } from '../run.js';
import { GameWorkspace } from '../workspace.js';
import { emptyCounts, type ConvertContext, type ConvertCounts } from './context.js';
import { writeDefaults } from './defaults.js';
import { applyEdits, lineBreak, mapOffset, nextLineStart, type PlacedNote, type TextEdit } from './edits.js';
import { yearForm, type YearForm } from './form.js';
import { groupsOf } from './outcomes.js';
import { toPhases } from './to-phases.js';
import { toPostal } from './to-postal.js';
import { commentUnmet } from './unmet.js';
import { compareGames } from './verify.js';
import { GameWriter } from './writer.js';

export interface ConvertSummary extends ConvertCounts {
  from: string;
  to: string;
  fromForm: YearForm;
  toForm: YearForm;
  /** Movement phases whose outcome was compared by playing the converted game. */
  phasesCompared: number;
  /** The movement phase after which the converted game's positions part from the file's (`fall 1903`). */
  parted?: string;
  /** Warnings by code. */
  warnings: Record<string, number>;
}

export type ConvertResult =
  | { ok: true; text: string; warnings: Diagnostic[]; summary: ConvertSummary; run: GameRun }
  | { ok: false; why: 'input' | 'edition' | 'form'; diagnostics: Diagnostic[]; editions?: string[] };

/** Converts the game file `text` (read from `path`, which anchors relative variant paths) to `edition`. */
export function convertGame(text: string, path: string, edition: string, workspace: GameWorkspace = new GameWorkspace()): ConvertResult {
  const file = resolve(path);
  const parsed = parseGame(text, file);
  const source = runGame(parsed, workspace);
  const errors = source.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || !source.variant?.model || !source.config || !source.rules) return { ok: false, why: 'input', diagnostics: errors };
  const known = editionNames(workspace, source.variant.model);
  if (!known.includes(edition.toLowerCase())) return { ok: false, why: 'edition', diagnostics: [], editions: known.sort() };

  const switched = runGame(parsed, workspace, { edition });
  const targetRules = switched.rules ?? source.rules;
  // The file's own rule lines may not work with the other edition (DF2014): the converted file would not check.
  const conflicts = switched.diagnostics.filter((d) => d.severity === 'error' && d.code === Codes.ruleConflict.code);
  if (conflicts.length > 0) {
    return { ok: false, why: 'form', diagnostics: conflicts.map((d) => diagnostic('convertUnsupported', file, d.range, `The file's rules cannot work with ${edition}: ${d.message}`)) };
  }
  const board = workspace.board(source.variant, source.config);
  const targetBoard = workspace.board(source.variant, { ...source.config, rules: targetRules });
  const fromForm = yearForm(board, source.rules);
  const toForm = yearForm(targetBoard, targetRules);
  const problem = (message: string): ConvertResult => ({ ok: false, why: 'form', diagnostics: [diagnostic('convertUnsupported', file, parsed.ast.range, message)] });
  if (!fromForm) return problem(`The year of ${source.rules.edition} under this file's rules is neither separate phases nor the postal year; dipforge converts only between those`);
  if (!toForm) return problem(`The year of ${edition} under this file's rules is neither separate phases nor the postal year; dipforge converts only between those`);
  const { leading, groups } = groupsOf(source, board, source.rules);
  const start = parsed.ast.position?.phase?.kind.phase;
  if (toForm === 'postal' && fromForm === 'separate' && (leading.length > 0 || (start !== undefined && start !== 'movement'))) {
    return problem(`The game starts in a ${start ?? leading[0]?.phase.kind} phase, which the postal year of ${edition} does not have`);
  }

  const writer = new GameWriter(text, parsed.ast, (w) => source.variant?.index?.power(w.text));
  const ctx: ConvertContext = { source, board, sourceRules: source.rules, targetRules, targetBoard, target: edition, writer, counts: emptyCounts(), loose: [] };
  if (fromForm === 'separate' && toForm === 'postal') toPostal(ctx, groups);
  else if (fromForm === 'postal' && toForm === 'separate') toPhases(ctx, groups);
  else if (fromForm === 'separate') writeDefaults(ctx, groups);
  const editionLine = editionEdit(text, parsed.ast, edition, ctx);
  const edits = [...writer.finish(), editionLine];
  const applied = applyEdits(text, edits);
  const anchored = writer.anchoredNotes().map((n) => ({ ...n, start: mapOffset(edits, n.start), end: mapOffset(edits, n.end) }));
  const first = { text: applied.text, notes: [...applied.notes, ...anchored] };

  // The converted game, played under the other edition: what comes out otherwise, and the expectations it does not meet.
  const converted = parseGame(first.text, file);
  const target = runGame(converted, workspace);
  const compared = compareGames(groups, groupsOf(target, targetBoard, targetRules).groups, source.rules.edition, edition);
  const unmet = commentUnmet(converted, target, edition);
  ctx.counts.expectationsCommented = unmet.count;
  const second = applyEdits(first.text, unmet.edits);
  const moved = (n: PlacedNote): PlacedNote => ({ ...n, start: mapOffset(unmet.edits, n.start), end: mapOffset(unmet.edits, n.end) });
  const notes = [...first.notes, ...compared.notes].map(moved).concat(second.notes);
  const lines = new LineIndex(second.text);
  const warnings: Diagnostic[] = notes.map((n) => diagnostic(n.code, file, lines.range(n.start, n.end), n.message));
  // Problems of the converted file itself (a conversion that does not read back is a bug of the converter).
  for (const d of target.diagnostics) {
    if (d.severity !== 'error' || d.file !== file) continue;
    warnings.push({ ...d, range: lines.range(mapOffset(unmet.edits, d.range.start.offset), mapOffset(unmet.edits, d.range.end.offset)) });
  }
  warnings.sort((a, b) => a.range.start.offset - b.range.start.offset || a.code.localeCompare(b.code));
  const byCode: Record<string, number> = {};
  for (const w of warnings) byCode[w.code] = (byCode[w.code] ?? 0) + 1;
  const summary: ConvertSummary = {
    from: source.rules.edition,
    to: edition,
    fromForm,
    toForm,
    ...ctx.counts,
    phasesCompared: compared.phases,
    ...(compared.parted !== undefined ? { parted: compared.parted } : {}),
    warnings: byCode,
  };
  return { ok: true, text: second.text, warnings, summary, run: target };
}

/**
 * The `edition` line names the target (a `rule edition` line likewise); a file
 * without one gets one after its `variant` line. Warnings with no line of their
 * own go on it.
 */
function editionEdit(text: string, ast: G.GameFile, edition: string, ctx: ConvertContext): TextEdit {
  const notes = (from: number, to: number): TextEdit['notes'] => ctx.loose.map((n) => ({ code: n.code as CodeName, message: n.message, from, to }));
  const stmt = ast.header.find((h): h is G.EditionStmt => h.kind === 'Edition');
  if (stmt) return { start: stmt.name.range.start.offset, end: stmt.name.range.end.offset, text: edition, notes: notes(0, edition.length) };
  const rule = ast.header.find((h): h is G.RuleStmt => h.kind === 'Rule' && h.key.value === 'edition');
  const value = rule?.values[0];
  if (value) return { start: value.range.start.offset, end: value.range.end.offset, text: edition, notes: notes(0, edition.length) };
  const variant = ast.header.find((h) => h.kind === 'Variant');
  const br = lineBreak(text);
  const line = `edition ${edition}`;
  if (variant) {
    const at = nextLineStart(text, variant.range.end.offset);
    const lead = at === text.length && !/[\r\n]$/u.test(text) ? br : '';
    return { start: at, end: at, text: `${lead}${line}${br}`, notes: notes(lead.length, lead.length + line.length) };
  }
  const first = ast.header[0] ?? ast.position ?? ast.phases[0];
  const at = first ? first.range.start.offset - first.range.start.column : text.length;
  return { start: at, end: at, text: `${line}${br}`, notes: notes(0, line.length) };
}
