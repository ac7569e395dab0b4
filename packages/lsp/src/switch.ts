/**
 * Switch Edition on a game: the game converted to the other edition
 * (`convertGame`, what `dipforge convert` writes), sent as the lines it
 * changes with the conversion's summary and warnings, so that the editor
 * applies it as one undoable edit after asking. The same edit is the code
 * action "Convert the game to EDITION" on a phase the file's edition does not
 * have (a winter adjustment phase under old-rules): such a file was written
 * for another edition's year, and is read under one whose year has what it
 * has before it is converted.
 */
import { convertGame, parseGame, runGame, type ConvertResult, type ConvertSummary } from '@dipforge/dsl';
import { DiagnosticSeverity, type Diagnostic, type TextEdit } from 'vscode-languageserver';
import { cached } from './context.js';
import { lineEdits } from './line-diff.js';
import { toRange } from './text.js';
import type { GameDoc, Workspace } from './workspace.js';

export interface SwitchedGame {
  /** The edits that make the document the converted game (in the document's positions). */
  edits: TextEdit[];
  /** The converted game's text. */
  converted: string;
  /** The conversion's counts (`dipforge convert`'s summary). */
  summary: ConvertSummary;
  /** The summary for people: one line per kind of change, then the warnings. */
  summaryText: string;
  /** Where the converted game goes otherwise (DF8060–DF8065), in the converted text's positions. */
  warnings: Diagnostic[];
  /** The edition the file was read under: its own, or one whose year has the phases it was written with. */
  readAs: string;
}

/** Why a game was not converted: its errors, or a year neither separate phases nor the postal year. */
export interface NotSwitched {
  message: string;
}

/** The separate-phase editions first: a file whose edition line names the postal year but that has retreat or adjustment phases was written for one of them. */
const READ_AS = ['2023', '2000', '1982', '1971', 'online-5', 'old-rules'];

/** The game of `doc` converted to `edition`, or why it cannot be. Cached per document state. */
export function switchGame(ws: Workspace, doc: GameDoc, edition: string): SwitchedGame | NotSwitched {
  return cached(doc, `switch:${edition}`, () => convertDoc(ws, doc, edition));
}

function convertDoc(ws: Workspace, doc: GameDoc, edition: string): SwitchedGame | NotSwitched {
  const own = doc.run.edition ?? doc.config?.rules.edition ?? edition;
  let readAs = own;
  let result = convertGame(doc.text, doc.path, edition, ws.games);
  if (!result.ok && result.why === 'input' && writtenForAnotherYear(doc)) {
    for (const other of READ_AS) {
      if (other === own) continue;
      const text = withEdition(doc, other);
      const run = runGame(parseGame(text, doc.path), ws.games);
      if (run.diagnostics.some((d) => d.severity === 'error')) continue;
      const r = convertGame(text, doc.path, edition, ws.games);
      if (r.ok) {
        result = r;
        readAs = other;
        break;
      }
    }
  }
  if (!result.ok) return { message: notConverted(result, edition) };
  const summary = result.summary;
  return {
    edits: lineEdits(doc.text, result.text),
    converted: result.text,
    summary,
    summaryText: summaryText(summary, readAs === own ? undefined : { own, readAs }),
    warnings: result.warnings.map((w) => ({
      range: toRange(w.range),
      severity: w.severity === 'error' ? DiagnosticSeverity.Error : w.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
      code: w.code,
      source: 'dipforge',
      message: w.message,
    })),
    readAs,
  };
}

/** The file has a phase its own edition's year does not have (DF6005 on a phase line): it was written for another year. */
function writtenForAnotherYear(doc: GameDoc): boolean {
  const phaseLines = new Set(doc.parsed.ast.phases.map((s) => s.phase?.range.start.offset));
  return doc.run.diagnostics.some((d) => d.code === 'DF6005' && d.severity === 'error' && d.file === doc.path && phaseLines.has(d.range.start.offset));
}

/** The document's text with its edition line naming `edition` (added after the variant line when it has none). */
function withEdition(doc: GameDoc, edition: string): string {
  const header = doc.parsed.ast.header;
  const stmt = header.find((h) => h.kind === 'Edition');
  if (stmt?.kind === 'Edition') return `${doc.text.slice(0, stmt.name.range.start.offset)}${edition}${doc.text.slice(stmt.name.range.end.offset)}`;
  const rule = header.find((h) => h.kind === 'Rule' && h.key.value === 'edition' && h.values.length > 0);
  if (rule?.kind === 'Rule') {
    const first = rule.values[0]!.range.start.offset;
    const last = rule.values[rule.values.length - 1]!.range.end.offset;
    return `${doc.text.slice(0, first)}${edition}${doc.text.slice(last)}`;
  }
  const variant = header.find((h) => h.kind === 'Variant');
  const eol = doc.text.includes('\r\n') ? '\r\n' : '\n';
  const at = variant ? doc.text.indexOf('\n', variant.range.end.offset) + 1 : 0;
  if (at === 0 && variant) return `${doc.text}${eol}edition ${edition}${eol}`;
  return `${doc.text.slice(0, at)}edition ${edition}${eol}${doc.text.slice(at)}`;
}

function notConverted(result: Extract<ConvertResult, { ok: false }>, edition: string): string {
  if (result.why === 'edition') return `${edition} is no edition of this variant`;
  const first = result.diagnostics[0];
  const where = first ? ` (line ${first.range.start.line + 1}: ${first.message} [${first.code}])` : '';
  if (result.why === 'input') {
    const n = result.diagnostics.length;
    return `The game has ${n} error${n === 1 ? '' : 's'}, so it cannot be played to be converted${where}`;
  }
  return `The game cannot be converted to ${edition}${where}`;
}

/** The summary in words: what moved, what was removed and inserted, the warnings by code. */
export function summaryText(s: ConvertSummary, read?: { own: string; readAs: string }): string {
  const form = (f: string): string => (f === 'postal' ? 'the postal year' : 'separate phases');
  const codes = Object.entries(s.warnings).sort(([a], [b]) => a.localeCompare(b));
  const total = codes.reduce((n, [, k]) => n + k, 0);
  const from = read ? `${read.readAs} (${form(s.fromForm)}; the file's edition line says ${read.own}, but its phases are those of ${read.readAs}'s year)` : `${s.from} (${form(s.fromForm)})`;
  return [
    `From ${from} to ${s.to} (${form(s.toForm)}).`,
    `Orders moved: ${s.ordersMoved}; order lines added: ${s.linesAdded}.`,
    `Phases removed: ${s.phasesRemoved}; phases inserted: ${s.phasesInserted}.`,
    `Expectations moved: ${s.expectationsMoved}; superseded: ${s.expectationsDropped}; kept as comments: ${s.expectationsCommented}.`,
    total === 0 ? 'No warnings.' : `${total} warning${total === 1 ? '' : 's'}: ${codes.map(([c, n]) => `${c} ×${n}`).join(', ')}.`,
    ...(s.parted ? [`The positions part after ${s.parted}.`] : []),
  ].join('\n');
}
