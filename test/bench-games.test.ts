/**
 * The bench's checked games (the set `dipforge bench --process` times `dipforge test` on): the game
 * runner, reading the text, meets every expectation the writer took from the engine directly; the
 * file checks every phase (results of moves and retreats, units and owners after each phase); and
 * a result or a position changed in the text is caught, so the expectations are real checks.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileMapFile, GameWorkspace, runGameText } from '@dipforge/dsl';
import { compileBoard } from '@dipforge/engine';
import { checkedGameText, gameText } from '../packages/cli/src/commands/bench-games.js';
import { playRandomGame as play } from './helpers/random-game.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const config = compileMapFile(join(ROOT, 'variants', 'classic', 'classic.dipmap')).config!;
const board = compileBoard(config);
const rules = config.rules;
const PATH = join(ROOT, 'bench-games-test.dipgame');

describe('the bench checked games', () => {
  const workspace = new GameWorkspace();
  for (const seed of [1, 19_000, 424_242]) {
    it(`meet every expectation, one block a phase (seed ${seed})`, () => {
      const record = play(board, rules, seed, 24);
      const text = checkedGameText(board, rules, record, 'variant classic', 1, 1, false);
      const run = runGameText(text, PATH, workspace);
      expect(run.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(run.complete).toBe(true);
      expect(run.expectations.filter((e) => !e.ok)).toEqual([]);
      // Each written phase has its expect block: units, and owners for each of the seven powers.
      const written = run.phases.filter((p) => p.section);
      expect(written.length).toBe(record.phases.length);
      for (const p of written) expect(p.section!.expect.length).toBe(1);
      const checked = new Set(run.expectations.map((e) => e.phase));
      expect(checked.size).toBe(written.length);
      expect(run.expectations.filter((e) => e.what.startsWith('owners ')).length).toBe(7 * written.length);
      const results = run.expectations.filter((e) => /\[(succeeds|fails)\]$/.test(e.what));
      expect(results.length).toBeGreaterThan(0);
      expect(results.some((e) => e.what.endsWith('[fails]'))).toBe(true);
      // The orders are those of the orders-only form, line for line.
      const orders = (t: string): string[] => t.split('\n').filter((l) => l.startsWith('    ')).map((l) => l.replace(/ \[(succeeds|fails)\]$/, ''));
      expect(orders(text)).toEqual(orders(gameText(board, record, 'variant classic', 1, 1, false)));
    });
  }

  it('are caught when a result or a position in the text is changed', () => {
    const text = checkedGameText(board, rules, play(board, rules, 7, 12), 'variant classic', 1, 1, false);
    const flipped = text.replace('[succeeds]', '[fails]');
    expect(flipped).not.toBe(text);
    expect(runGameText(flipped, PATH, workspace).expectations.filter((e) => !e.ok)).toHaveLength(1);
    // The first owners line of Austria loses its first centre.
    const owners = text.replace(/( {2}owners austria: )[a-z]+, /, '$1');
    expect(owners).not.toBe(text);
    const failed = runGameText(owners, PATH, workspace).expectations.filter((e) => !e.ok);
    expect(failed.map((e) => e.what)).toEqual(['owners austria']);
  });
});
