/** Folding: a game's position, phases, power blocks, declare blocks and expect blocks; a map's braces and block comments; runs of line comments. */
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver';
import { scanMap } from '../maplex.js';
import type { GameDoc, MapDoc } from '../workspace.js';

export function foldingRanges(doc: GameDoc | MapDoc): FoldingRange[] {
  const out: FoldingRange[] = [];
  const add = (start: number, end: number, kind?: FoldingRangeKind): void => {
    if (end > start && start >= 0) out.push({ startLine: start, endLine: end, ...(kind ? { kind } : {}) });
  };
  if (doc.kind === 'game') {
    const ast = doc.parsed.ast;
    if (ast.position) add(ast.position.range.start.line, ast.position.range.end.line);
    for (const s of ast.phases) {
      add(s.range.start.line, s.range.end.line);
      s.powers.forEach((w, k) => {
        const next = s.powers[k + 1];
        const orders = s.orders.filter((o) => o.power === w && (!next || o.range.start.offset < next.range.start.offset));
        const last = orders[orders.length - 1];
        if (last) add(w.range.start.line, last.range.end.line);
      });
      for (const e of s.expect) add(e.range.start.line, e.range.end.line);
    }
    for (const d of ast.declare) {
      add(d.range.start.line, d.range.end.line);
      for (const e of d.expect) add(e.range.start.line, e.range.end.line);
    }
    // Runs of comment lines.
    let first = -1;
    for (let l = 0; l <= doc.lines.count; l++) {
      const isComment = l < doc.lines.count && /^\s*\/\//.test(doc.lines.lineText(l));
      if (isComment && first < 0) first = l;
      if (!isComment && first >= 0) {
        add(first, l - 1, FoldingRangeKind.Comment);
        first = -1;
      }
    }
  } else {
    const stack: number[] = [];
    let prevComment: { start: number; end: number } | undefined;
    for (const t of scanMap(doc.text)) {
      if (t.kind === 'comment') {
        const s = doc.lines.lineOf(t.start);
        const e = doc.lines.lineOf(t.end - 1);
        if (t.text.startsWith('/*')) add(s, e, FoldingRangeKind.Comment);
        else if (prevComment && prevComment.end === s - 1) prevComment.end = s;
        else {
          if (prevComment) add(prevComment.start, prevComment.end, FoldingRangeKind.Comment);
          prevComment = { start: s, end: s };
        }
        continue;
      }
      if (t.text === '{') stack.push(doc.lines.lineOf(t.start));
      else if (t.text === '}') {
        const s = stack.pop();
        if (s !== undefined) add(s, doc.lines.lineOf(t.start) - (doc.lines.lineText(doc.lines.lineOf(t.start)).trim().startsWith('}') ? 1 : 0));
      }
    }
    if (prevComment) add(prevComment.start, prevComment.end, FoldingRangeKind.Comment);
  }
  // One range per start line (clients keep the first).
  const seen = new Set<number>();
  return out.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine).filter((r) => (seen.has(r.startLine) ? false : (seen.add(r.startLine), true)));
}
