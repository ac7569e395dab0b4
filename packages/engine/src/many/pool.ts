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
 * Batches travel in wire form (`wire.ts`): one transferred `Int32Array`, names
 * as the board's ids, encoded just before sending, while the workers are busy
 * with the previous batches.
 *
 * `AdjudicatorPool` keeps its workers between calls (start-up and the
 * compiler's warm-up are paid once); `adjudicateMany` makes a pool for one
 * call. With `threads: 0` the games are encoded and replayed on the same
 * integer path in the calling thread.
 *
 * Encoding is serial work on the calling thread, on the same cores as the
 * workers (its cost: docs/PERFORMANCE.md). A caller that replays the same games more
 * than once (a bot weighing the same lines again, a benchmark) encodes them
 * once with `prepare` and replays them with `adjudicatePrepared`: the batches
 * are kept in `SharedArrayBuffer`s, which the workers read in place, so a
 * prepared call neither encodes the games nor copies or detaches their integers.
 *
 * The optimizing compiler warms up in each worker separately, on the calls
 * that worker runs; with N workers each sees 1/N of the games of a call, so a
 * pool of N needs N times as many calls to be as warm. `warmUp` has every
 * worker replay every prepared game instead.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { compileBoard, type Board } from '../board/board.js';
import type { VariantConfig } from '../config/variant-config.js';
import type { ManyGame, ManyGameResult } from './replay.js';
import { IntReplayer } from './replay-ints.js';
import { WireEncoder, type WireBatch } from './wire.js';

export interface ManyOptions {
  /** Worker threads; 0 replays in the calling thread. Default: the cores available. */
  threads?: number;
}

interface Reply {
  id: number;
  results?: ManyGameResult[];
  error?: string;
}

/** Games encoded once by `AdjudicatorPool.prepare`, to be replayed by the same pool any number of times. */
export class PreparedGames {
  /** @internal */
  constructor(
    /** @internal The pool whose encoder (and its table of other strings) the batches use. */
    readonly pool: AdjudicatorPool,
    /** @internal Each batch: games `[from, to)` and their wire form, the integers in shared memory. */
    readonly batches: readonly { from: number; to: number; wire: WireBatch }[],
    /** How many games. */
    readonly length: number,
  ) {}
}

/** Batches per worker in one call: more balance the load better, each costs a message each way. */
const BATCHES_PER_WORKER = 8;
/** Games encoded at a time with no workers: the integers are read back while still in the cache. */
const LOCAL_BATCH_GAMES = 8;
/** Batches sent to a worker ahead of its results, so that it never waits for the next. */
const IN_FLIGHT = 2;

export class AdjudicatorPool {
  readonly threads: number;
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve: (r: ManyGameResult[]) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  private readonly config: VariantConfig;
  /** The board, for the encoder and the calling thread's replayer; compiled when first needed. */
  private compiled: Board | undefined;
  private encoderOf: WireEncoder | undefined;
  /** Per worker: how many strings of the encoder's table it has been sent. */
  private readonly stringsSent: number[] = [];
  /** The calling thread's replayer, with no workers. */
  private local: IntReplayer | undefined;

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
      // The same integer replay as a worker's, batch by batch, so that one thread is a fair
      // baseline for the workers (replaying the order objects with `replayGame` is 3–4× slower).
      const replayer = this.localReplayer();
      const encoder = this.encoder();
      const results: ManyGameResult[] = [];
      for (let from = 0; from < games.length; from += LOCAL_BATCH_GAMES) {
        const wire = encoder.encode(games, from, Math.min(games.length, from + LOCAL_BATCH_GAMES));
        for (const r of replayer.replayBatch(wire, encoder.strings.list)) results.push(r);
      }
      return Promise.resolve(results);
    }
    const batches = planBatches(games, this.threads * BATCHES_PER_WORKER);
    const encoder = this.encoder();
    // Each batch is encoded just before it is sent, while the workers replay the previous ones.
    return this.run(games.length, batches.length, (b) => {
      const [from, to] = batches[b]!;
      const wire = encoder.encode(games, from, to);
      return { from, wire, transfer: [wire.ints.buffer as ArrayBuffer] };
    });
  }

  /** The games in wire form, encoded once for `adjudicatePrepared` (and `warmUp`) on this pool. */
  prepare(games: readonly ManyGame[]): PreparedGames {
    const plan = planBatches(games, Math.max(1, this.threads) * BATCHES_PER_WORKER);
    const encoder = this.encoder();
    const batches = plan.map(([from, to]) => {
      const { ints, objects } = encoder.encode(games, from, to);
      const shared = new Int32Array(new SharedArrayBuffer(ints.byteLength));
      shared.set(ints);
      return { from, to, wire: { ints: shared, objects } };
    });
    return new PreparedGames(this, batches, games.length);
  }

  /** Replays prepared games across the workers (in the calling thread on the integer path with no workers); results as `adjudicateMany`'s. */
  adjudicatePrepared(prepared: PreparedGames): Promise<ManyGameResult[]> {
    if (prepared.pool !== this) return Promise.reject(new Error('adjudicatePrepared: the games were prepared by another pool'));
    const { batches } = prepared;
    if (this.threads === 0) {
      const replayer = this.localReplayer();
      const results: ManyGameResult[] = [];
      for (const b of batches) for (const r of replayer.replayBatch(b.wire, this.encoder().strings.list)) results.push(r);
      return Promise.resolve(results);
    }
    return this.run(prepared.length, batches.length, (b) => ({ from: batches[b]!.from, wire: batches[b]!.wire, transfer: [] }));
  }

  private board(): Board {
    return (this.compiled ??= compileBoard(this.config));
  }

  /** The calling thread's encoder, with the board the workers compile too (the same ids). */
  private encoder(): WireEncoder {
    return (this.encoderOf ??= new WireEncoder(this.board()));
  }

  /** The calling thread's replayer, for pools of no workers. */
  private localReplayer(): IntReplayer {
    return (this.local ??= new IntReplayer(this.board(), this.config.rules));
  }

  /**
   * Has every worker replay every prepared game `rounds` times, so that each is
   * as warm as a single worker after `rounds` calls (the results are dropped).
   */
  async warmUp(prepared: PreparedGames, rounds = 1): Promise<void> {
    if (prepared.pool !== this) throw new Error('warmUp: the games were prepared by another pool');
    if (this.threads === 0) {
      for (let i = 0; i < rounds; i++) await this.adjudicatePrepared(prepared);
      return;
    }
    const { batches } = prepared;
    await Promise.all(
      this.workers.map(async (_, w) => {
        for (let i = 0; i < rounds; i++) for (const b of batches) await this.post(w, b.wire, []);
      }),
    );
  }

  /**
   * Sends batches `0 .. count` to the workers, `IN_FLIGHT` ahead to each, the
   * next to whichever worker answers first; `batch(b)` gives batch `b` when it
   * is sent. Results in the order of the games.
   */
  private run(games: number, count: number, batch: (b: number) => { from: number; wire: WireBatch; transfer: ArrayBuffer[] }): Promise<ManyGameResult[]> {
    if (count === 0) return Promise.resolve([]);
    const results: ManyGameResult[] = new Array<ManyGameResult>(games);
    return new Promise((resolve, reject) => {
      let next = 0;
      let done = 0;
      let failed = false;
      const send = (w: number): void => {
        if (failed || next >= count) return;
        const { from, wire, transfer } = batch(next++);
        this.post(w, wire, transfer).then(
          (part) => {
            for (let k = 0; k < part.length; k++) results[from + k] = part[k]!;
            if (++done === count) resolve(results);
            else send(w);
          },
          (e: Error) => {
            if (failed) return;
            failed = true;
            reject(e);
          },
        );
      };
      for (let round = 0; round < IN_FLIGHT; round++) for (let w = 0; w < this.threads; w++) send(w);
    });
  }

  /** Sends worker `w` one batch, with the strings of the table it has not been sent yet. */
  private post(w: number, wire: WireBatch, transfer: ArrayBuffer[]): Promise<ManyGameResult[]> {
    const list = this.encoder().strings.list;
    const strings = list.slice(this.stringsSent[w]);
    this.stringsSent[w] = list.length;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.workers[w]!.postMessage({ id, ints: wire.ints, objects: wire.objects, strings }, transfer);
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
