/**
 * One game file of `dipforge test`: its expectations run and its line of the report. The one
 * thread and the worker threads of `--jobs` both go through here, so their output is the same.
 */
import { formatFailure, type GameWorkspace, hasInternalErrors, testGameFile } from '@dipforge/dsl';
import { displayPath } from '../display-path.js';

/** What a file came to: its report line (none when it passed) and whether dipforge itself failed on it. */
export interface FileOutcome {
  passed: boolean;
  /** `path:line:col: message (and N more)` and a line feed, or empty when the file passed. */
  line: string;
  /** A diagnostic that means dipforge failed (a bug, not the file's fault): the run exits 3. */
  internal: boolean;
}

export function testOneFile(file: string, workspace: GameWorkspace, cwd: string): FileOutcome {
  const result = testGameFile(file, workspace, { headless: true });
  const internal = hasInternalErrors(result.run.diagnostics);
  if (result.passed) return { passed: true, line: '', internal };
  const [first, ...rest] = result.failures;
  const more = rest.length > 0 ? ` (and ${rest.length} more)` : '';
  const shown = displayPath(file, cwd);
  const line = first
    ? first.file === result.file
      ? formatFailure(first, shown)
      : `${shown}: ${formatFailure(first, displayPath(first.file, cwd))}`
    : `${shown}: failed`;
  return { passed: false, line: `${line}${more}\n`, internal };
}

/** A file's answer on its way to the report: its outcome, or the message of dipforge's own failure on it (said as one thread says it). */
export type JobAnswer = { index: number; outcome: FileOutcome } | { index: number; error: string };

/** The answer for the file at `index` of the run: `test`'s outcome, or what it threw. */
export function testFileAnswer(index: number, test: () => FileOutcome): JobAnswer {
  try {
    return { index, outcome: test() };
  } catch (e) {
    return { index, error: e instanceof Error ? e.message : String(e) };
  }
}
