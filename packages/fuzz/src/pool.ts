/**
 * The watchdog: runs one input at a time in a worker process of its own, with
 * a time limit per stage and a heap limit. A stage that outlives the limit is
 * a hang: the worker is killed (which stops even a loop that never yields) and
 * a new one started for the next input. An input that exhausts the heap ends
 * its worker (V8 aborts the process), which is reported as a memory failure.
 * A process, not a thread: V8's end of an exhausted heap takes the whole
 * process with it, and the fuzzer must live on. Each slot has its own copy of
 * the corpus (a "tree"), in which the mutant stands in place of its original
 * while it runs.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Finding, TargetInput } from './targets.js';
import type { FromWorker, ToWorker, WorkerData } from './worker.js';

export type RunResult =
  | { status: 'done'; findings: Finding[]; diagnostics: number; heap: number; ms: number; slowest: { stage: string; ms: number } }
  | { status: 'hang'; stage: string; ms: number; heap: number }
  | { status: 'memory'; stage: string; detail: string; heap: number }
  | { status: 'died'; stage: string; detail: string; heap: number };

export interface SlotOptions {
  /** Milliseconds each stage of an input (one check, one compile, one command) may run. */
  timeoutMs: number;
  /** The worker's old-generation heap limit, in MB. */
  maxHeapMb: number;
  plant: boolean;
}

/** How long a new worker may take to load its modules (a machine under load is slow, but not this slow). */
const STARTUP_MS = 300_000;

export class Slot {
  private worker: Promise<ChildProcess> | undefined;
  private nextId = 0;
  private readonly stderrOf = new WeakMap<ChildProcess, () => string>();

  constructor(
    /** The slot's copy of the corpus. */
    readonly tree: string,
    private readonly options: SlotOptions,
  ) {}

  /** Runs `bytes` as the file `input.rel` of the tree; `original` is put back afterwards. */
  async run(input: TargetInput, bytes: Uint8Array, original: Uint8Array): Promise<RunResult> {
    const file = join(this.tree, input.rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    try {
      return await this.send(input);
    } finally {
      writeFileSync(file, original);
    }
  }

  /** A new worker, once it has loaded its modules. Its stack is Node's default, the CLI's. */
  private async spawn(): Promise<ChildProcess> {
    const data: WorkerData = { tree: this.tree, plant: this.options.plant };
    const worker = fork(fileURLToPath(new URL('./worker.js', import.meta.url)), [JSON.stringify(data)], {
      execArgv: [`--max-old-space-size=${this.options.maxHeapMb}`],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    // What the code under test prints is not the fuzzer's output; the end of its error stream says why a worker died.
    worker.stdout?.resume();
    let stderr = '';
    worker.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-8000)));
    this.stderrOf.set(worker, () => stderr);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`a fuzz worker did not start within ${STARTUP_MS} ms`)), STARTUP_MS);
      worker.once('message', () => (clearTimeout(timer), resolve()));
      worker.once('exit', (code) => (clearTimeout(timer), reject(new Error(`a fuzz worker exited (${code}) before it started: ${stderr.slice(-2000)}`))));
    });
    return worker;
  }

  private async send(input: TargetInput): Promise<RunResult> {
    const worker = await (this.worker ??= this.spawn());
    const id = this.nextId++;
    const started = performance.now();
    let stage = 'start';
    let heap = 0;
    let stageStarted = started;
    let slowest = { stage, ms: 0 };
    return new Promise<RunResult>((resolve) => {
      const finish = (result: RunResult, keep: boolean): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        if (!keep) {
          this.worker = undefined;
          worker.kill('SIGKILL');
        }
        resolve(result);
      };
      const onMessage = (m: FromWorker): void => {
        if (m.id !== id) return;
        heap = Math.max(heap, m.heap);
        const now = performance.now();
        if (now - stageStarted > slowest.ms) slowest = { stage, ms: now - stageStarted };
        stageStarted = now;
        if (m.type === 'stage') {
          stage = m.stage;
          // Each stage has the whole limit: a hang is one call that does not end, not six slow ones.
          clearTimeout(timer);
          timer = setTimeout(onTimeout, this.options.timeoutMs);
        } else if (m.type === 'done') finish({ status: 'done', findings: m.findings, diagnostics: m.diagnostics, heap, ms: now - started, slowest }, true);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
        const detail = `the worker ended (${signal ?? `exit ${code}`}): ${this.stderrOf.get(worker)?.() ?? ''}`;
        const oom = /heap out of memory|Reached heap limit/i.test(detail);
        finish(oom ? { status: 'memory', stage, detail, heap } : { status: 'died', stage, detail, heap }, false);
      };
      const onTimeout = (): void => finish({ status: 'hang', stage, ms: performance.now() - started, heap }, false);
      let timer = setTimeout(onTimeout, this.options.timeoutMs);
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      worker.send({ id, input } satisfies ToWorker);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const w = await worker;
    if (w.exitCode !== null || w.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => w.once('exit', () => resolve()));
    w.kill('SIGKILL');
    await gone;
  }
}
