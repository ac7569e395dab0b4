/**
 * `dipforge bench`: adjudication and legal-order throughput on seeded random
 * games (docs/PERFORMANCE.md). Each game starts from the variant's start and
 * plays up to `--phases` phases that have something to decide (empty retreat
 * and adjustment phases are passed over, untimed and uncounted), choosing
 * random legal orders with `randomOrders` (its default mix), until a power
 * wins alone or the phases run out. A few warm-up games run first, untimed.
 * Only `adjudicatePhase` is timed for the per-phase figures, and `legalOrders`
 * for the legal-order figures; the throughput covers whole games.
 */
import { mkdirSync } from 'node:fs';
import { arch, cpus, platform } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { compileMapFile, VariantLoader } from '@dipforge/dsl';
import {
  adjudicatePhase,
  compileBoard,
  formatOrder,
  initialPosition,
  phaseIsEmpty,
  winner,
  DEFAULT_ORDER_MIX,
  legalOrders,
  mulberry32,
  randomOrders,
  type Board,
  type Order,
  type Phase,
  type PhaseKind,
  type Position,
  type RuleOptions,
} from '@dipforge/engine';
import { parseArgs } from '../args.js';
import { writeFileAtomic } from '../files.js';
import { Exit, type Io } from '../io.js';
import { displayPath, printDiagnostics, summary } from '../report.js';

export const benchUsage =
  'dipforge bench [--games N] [--phases N] [--seed N] [--warmup N] [--uniform] [--variant PATH] [--json] [--write-games DIR]   adjudication speed on seeded random games';

/** The version of the `--json` document (docs/PERFORMANCE.md). */
export const BENCH_FORMAT = 'dipforge-bench/1';

const KINDS: readonly PhaseKind[] = ['movement', 'retreat', 'adjustment'];

interface Settings {
  games: number;
  phases: number;
  seed: number;
  warmup: number;
  /** Each unit's order drawn uniformly from its legal orders instead of by the mix. */
  uniform: boolean;
}

/** Per-phase samples in microseconds. */
type Samples = Record<PhaseKind, number[]>;

interface Tally {
  adjudicate: Samples;
  legal: Samples;
  orders: Record<string, number>;
  illegal: number;
  legalOrders: number;
  gameSeconds: number;
  games: number;
  wins: number;
}

interface GameRecord {
  seed: number;
  phases: { phase: Phase; orders: Order[] }[];
  winner?: string;
}

function newTally(): Tally {
  const samples = (): Samples => ({ movement: [], retreat: [], adjustment: [] });
  return { adjudicate: samples(), legal: samples(), orders: {}, illegal: 0, legalOrders: 0, gameSeconds: 0, games: 0, wins: 0 };
}

const now = (): bigint => process.hrtime.bigint();
const micros = (a: bigint, b: bigint): number => Number(b - a) / 1000;

/** Plays one seeded random game; records timings in `tally` when given. */
function playGame(board: Board, rules: RuleOptions, settings: Settings, seed: number, tally: Tally | undefined): GameRecord {
  const rng = mulberry32(seed);
  const { phases, uniform } = settings;
  const options = { seed };
  const record: GameRecord = { seed, phases: [] };
  let position: Position = initialPosition(board.config);
  let skipped = 0;
  const start = now();
  while (record.phases.length < phases && skipped < 64) {
    if (phaseIsEmpty(board, rules, position)) {
      position = adjudicatePhase(board, position, [], rules, options).next;
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
    if (tally) {
      tally.legal[kind].push(micros(t0, t1));
      tally.adjudicate[kind].push(micros(t2, t3));
      for (const list of legal.values()) tally.legalOrders += list.length;
      for (const o of orders) tally.orders[o.type] = (tally.orders[o.type] ?? 0) + 1;
      for (const r of result.results) if (r.status === 'illegal') tally.illegal++;
    }
    record.phases.push({ phase: position.phase, orders });
    position = result.next;
    const won = winner(board, rules, position);
    if (won !== undefined) {
      record.winner = won;
      break;
    }
  }
  if (tally) {
    tally.gameSeconds += Number(now() - start) / 1e9;
    tally.games++;
    if (record.winner !== undefined) tally.wins++;
  }
  return record;
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
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number): number => {
    const x = p * (s.length - 1);
    const i = Math.floor(x);
    const j = Math.min(i + 1, s.length - 1);
    return s[i]! + (s[j]! - s[i]!) * (x - i);
  };
  const round = (v: number): number => Math.round(v * 100) / 100;
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { count: s.length, medianUs: round(q(0.5)), p10Us: round(q(0.1)), p90Us: round(q(0.9)), meanUs: round(mean) };
}

function readCount(value: string | true | undefined, name: string, fallback: number, min: number, max: number): number | string {
  if (value === undefined) return fallback;
  if (value === true || !/^\d+$/.test(value)) return `--${name} needs a whole number`;
  const n = Number(value);
  if (n < min || n > max) return `--${name} must be between ${min} and ${max}`;
  return n;
}

