/**
 * Semantic tokens answered before a game is played: the tokens read from the
 * parse and the header (`tokenDoc`) equal those of the played game, on games
 * of every kind (a long one, declare blocks, the old rules, orders in other
 * languages, a map of a variant); the play that follows uses the same parse.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Cancelled, Workspace, type GameDoc } from '../packages/lsp/src/workspace.js';
import { semanticTokens, semanticTokensRange } from '../packages/lsp/src/features/tokens.js';
import { tokenDoc } from '../packages/lsp/src/features/token-game.js';
import { ROOT } from '../packages/lsp/test/harness.js';
import { DECLARE, EXAMPLE, fileUri, POSTAL, RANDOM_100 } from '../packages/lsp/test/util.js';

const GAMES = [RANDOM_100, DECLARE, POSTAL, EXAMPLE, ...['fi', 'ja', 'zh'].map((l) => join(ROOT, `test/editor-languages/${l}-hover-and-spellings.dipgame`)), join(ROOT, 'test/editor-languages/zh-old-rules-lists.dipgame')];

describe('semantic tokens before the play', () => {
  for (const file of GAMES) {
    it(`${file.split('/').pop()}: the tokens of the parse and header equal the played game's, and the play reuses the parse`, () => {
      const ws = new Workspace();
      const uri = fileUri(file);
      const text = readFileSync(file, 'utf8');
      ws.openDocument(uri, text, 1);
      const early = tokenDoc(ws, uri);
      if (early?.kind !== 'game') throw new Error('no game');
      const before = semanticTokens(early).data;
      const range = semanticTokensRange(early, { start: { line: 10 }, end: { line: 60 } }).data;
      // Not played yet: a play asked for now would have to run, and stops at once when cancelled.
      expect(() => ws.docByUri(uri, () => true)).toThrow(Cancelled);
      const played = ws.docByUri(uri) as GameDoc;
      expect(played.adjudicated).toBeGreaterThan(0);
      expect(played.parsed).toBe(early.parsed);
      expect(before.length).toBeGreaterThan(0);
      expect(before).toEqual(semanticTokens(played).data);
      expect(range).toEqual(semanticTokensRange(played, { start: { line: 10 }, end: { line: 60 } }).data);
      // The same state is kept while nothing changes; an edit gives the new text's tokens.
      expect(tokenDoc(ws, uri)).toBe(early);
      const edited = text.replace(/\n(\s+)(\S)/, '\n$1// a note\n$1$2');
      ws.changeDocument(uri, edited, 2);
      const after = tokenDoc(ws, uri);
      if (after?.kind !== 'game') throw new Error('no game');
      expect(after.text).toBe(edited);
      expect(semanticTokens(after).data).toEqual(semanticTokens(ws.docByUri(uri) as GameDoc).data);
    });
  }
});
