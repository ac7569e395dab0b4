import { boundedMessage } from '@dipforge/engine/config';
import type { Range } from '../text/range.js';
import { Codes, type CodeName, type Severity } from './codes.js';

/** A finding about a file: what, where, how bad, and a code that never changes meaning. */
export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  /** The file the range is in (an absolute path, or a document URI in the editor). */
  file: string;
  range: Range;
  /**
   * Texts that could replace the text of `range`, best first (a did-you-mean,
   * ranked by `rankSuggestions`); the editor offers each as a quick fix.
   */
  suggestions?: readonly string[];
}

/**
 * A diagnostic of a registered kind. Messages quote input through `echo`; the
 * whole message is bounded here as well, so no message can carry a raw control
 * character or run to megabytes, whatever built it.
 */
export function diagnostic(name: CodeName, file: string, range: Range, message: string, suggestions?: readonly string[]): Diagnostic {
  const info = Codes[name];
  // The range as plain data: a node's range may be made when read (a headless game read, game/line-range.ts),
  // and a diagnostic is data that is copied, sent to another thread and compared.
  const d: Diagnostic = { code: info.code, severity: info.severity, message: boundedMessage(message), file, range: { start: range.start, end: range.end } };
  if (suggestions !== undefined && suggestions.length > 0) d.suggestions = suggestions;
  return d;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** The codes that say dipforge itself failed, never the input: a command that meets one exits 3. */
const INTERNAL_CODES: ReadonlySet<string> = new Set([Codes.internalError.code, Codes.adjudicationFailed.code, Codes.localizedInternal.code]);

/** Whether a diagnostic says that dipforge itself failed (a bug), not that the input is wrong. */
export function isInternal(d: Diagnostic): boolean {
  return INTERNAL_CODES.has(d.code);
}

export function hasInternalErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some(isInternal);
}

/** `path:line:col: severity: message [code]`, with 1-based line and column. */
export function formatDiagnostic(d: Diagnostic, displayPath: string = d.file): string {
  return `${displayPath}:${d.range.start.line + 1}:${d.range.start.column + 1}: ${d.severity}: ${d.message} [${d.code}]`;
}

/** Order by file, then position, so that output is stable. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return list.sort((a, b) =>
    a.file === b.file ? a.range.start.offset - b.range.start.offset || a.code.localeCompare(b.code) : a.file < b.file ? -1 : 1,
  );
}

/** Drops repeats: a file reached twice (imported by two files, say) reports each problem once. */
export function dedupeDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.file}:${d.range.start.offset}:${d.range.end.offset}:${d.code}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
