import { relative, isAbsolute } from 'node:path';
import { formatDiagnostic, type Diagnostic } from '@dipforge/dsl';
import type { Io } from './io.js';

/** Paths relative to the working folder when inside it, so output is short and stable. */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

export function printDiagnostics(diagnostics: readonly Diagnostic[], io: Io): void {
  for (const d of diagnostics) io.err(`${formatDiagnostic(d, displayPath(d.file, io.cwd))}\n`);
}

export function summary(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
}
