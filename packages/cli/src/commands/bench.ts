/**
 * `dipforge bench`: adjudication and legal-order throughput on seeded random
 * games (docs/PERFORMANCE.md). Each game starts from the variant's start and
 * plays up to `--phases` phases that have something to decide (empty retreat
 * and adjustment phases are passed over, untimed and uncounted), choosing
 * random legal orders with `randomOrders` (its default mix), until a power
 * wins alone or the phases run out. A few warm-up games run first, untimed.
 * Only `adjudicatePhase` is timed for the per-phase figures, and `legalOrders`
 * for the legal-order figures; the throughput covers whole games. The integer
 * APIs (`adjudicateMovementInts`, `LegalOrderTable`) are timed after the games,
 * on the same phases.
 *
 * The other parts are files of their own (bench-settled, -threads, -editor, -stdio, -process,
 * -render, -serve). What stays here, past 500 lines, is what they all hang from: the options, the
 * game loop whose phases every figure is taken on, and the one report (JSON and table) of them all.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { arch, cpus, platform } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { compileMapFile, VariantLoader } from '@dipforge/dsl';
import {
  adjudicateAdjustmentInts,
  adjudicateMovementInts,
  adjudicateRetreatInts,
  PhaseInts,
  adjudicatePhase,
  MOVEMENT_STATUS,
  MovementInts,
  type MovementResultInts,
  type PhaseResult,
  compileBoard,
  initialPosition,
  phaseIsEmpty,
  winner,
  DEFAULT_ORDER_MIX,
  legalOrders,
  LegalOrderTable,
  mulberry32,
  positionProblems,
  randomOrders,
  type Board,
  type Order,
  type PhaseKind,
  type Position,
  type RuleOptions,
} from '@dipforge/engine';
import { parseArgs, readCount } from '../args.js';
import { median, quantile } from '../bench-stats.js';
import { serveFigures, type ServeFigures } from '../bench-serve.js';
import { pythonEngineFigures } from '../bench-python.js';
import { writeFileAtomic } from '../atomic.js';
import { Exit, type Io } from '../io.js';
import { displayPath, printDiagnostics, summary } from '../report.js';
import { checkedGameText, gameText, type GameRecord } from './bench-games.js';
import { PROCESS_SET, processFigures, processLines, type ProcessFigures } from './bench-process.js';
import { renderFigures, type RenderFigures } from './bench-render.js';
import { settledFigures, type SettledFigures } from './bench-settled.js';
import { stdioFigures, stdioLine } from './bench-stdio.js';
import { threadFigures, type ThreadFigures, type ThreadRow } from './bench-threads.js';
import { editorFigures, stdioGame, type EditorFigures } from './bench-editor.js';

export const benchUsage =
  'dipforge bench [--games N] [--phases N] [--seed N] [--warmup N] [--uniform] [--variant NAME|PATH] [--years N] [--check] [--threads N] [--editor] [--process] [--serve [--python-engine] [--python PYTHON]] [--json] [--write-games DIR]   adjudication speed on seeded random games';

/** The version of the `--json` document (docs/PERFORMANCE.md). */
export const BENCH_FORMAT = 'dipforge-bench/1';

const KINDS: readonly PhaseKind[] = ['movement', 'retreat', 'adjustment'];

export interface Settings {
  games: number;
  phases: number;
  seed: number;
  warmup: number;
  /** Each unit's order drawn uniformly from its legal orders instead of by the mix. */
  uniform: boolean;
  /** Worker threads for the `adjudicateMany` figure (0: not measured). */
  threads: number;
  /** Measure the editor path (parse and check a 10,000-line game; re-adjudicate the second half of a 100-phase game). */
  editor: boolean;
  /** Play each game for this many game years (the years the game passes through), through any win; 0: up to `phases` phases. */
  years: number;
}

/** `--check`: every position a game reaches, run through `positionProblems`. */
interface CheckTally {
  positions: number;
  problems: string[];
}

/** Per-phase samples in microseconds. */
type Samples = Record<PhaseKind, number[]>;

