import { compileMapFile, diskHost, VariantLoader } from '@dipforge/dsl';
import { oneFileArgs, parseArgs } from '../args.js';
import { recordingHost, writeOutput } from '../files.js';
import { Exit, type Io } from '../io.js';
import { failedCode, printDiagnostics, summary } from '../report.js';

export const compileUsage = 'dipforge compile MAP.dipmap [-o out.json]   write the VariantConfig JSON';

export function compile(args: string[], io: Io): number {
  const parsed = parseArgs(args, [{ name: 'output', short: 'o', takesValue: true }]);
  const given = oneFileArgs(parsed, { name: 'compile', usage: compileUsage, none: 'no file given', several: 'give one map file' }, io);
  if (typeof given === 'number') return given;
  const { path, options } = given;
  // Every file the map reads (imports, the variants it extends) is an input that -o may not overwrite.
  const inputs = new Set<string>([path]);
  const result = compileMapFile(path, new VariantLoader({ host: recordingHost(diskHost, inputs) }));
  printDiagnostics(result.diagnostics, io);
  if (!result.config) {
    io.err(`dipforge compile: not compiled (${summary(result.diagnostics)})\n`);
    return failedCode(result.diagnostics);
  }
  const json = `${JSON.stringify(result.config, null, 2)}\n`;
  return writeOutput('compile', options.get('output'), json, io, inputs);
}
