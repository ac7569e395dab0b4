/**
 * From written orders to the movement table: legality of each order (DATC
 * 4.E.1: an illegal order is ignored and its unit holds), one order per unit
 * (4.D.3 `duplicate-orders`; 4.C.1/4.C.2/4.C.5/4.C.6 `valid-unless-other`),
 * implicit orders (4.E.3), how each army travels (4.A.3), and which supports
 * and convoys match the orders they name.
 *
 * "Legal" follows the DATC: an order that, knowing the units on the board but
 * none of the other orders, could be valid. So an army move that needs a
 * convoy is legal when fleets stand where a route could run (6.D.8) and illegal
 * when none do (6.D.32); a support is legal only if the supported move is
 * possible without the supporter's help as a convoyer (6.D.31).
 */
import type { Board } from '../../board/board.js';
import { ARMY, FLEET } from '../../board/codes.js';
import type { RuleOptions } from '../../config/rules.js';
import type { ConvoyOrder, MoveOrder, Order, SupportOrder } from '../../orders/order.js';
import type { OrderResult } from '../result.js';
import type { Reason } from '../reasons.js';
import { reasonText } from '../reasons.js';
import { WRITTEN_MISSING, WRITTEN_OK, WRITTEN_WRONG, findUnit, fleetDestination, readDestination, type WrittenQuality } from '../refs.js';
import type { UnitTable } from '../units.js';
import { minimalRouteSeas, seaRouteExists } from './convoy-routes.js';
import {
  CONVOY,
  HOLD,
  MOVE,
  ROUTE_CONVOY,
  ROUTE_EITHER,
  ROUTE_LAND,
  SUPPORT_HOLD,
  SUPPORT_MOVE,
  type MovementTable,
  type OrderCode,
} from './table.js';

/** A legal order, reduced to the columns of the table. */
interface Candidate {
  index: number;
  unit: number;
  code: OrderCode;
  dstLoc: number;
  dstProv: number;
  target: number;
  supportCoast: number;
  viaConvoy: boolean;
  path: number[] | undefined;
  /** How the unit type and the nationality of the referenced unit were written. */
  type: WrittenQuality;
  nationality: WrittenQuality;
  /** Equal keys: the same order written twice. */
  key: string;
}

type Checked = Candidate | { reason: Reason };

interface Ctx {
  board: Board;
  rules: RuleOptions;
  units: UnitTable;
  /** Per province: 1 when a fleet stands on a convoy sea there at the start of the phase. */
  fleetSea: Uint8Array;
}

export interface ValidatedMovement {
  table: MovementTable;
  /** Per order: its result when it is illegal; undefined for orders that stand (adjudicated later). */
  illegal: (OrderResult | undefined)[];
  /** Per order: the order whose result it shares (an exact repeat of a standing order), else -1. */
  sameAs: Int32Array;
  /** Implicit orders deduced (4.E.3), with the unit each is for. */
  implicitOrders: { unit: number; order: MoveOrder }[];
}

function illegalResult(order: Order, reason: Reason): OrderResult {
  return { order, status: 'illegal', reason, detail: reasonText(reason) };
}

