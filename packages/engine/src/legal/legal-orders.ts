/**
 * `legalOrders`: every legal order of a phase, as order objects grouped by
 * place. The generation runs on integer ids (`movement.ts`, `retreat.ts`,
 * `adjustment.ts`); this module only turns the results into `Order`s.
 */
import type { Board } from '../board/board.js';
import { ARMY, FLEET } from '../board/codes.js';
import type { RuleOptions } from '../config/rules.js';
import type { Position, UnitKind } from '../game/position.js';
import type { Order, UnitRef } from '../orders/order.js';
import { buildUnitTable, type UnitTable } from '../adjudicate/units.js';
import { adjustmentOptions, type PowerAdjustment } from './adjustment.js';
import { movementOptions, shortestConvoyRoute } from './movement.js';
import { retreatOptions } from './retreat.js';

/**
 * Legal orders by place. The key is:
 * - in a movement phase, the location of each unit (`stp/sc`, `par`);
 * - in a retreat phase, the location of each dislodged unit;
 * - in an adjustment phase, the location of each unit that may be disbanded,
 *   each free build site (its province id: `stp` holds `Build A stp`,
 *   `Build F stp/nc`, `Build F stp/sc`), and, for a power that may waive, the
 *   power's id (holding its `Waive`).
 * Every unit of a movement phase has at least its hold; every dislodged unit
 * at least its disband.
 */
export type LegalOrders = Map<string, Order[]>;

const KIND_NAME: readonly UnitKind[] = ['army', 'fleet'];

/** Every legal order of the position's phase. Throws `PositionError` on a position the board does not know. */
export function legalOrders(board: Board, position: Position, rules: RuleOptions): LegalOrders {
  switch (position.phase.kind) {
    case 'movement':
      return legalMovementOrders(board, rules, buildUnitTable(board, position.units));
    case 'retreat':
      return legalRetreatOrders(board, rules, position);
    case 'adjustment':
      return legalAdjustmentOrders(board, rules, position);
  }
}

function legalMovementOrders(board: Board, rules: RuleOptions, units: UnitTable): LegalOrders {
  const o = movementOptions(board, rules, units);
  const { n, power, kind, loc } = units;
  const locIds = board.locationIds;
  const powerIds = board.powerIds;
  const namePower = rules['missing-nationality'] === 'invalid';
  const withPath = rules['convoy-path'] === 'required';
  const ref = (u: number): UnitRef => ({ kind: KIND_NAME[kind[u]!]!, at: locIds[loc[u]!]! });
  const otherRef = (u: number, of: number): UnitRef =>
    namePower && power[u] !== power[of]
      ? { power: powerIds[power[u]!]!, kind: KIND_NAME[kind[u]!]!, at: locIds[loc[u]!]! }
      : { kind: KIND_NAME[kind[u]!]!, at: locIds[loc[u]!]! };
  const out: LegalOrders = new Map();
  for (let u = 0; u < n; u++) {
    const p = powerIds[power[u]!]!;
    const list: Order[] = [{ type: 'hold', power: p, unit: ref(u) }];
    for (let i = o.moveOff[u]!; i < o.moveOff[u + 1]!; i++) {
      const order: Order = { type: 'move', power: p, unit: ref(u), to: locIds[o.moveDst[i]!]!, viaConvoy: o.moveVia[i] === 1 };
      if (withPath && o.moveConvoy[i] === 1) {
        const route = shortestConvoyRoute(board, units, u, o.moveDst[i]!);
        if (route.length > 0) {
          order.path = route.map((s) => board.provinceIds[s]!);
          order.viaConvoy = true;
        }
      }
      list.push(order);
    }
    for (let i = o.shOff[u]!; i < o.shOff[u + 1]!; i++) {
      list.push({ type: 'support', power: p, unit: ref(u), supported: otherRef(o.shTarget[i]!, u) });
    }
    for (let i = o.smOff[u]!; i < o.smOff[u + 1]!; i++) {
      list.push({ type: 'support', power: p, unit: ref(u), supported: otherRef(o.smTarget[i]!, u), to: locIds[o.smDst[i]!]! });
    }
    for (let i = o.cvOff[u]!; i < o.cvOff[u + 1]!; i++) {
      list.push({ type: 'convoy', power: p, unit: ref(u), army: otherRef(o.cvArmy[i]!, u), to: board.provinceIds[o.cvDst[i]!]! });
    }
    out.set(locIds[loc[u]!]!, list);
  }
  return out;
}

