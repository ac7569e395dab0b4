/**
 * `dipforge test --jobs N` over several files: the files tested by up to N threads, the main thread
 * and the workers beside it, and the outcomes reported in the files' order, as one thread reports
 * them: the output is the same bytes for any N and any number of threads used.
 *
 * With one thread the files are tested in the main thread (test.ts): a worker would be a second
 * thread to start, whose isolate boots Node's own modules again while the main one waits. With
 * more, the main thread tests files too, beside the workers: it would otherwise only wait, and
 * each thread pays its own start-up (loading the code, compiling the variant, and the JIT's
 * warming up, which in a run of a few thousand phases costs as much as the phases), so N threads
 * on N cores are best served by N threads that test. The workers are started before the files
 * are listed (`startWorkers`), so that they load the code meanwhile. Files are handed out largest
 * first from one queue, so that the last ones to finish are short and no thread is left with a
 * long file while the others are idle; each worker holds a few files ahead so that it never waits
 * for the main thread, which answers messages only between its own files.
 *
 * How many threads (`threadsFor`): N is the most. A testing thread keeps about one and a half
 * cores busy while it warms up (its own, and V8's optimizing compiler compiling its hot functions
 * on another thread), and each thread warms up on its own: a second thread costs 0.6–0.9
 * CPU-seconds of start-up and compiling that one thread does not pay, and two threads busy at once
 * each run about 15% slower than one alone. So threads beyond what the cores hold at one and a half
 * cores each are used only for a run long enough to pay for that (`CROWDED_THREAD_BYTES`). On 2
 * cores, over 300 generated games (9,000 phases, 9.4 MB), two threads took 1,213 ms where one
 * took 1,171, and 1.5× its CPU time; over twice those games, by CPU time (the larger of the main
 * thread's and half the process's), about as long as one thread; over four times, 0.8× as long.
 *
 * A worker is given a young generation of 64 MB semi-spaces (V8's default is 16 MB): a game file's
 * syntax tree and run live until the file is done, and in the default one most of them are copied
 * by a scavenge or two and promoted before they die. The main thread cannot be given it (the flag
 * is read when the heap is made); a worker's `resourceLimits` can.
 */
import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { GameWorkspace } from '@dipforge/dsl';
import { testFileAnswer, testOneFile, type FileOutcome, type JobAnswer } from './test-file.js';

export interface JobRequest {
  index: number;
  file: string;
}

/** A worker's young generation in MB: three semi-spaces' worth (see above), so 64 MB semi-spaces. */
export const YOUNG_GENERATION_MB = 192;

/** Files a worker is handed ahead of the one it is testing. */
const AHEAD = 2;

/** Cores a testing thread keeps busy while it warms up: its own, and V8's compiler threads' (1.5–1.6 measured, see above). */
export const CORES_PER_THREAD = 1.5;

/**
 * Bytes of game files a thread must have to pay for starting it when it has cores to itself: its
 * start-up (booting the isolate, loading the bundle, the first file) is about 0.1 CPU-seconds, and
 * testing a megabyte cold takes about 0.15 (and warm 0.075).
 */
export const ROOMY_THREAD_BYTES = 1 << 20;

/**
 * Bytes of game files a thread must have to pay for its warm-up when the threads need more cores
 * than there are: a little past where two threads on 2 cores break even with one (see above).
 */
export const CROWDED_THREAD_BYTES = 10 << 20;

/** Threads that have about one and a half cores each on `cores` cores (1 on 2 cores), no more than `jobs`. */
export function roomyThreads(jobs: number, cores: number): number {
  return Math.max(1, Math.min(jobs, Math.floor(cores / CORES_PER_THREAD)));
}

/**
 * How many threads test files of these sizes with `--jobs jobs` on `cores` cores: no more than
 * `jobs`, the cores or the files; as many as have cores to themselves when each has a megabyte to
 * test; more only when each has enough to pay for its warm-up on shared cores (see above).
 */
