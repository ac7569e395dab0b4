/**
 * The four strengths of DATC 5.B.5–5.B.8, plus the self-dislodgement rule
 * (`self-dislodgement`): a power's support never helps dislodge its own unit,
 * and a power never dislodges its own unit.
 */
import * as boardCodes from '../../board/codes.js';
import { convoyPath, hasPath, headToHead, usesConvoy } from './paths.js';
import { resolve } from './resolver.js';
import type { MovementState } from './state.js';
import * as tableCodes from './table.js';
import * as flagCodes from './flags.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { ARMY } = boardCodes;
const { MOVE } = tableCodes;
const { SELF_NO_CONVOY, SELF_SUPPORT_BECOMES_HOLD } = flagCodes;

/** 1 + the successful supports of `u`'s order, leaving out supports of power `notPower`. */
export function supported(m: MovementState, u: number, notPower = -1): number {
  let n = 1;
  const power = m.t.units.power;
  const t = m.t;
  const next = t.supNext;
  for (let s = t.supHead[u]!; s >= 0; s = next[s]!) {
    if (power[s] !== notPower && resolve(m, s)) n++;
  }
  return n;
}

/** HOLD STRENGTH of province `p`. */
export function holdStrength(m: MovementState, p: number): number {
  const t = m.t;
  const v = t.units.unitAt[p]!;
  if (v < 0) return 0;
  if (t.order[v] === MOVE) {
    if (resolve(m, v)) return 0;
    // 004: a unit that tried to leave and stayed still gets its own power's supports for foreign moves into it.
    return t.f.selfDislodgement === SELF_SUPPORT_BECOMES_HOLD ? 1 + ownSupportsOfAttacks(m, v) : 1;
  }
  let n = supported(m, v);
  if (t.f.selfDislodgement === SELF_SUPPORT_BECOMES_HOLD) n += ownSupportsOfAttacks(m, v);
  return n;
}

/**
 * `support-becomes-hold`: supports by the holder's own power for foreign moves
 * into its province count as supports to hold it, whether it held or tried to
 * move away and stayed (004: "the support turns into a support to hold your unit").
 */
function ownSupportsOfAttacks(m: MovementState, v: number): number {
  const t = m.t;
  const power = t.units.power;
  let n = 0;
  const p = t.units.prov[v]!;
  for (let w = t.firstInto(p); w >= 0; w = t.intoNext[w]!) {
    if (power[w] === power[v]) continue;
    for (let s = t.supHead[w]!; s >= 0; s = t.supNext[s]!) {
      if (power[s] === power[v] && resolve(m, s)) n++;
    }
  }
  return n;
}

/** ATTACK STRENGTH of `u`'s move. */
export function attackStrength(m: MovementState, u: number): number {
  if (!hasPath(m, u)) return 0;
  const t = m.t;
  const power = t.units.power;
  const v = t.units.unitAt[t.dstProv[u]!]!;
  if (v < 0) return supported(m, u);
  if (t.order[v] === MOVE && headToHead(m, u) < 0 && resolve(m, v)) return supported(m, u);
  if (power[v] === power[u]) return 0;
  // `no-convoy`: the defender's fleets do not carry an army that dislodges their own unit.
  if (
    t.f.selfDislodgement === SELF_NO_CONVOY &&
    t.units.kind[u] === ARMY &&
    usesConvoy(m, u) &&
    !convoyPath(m, u, power[v]!)
  ) {
    return 0;
  }
  return supported(m, u, power[v]!);
}

/** DEFEND STRENGTH of `u`'s move in a head-to-head battle. */
export function defendStrength(m: MovementState, u: number): number {
  // `support-becomes-hold`: a unit in a head-to-head battle stays unless it wins, so its power's supports for the attack on it count for it (004).
  if (m.t.f.selfDislodgement === SELF_SUPPORT_BECOMES_HOLD) return supported(m, u) + ownSupportsOfAttacks(m, u);
  return supported(m, u);
}

/** PREVENT STRENGTH of `u`'s move. */
export function preventStrength(m: MovementState, u: number): number {
  if (!hasPath(m, u)) return 0;
  const t = m.t;
  if (t.f.dislodgedNeverBounces) {
    // 4.A.7 a: a unit dislodged from the attacker's province never bounces there, convoy or not.
    const v = t.units.unitAt[t.dstProv[u]!]!;
    if (v >= 0 && t.order[v] === MOVE && t.dstProv[v] === t.units.prov[u] && resolve(m, v) && !resolve(m, u)) return 0;
  } else {
    const v = headToHead(m, u);
    if (v >= 0 && resolve(m, v)) return 0;
  }
  return supported(m, u);
}