function legalRetreatOrders(board: Board, rules: RuleOptions, position: Position): LegalOrders {
  const onBoard = buildUnitTable(board, position.units);
  const dislodged = buildUnitTable(board, position.dislodged);
  const o = retreatOptions(board, rules, position, onBoard, dislodged);
  const locIds = board.locationIds;
  const out: LegalOrders = new Map();
  for (let u = 0; u < dislodged.n; u++) {
    const p = board.powerIds[dislodged.power[u]!]!;
    const at = locIds[dislodged.loc[u]!]!;
    const kind = KIND_NAME[dislodged.kind[u]!]!;
    const list: Order[] = [];
    for (let i = o.off[u]!; i < o.off[u + 1]!; i++) list.push({ type: 'retreat', power: p, unit: { kind, at }, to: locIds[o.dst[i]!]! });
    list.push({ type: 'disband', power: p, unit: { kind, at } });
    out.set(at, list);
  }
  return out;
}

/** Build orders on a free site: an army where an army may stand, a fleet on each coast where a fleet may. */
function buildsAt(board: Board, power: string, prov: number): Order[] {
  const list: Order[] = [];
  const id = board.provinceIds[prov]!;
  if (board.kindMayEnter(ARMY, prov)) list.push({ type: 'build', power, kind: 'army', at: id });
  if (board.kindMayEnter(FLEET, prov)) {
    if (board.hasCoasts(prov)) for (const c of board.coastsOf(prov)) list.push({ type: 'build', power, kind: 'fleet', at: board.locationIds[c]! });
    else list.push({ type: 'build', power, kind: 'fleet', at: id });
  }
  return list;
}

function legalAdjustmentOrders(board: Board, rules: RuleOptions, position: Position): LegalOrders {
  const units = buildUnitTable(board, position.units);
  const out: LegalOrders = new Map();
  const add = (key: string, orders: Order[]): void => {
    const had = out.get(key);
    if (had) had.push(...orders);
    else out.set(key, orders);
  };
  for (const a of adjustmentOptions(board, rules, position, units)) {
    const p = board.powerIds[a.power]!;
    for (const u of a.disbands) {
      const at = board.locationIds[units.loc[u]!]!;
      add(at, [{ type: 'disband', power: p, unit: { kind: KIND_NAME[units.kind[u]!]!, at } }]);
    }
    if (a.balance <= 0) continue;
    for (const prov of a.sites) add(board.provinceIds[prov]!, buildsAt(board, p, prov));
    if (a.mayWaive) add(p, [{ type: 'waive', power: p }]);
  }
  return out;
}

/** What one power has to do in an adjustment phase, by ids. */
export interface AdjustmentNeed {
  power: string;
  /** Supply centres minus units: that many builds when positive (at most `sites.length` can be made), removals when negative. */
  balance: number;
  /** Free build sites (province ids). */
  sites: string[];
  mayWaive: boolean;
}

/** Every power's balance of an adjustment phase, in power order (any phase's position may be asked). */
export function adjustmentNeeds(board: Board, position: Position, rules: RuleOptions): AdjustmentNeed[] {
  const units = buildUnitTable(board, position.units);
  return adjustmentOptions(board, rules, position, units).map((a: PowerAdjustment) => ({
    power: board.powerIds[a.power]!,
    balance: a.balance,
    sites: a.sites.map((s) => board.provinceIds[s]!),
    mayWaive: a.mayWaive,
  }));
}
