/**
 * Semantic tokens after edits: what a workspace that has answered for earlier
 * states of a game answers (its finds per order text are shared between
 * states) equals what a fresh workspace answers on the same text: the whole
 * document's tokens, a range's, and the previous answer with the delta
 * applied. Random edits of a 100-phase game and of a game with declare blocks
 * (lines typed into, cut, doubled, removed, given comments).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { depth } from './helpers/depth.js';
import { semanticTokens, semanticTokensRange, Workspace } from '@dipforge/lsp';
import type { SemanticTokens, SemanticTokensDelta } from 'vscode-languageserver';
import { TokenResults } from '../packages/lsp/src/features/token-results.js';
import { DECLARE, fileUri, put, RANDOM_100, rng } from '../packages/lsp/test/util.js';

/** A person's edit of one line: a character typed or deleted, an order made a hold, a line doubled or removed, a comment. */
function edit(lines: string[], r: (n: number) => number): void {
  const i = r(lines.length);
  const line = lines[i]!;
  const at = r(line.length + 1);
  switch (r(6)) {
    case 0:
      lines[i] = `${line.slice(0, at)}${'ab -:/"'.charAt(r(7))}${line.slice(at)}`;
      break;
    case 1:
      lines[i] = `${line.slice(0, at)}${line.slice(at + 1 + r(3))}`;
      break;
    case 2:
      lines[i] = line.replace(/^(\s+[AF] \S+)\s.*$/, '$1 H');
      break;
    case 3:
      lines.splice(i, 0, line);
      break;
    case 4:
      lines.splice(i, 1);
      break;
    default:
      lines[i] = `${line} // ${['a note', '"quoted // not a comment"', 'A par - bur'][r(3)]}`;
  }
}

function applied(previous: readonly number[], answer: SemanticTokens | SemanticTokensDelta): number[] {
  if ('data' in answer) return [...answer.data];
  let data = [...previous];
  for (const e of [...answer.edits].sort((a, b) => b.start - a.start)) data = [...data.slice(0, e.start), ...(e.data ?? []), ...data.slice(e.start + e.deleteCount)];
  return data;
}

describe('semantic tokens after edits', () => {
  // The fresh workspace plays the whole game each time: fewer edits of the long game.
  // `npm test` makes the first edits of each (5 and 10), the slow run all of them.
  for (const [file, seed, edits] of [
    [RANDOM_100, 1, depth(5, 15)],
    [DECLARE, 2, depth(10, 40)],
  ] as const) {
    it(`${file.split('/').pop()}: ${edits} random edits, each answer equal to a fresh workspace's`, () => {
      const ws = new Workspace();
      const uri = fileUri(file);
      const lines = readFileSync(file, 'utf8').split('\n');
      const results = new TokenResults();
      let previous = results.full(uri, semanticTokens(put(ws, file, lines.join('\n'))));
      let data = [...previous.data];
      const r = rng(seed);
      for (let n = 0; n < edits; n++) {
        edit(lines, r);
        const text = lines.join('\n');
        const doc = put(ws, file, text);
        const fresh = put(new Workspace(), file, text);
        const want = semanticTokens(fresh).data;
        expect(semanticTokens(doc).data, `edit ${n}`).toEqual(want);
        const answer = results.delta(uri, previous.resultId!, semanticTokens(doc));
        data = applied(data, answer);
        expect(data, `delta ${n}`).toEqual(want);
        previous = { resultId: answer.resultId!, data };
        const from = r(lines.length);
        const range = { start: { line: from }, end: { line: from + r(80) } };
        expect(semanticTokensRange(doc, range).data, `range ${n}`).toEqual(semanticTokensRange(fresh, range).data);
      }
      expect(data.length).toBeGreaterThan(100);
    }, 300_000);
  }
});
