/**
 * Diagnostics: the DSL's problems for a map or game file, and for a game the
 * adjudication of each order: an illegal order is a warning, an order that
 * fails is information (bounced, cut, dislodged, no convoy…), an unmet
 * expectation a warning. Succeeding orders show as inlay hints only.
 */
import { Codes, type Diagnostic as DslDiagnostic, type OrderRun } from '@dipforge/dsl';
import { Diagnostic, DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { MAX_FILE_BYTES, sizeText } from '../limits.js';
import { toRange } from '../text.js';
import type { Doc, GameDoc, MapDoc } from '../workspace.js';

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

export function fromDsl(d: DslDiagnostic): LspDiagnostic {
  return { range: toRange(d.range), severity: severity(d.severity), code: d.code, source: SOURCE, message: d.message };
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

export function diagnostics(doc: Doc): LspDiagnostic[] {
  return doc.kind === 'map' ? mapDiagnostics(doc) : gameDiagnostics(doc);
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

export function gameDiagnostics(doc: GameDoc): LspDiagnostic[] {
  const out: LspDiagnostic[] = [];
  for (const d of doc.run.diagnostics) if (d.file === doc.path) out.push(fromDsl(d));
  for (const phase of doc.run.phases) {
    if (!phase.section) continue;
    for (const o of phase.orders) {
      const r = o.result;
      if (!r || r.status === 'succeeds' || r.implicit) continue;
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
