/**
 * `dipforge bench --process`'s whole-process figures, taken with one run of each command so that
 * the test stays short: the figures are present and consistent with each other, and a folder
 * whose games do not all pass makes the figures fail instead of timing a failing run. No time is
 * asserted: the figures are benchmarks, not tests.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { processFigures, processLines } from '../packages/cli/src/commands/bench-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLASSIC = join(ROOT, 'variants', 'classic', 'classic.dipmap');
const GAME = readFileSync(join(ROOT, 'variants', 'classic', 'examples', '1901.dipgame'), 'utf8');
const PHASES = GAME.split('\n').filter((l) => l.startsWith('phase ')).length;

describe('dipforge bench --process', () => {
  it('times start-up against node -e 0 and dipforge test over the games it writes', () => {
    const p = processFigures(() => [GAME, GAME], 2 * PHASES, CLASSIC, 1);
    expect(p.runs).toBe(1);
    expect(p.nodeMs).toBeGreaterThan(0);
    for (const f of [p.version, p.check]) {
      expect(f.medianMs).toBeGreaterThan(0);
      expect(f.ratio).toBeGreaterThan(0);
    }
    expect(p.test.games).toBe(2);
    expect(p.test.phases).toBe(2 * PHASES);
    expect(p.test.medianMs).toBeGreaterThan(0);
    expect(p.test.phasesPerSecond).toBe(Math.round((p.test.phases / p.test.medianMs) * 1000));
    expect(p.testJobs2.identical).toBe(true);
    expect(p.testJobs2.phasesPerSecond).toBe(Math.round((p.test.phases / p.testJobs2.medianMs) * 1000));
    // One run each: the ratio is that run's, the one thread's time over the two threads'.
    expect(p.testJobs2.ratio).toBeCloseTo(p.test.medianMs / p.testJobs2.medianMs, 1);
    const lines = processLines(p).join('\n');
    expect(lines).toContain(`${p.version.ratio.toFixed(2)}× node`);
    expect(lines).toContain(`${p.test.phasesPerSecond} phases/s`);
    expect(lines).toContain(`${p.testJobs2.ratio.toFixed(2)}× one thread, output identical`);
  });

  it('fails when a game of the folder does not pass', () => {
    // The fall's expectation says Vienna's army is still there, which the game's moves contradict.
    const failing = `${GAME}\nexpect\n  units austria: A vie, A ser, F alb, A bud\n`;
    expect(() => processFigures(() => [GAME, failing], 2 * PHASES, CLASSIC, 1)).toThrow(/exited 1/);
  });
});