/** Validates the orders of a movement phase and builds its table. */
export function validateMovement(
  board: Board,
  rules: RuleOptions,
  units: UnitTable,
  orders: readonly Order[],
): ValidatedMovement {
  const fleetSea = new Uint8Array(board.provinceCount);
  for (let u = 0; u < units.n; u++) if (units.kind[u] === FLEET && board.convoySea[units.prov[u]!]) fleetSea[units.prov[u]!] = 1;
  const ctx: Ctx = { board, rules, units, fleetSea };

  const illegal: (OrderResult | undefined)[] = orders.map(() => undefined);
  const sameAs = new Int32Array(orders.length).fill(-1);
  const perUnit: Candidate[][] = Array.from({ length: units.n }, () => []);
  const illegalMoveUnits = new Set<number>();
  const powersWithOrders = new Uint8Array(board.powerCount);

  orders.forEach((order, index) => {
    const p = board.powerId(order.power);
    if (p >= 0) powersWithOrders[p] = 1;
    const checked = checkOrder(ctx, order, index, p);
    if ('reason' in checked) {
      illegal[index] = illegalResult(order, checked.reason);
      if (order.type === 'move') {
        const f = p >= 0 ? findUnit(board, rules, units, order.unit, p, false) : undefined;
        if (f?.ok && units.power[f.unit] === p) illegalMoveUnits.add(f.unit);
      }
    } else {
      perUnit[checked.unit]!.push(checked);
    }
  });

  const n = units.n;
  const table: MovementTable = {
    board,
    rules,
    units,
    order: new Uint8Array(n),
    orderIndex: new Int32Array(n).fill(-1),
    dstLoc: new Int32Array(n).fill(-1),
    dstProv: new Int32Array(n).fill(-1),
    target: new Int32Array(n).fill(-1),
    supportCoast: new Int32Array(n).fill(-1),
    route: new Uint8Array(n),
    pathSpec: new Array<readonly number[] | undefined>(n).fill(undefined),
    matched: new Uint8Array(n),
    unmatchedReason: new Array<'unmatched' | 'civil-disorder' | undefined>(n).fill(undefined),
    noHoldSupport: new Uint8Array(n),
    supporters: Array.from({ length: n }, () => []),
    movesInto: Array.from({ length: board.provinceCount }, () => []),
    convoyers: Array.from({ length: n }, () => []),
    implicit: new Uint8Array(n),
  };
  const viaConvoy = new Uint8Array(n);

  // One order per unit.
  for (let u = 0; u < n; u++) {
    const chosen = chooseOrder(rules, perUnit[u]!, orders, illegal, sameAs);
    if (!chosen) {
      if (illegalMoveUnits.has(u) && rules['illegal-orders'] === 'deny-hold-support') table.noHoldSupport[u] = 1;
      continue;
    }
    setOrder(table, viaConvoy, u, chosen);
  }

  const implicitOrders = rules['implicit-orders'] ? deduceImplicitOrders(ctx, table, viaConvoy) : [];

  matchOrders(table, powersWithOrders);
  chooseRoutes(table, viaConvoy);
  for (let u = 0; u < n; u++) if (table.order[u] === MOVE) table.movesInto[table.dstProv[u]!]!.push(u);
  return { table, illegal, sameAs, implicitOrders };
}

function setOrder(table: MovementTable, viaConvoy: Uint8Array, u: number, c: Candidate): void {
  table.order[u] = c.code;
  table.orderIndex[u] = c.index;
  table.dstLoc[u] = c.dstLoc;
  table.dstProv[u] = c.dstProv;
  table.target[u] = c.target;
  table.supportCoast[u] = c.supportCoast;
  table.pathSpec[u] = c.path;
  viaConvoy[u] = c.viaConvoy ? 1 : 0;
}

/**
 * The one order that stands for a unit, or none. Exact repeats count once;
 * an order written poorly gives way to one written correctly under
 * `valid-unless-other`; then `duplicate-orders` decides among the rest.
 */
