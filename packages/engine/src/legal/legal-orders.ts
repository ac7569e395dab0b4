/**
 * `legalOrders`: every legal order of a phase, as order objects grouped by
 * place. The generation runs on integer ids into a packed table
 * (`LegalOrderTable`: `movement.ts`, `retreat.ts`, `adjustment.ts`); this
 * module only decodes it (`decode.ts`).
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import type { Position } from '../game/position.js';
import type { Order } from '../orders/order.js';
import { buildUnitTable } from '../adjudicate/units.js';
import { adjustmentOptions, type PowerAdjustment } from './adjustment.js';
import { decodeLegalTable } from './decode.js';
import { sharedLegalTable } from './table.js';

/**
 * Legal orders by place. The key is:
 * - in a movement phase, the location of each unit (`stp/sc`, `par`);
 * - in a retreat phase, the location of each dislodged unit;
 * - in an adjustment phase, the location of each unit that may be disbanded,
 *   each free build site (its province id: `stp` holds `Build A stp`,
 *   `Build F stp/nc`, `Build F stp/sc`), and, for a power that may waive, the
 *   power's id (holding its `Waive`).
 * Every unit of a movement phase has at least its hold; every dislodged unit
 * at least its disband. The orders of one result share their unit references
 * (read them, do not change them).
 */
export type LegalOrders = Map<string, Order[]>;

/** Every legal order of the position's phase. Throws `PositionError` on a position the board does not know. */
export function legalOrders(board: Board, position: Position, rules: RuleOptions): LegalOrders {
  return decodeLegalTable(sharedLegalTable(board).fill(position, rules), rules);
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
