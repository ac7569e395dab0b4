import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Exit, type Io } from './io.js';
import { displayPath } from './report.js';
import { readTextFile } from '@dipforge/dsl';

/** Writes all of a file or none of it: a temporary file beside the target, then a rename. */
export function writeFileAtomic(target: string, text: string): true | string {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text, 'utf8');
    renameSync(temp, target);
    return true;
  } catch (e) {
    rmSync(temp, { force: true });
    return e instanceof Error ? e.message.replace(/^[A-Z]+: /, '') : String(e);
  }
}

/**
 * An input file's text without a byte-order mark, or undefined once `io.err`
 * has said why it cannot be read (`no such file`, `a folder, not a file`, `a
 * named pipe (FIFO), not a file`, a byte that is not UTF-8 and where). The path
 * is looked at before it is opened, so a named pipe never blocks the command.
 */
export function readInputText(path: string, io: Io): string | undefined {
  const input = readTextFile(path);
  if (input.ok) return input.text.charCodeAt(0) === 0xfeff ? input.text.slice(1) : input.text;
  const shown = displayPath(path, io.cwd);
  // A byte that is not UTF-8 has a place in the file, given as diagnostics give theirs (1-based line and column).
  const p = input.problem;
  io.err(p.kind === 'encoding' ? `${shown}:${p.line + 1}:${p.column + 1}: error: ${p.message}\n` : `${shown}: error: cannot read: ${p.message}\n`);
  return undefined;
}

/**
 * A command's output: written whole to the file `-o` names (relative to the
 * working folder), or to standard output without `-o` or with `-o -`. The exit
 * code: fine, or errors once `io.err` has said why the file cannot be written.
 */
export function writeOutput(command: string, output: string | true | undefined, text: string, io: Io): number {
  if (typeof output !== 'string' || output === '-') {
    io.out(text);
    return Exit.ok;
  }
  const written = writeFileAtomic(resolve(io.cwd, output), text);
  if (written === true) return Exit.ok;
  io.err(`dipforge ${command}: cannot write ${output}: ${written}\n`);
  return Exit.errors;
}
