/**
 * The status bar item: variant · edition · phase under the cursor, asked of
 * the language server (`dipforge/status`) when the cursor moves or the text
 * changes (debounced); shown for dipgame and dipmap editors. Clicking it
 * shows the board.
 */
import * as vscode from 'vscode';
import { isDipDocument, type Requester } from './board';
import { COMMANDS, STATUS_REQUEST, type StatusResult } from './protocol';

export class StatusItem implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private timer: NodeJS.Timeout | undefined;
  private seq = 0;

  constructor(private readonly request: Requester) {
    this.item = vscode.window.createStatusBarItem('dipforge.status', vscode.StatusBarAlignment.Right, 100);
    this.item.name = 'dipforge';
    this.item.command = COMMANDS.showBoard;
    this.schedule(0);
  }

  /** The cursor moved, the editor or a document changed: read the status again after `delay` ms. */
  schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), delay);
  }

  private async update(): Promise<void> {
    this.timer = undefined;
    const editor = vscode.window.activeTextEditor;
    const seq = ++this.seq;
    if (!editor || !isDipDocument(editor.document)) {
      this.item.hide();
      return;
    }
    const position = editor.selection.active;
    try {
      const r = await this.request<StatusResult | null>(STATUS_REQUEST, {
        uri: editor.document.uri.toString(),
        position: { line: position.line, character: position.character },
      });
      if (seq !== this.seq) return;
      if (!r) {
        this.item.hide();
        return;
      }
      this.item.text = r.text;
      const lines = [`variant: ${r.variant ?? 'none (it does not compile)'}`, `edition: ${r.edition ?? '?'}`];
      if (r.phase) lines.push(`phase under the cursor: ${r.phase}`);
      lines.push('', 'Click to show the board');
      this.item.tooltip = lines.join('\n');
      this.item.show();
    } catch {
      if (seq === this.seq) this.item.hide();
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.item.dispose();
  }
}
