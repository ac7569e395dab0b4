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
import type { PhaseKind, UnitKind } from '../game/position.js';
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
 * Frozen orders shared by every `decodeLegalTable` on one board, per unit: a
 * unit (power, kind, location) whose legal codes are the ones it had the last
 * time (its other units named the same way: kind, location, and power when
 * written) has the same orders, so its list is copied from the cache instead of
 * decoding one object per code, and an order that stays at its place in the
 * list is reused. Building ~480 fresh objects per movement phase was about half
 * of `legalOrders`. A slot with a convoyed move under `convoy-path required`
 * (its route depends on the position) is decoded afresh each time. One entry
 * per phase kind and unit place (at most 3 × powers × locations × 2 per
 * board), gone with its board.
 */
interface SlotCache {
  n: number;
  /** The codes without their other unit, and that unit's id (`unitId`), or -1. */
  codes: Int32Array;
  others: Int32Array;
  /** The orders of those codes, frozen. Never handed out: results get copies of the array. */
  orders: Order[];
  /** The buffers the next update is written to (then swapped). */
  nextCodes: Int32Array;
  nextOthers: Int32Array;
  nextOrders: Order[];
}

/** How far ahead in the last list a code is looked for: a list changes by a few orders inserted or dropped. */
const MATCH_WINDOW = 8;

interface OrderCache {
  /** Per phase kind (a unit's retreat and adjustment orders are not its movement orders), per slot id. */
  slots: Record<PhaseKind, (SlotCache | undefined)[]>;
  /** Frozen unit references by unit id (`unitId`). */
  refs: (UnitRef | undefined)[];
}

const orderCaches = new WeakMap<Board, OrderCache>();

function orderCacheOf(board: Board): OrderCache {
  let c = orderCaches.get(board);
  if (!c) {
    c = { slots: { movement: [], retreat: [], adjustment: [] }, refs: [] };
    orderCaches.set(board, c);
  }
  return c;
}

/** A unit named in an order: kind and location, and its power (index + 1) when written, else 0. */
function unitId(L: number, namedPower: number, kind: number, loc: number): number {
  return (namedPower * L + loc) * 2 + kind;
}

/** Bits 6–17 of a code: the other unit, an index that means nothing from one fill to the next. */
const TARGET_BITS = 4095 << 6;

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

/** The frozen order of code `code` in slot `s` (any code but a convoyed move under `convoy-path required`). */
function frozenOrder(c: OrderCache, t: LegalOrderTable, s: number, code: number, namePower: boolean): Order {
  const board = t.board;
  const L = board.locationCount;
  const u = t.slotUnit[s]!;
  const power = board.powerIds[t.slotPower[s]!]!;
  const unit = u >= 0 ? frozenRef(c, board, unitId(L, 0, t.kind[u]!, t.loc[u]!), 0, t.kind[u]!, t.loc[u]!) : undefined;
  const kind = code & 15;
  let ref: UnitRef | undefined;
  if (kind === LEGAL_ORDER.SUPPORT_HOLD || kind === LEGAL_ORDER.SUPPORT_MOVE || kind === LEGAL_ORDER.CONVOY) {
    const o = (code >>> 6) & 4095;
    const named = namePower && t.power[o] !== t.power[u] ? t.power[o]! + 1 : 0;
    ref = frozenRef(c, board, unitId(L, named, t.kind[o]!, t.loc[o]!), named, t.kind[o]!, t.loc[o]!);
  }
  const dst = code >>> 18;
  let order: Order;
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
  return Object.freeze(order);
}

/**
 * Slot `s`'s orders from the cache, brought up to date with the codes of this
 * fill; undefined when the slot cannot be cached (a convoyed move under
 * `convoy-path required`).
 */
