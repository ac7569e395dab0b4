/**
 * The MOVE decision (DATC 5.B.1): the attack must beat the defend strength of
 * the opposing unit in a head-to-head battle, or else the hold strength of the
 * destination, and the prevent strength of every other unit moving there.
 */
import { headToHead } from './paths.js';
import type { MovementState } from './state.js';
import { attackStrength, defendStrength, holdStrength, preventStrength, supported } from './strengths.js';
import * as tableCodes from './table.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { MOVE, ROUTE_LAND } = tableCodes;

export function adjudicateMove(m: MovementState, u: number): boolean {
  const t = m.t;
  if (t.route[u] === ROUTE_LAND) {
    // A land move against an empty province or a unit that does not move: the
    // general case below with what it would find known (a path; no head-to-head
    // battle; no convoy to refuse), resolving the same decisions in the same order.
    const dst = t.dstProv[u]!;
    const v = t.units.unitAt[dst]!;
    if (v < 0) return beatsPrevent(m, u, dst, supported(m, u));
    if (t.order[v] !== MOVE) {
      const power = t.units.power;
      if (power[v] === power[u]) return false;
      const attack = supported(m, u, power[v]!);
      return attack > holdStrength(m, dst) && beatsPrevent(m, u, dst, attack);
    }
  }
  const attack = attackStrength(m, u);
  if (attack === 0) return false;
  const dst = m.t.dstProv[u]!;
  const opponent = headToHead(m, u);
  const resistance = opponent >= 0 ? defendStrength(m, opponent) : holdStrength(m, dst);
  if (attack <= resistance) return false;
  return beatsPrevent(m, u, dst, attack);
}

/** Whether `attack` beats the prevent strength of every other move into `dst`. */
function beatsPrevent(m: MovementState, u: number, dst: number, attack: number): boolean {
  const t = m.t;
  for (let w = t.firstInto(dst); w >= 0; w = t.intoNext[w]!) {
    if (w !== u && attack <= preventStrength(m, w)) return false;
  }
  return true;
}
