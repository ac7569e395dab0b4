/**
 * The language server: the connection, document sync and one handler per
 * feature. Each handler reads the current state of the document from the
 * store (computed on demand) and calls a pure feature function. A handler that
 * fails is logged and answered with an error; the server goes on.
 */
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  FileChangeType,
  LSPErrorCodes,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type CancellationToken,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { codeActions } from './features/actions.js';
import { completion } from './features/completion.js';
import { definition } from './features/definition.js';
import { diagnostics } from './features/diagnostics.js';
import { foldingRanges } from './features/folding.js';
import { format } from './features/formatting.js';
import { inlayHints } from './features/hints.js';
import { hover } from './features/hover.js';
import { codeLenses } from './features/lenses.js';
import { highlights, references } from './features/references.js';
import { prepareRename, rename } from './features/rename.js';
import { signatureHelp } from './features/signature.js';
import { documentSymbols, workspaceSymbols } from './features/symbols.js';
import { legend, semanticTokens } from './features/tokens.js';
import { registerBoardRequests } from './board.js';
import { serverTextDocuments } from './documents.js';
import { uriToPath } from './host.js';
import { Cancelled, Workspace, type Doc, type WorkspaceOptions } from './workspace.js';

export interface ServerOptions extends WorkspaceOptions {
  /** Milliseconds to wait after a change before publishing diagnostics (default 20). */
  debounce?: number;
}

export const SERVER_NAME = 'dipforge';
export const SERVER_VERSION = '0.1.0';

export function createServer(connection: Connection, options: ServerOptions = {}): { workspace: Workspace; documents: TextDocuments<TextDocument> } {
  const ws = new Workspace(options);
  const documents = new TextDocuments(serverTextDocuments);
  const delay = options.debounce ?? 20;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let watchDynamic = false;

  const log = (message: string): void => {
    try {
      connection.console.error(message);
    } catch {
      // the connection is gone
    }
  };

  const publish = (): void => {
    timer = undefined;
    const uris = [...pending];
    pending.clear();
    for (const uri of uris) {
      const open = ws.open.get(uri);
      if (!open) continue;
      const version = open.version;
      try {
        const doc = ws.doc(open.path);
        const list = doc ? diagnostics(doc) : [];
        void connection.sendDiagnostics({ uri, version, diagnostics: list });
      } catch (e) {
        log(`dipforge: diagnostics for ${uri} failed: ${describe(e)}`);
      }
    }
  };

  const schedule = (uris: Iterable<string>): void => {
    for (const u of uris) pending.add(u);
    if (timer) clearTimeout(timer);
    timer = setTimeout(publish, delay);
  };

  /** After a change to a map, every open document may change. */
  const changed = (uri: string): void => {
    const open = ws.open.get(uri);
    if (open?.language === 'map') schedule(ws.open.keys());
    else schedule([uri]);
  };

  documents.onDidOpen((e) => {
    ws.openDocument(e.document.uri, e.document.getText(), e.document.version, e.document.languageId);
    changed(e.document.uri);
  });
  documents.onDidChangeContent((e) => {
    ws.changeDocument(e.document.uri, e.document.getText(), e.document.version);
    changed(e.document.uri);
  });
  documents.onDidClose((e) => {
    const wasMap = ws.open.get(e.document.uri)?.language === 'map';
    ws.closeDocument(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    if (wasMap) schedule(ws.open.keys());
  });

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const folders = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri));
    if (folders.length === 0 && params.rootUri) folders.push(uriToPath(params.rootUri));
    ws.folders.push(...folders.filter((f) => !f.startsWith('/__dipforge_untitled__')));
    watchDynamic = !!params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration;
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
        semanticTokensProvider: { legend, full: true },
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
    try {
      ws.scan(ws.folders);
    } catch (e) {
      log(`dipforge: scanning the workspace failed: ${describe(e)}`);
    }
    if (watchDynamic) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{dipmap,dipgame}' }] }).catch(() => undefined);
    }
  });

  connection.onDidChangeWatchedFiles((params) => {
    for (const c of params.changes) ws.fileChanged(uriToPath(c.uri), c.type === FileChangeType.Deleted);
    schedule(ws.open.keys());
  });

  /**
   * Runs a request against a document's current state; failures are logged and
   * answered with an error. A request cancelled before it starts is answered
   * as cancelled; a replay of its game checks the token between phases.
   */
  function on<P extends { textDocument: { uri: string } }, R>(name: string, fn: (doc: Doc, params: P) => R, fallback: R): (params: P, token?: CancellationToken) => R | ResponseError<void> {
    return (params: P, token?: CancellationToken) => {
      const cancelled = (): boolean => token?.isCancellationRequested === true;
      try {
        if (cancelled()) throw new Cancelled();
        const doc = ws.docByUri(params.textDocument.uri, token ? cancelled : undefined);
        if (!doc) return fallback;
        return fn(doc, params);
      } catch (e) {
        if (e instanceof Cancelled) return new ResponseError(LSPErrorCodes.RequestCancelled, `dipforge: ${name} cancelled`);
        if (e instanceof ResponseError) return e as ResponseError<void>;
        log(`dipforge: ${name} failed: ${describe(e)}`);
        return new ResponseError(ErrorCodes.InternalError, `dipforge: ${name} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    };
  }

  connection.onCompletion(on('completion', (doc, p) => completion(ws, doc, p.position), []));
  connection.onHover(on('hover', (doc, p) => hover(ws, doc, p.position), null));
  connection.onDefinition(on('definition', (doc, p) => definition(ws, doc, p.position), null));
  connection.onReferences(on('references', (doc, p) => references(ws, doc, p.position, p.context?.includeDeclaration ?? true), []));
  connection.onDocumentHighlight(on('highlight', (doc, p) => highlights(ws, doc, p.position), []));
  connection.onPrepareRename(on('prepareRename', (doc, p) => prepareRename(ws, doc, p.position), null));
  connection.onRenameRequest(on('rename', (doc, p) => rename(ws, doc, p.position, p.newName), null));
  connection.onDocumentSymbol(on('documentSymbol', (doc) => documentSymbols(doc), []));
  connection.onFoldingRanges(on('foldingRange', (doc) => foldingRanges(doc), []));
  connection.languages.semanticTokens.on(on('semanticTokens', (doc) => semanticTokens(doc), { data: [] }));
  connection.onDocumentFormatting(on('formatting', (doc, p) => format(doc, p.options), []));
  connection.onCodeAction(on('codeAction', (doc, p) => codeActions(ws, doc, p.range), []));
  connection.onCodeLens(on('codeLens', (doc) => (doc.kind === 'game' ? codeLenses(doc) : []), []));
  connection.languages.inlayHint.on(on('inlayHint', (doc, p) => (doc.kind === 'game' ? inlayHints(doc, p.range) : []), []));
  connection.onSignatureHelp(on('signatureHelp', (doc, p) => (doc.kind === 'game' ? signatureHelp(doc, p.position) : null), null));
  connection.onWorkspaceSymbol((params) => {
    try {
      return workspaceSymbols(ws, params.query ?? '');
    } catch (e) {
      log(`dipforge: workspaceSymbol failed: ${describe(e)}`);
      return new ResponseError(ErrorCodes.InternalError, `dipforge: workspaceSymbol failed: ${describe(e)}`);
    }
  });

  registerBoardRequests(connection, ws, log); // the editor extension's requests (docs/EXTENSION.md)
  documents.listen(connection);
  return { workspace: ws, documents };
}

function describe(e: unknown): string {
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}