export function bench(args: string[], io: Io): number {
  const parsed = parseArgs(args, [
    { name: 'games', takesValue: true },
    { name: 'phases', takesValue: true },
    { name: 'seed', takesValue: true },
    { name: 'warmup', takesValue: true },
    { name: 'variant', takesValue: true },
    { name: 'json', takesValue: false },
    { name: 'write-games', takesValue: true },
    { name: 'uniform', takesValue: false },
  ]);
  const fail = (why: string): number => {
    io.err(`dipforge bench: ${why}\nusage: ${benchUsage}\n`);
    return Exit.usage;
  };
  if (!parsed.ok) return fail(parsed.message);
  if (parsed.positional.length > 0) return fail(`unexpected argument '${parsed.positional[0]}'`);
  const o = parsed.options;
  const games = readCount(o.get('games'), 'games', 20, 1, 1_000_000);
  const phases = readCount(o.get('phases'), 'phases', 40, 1, 100_000);
  const seed = readCount(o.get('seed'), 'seed', 1, 0, 0xffffffff);
  const warmup = readCount(o.get('warmup'), 'warmup', 20, 0, 1_000_000);
  for (const v of [games, phases, seed, warmup]) if (typeof v === 'string') return fail(v);
  const settings: Settings = {
    games: games as number,
    phases: phases as number,
    seed: seed as number,
    warmup: warmup as number,
    uniform: o.has('uniform'),
  };
  const variantOption = o.get('variant');
  const writeGames = o.get('write-games');

  const builtin = variantOption === undefined;
  const variantPath = builtin ? new VariantLoader().builtinVariantPath('classic') : resolve(io.cwd, variantOption as string);
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
  for (let i = 0; i < settings.games; i++) {
    const record = playGame(board, rules, settings, (settings.seed + i) >>> 0, tally);
    if (typeof writeGames === 'string') records.push(record);
  }

  const report = benchJson(settings, config.id, rules.edition, tally);
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
    const variantLine = builtin ? 'variant classic' : `variant "${relative(dir, variantPath).split(sep).join('/')}"`;
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
  legalOrders: Record<PhaseKind | 'all', Stats | null> & { ordersPerPhase: number };
  throughput: { seconds: number; phasesPerSecond: number; gamesWon: number };
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
    legalOrders: {
      all: stats(KINDS.flatMap((k) => tally.legal[k])),
      movement: stats(tally.legal.movement),
      retreat: stats(tally.legal.retreat),
      adjustment: stats(tally.legal.adjustment),
      ordersPerPhase: total === 0 ? 0 : round(tally.legalOrders / total, 1),
    },
    throughput: { seconds: round(tally.gameSeconds, 4), phasesPerSecond: round(tally.gameSeconds > 0 ? total / tally.gameSeconds : 0, 1), gamesWon: tally.wins },
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
  lines.push(`phases: ${r.phases.total} (movement ${r.phases.movement}, retreat ${r.phases.retreat}, adjustment ${r.phases.adjustment})`);
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
  row('legal orders, all phases', r.legalOrders.all);
  for (const k of KINDS) row(`legal orders, ${k}`, r.legalOrders[k]);
  lines.push('');
  lines.push(`legal orders per phase: ${r.legalOrders.ordersPerPhase} on average`);
  lines.push(
    `throughput: ${r.phases.total} phases in ${r.throughput.seconds.toFixed(3)} s = ${Math.round(r.throughput.phasesPerSecond)} phases/s (whole games: legal orders, random choice, adjudication)${r.throughput.gamesWon > 0 ? `; ${r.throughput.gamesWon} game(s) ended in a win` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}

// ------------------------------------------------------------------ games

/** A game as a `.dipgame` file: the header with its seed, then each phase's orders by power. Orders only, no expectations. */
function gameText(board: Board, record: GameRecord, variantLine: string, n: number, of: number, uniform: boolean): string {
  const mix = DEFAULT_ORDER_MIX;
  const lines: string[] = [
    `// A random game written by \`dipforge bench${uniform ? ' --uniform' : ''}\`: game ${n} of ${of}, seed ${record.seed}.`,
    uniform
      ? "// Orders drawn uniformly from each unit's legal orders. Input only: no expectations."
      : `// Orders drawn from the legal ones (per unit ${mix.move * 100}% move, ${mix.support * 100}% support, ${mix.convoy * 100}% convoy, the rest hold;\n// supports and convoys back orders other units were given). Input only: no expectations.`,
    `// ${record.phases.length} phases${record.winner !== undefined ? `; ${record.winner} won` : ''}. Phases with nothing to order are left out.`,
    variantLine,
    `seed ${record.seed}`,
  ];
  for (const { phase, orders } of record.phases) {
    lines.push('', `phase ${phase.season} ${phase.year} ${phase.kind}`);
    for (const power of board.powerIds) {
      const mine = orders.filter((o) => o.power === power);
      if (mine.length === 0) continue;
      lines.push(`  ${power}:`);
      for (const o of mine) lines.push(`    ${formatOrder(o)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
