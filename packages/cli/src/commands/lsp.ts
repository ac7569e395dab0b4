/**
 * `dipforge lsp --stdio`: the language server for .dipmap and .dipgame files,
 * speaking the Language Server Protocol over standard input and output (the
 * transport editors start a server with). It runs until the client says exit.
 *
 * The server is loaded from its one-file bundle (dist/lsp-bundle.js, written by
 * scripts/lsp-bundle.mjs at `npm run build`, compiled from its code cache: lsp-bundle.cache, or
 * lsp-flags-bundle.cache in a process started with the server's Node flags, `SERVER_NODE_FLAGS`)
 * while that is newer than the builds of the packages it holds:
 * a server started from its modules one by one spends most of its start loading
 * and compiling them. Elsewhere (a plain `tsc -b` since, an install without
 * the build records) the modules themselves, which are the same server.
 */
import { echo } from '@dipforge/engine/config';
import { startedWithServerFlags } from '@dipforge/lsp/launch';
import { currentBundleOf, fromBundle } from '../bundled.js';
import { Exit, type Io } from '../io.js';

export const lspUsage = 'dipforge lsp [--stdio]   the language server for .dipmap and .dipgame files (LSP over standard input and output)';

async function server(): Promise<{ startServer: () => void }> {
  // Its import paths hold in the repository only, where the build records are: without them, the modules.
  const bundle = currentBundleOf('lsp', ['cli', 'lsp', 'dsl', 'engine'], 'stale');
  return fromBundle(startedWithServerFlags() ? 'lsp-flags' : 'lsp', bundle, () => import('@dipforge/lsp'));
}

export async function lsp(args: string[], io: Io): Promise<number> {
  const unknown = args.filter((a) => a !== '--stdio');
  if (unknown.length > 0) {
    io.err(`dipforge lsp: only --stdio is supported, not ${unknown.map((u) => echo(u)).join(' ')}\nusage: ${lspUsage}\n`);
    return Exit.usage;
  }
  const { startServer } = await server();
  // Standard output belongs to the protocol from here on: nothing else may write to it.
  startServer();
  // The server ends the process when the client sends exit (or closes the connection).
  return new Promise<number>(() => undefined);
}
