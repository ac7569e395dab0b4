/**
 * A worker thread of `dipforge test --jobs N`: tests the files it is handed, one at a time, with a
 * workspace of its own (each variant compiled once per worker), and answers each with its outcome.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { GameWorkspace } from '@dipforge/dsl';
import { testOneFile } from './test-file.js';
import type { JobAnswer, JobRequest } from './test-jobs.js';

const { cwd } = workerData as { cwd: string };
const workspace = new GameWorkspace();
const port = parentPort;
port?.on('message', ({ index, file }: JobRequest) => {
  let answer: JobAnswer;
  try {
    answer = { index, outcome: testOneFile(file, workspace, cwd) };
  } catch (e) {
    // Said by the main thread as the one thread says any internal error.
    answer = { index, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(answer);
});
