import { importSavedGame, readJsonText, type ImportDiagnostic } from '@dipforge/dsl';
import { oneFileArgs, parseArgs } from '../args.js';
import { readInputText, writeOutput } from '../files.js';
import { Exit, type Io } from '../io.js';
import { displayPath } from '../report.js';

export const importUsage =
  'dipforge import FILE.json [-o GAME.dipgame] [--origin TEXT] [--positions-only]   a saved game of the Python engine diplomacy as a .dipgame file';

/**
 * Reads a saved game of the Python engine `diplomacy` and writes it as a game
 * file: to `-o FILE` (all or nothing) or to standard output. Problems go to
 * standard error as `FILE.json: error: $.json.path: message`; with an error
 * nothing is written and the exit code is 1.
 */
export function importCommand(args: string[], io: Io): number {
  const parsed = parseArgs(args, [
    { name: 'output', short: 'o', takesValue: true },
    { name: 'origin', takesValue: true },
    { name: 'positions-only', takesValue: false },
  ]);
  const given = oneFileArgs(parsed, { name: 'import', usage: importUsage, none: 'no file given', several: 'give one saved game' }, io);
  if (typeof given === 'number') return given;
  const { path, options } = given;
  const shown = displayPath(path, io.cwd);
  const text = readInputText(path, io);
  if (text === undefined) return Exit.errors;
  const json = readJsonText(text);
  if (!json.ok) {
    io.err(`${shown}:${json.line}:${json.column}: error: not JSON: ${json.message}\n`);
    return Exit.errors;
  }
  const origin = options.get('origin');
  const result = importSavedGame(json.value, {
    ...(typeof origin === 'string' ? { origin } : {}),
    results: options.get('positions-only') !== true,
  });
  for (const d of result.diagnostics) io.err(`${shown}: ${formatImportDiagnostic(d)}\n`);
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  if (errors > 0) {
    const warnings = result.diagnostics.length - errors;
    io.err(`dipforge import: not imported (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'})\n`);
    return result.diagnostics.some((d) => d.internal) ? Exit.internal : Exit.errors;
  }
  return writeOutput('import', options.get('output'), result.text, io, [path]);
}

/** `error: $.phases[3].name: 'X1901M' is no phase…` */
export function formatImportDiagnostic(d: ImportDiagnostic): string {
  return `${d.severity}: ${d.path}: ${d.message}`;
}
