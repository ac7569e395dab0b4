/**
 * The SUPPORT decision (DATC 5.B.2): a support is cut by a move into the
 * supporter's province from another power that has a PATH and does not come
 * from the province the support is aimed at; and it fails when the supporter is
 * dislodged. `support-cut-via-convoy` (4.A.4) and the rulebook paradox rules of
 * `convoy-paradox` (4.A.2) make exceptions.
 */
import { hasPath, usesConvoy } from './paths.js';
import { supportProtected } from './paradox-rules.js';
import { resolve } from './resolver.js';
import type { MovementState } from './state.js';
import * as tableCodes from './table.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { SUPPORT_MOVE } = tableCodes;

export function adjudicateSupport(m: MovementState, s: number): boolean {
  const t = m.t;
  const first = t.firstInto(t.units.prov[s]!);
  if (first < 0) return true;
  if (cutter(m, s) >= 0) return false;
  for (let w = first; w >= 0; w = t.intoNext[w]!) {
    if (supportProtected(m, s, w)) continue; // the paradox rules outrank the dislodge rule (6.F.17)
    if (resolve(m, w)) return false;
  }
  return true;
}

/** The first unit whose move cuts support `s` (a move into its province, DATC 5.B.2), or -1. */
export function cutter(m: MovementState, s: number): number {
  const t = m.t;
  const { power, prov } = t.units;
  const own = power[s];
  // The province a support of a move is aimed at, or -1 (a support to hold).
  const aimedAt = t.order[s] === SUPPORT_MOVE ? t.dstProv[s]! : -1;
  for (let w = t.firstInto(prov[s]!); w >= 0; w = t.intoNext[w]!) {
    if (power[w] === own) continue; // a unit never cuts its own power's support
    if (prov[w] === aimedAt) {
      // The unit the support is aimed at cannot cut it, unless it comes by sea and the rules say a
      // convoyed attack comes from the sea.
      if (!t.f.convoyedAttackCuts || !usesConvoy(m, w)) continue;
    }
    if (supportProtected(m, s, w)) continue;
    if (hasPath(m, w)) return w;
  }
  return -1;
}
