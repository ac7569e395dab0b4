/**
 * `dipforge bench --threads N`: the timed games replayed on worker threads (`adjudicateMany`,
 * `adjudicatePrepared`) beside one thread alone, and how many cores the machine gave the process
 * (docs/PERFORMANCE.md, "Threads").
 */
import { Worker } from 'node:worker_threads';
import { AdjudicatorPool, replayGame, type Board, type ManyGame, type VariantConfig } from '@dipforge/engine';
import { median } from '../bench-stats.js';
import type { GameRecord } from './bench-games.js';

const now = (): bigint => process.hrtime.bigint();

/** Median seconds of a sample with no workers (`single`: encoding and replay in the calling thread), on 1 worker and on N, and what they make. */
export interface ThreadRow {
  singleSeconds: number;
  oneSeconds: number;
  nSeconds: number;
  singlePhasesPerSecond: number;
  onePhasesPerSecond: number;
  nPhasesPerSecond: number;
  /** oneSeconds / nSeconds: 1 worker to N. */
  speedup: number;
  /** singleSeconds / nSeconds: one thread alone to N workers, the gain of a caller that has the cores. */
  speedupOverSingle: number;
}

export interface ThreadFigures extends ThreadRow {
  threads: number;
  /** How often a sample replays the timed games (in one call), so that it lasts about 200 ms in one thread. */
  repeat: number;
  /** Phases adjudicated per sample (the timed games' phases × `repeat`). */
  phases: number;
  /** Cores that N threads spinning for 200 ms got, before and after the timed samples (N when the machine is free). */
  cores: { before: number; after: number };
  /** The rows above are with `adjudicateMany` (the games encoded in the call); this, with `adjudicatePrepared` (encoded once by `prepare`, untimed). */
  prepared: ThreadRow;
  /** Every timed sample, in milliseconds, in the order run (the six kinds alternate). */
  samplesMs: { single: number[]; one: number[]; n: number[]; preparedSingle: number[]; preparedOne: number[]; preparedN: number[] };
  /** The final positions of every replay (in the calling thread and on the workers) equal `replayGame`'s. */
  identical: boolean;
}

/** Rounds of `AdjudicatorPool.warmUp` before timing: every worker replays every game this often. */
const THREAD_WARMUP_ROUNDS = 5;
/** A timed sample replays the games often enough to last about this long in one thread. */
const THREAD_SAMPLE_SECONDS = 0.2;
/** How long the threads of the cores check spin. */
const SPIN_MS = 200;

/**
 * The timed games replayed with no workers (encoding and the integer replay in
 * the calling thread: what one thread does alone), on 1 worker and on N, with
 * `adjudicateMany` (encoding in the call) and with `adjudicatePrepared`
 * (encoded once, untimed). A sample replays the games `repeat` times in one
 * call, so that it lasts about 200 ms in one thread: message latency, thread
 * wake-ups and the timer are then a small part of it. The pools are warmed
 * with `warmUp`, so that each of the N workers is as warm as the single one
 * (with calls alone, each of N workers would see 1/N of the games); the six
 * kinds of replay then alternate, so that a change of load on the machine falls
 * on all of them. N spinning threads, before and after, tell how many cores
 * the machine gave the process.
 */
