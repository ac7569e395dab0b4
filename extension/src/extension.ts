/**
 * The dipforge extension: starts the bundled language server (dist/server.js,
 * with the extension host's Node over IPC) and adds what the protocol has no
 * request for: the board webview, the status bar item, and the commands Show
 * Board, Switch Edition, Compare Editions, Next Phase and New Variant. It is
 * thin: every answer about a game or a map comes from the server's custom
 * requests (packages/lsp/src/board.ts), so the engine stays the one source of
 * truth. docs/EXTENSION.md describes it.
 */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { SERVER_NODE_FLAGS } from '@dipforge/lsp/launch';
import { BoardPanel, isDipDocument, type BoardTarget, type Requester } from './board';
import { DiffProvider, diffUri } from './diff';
import type { BoardState } from './html';
import {
  BOARD_VIEW_TYPE,
  COMMANDS,
  DIFF_SCHEME,
  EDITIONS_REQUEST,
  LANGUAGES,
  NEXT_PHASE_REQUEST,
  SET_EDITION_REQUEST,
  type EditionsResult,
  type NextPhaseResult,
  type SetEditionResult,
} from './protocol';
import { checkVariantId, scaffoldVariant } from './scaffold';
import { StatusItem } from './status';
import { switchConfirmation } from './switch';

let client: LanguageClient | undefined;
/** The last conversion's warnings, shown as problems of the converted file until it is edited again. */
let conversionWarnings: vscode.DiagnosticCollection | undefined;
/** The document whose conversion warnings are shown, and its version once converted: a later edit clears them (their lines may have moved). */
let warned: { uri: string; version: number } | undefined;
let started: Promise<void> | undefined;

const request: Requester = async <R>(method: string, params: unknown): Promise<R> => {
  if (!client || !started) throw new Error('the dipforge language server is not running');
  await started;
  return client.sendRequest<R>(method, params);
};

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('dipforge');
}

/** The dipgame/dipmap editor a command is for: the active one, else a visible one. */
function dipEditor(languages: readonly string[] = LANGUAGES): vscode.TextEditor | undefined {
  const active = vscode.window.activeTextEditor;
  if (active && languages.includes(active.document.languageId)) return active;
  return vscode.window.visibleTextEditors.find((e) => languages.includes(e.document.languageId));
}

function targetOf(editor: vscode.TextEditor): BoardTarget {
  const p = editor.selection.active;
  return { uri: editor.document.uri.toString(), position: { line: p.line, character: p.character } };
}

async function applyEdits(uri: string, edits: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]): Promise<boolean> {
  const we = new vscode.WorkspaceEdit();
  const target = vscode.Uri.parse(uri);
  for (const e of edits) {
    const range = new vscode.Range(e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character);
    we.replace(target, range, e.newText);
  }
  return vscode.workspace.applyEdit(we);
}

function failed(what: string, e: unknown): void {
  void vscode.window.showErrorMessage(`dipforge: ${what}: ${e instanceof Error ? e.message : String(e)}`);
}

// --------------------------------------------------------------- commands

/** Show Board: from the palette, the editor title or the status bar (the cursor), or a code lens ({ uri, line }). */
function showBoard(args?: { uri?: string; line?: number; position?: { line: number; character: number } }): void {
  let target: BoardTarget | undefined;
  if (args?.uri) target = { uri: args.uri, position: args.position ?? { line: args.line ?? 0, character: 0 } };
  else {
    const editor = dipEditor();
    if (editor) target = targetOf(editor);
  }
  if (!target && !BoardPanel.current) {
    void vscode.window.showInformationMessage('dipforge: open a .dipgame or .dipmap file to show its board.');
    return;
  }
  BoardPanel.show(request, target);
}

interface EditionPick extends vscode.QuickPickItem {
  edition: string;
}

function editionItems(list: EditionsResult, skip?: string | null, first?: string): EditionPick[] {
  const items = list.editions
    .filter((e) => e.name !== skip)
    .map((e) => ({
      label: e.name,
      edition: e.name,
      description: [e.title ?? '', e.name === list.current ? '(the file plays it)' : ''].filter((t) => t).join(' '),
      detail: e.builtin ? 'built-in edition' : 'a rule set of this variant',
    }));
  if (first) items.sort((a, b) => (a.edition === first ? -1 : b.edition === first ? 1 : 0));
  return items;
}

/**
 * Switch Edition: a quick pick of the editions; a game is converted to the
 * edition (the server's `dipforge convert`), after a question with the summary
 * when more than the edition line changes; a map's edition line is changed.
 */
