/**
 * The backup rule (DATC 5.B.9, 4.A.2), applied to the orders of a dependency
 * cycle that has no consistent resolution or two of them:
 *
 * - a cycle with convoys is a convoy paradox: under `szykman` (and as the
 *   fallback of the rulebook rules) its CONVOY orders fail; under `all-hold`
 *   every move that is part of the paradox fails (the armies of its convoys,
 *   the moves its supports support, the attacks on its convoying fleets, and
 *   its own moves);
 * - a cycle of moves is circular movement: they all succeed;
 * - anything else (possible only with variant rules): every order fails.
 *
 * Each application settles at least one open decision, so the resolver always
 * makes progress.
 */
import { BACKUP_ALL_FAIL, BACKUP_CIRCULAR, BACKUP_PARADOX, type MovementState } from './state.js';
import { CONVOY, MOVE, SUPPORT_MOVE } from './table.js';
import { PARADOX_ALL_HOLD } from './flags.js';

export function applyBackupRule(m: MovementState, cycle: readonly number[]): void {
  const t = m.t;
  m.backupUsed = true;
  const convoys = cycle.filter((u) => t.order[u] === CONVOY);
  if (convoys.length > 0) {
    if (t.f.convoyParadox === PARADOX_ALL_HOLD && allMovesHold(m, cycle, convoys)) return;
    for (const f of convoys) {
      m.settle(f, false);
      m.backup[f] = BACKUP_PARADOX;
    }
    return;
  }
  const moves = cycle.filter((u) => t.order[u] === MOVE);
  if (moves.length > 0) {
    for (const u of moves) {
      m.settle(u, true);
      m.backup[u] = BACKUP_CIRCULAR;
    }
    return;
  }
  for (const u of cycle) {
    m.settle(u, false);
    m.backup[u] = BACKUP_ALL_FAIL;
  }
}

/**
 * `all-hold`: the moves of the paradox fail. Some of them may be outside the
 * cycle, even on the recursion stack, so they are imposed through `forced`.
 * Returns false when there was nothing left to impose (the caller then uses
 * Szykman, so the cycle still gets resolved).
 */
function allMovesHold(m: MovementState, cycle: readonly number[], convoys: readonly number[]): boolean {
  const t = m.t;
  const moves = new Set<number>();
  for (const f of convoys) {
    moves.add(t.target[f]!);
    // The attacks on a convoying fleet are part of the paradox too: the convoy's fate turns on them.
    for (let w = t.firstInto(t.units.prov[f]!); w >= 0; w = t.intoNext[w]!) moves.add(w);
  }
  for (const u of cycle) {
    if (t.order[u] === SUPPORT_MOVE) moves.add(t.target[u]!);
    else if (t.order[u] === MOVE) moves.add(u);
  }
  let changed = false;
  for (const u of moves) {
    if (m.resolved[u]) {
      // Settled before the paradox was met, which depends on the order units are
      // visited in: a move of the paradox that failed is reported as failing by
      // the rule whatever that order (one that succeeded cannot be part of it).
      if (m.res[u] === 0) m.backup[u] = BACKUP_PARADOX;
      continue;
    }
    if (m.forced[u]! >= 0) continue;
    m.forced[u] = 0;
    m.backup[u] = BACKUP_PARADOX;
    changed = true;
  }
  return changed;
}
