import { formatDiagnostic, hasErrors, hasInternalErrors, type Diagnostic } from '@dipforge/dsl';
import { Exit, type Io } from './io.js';
import { displayPath } from './display-path.js';

export { displayPath };

export function printDiagnostics(diagnostics: readonly Diagnostic[], io: Io): void {
  for (const d of diagnostics) io.err(`${formatDiagnostic(d, displayPath(d.file, io.cwd))}\n`);
}

export function summary(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
}

/** The exit code a command's diagnostics call for: 3 when dipforge itself failed, 1 for errors in the input, else 0. */
export function exitCode(diagnostics: readonly Diagnostic[]): number {
  return hasErrors(diagnostics) ? failedCode(diagnostics) : Exit.ok;
}

/** The exit code of a command that could not do its work: 3 when dipforge itself failed, else 1 (the input is at fault). */
export function failedCode(diagnostics: readonly Diagnostic[]): number {
  return hasInternalErrors(diagnostics) ? Exit.internal : Exit.errors;
}
