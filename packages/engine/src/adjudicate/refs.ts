/**
 * Reading the places and units an order names, with the coast, unit-type and
 * nationality rules of DATC 4.B and 4.C. Shared by every phase.
 */
import type { Board } from '../board/board.js';
import { ARMY, FLEET } from '../board/codes.js';
import type { RuleOptions } from '../config/rules.js';
import type { UnitRef } from '../orders/order.js';
import type { Reason } from './reasons.js';
import type { UnitTable } from './units.js';

/** A place as written: its province, the coast location if a real coast was named, and whether a bad coast was. */
export interface WrittenPlace {
  prov: number;
  /** The coast location when the text names a coast of a split-coast province; else -1. */
  coast: number;
  /** The text names a coast the province does not have (`spa/wc`, `bre/ec`). */
  badCoast: boolean;
}

/** Reads `spa`, `spa/nc`; undefined when the province is unknown. */
export function readPlace(board: Board, text: string): WrittenPlace | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) {
    const prov = board.provinceId(text);
    return prov < 0 ? undefined : { prov, coast: -1, badCoast: false };
  }
  const prov = board.provinceId(text.slice(0, slash));
  if (prov < 0) return undefined;
  const loc = board.locId(text);
  return loc >= 0 && loc !== prov ? { prov, coast: loc, badCoast: false } : { prov, coast: -1, badCoast: true };
}

/** How well a reference's unit type or nationality was written: right, missing, or wrong. */
export const WRITTEN_OK = 0;
export const WRITTEN_MISSING = 1;
export const WRITTEN_WRONG = 2;
export type WrittenQuality = typeof WRITTEN_OK | typeof WRITTEN_MISSING | typeof WRITTEN_WRONG;

export type FoundUnit =
  | { ok: true; unit: number; type: WrittenQuality; nationality: WrittenQuality }
  | { ok: false; reason: Reason };

const fail = (reason: Reason): FoundUnit => ({ ok: false, reason });

/**
 * Finds the unit a reference names among `units`, applying the coast rules
 * (4.B.5 wrong coast of the ordered unit, 4.B.6 unknown or irrelevant coast) and
 * the type rules (4.C.1, 4.C.2). `orderPower` is the power giving the order: a
 * reference to a foreign unit is checked for nationality (4.C.5, 4.C.6) when
 * `checkNationality` is set (supports and convoys).
 */
export function findUnit(
  board: Board,
  rules: RuleOptions,
  units: UnitTable,
  ref: UnitRef,
  orderPower: number,
  checkNationality: boolean,
): FoundUnit {
  const place = readPlace(board, ref.at);
  if (!place) return fail('unknown-location');
  const u = units.unitAt[place.prov]!;
  if (u < 0) return fail('no-unit');
  if (place.badCoast) {
    if (rules['unknown-coast'] === 'fail') return fail('unknown-coast');
  } else if (place.coast >= 0) {
    if (units.kind[u] === ARMY) {
      if (rules['unknown-coast'] === 'fail') return fail('unknown-coast');
    } else if (place.coast !== units.loc[u] && rules['wrong-unit-coast'] === 'fail') {
      return fail('wrong-coast');
    }
  }
  let type: WrittenQuality = WRITTEN_OK;
  const actual = units.kind[u] === FLEET ? 'fleet' : 'army';
  if (ref.kind === undefined) {
    type = WRITTEN_MISSING;
    if (rules['missing-unit-type'] === 'invalid') return fail('missing-unit-type');
  } else if (ref.kind !== actual) {
    type = WRITTEN_WRONG;
    if (rules['wrong-unit-type'] === 'invalid') return fail('wrong-unit-type');
  }
  let nationality: WrittenQuality = WRITTEN_OK;
  if (checkNationality) {
    if (ref.power === undefined) {
      if (units.power[u] !== orderPower) {
        nationality = WRITTEN_MISSING;
        if (rules['missing-nationality'] === 'invalid') return fail('missing-nationality');
      }
    } else if (board.powerId(ref.power) !== units.power[u]) {
      nationality = WRITTEN_WRONG;
      if (rules['wrong-nationality'] === 'invalid') return fail('wrong-nationality');
    }
  }
  return { ok: true, unit: u, type, nationality };
}

/**
 * Reads the destination of a move, retreat or support for a unit of `kind`:
 * drops a coast that does not matter or does not exist (unless `unknown-coast`
 * is `fail`). Returns the province and, for a fleet, the coast if one was named.
 */
export function readDestination(
  board: Board,
  rules: RuleOptions,
  text: string,
  kind: number,
): { ok: true; prov: number; coast: number } | { ok: false; reason: Reason } {
  const place = readPlace(board, text);
  if (!place) return { ok: false, reason: 'unknown-location' };
  if (place.badCoast || (place.coast >= 0 && kind === ARMY)) {
    if (rules['unknown-coast'] === 'fail') return { ok: false, reason: 'unknown-coast' };
    return { ok: true, prov: place.prov, coast: -1 };
  }
  return { ok: true, prov: place.prov, coast: place.coast };
}

/**
 * The location a fleet at `from` moves to in province `prov`, given the coast
 * written (-1 for none): DATC 4.B.1 (two coasts reachable, none named: fails),
 * 4.B.2 (`implied-coast`), 4.B.3 (`impossible-coast`). For a province without
 * coasts, the province location if reachable.
 */
export function fleetDestination(
  board: Board,
  rules: RuleOptions,
  from: number,
  prov: number,
  coast: number,
): { ok: true; loc: number } | { ok: false; reason: Reason } {
  if (!board.hasCoasts(prov)) {
    return board.canMove(FLEET, from, prov) ? { ok: true, loc: prov } : { ok: false, reason: 'not-adjacent' };
  }
  const reachable = board.fleetTargets(from, prov);
  if (coast >= 0) {
    if (reachable.includes(coast)) return { ok: true, loc: coast };
    if (rules['impossible-coast'] === 'ignore-coast' && reachable.length === 1) return { ok: true, loc: reachable[0]! };
    return { ok: false, reason: reachable.length === 0 ? 'not-adjacent' : 'impossible-coast' };
  }
  if (reachable.length === 0) return { ok: false, reason: 'not-adjacent' };
  if (reachable.length === 1 && rules['implied-coast'] === 'infer') return { ok: true, loc: reachable[0]! };
  return { ok: false, reason: 'missing-coast' };
}
