/**
 * The generic part of the adjudication: `resolve` (DATC 5.F, the guess
 * algorithm, with the ancestor of a cycle told by stack depths) and
 * `adjudicate`, which dispatches to the decision of each order kind. The
 * decisions never write state; `resolve` memoises, detects dependency cycles,
 * tries both guesses at the ancestor of a cycle and calls the backup rule when
 * the cycle has zero or two consistent resolutions.
 */
import { applyBackupRule } from './backup-rule.js';
import { adjudicateConvoy } from './convoy.js';
import { adjudicateMove } from './move.js';
import { NO_GUESS, type MovementState } from './state.js';
import { adjudicateSupport } from './support.js';
import * as tableCodes from './table.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { CONVOY, MOVE, ROUTE_CONVOY, SUPPORT_HOLD, SUPPORT_MOVE } = tableCodes;

/** The decision of unit `u`'s order from the equations, calling `resolve` for what it needs. */
export function adjudicate(m: MovementState, u: number): boolean {
  // `forced` is all -1 until the backup rule first writes it in the phase: a flag read instead of a column.
  if (m.backupUsed) {
    const forced = m.forced[u]!;
    if (forced >= 0) return forced === 1;
  }
  let result: boolean;
  switch (m.t.order[u]) {
    case MOVE:
      result = adjudicateMove(m, u);
      break;
    case SUPPORT_HOLD:
    case SUPPORT_MOVE:
      result = adjudicateSupport(m, u);
      break;
    case CONVOY:
      result = adjudicateConvoy(m, u);
      break;
    default:
      result = true;
  }
  // The backup rule may have imposed this decision while it was being adjudicated.
  if (!m.backupUsed) return result;
  const after = m.forced[u]!;
  return after >= 0 ? after === 1 : result;
}

/**
 * How many decisions may wait on one another at once (a move on the move out
 * of its target, that one on the move out of its own, …). Each is a call of
 * `resolve` on the stack, so the chain is bounded well inside it; only a board
 * of more than this many units can reach it.
 */
export const MAX_DECISION_DEPTH = 1000;

/** Thrown when a phase's decisions wait on one another in a chain longer than `MAX_DECISION_DEPTH`. */
export class DecisionDepthError extends RangeError {
  override readonly name = 'DecisionDepthError';
  constructor() {
    super(`more than ${MAX_DECISION_DEPTH} orders depend on one another in a chain; dipforge follows chains of up to ${MAX_DECISION_DEPTH}`);
  }
}

/**
 * The final (or, inside an unresolved cycle, guessed) decision of unit `u`'s order.
 *
 * DATC 5.F's guess algorithm tells the ancestor of a cycle by counting hits on
 * decisions of the recursion stack (`recursion_hits`). That count misses a
 * dependency met through a decision that already finished on a guess (one in
 * `cycle`): such a decision then looks like the ancestor of a cycle of its own,
 * tries both guesses, gets the same answer from the outer guess both times and
 * is settled on it, although the outer guess is later replaced. So instead each
 * decision carries the least stack depth whose guess it read (`low`, as in
 * Tarjan's strongly connected components): a decision whose dependencies reach
 * no lower than itself is the ancestor of all it depended on; one that reaches
 * lower hands its guess-based result, and that dependency, to the decisions
 * that read it.
 */
export function resolve(m: MovementState, u: number): boolean {
  if (m.resolved[u]) return m.res[u] === 1;
  if (m.inCycle[u]) {
    // Finished on a guess that is still open: its result, and the guess it rests on.
    const l = m.lowOf[u]!;
    if (l < m.low) m.low = l;
    return m.res[u] === 1;
  }
  if (m.visited[u]) {
    // A dependency cycle: answer with the current guess.
    const d = m.depthOf[u]!;
    if (d < m.low) m.low = d;
    return m.res[u] === 1;
  }

  if (m.depth >= MAX_DECISION_DEPTH) throw new DecisionDepthError();
  m.visited[u] = 1;
  const d = ++m.depth;
  m.depthOf[u] = d;
  const oldLength = m.cycleLength;
  const oldLow = m.low;
  m.low = NO_GUESS;
  m.res[u] = 0; // first guess: fails
  const first = adjudicate(m, u);
  // Nearly every decision reads no guess. The rest is `onGuess`, a function of its own: its paths
  // are rare, and a path optimized code has never run sends that code back to the interpreter.
  if (m.low !== NO_GUESS) {
    const r = onGuess(m, u, d, oldLength, oldLow, first);
    if (r !== SETTLE) return r === 1;
  }
  // Final: it read no guess, or it is the ancestor of a cycle whose two guesses agree.
  m.low = oldLow;
  m.depth--;
  return m.settle(u, first);
}

/** From `onGuess`: the decision is final on its first result (`resolve` settles it). */
const SETTLE = -1;

