/**
 * Movement phase adjudication: validate the orders into the table, resolve
 * every decision, and read off the result.
 */
import type { Board } from '../../board/board.js';
import type { RuleOptions } from '../../config/rules.js';
import { positionAfter } from '../../game/phases.js';
import type { Position } from '../../game/position.js';
import type { Order } from '../../orders/order.js';
import type { PhaseResult } from '../result.js';
import { buildUnitTable } from '../units.js';
import { movementOutcome } from './outcome.js';
import { resolveAll } from './resolver.js';
import { MovementState } from './state.js';
import { CONVOY, HOLD, SUPPORT_HOLD, SUPPORT_MOVE } from './table.js';
import { validateMovement } from './validate.js';

export function adjudicateMovement(board: Board, position: Position, orders: readonly Order[], rules: RuleOptions): PhaseResult {
  const units = buildUnitTable(board, position.units);
  const validated = validateMovement(board, rules, units, orders);
  const m = new MovementState(validated.table);
  const t = validated.table;
  for (let u = 0; u < units.n; u++) {
    const code = t.order[u];
    // Holds need no decision; supports and convoys that match nothing fail before anything is resolved.
    if (code === HOLD) m.settle(u, true);
    else if ((code === SUPPORT_HOLD || code === SUPPORT_MOVE || code === CONVOY) && !t.matched[u]) m.settle(u, false);
  }
  resolveAll(m);
  const outcome = movementOutcome(m, validated, orders);
  const next = positionAfter(board, rules, position.phase, {
    units: outcome.units,
    dislodged: outcome.dislodged,
    owners: position.owners,
    standoffs: outcome.standoffs,
  });
  return { results: outcome.results, dislodged: outcome.dislodged, next };
}
