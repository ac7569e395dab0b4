/**
 * `dipforge diff GAME --edition A --vs B [--json]`: plays one game file under
 * two editions (as `dipforge adjudicate --edition` does) and lists each order
 * whose result differs, then the first phase after which the positions part.
 * Across two shapes of the year (separate phases, the postal year) one side
 * plays the file converted to its edition, compared by what happened
 * (`compareEditions`), and a game one side has played further at its end
 * (the postal year's retreats and adjustments) is compared where both stand.
 * Differences are the answer, not a failure: the exit code is 0 unless the file
 * has errors (1) or the command line is wrong (2).
 */
import { compareEditions, diffDocument, diffText, GameWorkspace, parseGame } from '@dipforge/dsl';
import { resolve } from 'node:path';
import { oneFileArgs, parseArgs } from '../args.js';
import { readInputText } from '../files.js';
import { unknownEditionExit } from '../edition-flag.js';
import { Exit, type Io } from '../io.js';
import { displayPath, exitCode, printDiagnostics, summary } from '../report.js';

export const diffUsage = 'dipforge diff GAME.dipgame [--edition A] --vs B [--json]   the orders whose results differ under two editions, and where the positions part';

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
  const text = readInputText(path, io);
  if (text === undefined) return Exit.errors;
  const compared = compareEditions(parseGame(text, resolve(path)), new GameWorkspace(), { ...(typeof edition === 'string' ? { editionA: edition } : {}), editionB: vs });
  const { a, b, diagnostics } = compared;
  const wrongEdition = unknownEditionExit('diff', '--edition', a, diffUsage, io) ?? unknownEditionExit('diff', '--vs', b, diffUsage, io);
  if (wrongEdition !== undefined) return wrongEdition;
  const errors = diagnostics.some((d) => d.severity === 'error');
  const result = compared.diff;
  printDiagnostics(diagnostics, io);
  if (options.has('json')) io.out(`${JSON.stringify(diffDocument(displayPath(a.file, io.cwd), a, b, result), null, 2)}\n`);
  else io.out(diffText(displayPath(a.file, io.cwd), a, b, result));
  if (errors) io.err(`dipforge diff: ${summary(diagnostics)}${a.complete && b.complete ? '' : '; not every phase was adjudicated'}\n`);
  return exitCode(diagnostics);
}
