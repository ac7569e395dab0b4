/** Inlay hints: each order's result in plain words at the end of its line (`✓ succeeds`, `✗ bounced by A mun - bur (1 against 1)`). */
import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver';
import { toRange } from '../text.js';
import type { GameDoc } from '../workspace.js';
import { hintLabel } from './result-words.js';

export function inlayHints(doc: GameDoc, range: Range): InlayHint[] {
  const out: InlayHint[] = [];
  for (const phase of doc.run.phases) {
    if (!phase.section) continue;
    const first = phase.section.range.start.line;
    const last = phase.section.range.end.line;
    if (last < range.start.line || first > range.end.line) continue;
    for (const o of phase.orders) {
      const label = hintLabel(doc, o);
      if (label === undefined) continue;
      const end = toRange(o.line.range).end;
      if (end.line < range.start.line || end.line > range.end.line) continue;
      out.push({ position: end, label, kind: InlayHintKind.Parameter, paddingLeft: true });
    }
  }
  return out;
}