interface Tally {
  adjudicate: Samples;
  /** Movement phases through `adjudicateMovementInts`, orders encoded beforehand (untimed). */
  ints: number[];
  /** The same phases written into one reused buffer just before each call (`movementReused`). */
  intsReused: number[];
  /** Movement phases where the integer API's outcome differed from `adjudicatePhase`'s (or the orders did not encode exactly). */
  intsMismatches: number;
  /** The timed movement phases, for the integer API's figure. */
  movementPhases: { position: Position; orders: Order[]; result: PhaseResult }[];
  /** Retreat and adjustment phases through `adjudicateRetreatInts` and `adjudicateAdjustmentInts`, orders encoded beforehand (untimed). */
  phaseInts: { retreat: number[]; adjustment: number[] };
  /** The timed retreat and adjustment phases, for the integer APIs' figures. */
  otherPhases: { position: Position; orders: Order[]; result: PhaseResult }[];
  legal: Samples;
  /** Every timed phase's position, for the integer legal-order figures. */
  positions: Position[];
  /** `LegalOrderTable.fill` per phase, timed after the games. */
  legalInts: Samples;
  orders: Record<string, number>;
  illegal: number;
  legalOrders: number;
  gameSeconds: number;
  games: number;
  wins: number;
}

function newTally(): Tally {
  const samples = (): Samples => ({ movement: [], retreat: [], adjustment: [] });
  return { adjudicate: samples(), ints: [], intsReused: [], intsMismatches: 0, movementPhases: [], phaseInts: { retreat: [], adjustment: [] }, otherPhases: [], legal: samples(), positions: [], legalInts: samples(), orders: {}, illegal: 0, legalOrders: 0, gameSeconds: 0, games: 0, wins: 0 };
}

const now = (): bigint => process.hrtime.bigint();
const micros = (a: bigint, b: bigint): number => Number(b - a) / 1000;

/** Plays one seeded random game; records timings in `tally` when given. */
export function playGame(board: Board, rules: RuleOptions, settings: Settings, seed: number, tally: Tally | undefined, check?: CheckTally): GameRecord {
  const rng = mulberry32(seed);
  const { phases, uniform } = settings;
  const options = { seed };
  const record: GameRecord = { seed, phases: [] };
  let position: Position = initialPosition(board.config);
  const inspect = (p: Position, after?: PhaseKind): void => {
    if (!check) return;
    check.positions++;
    for (const problem of positionProblems(board.config, p, { after })) check.problems.push(`seed ${seed}, ${p.phase.season} ${p.phase.year} ${p.phase.kind}: ${problem}`);
  };
  inspect(position);
  let year = position.phase.year;
  let years = 1;
  let skipped = 0;
  const start = now();
  while ((settings.years > 0 || record.phases.length < phases) && skipped < 64) {
    if (position.phase.year !== year) {
      year = position.phase.year;
      if (settings.years > 0 && ++years > settings.years) break;
    }
    if (phaseIsEmpty(board, rules, position)) {
      const kind = position.phase.kind;
      position = adjudicatePhase(board, position, [], rules, options).next;
      inspect(position, kind);
      skipped++;
      continue;
    }
    skipped = 0;
    const kind = position.phase.kind;
    const t0 = now();
    const legal = legalOrders(board, position, rules);
    const t1 = now();
    const orders = randomOrders(board, position, rules, rng, { legal, uniform });
    const t2 = now();
    const result = adjudicatePhase(board, position, orders, rules, options);
    const t3 = now();
    if (tally && kind === 'movement') tally.movementPhases.push({ position, orders, result });
    else if (tally) tally.otherPhases.push({ position, orders, result });
    if (tally) tally.positions.push(position);
    if (tally) {
      tally.legal[kind].push(micros(t0, t1));
      tally.adjudicate[kind].push(micros(t2, t3));
      for (const list of legal.values()) tally.legalOrders += list.length;
      for (const o of orders) tally.orders[o.type] = (tally.orders[o.type] ?? 0) + 1;
      for (const r of result.results) if (r.status === 'illegal') tally.illegal++;
    }
    record.phases.push({ phase: position.phase, orders });
    position = result.next;
    inspect(position, kind);
    const won = winner(board, rules, position);
    if (won !== undefined) {
      record.winner ??= won;
      if (settings.years === 0) break;
    }
  }
  if (tally) {
    tally.gameSeconds += Number(now() - start) / 1e9;
    tally.games++;
    if (record.winner !== undefined) tally.wins++;
  }
  return record;
}

