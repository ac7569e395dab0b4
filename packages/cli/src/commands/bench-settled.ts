/**
 * `dipforge bench`'s settled figures: each timed phase adjudicated again, after
 * the compiler is warm, several times in a row, and its fastest call kept.
 *
 * The per-phase medians of the bench time each phase once, on a machine that
 * may be shared: a call that the scheduler interrupts, or that runs before V8
 * has finished optimizing (retreats are few, and under load the optimizing
 * compiler's thread waits for a core), counts as it came. The fastest of a few
 * calls in a row is what the code costs when it has the core and its data in
 * the cache, which moves far less with the load; it is reported beside the
 * medians, never in place of them (docs/PERFORMANCE.md, "Settled figures").
 */
import {
  adjudicateAdjustmentInts,
  adjudicateMovementInts,
  adjudicatePhase,
  adjudicateRetreatInts,
  MovementInts,
  PhaseInts,
  type Board,
  type Order,
  type PhaseKind,
  type Position,
  type RuleOptions,
} from '@dipforge/engine';
import { stats } from '../bench-stats.js';

/** Calls per phase whose fastest is kept. */
export const SETTLED_CALLS = 5;
/** Untimed passes over the phases first (at least 5,000 calls). */
const WARM_CALLS = 5000;

/** Per phase kind: the median over the phases of each phase's fastest call, in µs (null without phases). */
export type SettledRow = Record<PhaseKind, number | null>;

export interface SettledFigures {
  /** `adjudicatePhase`. */
  adjudicate: SettledRow;
  /** `adjudicateMovementInts` (one reused buffer, the orders encoded untimed before each phase's calls), `adjudicateRetreatInts`, `adjudicateAdjustmentInts`. */
  adjudicateInts: SettledRow;
  calls: number;
}

interface TimedPhase {
  position: Position;
  orders: Order[];
}

const now = (): bigint => process.hrtime.bigint();

/** Each item's fastest of SETTLED_CALLS calls (after `before`, untimed, when given), after warm passes; the median of those, rounded to 0.01 µs. */
function settled<T>(items: readonly T[], call: (item: T) => unknown, before?: (item: T) => void): number | null {
  if (items.length === 0) return null;
  const passes = Math.max(3, Math.ceil(WARM_CALLS / items.length));
  for (let k = 0; k < passes; k++) for (const item of items) (before?.(item), call(item));
  const best = items.map((item) => {
    before?.(item);
    let min = Infinity;
    for (let k = 0; k < SETTLED_CALLS; k++) {
      const t0 = now();
      call(item);
      min = Math.min(min, Number(now() - t0) / 1000);
    }
    return min;
  });
  return stats(best)!.medianUs;
}

/** The settled figures of the timed phases (`seed`: the games' lots, as they were played). */
export function settledFigures(board: Board, rules: RuleOptions, seed: number, phases: readonly TimedPhase[]): SettledFigures {
  const of = (kind: PhaseKind): TimedPhase[] => phases.filter((p) => p.position.phase.kind === kind);
  const friendly = (kind: PhaseKind): number | null => settled(of(kind), (p) => adjudicatePhase(board, p.position, p.orders, rules, { seed }));
  const buffer = new MovementInts(board);
  const movement = settled(
    of('movement'),
    () => adjudicateMovementInts(board, rules, buffer.units, buffer.orders),
    (p) => void buffer.encode(p.position, p.orders, rules),
  );
  // Phases whose orders do not encode exactly are left out, as the integer figures leave them out.
  const encoded = (kind: PhaseKind): PhaseInts[] =>
    of(kind).flatMap((p) => {
      const q = new PhaseInts(board);
      return q.encode(p.position, p.orders) ? [q] : [];
    });
  return {
    adjudicate: { movement: friendly('movement'), retreat: friendly('retreat'), adjustment: friendly('adjustment') },
    adjudicateInts: {
      movement,
      retreat: settled(encoded('retreat'), (q) => adjudicateRetreatInts(board, rules, q.state, q.retreat, seed)),
      adjustment: settled(encoded('adjustment'), (q) => adjudicateAdjustmentInts(board, rules, q.state, q.adjustment, seed)),
    },
    calls: SETTLED_CALLS,
  };
}