async function switchEdition(args?: { uri?: string; edition?: string }): Promise<void> {
  const uri = args?.uri ?? dipEditor()?.document.uri.toString();
  if (!uri) {
    void vscode.window.showInformationMessage('dipforge: open a .dipgame or .dipmap file to switch its edition.');
    return;
  }
  try {
    let edition = args?.edition;
    if (!edition) {
      const list = await request<EditionsResult>(EDITIONS_REQUEST, { uri });
      const pick = await vscode.window.showQuickPick(editionItems(list, undefined, list.current ?? undefined), {
        title: 'dipforge: Switch Edition',
        placeHolder: list.current ? `The file plays edition ${list.current}; play it under…` : 'Play the file under…',
        matchOnDescription: true,
      });
      if (!pick) return;
      edition = pick.edition;
    }
    const r = await request<SetEditionResult>(SET_EDITION_REQUEST, { uri, edition });
    const file = vscode.Uri.parse(uri).path.split('/').pop() ?? uri;
    const ask = switchConfirmation(r, edition, file);
    if (ask) {
      const answer = await vscode.window.showWarningMessage(ask.message, { modal: true, detail: ask.detail }, ask.action);
      if (answer !== ask.action) return;
    }
    if (!(await applyEdits(r.uri, r.edits))) {
      void vscode.window.showWarningMessage('dipforge: the edition could not be changed.');
      return;
    }
    showConversionWarnings(r);
  } catch (e) {
    failed('Switch Edition failed', e);
  }
}

/** The conversion's warnings as problems of the converted file (until it is edited). */
function showConversionWarnings(r: SetEditionResult): void {
  if (!conversionWarnings) return;
  conversionWarnings.clear();
  warned = undefined;
  if (r.warnings.length === 0) return;
  const target = vscode.Uri.parse(r.uri);
  conversionWarnings.set(
    target,
    r.warnings.map((w) => {
      const range = new vscode.Range(w.range.start.line, w.range.start.character, w.range.end.line, w.range.end.character);
      const d = new vscode.Diagnostic(range, `converted: ${w.message}`, vscode.DiagnosticSeverity.Warning);
      if (w.code !== undefined) d.code = w.code;
      d.source = 'dipforge convert';
      return d;
    }),
  );
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === r.uri);
  warned = { uri: r.uri, version: doc?.version ?? 0 };
}

/** Compare Editions: the game under its edition and another, compared, in a document beside it. */
async function compareEditions(args?: { uri?: string; editionA?: string; editionB?: string }): Promise<void> {
  const uri = args?.uri ?? dipEditor(['dipgame'])?.document.uri.toString();
  if (!uri) {
    void vscode.window.showInformationMessage('dipforge: open a .dipgame file to compare editions on it.');
    return;
  }
  try {
    const list = await request<EditionsResult>(EDITIONS_REQUEST, { uri });
    let editionB = args?.editionB;
    const editionA = args?.editionA;
    const own = editionA ?? list.current;
    if (!editionB) {
      const preferred = config().get<string>('defaultEdition');
      const pick = await vscode.window.showQuickPick(editionItems(list, own, preferred), {
        title: 'dipforge: Compare Editions',
        placeHolder: own ? `Compare edition ${own} with…` : 'Compare with…',
        matchOnDescription: true,
      });
      if (!pick) return;
      editionB = pick.edition;
    }
    const target = diffUri({ uri, editionB, ...(editionA ? { editionA } : {}) }, list.current);
    const doc = await vscode.workspace.openTextDocument(target);
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
  } catch (e) {
    failed('Compare Editions failed', e);
  }
}

/** Next Phase: appends the phase to play next, with every unit's order (or the retreats or adjustments due). */
async function nextPhase(args?: { uri?: string }): Promise<void> {
  const editor = args?.uri ? vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === args.uri) : dipEditor(['dipgame']);
  const uri = args?.uri ?? editor?.document.uri.toString();
  if (!uri) {
    void vscode.window.showInformationMessage('dipforge: open a .dipgame file to add its next phase.');
    return;
  }
  try {
    const r = await request<NextPhaseResult | null>(NEXT_PHASE_REQUEST, { uri });
    if (!r) {
      void vscode.window.showWarningMessage('dipforge: the game cannot be played on (see the problems): no next phase.');
      return;
    }
    if (!(await applyEdits(r.uri, [r.edit]))) return;
    if (editor) {
      const at = new vscode.Position(r.line, 0);
      editor.selection = new vscode.Selection(at, at);
      editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.AtTop);
    }
  } catch (e) {
    failed('Next Phase failed', e);
  }
}

