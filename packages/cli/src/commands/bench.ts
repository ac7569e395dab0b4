/**
 * `dipforge bench`: adjudication and legal-order throughput on seeded random
 * games (docs/PERFORMANCE.md). A few warm-up games run first, untimed, then the
 * timed games (bench-play.ts); the integer APIs are timed after them on the same
 * phases (bench-ints.ts), then the optional parts, each a file of its own
 * (bench-settled, -render, -threads, -serve, -editor, -stdio, -process), and
 * one report of them all (bench-report.ts). This file is the command's flow:
 * its options, the variant, the order of the parts, `--write-games`.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { compileMapFile, VariantLoader } from '@dipforge/dsl';
import { compileBoard } from '@dipforge/engine';
import { parseArgs, readCount } from '../args.js';
import { serveFigures } from '../bench-serve.js';
import { pythonEngineFigures } from '../bench-python.js';
import { writeFileAtomic } from '../atomic.js';
import { Exit, type Io } from '../io.js';
import { displayPath, printDiagnostics, summary } from '../report.js';
import { editorFigures, stdioGame } from './bench-editor.js';
import { checkedGameText, gameText, type GameRecord } from './bench-games.js';
import { timeIntegerApi, timeLegalInts, timePhaseInts } from './bench-ints.js';
import { newTally, playGame, type CheckTally, type Settings } from './bench-play.js';
import { PROCESS_SET, processFigures } from './bench-process.js';
import { renderFigures } from './bench-render.js';
import { benchJson, humanReport } from './bench-report.js';
import { settledFigures } from './bench-settled.js';
import { stdioFigures } from './bench-stdio.js';
import { threadFigures } from './bench-threads.js';

export const benchUsage =
  'dipforge bench [--games N] [--phases N] [--seed N] [--warmup N] [--uniform] [--variant NAME|PATH] [--years N] [--check] [--threads N] [--editor] [--process] [--serve [--python-engine] [--python PYTHON]] [--json] [--write-games DIR]   adjudication speed on seeded random games';

export async function bench(args: string[], io: Io): Promise<number> {
  const parsed = parseArgs(args, [
    { name: 'games', takesValue: true },
    { name: 'phases', takesValue: true },
    { name: 'seed', takesValue: true },
    { name: 'warmup', takesValue: true },
    { name: 'variant', takesValue: true },
    { name: 'json', takesValue: false },
    { name: 'write-games', takesValue: true },
    { name: 'uniform', takesValue: false },
    { name: 'threads', takesValue: true },
    { name: 'editor', takesValue: false },
    { name: 'process', takesValue: false },
    { name: 'years', takesValue: true },
    { name: 'check', takesValue: false },
    { name: 'serve', takesValue: false },
    { name: 'python-engine', takesValue: false },
    { name: 'python', takesValue: true },
  ]);
  const fail = (why: string): number => {
    io.err(`dipforge bench: ${why}\nusage: ${benchUsage}\n`);
    return Exit.usage;
  };
  if (!parsed.ok) return fail(parsed.message);
  if (parsed.positional.length > 0) return fail(`unexpected argument '${parsed.positional[0]}'`);
  const o = parsed.options;
  if ((o.has('python-engine') || o.has('python')) && !o.has('serve')) return fail('--python-engine and --python go with --serve');
  if (o.has('python') && !o.has('python-engine')) return fail('--python names the interpreter of --python-engine');
  const games = readCount(o.get('games'), 'games', 20, 1, 1_000_000);
  const phases = readCount(o.get('phases'), 'phases', 40, 1, 100_000);
  const seed = readCount(o.get('seed'), 'seed', 1, 0, 0xffffffff);
  const warmup = readCount(o.get('warmup'), 'warmup', 20, 0, 1_000_000);
  const threads = readCount(o.get('threads'), 'threads', 0, 1, 256);
  const years = readCount(o.get('years'), 'years', 0, 1, 10_000);
  for (const v of [games, phases, seed, warmup, threads, years]) if (typeof v === 'string') return fail(v);
  const settings: Settings = {
    games: games as number,
    phases: phases as number,
    seed: seed as number,
    warmup: warmup as number,
    uniform: o.has('uniform'),
    threads: threads as number,
    editor: o.has('editor'),
    years: years as number,
  };
  const variantOption = o.get('variant');
  const writeGames = o.get('write-games');

  // A bare name that is a built-in variant (`pure`, `cold-war`) means that variant; anything else is a path.
  const loader = new VariantLoader();
  const builtinName =
    variantOption === undefined
      ? 'classic'
      : typeof variantOption === 'string' && /^[\p{L}\p{N}_-]+$/u.test(variantOption) && existsSync(loader.builtinVariantPath(variantOption))
        ? variantOption
        : undefined;
  const builtin = builtinName !== undefined;
  const variantPath = builtinName !== undefined ? loader.builtinVariantPath(builtinName) : resolve(io.cwd, variantOption as string);
  const compiled = compileMapFile(variantPath);
  if (!compiled.config) {
    printDiagnostics(compiled.diagnostics, io);
    io.err(`dipforge bench: the variant does not compile (${summary(compiled.diagnostics)})\n`);
    return Exit.errors;
  }
  const config = compiled.config;
  const rules = config.rules;
  const board = compileBoard(config);

  // Warm-up: other seeds than the timed games', so the timed games are not replays of them.
  for (let i = 0; i < settings.warmup; i++) playGame(board, rules, settings, (settings.seed + 0x9e3779b9 + i) >>> 0, undefined);
  const tally = newTally();
  const records: GameRecord[] = [];
  const check: CheckTally | undefined = o.has('check') ? { positions: 0, problems: [] } : undefined;
  for (let i = 0; i < settings.games; i++) {
    const record = playGame(board, rules, settings, (settings.seed + i) >>> 0, tally, check);
    if (typeof writeGames === 'string' || settings.threads > 0 || o.has('serve')) records.push(record);
  }

  timeIntegerApi(board, rules, tally);
  timePhaseInts(board, rules, settings.seed, tally);
  timeLegalInts(board, rules, tally);
  const report = benchJson(settings, config.id, rules.edition, tally);
  report.settled = settledFigures(board, rules, settings.seed, [...tally.movementPhases, ...tally.otherPhases]);
  report.render = await renderFigures(config, board);
  if (settings.years > 0) report.years = settings.years;
  if (check) report.invariants = { positions: check.positions, problems: check.problems.length, first: check.problems.slice(0, 20) };
  if (settings.threads > 0) report.threads = await threadFigures(config, board, records, settings.threads);
  if (o.has('serve')) report.serve = await serveFigures(config, builtinName, tally.movementPhases, records);
  if (report.serve && o.has('python-engine')) {
    const python = o.get('python');
    const figures = await pythonEngineFigures(typeof python === 'string' ? python : 'python3', config.id, tally.movementPhases);
    if ('unavailable' in figures) {
      report.serve.pythonEngine = null;
      report.serve.pythonEngineUnavailable = figures.unavailable;
    } else report.serve.pythonEngine = figures;
  }
  if (settings.editor) {
    // The game is never written; its path only anchors the variant's.
    const gamePath = builtin ? join(io.cwd, 'bench-editor.dipgame') : join(dirname(variantPath), 'bench-editor.dipgame');
    const variantLine = builtin ? `variant ${builtinName}` : `variant "${relative(dirname(gamePath), variantPath).split(sep).join('/')}"`;
    const editor = editorFigures(board, rules, settings, variantLine, gamePath);
    const variantLineIn = (dir: string): string => (builtin ? `variant ${builtinName}` : `variant "${relative(dir, variantPath).split(sep).join('/')}"`);
    const game = stdioGame(board, rules, settings);
    report.editor = { ...editor, stdio: await stdioFigures((dir) => gameText(board, game, variantLineIn(dir), 1, 1, settings.uniform)) };
  }
  if (o.has('process')) {
    const variantLineIn = (dir: string): string => (builtin ? `variant ${builtinName}` : `variant "${relative(dir, variantPath).split(sep).join('/')}"`);
    const set = { ...settings, phases: PROCESS_SET.phases, years: 0, uniform: false };
    const played = Array.from({ length: PROCESS_SET.games }, (_, i) => playGame(board, rules, set, (PROCESS_SET.seed + i) >>> 0, undefined));
    const texts = (dir: string): string[] => played.map((r, i) => checkedGameText(board, rules, r, variantLineIn(dir), i + 1, played.length, false));
    report.process = processFigures(texts, played.reduce((n, r) => n + r.phases.length, 0), loader.builtinVariantPath('classic'));
  }
  if (o.has('json')) io.out(`${JSON.stringify(report, null, 2)}\n`);
  else io.out(humanReport(report));

  if (typeof writeGames === 'string') {
    const dir = resolve(io.cwd, writeGames);
    try {
      mkdirSync(dir, { recursive: true });
    } catch (e) {
      io.err(`dipforge bench: cannot create ${writeGames}: ${e instanceof Error ? e.message.replace(/^[A-Z]+: /, '') : String(e)}\n`);
      return Exit.errors;
    }
    const variantLine = builtin ? `variant ${builtinName}` : `variant "${relative(dir, variantPath).split(sep).join('/')}"`;
    const width = String(records.length).length;
    for (const [i, record] of records.entries()) {
      const name = `game-${String(i + 1).padStart(width, '0')}-seed-${record.seed}.dipgame`;
      const written = writeFileAtomic(join(dir, name), gameText(board, record, variantLine, i + 1, records.length, settings.uniform));
      if (written !== true) {
        io.err(`dipforge bench: cannot write ${name}: ${written}\n`);
        return Exit.errors;
      }
    }
    if (!o.has('json')) io.out(`wrote ${records.length} game${records.length === 1 ? '' : 's'} to ${displayPath(dir, io.cwd)}\n`);
  }
  if (check && check.problems.length > 0) {
    io.err(`dipforge bench: ${check.problems.length} impossible position(s):\n${check.problems.slice(0, 20).map((p) => `  ${p}\n`).join('')}`);
    return Exit.errors;
  }
  return Exit.ok;
}
