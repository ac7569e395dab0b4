/**
 * Semantic tokens as results the editor can ask a delta on
 * (`textDocument/semanticTokens/full/delta`): the last answer per document,
 * under a result id, and the one edit that turns it into the new tokens (the
 * integers before and after the change are kept; an edit in one phase of a
 * long game sends the tokens of that stretch, not the whole game's).
 */
import type { SemanticTokens, SemanticTokensDelta, SemanticTokensEdit } from 'vscode-languageserver';

export class TokenResults {
  private readonly last = new Map<string, { resultId: string; data: readonly number[] }>();
  private counter = 0;

  /** The whole tokens, remembered as the document's last answer. */
  full(uri: string, tokens: SemanticTokens): SemanticTokens {
    const resultId = String(++this.counter);
    this.last.set(uri, { resultId, data: tokens.data });
    return { resultId, data: tokens.data };
  }

  /** The change from the answer `previousResultId` to `tokens`; the whole tokens when that answer is not the last one kept. */
  delta(uri: string, previousResultId: string, tokens: SemanticTokens): SemanticTokens | SemanticTokensDelta {
    const before = this.last.get(uri);
    if (!before || before.resultId !== previousResultId) return this.full(uri, tokens);
    const resultId = String(++this.counter);
    this.last.set(uri, { resultId, data: tokens.data });
    const edit = oneEdit(before.data, tokens.data);
    return { resultId, edits: edit ? [edit] : [] };
  }

  forget(uri: string): void {
    this.last.delete(uri);
  }
}

/** The edit of `a` into `b` that keeps their common start and end (none when they are equal). */
export function oneEdit(a: readonly number[], b: readonly number[]): SemanticTokensEdit | undefined {
  const n = Math.min(a.length, b.length);
  let start = 0;
  while (start < n && a[start] === b[start]) start++;
  if (start === a.length && start === b.length) return undefined;
  let end = 0;
  while (end < n - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { start, deleteCount: a.length - start - end, data: b.slice(start, b.length - end) };
}
