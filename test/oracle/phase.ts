/**
 * The oracle's own picture of a movement phase: units on board locations, one order per unit,
 * and the order in which the orders are handed to the engine. Orders here are always ones the
 * engine's validation keeps (the generator makes no illegal order), so the only void orders are
 * supports and convoys that do not match what the named unit was ordered to do; they are kept as
 * written and count as holds (DATC 4.E.1 does not apply: they are legal, only unmatched).
 */
import type { Board, Order, Position, Unit, UnitKind } from '@dipforge/engine';

export interface OracleUnit {
  power: string;
  kind: UnitKind;
  /** Board location (a coast location for a fleet on a split-coast province). */
  loc: number;
}

export type OracleOrder =
  | { type: 'hold' }
  /** `to` is a board location: the province, or the coast a fleet moves to. */
  | { type: 'move'; to: number; viaConvoy: boolean }
  /** Support of unit `target` (an index into the units) to hold, or to move into province `to`. */
  | { type: 'support'; target: number; to?: number }
  /** Convoy of unit `army` into province `to`. */
  | { type: 'convoy'; army: number; to: number };

export interface OraclePhase {
  units: OracleUnit[];
  /** `orders[i]` is the order of `units[i]`. */
  orders: OracleOrder[];
  /** The unit indices in the order their orders are given to the engine. */
  sequence: number[];
}

const letter = (kind: UnitKind): string => (kind === 'army' ? 'A' : 'F');

/** `F nth`, the notation the engine's order reader and the game language both read. */
export function unitText(board: Board, u: OracleUnit): string {
  return `${letter(u.kind)} ${board.locName(u.loc)}`;
}

/** One order in the standard notation (`A edi - nwy via convoy`, `F den S F nth`). */
export function orderText(board: Board, phase: OraclePhase, unit: number): string {
  const u = phase.units[unit]!;
  const o = phase.orders[unit]!;
  const self = unitText(board, u);
  switch (o.type) {
    case 'hold':
      return `${self} H`;
    case 'move':
      return `${self} - ${board.locName(o.to)}${o.viaConvoy ? ' via convoy' : ''}`;
    case 'support': {
      const t = phase.units[o.target]!;
      const aimed = o.to === undefined ? '' : ` - ${board.provinceName(o.to)}`;
      return `${self} S ${letter(t.kind)} ${board.provinceName(board.provinceOf(t.loc))}${aimed}`;
    }
    case 'convoy': {
      const a = phase.units[o.army]!;
      return `${self} C A ${board.provinceName(board.provinceOf(a.loc))} - ${board.provinceName(o.to)}`;
    }
  }
}

function ref(board: Board, u: OracleUnit): { kind: UnitKind; at: string } {
  return { kind: u.kind, at: board.locName(u.loc) };
}

/** The engine's order for one unit. */
export function engineOrder(board: Board, phase: OraclePhase, unit: number): Order {
  const u = phase.units[unit]!;
  const o = phase.orders[unit]!;
  const base = { power: u.power, unit: ref(board, u) };
  switch (o.type) {
    case 'hold':
      return { type: 'hold', ...base };
    case 'move':
      return { type: 'move', ...base, to: board.locName(o.to), viaConvoy: o.viaConvoy };
    case 'support': {
      const t = phase.units[o.target]!;
      const supported = { kind: t.kind, at: board.provinceName(board.provinceOf(t.loc)) };
      return o.to === undefined
        ? { type: 'support', ...base, supported }
        : { type: 'support', ...base, supported, to: board.provinceName(o.to) };
    }
    case 'convoy': {
      const a = phase.units[o.army]!;
      return { type: 'convoy', ...base, army: { kind: 'army', at: board.locName(a.loc) }, to: board.provinceName(o.to) };
    }
  }
}

/** The orders in `sequence` order, as the engine receives them. */
export function engineOrders(board: Board, phase: OraclePhase): Order[] {
  return phase.sequence.map((i) => engineOrder(board, phase, i));
}

/** The position before the phase: the units in the phase's order, nothing dislodged, no owners. */
export function enginePosition(board: Board, phase: OraclePhase): Position {
  const units: Unit[] = phase.units.map((u) => ({ power: u.power, kind: u.kind, at: board.locName(u.loc) }));
  return { phase: { year: 1901, season: 'spring', kind: 'movement' }, units, dislodged: [], owners: {}, standoffs: [] };
}
