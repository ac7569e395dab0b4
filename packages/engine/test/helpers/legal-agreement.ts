// Checks that a filled `LegalOrderTable` and `legalOrders` on the same
// position say the same: every code read with the public accessors alone
// (not with the decoder) against the friendly order at the same place, and
// the lazy decoder's objects against the friendly ones. Used by the engine's
// tests on random games and by the cross-package test on real games.
import { expect } from 'vitest';
import type { Board } from '../../src/board/board.js';
import type { RuleOptions } from '../../src/config/rules.js';
import type { Position } from '../../src/game/position.js';
import type { Order } from '../../src/orders/order.js';
import { decodeLegalOrder, LEGAL_FLAG, LEGAL_ORDER, legalDst, legalHas, legalKind, legalTarget, type LegalOrderTable } from '../../src/legal/index.js';

/** A friendly order in a few words: type, power, unit, destination, other unit, via convoy or route, kind built. */
function describeOrder(o: Order): string {
  const unit = 'unit' in o ? o.unit.at : '-';
  switch (o.type) {
    case 'move':
      return `move ${o.power} ${unit} ${o.to} - ${o.path !== undefined ? `route ${o.viaConvoy}` : `via ${o.viaConvoy}`}`;
    case 'support':
      return `support ${o.power} ${unit} ${o.to ?? '-'} ${o.supported.at} ${o.supported.power ?? '-'}`;
    case 'convoy':
      return `convoy ${o.power} ${unit} ${o.to} ${o.army.at} ${o.army.power ?? '-'}`;
    case 'retreat':
      return `retreat ${o.power} ${unit} ${o.to}`;
    case 'build':
      return `build ${o.power} - ${o.at} ${o.kind}`;
    default:
      return `${o.type} ${o.power} ${unit}`;
  }
}

/**
 * The same words read from a code with the public accessors alone (not with
 * the decoder): unit `u` of `units` gives it; other units are `position.units`.
 */
function describeCode(board: Board, code: number, power: string, at: string, position: Position, r: RuleOptions, ownPower: string): string {
  const loc = (l: number): string => board.locationIds[l]!;
  const other = (u: number): string => {
    const unit = position.units[u]!;
    return `${unit.at} ${r['missing-nationality'] === 'invalid' && unit.power !== ownPower ? unit.power : '-'}`;
  };
  switch (legalKind(code)) {
    case LEGAL_ORDER.HOLD:
      return `hold ${power} ${at}`;
    case LEGAL_ORDER.MOVE: {
      const route = r['convoy-path'] === 'required' && legalHas(code, LEGAL_FLAG.CONVOYED);
      // Under convoy-path required a convoyed move names its route and is written via convoy (when a route exists, as here).
      return `move ${power} ${at} ${loc(legalDst(code))} - ${route ? 'route true' : `via ${legalHas(code, LEGAL_FLAG.VIA)}`}`;
    }
    case LEGAL_ORDER.SUPPORT_HOLD:
      return `support ${power} ${at} - ${other(legalTarget(code))}`;
    case LEGAL_ORDER.SUPPORT_MOVE:
      return `support ${power} ${at} ${loc(legalDst(code))} ${other(legalTarget(code))}`;
    case LEGAL_ORDER.CONVOY:
      return `convoy ${power} ${at} ${loc(legalDst(code))} ${other(legalTarget(code))}`;
    case LEGAL_ORDER.RETREAT:
      return `retreat ${power} ${at} ${loc(legalDst(code))}`;
    case LEGAL_ORDER.DISBAND:
      return `disband ${power} ${at}`;
    case LEGAL_ORDER.BUILD:
      return `build ${power} - ${loc(legalDst(code))} ${legalHas(code, LEGAL_FLAG.FLEET) ? 'fleet' : 'army'}`;
    case LEGAL_ORDER.WAIVE:
      return `waive ${power} -`;
    default:
      return `unknown kind ${legalKind(code)}`;
  }
}

/**
 * Reads every code of the table with the public accessors and checks it
 * against the friendly orders: the same places in the same order, and per
 * place the same orders in the same order. Returns the number of orders.
 */
export function expectAgreement(board: Board, t: LegalOrderTable, legal: Map<string, Order[]>, position: Position, r: RuleOptions): number {
  const fromCodes = new Map<string, string[]>();
  const unitsOfSlots = position.phase.kind === 'retreat' ? position.dislodged : position.units;
  for (let s = 0; s < t.slots; s++) {
    const power = board.powerIds[t.slotPower[s]!]!;
    const key = t.slotLoc[s]! >= 0 ? board.locationIds[t.slotLoc[s]!]! : power;
    const u = t.slotUnit[s]!;
    const at = u >= 0 ? unitsOfSlots[u]!.at : '-';
    const list = fromCodes.get(key) ?? [];
    fromCodes.set(key, list);
    for (let i = t.slotOff[s]!; i < t.slotOff[s + 1]!; i++) list.push(describeCode(board, t.codes[i]!, power, at, position, r, power));
  }
  const fromOrders = new Map([...legal].map(([k, list]) => [k, list.map(describeOrder)]));
  expect(fromCodes).toEqual(fromOrders);
  expect([...fromCodes.keys()]).toEqual([...legal.keys()]);
  // The lazy decoder gives the friendly API's objects, code by code.
  const decoded = new Map<string, Order[]>();
  for (let s = 0; s < t.slots; s++) {
    const key = t.slotLoc[s]! >= 0 ? board.locationIds[t.slotLoc[s]!]! : board.powerIds[t.slotPower[s]!]!;
    const list = decoded.get(key) ?? [];
    decoded.set(key, list);
    for (let i = t.slotOff[s]!; i < t.slotOff[s + 1]!; i++) list.push(decodeLegalOrder(t, r, s, i));
  }
  expect(decoded).toEqual(legal);
  return t.count;
}