function chooseOrder(
  rules: RuleOptions,
  cands: Candidate[],
  orders: readonly Order[],
  illegal: (OrderResult | undefined)[],
  sameAs: Int32Array,
): Candidate | undefined {
  if (cands.length === 0) return undefined;
  const distinct: Candidate[] = [];
  for (const c of cands) {
    const first = distinct.find((d) => d.key === c.key);
    if (first) sameAs[c.index] = first.index;
    else distinct.push(c);
  }
  let live = distinct;
  const unlessOther = (q: WrittenQuality): boolean =>
    (q === WRITTEN_MISSING && rules['missing-unit-type'] === 'valid-unless-other') ||
    (q === WRITTEN_WRONG && rules['wrong-unit-type'] === 'valid-unless-other');
  const unlessOtherNat = (c: Candidate): boolean =>
    (c.nationality === WRITTEN_MISSING && rules['missing-nationality'] === 'valid-unless-other') ||
    (c.nationality === WRITTEN_WRONG && rules['wrong-nationality'] === 'valid-unless-other');
  if (live.length > 1) {
    const wellTyped = live.some((c) => c.type === WRITTEN_OK);
    const wellNamed = live.some((c) => c.nationality === WRITTEN_OK);
    const kept = live.filter((c) => !(wellTyped && unlessOther(c.type)) && !(wellNamed && unlessOtherNat(c)));
    for (const c of live) if (!kept.includes(c)) illegal[c.index] = illegalResult(orders[c.index]!, 'superseded');
    live = kept;
  }
  if (live.length <= 1) return live[0];
  const rule = rules['duplicate-orders'];
  const keep = rule === 'first' ? live[0] : rule === 'last' ? live[live.length - 1] : undefined;
  for (const c of live) if (c !== keep) illegal[c.index] = illegalResult(orders[c.index]!, 'duplicate-order');
  return keep;
}

// ------------------------------------------------------------------ legality

function checkOrder(ctx: Ctx, order: Order, index: number, power: number): Checked {
  if (power < 0) return { reason: 'wrong-power' };
  switch (order.type) {
    case 'hold': {
      const f = findUnit(ctx.board, ctx.rules, ctx.units, order.unit, power, false);
      if (!f.ok) return { reason: f.reason };
      if (ctx.units.power[f.unit] !== power) return { reason: 'wrong-power' };
      return candidate(index, f.unit, HOLD, f.type, WRITTEN_OK, `H ${f.unit}`);
    }
    case 'move':
      return checkMove(ctx, order, index, power);
    case 'support':
      return checkSupport(ctx, order, index, power);
    case 'convoy':
      return checkConvoy(ctx, order, index, power);
    default:
      return { reason: 'wrong-phase' };
  }
}

function candidate(index: number, unit: number, code: OrderCode, type: WrittenQuality, nationality: WrittenQuality, key: string): Candidate {
  return {
    index,
    unit,
    code,
    dstLoc: -1,
    dstProv: -1,
    target: -1,
    supportCoast: -1,
    viaConvoy: false,
    path: undefined,
    type,
    nationality,
    key,
  };
}

/** Whether an army could be convoyed from `from` to `to` by the fleets on the board, leaving out `without`. */
function convoyPossible(ctx: Ctx, from: number, to: number, without: number): boolean {
  const { board, fleetSea } = ctx;
  if (!board.isConvoyShore(from) || !board.isConvoyShore(to)) return false;
  return seaRouteExists(board, (s) => fleetSea[s] === 1 && s !== without, from, to);
}

