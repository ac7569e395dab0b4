/**
 * The result a game run keeps after each phase (victory.ts through
 * outcome-cache.ts, which asks the engine again only when what it reads has
 * changed) is the engine's own judgement of that phase's position: on real
 * games, under rules that read the year whose fall set the owners and rules
 * that do not, and where centres change hands without changing any power's count.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileBoard, gameOutcome, scores, type Position } from '@dipforge/engine';
import { describe, expect, it } from 'vitest';
import { runGameText } from '../src/game/api.js';
import type { GameRun } from '../src/game/run.js';
import { GameWorkspace } from '../src/game/workspace.js';

const GAMES = ['diplomacy-network-1', 'random-sample-1'].map((name) => fileURLToPath(new URL(`../../../test/games/${name}.dipgame`, import.meta.url)));

/** The game text with `rules` after its edition line. */
function withRules(path: string, rules: readonly string[]): string {
  return readFileSync(path, 'utf8').replace(/^edition .*$/m, (line) => [line, ...rules.map((r) => `rule ${r}`)].join('\n'));
}

/** Checks each phase's kept result against a fresh judgement of its position; the number of phases whose result was a win. */
function expectFreshResults(run: GameRun): number {
  expect(run.config && run.rules).toBeTruthy();
  const board = compileBoard(run.config!);
  const rules = run.rules!;
  let won = 0;
  const judged = (position: Position) => {
    const outcome = gameOutcome(board, rules, position, { alliances: [] });
    return { outcome, scores: scores(board, rules, position, outcome) };
  };
  let over = false;
  for (const phase of run.phases) {
    const kept = phase.victory!;
    // A result stands once the game is over: later phases keep the one judged where it ended.
    if (over) {
      expect(kept.outcome.over).toBe(true);
      continue;
    }
    const fresh = judged(phase.result.next);
    expect(kept.outcome).toEqual(fresh.outcome);
    expect(kept.scores).toEqual(fresh.scores);
    over = kept.outcome.over;
    if (over) won++;
  }
  return won;
}

describe('the result kept after each phase is the engine judging that position', () => {
  const workspace = new GameWorkspace();

  it.each(GAMES)('%s: standard rules, sum-of-squares scores', (path) => {
    const run = runGameText(withRules(path, ['scoring sum-of-squares']), path, workspace);
    expect(run.phases.length).toBeGreaterThan(40);
    expectFreshResults(run);
  });

  it.each(GAMES)('%s: victory-year, which reads the year the owners were set (the leader wins once its fall is played)', (path) => {
    const run = runGameText(withRules(path, ['victory-year 1903', 'victory-ties shared']), path, workspace);
    // Counts are often the same from one year's winter to the next; the result still changes with the year.
    expect(run.outcome?.over).toBe(true);
    expect(run.outcome?.year).toBe(1903);
    expect(expectFreshResults(run)).toBeGreaterThan(0);
  });

  it.each(GAMES)('%s: victory-lead-year, whose lead needed shrinks year by year', (path) => {
    const run = runGameText(withRules(path, ['victory-lead-year 1920']), path, workspace);
    expectFreshResults(run);
  });

  it('centres changing hands with every count the same: the same result, judged on the new owners', () => {
    const text = `variant classic
rule scoring centres-plus-bonus

position fall 1901 movement
  england: F eng
  france: A pic
  owners england: lon, edi, lvp, bre
  owners france: par, mar, bel

phase fall 1901 movement
  england: F eng - bel
  france: A pic - bre
phase fall 1901 retreat
`;
    const run = runGameText(text, '/proj/swap.dipgame', workspace);
    expect(run.diagnostics).toEqual([]);
    const last = run.phases[run.phases.length - 1]!;
    expect(last.before.owners).not.toBe(last.result.next.owners);
    expect(last.result.next.owners).toMatchObject({ bel: 'england', bre: 'france' });
    expect(last.victory?.outcome.centres).toMatchObject({ england: 4, france: 3 });
    expect(last.victory?.scores.points).toMatchObject({ england: 4, france: 3 });
    expectFreshResults(run);
  });
});
