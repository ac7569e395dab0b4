/**
 * Packed legal orders (`LegalOrderTable`) to `Order` objects, one spelling per
 * order: kinds always written, coasts as the board names them, a foreign
 * unit's power written only when `missing-nationality` is `invalid`, and under
 * `convoy-path required` a convoyed move's shortest route.
 *
 * A decoded order's unit references are shared with the other orders decoded
 * from the same fill of the table (one reference per unit): orders are data to
 * read, and sharing them saves two objects in three.
 */
import { FLEET } from '../board/codes.js';
import type { RuleOptions } from '../config/rules.js';
import type { UnitKind } from '../game/position.js';
import type { Order, UnitRef } from '../orders/order.js';
import { LEGAL_FLAG, LEGAL_ORDER } from './codes.js';
import { shortestConvoyRoute } from './convoy-reach.js';
import type { LegalOrderTable } from './table.js';

const KIND_NAME: readonly UnitKind[] = ['army', 'fleet'];
/** Module constants rather than property reads, so that the compiled switch of `decodeLegalTable` jumps on constants. */
const { HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, CONVOY } = LEGAL_ORDER;
const { VIA, CONVOYED } = LEGAL_FLAG;

interface Refs {
  generation: number;
  plain: (UnitRef | undefined)[];
  powered: (UnitRef | undefined)[];
}

const refCache = new WeakMap<LegalOrderTable, Refs>();

function refsOf(t: LegalOrderTable): Refs {
  let r = refCache.get(t);
  if (!r) {
    r = { generation: -1, plain: [], powered: [] };
    refCache.set(t, r);
  }
  if (r.generation !== t.generation) {
    r.generation = t.generation;
    r.plain.length = 0;
    r.powered.length = 0;
  }
  return r;
}

function plainRef(t: LegalOrderTable, r: Refs, u: number): UnitRef {
  return (r.plain[u] ??= { kind: KIND_NAME[t.kind[u]!]!, at: t.board.locationIds[t.loc[u]!]! });
}

/** How unit `u` is named in an order of unit `of`. */
function otherRef(t: LegalOrderTable, r: Refs, u: number, of: number, namePower: boolean): UnitRef {
  if (!namePower || t.power[u] === t.power[of]) return plainRef(t, r, u);
  return (r.powered[u] ??= { power: t.board.powerIds[t.power[u]!]!, kind: KIND_NAME[t.kind[u]!]!, at: t.board.locationIds[t.loc[u]!]! });
}

/** The order of code `codes[i]` in slot `slot` of the table's last fill. */
export function decodeLegalOrder(t: LegalOrderTable, rules: RuleOptions, slot: number, i: number): Order {
  const u = t.slotUnit[slot]!;
  const unit = u >= 0 ? plainRef(t, refsOf(t), u) : undefined;
  return decode(t, refsOf(t), rules['missing-nationality'] === 'invalid', rules['convoy-path'] === 'required', t.board.powerIds[t.slotPower[slot]!]!, u, unit, t.codes[i]!);
}

/**
 * The order of code `code` given by slot unit `u` (`unit` its reference; -1
 * and undefined for a build or a waive) of power `power`. The rule switches
 * come in as booleans and the slot's parts once per slot, not per order: this
 * serves `decodeLegalOrder` and the rarer kinds of `decodeLegalTable`.
 */