/**
 * The timed games' movement phases again, through `adjudicateMovementInts`:
 * all orders encoded first (untimed), untimed passes (at least 5,000 calls) to warm the compiler,
 * then each phase timed on its own and its outcome checked against the
 * `adjudicatePhase` result of the game.
 */
function timeIntegerApi(board: Board, rules: RuleOptions, tally: Tally): void {
  const encoded = tally.movementPhases.map(({ position, orders }) => {
    const m = new MovementInts(board);
    return { m, exact: m.encode(position, orders, rules) };
  });
  const passes = encoded.length === 0 ? 0 : Math.max(3, Math.ceil(5000 / encoded.length));
  for (let k = 0; k < passes; k++) for (const { m } of encoded) adjudicateMovementInts(board, rules, m.units, m.orders);
  encoded.forEach(({ m, exact }, i) => {
    const t0 = now();
    const r = adjudicateMovementInts(board, rules, m.units, m.orders);
    const t1 = now();
    tally.ints.push(micros(t0, t1));
    const { position, orders, result } = tally.movementPhases[i]!;
    if (!exact || !sameOutcome(board, position, orders, result, r)) tally.intsMismatches++;
  });
  // As a bot calls it: each phase's orders written into one reused buffer (untimed), then adjudicated.
  // The figure above reads each phase from buffers of its own, which are cold in the cache by then.
  const reused = new MovementInts(board);
  tally.movementPhases.forEach(({ position, orders, result }) => {
    const exact = reused.encode(position, orders, rules);
    const t0 = now();
    const r = adjudicateMovementInts(board, rules, reused.units, reused.orders);
    const t1 = now();
    tally.intsReused.push(micros(t0, t1));
    if (!exact || !sameOutcome(board, position, orders, result, r)) tally.intsMismatches++;
  });
}

/**
 * The timed games' retreat and adjustment phases again, through
 * `adjudicateRetreatInts` and `adjudicateAdjustmentInts`, as the movement
 * phases in `timeIntegerApi`: encoded first (`PhaseInts`, untimed), warmed,
 * each timed once, then played on the integer state and checked against the
 * `adjudicatePhase` result of the game (statuses and the next position).
 */
function timePhaseInts(board: Board, rules: RuleOptions, seed: number, tally: Tally): void {
  const encoded = tally.otherPhases.map(({ position, orders }) => {
    const p = new PhaseInts(board);
    return { p, exact: p.encode(position, orders) };
  });
  const run = (p: PhaseInts): { status: Uint8Array; n: number } => {
    if (p.state.phase.kind === 'retreat') {
      const r = adjudicateRetreatInts(board, rules, p.state, p.retreat, seed);
      return { status: r.status, n: r.n };
    }
    return { status: adjudicateAdjustmentInts(board, rules, p.state, p.adjustment, seed).status, n: p.adjustment.n };
  };
  const passes = encoded.length === 0 ? 0 : Math.max(3, Math.ceil(5000 / encoded.length));
  for (let k = 0; k < passes; k++) for (const { p, exact } of encoded) if (exact) run(p);
  encoded.forEach(({ p, exact }, i) => {
    const { orders, result } = tally.otherPhases[i]!;
    if (!exact) return void tally.intsMismatches++;
    const kind = p.state.phase.kind as 'retreat' | 'adjustment';
    const t0 = now();
    run(p);
    const t1 = now();
    tally.phaseInts[kind].push(micros(t0, t1));
    // The statuses, per order (retreats: per dislodged unit, in the order of the orders), then the next position.
    const statuses: number[] = [];
    if (kind === 'retreat') {
      const r = p.state.playRetreat(rules, p.retreat, seed);
      for (const o of orders) {
        const at = board.locId((o as { unit: { at: string } }).unit.at);
        const d = tally.otherPhases[i]!.position.dislodged.findIndex((u) => board.locId(u.at) === at);
        statuses.push(r.status[d]!);
      }
    } else {
      const r = p.state.playAdjustment(rules, p.adjustment, seed);
      for (let k = 0; k < orders.length; k++) statuses.push(r.status[k]!);
    }
    const same =
      statuses.every((st, k) => STATUS_NAME[st] === result.results[k]?.status) && JSON.stringify(p.state.toPosition()) === JSON.stringify(result.next);
    if (!same) tally.intsMismatches++;
  });
}

