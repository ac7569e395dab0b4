import { resolve } from 'node:path';
import { compileMapFile } from '@dipforge/dsl';
import { parseArgs } from '../args.js';
import { writeFileAtomic } from '../files.js';
import { Exit, type Io } from '../io.js';
import { printDiagnostics, summary } from '../report.js';

export const compileUsage = 'dipforge compile MAP.dipmap [-o out.json]   write the VariantConfig JSON';

export function compile(args: string[], io: Io): number {
  const parsed = parseArgs(args, [{ name: 'output', short: 'o', takesValue: true }]);
  if (!parsed.ok || parsed.positional.length !== 1) {
    const why = !parsed.ok ? parsed.message : parsed.positional.length === 0 ? 'no file given' : 'give one map file';
    io.err(`dipforge compile: ${why}\nusage: ${compileUsage}\n`);
    return Exit.usage;
  }
  const path = resolve(io.cwd, parsed.positional[0] as string);
  const result = compileMapFile(path);
  printDiagnostics(result.diagnostics, io);
  if (!result.config) {
    io.err(`dipforge compile: not compiled (${summary(result.diagnostics)})\n`);
    return Exit.errors;
  }
  const json = `${JSON.stringify(result.config, null, 2)}\n`;
  const output = parsed.options.get('output');
  if (typeof output === 'string' && output !== '-') {
    const target = resolve(io.cwd, output);
    const written = writeFileAtomic(target, json);
    if (written !== true) {
      io.err(`dipforge compile: cannot write ${output}: ${written}\n`);
      return Exit.errors;
    }
  } else {
    io.out(json);
  }
  return Exit.ok;
}
