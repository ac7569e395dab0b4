/**
 * How a command shows a path. Apart from report.ts, so that a command can show paths without
 * loading the languages (`dipforge test` hands its files to worker threads before it loads them).
 */
import { relative, isAbsolute } from 'node:path';
import { escapeControls } from '@dipforge/engine/config';

/**
 * Paths relative to the working folder when inside it, so output is short and
 * stable; a control character in a file name is shown escaped, so that it
 * cannot break the line it is printed on.
 */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return escapeControls(rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path);
}

