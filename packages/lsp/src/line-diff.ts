/**
 * The text edits that turn one text into another, line by line (Myers' O(ND)
 * difference): a rewrite of a whole document (a game converted to another
 * edition) is sent as the lines it changes, so that the editor keeps the
 * cursor, folds and marks of the lines it leaves alone, and one undo takes the
 * rewrite back.
 */
import type { Position, TextEdit } from 'vscode-languageserver';

/** Past this many differing lines the middle of the text is replaced as one block (the search is quadratic in them). */
const MAX_DIFFERENCES = 2000;

/** The lines of a text, each with its line break (\n, \r\n or a lone \r, as the protocol counts lines). */
function linesOf(text: string): string[] {
  const out = text.split(/(?<=\n)|(?<=\r)(?!\n)/u);
  return out.length === 1 && out[0] === '' ? [] : out;
}

/**
 * Pairs of equal lines (indexes into a and b), in order: a longest common
 * subsequence of the lines; undefined when they differ in more than
 * MAX_DIFFERENCES lines. Each round keeps only the diagonals it reached
 * (k from -d-1 to d+1), so the trace grows with the differences, not the text.
 */
function commonLines(a: readonly string[], b: readonly string[]): [number, number][] | undefined {
  const n = a.length;
  const m = b.length;
  const offset = n + m + 1;
  const v = new Int32Array(2 * offset + 1);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(n + m, MAX_DIFFERENCES); d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, n, m);
    }
  }
  return undefined;
}

function backtrack(trace: readonly Int32Array[], d: number, n: number, m: number): [number, number][] {
  const pairs: [number, number][] = [];
  let x = n;
  let y = m;
  for (let e = d; e > 0; e--) {
    const round = trace[e] as Int32Array;
    const at = (k: number): number => round[k + e + 1]!;
    const k = x - y;
    const prevK = k === -e || (k !== e && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) pairs.push([--x, --y]);
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) pairs.push([--x, --y]);
  return pairs.reverse();
}

/** The edits (in `before`'s positions, not overlapping, in order) that make `before` read `after`. */
export function lineEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const a = linesOf(before);
  const b = linesOf(after);
  // The common start and end are cheap; the search runs on the middle only.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const pairs = (commonLines(midA, midB) ?? []).map(([i, j]): [number, number] => [i + head, j + head]);
  pairs.push([a.length - tail, b.length - tail]);

  const end = endOf(a);
  const at = (line: number): Position => (line < a.length ? { line, character: 0 } : end);
  const edits: TextEdit[] = [];
  let i = head;
  let j = head;
  for (const [pi, pj] of pairs) {
    if (pi > i || pj > j) edits.push({ range: { start: at(i), end: at(pi) }, newText: b.slice(j, pj).join('') });
    i = pi + 1;
    j = pj + 1;
  }
  return edits;
}

/** The end of a text given as its lines: after the last line break, or at the end of an unfinished last line. */
function endOf(lines: readonly string[]): Position {
  const last = lines[lines.length - 1];
  if (last === undefined) return { line: 0, character: 0 };
  return last.endsWith('\n') || last.endsWith('\r') ? { line: lines.length, character: 0 } : { line: lines.length - 1, character: last.length };
}
