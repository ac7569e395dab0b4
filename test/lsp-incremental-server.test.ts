/**
 * The language server's incremental path, over stdio as an editor drives it:
 * after a random sequence of edits (each an incremental change; some followed
 * at once by a completion, a hover or a range of semantic tokens, before the
 * change's diagnostics), everything the editor shows equals what a fresh
 * server opened on the final text shows: diagnostics, inlay hints, hovers on
 * every order of the late phases, semantic tokens (in full, by range, and as
 * the previous answer with the server's delta applied).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depth } from './helpers/depth.js';
import {
  CompletionRequest,
  HoverRequest,
  InlayHintRequest,
  SemanticTokensDeltaRequest,
  SemanticTokensRangeRequest,
  SemanticTokensRequest,
  type SemanticTokens,
  type SemanticTokensDelta,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol';
import { startStdio, type StdioClient } from '../packages/lsp/test/harness.js';
import { fileUri, RANDOM_100, rng, WS } from '../packages/lsp/test/util.js';

/** One edit a person makes, as a change of one line's characters (`line` may be a new line's place). */
type Change = TextDocumentContentChangeEvent & { range: { start: { line: number; character: number }; end: { line: number; character: number } } };

function randomEdit(lines: string[], r: (n: number) => number): Change {
  // Mostly in the late phases, where edits re-play the least and mistakes show longest.
  const i = r(4) === 0 ? r(lines.length) : lines.length - 1 - r(Math.floor(lines.length / 4));
  const line = lines[i] ?? '';
  const whole = (text: string) => ({ range: { start: { line: i, character: 0 }, end: { line: i, character: line.length } }, text });
  switch (r(8)) {
    case 0: {
      // An order made a hold: its result, and the game after it, change.
      const m = /^(\s+[AF] \S+)\s/.exec(line);
      return whole(m ? `${m[1]} H` : line);
    }
    case 1: {
      // A support's supported unit changed.
      return whole(line.replace(/ S ([AF]) (\S+)/, (_, u: string) => ` S ${u} bur`));
    }
    case 2: {
      // A character typed.
      const at = r(line.length + 1);
      return { range: { start: { line: i, character: at }, end: { line: i, character: at } }, text: 'abcs -:'.charAt(r(7)) };
    }
    case 3: {
      // Characters deleted.
      const at = r(line.length);
      return { range: { start: { line: i, character: at }, end: { line: i, character: Math.min(line.length, at + 1 + r(3)) } }, text: '' };
    }
    case 4:
      // A line removed (with its line break).
      return { range: { start: { line: i, character: 0 }, end: { line: i + 1, character: 0 } }, text: '' };
    case 5:
      // A line duplicated.
      return { range: { start: { line: i, character: 0 }, end: { line: i, character: 0 } }, text: `${line}\n` };
    case 6:
      return { range: { start: { line: i, character: line.length }, end: { line: i, character: line.length } }, text: ' // note' };
    default:
      // Two letters swapped.
      return whole(line.replace(/\b(\w)(\w)/, '$2$1'));
  }
}

/** A change applied to the lines, as the server's document applies it. */
function apply(lines: string[], c: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }): string[] {
  const text = lines.join('\n');
  const offset = (p: { line: number; character: number }): number => {
    let o = 0;
    for (let l = 0; l < p.line && l < lines.length; l++) o += (lines[l] as string).length + 1;
    return Math.min(text.length, o + Math.min(p.character, (lines[p.line] ?? '').length));
  };
  return (text.slice(0, offset(c.range.start)) + c.text + text.slice(offset(c.range.end))).split('\n');
}

/** Tokens data after a delta's edits. */
function applyDelta(data: readonly number[], delta: SemanticTokens | SemanticTokensDelta): number[] {
  if ('data' in delta) return [...delta.data];
  let out = [...data];
  for (const e of [...delta.edits].sort((a, b) => b.start - a.start)) out = [...out.slice(0, e.start), ...(e.data ?? []), ...out.slice(e.start + e.deleteCount)];
  return out;
}

let edited: StdioClient;
let fresh: StdioClient;

beforeAll(async () => {
  [edited, fresh] = await Promise.all([startStdio([WS]), startStdio([WS])]);
}, 60_000);