export function threadsFor(jobs: number, sizes: readonly number[], cores: number): number {
  let bytes = 0;
  for (const size of sizes) bytes += size;
  const paidFor = (perThread: number): number => Math.floor(bytes / perThread);
  const wanted = Math.max(Math.min(roomyThreads(jobs, cores), paidFor(ROOMY_THREAD_BYTES)), paidFor(CROWDED_THREAD_BYTES));
  return Math.max(1, Math.min(jobs, cores, sizes.length, wanted));
}

/** Each file's size in bytes (a file that cannot be read counts as empty: it fails at once). */
export function fileSizes(files: readonly string[]): number[] {
  return files.map((f) => statSync(f, { throwIfNoEntry: false })?.size ?? 0);
}

/** The indices of files of these sizes, largest first; ties in the files' order. */
export function largestFirst(sizes: readonly number[]): number[] {
  return sizes.map((_, i) => i).sort((a, b) => sizes[b]! - sizes[a]! || a - b);
}

/**
 * `count` worker threads for `testInWorkers`, started now: each loads the test bundle while the
 * caller lists the files. Workers the run turns out not to need are stopped by `testInWorkers`
 * (or `stopWorkers`), before the event loop next turns.
 */
export function startWorkers(count: number, cwd: string): Worker[] {
  return Array.from({ length: Math.max(0, count) }, () => new Worker(new URL('./test-worker.js', import.meta.url), {
    workerData: { cwd },
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  }));
}

export function stopWorkers(workers: readonly Worker[]): void {
  for (const w of workers) void w.terminate();
}

/**
 * Tests `files` (of `sizes` bytes) on `threads` threads, this one and `threads` − 1 workers (those
 * `started` already, from `startWorkers`, and more if they are too few; no more than the files
 * need: the others are stopped); `report` is called with each outcome in the files' order. An
 * internal error on a file rejects, after the outcomes of the files before it.
 */
export function testInWorkers(files: readonly string[], sizes: readonly number[], threads: number, started: readonly Worker[], cwd: string, report: (outcome: FileOutcome) => void): Promise<void> {
  const needed = Math.max(0, Math.min(threads, files.length) - 1);
  const workers = [...started.slice(0, needed), ...startWorkers(needed - started.length, cwd)];
  stopWorkers(started.slice(needed));
  if (files.length === 0) return Promise.resolve();
  const queue = largestFirst(sizes);
  let next = 0;
  const answers: (JobAnswer | undefined)[] = new Array(files.length);
  let reported = 0;
  let settled = false;
  return new Promise<void>((resolve, reject) => {
    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      stopWorkers(workers);
      if (error) reject(error);
      else resolve();
    };
    const take = (answer: JobAnswer): void => {
      answers[answer.index] = answer;
      for (let a = answers[reported]; a; a = answers[reported]) {
        if ('error' in a) return finish(new Error(a.error));
        answers[reported] = undefined;
        reported++;
        report(a.outcome);
      }
      if (reported === files.length) finish();
    };
    const handOut = (w: Worker): void => {
      if (next < queue.length) {
        const index = queue[next++]!;
        w.postMessage({ index, file: files[index]! } satisfies JobRequest);
      }
    };
    for (const w of workers) {
      w.on('message', (answer: JobAnswer) => {
        handOut(w);
        take(answer);
      });
      w.on('error', (e) => finish(e));
      w.on('exit', (code) => {
        if (reported < files.length) finish(new Error(`a test worker stopped (exit ${code}) before the run was over`));
      });
      for (let k = 0; k <= AHEAD; k++) handOut(w);
    }
    testHere(files, cwd, () => (settled || next >= queue.length ? undefined : queue[next++]), take).catch((e: unknown) => finish(e instanceof Error ? e : new Error(String(e))));
  });
}

/** The main thread's share: the files `nextFile` gives, one at a time, letting the workers' messages in between. */
async function testHere(files: readonly string[], cwd: string, nextFile: () => number | undefined, take: (answer: JobAnswer) => void): Promise<void> {
  const workspace = GameWorkspace.forOnePass();
  for (let index = nextFile(); index !== undefined; index = nextFile()) {
    const file = files[index]!;
    take(testFileAnswer(index, () => testOneFile(file, workspace, cwd)));
    await new Promise((resolve) => setImmediate(resolve));
  }
}
