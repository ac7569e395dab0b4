/**
 * `dipforge test` over several files: the files tested by N worker threads (one without
 * `--jobs`), each handed the next file when it finishes one (files differ in length, so a fixed
 * split would leave a thread idle), and the outcomes reported in the files' order, as one thread
 * reports them: the output is the same bytes.
 *
 * Even one thread's work runs in a worker, for the size of its young generation: a game file's
 * syntax tree and run live until the file is done, so with V8's default young generation (16 MB
 * semi-spaces) most of them are copied by a scavenge or two and promoted before they die; in 64 MB
 * semi-spaces most die young. Measured on imported real games, warm: 2,000 phases per CPU second
 * with the default, 4,000–4,300 with 64 MB semi-spaces, parsing alone 4× faster. The main thread
 * cannot be given it (the flag is read when the heap is made); a worker's `resourceLimits` can.
 */
import { Worker } from 'node:worker_threads';
import type { FileOutcome } from './test-file.js';

export interface JobRequest {
  index: number;
  file: string;
}

/** A worker's young generation in MB: three semi-spaces' worth (see above), so 64 MB semi-spaces. */
export const YOUNG_GENERATION_MB = 192;

export type JobAnswer = { index: number; outcome: FileOutcome } | { index: number; error: string };

/**
 * Tests `files` on `jobs` worker threads; `report` is called with each outcome in the files'
 * order. An internal error in a worker rejects, after the outcomes of the files before it.
 */
export function testInWorkers(files: readonly string[], jobs: number, cwd: string, report: (outcome: FileOutcome) => void): Promise<void> {
  const count = Math.min(jobs, files.length);
  if (count === 0) return Promise.resolve();
  const answers: (JobAnswer | undefined)[] = new Array(files.length);
  const workers: Worker[] = [];
  let handed = 0;
  let reported = 0;
  let settled = false;
  return new Promise<void>((resolve, reject) => {
    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      for (const w of workers) void w.terminate();
      if (error) reject(error);
      else resolve();
    };
    const handOut = (w: Worker): void => {
      if (handed < files.length) {
        const request: JobRequest = { index: handed, file: files[handed] as string };
        handed++;
        w.postMessage(request);
      }
    };
    for (let i = 0; i < count; i++) {
      const w = new Worker(new URL('./test-worker.js', import.meta.url), {
        workerData: { cwd },
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
      workers.push(w);
      w.on('message', (answer: JobAnswer) => {
        answers[answer.index] = answer;
        handOut(w);
        for (let next = answers[reported]; next; next = answers[reported]) {
          if ('error' in next) return finish(new Error(next.error));
          answers[reported] = undefined;
          reported++;
          report(next.outcome);
        }
        if (reported === files.length) finish();
      });
      w.on('error', (e) => finish(e));
      w.on('exit', (code) => {
        if (reported < files.length) finish(new Error(`a test worker stopped (exit ${code}) before the run was over`));
      });
      handOut(w);
    }
  });
}
