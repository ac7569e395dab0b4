/**
 * The generic part of the adjudication: `resolve` (DATC 5.F, the guess
 * algorithm in its robust form with `guess_based` and `recursion_hits`) and
 * `adjudicate`, which dispatches to the decision of each order kind. The
 * decisions never write state; `resolve` memoises, detects dependency cycles,
 * tries both guesses at the ancestor of a cycle and calls the backup rule when
 * the cycle has zero or two consistent resolutions.
 */
import { applyBackupRule } from './backup-rule.js';
import { adjudicateConvoy } from './convoy.js';
import { adjudicateMove } from './move.js';
import type { MovementState } from './state.js';
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

/** The final (or, inside an unresolved cycle, guessed) decision of unit `u`'s order. */
export function resolve(m: MovementState, u: number): boolean {
  if (m.resolved[u]) return m.res[u] === 1;
  if (m.depth >= MAX_DECISION_DEPTH) throw new DecisionDepthError();
  m.depth++;
  const result = resolveOpen(m, u);
  m.depth--;
  return result;
}

function resolveOpen(m: MovementState, u: number): boolean {
  if (m.inCycle[u]) {
    // Met again while its cycle is still open: the remembered guess-based result.
    m.guessBased = true;
    return m.res[u] === 1;
  }
  if (m.visited[u]) {
    // A dependency cycle: answer with the current guess.
    m.pushCycle(u);
    m.guessBased = true;
    m.recursionHits++;
    return m.res[u] === 1;
  }

  m.visited[u] = 1;
  const oldLength = m.cycleLength;
  const oldGuessBased = m.guessBased;
  const oldHits = m.recursionHits;
  m.guessBased = false;
  m.res[u] = 0; // first guess: fails
  const first = adjudicate(m, u);

  if (!m.guessBased) {
    m.guessBased = oldGuessBased;
    m.recursionHits = oldHits;
    return m.settle(u, first);
  }

  if (m.inCycle[u]) m.recursionHits--;
  if (m.recursionHits === oldHits) {
    // This order is the ancestor of the whole cycle: try the other guess.
    m.truncateCycle(oldLength);
    m.res[u] = 1;
    const second = adjudicate(m, u);
    if (first === second) {
      m.truncateCycle(oldLength);
      m.guessBased = oldGuessBased;
      m.recursionHits = oldHits;
      return m.settle(u, first);
    }
    // Zero or two consistent resolutions: the backup rule decides some orders of the cycle.
    const cycle = Array.from(m.cycle.subarray(oldLength, m.cycleLength));
    if (!cycle.includes(u)) cycle.push(u);
    m.truncateCycle(oldLength);
    m.guessBased = oldGuessBased;
    m.recursionHits = oldHits;
    m.visited[u] = 0;
    applyBackupRule(m, cycle);
    // Resolved again within this call (its depth is counted once).
    return m.resolved[u] ? m.res[u] === 1 : resolveOpen(m, u);
  }

  // A cycle passes through here, but its ancestor is further up: remember the guess-based result.
  if (!m.inCycle[u]) m.pushCycle(u);
  m.res[u] = first ? 1 : 0;
  m.visited[u] = 0;
  return first;
}

/**
 * Settles the decisions that depend on no other, before any is resolved, so
 * that reaching them from another decision costs one load instead of a
 * resolution:
 * - a support or a convoy with no move into its unit's province (nothing can
 *   cut it or dislodge the unit): settled as it is filed (`fileOrders`, validate.ts);
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
      m.guessBased = false;
      m.recursionHits = 0;
      m.depth = 0;
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
    throw e;
  }
}
