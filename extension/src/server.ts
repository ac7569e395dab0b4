/**
 * The bundled language server's entry point (dist/server.js): the server of
 * `@dipforge/lsp` over the transport the command line names — `--node-ipc`
 * when the extension starts it (TransportKind.ipc), `--stdio` when an editor
 * or a test does (`node dist/server.js --stdio`). The built-in variants come
 * from the folder next to the bundle (esbuild.mjs makes `@dipforge/variants`
 * point there), so the bundle works from any folder.
 */
import { createLspConnection, createServer } from '@dipforge/lsp';
import { variantsDir } from '@dipforge/variants';

// The transport from the command line; the protocol's order kept and stray errors logged, as for `dipforge lsp`.
const connection = createLspConnection();
createServer(connection, { builtinDir: variantsDir });
connection.listen();
