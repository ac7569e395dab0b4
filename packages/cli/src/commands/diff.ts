/**
 * `dipforge diff GAME --edition A --vs B [--json]`: plays one game file under
 * two editions (as `dipforge adjudicate --edition` does) and lists each order
 * whose result differs, then the first phase after which the positions part.
 * Differences are the answer, not a failure: the exit code is 0 unless the file
 * has errors (1) or the command line is wrong (2).
 */
import { diffDocument, diffGameRuns, diffText, GameWorkspace, runGameFile, type Diagnostic } from '@dipforge/dsl';
import { oneFileArgs, parseArgs } from '../args.js';
import { unknownEditionExit } from '../edition-flag.js';
import { Exit, type Io } from '../io.js';
import { displayPath, exitCode, printDiagnostics, summary } from '../report.js';

export const diffUsage = 'dipforge diff GAME.dipgame [--edition A] --vs B [--json]   the orders whose results differ under two editions, and where the positions part';

/** The version of the `--json` document (docs/GAME-LANGUAGE.md, "dipforge diff"). */

export function diff(args: string[], io: Io): number {
  const parsed = parseArgs(args, [
    { name: 'edition', takesValue: true },
    { name: 'vs', takesValue: true },
    { name: 'json', takesValue: false },
  ]);
  const given = oneFileArgs(parsed, { name: 'diff', usage: diffUsage, none: 'no game file given', several: 'give one game file' }, io);
  if (typeof given === 'number') return given;
  const { path, options } = given;
  const vs = options.get('vs');
  if (typeof vs !== 'string') {
    io.err(`dipforge diff: say which edition to compare with: --vs NAME\nusage: ${diffUsage}\n`);
    return Exit.usage;
  }
  const edition = options.get('edition');
  const workspace = new GameWorkspace();
  const a = runGameFile(path, workspace, typeof edition === 'string' ? { edition } : {});
  const b = runGameFile(path, workspace, { edition: vs });
  const wrongEdition = unknownEditionExit('diff', '--edition', a, diffUsage, io) ?? unknownEditionExit('diff', '--vs', b, diffUsage, io);
  if (wrongEdition !== undefined) return wrongEdition;
  const diagnostics = mergeDiagnostics(a.diagnostics, b.diagnostics);
  const errors = diagnostics.some((d) => d.severity === 'error');
  const result = diffGameRuns(a, b);
  printDiagnostics(diagnostics, io);
  if (options.has('json')) io.out(`${JSON.stringify(diffDocument(displayPath(a.file, io.cwd), a, b, result), null, 2)}\n`);
  else io.out(diffText(displayPath(a.file, io.cwd), a, b, result));
  if (errors) io.err(`dipforge diff: ${summary(diagnostics)}${a.complete && b.complete ? '' : '; not every phase was adjudicated'}\n`);
  return exitCode(diagnostics);
}

/** Both runs' diagnostics, each once (most are the same file's problems). */
function mergeDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of [...a, ...b]) {
    const k = `${d.file}:${d.range.start.offset}:${d.code}:${d.message}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(d);
  }
  return out;
}
