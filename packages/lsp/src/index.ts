/**
 * The dipforge language server for `.dipmap` and `.dipgame`: a document store
 * (`Workspace`), one pure function per feature, and the server that wires them
 * to a connection. `startServer()` runs it over standard input and output.
 */
import { createLspConnection } from './connection.js';
import { createServer, type ServerOptions } from './server.js';

export { createServer, SERVER_NAME, SERVER_VERSION, type ServerOptions } from './server.js';
export { createLspConnection } from './connection.js';
export { Lifecycle, REFUSED } from './lifecycle.js';
export { MAX_FILE_BYTES } from './limits.js';
export { FileIndex } from './file-index.js';
export { Pace } from './pace.js';
export { Cancelled, Workspace, type Doc, type GameDoc, type IsCancelled, type MapDoc, type WorkspaceOptions } from './workspace.js';
export { LayeredHost, pathToUri, uriToPath } from './host.js';
export { Lines, toRange } from './text.js';
export { serverTextDocuments } from './documents.js';
export { diagnostics, gameDiagnostics, mapDiagnostics, suggestionsOf, type DiagnosticData } from './features/diagnostics.js';
export { DEFAULT_SETTINGS, readSettings, type ServerSettings } from './settings.js';
export { completion } from './features/completion.js';
export { GAME_SNIPPETS, MAP_SNIPPETS, gameSnippetItems, mapSnippetItems, type Snippet } from './features/snippets.js';
export { hover } from './features/hover.js';
export { definition } from './features/definition.js';
export { references, highlights } from './features/references.js';
export { prepareRename, rename } from './features/rename.js';
export { documentSymbols, workspaceSymbols } from './features/symbols.js';
export { foldingRanges } from './features/folding.js';
export { semanticTokens, semanticTokensRange, tokenSpans, legend } from './features/tokens.js';
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
  setEdition,
  setEditionEdits,
  statusAt,
  type BoardResult,
  type DiffResponse,
  type EditionsResult,
  type NextPhaseResult,
  type SetEditionResult,
  type StatusResult,
} from './board.js';
export { switchGame, summaryText, type SwitchedGame, type NotSwitched } from './switch.js';
export { lineEdits } from './line-diff.js';
export { BOARD_REQUEST, DIFF_REQUEST, EDITIONS_REQUEST, NEXT_PHASE_REQUEST, ORDERS_AT_REQUEST, SET_EDITION_REQUEST, STATUS_REQUEST, WRITE_ORDER_REQUEST } from './requests.js';
export {
  blockOf,
  clickOrder,
  orderLineOf,
  ordersAt,
  placeOrder,
  registerClickRequests,
  slotOf,
  writeOrder,
  type ClickOrder,
  type OrdersAtResult,
  type PlaceInput,
  type Placed,
  type WriteOrderResult,
} from './click/index.js';

/** Runs the server over stdio until the client asks it to exit. */
export function startServer(options: ServerOptions = {}): void {
  const connection = createLspConnection({ input: process.stdin, output: process.stdout });
  createServer(connection, options);
  connection.listen();
}
