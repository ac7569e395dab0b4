/**
 * The language server: document sync and one handler per feature. Each
 * handler reads the current state of the document from the store (computed on
 * demand) and calls a pure feature function; requests over the whole
 * workspace (references, rename, workspace symbols) go a file at a time and
 * first bring the list of workspace files up to date. Params reach a handler
 * only once they have their method's shape (`lifecycle.ts`, on the
 * connection `createLspConnection` makes); a handler that fails is logged and
 * answered with an error (`serve.ts`); the server goes on.
 */
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { codeActions } from './features/actions.js';
import { completion } from './features/completion.js';
import { definition } from './features/definition.js';
import { diagnostics, tooLargeDiagnostic } from './features/diagnostics.js';
import { foldingRanges } from './features/folding.js';
import { format } from './features/formatting.js';
import { inlayHints } from './features/hints.js';
import { hover } from './features/hover.js';
import { codeLenses } from './features/lenses.js';
import { highlights, references } from './features/references.js';
import { prepareRename, rename } from './features/rename.js';
import { signatureHelp } from './features/signature.js';
import { documentSymbols, workspaceSymbols } from './features/symbols.js';
import { legend } from './features/tokens.js';
import { registerTokenRequests } from './features/token-requests.js';
import { TokenResults } from './features/token-results.js';
import { registerBoardRequests } from './board.js';
import { registerClickRequests } from './click/index.js';
import { serverTextDocuments } from './documents.js';
import { uriToPath } from './host.js';
import { messagesHandled } from './connection.js';
import { Cancelled, settle, type Pace } from './pace.js';
import { connectionLog, errorText, serve } from './serve.js';
import { clampParams } from './text.js';
import { readSettings } from './settings.js';
import { Workspace, type Doc, type WorkspaceOptions } from './workspace.js';

export interface ServerOptions extends WorkspaceOptions {
  /** Milliseconds to wait after a change that came this soon after another before publishing diagnostics (default 20; a lone change is published at once). */
  debounce?: number;
}

export const SERVER_NAME = 'dipforge';
/** Milliseconds before a change that came alone is checked and its diagnostics published. */
const LONE_CHANGE_MS = 5;
export const SERVER_VERSION = '0.1.0';

