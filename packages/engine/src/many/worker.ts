/**
 * The worker thread of `AdjudicatorPool`: compiles the board once, then
 * replays the games it is sent and posts the results back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileBoard } from '../board/board.js';
import type { VariantConfig } from '../config/variant-config.js';
import { replayGame, type ManyGame, type ManyGameResult } from './replay.js';

interface Job {
  id: number;
  games: ManyGame[];
}

const config = (workerData as { config: VariantConfig }).config;
const board = compileBoard(config);
const rules = config.rules;

parentPort?.on('message', (job: Job) => {
  try {
    const results: ManyGameResult[] = job.games.map((g) => replayGame(board, rules, g));
    parentPort?.postMessage({ id: job.id, results });
  } catch (e) {
    parentPort?.postMessage({ id: job.id, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
  }
});