/** New Variant: a small variant and an example game in a new folder. */
async function newVariant(args?: vscode.Uri | { id?: string; folder?: string | vscode.Uri }): Promise<void> {
  const given = args instanceof vscode.Uri ? { folder: args } : (args ?? {});
  let id = given.id;
  if (!id) {
    id = await vscode.window.showInputBox({
      title: 'dipforge: New Variant',
      prompt: 'The new variant\'s id (a folder of that name is made, with ID.dipmap and example.dipgame)',
      value: 'islands',
      validateInput: (v) => checkVariantId(v.trim()) ?? null,
    });
    if (id === undefined) return;
    id = id.trim();
  }
  const bad = checkVariantId(id);
  if (bad) {
    void vscode.window.showErrorMessage(`dipforge: ${bad}`);
    return;
  }
  let folder = typeof given.folder === 'string' ? vscode.Uri.file(given.folder) : given.folder;
  if (!folder) folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) {
    const chosen = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, canSelectMany: false, openLabel: 'Make the variant here' });
    folder = chosen?.[0];
    if (!folder) return;
  }
  const dir = vscode.Uri.joinPath(folder, id);
  try {
    await vscode.workspace.fs.stat(dir);
    void vscode.window.showErrorMessage(`dipforge: ${dir.fsPath} already exists; choose another id.`);
    return;
  } catch {
    // it does not exist: good
  }
  try {
    const scaffold = scaffoldVariant(id, config().get<string>('defaultEdition') || '2023');
    await vscode.workspace.fs.createDirectory(dir);
    for (const [name, text] of Object.entries(scaffold.files)) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dir, name), Buffer.from(text, 'utf8'));
    const map = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(dir, `${id}.dipmap`));
    await vscode.window.showTextDocument(map, { preview: false });
    const game = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(dir, scaffold.open));
    await vscode.window.showTextDocument(game, { preview: false });
  } catch (e) {
    failed('New Variant failed', e);
  }
}

// ------------------------------------------------------------- activation

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  // The commands, views and listeners first: they work (and say why not) even if the server cannot start.
  const diffs = new DiffProvider(request);
  conversionWarnings = vscode.languages.createDiagnosticCollection('dipforge-convert');
  const status = new StatusItem(request);
  context.subscriptions.push(
    diffs,
    status,
    conversionWarnings,
    vscode.workspace.registerTextDocumentContentProvider(DIFF_SCHEME, diffs),
    vscode.commands.registerCommand(COMMANDS.showBoard, showBoard),
    vscode.commands.registerCommand(COMMANDS.switchEdition, switchEdition),
    vscode.commands.registerCommand(COMMANDS.compareEditions, compareEditions),
    vscode.commands.registerCommand(COMMANDS.nextPhase, nextPhase),
    vscode.commands.registerCommand(COMMANDS.newVariant, newVariant),
    vscode.commands.registerCommand(COMMANDS.restartServer, async () => {
      try {
        if (!client) throw new Error('it was never started');
        await client.restart();
        started = Promise.resolve();
        status.schedule(0);
      } catch (e) {
        failed('the language server did not restart', e);
      }
    }),
    vscode.window.registerWebviewPanelSerializer(BOARD_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: BoardState | undefined) => {
        BoardPanel.revive(panel, request, state);
      },
    }),
    vscode.window.onDidChangeActiveTextEditor((editor) => {
      status.schedule(0);
      if (editor && isDipDocument(editor.document) && BoardPanel.current && config().get<boolean>('board.followCursor', true)) {
        BoardPanel.current.follow(targetOf(editor), 0);
      }
    }),
    vscode.window.onDidChangeTextEditorSelection((e) => {
      if (!isDipDocument(e.textEditor.document)) return;
      status.schedule(BoardPanel.selectionDelay);
      if (BoardPanel.current && config().get<boolean>('board.followCursor', true)) {
        BoardPanel.current.follow(targetOf(e.textEditor), BoardPanel.selectionDelay);
      }
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (!isDipDocument(e.document) || e.contentChanges.length === 0) return;
      if (warned && warned.uri === e.document.uri.toString() && e.document.version > warned.version) {
        conversionWarnings?.clear();
        warned = undefined;
      }
      status.schedule(250);
      BoardPanel.current?.changed(e.document);
      diffs.changed(e.document);
    }),
    { dispose: () => BoardPanel.current?.dispose() },
  );

  // The bundled server, run by the extension host's own Node (process.execPath) over IPC, with the server's Node flags (docs/LSP.md).
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_FLAGS] } },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    outputChannelName: 'dipforge',
    // The server's settings (docs/LSP.md, "Settings"): given at the start and sent again when they change.
    initializationOptions: { results: { inProblems: config().get<boolean>('results.inProblems', false) } },
    synchronize: { configurationSection: 'dipforge' },
  };
  try {
    client = new LanguageClient('dipforge', 'dipforge', serverOptions, clientOptions);
    started = client.start();
    await started;
  } catch (e) {
    failed('the language server did not start', e);
    started = Promise.reject(e instanceof Error ? e : new Error(String(e)));
    started.catch(() => undefined);
  }
  status.schedule(0);
}

export async function deactivate(): Promise<void> {
  const c = client;
  client = undefined;
  started = undefined;
  if (c) await c.stop();
}
