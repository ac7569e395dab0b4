/**
 * Written movement orders to the integer form of `adjudicateMovementInts`,
 * once, outside any timed or repeated adjudication (a bot or a simulation
 * would keep its orders as integers from the start).
 */
import { unitKindCode, type Board } from '../../board/board.js';
import type { Position } from '../../game/position.js';
import type { Order, UnitRef } from '../../orders/order.js';
import type { RuleOptions } from '../../config/rules.js';
import { CONVOY, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE } from './table.js';
import { ORDER_NONE, type MovementOrdersInts } from './validate.js';
import type { MovementUnitsInts } from './index.js';

/** Units and orders of a movement phase in integer form, in buffers sized for a board and reused. */
export class MovementInts {
  readonly units: { n: number; readonly power: Int32Array; readonly kind: Uint8Array; readonly loc: Int32Array } & MovementUnitsInts;
  readonly orders: { readonly kind: Uint8Array; readonly dst: Int32Array; readonly target: Int32Array; readonly via: Uint8Array } & MovementOrdersInts;
  /** Per province: the unit there, or -1 (for encoding). */
  private readonly unitAt: Int32Array;

  constructor(readonly board: Board) {
    const P = board.provinceCount;
    this.units = { n: 0, power: new Int32Array(P), kind: new Uint8Array(P), loc: new Int32Array(P) };
    this.orders = { kind: new Uint8Array(P), dst: new Int32Array(P), target: new Int32Array(P), via: new Uint8Array(P) };
    this.unitAt = new Int32Array(P).fill(-1);
  }

  /**
   * Encodes a position's units and the written orders of its movement phase.
   * Returns true when the integer form says exactly what the orders say: every
   * order names a unit of the power giving it, correctly written, at most one
   * order per unit, no written convoy route or retreat list, and no order of
   * another phase. Otherwise the orders that do not fit are left out (and the
   * adjudication can differ from `adjudicatePhase`'s).
   */
  encode(position: Position, orders: readonly Order[], rules: RuleOptions): boolean {
    const { board, units, unitAt } = this;
    const o = this.orders;
    unitAt.fill(-1);
    const n = position.units.length;
    if (n > board.provinceCount) throw new RangeError('more units than provinces');
    for (let u = 0; u < n; u++) {
      const unit = position.units[u]!;
      const loc = board.locId(unit.at);
      if (loc < 0) throw new RangeError(`unknown location "${unit.at}"`);
      units.power[u] = board.powerId(unit.power);
      units.kind[u] = unitKindCode(unit.kind);
      units.loc[u] = loc;
      unitAt[board.locProvince[loc]!] = u;
      o.kind[u] = ORDER_NONE;
      o.dst[u] = -1;
      o.target[u] = -1;
      o.via[u] = 0;
    }
    units.n = n;
    let exact = true;
    const nationalityNeeded = rules['missing-nationality'] === 'invalid';
    /** The unit a reference names, written exactly (kind, location, nationality if given), or -1. */
    const unitOf = (ref: UnitRef, orderPower: number): number => {
      const loc = board.locId(ref.at);
      const u = loc < 0 ? -1 : unitAt[board.locProvince[loc]!]!;
      if (u < 0 || units.loc[u] !== loc || ref.kind === undefined || unitKindCode(ref.kind) !== units.kind[u]) return -1;
      if (ref.power !== undefined ? board.powerId(ref.power) !== units.power[u] : nationalityNeeded && units.power[u] !== orderPower) return -1;
      return u;
    };
    for (const order of orders) {
      const p = board.powerId(order.power);
      if (order.type !== 'hold' && order.type !== 'move' && order.type !== 'support' && order.type !== 'convoy') {
        exact = false;
        continue;
      }
      const u = unitOf({ kind: order.unit.kind, at: order.unit.at } as UnitRef, p);
      if (u < 0 || units.power[u] !== p || o.kind[u] !== ORDER_NONE || order.retreat !== undefined) {
        exact = false;
        continue;
      }
      switch (order.type) {
        case 'hold':
          o.kind[u] = HOLD;
          break;
        case 'move': {
          const dst = board.locId(order.to);
          if (dst < 0 || (order.path !== undefined && order.path.length > 0)) {
            exact = false;
            continue;
          }
          o.kind[u] = MOVE;
          o.dst[u] = dst;
          o.via[u] = order.viaConvoy ? 1 : 0;
          break;
        }
        case 'support': {
          const v = unitOf(order.supported, p);
          const dst = order.to === undefined ? -1 : board.locId(order.to);
          if (v < 0 || (order.to !== undefined && dst < 0)) {
            exact = false;
            continue;
          }
          o.kind[u] = order.to === undefined ? SUPPORT_HOLD : SUPPORT_MOVE;
          o.target[u] = v;
          o.dst[u] = dst;
          break;
        }
        case 'convoy': {
          const a = unitOf(order.army, p);
          const dst = board.locId(order.to);
          if (a < 0 || dst < 0) {
            exact = false;
            continue;
          }
          o.kind[u] = CONVOY;
          o.target[u] = a;
          o.dst[u] = dst;
          break;
        }
      }
    }
    return exact;
  }
}