function slotOrders(c: OrderCache, t: LegalOrderTable, s: number, namePower: boolean, routes: boolean): Order[] | undefined {
  const board = t.board;
  const L = board.locationCount;
  const { codes, power, kind, loc } = t;
  const from = t.slotOff[s]!;
  const n = t.slotOff[s + 1]! - from;
  const u = t.slotUnit[s]!;
  const sp = t.slotPower[s]!;
  // Unit slots by the unit (its power, kind, location); build and waive slots by power, after them.
  const id = u >= 0 ? unitId(L, sp, kind[u]!, loc[u]!) : unitId(L, board.powerCount, 0, 0) + sp;
  const slots = c.slots[t.phase];
  let sc = slots[id];
  if (!sc || sc.codes.length < n) {
    const size = Math.max(n, 8, sc ? sc.codes.length * 2 : 0);
    const nextOrders: Order[] = [];
    const fresh: SlotCache = { n: 0, codes: new Int32Array(size), others: new Int32Array(size), orders: [], nextCodes: new Int32Array(size), nextOthers: new Int32Array(size), nextOrders };
    if (sc) {
      fresh.n = sc.n;
      fresh.codes.set(sc.codes.subarray(0, sc.n));
      fresh.others.set(sc.others.subarray(0, sc.n));
      fresh.orders = sc.orders;
    }
    slots[id] = sc = fresh;
  }
  const { codes: lastCodes, others: lastOthers, orders: lastOrders, nextCodes, nextOthers, nextOrders } = sc;
  const lastN = sc.n;
  // Merge with the last list: a code found a little ahead there keeps its order; any other is decoded.
  let j = 0;
  for (let i = 0; i < n; i++) {
    const code = codes[from + i]!;
    const k = code & 15;
    let other = -1;
    if (k === LEGAL_ORDER.SUPPORT_HOLD || k === LEGAL_ORDER.SUPPORT_MOVE || k === LEGAL_ORDER.CONVOY) {
      const o = (code >>> 6) & 4095;
      other = unitId(L, namePower && power[o] !== power[u] ? power[o]! + 1 : 0, kind[o]!, loc[o]!);
    } else if (routes && k === LEGAL_ORDER.MOVE && (code & LEGAL_FLAG.CONVOYED) !== 0) {
      sc.n = 0;
      return undefined;
    }
    const bare = code & ~TARGET_BITS;
    let found = -1;
    const end = Math.min(lastN, j + MATCH_WINDOW);
    for (let x = j; x < end; x++) {
      if (lastCodes[x] === bare && lastOthers[x] === other) {
        found = x;
        break;
      }
    }
    nextCodes[i] = bare;
    nextOthers[i] = other;
    if (found >= 0) {
      nextOrders[i] = lastOrders[found]!;
      j = found + 1;
    } else nextOrders[i] = frozenOrder(c, t, s, code, namePower);
  }
  nextOrders.length = n;
  sc.n = n;
  sc.codes = nextCodes;
  sc.others = nextOthers;
  sc.orders = nextOrders;
  sc.nextCodes = lastCodes;
  sc.nextOthers = lastOthers;
  sc.nextOrders = lastOrders;
  return nextOrders;
}

/**
 * The table's orders by place, as `legalOrders` returns them: a unit's
 * location, a build site's province, or a power (its waive). The orders are
 * frozen and shared with other results on the same board (`SlotCache`); the
 * map and its arrays are the caller's.
 */
export function decodeLegalTable(t: LegalOrderTable, rules: RuleOptions): Map<string, Order[]> {
  const c = orderCacheOf(t.board);
  const namePower = rules['missing-nationality'] === 'invalid';
  const routes = rules['convoy-path'] === 'required';
  const board = t.board;
  const out = new Map<string, Order[]>();
  const { slotOff, slotLoc, codes } = t;
  const adjustment = t.phase === 'adjustment';
  for (let s = 0; s < t.slots; s++) {
    const at = slotLoc[s]!;
    const key = at >= 0 ? board.locationIds[at]! : board.powerIds[t.slotPower[s]!]!;
    const cached = slotOrders(c, t, s, namePower, routes);
    // Adjustment slots may share a key (a disband and a build site in one province): append to it.
    const had = adjustment ? out.get(key) : undefined;
    if (cached && !had) {
      out.set(key, cached.slice());
      continue;
    }
    const list = had ?? [];
    if (!had) out.set(key, list);
    if (cached) for (const o of cached) list.push(o);
    else {
      const r = refsOf(t);
      for (let i = slotOff[s]!; i < slotOff[s + 1]!; i++) list.push(decode(t, r, rules, s, codes[i]!));
    }
  }
  return out;
}
