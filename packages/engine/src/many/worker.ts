/**
 * The worker thread of `AdjudicatorPool`: compiles the board once, then
 * replays the batches of games it is sent (in wire form) on the integer path
 * (`replay-ints.ts`) and posts the results back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileBoard } from '../board/board.js';
import type { VariantConfig } from '../config/variant-config.js';
import type { ManyGameResult } from './replay.js';
import { IntReplayer } from './replay-ints.js';
import type { WireBatch } from './wire.js';

interface Job extends WireBatch {
  id: number;
  /** Strings of the pool's table (strings that are not the board's names) this worker has not been sent yet. */
  strings: string[];
}

const config = (workerData as { config: VariantConfig }).config;
const board = compileBoard(config);
const replayer = new IntReplayer(board, config.rules);
/** This worker's copy of the pool's table of strings that are not the board's names. */
const strings: string[] = [];

parentPort?.on('message', (job: Job) => {
  for (const s of job.strings) strings.push(s);
  try {
    const results: ManyGameResult[] = replayer.replayBatch(job, strings);
    parentPort?.postMessage({ id: job.id, results });
  } catch (e) {
    parentPort?.postMessage({ id: job.id, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
  }
});
