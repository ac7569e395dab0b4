import { readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { GameWorkspace, systemError } from '@dipforge/dsl';
import { parseArgs, readCount } from '../options.js';
import { displayPath } from '../display-path.js';
import { Exit, type Io } from '../io.js';
import { sortNames } from './name-order.js';
import { testOneFile, type FileOutcome } from './test-file.js';
import { fileSizes, roomyThreads, startWorkers, stopWorkers, testInWorkers, threadsFor } from './test-jobs.js';

export const testUsage = 'dipforge test FILE…|DIR [--jobs N]   run the expectations in .dipgame files (a folder: every .dipgame in it; up to N threads, the same output)';

/** The most worker threads `--jobs` takes. */
const MAX_JOBS = 64;

/**
 * Every `.dipgame` file under a folder, recursively, in name order (hidden
 * folders and node_modules skipped). Folders are expanded from a list, not by a
 * call a level: folders can nest deeper than the stack goes. A folder that
 * cannot be read is skipped and its error put in `errors`.
 */
export function gameFilesIn(dir: string, errors: unknown[]): string[] {
  const out: string[] = [];
  // Files to list and folders to read, the next one last: a folder's entries go on in reverse name order.
  const todo = [{ path: dir, folder: true }];
  for (let item = todo.pop(); item; item = todo.pop()) {
    if (!item.folder) {
      out.push(item.path);
      continue;
    }
    let entries;
    try {
      entries = readdirSync(item.path, { withFileTypes: true });
    } catch (e) {
      errors.push(e);
      continue;
    }
    // In the collator's order with numbers by value (name-order.ts), reversed.
    sortNames(entries, (e) => e.name, true);
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const path = join(item.path, e.name);
      if (e.isDirectory()) todo.push({ path, folder: true });
      else if (e.isFile() && e.name.endsWith('.dipgame')) todo.push({ path, folder: false });
    }
  }
  return out;
}

/** How many threads test files of these sizes with `--jobs jobs` (at least 1, at most `jobs`). */
export type ThreadCount = (jobs: number, sizes: readonly number[]) => number;

/** As many as pay for themselves on this machine's cores (test-jobs.ts). */
const threadsHere: ThreadCount = (jobs, sizes) => threadsFor(jobs, sizes, availableParallelism());

/**
 * Runs each game file's expectations. One line per failing file (its first
 * failure, and how many more); the last line is always `N passed, N failed`.
 * The files are tested in this thread, or with `--jobs N` on up to N threads, as many as
 * `threads` gives (see test-jobs.ts); the output is the same for any number. The command runs from
 * the test bundle (bundled.ts).
 */
export async function test(args: string[], io: Io, threads: ThreadCount = threadsHere): Promise<number> {
  const parsed = parseArgs(args, [{ name: 'jobs', short: 'j', takesValue: true }]);
  const jobs = parsed.ok ? readCount(parsed.options.get('jobs'), 'jobs', 1, 1, MAX_JOBS) : 1;
  if (!parsed.ok || parsed.positional.length === 0 || typeof jobs === 'string') {
    const why = !parsed.ok ? parsed.message : typeof jobs === 'string' ? jobs : 'no file or folder given';
    io.err(`dipforge test: ${why}\nusage: ${testUsage}\n`);
    return Exit.usage;
  }
  // Started first, to load their code while the files are listed: those with cores to themselves (none on 2 cores); more once the files are known.
  const early = jobs > 1 ? startWorkers(roomyThreads(jobs, availableParallelism()) - 1, io.cwd) : [];
  try {
    const files: string[] = [];
    const unreadable: string[] = [];
    const errors: unknown[] = [];
    for (const arg of parsed.positional) {
      const path = resolve(io.cwd, arg);
      let isDir = false;
      try {
        isDir = statSync(path).isDirectory();
      } catch (e) {
        errors.push(e);
        unreadable.push(path);
        continue;
      }
      if (isDir) for (const f of gameFilesIn(path, errors)) files.push(f); // not push(...): a folder can hold many files
      else files.push(path);
    }
    // A refusal of the system is the file's problem; anything else is dipforge's own failure, thrown on.
    for (const e of errors) systemError(e);
    let passed = 0;
    let failed = 0;
    for (const path of unreadable) {
      failed++;
      io.out(`${displayPath(path, io.cwd)}: cannot read: no such file or folder\n`);
    }
    // A file dipforge itself failed on (a bug, not the file's fault) makes the run exit 3, not 1.
    let internal = false;
    const count = (outcome: FileOutcome): void => {
      if (outcome.internal) internal = true;
      if (outcome.passed) passed++;
      else failed++;
      if (outcome.line) io.out(outcome.line);
    };
    const unique = [...new Set(files)];
    const sizes = jobs > 1 ? fileSizes(unique) : [];
    const used = jobs > 1 ? Math.min(jobs, threads(jobs, sizes)) : 1;
    if (used > 1) await testInWorkers(unique, sizes, used, early, io.cwd, count);
    else {
      stopWorkers(early); // started for nothing: they would take CPU from this thread
      const workspace = GameWorkspace.forOnePass();
      for (const file of unique) count(testOneFile(file, workspace, io.cwd));
    }
    io.out(`${passed} passed, ${failed} failed\n`);
    return internal ? Exit.internal : failed > 0 ? Exit.errors : Exit.ok;
  } finally {
    // Those the run did not use, or all of them when it stopped short (the others are stopped already).
    stopWorkers(early);
  }
}
