/** The `dipforge` command: dispatches to one module per command. */
import { adjudicate, adjudicateUsage } from './commands/adjudicate.js';
import { bench, benchUsage } from './commands/bench.js';
import { check, checkUsage } from './commands/check.js';
import { compile, compileUsage } from './commands/compile.js';
import { convert, convertUsage } from './commands/convert.js';
import { diff, diffUsage } from './commands/diff.js';
import { importCommand, importUsage } from './commands/import.js';
import { importMapCommand, importMapUsage } from './commands/import-map.js';
import { lsp, lspUsage } from './commands/lsp.js';
import { render, renderUsage } from './commands/render.js';
import { serve, serveUsage } from './commands/serve.js';
import { test, testUsage } from './commands/test.js';
import { echo, quoted } from '@dipforge/engine/config';
import { Exit, type Io } from './io.js';

/** How much of an internal error's own message is shown (it may quote input). */
const INTERNAL_MESSAGE_LENGTH = 200;

const commands: Record<string, { run: (args: string[], io: Io) => number | Promise<number>; usage: string }> = {
  check: { run: check, usage: checkUsage },
  compile: { run: compile, usage: compileUsage },
  adjudicate: { run: adjudicate, usage: adjudicateUsage },
  diff: { run: diff, usage: diffUsage },
  convert: { run: convert, usage: convertUsage },
  test: { run: test, usage: testUsage },
  import: { run: importCommand, usage: importUsage },
  'import-map': { run: importMapCommand, usage: importMapUsage },
  lsp: { run: lsp, usage: lspUsage },
  bench: { run: bench, usage: benchUsage },
  render: { run: render, usage: renderUsage },
  serve: { run: serve, usage: serveUsage },
};

function usage(): string {
  return ['usage: dipforge COMMAND [ARGS]', '', ...Object.values(commands).map((c) => `  ${c.usage}`), ''].join('\n');
}

export async function main(args: string[], io: Io): Promise<number> {
  const [name, ...rest] = args;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    (name ? io.out : io.err)(usage());
    return name ? Exit.ok : Exit.usage;
  }
  if (name === '--version') {
    io.out('dipforge 0.1.0\n');
    return Exit.ok;
  }
  const command = commands[name];
  if (!command) {
    io.err(`dipforge: unknown command ${quoted(name)}\n${usage()}`);
    return Exit.usage;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    // A bug in dipforge, never the user's input: say so briefly, without a stack trace.
    const message = e instanceof Error ? e.message : String(e);
    io.err(`dipforge ${name}: internal error: ${echo(message, INTERNAL_MESSAGE_LENGTH)}\n`);
    if (process.env['DIPFORGE_DEBUG'] && e instanceof Error && e.stack) io.err(`${e.stack}\n`);
    return Exit.internal;
  }
}
