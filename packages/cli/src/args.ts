/**
 * What commands that take one file share: the file named once, and `-o` never onto it. The
 * option reader itself is options.ts.
 */
import { resolve } from 'node:path';
import { outputIsInput } from './files.js';
import { Exit, type Io } from './io.js';
import type { Parsed } from './options.js';

export { parseArgs, readCount, type OptionSpec, type Parsed } from './options.js';

/** How a command that takes one file names itself, and what it says when given none or several. */
export interface OneFileCommand {
  name: string;
  usage: string;
  none: string;
  several: string;
}

/**
 * The options and the one file (as an absolute path) of a command that takes
 * one file; on a mistake, the usage error is reported and its exit code given.
 * An `-o` that names the file itself is such a mistake: writing would destroy it.
 */
export function oneFileArgs(parsed: Parsed, command: OneFileCommand, io: Io): { options: Map<string, string | true>; path: string } | number {
  if (!parsed.ok || parsed.positional.length !== 1) {
    const why = !parsed.ok ? parsed.message : parsed.positional.length === 0 ? command.none : command.several;
    io.err(`dipforge ${command.name}: ${why}\nusage: ${command.usage}\n`);
    return Exit.usage;
  }
  const path = resolve(io.cwd, parsed.positional[0]!);
  if (outputIsInput(command.name, parsed.options.get('output'), [path], io)) return Exit.usage;
  return { options: parsed.options, path };
}
