/**
 * `dipforge bench --process`: what a person waits for, timed as whole processes from outside.
 * Start-up (`dipforge --version`, `dipforge check` of the classic map) against `node -e 0` in the
 * same run, runs alternating (A B A B …) so that a change of load falls on both, each figure the
 * median of the pairwise ratios; and `dipforge test DIR` over a set of games of its own (`PROCESS_SET`)
 * written into a temporary folder (removed afterwards), in phases per second of wall time, on one
 * thread and with `--jobs 2` (alternating too), with whether the two printed the same.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from '../bench-stats.js';

/**
 * The games `dipforge test` is timed on: always the same, whatever the bench's other options, so
 * that the figure compares across runs and builds. As many games as the 300 imported real games
 * the goal was set on, each of up to `phases` phases that have something to order (fewer when a
 * power wins sooner), seeds `seed`, `seed + 1`, …, written with their results and expectations
 * (bench-games.ts `checkedGameText`), so that the checks are timed as in imported games.
 */
export const PROCESS_SET = { games: 300, phases: 30, seed: 19_000 } as const;

/** Counted runs of each command in the bench (after one warm-up run each, not counted). */
export const PROCESS_RUNS = 7;

/** The `dipforge` command of this installation, run with the same Node as the bench. */
const DIPFORGE = fileURLToPath(new URL('../../bin/dipforge.js', import.meta.url));

export interface ProcessFigures {
  /** Counted runs of each command. */
  runs: number;
  /** `node -e 0`, median wall milliseconds. */
  nodeMs: number;
  /** `dipforge --version`: median wall milliseconds, and the median of its ratios to `node -e 0` run by run. */
  version: { medianMs: number; ratio: number };
  /** `dipforge check` of the built-in classic map, the same way. */
  check: { medianMs: number; ratio: number };
  /** `dipforge test DIR` over `PROCESS_SET`'s games written to a temporary folder: one process, one thread. */
  test: { games: number; phases: number; medianMs: number; phasesPerSecond: number };
  /**
   * `dipforge test DIR --jobs 2` over the same folder: median wall milliseconds, phases per second,
   * the median of its speed-ups over one thread run by run, and whether its output was one thread's.
   */
  testJobs2: { medianMs: number; phasesPerSecond: number; ratio: number; identical: boolean };
}

/** Wall milliseconds and standard output of one run of `node ARGS`; throws when it does not exit 0. */
function runOut(args: readonly string[], cwd: string): { ms: number; out: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status ?? r.signal}: ${(r.stderr || r.stdout).slice(0, 300)}`);
  return { ms, out: r.stdout };
}

const run = (args: readonly string[], cwd: string): number => runOut(args, cwd).ms;

/** A against `node -e 0`, alternating, one warm-up each. */
function against(args: readonly string[], cwd: string, runs: number): { nodeMs: number[]; medianMs: number; ratio: number } {
  run(args, cwd);
  run(['-e', '0'], cwd);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    a.push(run(args, cwd));
    b.push(run(['-e', '0'], cwd));
  }
  const round = (v: number, d: number): number => Math.round(v * 10 ** d) / 10 ** d;
  return { nodeMs: b, medianMs: round(median(a), 1), ratio: round(median(a.map((x, i) => x / b[i]!)), 2) };
}

/**
 * The whole-process figures. `gamesIn(dir)` gives the `.dipgame` texts to test, written into the
 * folder `dir` (their variant line may be relative to it), `phases` how many phases they hold;
 * `classicMap` is the path of the built-in classic map.
 */
export function processFigures(gamesIn: (dir: string) => string[], phases: number, classicMap: string, runs = PROCESS_RUNS): ProcessFigures {
  const cwd = process.cwd();
  const version = against([DIPFORGE, '--version'], cwd, runs);
  const check = against([DIPFORGE, 'check', classicMap], cwd, runs);
  const dir = mkdtempSync(join(tmpdir(), 'dipforge-bench-'));
  try {
    const games = gamesIn(dir);
    const width = String(games.length).length;
    games.forEach((text, i) => writeFileSync(join(dir, `game-${String(i + 1).padStart(width, '0')}.dipgame`), text));
    const one = [DIPFORGE, 'test', dir];
    const two = [DIPFORGE, 'test', dir, '--jobs', '2'];
    const identical = runOut(one, cwd).out === runOut(two, cwd).out;
    const times: number[] = [];
    const times2: number[] = [];
    for (let i = 0; i < runs; i++) {
      times.push(run(one, cwd));
      times2.push(run(two, cwd));
    }
    const ms = median(times);
    const ms2 = median(times2);
    return {
      runs,
      nodeMs: Math.round(median([...version.nodeMs, ...check.nodeMs]) * 10) / 10,
      version: { medianMs: version.medianMs, ratio: version.ratio },
      check: { medianMs: check.medianMs, ratio: check.ratio },
      test: { games: games.length, phases, medianMs: Math.round(ms * 10) / 10, phasesPerSecond: Math.round((phases / ms) * 1000) },
      testJobs2: {
        medianMs: Math.round(ms2 * 10) / 10,
        phasesPerSecond: Math.round((phases / ms2) * 1000),
        ratio: Math.round(median(times.map((t, i) => t / times2[i]!)) * 100) / 100,
        identical,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The report's lines for these figures. */
export function processLines(p: ProcessFigures): string[] {
  return [
    `whole process (median of ${p.runs} runs, alternating with node -e 0 at ${p.nodeMs.toFixed(0)} ms): dipforge --version ${p.version.medianMs.toFixed(0)} ms = ${p.version.ratio.toFixed(2)}× node; dipforge check classic ${p.check.medianMs.toFixed(0)} ms = ${p.check.ratio.toFixed(2)}× node`,
    `whole process: dipforge test over ${p.test.games} games (${p.test.phases} phases): median ${p.test.medianMs.toFixed(0)} ms = ${p.test.phasesPerSecond} phases/s; --jobs 2 ${p.testJobs2.medianMs.toFixed(0)} ms = ${p.testJobs2.phasesPerSecond} phases/s, ${p.testJobs2.ratio.toFixed(2)}× one thread, output ${p.testJobs2.identical ? 'identical' : 'DIFFERENT'}`,
  ];
}
