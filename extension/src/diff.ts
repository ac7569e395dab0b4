/**
 * Compare Editions: the game played under two editions and compared by the
 * server (`dipforge/diff`, as `dipforge diff` prints it), shown in a read-only
 * document beside the game. The document is refreshed when the game changes.
 */
import * as vscode from 'vscode';
import type { Requester } from './board';
import { DIFF_REQUEST, DIFF_SCHEME, type DiffResponse } from './protocol';

export interface DiffQuery {
  uri: string;
  /** The file's own edition when absent. */
  editionA?: string;
  editionB: string;
}

/** The URI of the comparison document: its path reads as a title, its query says what to compare. */
export function diffUri(q: DiffQuery, current: string | null): vscode.Uri {
  const file = decodeURIComponent(q.uri.replace(/[?#].*$/, '').split('/').pop() ?? 'game');
  const a = q.editionA ?? current ?? 'its edition';
  return vscode.Uri.from({ scheme: DIFF_SCHEME, path: `/${file} (${a} vs ${q.editionB}).txt`, query: JSON.stringify(q) });
}

export class DiffProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly request: Requester) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    let q: DiffQuery;
    try {
      q = JSON.parse(uri.query) as DiffQuery;
    } catch {
      return 'This comparison cannot be read: run dipforge: Compare Editions again.\n';
    }
    try {
      const r = await this.request<DiffResponse>(DIFF_REQUEST, { uri: q.uri, editionA: q.editionA ?? null, editionB: q.editionB });
      const errors = r.errors.length > 0 ? `\nThe game has errors, so not every phase was compared:\n${r.errors.map((e) => `  ${e}`).join('\n')}\n` : '';
      return `${r.text}${errors}`;
    } catch (e) {
      return `The editions could not be compared: ${e instanceof Error ? e.message : String(e)}\n`;
    }
  }

  /** A game changed: refresh the open comparisons of it (debounced). */
  changed(doc: vscode.TextDocument): void {
    const source = doc.uri.toString();
    const open = vscode.workspace.textDocuments.filter((d) => d.uri.scheme === DIFF_SCHEME);
    if (open.length === 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      for (const d of open) {
        try {
          const q = JSON.parse(d.uri.query) as DiffQuery;
          if (q.uri === source || doc.languageId === 'dipmap') this.emitter.fire(d.uri);
        } catch {
          // not ours to refresh
        }
      }
    }, 500);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.emitter.dispose();
  }
}
