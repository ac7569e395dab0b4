/**
 * The MOVE decision (DATC 5.B.1): the attack must beat the defend strength of
 * the opposing unit in a head-to-head battle, or else the hold strength of the
 * destination, and the prevent strength of every other unit moving there.
 */
import { headToHead } from './paths.js';
import type { MovementState } from './state.js';
import { attackStrength, defendStrength, holdStrength, preventStrength } from './strengths.js';

export function adjudicateMove(m: MovementState, u: number): boolean {
  const attack = attackStrength(m, u);
  if (attack === 0) return false;
  const dst = m.t.dstProv[u]!;
  const opponent = headToHead(m, u);
  const resistance = opponent >= 0 ? defendStrength(m, opponent) : holdStrength(m, dst);
  if (attack <= resistance) return false;
  const t = m.t;
  for (let w = t.firstInto(dst); w >= 0; w = t.intoNext[w]!) {
    if (w !== u && attack <= preventStrength(m, w)) return false;
  }
  return true;
}
