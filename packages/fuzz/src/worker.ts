/**
 * The worker process that runs inputs (targets.ts) for the watchdog (pool.ts).
 * A process of its own, so that an input that never ends or eats all memory
 * can be stopped from outside (a kill, the heap limit) without losing the
 * fuzzer: V8 ends the whole process when a heap is exhausted, threads and all.
 * It reports each stage as it starts (a hang is then named by its stage) and
 * the heap after each stage (the high-water mark of the run).
 */
import { getHeapStatistics } from 'node:v8';
import { runTargets, type Finding, type TargetInput } from './targets.js';

export interface WorkerData {
  tree: string;
  plant: boolean;
}

export type ToWorker = { id: number; input: TargetInput };

export type FromWorker =
  | { type: 'ready'; id: -1; heap: number }
  | { type: 'stage'; id: number; stage: string; heap: number }
  | { type: 'done'; id: number; findings: Finding[]; diagnostics: number; heap: number };

const send = process.send?.bind(process);
if (!send) throw new Error('worker.js runs as a child process with an IPC channel (pool.ts)');
const data = JSON.parse(process.argv[2] ?? '{}') as WorkerData;
const post = (m: FromWorker): void => void send(m);
const heap = (): number => getHeapStatistics().total_heap_size;

process.on('message', (message: ToWorker) => {
  const { id, input } = message;
  const stage = (name: string): void => post({ type: 'stage', id, stage: name, heap: heap() });
  void runTargets(data.tree, input, stage, data.plant).then(
    ({ findings, diagnostics }) => post({ type: 'done', id, findings, diagnostics, heap: heap() }),
    // runTargets guards every stage; this is the fuzzer's own failure, reported rather than lost.
    (e: unknown) => {
      const detail = e instanceof Error ? (e.stack ?? e.message) : String(e);
      post({ type: 'done', id, findings: [{ kind: 'crash', stage: 'fuzzer', signature: `fuzzer: ${detail.split('\n')[0]}`, detail }], diagnostics: 0, heap: heap() });
    },
  );
});
// The parent going away ends the worker too.
process.on('disconnect', () => process.exit(0));

// The modules are loaded: inputs may come (their time limit starts now, not while a loaded machine starts a process).
post({ type: 'ready', id: -1, heap: heap() });
