/**
 * The file fuzzer: seeded mutants of the corpus, each run by a watchdog slot
 * (pool.ts) through check, compile, play and the CLI (targets.ts). It counts
 * crashes, hangs, diagnostics with invalid ranges or shapes, wrong exit codes
 * and inputs that exhaust the heap; the first input of each distinct failure
 * is minimized (minimize.ts) and saved with a note on how to reproduce it.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { loadCorpus, CORPUS_FOLDERS, type Corpus, type CorpusFile } from './corpus.js';
import { minimize } from './minimize.js';
import { makeInput, OPERATORS, type FileInput, type Operator } from './mutate.js';
import { Slot, type RunResult } from './pool.js';
import { saveReproducer, type Failure, type FailureKind } from './failures.js';
import { normalize } from './targets.js';

export interface FileFuzzOptions {
  /** The repository root (the corpus is read from it). */
  root: string;
  seed: number;
  /** How many inputs (default: as many as fit in `minutes`, else 100). */
  count?: number;
  /** Stop starting inputs after this many minutes. */
  minutes?: number;
  /** Run only these input numbers (to reproduce one). */
  inputs?: readonly number[];
  operators?: readonly Operator[];
  folders?: readonly string[];
  /** Corpus files to leave out (relative paths), e.g. the slowest for a short run. */
  exclude?: (rel: string) => boolean;
  /** Parallel workers (default 1). */
  workers?: number;
  timeoutMs?: number;
  maxHeapMb?: number;
  /** Where reproducers go (default: a new temporary folder). */
  out?: string;
  /** Seconds spent minimizing each distinct failure (0: none, the input is saved as it failed). */
  minimizeSeconds?: number;
  /** Planted faults on (the fuzzer's own tests). */
  plant?: boolean;
  /** A line of progress or a failure, as it happens. */
  log?: (line: string) => void;
}

export interface FileFuzzReport {
  seed: number;
  inputs: number;
  seconds: number;
  crashes: number;
  hangs: number;
  invalidRanges: number;
  /** Diagnostics with an unregistered code or severity or an empty message; configs present with errors. */
  malformed: number;
  /** Exit codes other than 0, 1 and 3 (3 is a crash). */
  exits: number;
  /** Inputs that exhausted the worker's heap. */
  memory: number;
  diagnostics: number;
  /** The largest worker heap seen (bytes). */
  peakHeapBytes: number;
  /** The slowest stage of any input (milliseconds), and which input it was. */
  slowest: { ms: number; stage: string; n: number; rel: string };
  /** Distinct failures, each with its reproducer. */
  failures: Failure[];
  out: string;
}

