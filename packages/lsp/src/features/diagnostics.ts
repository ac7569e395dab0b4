/**
 * Diagnostics: the DSL's problems for a map or game file (among them an order
 * no position can make legal, DF3030) and a game's unmet expectations. The
 * results of play (a bounce, a cut support, an order illegal in its position)
 * are not problems: inlay hints, hover and code lenses show them; with the
 * setting `dipforge.results.inProblems` (settings.ts) they are listed as well,
 * an illegal order as a warning, one that fails as information.
 */
import { Codes, type Diagnostic as DslDiagnostic, type OrderRun } from '@dipforge/dsl';
import { Diagnostic, DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { MAX_FILE_BYTES, sizeText } from '../limits.js';
import { toRange } from '../text.js';
import type { Doc, GameDoc, MapDoc } from '../workspace.js';
import { DEFAULT_SETTINGS, type ServerSettings } from '../settings.js';

export const SOURCE = 'dipforge';

function severity(s: string): DiagnosticSeverity {
  switch (s) {
    case 'error':
      return DiagnosticSeverity.Error;
    case 'warning':
      return DiagnosticSeverity.Warning;
    case 'info':
    case 'information':
      return DiagnosticSeverity.Information;
    default:
      return DiagnosticSeverity.Hint;
  }
}

/** What the server keeps in a diagnostic's `data`: the texts that could replace its range, best first (the quick fixes). */
export interface DiagnosticData {
  suggestions: string[];
}

export function fromDsl(d: DslDiagnostic): LspDiagnostic {
  const out: LspDiagnostic = { range: toRange(d.range), severity: severity(d.severity), code: d.code, source: SOURCE, message: d.message };
  if (d.suggestions !== undefined && d.suggestions.length > 0) out.data = { suggestions: [...d.suggestions] } satisfies DiagnosticData;
  return out;
}

/** The suggestions a diagnostic carries (`DiagnosticData`), or none. */
export function suggestionsOf(d: LspDiagnostic): string[] {
  const data: unknown = d.data;
  if (typeof data !== 'object' || data === null || !('suggestions' in data) || !Array.isArray(data.suggestions)) return [];
  return data.suggestions.filter((s): s is string => typeof s === 'string');
}

/** The one diagnostic of an open file over the size limit, which is not parsed (at its start: there is nothing else to point at). */
export function tooLargeDiagnostic(bytes: number): LspDiagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Warning,
    code: Codes.fileTooLarge.code,
    source: SOURCE,
    message: `This file is too large to check: ${sizeText(bytes)}, over the ${sizeText(MAX_FILE_BYTES)} the language server reads. It is not parsed, so nothing in it is checked, completed or found.`,
  };
}

export function diagnostics(doc: Doc, settings: ServerSettings = DEFAULT_SETTINGS): LspDiagnostic[] {
  return doc.kind === 'map' ? mapDiagnostics(doc) : gameDiagnostics(doc, settings);
}

export function mapDiagnostics(doc: MapDoc): LspDiagnostic[] {
  return doc.check.diagnostics.filter((d) => d.file === doc.path).map(fromDsl).filter((d) => Diagnostic.is(d));
}

/** What an order's result says, in one line: `bounced 1–1 against A mun - bur`. */
export function resultText(o: OrderRun): string | undefined {
  const r = o.result;
  if (!r) return undefined;
  const why = r.reason && r.reason !== r.status ? ` (${r.reason})` : '';
  const detail = r.detail && r.detail !== r.reason ? `: ${r.detail}` : '';
  return `${r.status}${why}${detail}`;
}

export function gameDiagnostics(doc: GameDoc, settings: ServerSettings = DEFAULT_SETTINGS): LspDiagnostic[] {
  const out: LspDiagnostic[] = [];
  // An order that can never be legal is listed once, as the problem it is (DF3030), not again as a result.
  const neverLegal = new Set<number>();
  for (const d of doc.run.diagnostics) {
    if (d.file !== doc.path) continue;
    out.push(fromDsl(d));
    if (d.code === Codes.orderNeverLegal.code) neverLegal.add(d.range.start.offset);
  }
  for (const phase of doc.run.phases) {
    if (!phase.section || !settings.resultsInProblems) continue;
    for (const o of phase.orders) {
      const r = o.result;
      if (!r || r.status === 'succeeds' || r.implicit || neverLegal.has(o.line.text.range.start.offset)) continue;
      const expectedIllegal = o.line.expected?.value === r.status;
      out.push({
        range: toRange(o.line.text.range),
        severity: r.status === 'illegal' && !expectedIllegal ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
        code: r.reason ?? r.status,
        source: `${SOURCE} adjudication`,
        message: `${o.line.text.text}: ${resultText(o)}`,
      });
    }
  }
  for (const e of doc.run.expectations) {
    if (e.ok) continue;
    out.push({ range: toRange(e.range), severity: DiagnosticSeverity.Warning, code: 'DF6007', source: SOURCE, message: e.message });
  }
  return out.filter((d) => Diagnostic.is(d)).sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