afterAll(async () => {
  await Promise.all([edited?.close(), fresh?.close()]);
});

describe('the incremental server equals a fresh one on the final text', () => {
  const original = readFileSync(RANDOM_100, 'utf8');
  // `npm test` makes the first 10 edits of each seed, the slow run all 40.
  const edits = depth(10, 40);
  for (const seed of [1, 2]) {
    it(`seed ${seed}: ${edits} random edits, some answered before their re-play`, async () => {
      const r = rng(seed * 7919);
      const uri = fileUri(RANDOM_100).replace(/\.dipgame$/, `-edited-${seed}.dipgame`);
      let lines = original.split('\n');
      await edited.open(uri, original);
      const first = (await edited.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } })) as SemanticTokens;
      let tokens = first.data;
      let resultId = first.resultId;
      for (let n = 0; n < edits; n++) {
        const change = randomEdit(lines, r);
        lines = apply(lines, change);
        const published = edited.change(uri, [change]);
        // A request right after the change, before its diagnostics: it must see the new text.
        const at = { line: change.range.start.line, character: change.range.start.character + change.text.length };
        const kind = r(4);
        if (kind === 0) await edited.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: at });
        else if (kind === 1) await edited.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at });
        else if (kind === 2) await edited.connection.sendRequest(SemanticTokensRangeRequest.type, { textDocument: { uri }, range: { start: { line: at.line, character: 0 }, end: { line: at.line + 40, character: 0 } } });
        await published;
        if (n % 10 === 9 && resultId !== undefined) {
          const delta = await edited.connection.sendRequest(SemanticTokensDeltaRequest.type, { textDocument: { uri }, previousResultId: resultId });
          if (!delta) throw new Error('no answer to a delta request');
          tokens = applyDelta(tokens, delta);
          resultId = delta.resultId;
        }
      }
      const text = lines.join('\n');
      const freshUri = uri.replace(/-edited-/, '-fresh-');
      const [a, b] = [await edited.diagnostics(uri, edited.version(uri)), await fresh.open(freshUri, text)];
      expect(a.diagnostics).toEqual(b.diagnostics);

      const whole = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
      const hints = async (c: StdioClient, u: string) => c.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri: u }, range: whole });
      const hintsA = await hints(edited, uri);
      expect(hintsA?.length ?? 0).toBeGreaterThan(100);
      expect(hintsA).toEqual(await hints(fresh, freshUri));

      // Hovers on the unit of every order line of the last quarter.
      let hovers = 0;
      for (let i = Math.floor((lines.length * 3) / 4); i < lines.length; i++) {
        if (!/^\s+[AF] \S/.test(lines[i] as string)) continue;
        const position = { line: i, character: (lines[i] as string).search(/\S/) + 3 };
        const ha = await edited.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
        const hb = await fresh.connection.sendRequest(HoverRequest.type, { textDocument: { uri: freshUri }, position });
        expect(ha, `hover at line ${i}`).toEqual(hb);
        if (ha) hovers++;
      }
      expect(hovers).toBeGreaterThan(20);

      // Semantic tokens: in full, the delta-applied copy, and ranges.
      const fullA = (await edited.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } })) as SemanticTokens;
      const fullB = (await fresh.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri: freshUri } })) as SemanticTokens;
      expect(fullA.data).toEqual(fullB.data);
      if (resultId !== undefined) {
        const delta = await edited.connection.sendRequest(SemanticTokensDeltaRequest.type, { textDocument: { uri }, previousResultId: resultId });
        if (!delta) throw new Error('no answer to a delta request');
        expect(applyDelta(tokens, delta)).toEqual(fullB.data);
      }
      const range = { start: { line: lines.length - 120, character: 0 }, end: { line: lines.length - 40, character: 0 } };
      const rangeA = (await edited.connection.sendRequest(SemanticTokensRangeRequest.type, { textDocument: { uri }, range })) as SemanticTokens;
      const rangeB = (await fresh.connection.sendRequest(SemanticTokensRangeRequest.type, { textDocument: { uri: freshUri }, range })) as SemanticTokens;
      expect(rangeA.data.length).toBeGreaterThan(100);
      expect(rangeA.data).toEqual(rangeB.data);
    }, 240_000);
  }
});
