/** What the in-process tests of the language server's features share: messages, labels and hovers as text. */
import { expect } from 'vitest';
import { Diagnostic, Hover, type CompletionItem } from 'vscode-languageserver-protocol';
import { hover, type GameDoc, type MapDoc } from '@dipforge/lsp';
import { put, workspace } from '../../packages/lsp/test/util.js';
import { isCompletionItem } from '../../packages/lsp/test/shapes.js';

/** A diagnostic's message as text (the protocol also allows markup, which this server never sends). */
export function messageText(d: Diagnostic): string {
  return typeof d.message === 'string' ? d.message : d.message.value;
}

export function labels(items: CompletionItem[]): string[] {
  for (const i of items) expect(isCompletionItem(i)).toBe(true);
  return items.map((i) => i.label);
}

export function game(ws: ReturnType<typeof workspace>, path: string, text: string): GameDoc {
  return put(ws, path, text) as GameDoc;
}

export function hoverText(ws: ReturnType<typeof workspace>, doc: GameDoc | MapDoc, pos: { line: number; character: number }): string | undefined {
  const h = hover(ws, doc, pos);
  if (h) expect(Hover.is(h)).toBe(true);
  return (h?.contents as { value: string } | undefined)?.value;
}
