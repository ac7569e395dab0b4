/**
 * Semantic tokens as the editor asks for them: the whole document's (encoded
 * relative to the token before, decoded here by an oracle of its own), a range
 * of lines (equal to the whole document's tokens on those lines, for random
 * ranges of games and a map; ranges that cut a file into consecutive pieces
 * give, one after the other, the whole document's tokens), deltas (the one edit
 * between two answers, applied here, gives the new answer), and the spans put
 * in order whatever order they were found in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { semanticTokens, semanticTokensRange, tokenSpans } from '@dipforge/lsp';
import { oneEdit, TokenResults } from '../packages/lsp/src/features/token-results.js';
import { SpanBuffer } from '../packages/lsp/src/features/token-spans.js';
import { legend } from '@dipforge/lsp';
import { DECLARE, EXAMPLE, POSTAL, put, RANDOM_100, rng, WS, workspace } from '../packages/lsp/test/util.js';

/** Absolute tokens from the protocol's relative integers. */
function decode(data: readonly number[]): string[] {
  const out: string[] = [];
  let line = 0;
  let character = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i]!;
    character = data[i]! === 0 ? character + data[i + 1]! : data[i + 1]!;
    out.push(`${line}:${character}:${data[i + 2]}:${legend.tokenTypes[data[i + 3]!]}:${data[i + 4]}`);
  }
  return out;
}

const files = [RANDOM_100, DECLARE, POSTAL, EXAMPLE, join(WS, 'a.dipgame'), join(WS, 'tiny.dipmap')];

describe('semantic tokens', () => {
  it('the whole document: the encoded integers decode to the spans', () => {
    const ws = workspace();
    for (const f of files) {
      const doc = put(ws, f, readFileSync(f, 'utf8'));
      const spans = tokenSpans(doc).map((s) => `${s.line}:${s.character}:${s.length}:${s.type}:${s.declaration ? 1 : 0}`);
      expect(spans.length, f).toBeGreaterThan(5);
      expect(decode(semanticTokens(doc).data), f).toEqual(spans);
    }
  });

  it('a range: the whole document\'s tokens on its lines, for 40 random ranges of each file; consecutive ranges over the file give them all', () => {
    const ws = workspace();
    const r = rng(19);
    for (const f of files) {
      const doc = put(ws, f, readFileSync(f, 'utf8'));
      const all = decode(semanticTokens(doc).data);
      const range = (from: number, to: number): string[] => decode(semanticTokensRange(doc, { start: { line: from }, end: { line: to } }).data);
      for (let k = 0; k < 40; k++) {
        const from = r(doc.lines.count + 2);
        const to = from + r(120);
        const wanted = all.filter((t) => {
          const line = Number(t.split(':')[0]);
          return line >= from && line <= to;
        });
        expect(range(from, to), `${f} ${from}-${to}`).toEqual(wanted);
      }
      // The file cut into consecutive ranges (of a few lines, then of up to 150): their tokens one after the other.
      for (let k = 0; k < 5; k++) {
        const pieces: string[] = [];
        for (let from = 0; from < doc.lines.count; ) {
          const to = from + r(k === 0 ? 3 : 150);
          pieces.push(...range(from, to));
          from = to + 1;
        }
        expect(pieces, f).toEqual(all);
      }
    }
  });

  it('spans found in any order: put in order by start, the longer first, overlaps dropped, split at line breaks', () => {
    const r = rng(31);
    for (let k = 0; k < 300; k++) {
      const lineText = Array.from({ length: 1 + r(6) }, () => 'x'.repeat(r(40))).join(r(2) ? '\n' : '\r\n');
      const starts: number[] = [0];
      for (let i = 0; i < lineText.length; i++) if (lineText[i] === '\n') starts.push(i + 1);
      const lines = { starts, text: lineText };
      // Spans with distinct (start, end): their order does not depend on the order they were found in.
      const seen = new Set<string>();
      const spans: [number, number, number][] = [];
      for (let n = r(80); n > 0; n--) {
        const s = r(lineText.length + 1);
        const e = s + r(12);
        if (seen.has(`${s}:${e}`)) continue;
        seen.add(`${s}:${e}`);
        spans.push([s, e, r(11)]);
      }
      const sorted = [...spans].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
      const shuffled = [...spans];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = r(i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      const encode = (list: [number, number, number][]): number[] => {
        const b = new SpanBuffer();
        for (const [s, e, t] of list) b.push(s, e, t);
        return b.encode(lines);
      };
      // The oracle: each span that starts after the last one kept ends, cut at line breaks.
      const want: string[] = [];
      let last = 0;
      for (const [s, e, t] of sorted) {
        if (e <= s || s < last) continue;
        last = e;
        for (let l = 0; l < starts.length; l++) {
          const ls = starts[l]!;
          let le = l + 1 < starts.length ? starts[l + 1]! - 1 : lineText.length;
          if (lineText[le - 1] === '\r') le--;
          const from = Math.max(s, ls);
          const to = Math.min(e, le);
          if (to > from) want.push(`${l}:${from - ls}:${to - from}:${legend.tokenTypes[t]}:0`);
        }
      }
      expect(decode(encode(shuffled)), `case ${k}`).toEqual(want);
      expect(encode(shuffled)).toEqual(encode(sorted));
    }
  });

  it('a delta: its one edit turns the previous answer into the new one', () => {
    const r = rng(7);
    for (let k = 0; k < 500; k++) {
      const shared = Array.from({ length: r(20) }, () => r(9));
      const tail = Array.from({ length: r(20) }, () => r(9));
      const a = [...shared, ...Array.from({ length: r(8) }, () => r(9)), ...tail];
      const b = r(10) === 0 ? [...a] : [...shared, ...Array.from({ length: r(8) }, () => r(9)), ...tail];
      const e = oneEdit(a, b);
      if (!e) {
        expect(b).toEqual(a);
        continue;
      }
      expect([...a.slice(0, e.start), ...(e.data ?? []), ...a.slice(e.start + e.deleteCount)]).toEqual(b);
      // The common start is kept, not sent again.
      expect(e.start).toBeGreaterThanOrEqual(shared.length);
    }
  });

  it('a delta on an answer that is not the last one kept is the whole tokens', () => {
    const results = new TokenResults();
    const first = results.full('u', { data: [0, 0, 3, 1, 0] });
    const second = results.delta('u', first.resultId!, { data: [0, 0, 3, 1, 0, 1, 0, 2, 2, 0] });
    expect(second).toEqual({ resultId: expect.any(String), edits: [{ start: 5, deleteCount: 0, data: [1, 0, 2, 2, 0] }] });
    expect(results.delta('u', first.resultId!, { data: [1, 1, 1, 1, 1] })).toEqual({ resultId: expect.any(String), data: [1, 1, 1, 1, 1] });
    results.forget('u');
    expect(results.delta('u', second.resultId!, { data: [] })).toEqual({ resultId: expect.any(String), data: [] });
  });
});
