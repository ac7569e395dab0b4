/**
 * A game's semantic tokens written in the order of its lines: the spans of everything but its
 * order texts in the standard notation (game-tokens.ts) put in order, and each such order text's
 * tokens, kept per distinct text (token-orders.ts), written in place among them as the writer
 * meets its line (token-write.ts). Most of a long game is order lines: their tokens are never
 * sorted, and most lines are written as the integers kept for their text. Where an order text
 * meets another span (one that starts inside it, or one it starts inside) the game is written the
 * general way, every span sorted, which keeps the first of overlapping spans as always.
 */
import type { GameAst } from '@dipforge/dsl';
import { gameSpans, type Window } from './game-tokens.js';
import type { TokenGame } from './token-game.js';
import { orderTexts, tokensOf } from './token-orders.js';
import type { SpanBuffer } from './token-spans.js';
import { TokenWriter } from './token-write.js';

/** The protocol's integers of a game's tokens; with `window`, of its lines `from`..`to`. */
export function gameTokens(doc: TokenGame, window?: Window): number[] {
  const { spans, texts } = gameSpans(doc, window);
  const index = doc.index;
  const from = window ? window.from : 0;
  const to = window ? window.to : Number.MAX_SAFE_INTEGER;
  if (!index || texts.length === 0) return spans.encode(doc.lines, from, to);
  const w = new TokenWriter(doc.lines, from, to);
  const { order, starts, ends, kinds } = spans.inOrder();
  const read = orderTexts(index);
  let k = 0;
  // Indexed loops: a loop over an iterator costs several calls a turn in code not optimized yet.
  for (let x = 0; x < texts.length; x++) {
    const t = texts[x] as GameAst.Text;
    const kept = read.get(t.text);
    if (kept.ints.length === 0) continue;
    const base = t.range.start.offset;
    const s = base + kept.first;
    for (; k < order.length && (starts[order[k] as number] as number) < s; k++) {
      const i = order[k] as number;
      w.span(starts[i] as number, ends[i] as number, kinds[i] as number);
    }
    const e = base + kept.end;
    if ((k < order.length && (starts[order[k] as number] as number) < e) || !w.orderText(kept, base)) return general(doc, spans, texts, from, to);
  }
  for (; k < order.length; k++) {
    const i = order[k] as number;
    w.span(starts[i] as number, ends[i] as number, kinds[i] as number);
  }
  return w.finish();
}

/** Every token a span, all put in order together. */
function general(doc: TokenGame, spans: SpanBuffer, texts: readonly GameAst.Text[], from: number, to: number): number[] {
  const read = doc.index && orderTexts(doc.index);
  if (read) for (const t of texts) spans.pushAt(tokensOf(read.get(t.text)), t.range.start.offset);
  return spans.encode(doc.lines, from, to);
}
