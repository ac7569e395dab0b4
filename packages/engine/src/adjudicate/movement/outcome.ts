/**
 * From resolved decisions to the phase result: each order's status and
 * reason, the units after the moves, the dislodged units (with where the attack
 * came from and whether by convoy, for the retreats), and the provinces left
 * empty by a standoff.
 */
import { FLEET } from '../../board/codes.js';
import type { Order } from '../../orders/order.js';
import type { DislodgedUnit, Unit } from '../../game/position.js';
import type { OrderResult } from '../result.js';
import { reasonText, type Reason } from '../reasons.js';
import type { ValidatedMovement } from './validate.js';
import { hasPath, headToHead, usesConvoy } from './paths.js';
import { BACKUP_PARADOX, type MovementState } from './state.js';
import { attackStrength, defendStrength, holdStrength, preventStrength } from './strengths.js';
import { CONVOY, HOLD, MOVE, ROUTE_LAND, SUPPORT_HOLD, SUPPORT_MOVE } from './table.js';

export interface MovementOutcome {
  results: OrderResult[];
  units: Unit[];
  dislodged: DislodgedUnit[];
  standoffs: string[];
}

export function movementOutcome(m: MovementState, v: ValidatedMovement, orders: readonly Order[]): MovementOutcome {
  const t = m.t;
  const { board, units } = t;
  const n = units.n;
  const moved = new Uint8Array(n);
  const attackerOf = new Int32Array(board.provinceCount).fill(-1);
  for (let u = 0; u < n; u++) {
    if (t.order[u] === MOVE && m.res[u] === 1) {
      moved[u] = 1;
      attackerOf[t.dstProv[u]!] = u;
    }
  }
  const isDislodged = (u: number): boolean => !moved[u] && attackerOf[units.prov[u]!]! >= 0;

  const unitsAfter: Unit[] = [];
  const dislodged: DislodgedUnit[] = [];
  for (let u = 0; u < n; u++) {
    const original = units.units[u]!;
    if (isDislodged(u)) {
      const a = attackerOf[units.prov[u]!]!;
      dislodged.push({
        power: original.power,
        kind: original.kind,
        at: board.locName(units.loc[u]!),
        from: board.provinceName(units.prov[a]!),
        byConvoy: usesConvoy(m, a),
      });
    } else {
      unitsAfter.push({ power: original.power, kind: original.kind, at: board.locName(moved[u] ? t.dstLoc[u]! : units.loc[u]!) });
    }
  }

  const standoffs: string[] = [];
  const checked = new Uint8Array(board.provinceCount);
  for (let u = 0; u < n; u++) {
    if (t.order[u] !== MOVE) continue;
    const p = t.dstProv[u]!;
    if (checked[p]) continue;
    checked[p] = 1;
    const holder = units.unitAt[p]!;
    const emptyAfter = attackerOf[p]! < 0 && (holder < 0 || moved[holder] === 1);
    if (!emptyAfter) continue;
    // A bounce leaves a standoff; a move that had no path, or lost a head-to-head battle, does not (6.F.7, 6.H.9).
    if (t.movesInto[p]!.some((w) => !moved[w] && preventStrength(m, w) > 0)) standoffs.push(board.provinceName(p));
  }

  const unitOfOrder = new Int32Array(orders.length).fill(-1);
  for (let u = 0; u < n; u++) if (t.orderIndex[u]! >= 0) unitOfOrder[t.orderIndex[u]!] = u;
  const results: OrderResult[] = orders.map((order, i) => {
    // An exact repeat of an order shares that order's result.
    const same = v.sameAs[i]!;
    const base = same >= 0 ? same : i;
    const bad = v.illegal[base];
    if (bad) return base === i ? bad : { ...bad, order };
    const u = unitOfOrder[base]!;
    if (u < 0) return { order, status: 'illegal', reason: 'duplicate-order', detail: reasonText('duplicate-order') };
    return resultOf(m, u, order, isDislodged);
  });
  for (const { unit, order } of v.implicitOrders) results.push({ ...resultOf(m, unit, order, isDislodged), implicit: true });
  return { results, units: unitsAfter, dislodged, standoffs };
}

function ok(order: Order, detail?: string): OrderResult {
  return detail === undefined ? { order, status: 'succeeds' } : { order, status: 'succeeds', detail };
}

function failed(order: Order, reason: Reason, detail?: string): OrderResult {
  return { order, status: 'fails', reason, detail: detail ?? reasonText(reason) };
}

function resultOf(m: MovementState, u: number, order: Order, isDislodged: (u: number) => boolean): OrderResult {
  const t = m.t;
  const success = m.res[u] === 1;
  switch (t.order[u]) {
    case HOLD:
      return isDislodged(u) ? failed(order, 'dislodged') : ok(order);
    case MOVE: {
      if (success) return ok(order);
      if (m.backup[u] === BACKUP_PARADOX) return failed(order, 'paradox');
      if (!hasPath(m, u)) {
        const paradox = t.convoyers[u]!.some((f) => m.backup[f] === BACKUP_PARADOX);
        return failed(order, paradox ? 'paradox' : 'no-convoy');
      }
      return failed(order, 'bounced', bounceDetail(m, u));
    }
    case SUPPORT_HOLD:
    case SUPPORT_MOVE: {
      if (!t.matched[u]) return failed(order, t.unmatchedReason[u] ?? 'unmatched');
      if (success) return ok(order);
      return failed(order, isDislodged(u) ? 'dislodged' : 'cut');
    }
    case CONVOY: {
      if (!t.matched[u]) return failed(order, 'unmatched');
      if (m.backup[u] === BACKUP_PARADOX) return failed(order, 'paradox');
      if (!success) return failed(order, 'dislodged');
      const army = t.target[u]!;
      if (t.route[army] === ROUTE_LAND || !usesConvoy(m, army)) return failed(order, 'not-used');
      return ok(order);
    }
    default:
      return ok(order);
  }
}

/** "attack 1 against hold 1" and the like, for people reading a bounce. */
function bounceDetail(m: MovementState, u: number): string {
  const t = m.t;
  const attack = attackStrength(m, u);
  const opponent = headToHead(m, u);
  const parts: string[] = [];
  if (opponent >= 0) parts.push(`defence ${defendStrength(m, opponent)} of ${describe(m, opponent)}`);
  else parts.push(`hold ${holdStrength(m, t.dstProv[u]!)}`);
  for (const w of t.movesInto[t.dstProv[u]!]!) if (w !== u) parts.push(`${preventStrength(m, w)} of ${describe(m, w)}`);
  return `attack ${attack} against ${parts.join(', ')}`;
}

function describe(m: MovementState, u: number): string {
  const { board, units } = m.t;
  return `${units.kind[u] === FLEET ? 'F' : 'A'} ${board.locName(units.loc[u]!)}`;
}
