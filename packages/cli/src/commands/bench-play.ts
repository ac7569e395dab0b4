/**
 * The bench's game loop: a seeded random game from the variant's start, up to `--phases` phases
 * that have something to decide (empty retreat and adjustment phases are passed over, untimed and
 * uncounted), random legal orders chosen with `randomOrders` (its default mix), until a power wins
 * alone or the phases run out. Only `legalOrders` and `adjudicatePhase` are timed, each phase's
 * samples and the phases themselves kept in the `Tally` every other figure is taken from.
 */
import {
  adjudicatePhase,
  initialPosition,
  legalOrders,
  mulberry32,
  phaseIsEmpty,
  positionProblems,
  randomOrders,
  winner,
  type Board,
  type Order,
  type PhaseKind,
  type PhaseResult,
  type Position,
  type RuleOptions,
} from '@dipforge/engine';
import type { GameRecord } from './bench-games.js';

export const KINDS: readonly PhaseKind[] = ['movement', 'retreat', 'adjustment'];

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
export interface CheckTally {
  positions: number;
  problems: string[];
}

/** Per-phase samples in microseconds. */
export type Samples = Record<PhaseKind, number[]>;

export interface Tally {
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

export function newTally(): Tally {
  const samples = (): Samples => ({ movement: [], retreat: [], adjustment: [] });
  return { adjudicate: samples(), ints: [], intsReused: [], intsMismatches: 0, movementPhases: [], phaseInts: { retreat: [], adjustment: [] }, otherPhases: [], legal: samples(), positions: [], legalInts: samples(), orders: {}, illegal: 0, legalOrders: 0, gameSeconds: 0, games: 0, wins: 0 };
}

export const now = (): bigint => process.hrtime.bigint();
export const micros = (a: bigint, b: bigint): number => Number(b - a) / 1000;

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