/**
 * The timed games' positions again, through the integer legal-order API
 * (`LegalOrderTable.fill`, one reused table): untimed passes (at least 5,000
 * calls) to warm the compiler, then each position timed once.
 */
function timeLegalInts(board: Board, rules: RuleOptions, tally: Tally): void {
  const table = new LegalOrderTable(board);
  const passes = tally.positions.length === 0 ? 0 : Math.max(3, Math.ceil(5000 / tally.positions.length));
  for (let k = 0; k < passes; k++) for (const p of tally.positions) table.fill(p, rules);
  for (const p of tally.positions) {
    const t0 = now();
    table.fill(p, rules);
    const t1 = now();
    tally.legalInts[p.phase.kind].push(micros(t0, t1));
  }
}

const STATUS_NAME = ['fails', 'succeeds', 'illegal'] as const;

/** Whether the integer API's outcome says what `adjudicatePhase`'s does: each order's status, the dislodged units, the units after and the standoffs. */
function sameOutcome(board: Board, position: Position, orders: readonly Order[], result: PhaseResult, r: MovementResultInts): boolean {
  const unitAt = new Map<string, number>();
  position.units.forEach((u, i) => unitAt.set(board.provinceName(board.provinceOf(board.locId(u.at))), i));
  for (let i = 0; i < orders.length; i++) {
    const o = orders[i]!;
    if (!('unit' in o)) return false;
    const u = unitAt.get(o.unit.at.split('/')[0]!);
    if (u === undefined || r.status[u] === MOVEMENT_STATUS.NONE || STATUS_NAME[r.status[u]!] !== result.results[i]?.status) return false;
  }
  const dislodged: string[] = [];
  const after: string[] = [];
  for (let u = 0; u < r.n; u++) {
    const unit = position.units[u]!;
    if (r.dislodgedBy[u]! >= 0) dislodged.push(`${unit.power} ${unit.at}`);
    else after.push(`${unit.power} ${board.locName(r.finalLoc[u]!)}`);
  }
  const same = (a: string[], b: string[]): boolean => a.sort().join(',') === b.sort().join(',');
  if (!same(dislodged, result.dislodged.map((d) => `${d.power} ${d.at}`))) return false;
  if (result.retreats !== undefined) return true; // retreats carried out at once: the next position is not the moves' alone
  const standoffs = Array.from(r.standoffs.subarray(0, r.standoffCount), (p) => board.provinceName(p));
  return same(after, result.next.units.map((u) => `${u.power} ${u.at}`)) && same(standoffs, [...result.next.standoffs]);
}

export interface Stats {
  count: number;
  medianUs: number;
  p10Us: number;
  p90Us: number;
  meanUs: number;
}

/** Median, 10th and 90th percentiles (linear interpolation) and mean; null without samples. */
export function stats(samples: readonly number[]): Stats | null {
  if (samples.length === 0) return null;
  const round = (v: number): number => Math.round(v * 100) / 100;
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return { count: samples.length, medianUs: round(median(samples)), p10Us: round(quantile(samples, 0.1)), p90Us: round(quantile(samples, 0.9)), meanUs: round(mean) };
}

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

// ------------------------------------------------------------------ report

