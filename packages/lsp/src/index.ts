/**
 * The dipforge language server for `.dipmap` and `.dipgame`: a document store
 * (`Workspace`), one pure function per feature, and the server that wires them
 * to a connection. `startServer()` runs it over standard input and output.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { createServer, type ServerOptions } from './server.js';

export { createServer, SERVER_NAME, SERVER_VERSION, type ServerOptions } from './server.js';
export { Cancelled, Workspace, type Doc, type GameDoc, type IsCancelled, type MapDoc, type WorkspaceOptions } from './workspace.js';
export { LayeredHost, pathToUri, uriToPath } from './host.js';
export { Lines, toRange } from './text.js';
export { serverTextDocuments } from './documents.js';
export { diagnostics, gameDiagnostics, mapDiagnostics } from './features/diagnostics.js';
export { completion } from './features/completion.js';
export { GAME_SNIPPETS, MAP_SNIPPETS, gameSnippetItems, mapSnippetItems, type Snippet } from './features/snippets.js';
export { hover } from './features/hover.js';
export { definition } from './features/definition.js';
export { references, highlights } from './features/references.js';
export { prepareRename, rename } from './features/rename.js';
export { documentSymbols, workspaceSymbols } from './features/symbols.js';
export { foldingRanges } from './features/folding.js';
export { semanticTokens, tokenSpans, legend } from './features/tokens.js';
export { format, formatText } from './features/formatting.js';
export { codeActions } from './features/actions.js';
export { codeLenses, SHOW_BOARD } from './features/lenses.js';
export { inlayHints } from './features/hints.js';
export { signatureHelp } from './features/signature.js';
export { CONFLICT_DOCS, conflictText, type ConflictDoc } from './features/conflicts.js';
export {
  boardAt,
  diffEditions,
  editionsOf,
  nextPhaseEdit,
  nextPhaseText,
  phaseUnder,
  registerBoardRequests,
  setEditionEdits,
  statusAt,
  type BoardResult,
  type DiffResponse,
  type EditionsResult,
  type NextPhaseResult,
  type SetEditionResult,
  type StatusResult,
} from './board.js';
export { BOARD_REQUEST, DIFF_REQUEST, EDITIONS_REQUEST, NEXT_PHASE_REQUEST, SET_EDITION_REQUEST, STATUS_REQUEST } from './requests.js';

/** Runs the server over stdio until the client asks it to exit. */
export function startServer(options: ServerOptions = {}): void {
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  // Never let a stray exception end the server: log it and go on.
  process.on('uncaughtException', (e) => {
    try {
      connection.console.error(`dipforge: uncaught: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    } catch {
      // nothing more to do
    }
  });
  process.on('unhandledRejection', (e) => {
    try {
      connection.console.error(`dipforge: unhandled rejection: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    } catch {
      // nothing more to do
    }
  });
  createServer(connection, options);
  connection.listen();
}
