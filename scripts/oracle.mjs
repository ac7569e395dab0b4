#!/usr/bin/env node
// The movement oracle (docs/TESTING.md): generates random movement phases on the classic map,
// solves each by brute force over the DATC §5 equations, and compares the engine's answer. Prints
// the counts per class and every kept disagreement as a .dipgame file that reproduces it; exits 1
// when there is any disagreement. Needs the build (`npx tsc -b`).
//
//   node scripts/oracle.mjs [--count N] [--seed S] [--keep K] [--paradox szykman|all-hold] [--out DIR]
//
// --count    phases to run (default 100000)
// --seed     the run's seed (default 1); phase i of a run is the same whatever --count
// --keep     how many disagreements to print (default 20)
// --paradox  the convoy paradox rule (default szykman, the 2023 edition's; DATC 4.A.2)
// --out      also write each kept disagreement to DIR/oracle-SEED-INDEX.dipgame
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMapFile } from '@dipforge/dsl';
import { compileBoard } from '@dipforge/engine';
import { formatSummary, runOracle, unsupportedRules } from '../test/oracle/dist/index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function usage(message) {
  if (message) console.error(`oracle: ${message}`);
  console.error('usage: node scripts/oracle.mjs [--count N] [--seed S] [--keep K] [--paradox szykman|all-hold] [--out DIR]');
  process.exit(2);
}

function parseArgs(argv) {
  const args = { count: 100_000, seed: 1, keep: 20, paradox: 'szykman', out: undefined };
  const integer = (flag, text) => {
    if (text === undefined || !/^\d+$/.test(text)) usage(`${flag} needs a whole number`);
    return Number(text);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--count') args.count = integer(a, argv[++i]);
    else if (a === '--seed') args.seed = integer(a, argv[++i]);
    else if (a === '--keep') args.keep = integer(a, argv[++i]);
    else if (a === '--paradox') args.paradox = argv[++i] ?? usage('--paradox needs a rule');
    else if (a === '--out') args.out = argv[++i] ?? usage('--out needs a folder');
    else usage(`unknown argument ${a}`);
  }
  return args;
}

const args = parseArgs(process.argv.slice(2));
const compiled = compileMapFile(join(ROOT, 'variants', 'classic', 'classic.dipmap'));
if (!compiled.config) {
  console.error('oracle: the classic variant does not compile');
  process.exit(2);
}
const board = compileBoard(compiled.config);
// The oracle's equations are the DATC's preferred rules, the classic variant's default edition (2023).
const rules = { ...compiled.config.rules, 'convoy-paradox': args.paradox };
const unsupported = unsupportedRules(rules);
if (unsupported.length) usage(`the oracle does not model ${unsupported.join(', ')}`);
const started = Date.now();
const summary = runOracle(board, rules, { count: args.count, seed: args.seed, keep: args.keep });
process.stdout.write(formatSummary(summary));
console.log(`\n${((Date.now() - started) / 1000).toFixed(1)} s`);
if (args.out) {
  const dir = resolve(args.out);
  mkdirSync(dir, { recursive: true });
  for (const d of summary.disagreements) writeFileSync(join(dir, `oracle-${args.seed}-${d.index}.dipgame`), d.text);
}
const disagreements = Object.values(summary.counts).reduce((n, c) => n + c.disagree, 0);
process.exit(disagreements ? 1 : 0);
