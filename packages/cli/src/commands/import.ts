import { resolve } from 'node:path';
import { importSavedGame, type ImportDiagnostic } from '@dipforge/dsl';
import { parseArgs } from '../args.js';
import { readInputFile, writeFileAtomic } from '../files.js';
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
  if (!parsed.ok || parsed.positional.length !== 1) {
    const why = !parsed.ok ? parsed.message : parsed.positional.length === 0 ? 'no file given' : 'give one saved game';
    io.err(`dipforge import: ${why}\nusage: ${importUsage}\n`);
    return Exit.usage;
  }
  const path = resolve(io.cwd, parsed.positional[0] as string);
  const shown = displayPath(path, io.cwd);
  const input = readInputFile(path);
  if ('error' in input) {
    io.err(`${shown}: error: cannot read: ${input.error}
`);
    return Exit.errors;
  }
  const text = input.text;
  let json: unknown;
  try {
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    io.err(`${shown}: error: not JSON: ${e instanceof Error ? e.message : String(e)}\n`);
    return Exit.errors;
  }
  const origin = parsed.options.get('origin');
  const result = importSavedGame(json, {
    ...(typeof origin === 'string' ? { origin } : {}),
    results: parsed.options.get('positions-only') !== true,
  });
  for (const d of result.diagnostics) io.err(`${shown}: ${formatImportDiagnostic(d)}\n`);
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  if (errors > 0) {
    const warnings = result.diagnostics.length - errors;
    io.err(`dipforge import: not imported (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'})\n`);
    return Exit.errors;
  }
  const output = parsed.options.get('output');
  if (typeof output === 'string' && output !== '-') {
    const written = writeFileAtomic(resolve(io.cwd, output), result.text);
    if (written !== true) {
      io.err(`dipforge import: cannot write ${output}: ${written}\n`);
      return Exit.errors;
    }
  } else {
    io.out(result.text);
  }
  return Exit.ok;
}

/** `error: $.phases[3].name: 'X1901M' is no phase…` */
export function formatImportDiagnostic(d: ImportDiagnostic): string {
  return `${d.severity}: ${d.path}: ${d.message}`;
}