export interface BenchReport {
  format: typeof BENCH_FORMAT;
  variant: string;
  edition: string;
  games: number;
  phasesPerGame: number;
  seed: number;
  warmupGames: number;
  machine: { node: string; platform: string; arch: string; cpu: string; cores: number };
  /** `mix`: per unit by the shares of `mix`; `uniform`: uniformly among each unit's legal orders. */
  orderChoice: 'mix' | 'uniform';
  mix: { move: number; support: number; convoy: number; hold: number };
  phases: Record<PhaseKind | 'total', number>;
  orders: Record<string, number>;
  adjudicate: Record<PhaseKind, Stats | null>;
  /**
   * Phases through `adjudicateMovementInts`, `adjudicateRetreatInts` and `adjudicateAdjustmentInts` (orders encoded
   * beforehand), and how many disagreed with `adjudicatePhase` (always 0).
   */
  adjudicateInts: { movement: Stats | null; movementReused: Stats | null; retreat: Stats | null; adjustment: Stats | null; mismatches: number };
  /** The same phases again after the others, each called several times in a row, its fastest call kept: the median of those (bench-settled.ts). */
  settled: SettledFigures | null;
  /** `legalOrders` per phase (order objects); `integerApi`: `LegalOrderTable.fill` on the same positions (packed integers), timed after the games. */
  legalOrders: Record<PhaseKind | 'all', Stats | null> & { ordersPerPhase: number; integerApi: Record<PhaseKind | 'all', Stats | null> };
  throughput: { seconds: number; phasesPerSecond: number; gamesWon: number };
  /** `--threads N`: the timed games replayed with `adjudicateMany` on 1 and on N worker threads; null without the option. */
  threads: ThreadFigures | null;
  /** `--editor`: the editor path; null without the option. */
  editor: EditorFigures | null;
  /** `--serve`: movement phases through `dipforge serve --stdio`, one request at a time and batched, beside the calls in process (absent without the option). */
  serve?: ServeFigures;
  /** The board picture: the region map built once, then the starting position's SVG drawn with it cached. */
  render: RenderFigures | null;
  /** `--process`: start-up and `dipforge test` as whole processes; null without the option. */
  process: ProcessFigures | null;
  /** `--years N`: each game played for N game years, through any win (absent without the option). */
  years?: number;
  /** `--check`: positions checked by `positionProblems`, how many problems, the first 20 (absent without the option). */
  invariants?: { positions: number; problems: number; first: string[] };
}


function benchJson(settings: Settings, variant: string, edition: string, tally: Tally): BenchReport {
  const cpu = cpus();
  const count = (k: PhaseKind): number => tally.adjudicate[k].length;
  const total = KINDS.reduce((n, k) => n + count(k), 0);
  const mix = DEFAULT_ORDER_MIX;
  const orders: Record<string, number> = {};
  for (const t of ['hold', 'move', 'support', 'convoy', 'retreat', 'disband', 'build', 'waive']) orders[t] = tally.orders[t] ?? 0;
  orders['illegal'] = tally.illegal;
  const round = (v: number, d: number): number => Math.round(v * 10 ** d) / 10 ** d;
  return {
    format: BENCH_FORMAT,
    variant,
    edition,
    games: settings.games,
    phasesPerGame: settings.phases,
    seed: settings.seed,
    warmupGames: settings.warmup,
    machine: { node: process.version, platform: platform(), arch: arch(), cpu: cpu[0]?.model.trim() ?? 'unknown', cores: cpu.length },
    orderChoice: settings.uniform ? 'uniform' : 'mix',
    mix: { move: mix.move, support: mix.support, convoy: mix.convoy, hold: round(1 - mix.move - mix.support - mix.convoy, 4) },
    phases: { movement: count('movement'), retreat: count('retreat'), adjustment: count('adjustment'), total },
    orders,
    adjudicate: { movement: stats(tally.adjudicate.movement), retreat: stats(tally.adjudicate.retreat), adjustment: stats(tally.adjudicate.adjustment) },
    adjudicateInts: { movement: stats(tally.ints), movementReused: stats(tally.intsReused), retreat: stats(tally.phaseInts.retreat), adjustment: stats(tally.phaseInts.adjustment), mismatches: tally.intsMismatches },
    legalOrders: {
      all: stats(KINDS.flatMap((k) => tally.legal[k])),
      movement: stats(tally.legal.movement),
      retreat: stats(tally.legal.retreat),
      adjustment: stats(tally.legal.adjustment),
      ordersPerPhase: total === 0 ? 0 : round(tally.legalOrders / total, 1),
      integerApi: {
        all: stats(KINDS.flatMap((k) => tally.legalInts[k])),
        movement: stats(tally.legalInts.movement),
        retreat: stats(tally.legalInts.retreat),
        adjustment: stats(tally.legalInts.adjustment),
      },
    },
    settled: null,
    throughput: { seconds: round(tally.gameSeconds, 4), phasesPerSecond: round(tally.gameSeconds > 0 ? total / tally.gameSeconds : 0, 1), gamesWon: tally.wins },
    threads: null,
    editor: null,
    render: null,
    process: null,
  };
}