/**
 * The rest of `resolve` for decision `u` at stack depth `d`, whose first result
 * (on the guess that it fails) read a guess: SETTLE when that result is final
 * (the decision is the ancestor of a cycle and both guesses agree), else the
 * result, 1 or 0, with the decision finished (on the backup rule, or on a guess
 * further up the stack).
 */
function onGuess(m: MovementState, u: number, d: number, oldLength: number, oldLow: number, first: boolean): number {
  let low = m.low;
  if (low >= d) {
    // Everything this decision read rests on its own guess: it is the ancestor of the cycle. Try the other guess.
    m.truncateCycle(oldLength);
    m.res[u] = 1;
    m.low = NO_GUESS;
    const second = adjudicate(m, u);
    if (m.low >= d) {
      // Zero or two consistent resolutions: the backup rule decides some orders of the cycle.
      if (first !== second) return breakCycle(m, u, oldLength, oldLow);
      m.truncateCycle(oldLength);
      return SETTLE;
    }
    // The other guess led to a decision further up the stack, so this one is not
    // the ancestor after all: back to the first guess, whose result goes up, as
    // any decision's does that finishes on a guess.
    low = m.low;
    m.truncateCycle(oldLength);
    m.res[u] = 0;
    m.low = NO_GUESS;
    first = adjudicate(m, u);
    if (m.low < low) low = m.low;
  }

  // A cycle passes through here, but its ancestor is further up: remember the
  // guess-based result. Decisions that finished in this one's recursion and read
  // its guess now rest on what it rests on.
  for (let i = oldLength; i < m.cycleLength; i++) {
    const c = m.cycle[i]!;
    if (m.lowOf[c]! >= d) m.lowOf[c] = low;
  }
  m.lowOf[u] = low;
  m.pushCycle(u);
  m.res[u] = first ? 1 : 0;
  m.visited[u] = 0;
  m.depth--;
  m.low = low < oldLow ? low : oldLow;
  return first ? 1 : 0;
}

/** The backup rule for the cycle `u` is the ancestor of (its decisions from `oldLength` of the cycle list on), then `u` resolved again. */
function breakCycle(m: MovementState, u: number, oldLength: number, oldLow: number): number {
  const cycle = Array.from(m.cycle.subarray(oldLength, m.cycleLength));
  if (!cycle.includes(u)) cycle.push(u);
  m.truncateCycle(oldLength);
  m.low = oldLow;
  m.visited[u] = 0;
  m.depth--;
  applyBackupRule(m, cycle);
  return resolve(m, u) ? 1 : 0;
}

/**
 * Settles the decisions that depend on no other, before any is resolved, so
 * that reaching them from another decision costs one load instead of a
 * resolution:
 * - a support or a convoy with no move into its unit's province (nothing can
 *   cut it or dislodge the unit): settled as it is filed (`fileOrders`, filing.ts);
 * - a move not by convoy into an empty province that no other unit moves to, with
 *   no supports or convoys of its own (strength 1 against nothing): here.
 * Such a decision never takes part in a cycle, and the backup rule never
 * imposes it (it imposes only decisions of a cycle and the moves their supports
 * and convoys name), so settling it early changes no result.
 */
export function settleUncontested(m: MovementState): void {
  const t = m.t;
  const { route, dstProv, supHead, cvyHead, intoNext, moves } = t;
  const unitAt = t.units.unitAt;
  const { resolved, res } = m;
  for (let k = 0; k < t.moveCount; k++) {
    const u = moves[k]!;
    const p = dstProv[u]!;
    if (route[u] !== ROUTE_CONVOY && unitAt[p]! < 0 && supHead[u]! < 0 && cvyHead[u]! < 0 && t.firstInto(p) === u && intoNext[u]! < 0) {
      resolved[u] = 1;
      res[u] = 1;
    }
  }
}

/** Resolves every decision of the phase. */
export function resolveAll(m: MovementState): void {
  // In unit order, as before the lists: which decision a cycle is entered from can matter to the backup rule.
  const { active, activeCount } = m.t;
  try {
    for (let k = 0; k < activeCount; k++) {
      const u = active[k]!;
      if (m.resolved[u]) continue;
      m.cycleLength = 0;
      m.depth = 0;
      m.low = NO_GUESS;
      const r = resolve(m, u);
      // The top-level call is always the ancestor of any cycle it meets, so this is final;
      // settle anyway so that a defect can never leave a decision open.
      if (!m.resolved[u]) m.settle(u, r);
      m.truncateCycle(0);
    }
  } catch (e) {
    // A resolution cut short leaves decisions marked as on the stack: cleared, as the state is kept for the next phase.
    m.visited.fill(0);
    m.truncateCycle(0);
    m.depth = 0;
    m.low = NO_GUESS;
    throw e;
  }
}