function checkMove(ctx: Ctx, order: MoveOrder, index: number, power: number): Checked {
  const { board, rules, units } = ctx;
  const f = findUnit(board, rules, units, order.unit, power, false);
  if (!f.ok) return { reason: f.reason };
  const u = f.unit;
  if (units.power[u] !== power) return { reason: 'wrong-power' };
  const kind = units.kind[u]!;
  const dest = readDestination(board, rules, order.to, kind);
  if (!dest.ok) return { reason: dest.reason };
  const from = units.prov[u]!;
  if (dest.prov === from) return { reason: 'same-province' };
  if (!board.kindMayEnter(kind === FLEET ? FLEET : ARMY, dest.prov)) return { reason: board.impassable[dest.prov] ? 'not-adjacent' : 'wrong-unit-kind' };
  const c = candidate(index, u, MOVE, f.type, WRITTEN_OK, '');
  c.dstProv = dest.prov;
  if (kind === FLEET) {
    const to = fleetDestination(board, rules, units.loc[u]!, dest.prov, dest.coast);
    if (!to.ok) return { reason: to.reason };
    c.dstLoc = to.loc;
    c.key = `M ${u} ${to.loc}`;
    return c;
  }
  c.dstLoc = dest.prov;
  const adjacent = board.armyCanReach(from, dest.prov);
  // 'via convoy' means something only where the rules know the tag (not under the 1971 swap rule).
  const via = order.viaConvoy && rules['convoy-to-adjacent'] !== 'swap-only';
  c.viaConvoy = via;
  const convoyOnly = !adjacent || (via && !rules['via-convoy-fallback']);
  if (convoyOnly && !convoyPossible(ctx, from, dest.prov, -1)) {
    if (adjacent) return { reason: 'no-convoy-route' };
    return { reason: board.isConvoyShore(from) && board.isConvoyShore(dest.prov) ? 'no-convoy-route' : 'not-adjacent' };
  }
  if (rules['convoy-path'] !== 'ignored' && order.path && order.path.length > 0) {
    const seas = order.path.map((s) => board.provinceId(s));
    if (seas.some((s) => s < 0)) return { reason: 'unknown-location' };
    c.path = seas;
  }
  c.key = `M ${u} ${dest.prov} ${via ? 'v' : ''} ${c.path?.join(',') ?? ''}`;
  return c;
}

function checkSupport(ctx: Ctx, order: SupportOrder, index: number, power: number): Checked {
  const { board, rules, units } = ctx;
  const f = findUnit(board, rules, units, order.unit, power, false);
  if (!f.ok) return { reason: f.reason };
  const s = f.unit;
  if (units.power[s] !== power) return { reason: 'wrong-power' };
  const t = findUnit(board, rules, units, order.supported, power, true);
  if (!t.ok) return { reason: t.reason };
  const v = t.unit;
  if (v === s) return { reason: 'support-self' };
  const sKind = units.kind[s] === FLEET ? FLEET : ARMY;
  if (order.to === undefined) {
    if (!board.canReachProvince(sKind, units.loc[s]!, units.prov[v]!)) return { reason: 'not-adjacent' };
    const c = candidate(index, s, SUPPORT_HOLD, f.type, t.nationality, `SH ${s} ${v}`);
    c.target = v;
    c.dstProv = units.prov[v]!;
    return c;
  }
  const vKind = units.kind[v] === FLEET ? FLEET : ARMY;
  const dest = readDestination(board, rules, order.to, vKind);
  if (!dest.ok) return { reason: dest.reason };
  if (dest.prov === units.prov[s] || dest.prov === units.prov[v]) return { reason: 'same-province' };
  if (!board.canReachProvince(sKind, units.loc[s]!, dest.prov)) return { reason: 'not-adjacent' };
  if (!board.kindMayEnter(vKind, dest.prov)) return { reason: 'wrong-unit-kind' };
  let coast = dest.coast;
  if (vKind === FLEET) {
    const reachable = board.hasCoasts(dest.prov) ? board.fleetTargets(units.loc[v]!, dest.prov) : board.canMove(FLEET, units.loc[v]!, dest.prov) ? [dest.prov] : [];
    if (reachable.length === 0) return { reason: 'not-adjacent' };
    if (coast >= 0 && !reachable.includes(coast)) {
      if (rules['support-coast'] !== 'ignored') return { reason: 'impossible-coast' };
    }
    if (rules['support-coast'] === 'ignored') coast = -1;
  } else if (!board.armyCanReach(units.prov[v]!, dest.prov) && !convoyPossible(ctx, units.prov[v]!, dest.prov, units.prov[s]!)) {
    return { reason: 'not-adjacent' };
  }
  const c = candidate(index, s, SUPPORT_MOVE, f.type, t.nationality, `SM ${s} ${v} ${dest.prov} ${coast}`);
  c.target = v;
  c.dstProv = dest.prov;
  c.supportCoast = coast;
  return c;
}