export function createServer(connection: Connection, options: ServerOptions = {}): { workspace: Workspace; documents: TextDocuments<TextDocument> } {
  const ws = new Workspace(options);
  const documents = new TextDocuments(serverTextDocuments);
  const delay = options.debounce ?? 20;
  const pending = new Set<string>();
  /** The last semantic tokens sent per document, for the deltas. */
  const tokenResults = new TokenResults();
  let timer: NodeJS.Timeout | undefined;
  /** Whether the client tells of changed files (then the folders are walked once, else before each request over the workspace). */
  let watchDynamic = false;

  const log = connectionLog(connection);
  const handled = messagesHandled(connection);
  let stopped = false;

  const publish = (): void => {
    const uris = [...pending];
    pending.clear();
    for (const uri of uris) {
      const open = ws.open.get(uri);
      if (!open) continue;
      const version = open.version;
      try {
        // A file over the size limit is not parsed: one diagnostic says so.
        const size = ws.oversize(open.path);
        const doc = size === undefined ? ws.doc(open.path) : undefined;
        const list = size !== undefined ? [tooLargeDiagnostic(size)] : doc ? diagnostics(doc, ws.settings) : [];
        void connection.sendDiagnostics({ uri, version, diagnostics: list });
      } catch (e) {
        log(`dipforge: diagnostics for ${uri} failed: ${errorText(e)}`);
      }
    }
  };

  /**
   * The timer's end: the messages already read are handled first (a completion sent with the
   * change is answered from the cursor's phase, not after the whole re-play); a change among them
   * sets a new timer, which publishes instead.
   */
  const due = (): void => {
    timer = undefined;
    void settle(handled).then(() => {
      if (timer === undefined && !stopped) publish();
    });
  };

  /**
   * When the last change came: a change soon after another (typing) waits `delay` for the next; a
   * lone one is published at once. `wait` overrides the delay (an opened document: none).
   */
  let lastChange = -Infinity;
  const schedule = (uris: Iterable<string>, wait?: number): void => {
    for (const u of uris) pending.add(u);
    if (timer) clearTimeout(timer);
    const now = performance.now();
    const burst = now - lastChange < delay;
    lastChange = now;
    // A lone change still waits a moment, so that a request sent with it (a completion) is answered first.
    timer = setTimeout(due, wait ?? (burst ? delay : Math.min(delay, LONE_CHANGE_MS)));
  };

  /** After a change to a map, every open document may change. */
  const changed = (uri: string, wait?: number): void => {
    const open = ws.open.get(uri);
    if (open?.language === 'map') schedule(ws.open.keys(), wait);
    else schedule([uri], wait);
  };

  /** Documents just opened: the library tells of an opened document's content as a change too, right after. */
  const opening = new Set<string>();
  documents.onDidOpen((e) => {
    ws.openDocument(e.document.uri, e.document.getText(), e.document.version, e.document.languageId);
    opening.add(e.document.uri);
    // Checked as soon as the messages read with it are answered: no typing to wait for.
    changed(e.document.uri, 0);
  });
  documents.onDidChangeContent((e) => {
    // The opened text again, not a change: taken as one, it made the opening a burst of typing, its diagnostics 20 ms later.
    if (opening.delete(e.document.uri)) return;
    ws.changeDocument(e.document.uri, e.document.getText(), e.document.version);
    changed(e.document.uri);
  });
  documents.onDidClose((e) => {
    const wasMap = ws.open.get(e.document.uri)?.language === 'map';
    ws.closeDocument(e.document.uri);
    tokenResults.forget(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    if (wasMap) schedule(ws.open.keys());
  });

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const folders = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri));
    if (folders.length === 0 && params.rootUri) folders.push(uriToPath(params.rootUri));
    ws.folders.push(...folders.filter((f) => !f.startsWith('/__dipforge_untitled__')));
    watchDynamic = !!params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    ws.settings = readSettings(params.initializationOptions, ws.settings);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: [' ', '-', '>', ':', '/'] },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: true,
        workspaceSymbolProvider: true,
        foldingRangeProvider: true,
        semanticTokensProvider: { legend, full: { delta: true }, range: true },
        documentFormattingProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite] },
        codeLensProvider: { resolveProvider: false },
        inlayHintProvider: true,
        signatureHelpProvider: { triggerCharacters: [' '], retriggerCharacters: ['-'] },
      },
      serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
    };
  });

  connection.onInitialized(() => {
    // The walk goes a file at a time between requests; the requests that need the list wait for it.
    // SVG files are watched too: a map's board artwork (`board "map.svg"`) changes its diagnostics.
    ws.walk().catch((e: unknown) => {
      // A walk stopped by shutdown is no failure.
      if (!(e instanceof Cancelled)) log(`dipforge: walking the workspace folders failed: ${errorText(e)}`);
    });
    if (watchDynamic) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{dipmap,dipgame,svg}' }] }).catch(() => undefined);
    }
  });

  // A changed setting may change every open document's diagnostics (results listed or not).
  connection.onDidChangeConfiguration((params) => {
    const next = readSettings(params.settings, ws.settings);
    if (next === ws.settings) return;
    ws.settings = next;
    schedule(ws.open.keys());
  });

  connection.onDidChangeWatchedFiles((params) => {
    for (const c of params.changes) ws.fileChanged(uriToPath(c.uri), c.type === FileChangeType.Deleted);
    schedule(ws.open.keys());
  });

  connection.onShutdown(() => {
    stopped = true;
    ws.dispose();
    if (timer) clearTimeout(timer);
    timer = undefined;
  });

  /**
   * A request against a document's current state, its position and range
   * clamped to the document; a replay of its game stops when it is cancelled.
   * A document that is no .dipmap or .dipgame, or is over the size limit,
   * gets the fallback. With `atCursor`, a game is played only as far as the
   * phase section of the request's position (`Workspace.docAt`).
   */
  function on<P extends { textDocument: { uri: string } }, R>(name: string, fn: (doc: Doc, params: P, pace: Pace) => R | Promise<R>, fallback: R, atCursor = false) {
    return serve(name, log, (params: P, pace: Pace) => {
      const cursor = atCursor && 'position' in params ? (params.position as { line: number; character: number }) : undefined;
      const doc = cursor ? ws.docAt(params.textDocument.uri, cursor, () => pace.cancelled) : ws.docByUri(params.textDocument.uri, () => pace.cancelled);
      return doc ? fn(doc, clampParams(doc.lines, params), pace) : fallback;
    });
  }

  /** Brings the list of workspace files up to date before a request over the workspace. */
  const indexed = async (pace: Pace): Promise<void> => {
    if (!watchDynamic || !ws.walked) await pace.wait(ws.walk());
  };

  // Completion is answered from the cursor's phase, without waiting for the rest of the game to be played again.
  connection.onCompletion(on('completion', (doc, p) => completion(ws, doc, p.position), [], true));
  connection.onHover(on('hover', (doc, p) => hover(ws, doc, p.position), null));
  connection.onDefinition(on('definition', (doc, p) => definition(ws, doc, p.position), null));
  connection.onReferences(
    on(
      'references',
      async (doc, p, pace) => {
        await indexed(pace);
        return references(ws, doc, p.position, p.context?.includeDeclaration ?? true, pace);
      },
      [],
    ),
  );
  connection.onDocumentHighlight(on('highlight', (doc, p) => highlights(ws, doc, p.position), []));
  connection.onPrepareRename(on('prepareRename', (doc, p) => prepareRename(ws, doc, p.position), null));
  connection.onRenameRequest(
    on(
      'rename',
      async (doc, p, pace) => {
        await indexed(pace);
        return rename(ws, doc, p.position, p.newName, pace);
      },
      null,
    ),
  );
  connection.onDocumentSymbol(on('documentSymbol', (doc) => documentSymbols(doc), []));
  connection.onFoldingRanges(on('foldingRange', (doc) => foldingRanges(doc), []));
  registerTokenRequests(connection, ws, tokenResults, log); // answered from the parse and the header, without waiting for the play
  connection.onDocumentFormatting(on('formatting', (doc, p) => format(doc, p.options), []));
  connection.onCodeAction(on('codeAction', (doc, p) => codeActions(ws, doc, p.range), []));
  connection.onCodeLens(on('codeLens', (doc) => (doc.kind === 'game' ? codeLenses(doc) : []), []));
  connection.languages.inlayHint.on(on('inlayHint', (doc, p) => (doc.kind === 'game' ? inlayHints(doc, p.range) : []), []));
  connection.onSignatureHelp(on('signatureHelp', (doc, p) => (doc.kind === 'game' ? signatureHelp(doc, p.position) : null), null));
  connection.onWorkspaceSymbol(
    serve('workspaceSymbol', log, async (params: { query?: string }, pace) => {
      await indexed(pace);
      return workspaceSymbols(ws, params.query ?? '', pace);
    }),
  );

  registerBoardRequests(connection, ws, log); // the editor extension's requests (docs/EXTENSION.md)
  registerClickRequests(connection, ws, log); // orders written by clicking the board
  documents.listen(connection);
  return { workspace: ws, documents };
}
