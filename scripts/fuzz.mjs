#!/usr/bin/env node
// The fuzzers (docs/TESTING.md, "Fuzzing"), after `npm run build`:
//
//   node scripts/fuzz.mjs [files|lsp|all] [--seed N] [--count N] [--minutes M] [options]
//
// `files` mutates the repository's .dipmap and .dipgame files and runs each mutant through
// check, compile, play and the CLI in one process, each input in a worker with a time and heap
// limit; `lsp` drives `dipforge lsp --stdio` with random edits and requests; `all` (the default)
// runs both, the minutes shared between them. Each distinct failure is minimized and saved in
// --out (default: a new temporary folder), and printed as it is found. Exit code 1 when anything
// failed.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fuzzFiles, fuzzLsp, OPERATORS, replayFile, replayLspFile } from '@dipforge/fuzz';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `usage: node scripts/fuzz.mjs [files|lsp|all] [options]
  --seed N          the run's seed (default: the time); every input is a function of seed and number
  --count N         inputs (files) and steps (lsp), unless --minutes (default 200 and 2000)
  --minutes M       run for about M minutes (all: shared between the two)
  --workers N       file inputs run at once, each in its own worker process (default 1)
  --timeout MS      a stage of a file input (one check, compile or command) or an LSP request that takes longer is a hang (default 30000)
  --max-heap MB     a worker's heap limit; an input that exceeds it is a memory failure (default 1024)
  --max-rss MB      the language server's resident memory above which it is a memory failure (default 1536)
  --operators A,B   only these mutations (default all: ${OPERATORS.join(', ')})
  --input N[,N…]    only these file inputs (to reproduce one)
  --out DIR         where reproducers go
  --minimize S      seconds spent minimizing each distinct failure (default 30)
  --replay FILE --as REL [--game REL] [--extra K]   run one saved reproducer in place of corpus file REL`;

/** Each option: the key it sets and how its value is read. */
const OPTIONS = {
  '--seed': ['seed', 'number'],
  '--count': ['count', 'number'],
  '--minutes': ['minutes', 'number'],
  '--workers': ['workers', 'number'],
  '--timeout': ['timeout', 'number'],
  '--max-heap': ['maxHeap', 'number'],
  '--max-rss': ['maxRss', 'number'],
  '--minimize': ['minimize', 'number'],
  '--extra': ['extra', 'number'],
  '--out': ['out', 'text'],
  '--replay': ['replay', 'text'],
  '--as': ['as', 'text'],
  '--game': ['game', 'text'],
  '--input': ['inputs', 'numbers'],
  '--operators': ['operators', 'operators'],
};

function parse(argv) {
  const o = { mode: 'all' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === 'files' || a === 'lsp' || a === 'all') {
      o.mode = a;
      continue;
    }
    if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    const option = OPTIONS[a];
    if (!option) fail(`unknown argument ${a}`);
    const [key, kind] = option;
    const value = argv[++i];
    if (value === undefined) fail(`${a} needs a value`);
    if (kind === 'text') o[key] = value;
    else if (kind === 'operators') {
      o[key] = value.split(',');
      const unknown = o[key].filter((x) => !OPERATORS.includes(x));
      if (unknown.length > 0) fail(`unknown operators: ${unknown.join(', ')}`);
    } else {
      const numbers = value.split(',').map(Number);
      if (numbers.some((n) => !Number.isFinite(n) || n < 0) || (kind === 'number' && numbers.length !== 1)) fail(`${a} needs ${kind === 'number' ? 'a number' : 'numbers'}`);
      o[key] = kind === 'number' ? numbers[0] : numbers;
    }
  }
  return o;
}

function fail(message) {
  console.error(`fuzz: ${message}\n${USAGE}`);
  process.exit(2);
}

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const o = parse(process.argv.slice(2));
const seed = o.seed ?? Date.now() % 2 ** 31;
const log = (line) => console.log(line);

if (o.replay && o.mode === 'lsp') {
  const events = await replayLspFile({ root: ROOT, file: o.replay, timeoutMs: o.timeout });
  for (const e of events) console.log(`${e.kind} ${e.signature}\n${e.detail}\n`);
  console.log(`${events.length} failures`);
  process.exit(events.length === 0 ? 0 : 1);
}
if (o.replay) {
  if (!o.as) fail('--replay needs --as REL, the corpus file it stands in for');
  const result = await replayFile({ root: ROOT, bytes: readFileSync(o.replay), as: o.as, game: o.game, extra: o.extra, timeoutMs: o.timeout, maxHeapMb: o.maxHeap });
  console.log(JSON.stringify(result, null, 2));
  process.exit(result.status === 'done' && result.findings.length === 0 ? 0 : 1);
}

let failed = 0;
const share = o.mode === 'all' && o.minutes !== undefined ? o.minutes / 2 : o.minutes;

if (o.mode === 'files' || o.mode === 'all') {
  console.log(`files: seed ${seed}`);
  const r = await fuzzFiles({
    root: ROOT,
    seed,
    count: o.inputs ? undefined : (o.count ?? (share === undefined ? 200 : undefined)),
    minutes: share,
    inputs: o.inputs,
    operators: o.operators,
    workers: o.workers,
    timeoutMs: o.timeout,
    maxHeapMb: o.maxHeap,
    out: o.out,
    minimizeSeconds: o.minimize,
    log,
  });
  console.log(
    `files: ${r.inputs} inputs in ${r.seconds.toFixed(0)} s: ${r.crashes} crashes, ${r.hangs} hangs, ${r.invalidRanges} invalid ranges, ${r.malformed} malformed, ${r.exits} wrong exit codes, ${r.memory} out of memory; ${r.diagnostics} diagnostics checked; peak worker heap ${mb(r.peakHeapBytes)}; slowest stage ${r.slowest.ms} ms (${r.slowest.stage} of input ${r.slowest.n}, ${r.slowest.rel}); ${r.failures.length} distinct failures, reproducers in ${r.out}`,
  );
  failed += r.failures.length;
}

if (o.mode === 'lsp' || o.mode === 'all') {
  console.log(`lsp: seed ${seed}`);
  const r = await fuzzLsp({
    root: ROOT,
    seed,
    steps: o.count ?? (share === undefined ? 2000 : undefined),
    minutes: share,
    timeoutMs: o.timeout,
    maxRssMb: o.maxRss,
    out: o.out,
    log,
  });
  console.log(
    `lsp: ${r.steps} steps (${r.edits} edits, ${r.requests} requests, ${r.restarts} servers) in ${r.seconds.toFixed(0)} s: ${r.crashes} crashes, ${r.errors} internal errors, ${r.invalidParams} damaged params answered with an internal error, ${r.hangs} hangs, ${r.invalidRanges} invalid ranges, ${r.desync} documents out of step, ${r.format} formatting failures, ${r.protocol} protocol errors, ${r.memory} over the memory limit; peak server RSS ${mb(r.peakRssBytes)}; slowest answer ${r.slowestMs} ms (${r.slowestMethod}); ${r.failures.length} distinct failures, reproducers in ${r.out}`,
  );
  failed += r.failures.length;
}
process.exit(failed > 0 ? 1 : 0);