function checkConvoy(ctx: Ctx, order: ConvoyOrder, index: number, power: number): Checked {
  const { board, rules, units } = ctx;
  const f = findUnit(board, rules, units, order.unit, power, false);
  if (!f.ok) return { reason: f.reason };
  const c0 = f.unit;
  if (units.power[c0] !== power) return { reason: 'wrong-power' };
  if (units.kind[c0] !== FLEET || !board.convoySea[units.prov[c0]!]) return { reason: 'wrong-unit-kind' };
  const a = findUnit(board, rules, units, order.army, power, true);
  if (!a.ok) return { reason: a.reason };
  if (units.kind[a.unit] !== ARMY) return { reason: 'wrong-unit-kind' };
  const dest = readDestination(board, rules, order.to, ARMY);
  if (!dest.ok) return { reason: dest.reason };
  const from = units.prov[a.unit]!;
  if (dest.prov === from) return { reason: 'same-province' };
  if (!board.kindMayEnter(ARMY, dest.prov) || !board.isConvoyShore(dest.prov) || !board.isConvoyShore(from)) {
    return { reason: 'not-adjacent' };
  }
  const seas = minimalRouteSeas(board, (s) => ctx.fleetSea[s] === 1, from, dest.prov);
  if (!seas.has(units.prov[c0]!)) return { reason: 'not-on-route' };
  const c = candidate(index, c0, CONVOY, f.type, a.nationality, `C ${c0} ${a.unit} ${dest.prov}`);
  c.target = a.unit;
  c.dstProv = dest.prov;
  return c;
}

// ------------------------------------------------------------------ implicit orders (4.E.3)

/**
 * An unordered unit that an own support or convoy expects to move is given
 * that move, if it is legal. An explicit order always wins, and orders of other
 * powers never imply anything.
 */
function deduceImplicitOrders(ctx: Ctx, table: MovementTable, viaConvoy: Uint8Array): { unit: number; order: MoveOrder }[] {
  const { board, units } = ctx;
  const out: { unit: number; order: MoveOrder }[] = [];
  const ordered = new Uint8Array(units.n);
  for (let u = 0; u < units.n; u++) if (table.orderIndex[u]! >= 0) ordered[u] = 1;
  for (let s = 0; s < units.n; s++) {
    const code = table.order[s];
    if (code !== SUPPORT_MOVE && code !== CONVOY) continue;
    const v = table.target[s]!;
    if (ordered[v] || units.power[v] !== units.power[s]) continue;
    const order: MoveOrder = {
      type: 'move',
      power: board.powerIds[units.power[v]!]!,
      unit: { kind: units.kind[v] === FLEET ? 'fleet' : 'army', at: board.locName(units.loc[v]!) },
      to: code === SUPPORT_MOVE && table.supportCoast[s]! >= 0 ? board.locName(table.supportCoast[s]!) : board.provinceName(table.dstProv[s]!),
      viaConvoy: false,
    };
    const checked = checkMove(ctx, order, -1, units.power[v]!);
    if ('reason' in checked) continue;
    ordered[v] = 1;
    setOrder(table, viaConvoy, v, checked);
    table.orderIndex[v] = -1;
    table.implicit[v] = 1;
    out.push({ unit: v, order });
  }
  return out;
}

// ------------------------------------------------------------------ matching

/** Marks supports and convoys that match their target's order and files them in the lists. */
function matchOrders(table: MovementTable, powersWithOrders: Uint8Array): void {
  const { rules, units } = table;
  for (let s = 0; s < units.n; s++) {
    const code = table.order[s];
    const v = table.target[s]!;
    if (code === SUPPORT_HOLD) {
      if (table.order[v] === MOVE || table.noHoldSupport[v]) {
        table.unmatchedReason[s] = 'unmatched';
      } else if (
        rules['civil-disorder-hold-support'] === 'fails' &&
        !powersWithOrders[units.power[v]!] &&
        units.power[v] !== units.power[s]
      ) {
        table.unmatchedReason[s] = 'civil-disorder';
      } else {
        table.matched[s] = 1;
        table.supporters[v]!.push(s);
      }
    } else if (code === SUPPORT_MOVE) {
      if (table.order[v] === MOVE && table.dstProv[v] === table.dstProv[s] && supportCoastMatches(table, s, v)) {
        table.matched[s] = 1;
        table.supporters[v]!.push(s);
      } else {
        table.unmatchedReason[s] = 'unmatched';
      }
    } else if (code === CONVOY) {
      if (table.order[v] === MOVE && table.dstProv[v] === table.dstProv[s]) {
        table.matched[s] = 1;
        table.convoyers[v]!.push(s);
      } else {
        table.unmatchedReason[s] = 'unmatched';
      }
    }
  }
}

