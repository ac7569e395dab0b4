/**
 * `dipforge bench`'s one report of all its figures: the `--json` document (docs/BENCH-OUTPUT.md)
 * and the table printed without `--json`, the same figures in both.
 */
import { arch, cpus, platform } from 'node:os';
import { DEFAULT_ORDER_MIX, type PhaseKind } from '@dipforge/engine';
import type { ServeFigures } from '../bench-serve.js';
import { stats, type Stats } from '../bench-stats.js';
import type { EditorFigures } from './bench-editor.js';
import { KINDS, type Settings, type Tally } from './bench-play.js';
import { processLines, type ProcessFigures } from './bench-process.js';
import type { RenderFigures } from './bench-render.js';
import type { SettledFigures } from './bench-settled.js';
import { stdioLine } from './bench-stdio.js';
import type { ThreadFigures, ThreadRow } from './bench-threads.js';

/** The version of the `--json` document (docs/PERFORMANCE.md). */
export const BENCH_FORMAT = 'dipforge-bench/1';

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

export function benchJson(settings: Settings, variant: string, edition: string, tally: Tally): BenchReport {
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

export function humanReport(r: BenchReport): string {
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
