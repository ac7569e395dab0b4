/**
 * Show Board: a webview beside the editor with the board of the phase under
 * the cursor, asked of the language server (`dipforge/board`). It follows the
 * active dipgame/dipmap editor and its cursor (setting
 * `dipforge.board.followCursor`), and updates, debounced, as the text changes.
 * The page (html.ts) receives each picture as a message, so the zoom and pan
 * stay; a `WebviewPanelSerializer` brings the panel back after a reload.
 * Orders given by clicking the page are asked of the server
 * (`dipforge/ordersAt`, `dipforge/writeOrder`) for the document and position
 * of the picture shown, and written by applying the server's workspace edit:
 * one undoable edit, as if typed; the page never changes the text.
 */
import * as vscode from 'vscode';
import { boardHtml, makeNonce, type BoardMessage, type BoardState, type PageMessage } from './html';
import { BOARD_REQUEST, BOARD_VIEW_TYPE, LANGUAGES, ORDERS_AT_REQUEST, WRITE_ORDER_REQUEST, type BoardResult, type OrdersAtResult, type WriteOrderResult } from './protocol';

export type Requester = <R>(method: string, params: unknown) => Promise<R>;

export interface BoardTarget {
  uri: string;
  position: { line: number; character: number };
}

export function isDipDocument(doc: vscode.TextDocument | undefined): doc is vscode.TextDocument {
  return !!doc && (LANGUAGES as readonly string[]).includes(doc.languageId);
}

const SELECTION_DELAY = 120;
const TYPING_DELAY = 250;

export class BoardPanel {
  static current: BoardPanel | undefined;

  private target: BoardTarget | undefined;
  private ready = false;
  private last: BoardMessage | undefined;
  private timer: NodeJS.Timeout | undefined;
  private seq = 0;
  private readonly disposables: vscode.Disposable[] = [];

  private constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly request: Requester,
    target: BoardTarget | undefined,
  ) {
    this.target = target;
    panel.webview.options = { enableScripts: true, localResourceRoots: [] };
    panel.webview.html = boardHtml(makeNonce());
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((m: PageMessage | undefined) => {
        if (m?.type === 'ordersAt' && typeof m.province === 'string') void this.ordersAt(m.province, m.seq);
        else if (m?.type === 'write' && typeof m.province === 'string' && typeof m.order === 'string') void this.write(m.province, m.order);
        if (m?.type !== 'ready') return;
        this.ready = true;
        if (this.last) void panel.webview.postMessage(this.last);
        else this.schedule(0);
      }),
      panel.onDidChangeViewState(() => {
        // A hidden webview is unloaded; it says `ready` again when shown.
        if (!panel.visible) this.ready = false;
      }),
    );
    this.updateTitle();
    this.schedule(0);
  }

  /** Opens the board beside the editor (or reveals it) for a document and position. */
  static show(request: Requester, target: BoardTarget | undefined): BoardPanel {
    const existing = BoardPanel.current;
    if (existing) {
      if (target) existing.follow(target, 0);
      existing.panel.reveal(existing.panel.viewColumn, true);
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(
      BOARD_VIEW_TYPE,
      'Board',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [], enableFindWidget: true },
    );
    BoardPanel.current = new BoardPanel(panel, request, target);
    return BoardPanel.current;
  }

  /** A panel VS Code restored after a reload, with the state the page kept. */
  static revive(panel: vscode.WebviewPanel, request: Requester, state: BoardState | undefined): BoardPanel {
    BoardPanel.current?.dispose();
    const target = state?.uri ? { uri: state.uri, position: state.position ?? { line: 0, character: 0 } } : undefined;
    BoardPanel.current = new BoardPanel(panel, request, target);
    return BoardPanel.current;
  }

  /** The document or position to draw changed. */
  follow(target: BoardTarget, delay: number): void {
    this.target = target;
    this.schedule(delay);
  }

  /** A document changed: redraw when it is the one drawn (or a map, which any game may use). */
  changed(doc: vscode.TextDocument): void {
    if (!this.target) return;
    if (doc.uri.toString() === this.target.uri || doc.languageId === 'dipmap') this.schedule(TYPING_DELAY);
  }

  get shown(): BoardTarget | undefined {
    return this.target;
  }

  static readonly selectionDelay = SELECTION_DELAY;

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), delay);
  }

  private updateTitle(phase?: string | null): void {
    const file = this.target ? decodeURIComponent(this.target.uri.replace(/[?#].*$/, '').split('/').pop() ?? '') : '';
    this.panel.title = file ? `Board: ${file}${phase ? ` (${phase})` : ''}` : 'Board';
  }

  private async update(): Promise<void> {
    this.timer = undefined;
    const target = this.target;
    if (!target) return;
    const seq = ++this.seq;
    let message: BoardMessage;
    try {
      const r = await this.request<BoardResult | null>(BOARD_REQUEST, { uri: target.uri, position: target.position });
      if (seq !== this.seq) return;
      message = r
        ? { type: 'board', uri: r.uri, svg: r.svg, phase: r.phase, variant: r.variant, edition: r.edition, position: target.position, ...(r.message ? { message: r.message } : {}) }
        : { type: 'board', uri: target.uri, svg: null, phase: null, variant: null, edition: null, position: target.position, message: 'Nothing to draw for this document.' };
    } catch (e) {
      if (seq !== this.seq) return;
      message = {
        type: 'board',
        uri: target.uri,
        svg: null,
        phase: null,
        variant: null,
        edition: null,
        position: target.position,
        message: `The board could not be drawn: ${e instanceof Error ? e.message : String(e)}`,
      };
    }
    // The cursor moved within the phase drawn, and nothing changed: the page already shows it.
    const same = this.last && this.last.uri === message.uri && this.last.svg === message.svg && this.last.message === message.message;
    this.last = message;
    this.updateTitle(message.phase);
    if (this.ready && !same) void this.panel.webview.postMessage(message);
  }

  /** Where the picture shown was asked for: the orders clicked on it are of that phase. */
  private shownAt(): BoardTarget | undefined {
    const last = this.last;
    if (last?.uri && last.position) return { uri: last.uri, position: last.position };
    return this.target;
  }

  private async ordersAt(province: string, seq: number): Promise<void> {
    const at = this.shownAt();
    if (!at) return;
    try {
      const result = await this.request<OrdersAtResult>(ORDERS_AT_REQUEST, { uri: at.uri, position: at.position, province });
      void this.panel.webview.postMessage({ type: 'orders', seq, result });
    } catch (e) {
      void this.panel.webview.postMessage({ type: 'orders', seq, error: e instanceof Error ? e.message : String(e) });
    }
  }

  private async write(province: string, order: string): Promise<void> {
    const at = this.shownAt();
    if (!at) return;
    let error: string | undefined;
    try {
      const r = await this.request<WriteOrderResult>(WRITE_ORDER_REQUEST, { uri: at.uri, position: at.position, province, order });
      const edit = new vscode.WorkspaceEdit();
      for (const [uri, edits] of Object.entries(r.edit.changes ?? {})) {
        for (const e of edits) edit.replace(vscode.Uri.parse(uri), new vscode.Range(e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character), e.newText);
      }
      if (!(await vscode.workspace.applyEdit(edit))) error = `dipforge: '${r.written}' could not be written (the file changed?)`;
      // The board stays on the phase written to (a new phase section, say), until the cursor moves.
      else this.target = { uri: r.uri, position: { line: r.line, character: 0 } };
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    void this.panel.webview.postMessage({ type: 'written', ...(error ? { error } : {}) });
  }

  dispose(): void {
    if (BoardPanel.current === this) BoardPanel.current = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.seq++;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}
