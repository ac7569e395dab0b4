/**
 * The diagnostic for a file that could not be read, saying why when the file
 * host can tell (a folder, a named pipe, a loop of symbolic links, a byte that
 * is not UTF-8). Named by another file (an import, an extends, a game's
 * variant line), it stands where that file names it; the file being checked
 * itself, it stands in that file: at its first byte that is not UTF-8, or at
 * its start.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { ZERO_RANGE, type Range } from '../text/range.js';
import type { FileHost } from './host.js';

/** `shown`: the path as the message names it; `where`: where another file names it, if one does. */
export function unreadableFile(host: FileHost, path: string, shown: string, where?: { file: string; range: Range }): Diagnostic {
  const problem = host.problem?.(path);
  const message = `Cannot read ${shown}${problem ? `: ${problem.message}` : ''}`;
  const code = problem?.kind === 'encoding' ? 'invalidEncoding' : 'fileNotFound';
  if (where) return diagnostic(code, where.file, where.range, message);
  if (problem?.kind !== 'encoding') return diagnostic(code, path, ZERO_RANGE, message);
  const at = { offset: problem.offset, line: problem.line, column: problem.column };
  return diagnostic(code, path, { start: at, end: at }, `The file is ${problem.message}`);
}