/** DATC 4.B.4 `support-coast`: the coast a support names against the coast the fleet moves to. */
function supportCoastMatches(table: MovementTable, s: number, v: number): boolean {
  const { board, rules, units } = table;
  if (units.kind[v] !== FLEET || !board.hasCoasts(table.dstProv[v]!)) return true;
  const named = table.supportCoast[s]!;
  const actual = table.dstLoc[v]!;
  switch (rules['support-coast']) {
    case 'ignored':
      return true;
    case 'must-match':
      return named < 0 || named === actual;
    case 'own-may-omit':
      return named >= 0 ? named === actual : units.power[v] === units.power[s];
    case 'required':
      return named === actual;
  }
}

// ------------------------------------------------------------------ routes (4.A.3)

/**
 * How each army move travels. A move to a non-adjacent province goes by convoy.
 * To an adjacent one, per `convoy-to-adjacent`: `via-convoy` and `intent` take
 * the convoy when the order says "via convoy" or a fleet of the army's own power
 * is ordered (legally) to convoy it; `tagged-only` only for "via convoy";
 * `swap-only` only when the unit in the destination moves the other way (and
 * then only if the convoy gets through).
 *
 * `via-convoy-fallback` is read as the DATC v2.4 preference it comes from
 * (6.G.8, "explicit convoy that isn't there"): a chosen convoy falls back on the
 * land route when the convoy orders form no route at all. A convoy route that is
 * ordered is taken, and if it is disrupted the army does not move (so 6.G.11 is
 * the plain convoy paradox under both values).
 */
function chooseRoutes(table: MovementTable, viaConvoy: Uint8Array): void {
  const { board, rules, units } = table;
  for (let u = 0; u < units.n; u++) {
    if (table.order[u] !== MOVE || units.kind[u] !== ARMY) continue;
    const from = units.prov[u]!;
    const to = table.dstProv[u]!;
    if (!board.armyCanReach(from, to)) {
      table.route[u] = ROUTE_CONVOY;
      continue;
    }
    const mode = rules['convoy-to-adjacent'];
    if (mode === 'swap-only') {
      const v = units.unitAt[to]!;
      const swap = v >= 0 && table.order[v] === MOVE && table.dstProv[v] === from;
      table.route[u] = swap && table.convoyers[u]!.length > 0 ? ROUTE_EITHER : ROUTE_LAND;
      continue;
    }
    const chosen =
      viaConvoy[u] === 1 || (mode !== 'tagged-only' && table.convoyers[u]!.some((f) => units.power[f] === units.power[u]));
    if (!chosen) table.route[u] = ROUTE_LAND;
    else if (!rules['via-convoy-fallback'] || orderedRouteExists(table, u)) table.route[u] = ROUTE_CONVOY;
    else table.route[u] = ROUTE_LAND;
  }
}

/** Whether the fleets ordered to convoy army `u` form a route, whatever becomes of them. */
function orderedRouteExists(table: MovementTable, u: number): boolean {
  const { board, units } = table;
  const fleets = new Set(table.convoyers[u]!.map((f) => units.prov[f]!));
  return seaRouteExists(board, (s) => fleets.has(s), units.prov[u]!, table.dstProv[u]!);
}