export async function fuzzFiles(options: FileFuzzOptions): Promise<FileFuzzReport> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const corpus = filterCorpus(loadCorpus(options.root, options.folders ?? CORPUS_FOLDERS), options.exclude);
  if (corpus.files.length === 0) throw new Error('no .dipmap or .dipgame files to mutate');
  const out = options.out ?? mkdtempSync(join(tmpdir(), 'dipforge-fuzz-'));
  mkdirSync(out, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'dipforge-fuzz-trees-'));
  const workers = Math.max(1, options.workers ?? 1);
  const slotOptions = { timeoutMs: options.timeoutMs ?? 30_000, maxHeapMb: options.maxHeapMb ?? 1024, plant: options.plant ?? false };
  const slots = Array.from({ length: workers }, (_, i) => new Slot(prepareTree(options.root, corpus.files, join(scratch, `tree-${i}`)), slotOptions));
  const originals = new Map(corpus.files.map((f) => [f.rel, f.bytes]));
  const deadline = options.minutes !== undefined ? started + options.minutes * 60_000 : Infinity;
  const count = options.inputs?.length ?? options.count ?? (options.minutes !== undefined ? Infinity : 100);
  const report: FileFuzzReport = {
    seed: options.seed,
    inputs: 0,
    seconds: 0,
    crashes: 0,
    hangs: 0,
    invalidRanges: 0,
    malformed: 0,
    exits: 0,
    memory: 0,
    diagnostics: 0,
    peakHeapBytes: 0,
    slowest: { ms: 0, stage: '', n: -1, rel: '' },
    failures: [],
    out,
  };
  const bySignature = new Map<string, Failure>();
  let next = 0;

  const record = async (slot: Slot, input: FileInput, kind: FailureKind, stage: string, signature: string, detail: string): Promise<void> => {
    const counter = { crash: 'crashes', hang: 'hangs', range: 'invalidRanges', shape: 'malformed', exit: 'exits', memory: 'memory' } as const;
    report[counter[kind]]++;
    const seen = bySignature.get(signature);
    if (seen) {
      seen.count++;
      if (seen.inputs.length < 20) seen.inputs.push(input.n);
      return;
    }
    const failure: Failure = { kind, stage, signature, detail, count: 1, inputs: [input.n], seed: options.seed, rel: input.rel, how: input.how.join('+'), extra: input.extra };
    if (input.game) failure.game = input.game;
    bySignature.set(signature, failure);
    report.failures.push(failure);
    const original = originals.get(input.rel) as Buffer;
    const same = (r: RunResult): boolean => signatureOf(r).includes(signature);
    const budgetMs = (options.minimizeSeconds ?? 30) * 1000;
    // A hang costs the whole time limit each time it is seen again, so it gets a few more of those.
    const small = budgetMs === 0 ? input.bytes : await minimize(input.bytes, async (candidate) => same(await slot.run(input, candidate, original)), {
      attempts: kind === 'hang' ? 12 : 500,
      deadline: performance.now() + budgetMs + (kind === 'hang' ? 4 * slotOptions.timeoutMs : 0),
    });
    failure.reproducer = saveReproducer(out, report.failures.indexOf(failure) + 1, failure, small, input.bytes);
    log(describeFailure(failure));
  };

  const runOne = async (slot: Slot): Promise<void> => {
    for (;;) {
      if (next >= count || performance.now() >= deadline) return;
      const i = next++;
      const n = options.inputs?.[i] ?? i;
      const input = makeInput(corpus, options.seed, n, options.operators ?? OPERATORS);
      const result = await slot.run(input, input.bytes, originals.get(input.rel) as Buffer);
      report.inputs++;
      report.peakHeapBytes = Math.max(report.peakHeapBytes, result.heap);
      if (result.status === 'done') {
        report.diagnostics += result.diagnostics;
        if (result.slowest.ms > report.slowest.ms) report.slowest = { ms: Math.round(result.slowest.ms), stage: result.slowest.stage, n, rel: input.rel };
        // One count per distinct failure of an input (a defect seen by three stages is three findings).
        const distinct = new Map(result.findings.map((f) => [f.signature, f]));
        for (const f of distinct.values()) await record(slot, input, f.kind, f.stage, f.signature, f.detail);
      } else {
        const [signature] = signatureOf(result);
        const kind = result.status === 'died' ? 'crash' : result.status;
        await record(slot, input, kind, result.stage, signature as string, result.status === 'hang' ? `no answer within ${slotOptions.timeoutMs} ms` : result.detail);
      }
      if (report.inputs % 100 === 0) log(`${report.inputs} inputs, ${report.failures.length} distinct failures, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  };

  try {
    await Promise.all(slots.map(runOne));
  } finally {
    await Promise.all(slots.map((s) => s.close()));
    rmSync(scratch, { recursive: true, force: true });
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

/** The signatures a run result shows: its findings', or the watchdog's verdict. */
function signatureOf(r: RunResult): string[] {
  switch (r.status) {
    case 'done':
      return r.findings.map((f) => f.signature);
    case 'hang':
      return [`${r.stage}: hang`];
    case 'memory':
      return [`${r.stage}: heap exhausted`];
    case 'died':
      return [`${r.stage}: worker died: ${normalize(r.detail)}`];
  }
}

export function describeFailure(f: Failure): string {
  return `${f.kind.padEnd(6)} ${f.signature}\n       input ${f.inputs[0]} of seed ${f.seed}: ${f.rel} by ${f.how}${f.game ? `, playing ${f.game}` : ''}\n       reproducer: ${f.reproducer ?? '(none)'}`;
}

function filterCorpus(corpus: Corpus, exclude: ((rel: string) => boolean) | undefined): Corpus {
  if (!exclude) return corpus;
  const files = corpus.files.filter((f) => !exclude(f.rel));
  return { files, gamesOf: (rel) => corpus.gamesOf(rel).filter((g) => !exclude(g)) };
}

/**
 * A copy of the corpus for one slot, with the project markers (package.json)
 * of every folder above its files, so imports and project checks behave as in
 * the repository.
 */
export function prepareTree(root: string, files: readonly CorpusFile[], tree: string): string {
  const folders = new Set<string>(['.']);
  for (const f of files) {
    const target = join(tree, f.rel);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, f.bytes);
    for (let d = posix.dirname(f.rel); d !== '.'; d = posix.dirname(d)) folders.add(d);
  }
  for (const d of folders) {
    for (const marker of ['package.json', 'dipforge.json']) {
      const from = join(root, d, marker);
      if (existsSync(from)) writeFileSync(join(tree, d, marker), '{}\n');
    }
  }
  return tree;
}

export interface ReplayOptions {
  root: string;
  /** The reproducer's bytes. */
  bytes: Uint8Array;
  /** The corpus file it stands in for. */
  as: string;
  game?: string;
  extra?: number;
  timeoutMs?: number;
  maxHeapMb?: number;
}

/** Runs one file (a saved reproducer) in place of a corpus file, as the fuzzer ran it. */
export async function replayFile(options: ReplayOptions): Promise<RunResult> {
  const corpus = loadCorpus(options.root);
  const original = corpus.files.find((f) => f.rel === options.as);
  if (!original) throw new Error(`${options.as} is not a corpus file (${CORPUS_FOLDERS.join(', ')})`);
  const scratch = mkdtempSync(join(tmpdir(), 'dipforge-fuzz-replay-'));
  const slot = new Slot(prepareTree(options.root, corpus.files, join(scratch, 'tree')), {
    timeoutMs: options.timeoutMs ?? 30_000,
    maxHeapMb: options.maxHeapMb ?? 1024,
    plant: false,
  });
  try {
    const input = { rel: original.rel, kind: original.kind, extra: options.extra ?? 0, ...(options.game ? { game: options.game } : {}) };
    return await slot.run(input, options.bytes, original.bytes);
  } finally {
    await slot.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
