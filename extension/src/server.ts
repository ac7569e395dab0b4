/**
 * The bundled language server's entry point (dist/server.js): the server of
 * `@dipforge/lsp` over the transport the command line names — `--node-ipc`
 * when the extension starts it (TransportKind.ipc), `--stdio` when an editor
 * or a test does (`node dist/server.js --stdio`). The built-in variants come
 * from the folder next to the bundle (esbuild.mjs makes `@dipforge/variants`
 * point there), so the bundle works from any folder.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { createServer } from '@dipforge/lsp';
import { variantsDir } from '@dipforge/variants';

const connection = createConnection(ProposedFeatures.all);

// Never let a stray exception end the server: log it and go on.
const logUncaught = (what: string) => (e: unknown) => {
  try {
    connection.console.error(`dipforge: ${what}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  } catch {
    // the connection is gone
  }
};
process.on('uncaughtException', logUncaught('uncaught'));
process.on('unhandledRejection', logUncaught('unhandled rejection'));

createServer(connection, { builtinDir: variantsDir });
connection.listen();
