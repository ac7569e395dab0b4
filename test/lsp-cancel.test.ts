/**
 * Request cancellation: a replay of a game asks `GameOptions.cancelled`
 * between phase sections and stops there (the partial run is never taken for
 * the document's state); the server answers a request cancelled before it
 * runs with RequestCancelled, and goes on answering the others.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CancellationTokenSource, CompletionRequest, HoverRequest, LSPErrorCodes, ResponseError } from 'vscode-languageserver-protocol';
import { compileMapFile, GameWorkspace, parseGame, runGame } from '@dipforge/dsl';
import { compileBoard } from '@dipforge/engine';
import { Cancelled, type GameDoc } from '@dipforge/lsp';
import { gameText } from '../packages/cli/src/commands/bench-games.js';
import { CLASSIC_MAP, startStdio } from '../packages/lsp/test/harness.js';
import { playRandomGame } from './helpers/random-game.js';
import { FIXTURES, fileUri, put, RANDOM_100, workspace } from '../packages/lsp/test/util.js';

/** The lines where phases start. */
function phaseLinesOf(text: string): number[] {
  return text.split('\n').flatMap((l, i) => (l.startsWith('phase ') ? [i] : []));
}

/** Every order of the first phase becomes a hold: the whole game after it differs, a long replay. */
function holdFirstPhase(text: string): string {
  const lines = text.split('\n');
  const [first, second] = phaseLinesOf(text) as [number, number];
  return lines.map((l, i) => (i > first && i < second && /^ {4}[AF] /.test(l) ? l.replace(/^(\s+[AF] \S+).*$/, '$1 H') : l)).join('\n');
}

const text = readFileSync(RANDOM_100, 'utf8');
const edited = holdFirstPhase(text);

/**
 * A random game of 500 phases (some 13,000 lines), as `dipforge bench --write-games` writes one:
 * replaying it keeps the server busy for tens of milliseconds even on a fast adjudicator, long
 * enough for a cancellation sent meanwhile to arrive first.
 */
function longGame(): string {
  const config = compileMapFile(CLASSIC_MAP).config!;
  const board = compileBoard(config);
  return gameText(board, playRandomGame(board, config.rules, 1, 500), 'variant classic', 1, 1, false);
}

describe('cancellation', () => {
  it('a run stops between phase sections when asked, and a stopped run can be carried on', () => {
    const gw = new GameWorkspace();
    const parsed = parseGame(text, RANDOM_100);
    let asked = 0;
    const partial = runGame(parsed, gw, { cancelled: () => ++asked > 10 });
    expect(partial.cancelled).toBe(true);
    expect(partial.complete).toBe(false);
    expect(partial.phases.filter((p) => p.section).length).toBe(10);
    const full = runGame(parsed, gw);
    expect(full.cancelled).toBeUndefined();
    let count = 0;
    const carried = runGame(parsed, gw, { reuse: { run: partial, sections: 10 }, onAdjudicate: () => void count++ });
    expect(carried.complete).toBe(true);
    expect(count).toBe(full.phases.length - (carried.reused ?? 0));
    expect(JSON.stringify(carried.phases.map((p) => p.result.next))).toBe(JSON.stringify(full.phases.map((p) => p.result.next)));
  });

  it('the document store throws Cancelled and keeps no partial state', () => {
    const ws = workspace();
    put(ws, RANDOM_100, text);
    const uri = fileUri(RANDOM_100);
    ws.changeDocument(uri, edited, 1000);
    let asked = 0;
    expect(() => ws.docByUri(uri, () => ++asked > 5)).toThrow(Cancelled);
    expect(asked).toBe(6);
    const doc = ws.docByUri(uri) as GameDoc;
    expect(doc.run.complete).toBe(true);
    const full = runGame(parseGame(edited, RANDOM_100), new GameWorkspace());
    expect(JSON.stringify(doc.run.phases.map((p) => p.result.next))).toBe(JSON.stringify(full.phases.map((p) => p.result.next)));
    // A request not cancelled does not ask again once the state is known.
    expect(ws.docByUri(uri, () => true)).toBe(doc);
  });

  it('over stdio: a request cancelled while the server is busy is answered RequestCancelled; the others are answered', async () => {
    const long = longGame();
    const client = await startStdio();
    try {
      const uri = fileUri(join(FIXTURES, 'long-cancel.dipgame'));
      await client.open(uri, long);
      const at = { line: (phaseLinesOf(long)[249] as number) + 2, character: 6 };
      // A change that needs a long replay, then a request that waits for it…
      void client.change(uri, [{ text: holdFirstPhase(long) }]);
      const busy = client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at });
      // …and one cancelled at once, while the first one is being answered.
      const source = new CancellationTokenSource();
      const cancelled = client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: at }, source.token);
      source.cancel();
      const error = await cancelled.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ResponseError);
      expect((error as ResponseError<unknown>).code).toBe(LSPErrorCodes.RequestCancelled);
      const hover = await busy;
      expect(hover?.contents).toBeDefined();
      const after = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: at });
      expect(Array.isArray(after) ? after.length : (after?.items.length ?? 0)).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  }, 60_000);
});
