/**
 * The game's result is judged through one cache per board and rules (outcome-cache.ts,
 * `OutcomeCache.of`), shared by every game judged on them, as the games of a folder are in
 * `dipforge test`. Every game file of the project (test/ and variants/) is played after all the
 * others with one workspace, in one order and in the other, and alone with a workspace of its own:
 * each phase's result and scores, the winner and the victory lines' expectations must not depend
 * on what the games played before left in the cache.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gameFiles } from './helpers/game-files.js';
import { GameWorkspace, runGameText, type GameRun } from '@dipforge/dsl';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FILES = [...gameFiles(join(ROOT, 'test')), ...gameFiles(join(ROOT, 'variants'))];

/** What a run judged: each phase's result and scores, the winner, and the expectations that are not about units or owners. */
function judged(run: GameRun): string {
  return JSON.stringify({
    phases: run.phases.map((p) => ({ outcome: p.victory?.outcome, scores: p.victory?.scores })),
    winner: run.winner,
    victory: run.expectations.filter((e) => !/^(units|dislodged|owners) /.test(e.what)).map((e) => [e.what, e.ok, e.message]),
  });
}

describe('the game result judged through a cache shared by games', () => {
  it('is the same after any games as for a game played alone', () => {
    const texts = FILES.map((f) => readFileSync(f, 'utf8'));
    const alone = FILES.map((f, i) => judged(runGameText(texts[i] as string, f, new GameWorkspace(), { headless: true })));
    const forward = new GameWorkspace();
    const backward = new GameWorkspace();
    const afterOthers = FILES.map((f, i) => judged(runGameText(texts[i] as string, f, forward, { headless: true })));
    const reversed = FILES.map((_, k) => FILES.length - 1 - k).map((i) => [i, judged(runGameText(texts[i] as string, FILES[i] as string, backward, { headless: true }))] as const);
    const wrong = FILES.filter((f, i) => afterOthers[i] !== alone[i]);
    for (const [i, got] of reversed) if (got !== alone[i]) wrong.push(`${FILES[i]} (after the files that follow it)`);
    expect(wrong).toEqual([]);
    // Games that end with a result were among them (else only games without one were compared).
    expect(alone.filter((j) => j.includes('"over":true')).length).toBeGreaterThan(20);
  });
});
