/**
 * The bench's integer-API figures: the timed games' phases again, after the games, through
 * `adjudicateMovementInts`, `adjudicateRetreatInts` and `adjudicateAdjustmentInts`, each outcome
 * checked against the game's `adjudicatePhase` result (`adjudicateInts.mismatches`, always 0), and
 * their positions through `LegalOrderTable.fill`.
 */
import {
  adjudicateAdjustmentInts,
  adjudicateMovementInts,
  adjudicateRetreatInts,
  LegalOrderTable,
  MOVEMENT_STATUS,
  MovementInts,
  PhaseInts,
  type Board,
  type MovementResultInts,
  type Order,
  type PhaseResult,
  type Position,
  type RuleOptions,
} from '@dipforge/engine';
import { micros, now, type Tally } from './bench-play.js';

/**
 * The timed games' movement phases again, through `adjudicateMovementInts`:
 * all orders encoded first (untimed), untimed passes (at least 5,000 calls) to warm the compiler,
 * then each phase timed on its own and its outcome checked against the
 * `adjudicatePhase` result of the game.
 */
export function timeIntegerApi(board: Board, rules: RuleOptions, tally: Tally): void {
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
export function timePhaseInts(board: Board, rules: RuleOptions, seed: number, tally: Tally): void {
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
export function timeLegalInts(board: Board, rules: RuleOptions, tally: Tally): void {
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
