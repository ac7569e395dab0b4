/**
 * Expectations the converted game does not meet under the target edition are
 * kept as comments with a warning (DF8064), not deleted and not left to fail:
 * the other edition changes the outcome they state. A stated order result
 * goes into a comment after the order; an expect line is commented out, with
 * the other lines of its block that stand or fall with it (a block's units
 * lines list every power together, so one goes, all go).
 */
import type * as G from '../ast.js';
import type { ParsedGame } from '../parse.js';
import type { GameRun } from '../run.js';
import { indentOf, lineEnd, lineStart, type TextEdit } from './edits.js';

export function commentUnmet(parsed: ParsedGame, run: GameRun, edition: string): { edits: TextEdit[]; count: number } {
  const text = parsed.text;
  const failed = run.expectations.filter((e) => !e.ok);
  if (failed.length === 0) return { edits: [], count: 0 };
  const orders = new Map<number, G.OrderLine>();
  for (const s of parsed.ast.phases) for (const o of s.orders) orders.set(o.range.start.offset, o);
  const blocks = [...parsed.ast.phases.flatMap((s) => s.expect), ...parsed.ast.declare.flatMap((d) => d.expect)];
  const lines = new Map<number, string>();
  const edits: TextEdit[] = [];
  for (const e of failed) {
    const order = orders.get(e.range.start.offset);
    if (order?.expected) {
      const mark = order.expected.range;
      const comment = `// was [${order.expected.value}]: not so under ${edition}`;
      const end = lineEnd(text, mark.end.offset);
      const rest = text.slice(mark.end.offset, end);
      // The mark goes; a comment after it stays after the new one.
      const replacement = rest.trim() === '' ? comment : `${comment} ${rest.trim()}`;
      edits.push({ start: mark.start.offset, end, text: replacement, notes: [{ code: 'convertExpectationRemoved', message: `${e.message} under ${edition}`, from: 0, to: comment.length }] });
      continue;
    }
    lines.set(e.range.start.offset, e.message);
  }
  // A units or dislodged line that holds goes with the others of its block that do not.
  for (const at of [...lines.keys()]) {
    for (const other of companions(blocks, at)) if (!lines.has(other)) lines.set(other, `goes with the other units lines of its block, which do not hold under ${edition}`);
  }
  for (const [at, message] of lines) {
    const indent = indentOf(text, at);
    const start = lineStart(text, at) + indent.length;
    const prefix = `// not so under ${edition}: `;
    edits.push({ start, end: start, text: prefix, notes: [{ code: 'convertExpectationRemoved', message, from: 0, to: prefix.length + lineEnd(text, at) - start }] });
  }
  return { edits, count: edits.length };
}

/** The offsets of the statement at `offset`, and, for units and dislodged lines, of the others of its kind in its block. */
function companions(blocks: readonly G.ExpectSection[], offset: number): number[] {
  for (const b of blocks) {
    for (const list of [b.units, b.dislodged] as const) {
      if (list.some((s) => s.range.start.offset === offset)) return list.map((s) => s.range.start.offset);
    }
    const all: G.Node[] = [...b.owners, ...b.winner, ...b.draw, ...b.score, ...b.result];
    if (all.some((s) => s.range.start.offset === offset)) return [offset];
  }
  return [offset];
}
