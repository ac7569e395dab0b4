import { basename, dirname, join, resolve } from 'node:path';
import { compileMapFile, diskHost, hasErrors, importMap, realPathOnDisk, VariantLoader, type FileHost } from '@dipforge/dsl';
import { quoted } from '@dipforge/engine/config';
import { oneFileArgs, parseArgs } from '../args.js';
import { readInputText, recordingHost, writeOutput } from '../files.js';
import { Exit, type Io } from '../io.js';
import { displayPath, exitCode, printDiagnostics, summary } from '../report.js';

export const importMapUsage =
  'dipforge import-map FILE.map [-o FILE.dipmap] [--id ID] [--name TEXT]   a map of the Python engine diplomacy as a .dipmap variant';

/**
 * Reads a map file of the Python engine `diplomacy` (and the files its USE
 * lines name, in its folder, not through a symbolic link to elsewhere) and
 * writes it as a variant: to `-o FILE` (all or nothing, never onto a file it
 * read) or to standard output. Problems go to standard error as
 * `FILE.map:line:col: severity: message [DFxxxx]`. With an error nothing is
 * written and the exit code is 1; warnings (what the language cannot express)
 * and notes (what is left out without changing play) do not stop it. The text
 * is compiled before it is written, so a written variant always compiles.
 */
export function importMapCommand(args: string[], io: Io): number {
  const parsed = parseArgs(args, [
    { name: 'output', short: 'o', takesValue: true },
    { name: 'id', takesValue: true },
    { name: 'name', takesValue: true },
  ]);
  const given = oneFileArgs(parsed, { name: 'import-map', usage: importMapUsage, none: 'no file given', several: 'give one map file' }, io);
  if (typeof given === 'number') return given;
  const { path, options } = given;
  const id = options.get('id');
  if (typeof id === 'string' && !/^[\p{L}_][\p{L}\p{M}\p{Nd}_]*(?:-[\p{L}\p{M}\p{Nd}_]+)*$/u.test(id)) {
    io.err(`dipforge import-map: --id ${quoted(id)} is no variant id (letters, digits, _ and inner -)\nusage: ${importMapUsage}\n`);
    return Exit.usage;
  }
  const text = readInputText(path, io);
  if (text === undefined) return Exit.errors;
  const name = options.get('name');
  // The files USE and MAP name are inputs too, which -o may not overwrite.
  const inputs = new Set<string>([path]);
  const host = recordingHost(diskHost, inputs);
  const result = importMap(text, path, {
    read: (p) => host.read(p),
    realPath: realPathOnDisk,
    ...(typeof id === 'string' ? { id } : {}),
    ...(typeof name === 'string' ? { name } : {}),
  });
  printDiagnostics(result.diagnostics, io);
  if (hasErrors(result.diagnostics)) {
    io.err(`dipforge import-map: not imported (${summary(result.diagnostics)})\n`);
    return exitCode(result.diagnostics);
  }
  const output = options.get('output');
  const toFile = typeof output === 'string' && output !== '-';
  const target = toFile ? resolve(io.cwd, output) : join(dirname(path), `${basename(path).replace(/\.[^.]*$/, '')}.dipmap`);
  // The variant is compiled where it will be written, so that a bug of the importer never leaves a broken file.
  const compiled = compileMapFile(target, new VariantLoader({ host: overlay(target, result.text, host) }));
  if (!compiled.config) {
    printDiagnostics(compiled.diagnostics, io);
    io.err(`dipforge import-map: internal error: the imported variant does not compile (${summary(compiled.diagnostics)}); nothing written\n`);
    return Exit.internal;
  }
  const written = writeOutput('import-map', output, result.text, io, inputs);
  const s = result.summary;
  if (written === Exit.ok && toFile && s) {
    io.err(`dipforge import-map: ${displayPath(target, io.cwd)}: ${s.provinces} provinces, ${s.centres} supply centres, ${s.powers} powers, ${s.units} units (${summary(result.diagnostics)})\n`);
  }
  return written;
}

/** A host with one file's text replaced. */
function overlay(path: string, text: string, base: FileHost): FileHost {
  return {
    read: (p) => (p === path ? text : base.read(p)),
    exists: (p) => p === path || base.exists(p),
    list: (dir) => {
      const names = base.list(dir);
      return dir === dirname(path) && !names.includes(basename(path)) ? [...names, basename(path)] : names;
    },
  };
}
