/**
 * Orders that no position can make legal on a board: a fleet sent to an inland
 * province (`F bre - mun`), a move or support between provinces that do not
 * touch and that no convoy can join, a unit of a kind that cannot stand where
 * the order puts it. Whatever the units on the board, the adjudicator rules
 * such an order illegal; tools report it as a mistake in the text, not as a
 * result of play. The judgement is on the order and the map alone, and stays
 * on the safe side: an order that some position, coast or convoy could make
 * legal is never called so.
 */
import type { Board } from '../board/board.js';
import type { UnitKind } from '../game/position.js';
import type { Reason } from '../adjudicate/reasons.js';
import type { Order, UnitRef } from './order.js';

/** Why an order can never be legal: the adjudicator's reason word and a short sentence. */
export interface NeverLegal {
  reason: Reason;
  why: string;
}

/**
 * A set of unit kinds, one bit each: what a unit written without its kind may
 * be. Bits rather than lists: orders are judged once each, but a run meets
 * thousands, and the judgement made no list nor closure.
 */
type Kinds = number;
const ARMY_BIT = 1;
const FLEET_BIT = 2;

function kindBit(kind: UnitKind): Kinds {
  return kind === 'army' ? ARMY_BIT : FLEET_BIT;
}

/** The one kind of `kinds`, or undefined for none or both. */
function onlyKind(kinds: Kinds): UnitKind | undefined {
  return kinds === ARMY_BIT ? 'army' : kinds === FLEET_BIT ? 'fleet' : undefined;
}

/** The province of a place (`spa/nc` → spa), or -1 when the board has no such province. */
function provinceOf(board: Board, at: string): number {
  const slash = at.indexOf('/');
  return board.provinceId(slash < 0 ? at : at.slice(0, slash));
}

/** The kinds of `kinds` that may stand in (enter) province `prov`. */
function entering(board: Board, kinds: Kinds, prov: number): Kinds {
  return (kinds & ARMY_BIT && board.kindMayEnter('army', prov) ? ARMY_BIT : 0) | (kinds & FLEET_BIT && board.kindMayEnter('fleet', prov) ? FLEET_BIT : 0);
}

/** The kinds the unit may be: the kind written, else those that may stand in its province. */
function kindsOf(board: Board, unit: UnitRef, prov: number): Kinds {
  return unit.kind !== undefined ? kindBit(unit.kind) : entering(board, ARMY_BIT | FLEET_BIT, prov);
}

/** Whether a unit of `kind` in province `from` could move into province `to` in one step, from some location (a fleet's coasts where it has named coasts). */
function touches(board: Board, kind: UnitKind, from: number, to: number): boolean {
  if (kind !== 'fleet' || !board.hasCoasts(from)) return board.canReachProvince(kind, from, to);
  const coasts = board.coastsOf(from);
  for (let i = 0; i < coasts.length; i++) if (board.canReachProvince(kind, coasts[i]!, to)) return true;
  return false;
}

function kindWord(kind: UnitKind): string {
  return kind === 'army' ? 'an army' : 'a fleet';
}

function terrainWord(board: Board, prov: number): string {
  if (board.impassable[prov]) return 'impassable';
  return board.kindMayEnter('fleet', prov) ? 'a sea' : 'inland';
}

/** Why no unit as written could stand where the order puts it, if none could. */
function noStanding(board: Board, unit: UnitRef, prov: number): NeverLegal | undefined {
  if (entering(board, kindsOf(board, unit, prov), prov) !== 0) return undefined;
  const kind = unit.kind;
  const who = kind === undefined ? 'no unit' : kindWord(kind);
  return { reason: 'wrong-unit-kind', why: `${who} cannot stand in ${board.provinceName(prov)} (${terrainWord(board, prov)})` };
}

/**
 * Why a move (or, without `convoy`, a retreat) of the unit to province `to`
 * can never be legal, if it cannot: no kind it may be can enter `to`, or none
 * touches it and no convoy could carry an army there.
 */
