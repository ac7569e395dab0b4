/**
 * The CONVOY decision (DATC 5.B.3): the convoy succeeds unless the fleet is
 * dislodged. Per the hack of DATC 5.D, the moves into the fleet's province are
 * adjudicated directly instead of resolved, so that the convoy does not depend
 * on their decisions: every cycle through a convoy is then a clean two-order
 * cycle (convoy and support), which the Szykman rule resolves (Pandin's paradox).
 */
import { adjudicate } from './resolver.js';
import type { MovementState } from './state.js';

export function adjudicateConvoy(m: MovementState, f: number): boolean {
  const t = m.t;
  const p = t.units.prov[f]!;
  for (let w = t.firstInto(p); w >= 0; w = t.intoNext[w]!) {
    const dislodges = m.resolved[w] ? m.res[w] === 1 : adjudicate(m, w);
    if (dislodges) return false;
  }
  return true;
}
