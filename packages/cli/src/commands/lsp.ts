/**
 * `dipforge lsp --stdio`: the language server for .dipmap and .dipgame files,
 * speaking the Language Server Protocol over standard input and output (the
 * transport editors start a server with). It runs until the client says exit.
 */
import { echo } from '@dipforge/engine/config';
import { startServer } from '@dipforge/lsp';
import { Exit, type Io } from '../io.js';

export const lspUsage = 'dipforge lsp [--stdio]   the language server for .dipmap and .dipgame files (LSP over standard input and output)';

export function lsp(args: string[], io: Io): Promise<number> | number {
  const unknown = args.filter((a) => a !== '--stdio');
  if (unknown.length > 0) {
    io.err(`dipforge lsp: only --stdio is supported, not ${unknown.map((u) => echo(u)).join(' ')}\nusage: ${lspUsage}\n`);
    return Exit.usage;
  }
  // Standard output belongs to the protocol from here on: nothing else may write to it.
  startServer();
  // The server ends the process when the client sends exit (or closes the connection).
  return new Promise<number>(() => undefined);
}
