import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FileHost } from '@dipforge/dsl';
import { writeFileAtomic } from './atomic.js';
import { Exit, type Io } from './io.js';
import { displayPath } from './report.js';
import { readTextFile } from '@dipforge/dsl';

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
 * Whether two paths name one file: the same path, or (through a symbolic link,
 * a hard link, or letter case on a file system that ignores it) the same file
 * on the same device.
 */
export function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/** The file `-o` names (relative to the working folder), or undefined for standard output (no `-o`, or `-o -`). */
export function outputFile(output: string | true | undefined, io: Io): string | undefined {
  return typeof output === 'string' && output !== '-' ? resolve(io.cwd, output) : undefined;
}

/**
 * Refuses an `-o` that names a file the command reads, which writing would
 * destroy: true once `io.err` has said so (a wrong command line, exit code 2).
 */
export function outputIsInput(command: string, output: string | true | undefined, inputs: Iterable<string>, io: Io): boolean {
  const target = outputFile(output, io);
  if (target === undefined) return false;
  for (const input of inputs) {
    if (!sameFile(target, input)) continue;
    const named = displayPath(input, io.cwd);
    io.err(`dipforge ${command}: -o ${String(output)} would overwrite ${named}, a file this command reads; nothing written (give another output file)\n`);
    return true;
  }
  return false;
}

/** A host that notes every file it reads into `read`, so that `-o` can be held to none of them. */
export function recordingHost(base: FileHost, read: Set<string>): FileHost {
  const realPath = base.realPath?.bind(base);
  return {
    read(path) {
      const text = base.read(path);
      if (text !== undefined) read.add(path);
      return text;
    },
    exists: (path) => base.exists(path),
    list: (dir) => base.list(dir),
    ...(realPath ? { realPath } : {}),
  };
}

/**
 * A command's output: written whole to the file `-o` names (relative to the
 * working folder), or to standard output without `-o` or with `-o -`. Never
 * onto one of `inputs`, the files the command read. The exit code: fine, a
 * wrong command line (`-o` names an input), or errors once `io.err` has said
 * why the file cannot be written.
 */
export function writeOutput(command: string, output: string | true | undefined, text: string | Uint8Array, io: Io, inputs: Iterable<string>): number {
  const target = outputFile(output, io);
  if (target === undefined) {
    // Bytes (a PNG picture) go to a file only, never to a terminal.
    if (typeof text !== 'string') {
      io.err(`dipforge ${command}: a PNG picture is written to a file: give -o FILE\n`);
      return Exit.usage;
    }
    io.out(text);
    return Exit.ok;
  }
  if (outputIsInput(command, output, inputs, io)) return Exit.usage;
  const written = writeFileAtomic(target, text);
  if (written === true) return Exit.ok;
  io.err(`dipforge ${command}: cannot write ${String(output)}: ${written}\n`);
  return Exit.errors;
}
