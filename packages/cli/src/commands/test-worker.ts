/**
 * A worker thread of `dipforge test`: tests the files it is handed, one at a time, with a
 * workspace of its own (each variant compiled once per worker), and answers each with its outcome.
 * The code that tests is loaded from the test bundle (bundled.ts), one script instead of some two
 * hundred modules: a worker's start-up is paid once per thread, while the main thread lists the files.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { tester } from '../bundled.js';
import type { JobRequest } from './test-jobs.js';

const { cwd } = workerData as { cwd: string };
const { GameWorkspace, testOneFile, testFileAnswer } = await tester();
const workspace = GameWorkspace.forOnePass();
const port = parentPort;
port?.on('message', ({ index, file }: JobRequest) => {
  port.postMessage(testFileAnswer(index, () => testOneFile(file, workspace, cwd)));
});
