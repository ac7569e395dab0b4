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
import { shortestConvoyRoute } from './movement.js';
import type { LegalOrderTable } from './table.js';

const KIND_NAME: readonly UnitKind[] = ['army', 'fleet'];

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
  return decode(t, refsOf(t), rules, slot, t.codes[i]!);
}

function decode(t: LegalOrderTable, r: Refs, rules: RuleOptions, slot: number, code: number): Order {
  const board = t.board;
  const u = t.slotUnit[slot]!;
  const power = board.powerIds[t.slotPower[slot]!]!;
  const dst = code >>> 18;
  switch (code & 15) {
    case LEGAL_ORDER.HOLD:
      return { type: 'hold', power, unit: plainRef(t, r, u) };
    case LEGAL_ORDER.MOVE: {
      const order: Order = { type: 'move', power, unit: plainRef(t, r, u), to: board.locationIds[dst]!, viaConvoy: (code & LEGAL_FLAG.VIA) !== 0 };
      if ((code & LEGAL_FLAG.CONVOYED) !== 0 && rules['convoy-path'] === 'required') {
        const route = shortestConvoyRoute(board, t, u, dst);
        if (route.length > 0) {
          order.path = route.map((s) => board.provinceIds[s]!);
          order.viaConvoy = true;
        }
      }
      return order;
    }
    case LEGAL_ORDER.SUPPORT_HOLD:
      return { type: 'support', power, unit: plainRef(t, r, u), supported: otherRef(t, r, (code >>> 6) & 4095, u, rules['missing-nationality'] === 'invalid') };
    case LEGAL_ORDER.SUPPORT_MOVE:
      return {
        type: 'support',
        power,
        unit: plainRef(t, r, u),
        supported: otherRef(t, r, (code >>> 6) & 4095, u, rules['missing-nationality'] === 'invalid'),
        to: board.locationIds[dst]!,
      };
    case LEGAL_ORDER.CONVOY:
      return {
        type: 'convoy',
        power,
        unit: plainRef(t, r, u),
        army: otherRef(t, r, (code >>> 6) & 4095, u, rules['missing-nationality'] === 'invalid'),
        to: board.provinceIds[dst]!,
      };
    case LEGAL_ORDER.RETREAT:
      return { type: 'retreat', power, unit: plainRef(t, r, u), to: board.locationIds[dst]! };
    case LEGAL_ORDER.DISBAND:
      return { type: 'disband', power, unit: plainRef(t, r, u) };
    case LEGAL_ORDER.BUILD:
      return { type: 'build', power, kind: (code & LEGAL_FLAG.FLEET) !== 0 ? KIND_NAME[FLEET]! : 'army', at: board.locationIds[dst]! };
    default:
      return { type: 'waive', power };
  }
}

/**
 * The table's orders by place, as `legalOrders` returns them: a unit's
 * location, a build site's province, or a power (its waive).
 */
export function decodeLegalTable(t: LegalOrderTable, rules: RuleOptions): Map<string, Order[]> {
  const r = refsOf(t);
  const board = t.board;
  const out = new Map<string, Order[]>();
  const { slotOff, slotLoc, codes } = t;
  for (let s = 0; s < t.slots; s++) {
    const list: Order[] = [];
    for (let i = slotOff[s]!; i < slotOff[s + 1]!; i++) list.push(decode(t, r, rules, s, codes[i]!));
    const at = slotLoc[s]!;
    const key = at >= 0 ? board.locationIds[at]! : board.powerIds[t.slotPower[s]!]!;
    const had = t.phase === 'adjustment' ? out.get(key) : undefined;
    if (had) had.push(...list);
    else out.set(key, list);
  }
  return out;
}