function humanReport(r: BenchReport): string {
  const pct = (v: number): string => `${Math.round(v * 100)}%`;
  const num = (v: number): string => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
  const lines: string[] = [];
  lines.push(`dipforge bench: ${r.variant}, edition ${r.edition}, ${r.games} games × up to ${r.phasesPerGame} phases, seed ${r.seed} (${r.warmupGames} warm-up games untimed)`);
  lines.push(`machine: node ${r.machine.node}, ${r.machine.platform} ${r.machine.arch}, ${r.machine.cpu} (${r.machine.cores} cores)`);
  lines.push(
    r.orderChoice === 'uniform'
      ? "orders: each unit's drawn uniformly from its legal orders"
      : `order mix drawn per unit: ${pct(r.mix.move)} move, ${pct(r.mix.support)} support, ${pct(r.mix.convoy)} convoy, ${pct(r.mix.hold)} hold`,
  );
  const given = Object.entries(r.orders)
    .filter(([k, n]) => k !== 'illegal' && n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  lines.push(`orders given: ${given}; illegal: ${r.orders['illegal']}`);
  lines.push(`phases: ${r.phases.total} (movement ${r.phases.movement}, retreat ${r.phases.retreat}, adjustment ${r.phases.adjustment})${r.years !== undefined ? `, ${r.years} game years a game` : ''}`);
  if (r.invariants) lines.push(`positions checked: ${r.invariants.positions}; impossible positions: ${r.invariants.problems}`);
  lines.push('');
  lines.push('µs per phase                  phases    median       p10       p90      mean');
  const row = (label: string, s: Stats | null): void => {
    if (!s) {
      lines.push(`${label.padEnd(28)}${'0'.padStart(8)}         -         -         -         -`);
      return;
    }
    lines.push(`${label.padEnd(28)}${String(s.count).padStart(8)}${[s.medianUs, s.p10Us, s.p90Us, s.meanUs].map((v) => num(v).padStart(10)).join('')}`);
  };
  for (const k of KINDS) row(`adjudicate ${k}`, r.adjudicate[k]);
  row('movement, integer API', r.adjudicateInts.movement);
  row('movement, integer API, reused buffer', r.adjudicateInts.movementReused);
  row('retreat, integer API', r.adjudicateInts.retreat);
  row('adjustment, integer API', r.adjudicateInts.adjustment);
  row('legal orders, all phases', r.legalOrders.all);
  for (const k of KINDS) row(`legal orders, ${k}`, r.legalOrders[k]);
  row('legal ints, all phases', r.legalOrders.integerApi.all);
  for (const k of KINDS) row(`legal ints, ${k}`, r.legalOrders.integerApi[k]);
  lines.push('');
  lines.push(`legal orders per phase: ${r.legalOrders.ordersPerPhase} on average`);
  if (r.settled) {
    const us = (v: number | null): string => (v === null ? '-' : `${num(v)} µs`);
    const settledRow = (row: Record<PhaseKind, number | null>): string => KINDS.map((k) => `${k} ${us(row[k])}`).join(', ');
    lines.push(`settled (median of each phase's fastest of ${r.settled.calls} calls): adjudicatePhase ${settledRow(r.settled.adjudicate)}`);
    lines.push(`settled, integer APIs: ${settledRow(r.settled.adjudicateInts)}`);
  }
  const intPhases = KINDS.reduce((n, k) => n + (r.adjudicateInts[k]?.count ?? 0), 0);
  lines.push(`integer APIs (adjudicate*Ints): ${r.adjudicateInts.mismatches} of ${intPhases} phases differ from adjudicatePhase`);
  lines.push(
    `throughput: ${r.phases.total} phases in ${r.throughput.seconds.toFixed(3)} s = ${Math.round(r.throughput.phasesPerSecond)} phases/s (whole games: legal orders, random choice, adjudication)${r.throughput.gamesWon > 0 ? `; ${r.throughput.gamesWon} game(s) ended in a win` : ''}`,
  );
  if (r.threads) {
    const t = r.threads;
    const line = (label: string, x: ThreadRow, tail: string): string =>
      `${label}: ${t.phases} phases (the games ×${t.repeat}) in 1 thread ${(x.singleSeconds * 1000).toFixed(1)} ms (${Math.round(x.singlePhasesPerSecond)} phases/s), on 1 worker ${(x.oneSeconds * 1000).toFixed(1)} ms, on ${t.threads} workers ${(x.nSeconds * 1000).toFixed(1)} ms (${Math.round(x.nPhasesPerSecond)} phases/s): speed-up ${x.speedupOverSingle.toFixed(2)}× over 1 thread, ${x.speedup.toFixed(2)}× over 1 worker${tail}`;
    lines.push(line('adjudicateMany (with encoding)', t, `; results ${t.identical ? 'identical' : 'DIFFER'}`));
    lines.push(line('adjudicatePrepared (encoded once)', t.prepared, ''));
    lines.push(`cores: ${t.threads} spinning threads got ${t.cores.before.toFixed(2)} before the samples, ${t.cores.after.toFixed(2)} after`);
  }
  if (r.render) {
    const g = r.render;
    const ms = g.svg ? (g.svg.medianUs / 1000).toFixed(2) : '-';
    lines.push(
      `board: region map of ${g.provinces} provinces built in ${g.regionsMs.toFixed(1)} ms (${g.links} adjacent pairs drawn as links); starting position SVG, regions cached: median ${ms} ms (${Math.round(g.bytes / 1024)} KiB); as PNG: median ${g.png.medianMs.toFixed(1)} ms (min ${g.png.minMs.toFixed(1)}, ${Math.round(g.png.bytes / 1024)} KiB)`,
    );
  }
  if (r.editor) {
    const e = r.editor;
    lines.push(`editor: parse and check ${e.check.lines} lines (${e.check.phases} phases, ${e.check.errors} errors): median ${e.check.medianMs.toFixed(1)} ms (min ${e.check.minMs.toFixed(1)})`);
    lines.push(`editor: edit phase ${e.edit.editedPhase} of ${e.edit.phases}, re-adjudicate ${e.edit.adjudicated} phases: median ${e.edit.medianMs.toFixed(1)} ms (min ${e.edit.minMs.toFixed(1)})`);
    lines.push(
      `editor: language server, edit phase section ${e.server.editedPhase} of the ${e.server.lines}-line game (${e.server.adjudicated} adjudicated, ${e.server.reused} + ${e.server.cutoff} re-used, ${e.server.diagnostics} diagnostics): median ${e.server.medianMs.toFixed(1)} ms (min ${e.server.minMs.toFixed(1)})`,
      stdioLine(e.stdio),
    );
  }
  if (r.serve) {
    const v = r.serve;
    lines.push(
      `serve: movement phase ${v.inProcessUs.toFixed(1)} µs in process (adjudicatePhase), ${v.gameObjectUs.toFixed(1)} µs through the game object, ${v.perRequestUs.median.toFixed(1)} µs a request through serve --stdio (${Math.round(v.requestsPerSecond)} requests/s); batched: ${v.batched.perPhaseUs.toFixed(1)} µs a phase (${Math.round(v.batched.phasesPerSecond)} phases/s; ${v.batched.inProcessPerPhaseUs.toFixed(1)} µs in process); mismatches ${v.mismatches}`,
    );
    const p = v.pythonEngine;
    if (p) {
      lines.push(
        `serve: the Python engine (diplomacy ${p.version}) ${p.perPhaseUs.median.toFixed(1)} µs a movement phase (process() alone, median of ${p.movementPhases}); agrees on ${p.movesAgree} of ${p.moves} moves, ${p.dislodgedAgree} of ${p.units} units dislodged or not, ${p.phasesAgree} of ${p.movementPhases} phases${p.errors > 0 ? `; ${p.errors} phases it raised on (${p.firstErrors[0]})` : ''}`,
      );
    } else if (p === null) lines.push(`serve: the Python engine not timed: ${v.pythonEngineUnavailable}`);
  }
  if (r.process) lines.push(...processLines(r.process));
  return `${lines.join('\n')}\n`;
}