function decode(t: LegalOrderTable, r: Refs, namePower: boolean, routes: boolean, power: string, u: number, unit: UnitRef | undefined, code: number): Order {
  const board = t.board;
  const dst = code >>> 18;
  switch (code & 15) {
    case LEGAL_ORDER.HOLD:
      return { type: 'hold', power, unit: unit! };
    case LEGAL_ORDER.MOVE: {
      const order: Order = { type: 'move', power, unit: unit!, to: board.locationIds[dst]!, viaConvoy: (code & LEGAL_FLAG.VIA) !== 0 };
      if (routes && (code & LEGAL_FLAG.CONVOYED) !== 0) {
        const route = shortestConvoyRoute(board, t, u, dst);
        if (route.length > 0) {
          order.path = route.map((s) => board.provinceIds[s]!);
          order.viaConvoy = true;
        }
      }
      return order;
    }
    case LEGAL_ORDER.SUPPORT_HOLD:
      return { type: 'support', power, unit: unit!, supported: otherRef(t, r, (code >>> 6) & 4095, u, namePower) };
    case LEGAL_ORDER.SUPPORT_MOVE:
      return { type: 'support', power, unit: unit!, supported: otherRef(t, r, (code >>> 6) & 4095, u, namePower), to: board.locationIds[dst]! };
    case LEGAL_ORDER.CONVOY:
      return { type: 'convoy', power, unit: unit!, army: otherRef(t, r, (code >>> 6) & 4095, u, namePower), to: board.provinceIds[dst]! };
    case LEGAL_ORDER.RETREAT:
      return { type: 'retreat', power, unit: unit!, to: board.locationIds[dst]! };
    case LEGAL_ORDER.DISBAND:
      return { type: 'disband', power, unit: unit! };
    case LEGAL_ORDER.BUILD:
      return { type: 'build', power, kind: (code & LEGAL_FLAG.FLEET) !== 0 ? KIND_NAME[FLEET]! : 'army', at: board.locationIds[dst]! };
    default:
      return { type: 'waive', power };
  }
}

/**
 * The table's orders by place, as `legalOrders` returns them: a unit's
 * location, a build site's province, or a power (its waive).
 *
 * This runs once per phase on ~480 orders: each list is made at its final
 * length and the common kinds are written inline (`decode` has the rest).
 */
export function decodeLegalTable(t: LegalOrderTable, rules: RuleOptions): Map<string, Order[]> {
  const r = refsOf(t);
  const board = t.board;
  const namePower = rules['missing-nationality'] === 'invalid';
  const routes = rules['convoy-path'] === 'required';
  const out = new Map<string, Order[]>();
  const { slotOff, slotLoc, slotUnit, slotPower, codes } = t;
  const { locationIds, provinceIds, powerIds } = board;
  const adjustment = t.phase === 'adjustment';
  for (let s = 0; s < t.slots; s++) {
    const at = slotLoc[s]!;
    const power = powerIds[slotPower[s]!]!;
    const key = at >= 0 ? locationIds[at]! : power;
    const u = slotUnit[s]!;
    const unit = u >= 0 ? plainRef(t, r, u) : undefined;
    const i0 = slotOff[s]!;
    const n = slotOff[s + 1]! - i0;
    // Adjustment slots may share a key (a disband and a build site in one province): append to it.
    const earlier = adjustment ? out.get(key) : undefined;
    if (earlier) {
      for (let j = 0; j < n; j++) earlier.push(decode(t, r, namePower, routes, power, u, unit, codes[i0 + j]!));
      continue;
    }
    const list = new Array<Order>(n);
    out.set(key, list);
    for (let j = 0; j < n; j++) {
      const code = codes[i0 + j]!;
      const dst = code >>> 18;
      let o: Order;
      switch (code & 15) {
        case HOLD:
          o = { type: 'hold', power, unit: unit! };
          break;
        case MOVE:
          if (routes && (code & CONVOYED) !== 0) o = decode(t, r, namePower, routes, power, u, unit, code);
          else o = { type: 'move', power, unit: unit!, to: locationIds[dst]!, viaConvoy: (code & VIA) !== 0 };
          break;
        case SUPPORT_HOLD:
          o = { type: 'support', power, unit: unit!, supported: otherRef(t, r, (code >>> 6) & 4095, u, namePower) };
          break;
        case SUPPORT_MOVE:
          o = { type: 'support', power, unit: unit!, supported: otherRef(t, r, (code >>> 6) & 4095, u, namePower), to: locationIds[dst]! };
          break;
        case CONVOY:
          o = { type: 'convoy', power, unit: unit!, army: otherRef(t, r, (code >>> 6) & 4095, u, namePower), to: provinceIds[dst]! };
          break;
        default:
          o = decode(t, r, namePower, routes, power, u, unit, code);
      }
      list[j] = o;
    }
  }
  return out;
}
