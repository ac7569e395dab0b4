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
import type { Board } from '../board/board.js';
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
 * Frozen orders shared by every `decodeLegalTable` on one board. The same slot
 * unit (power, kind, location) and the same code with its other unit named the
 * same way (kind, location, and power when written) always decode to equal
 * orders, so each is built and frozen once and `legalOrders` becomes a table
 * fill plus an array of references: building ~480 fresh objects per movement
 * phase (and the garbage they made) was about half of its time. Convoyed moves
 * under `convoy-path required` carry a route that depends on the position and
 * are never cached. The cache is bounded (`ORDER_CACHE_LIMIT`) and goes with
 * its board.
 */
interface OrderCache {
  /** Per slot id (`slotId`): the orders by code key (`codeKey`). */
  bySlot: (Map<number, Order> | undefined)[];
  /** Frozen unit references by unit id (`unitId`). */
  refs: (UnitRef | undefined)[];
  size: number;
}

/** Entries kept per board before the cache starts again (a standard board reaches a few tens of thousands). */
const ORDER_CACHE_LIMIT = 1 << 18;

const orderCaches = new WeakMap<Board, OrderCache>();

function orderCacheOf(board: Board): OrderCache {
  let c = orderCaches.get(board);
  if (!c) {
    c = { bySlot: [], refs: [], size: 0 };
    orderCaches.set(board, c);
  }
  return c;
}

/** A unit named in an order: kind and location, and its power (index + 1) when written, else 0. */
function unitId(board: Board, namedPower: number, kind: number, loc: number): number {
  return (namedPower * board.locationCount + loc) * 2 + kind;
}

function frozenRef(c: OrderCache, board: Board, id: number, namedPower: number, kind: number, loc: number): UnitRef {
  let ref = c.refs[id];
  if (!ref) {
    ref = Object.freeze(
      namedPower > 0
        ? { power: board.powerIds[namedPower - 1]!, kind: KIND_NAME[kind]!, at: board.locationIds[loc]! }
        : { kind: KIND_NAME[kind]!, at: board.locationIds[loc]! },
    );
    c.refs[id] = ref;
  }
  return ref;
}

/** The order of code `code` in slot `s`, from the cache or built, frozen and cached. */
function cachedOrder(c: OrderCache, t: LegalOrderTable, rules: RuleOptions, s: number, code: number, namePower: boolean): Order {
  const board = t.board;
  const kind = code & 15;
  if ((code & LEGAL_FLAG.CONVOYED) !== 0 && kind === LEGAL_ORDER.MOVE && rules['convoy-path'] === 'required') {
    return decode(t, refsOf(t), rules, s, code);
  }
  const u = t.slotUnit[s]!;
  const sp = t.slotPower[s]!;
  // Unit slots by the unit (its power, kind, location); build and waive slots by power, after them.
  const slotId = u >= 0 ? unitId(board, sp, t.kind[u]!, t.loc[u]!) : unitId(board, board.powerCount, 0, 0) + sp;
  let other = 0;
  let o = -1;
  let oPower = 0;
  if (kind === LEGAL_ORDER.SUPPORT_HOLD || kind === LEGAL_ORDER.SUPPORT_MOVE || kind === LEGAL_ORDER.CONVOY) {
    o = (code >>> 6) & 4095;
    oPower = namePower && t.power[o] !== t.power[u] ? t.power[o]! + 1 : 0;
    other = unitId(board, oPower, t.kind[o]!, t.loc[o]!);
  }
  const span = (board.powerCount + 1) * board.locationCount * 2;
  const key = ((code >>> 18) * span + other) * 64 + (code & 63);
  let m = c.bySlot[slotId];
  if (!m) c.bySlot[slotId] = m = new Map();
  let order = m.get(key);
  if (order) return order;
  if (c.size >= ORDER_CACHE_LIMIT) {
    c.bySlot.length = 0;
    c.refs.length = 0;
    c.size = 0;
    c.bySlot[slotId] = m = new Map();
  }
  const power = board.powerIds[sp]!;
  const unit = u >= 0 ? frozenRef(c, board, unitId(board, 0, t.kind[u]!, t.loc[u]!), 0, t.kind[u]!, t.loc[u]!) : undefined;
  const ref = o >= 0 ? frozenRef(c, board, other, oPower, t.kind[o]!, t.loc[o]!) : undefined;
  const dst = code >>> 18;
  switch (kind) {
    case LEGAL_ORDER.HOLD:
      order = { type: 'hold', power, unit: unit! };
      break;
    case LEGAL_ORDER.MOVE:
      order = { type: 'move', power, unit: unit!, to: board.locationIds[dst]!, viaConvoy: (code & LEGAL_FLAG.VIA) !== 0 };
      break;
    case LEGAL_ORDER.SUPPORT_HOLD:
      order = { type: 'support', power, unit: unit!, supported: ref! };
      break;
    case LEGAL_ORDER.SUPPORT_MOVE:
      order = { type: 'support', power, unit: unit!, supported: ref!, to: board.locationIds[dst]! };
      break;
    case LEGAL_ORDER.CONVOY:
      order = { type: 'convoy', power, unit: unit!, army: ref!, to: board.provinceIds[dst]! };
      break;
    case LEGAL_ORDER.RETREAT:
      order = { type: 'retreat', power, unit: unit!, to: board.locationIds[dst]! };
      break;
    case LEGAL_ORDER.DISBAND:
      order = { type: 'disband', power, unit: unit! };
      break;
    case LEGAL_ORDER.BUILD:
      order = { type: 'build', power, kind: (code & LEGAL_FLAG.FLEET) !== 0 ? KIND_NAME[FLEET]! : 'army', at: board.locationIds[dst]! };
      break;
    default:
      order = { type: 'waive', power };
  }
  Object.freeze(order);
  m.set(key, order);
  c.size++;
  return order;
}

/**
 * The table's orders by place, as `legalOrders` returns them: a unit's
 * location, a build site's province, or a power (its waive). The orders are
 * frozen and shared with other results on the same board (`OrderCache`); the
 * map and its arrays are the caller's.
 */
export function decodeLegalTable(t: LegalOrderTable, rules: RuleOptions): Map<string, Order[]> {
  const c = orderCacheOf(t.board);
  const namePower = rules['missing-nationality'] === 'invalid';
  const board = t.board;
  const out = new Map<string, Order[]>();
  const { slotOff, slotLoc, codes } = t;
  const adjustment = t.phase === 'adjustment';
  for (let s = 0; s < t.slots; s++) {
    const at = slotLoc[s]!;
    const key = at >= 0 ? board.locationIds[at]! : board.powerIds[t.slotPower[s]!]!;
    // Adjustment slots may share a key (a disband and a build site in one province): append to it.
    let list = adjustment ? out.get(key) : undefined;
    if (!list) {
      list = [];
      out.set(key, list);
    }
    for (let i = slotOff[s]!; i < slotOff[s + 1]!; i++) list.push(cachedOrder(c, t, rules, s, codes[i]!, namePower));
  }
  return out;
}