export async function threadFigures(config: VariantConfig, board: Board, records: readonly GameRecord[], threads: number): Promise<ThreadFigures> {
  const timed: ManyGame[] = records.map((r) => ({ phases: r.phases.map((p) => p.orders), seed: r.seed }));
  const replayed = timed.map((g) => replayGame(board, config.rules, g));
  const reference = replayed.map((r) => JSON.stringify(r.final));
  let identical = true;
  const check = (results: Awaited<ReturnType<AdjudicatorPool['adjudicateMany']>>, count: number): void => {
    if (results.length !== count) identical = false;
    results.forEach((r, i) => {
      if (JSON.stringify(r.final) !== reference[i % reference.length]) identical = false;
    });
  };
  const single = new AdjudicatorPool(config, 0);
  const one = new AdjudicatorPool(config, 1);
  const many = new AdjudicatorPool(config, threads);
  try {
    const pools = [single, one, many];
    const seconds = async (f: () => Promise<unknown>): Promise<number> => {
      const t0 = now();
      await f();
      return Number(now() - t0) / 1e9;
    };
    for (const pool of pools) await pool.warmUp(pool.prepare(timed), THREAD_WARMUP_ROUNDS);
    // How often a sample replays the games: from the fastest of 5 warm replays in one thread.
    let once = Infinity;
    for (let i = 0; i < 5; i++) once = Math.min(once, await seconds(() => single.adjudicateMany(timed)));
    const repeat = Math.max(1, Math.ceil(THREAD_SAMPLE_SECONDS / once));
    const games = Array.from({ length: timed.length * repeat }, (_, i) => timed[i % timed.length]!);
    const prepared = pools.map((p) => p.prepare(games));
    for (const pool of pools) for (let i = 0; i < 2; i++) check(await pool.adjudicateMany(games), games.length);
    const before = await spinCores(threads);
    const runs: (() => Promise<Awaited<ReturnType<AdjudicatorPool['adjudicateMany']>>>)[] = [
      () => single.adjudicateMany(games),
      () => one.adjudicateMany(games),
      () => many.adjudicateMany(games),
      () => single.adjudicatePrepared(prepared[0]!),
      () => one.adjudicatePrepared(prepared[1]!),
      () => many.adjudicatePrepared(prepared[2]!),
    ];
    const samples: number[][] = runs.map(() => []);
    for (let i = 0; i < 7; i++) {
      // Each round starts with another kind, so that none always follows the same one.
      for (let j = 0; j < runs.length; j++) {
        const k = (i + j) % runs.length;
        const t0 = now();
        const results = await runs[k]!();
        samples[k]!.push(Number(now() - t0) / 1e9);
        check(results, games.length);
      }
    }
    const after = await spinCores(threads);
    const samplePhases = replayed.reduce((n, r) => n + r.adjudicated, 0) * repeat;
    const round = (v: number, d: number): number => Math.round(v * 10 ** d) / 10 ** d;
    const row = (s: number, a: number, b: number): ThreadRow => ({
      singleSeconds: round(s, 5),
      oneSeconds: round(a, 5),
      nSeconds: round(b, 5),
      singlePhasesPerSecond: round(samplePhases / s, 1),
      onePhasesPerSecond: round(samplePhases / a, 1),
      nPhasesPerSecond: round(samplePhases / b, 1),
      speedup: round(a / b, 2),
      speedupOverSingle: round(s / b, 2),
    });
    const m = samples.map(median) as [number, number, number, number, number, number];
    const ms = (xs: number[]): number[] => xs.map((x) => round(x * 1000, 2));
    return {
      threads,
      repeat,
      phases: samplePhases,
      cores: { before, after },
      ...row(m[0], m[1], m[2]),
      prepared: row(m[3], m[4], m[5]),
      samplesMs: { single: ms(samples[0]!), one: ms(samples[1]!), n: ms(samples[2]!), preparedSingle: ms(samples[3]!), preparedOne: ms(samples[4]!), preparedN: ms(samples[5]!) },
      identical,
    };
  } finally {
    await Promise.all([single.close(), one.close(), many.close()]);
  }
}

/** Cores that `n` threads spinning for `SPIN_MS` got: their CPU time over the wall time (n when nothing else runs). */
async function spinCores(n: number): Promise<number> {
  const code = `const { parentPort } = require('node:worker_threads');
parentPort.on('message', (ms) => { const end = Date.now() + ms; let x = 0; while (Date.now() < end) x++; parentPort.postMessage(x); });`;
  const workers = Array.from({ length: n }, () => new Worker(code, { eval: true }));
  try {
    await Promise.all(workers.map((w) => new Promise((ready) => w.once('online', ready))));
    const cpu0 = process.cpuUsage();
    const t0 = now();
    const spun = workers.map((w) => new Promise((done) => w.once('message', done)));
    for (const w of workers) w.postMessage(SPIN_MS);
    await Promise.all(spun);
    const cpu = process.cpuUsage(cpu0);
    return Math.round(((cpu.user + cpu.system) / 1e6 / (Number(now() - t0) / 1e9)) * 100) / 100;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
