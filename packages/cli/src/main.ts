/**
 * The `dipforge` command: dispatches to one module per command. A command's module (and what it
 * imports: the languages, the engine, the language server) is loaded only when that command runs,
 * so `dipforge --version` or `dipforge check` does not pay for the others.
 */
import { Exit, type Io } from './io.js';

/** How much of an internal error's own message is shown (it may quote input). */
const INTERNAL_MESSAGE_LENGTH = 200;

interface Command {
  run: (args: string[], io: Io) => number | Promise<number>;
  usage: string;
}

const commands: Record<string, () => Promise<Command>> = {
  check: async () => { const m = await (await import('./bundled.js')).checkCommand(); return { run: m.check, usage: m.checkUsage }; },
  compile: async () => { const m = await import('./commands/compile.js'); return { run: m.compile, usage: m.compileUsage }; },
  adjudicate: async () => { const m = await import('./commands/adjudicate.js'); return { run: m.adjudicate, usage: m.adjudicateUsage }; },
  diff: async () => { const m = await import('./commands/diff.js'); return { run: m.diff, usage: m.diffUsage }; },
  convert: async () => { const m = await import('./commands/convert.js'); return { run: m.convert, usage: m.convertUsage }; },
  test: async () => { const m = await (await import('./bundled.js')).tester(); return { run: m.test, usage: m.testUsage }; },
  import: async () => { const m = await import('./commands/import.js'); return { run: m.importCommand, usage: m.importUsage }; },
  'import-map': async () => { const m = await import('./commands/import-map.js'); return { run: m.importMapCommand, usage: m.importMapUsage }; },
  lsp: async () => { const m = await import('./commands/lsp.js'); return { run: m.lsp, usage: m.lspUsage }; },
  bench: async () => { const m = await import('./commands/bench.js'); return { run: m.bench, usage: m.benchUsage }; },
  render: async () => { const m = await import('./commands/render.js'); return { run: m.render, usage: m.renderUsage }; },
  serve: async () => { const m = await import('./commands/serve.js'); return { run: m.serve, usage: m.serveUsage }; },
};

/** The usage of every command: loads them all, which only the help and a wrong command line need. */
async function usage(): Promise<string> {
  const all = await Promise.all(Object.values(commands).map((load) => load()));
  return ['usage: dipforge COMMAND [ARGS]', '', ...all.map((c) => `  ${c.usage}`), ''].join('\n');
}

export async function main(args: string[], io: Io): Promise<number> {
  const [name, ...rest] = args;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    (name ? io.out : io.err)(await usage());
    return name ? Exit.ok : Exit.usage;
  }
  if (name === '--version') {
    io.out('dipforge 0.1.0\n');
    return Exit.ok;
  }
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!load) {
    const { quoted } = await import('@dipforge/engine/config');
    io.err(`dipforge: unknown command ${quoted(name)}\n${await usage()}`);
    return Exit.usage;
  }
  try {
    const command = await load();
    return await command.run(rest, io);
  } catch (e) {
    // A bug in dipforge, never the user's input: say so briefly, without a stack trace.
    const { echo } = await import('@dipforge/engine/config');
    const message = e instanceof Error ? e.message : String(e);
    io.err(`dipforge ${name}: internal error: ${echo(message, INTERNAL_MESSAGE_LENGTH)}\n`);
    if (process.env['DIPFORGE_DEBUG'] && e instanceof Error && e.stack) io.err(`${e.stack}\n`);
    return Exit.internal;
  }
}