function noWay(board: Board, unit: UnitRef, from: number, to: number, convoy: boolean): NeverLegal | undefined {
  if (from === to) return { reason: 'same-province', why: `a unit cannot move into its own province` };
  const kinds = entering(board, kindsOf(board, unit, from), from);
  const into = entering(board, kinds, to);
  if (into === 0) {
    const only = onlyKind(kinds);
    const who = only !== undefined ? kindWord(only) : 'no unit';
    return { reason: board.impassable[to] ? 'not-adjacent' : 'wrong-unit-kind', why: `${who} cannot enter ${board.provinceName(to)} (${terrainWord(board, to)})` };
  }
  const byLand = (into & ARMY_BIT) !== 0 && (touches(board, 'army', from, to) || (convoy && board.isConvoyShore(from) && board.isConvoyShore(to)));
  if (byLand || ((into & FLEET_BIT) !== 0 && touches(board, 'fleet', from, to))) return undefined;
  return { reason: 'not-adjacent', why: `${board.provinceName(to)} does not border ${board.provinceName(from)}${convoy && into & ARMY_BIT ? ' and no convoy can reach it' : ''}` };
}

/**
 * Why `order` can never be legal on `board`, or undefined when some position
 * could make it legal (or the order names a place the board does not have:
 * that is a reading error, reported where the order is read).
 */
export function neverLegal(board: Board, order: Order): NeverLegal | undefined {
  switch (order.type) {
    case 'hold':
    case 'disband': {
      const at = provinceOf(board, order.unit.at);
      return at < 0 ? undefined : noStanding(board, order.unit, at);
    }
    case 'move':
    case 'retreat': {
      const from = provinceOf(board, order.unit.at);
      const to = provinceOf(board, order.to);
      if (from < 0 || to < 0) return undefined;
      // A move may go by convoy (written or not); a retreat never does.
      return noStanding(board, order.unit, from) ?? noWay(board, order.unit, from, to, order.type === 'move');
    }
    case 'support': {
      const at = provinceOf(board, order.unit.at);
      const other = provinceOf(board, order.supported.at);
      const to = order.to === undefined ? other : provinceOf(board, order.to);
      if (at < 0 || other < 0 || to < 0) return undefined;
      const standing = noStanding(board, order.unit, at) ?? noStanding(board, order.supported, other);
      if (standing) return standing;
      if (at === other) return { reason: 'support-self', why: 'a unit cannot support itself' };
      if (order.to !== undefined && (to === at || to === other)) return { reason: 'same-province', why: 'a unit cannot support a move into its own province, nor a move that stays where it is' };
      const supporter = entering(board, entering(board, kindsOf(board, order.unit, at), at), to);
      if (!((supporter & ARMY_BIT && touches(board, 'army', at, to)) || (supporter & FLEET_BIT && touches(board, 'fleet', at, to)))) {
        return { reason: 'not-adjacent', why: `the supporting unit cannot reach ${board.provinceName(to)}` };
      }
      if (order.to !== undefined && entering(board, kindsOf(board, order.supported, other), to) === 0) {
        return { reason: 'wrong-unit-kind', why: `the supported unit cannot enter ${board.provinceName(to)} (${terrainWord(board, to)})` };
      }
      return undefined;
    }
    case 'convoy': {
      const at = provinceOf(board, order.unit.at);
      if (at < 0) return undefined;
      const standing = noStanding(board, order.unit, at);
      if (standing) return standing;
      if (order.unit.kind === 'army') return { reason: 'wrong-unit-kind', why: 'an army cannot convoy' };
      if (!board.convoySea[at]) return { reason: 'wrong-unit-kind', why: `a fleet in ${board.provinceName(at)} cannot convoy (only at sea)` };
      if (order.army.kind === 'fleet') return { reason: 'wrong-unit-kind', why: 'a fleet cannot be convoyed' };
      return undefined;
    }
    case 'build': {
      const at = provinceOf(board, order.at);
      if (at < 0) return undefined;
      if (!board.supplyCentre[at]) return { reason: 'not-supply-centre', why: `${board.provinceName(at)} is not a supply centre` };
      if (order.kind !== undefined && !board.kindMayEnter(order.kind, at)) {
        return { reason: order.kind === 'fleet' ? 'inland-fleet' : 'wrong-unit-kind', why: `${kindWord(order.kind)} cannot be built in ${board.provinceName(at)} (${terrainWord(board, at)})` };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
