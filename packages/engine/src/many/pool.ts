/**
 * Adjudicating many games at once across worker threads. Games are
 * independent, so they are split between the workers (contiguous runs of
 * games with about the same number of phases each) and each worker replays
 * its share with its own board. The results come back in the order of the
 * games, identical to replaying them one after another in one thread.
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

export interface ManyOptions {
  /** Worker threads; 0 replays in the calling thread. Default: the cores available. */
  threads?: number;
}

interface Reply {
  id: number;
  results?: ManyGameResult[];
  error?: string;
}

export class AdjudicatorPool {
  readonly threads: number;
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve: (r: ManyGameResult[]) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  private readonly config: VariantConfig;

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
    }
  }

  /** Replays the games, split between the workers; results in the order of the games. */
  async adjudicateMany(games: readonly ManyGame[]): Promise<ManyGameResult[]> {
    if (this.threads === 0) {
      const board = compileBoard(this.config);
      return games.map((g) => replayGame(board, this.config.rules, g));
    }
    const shares = split(games, this.threads);
    const parts = await Promise.all(
      shares.map(
        (share, i) =>
          new Promise<ManyGameResult[]>((resolve, reject) => {
            if (share.length === 0) return resolve([]);
            const id = this.nextId++;
            this.pending.set(id, { resolve, reject });
            this.workers[i]!.postMessage({ id, games: share });
          }),
      ),
    );
    return parts.flat();
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers.length = 0;
  }
}

/** Contiguous runs of games, one per worker, with about the same number of phases each. */
function split(games: readonly ManyGame[], k: number): ManyGame[][] {
  const total = games.reduce((n, g) => n + g.phases.length, 0);
  const out: ManyGame[][] = Array.from({ length: k }, () => []);
  let done = 0;
  for (const g of games) {
    const i = Math.min(k - 1, Math.floor((done * k) / Math.max(1, total)));
    out[i]!.push(g);
    done += g.phases.length;
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
