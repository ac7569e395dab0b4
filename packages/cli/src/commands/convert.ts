/**
 * `dipforge convert GAME --edition E [-o OUT]`: the game file rewritten for
 * another edition, between separate retreat and adjustment phases and the
 * postal year's lists (docs/GAME-LANGUAGE.md, "Converting a game"). The
 * converted text goes to standard output or to `-o`; its warnings (with
 * positions in the converted text) and a summary go to standard error. Exit
 * codes: 0 converted, 1 the file has errors or cannot be converted, 2 a wrong
 * command line (an unknown edition among them).
 */
import { convertGame, diskHost, formatDiagnostic, GameWorkspace, VariantLoader, type ConvertSummary } from '@dipforge/dsl';
import { oneFileArgs, parseArgs } from '../args.js';
import { readInputText, recordingHost, writeOutput } from '../files.js';
import { Exit, type Io } from '../io.js';
import { displayPath, printDiagnostics, summary } from '../report.js';

export const convertUsage = 'dipforge convert GAME.dipgame --edition NAME [-o OUT]   the game rewritten for another edition (separate phases or the postal year)';

export function convert(args: string[], io: Io): number {
  const parsed = parseArgs(args, [
    { name: 'edition', takesValue: true },
    { name: 'output', short: 'o', takesValue: true },
  ]);
  const given = oneFileArgs(parsed, { name: 'convert', usage: convertUsage, none: 'no game file given', several: 'give one game file' }, io);
  if (typeof given === 'number') return given;
  const { path, options } = given;
  const edition = options.get('edition');
  if (typeof edition !== 'string') {
    io.err(`dipforge convert: say which edition to convert to: --edition NAME\nusage: ${convertUsage}\n`);
    return Exit.usage;
  }
  const text = readInputText(path, io);
  if (text === undefined) return Exit.errors;
  // The game file and every file its variant reads are inputs that -o may not overwrite.
  const inputs = new Set<string>([path]);
  const result = convertGame(text, path, edition, new GameWorkspace(new VariantLoader({ host: recordingHost(diskHost, inputs) })));
  if (!result.ok) {
    if (result.why === 'edition') {
      io.err(`dipforge convert: unknown edition '${edition}' (--edition); the editions are ${(result.editions ?? []).join(', ')}\nusage: ${convertUsage}\n`);
      return Exit.usage;
    }
    printDiagnostics(result.diagnostics, io);
    io.err(`dipforge convert: not converted: ${summary(result.diagnostics)}\n`);
    return Exit.errors;
  }
  const output = options.get('output');
  const code = writeOutput('convert', output, result.text, io, inputs);
  // The warnings' positions are in the converted text: name it, not the input.
  const shown = typeof output === 'string' && output !== '-' ? displayPath(output, io.cwd) : '(converted)';
  for (const w of result.warnings) io.err(`${formatDiagnostic(w, shown)}\n`);
  io.err(summaryText(displayPath(path, io.cwd), result.summary));
  return code;
}

/** The summary: what moved, what was inserted or removed, the warnings by code. */
export function summaryText(file: string, s: ConvertSummary): string {
  const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
  const form = (f: string): string => (f === 'postal' ? 'the postal year' : 'separate phases');
  const codes = Object.entries(s.warnings).sort(([a], [b]) => a.localeCompare(b));
  const lines = [
    `${file}: converted from ${s.from} (${form(s.fromForm)}) to ${s.to} (${form(s.toForm)})`,
    `  orders moved: ${s.ordersMoved}; order lines added: ${s.linesAdded}; phases removed: ${s.phasesRemoved}; phases inserted: ${s.phasesInserted}`,
    `  expectations moved: ${s.expectationsMoved}; superseded: ${s.expectationsDropped}; kept as comments: ${s.expectationsCommented}`,
    `  movement phases compared: ${s.phasesCompared}${s.parted ? `; the positions part after ${s.parted}` : ''}`,
    `  ${codes.length === 0 ? 'no warnings' : `${count(codes.reduce((n, [, k]) => n + k, 0), 'warning')}: ${codes.map(([c, n]) => `${c} ×${n}`).join(', ')}`}`,
  ];
  return `${lines.join('\n')}\n`;
}
