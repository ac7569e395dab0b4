/**
 * Written orders to the movement table: each order checked (`legality.ts`),
 * one kept per unit (`one-order.ts`), then filed (`phase-table.ts`). The
 * integer entry, which takes one order per unit, is `validate-ints.ts`; its
 * names are exported here too, for the modules that read both.
 */
import type { Board } from '../../board/board.js';
import * as boardCodes from '../../board/codes.js';
import type { RuleOptions } from '../../config/rules.js';
import type { MoveOrder, Order } from '../../orders/order.js';
import type { OrderResult } from '../result.js';
import { findUnitIndex } from '../refs.js';
import * as tableCodes from './table.js';
import type { UnitTable } from '../units.js';
import { movementWorkspace, type MovementWorkspace } from './workspace.js';
import { checkOrder } from './legality.js';
import { chooseOrder, illegalResult, setOrder } from './one-order.js';
import { beginTable, finishTable } from './phase-table.js';

export { ORDER_NONE, validateMovementInts, type MovementOrdersInts } from './validate-ints.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { FLEET } = boardCodes;
const { SUPPORT_MOVE } = tableCodes;

export interface ValidatedMovement {
  /** Per order: its result when it is illegal; undefined for orders that stand (adjudicated later). */
  illegal: (OrderResult | undefined)[];
  /** Implicit orders deduced (4.E.3), with the unit each is for. */
  implicitOrders: { unit: number; order: MoveOrder }[];
}

/**
 * Validates the written orders of a movement phase on these units, in the
 * board's workspace (which the next adjudication on the board reuses). For
 * callers outside the adjudicator that only want to know which orders are legal.
 */
export function validateMovement(board: Board, rules: RuleOptions, units: UnitTable, orders: readonly Order[]): ValidatedMovement {
  const ws = movementWorkspace(board, rules);
  ws.loadUnits(units.n, units.power, units.kind, units.loc);
  ws.units.units = units.units;
  const validated = validateWrittenOrders(ws, orders);
  ws.busy = false;
  // The results of the illegal orders are in a list the next validation reuses: a copy of them.
  return { illegal: validated.illegal.slice(0, orders.length), implicitOrders: validated.implicitOrders };
}

/**
 * The results of the illegal orders of the phase being validated, by order
 * index: one list for the module, cleared up to the number of orders per phase
 * (entries past it are left from an earlier phase and never read), since the
 * adjudicator reads it once, before it returns (`movementOutcome`).
 */
const illegalByOrder: (OrderResult | undefined)[] = [];

/**
 * Validates the written orders of a movement phase into the workspace's table
 * (units loaded). `illegal` is valid until the next validation and is read at
 * indexes below the number of orders only.
 */
export function validateWrittenOrders(ws: MovementWorkspace, orders: readonly Order[]): ValidatedMovement {
  const { board, t, units } = ws;
  const rules = t.rules;
  const n = units.n;
  ws.ensureSlots(orders.length + 1);
  beginTable(ws);
  ws.candCount.fill(0, 0, n);
  const illegal = illegalByOrder;
  while (illegal.length < orders.length) illegal.push(undefined);
  for (let i = 0; i < orders.length; i++) {
    illegal[i] = undefined;
    ws.sameAs[i] = -1;
    const order = orders[i]!;
    const p = ws.powerId(order.power);
    if (p >= 0) ws.powersWithOrders[p] = 1;
    const reason = checkOrder(ws, order, i, p);
    if (reason !== undefined) {
      illegal[i] = illegalResult(order, reason);
      if (order.type === 'move' && p >= 0) {
        const f = findUnitIndex(board, rules, units, order.unit, p, false);
        if (f >= 0 && units.power[f] === p) ws.illegalMove[f] = 1;
      }
    } else {
      const u = ws.cand.unit[i]!;
      if (ws.candCount[u] === 0) ws.candFirst[u] = i;
      ws.candCount[u]! += 1;
    }
  }

  // One order per unit.
  const denyHoldSupport = t.f.denyHoldSupport;
  for (let u = 0; u < n; u++) {
    const count = ws.candCount[u]!;
    const chosen = count === 0 ? -1 : count === 1 ? ws.candFirst[u]! : chooseOrder(ws, u, orders, illegal);
    if (chosen < 0) {
      if (ws.illegalMove[u] && denyHoldSupport) t.noHoldSupport[u] = 1;
      continue;
    }
    setOrder(ws, u, chosen);
    t.listOrder(u);
  }

  finishTable(ws, orders.length);
  return { illegal, implicitOrders: implicitOrderList(ws) };
}

/** The implicit orders deduced for the phase in the workspace (4.E.3), as written orders with their units. */
export function implicitOrderList(ws: MovementWorkspace): { unit: number; order: MoveOrder }[] {
  const { board, t, units } = ws;
  const implicitOrders: { unit: number; order: MoveOrder }[] = [];
  for (let k = 0; k < ws.implicitCount; k++) {
    const v = ws.implicitUnits[k]!;
    const s = ws.implicitFrom[k]!;
    const code = t.order[s];
    implicitOrders.push({
      unit: v,
      order: {
        type: 'move',
        power: board.powerIds[units.power[v]!]!,
        unit: { kind: units.kind[v] === FLEET ? 'fleet' : 'army', at: board.locName(units.loc[v]!) },
        to: code === SUPPORT_MOVE && t.supportCoast[s]! >= 0 ? board.locName(t.supportCoast[s]!) : board.provinceName(t.dstProv[s]!),
        viaConvoy: false,
      },
    });
  }
  return implicitOrders;
}
