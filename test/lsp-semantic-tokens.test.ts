/**
 * Semantic tokens as the editor asks for them: the whole document's (encoded
 * relative to the token before, decoded here by an oracle of its own), a range
 * of lines (equal to the whole document's tokens on those lines, for random
 * ranges of games and a map), and deltas (the one edit between two answers,
 * applied here, gives the new answer).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { semanticTokens, semanticTokensRange, tokenSpans } from '@dipforge/lsp';
import { oneEdit, TokenResults } from '../packages/lsp/src/features/token-results.js';
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

  it('a range: the whole document\'s tokens on its lines, for 40 random ranges of each file', () => {
    const ws = workspace();
    const r = rng(19);
    for (const f of files) {
      const doc = put(ws, f, readFileSync(f, 'utf8'));
      const all = decode(semanticTokens(doc).data);
      for (let k = 0; k < 40; k++) {
        const from = r(doc.lines.count + 2);
        const to = from + r(120);
        const wanted = all.filter((t) => {
          const line = Number(t.split(':')[0]);
          return line >= from && line <= to;
        });
        expect(decode(semanticTokensRange(doc, { start: { line: from }, end: { line: to } }).data), `${f} ${from}-${to}`).toEqual(wanted);
      }
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
