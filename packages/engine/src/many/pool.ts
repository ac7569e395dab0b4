/**
 * Adjudicating many games at once across worker threads. Games are
 * independent, so they are cut into batches (contiguous runs of games, about
 * eight per worker) and each worker replays the batches it is sent with its own
 * board; a worker that finishes a batch is sent the next, and each has a second
 * batch waiting meanwhile, so a worker slowed by other work on the machine takes
 * fewer batches instead of holding up the rest. The results come back in the
 * order of the games, identical to replaying them one after another in one
 * thread.
 *
 * Batches travel in wire form (`wire.ts`): one transferred `Int32Array` and new
 * strings, encoded just before sending, while the workers are busy with the
 * previous batches.
 *
 * `AdjudicatorPool` keeps its workers between calls (start-up and the
 * compiler's warm-up are paid once); `adjudicateMany` makes a pool for one
 * call. With `threads: 0` the games are replayed in the calling thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { compileBoard } from '../board/board.js';
import type { VariantConfig } from '../config/variant-config.js';
import { replayGame, type ManyGame, type ManyGameResult } from './replay.js';
import { encodeGames, StringTable } from './wire.js';

export interface ManyOptions {
  /** Worker threads; 0 replays in the calling thread. Default: the cores available. */
  threads?: number;
}

interface Reply {
  id: number;
  results?: ManyGameResult[];
  error?: string;
}

/** Batches per worker in one call: more balance the load better, each costs a message each way. */
const BATCHES_PER_WORKER = 8;
/** Batches sent to a worker ahead of its results, so that it never waits for the next. */
const IN_FLIGHT = 2;

export class AdjudicatorPool {
  readonly threads: number;
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve: (r: ManyGameResult[]) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  private readonly config: VariantConfig;
  private readonly strings = new StringTable();
  /** Per worker: how many strings of the table it has been sent. */
  private readonly stringsSent: number[] = [];

  constructor(config: VariantConfig, threads: number = availableParallelism()) {
    this.config = config;
    this.threads = Math.max(0, Math.floor(threads));
    for (let i = 0; i < this.threads; i++) {
      const w = new Worker(new URL('./worker.js', import.meta.url), { workerData: { config } });
      w.on('message', (reply: Reply) => {
        const p = this.pending.get(reply.id);
        if (!p) return;
        this.pending.delete(reply.id);
        if (reply.error !== undefined) p.reject(new Error(reply.error));
        else p.resolve(reply.results ?? []);
      });
      w.on('error', (e) => {
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
      });
      this.workers.push(w);
      this.stringsSent.push(0);
    }
  }

  /** Replays the games across the workers; results in the order of the games. */
  adjudicateMany(games: readonly ManyGame[]): Promise<ManyGameResult[]> {
    if (this.threads === 0) {
      const board = compileBoard(this.config);
      return Promise.resolve(games.map((g) => replayGame(board, this.config.rules, g)));
    }
    const batches = planBatches(games, this.threads * BATCHES_PER_WORKER);
    if (batches.length === 0) return Promise.resolve([]);
    const results: ManyGameResult[] = new Array<ManyGameResult>(games.length);
    return new Promise((resolve, reject) => {
      let next = 0;
      let done = 0;
      let failed = false;
      const send = (w: number): void => {
        if (failed || next >= batches.length) return;
        const [from, to] = batches[next++]!;
        const batch = encodeGames(games, from, to, this.strings);
        const strings = this.strings.list.slice(this.stringsSent[w]);
        this.stringsSent[w] = this.strings.list.length;
        const id = this.nextId++;
        this.pending.set(id, {
          resolve: (part) => {
            for (let k = 0; k < part.length; k++) results[from + k] = part[k]!;
            if (++done === batches.length) resolve(results);
            else send(w);
          },
          reject: (e) => {
            if (failed) return;
            failed = true;
            reject(e);
          },
        });
        this.workers[w]!.postMessage({ id, ints: batch.ints, objects: batch.objects, strings }, [batch.ints.buffer as ArrayBuffer]);
      };
      for (let round = 0; round < IN_FLIGHT; round++) for (let w = 0; w < this.threads; w++) send(w);
    });
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers.length = 0;
  }
}

/** Up to `k` contiguous runs of games `[from, to)`, with about the same number of phases each. */
export function planBatches(games: readonly ManyGame[], k: number): [number, number][] {
  const total = games.reduce((n, g) => n + g.phases.length, 0);
  const out: [number, number][] = [];
  let done = 0;
  let from = 0;
  for (let g = 0; g < games.length; g++) {
    done += games[g]!.phases.length;
    // Close the run once it reaches its share of the phases.
    if (done * k >= (out.length + 1) * Math.max(1, total) || g === games.length - 1) {
      out.push([from, g + 1]);
      from = g + 1;
    }
  }
  return out;
}

/** Adjudicates many games across `threads` worker threads (see `AdjudicatorPool`). */
export async function adjudicateMany(config: VariantConfig, games: readonly ManyGame[], options: ManyOptions = {}): Promise<ManyGameResult[]> {
  const pool = new AdjudicatorPool(config, options.threads ?? availableParallelism());
  try {
    return await pool.adjudicateMany(games);
  } finally {
    await pool.close();
  }
}
