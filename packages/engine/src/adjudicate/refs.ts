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
  return scanPlace(board, text) ? { prov: placeProv, coast: placeCoast, badCoast: placeBadCoast } : undefined;
}

/**
 * `readPlace` as one number, with no object: -1 when the province is unknown,
 * else the location written (the coast's when a real coast was named, else the
 * province's) times 2, plus 1 when a coast the province does not have was.
 */
export function placeCode(board: Board, text: string): number {
  if (!scanPlace(board, text)) return -1;
  return (placeCoast >= 0 ? placeCoast : placeProv) * 2 + (placeBadCoast ? 1 : 0);
}

// What the last `scanPlace` read (the fields of a `WrittenPlace`): module variables rather than an
// object per place, since every order names one to three places (docs/PERFORMANCE.md).
let placeProv = -1;
let placeCoast = -1;
let placeBadCoast = false;

/** `readPlace` without an object: false when the province is unknown, else the place in `placeProv`, `placeCoast`, `placeBadCoast`. */
function scanPlace(board: Board, text: string): boolean {
  const slash = text.indexOf('/');
  if (slash < 0) {
    const prov = board.provinceId(text);
    if (prov < 0) return false;
    placeProv = prov;
    placeCoast = -1;
    placeBadCoast = false;
    return true;
  }
  const prov = board.provinceId(text.slice(0, slash));
  if (prov < 0) return false;
  const loc = board.locId(text);
  placeProv = prov;
  const real = loc >= 0 && loc !== prov;
  placeCoast = real ? loc : -1;
  placeBadCoast = !real;
  return true;
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
  const u = findUnitIndex(board, rules, units, ref, orderPower, checkNationality);
  return u < 0 ? fail(found.reason) : { ok: true, unit: u, type: found.type, nationality: found.nationality };
}

/**
 * What the last `findUnitIndex` found besides the unit: how the type and the
 * nationality were written, or why no unit was found. One object for the
 * module, overwritten per call, so that naming a unit allocates nothing.
 */
export const found: { type: WrittenQuality; nationality: WrittenQuality; reason: Reason; coast: number } = {
  type: WRITTEN_OK,
  nationality: WRITTEN_OK,
  reason: 'no-unit',
  /** The coast of the last destination `destinationOf` read, or -1. */
  coast: -1,
};

/** `findUnit` without an object: the unit, or -1 with the reason in `found.reason`; the written qualities in `found`. */
export function findUnitIndex(
  board: Board,
  rules: RuleOptions,
  units: UnitTable,
  ref: UnitRef,
  orderPower: number,
  checkNationality: boolean,
): number {
  if (!scanPlace(board, ref.at)) return miss('unknown-location');
  const u = units.unitAt[placeProv]!;
  if (u < 0) return miss('no-unit');
  if (placeBadCoast) {
    if (rules['unknown-coast'] === 'fail') return miss('unknown-coast');
  } else if (placeCoast >= 0) {
    if (units.kind[u] === ARMY) {
      if (rules['unknown-coast'] === 'fail') return miss('unknown-coast');
    } else if (placeCoast !== units.loc[u] && rules['wrong-unit-coast'] === 'fail') {
      return miss('wrong-coast');
    }
  }
  let type: WrittenQuality = WRITTEN_OK;
  const written = ref.kind;
  if (written === undefined) {
    type = WRITTEN_MISSING;
    if (rules['missing-unit-type'] === 'invalid') return miss('missing-unit-type');
  } else if (written !== (units.kind[u] === FLEET ? 'fleet' : 'army')) {
    type = WRITTEN_WRONG;
    if (rules['wrong-unit-type'] === 'invalid') return miss('wrong-unit-type');
  }
  let nationality: WrittenQuality = WRITTEN_OK;
  if (checkNationality) {
    if (ref.power === undefined) {
      if (units.power[u] !== orderPower) {
        nationality = WRITTEN_MISSING;
        if (rules['missing-nationality'] === 'invalid') return miss('missing-nationality');
      }
    } else if (board.powerId(ref.power) !== units.power[u]) {
      nationality = WRITTEN_WRONG;
      if (rules['wrong-nationality'] === 'invalid') return miss('wrong-nationality');
    }
  }
  found.type = type;
  found.nationality = nationality;
  return u;
}

function miss(reason: Reason): number {
  found.reason = reason;
  return -1;
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
  const prov = destinationOf(board, rules, text, kind);
  return prov < 0 ? { ok: false, reason: found.reason } : { ok: true, prov, coast: found.coast };
}

/** `readDestination` without an object: the province (its coast in `found.coast`), or -1 with the reason in `found.reason`. */
export function destinationOf(board: Board, rules: RuleOptions, text: string, kind: number): number {
  if (!scanPlace(board, text)) return miss('unknown-location');
  if (placeBadCoast || (placeCoast >= 0 && kind === ARMY)) {
    if (rules['unknown-coast'] === 'fail') return miss('unknown-coast');
    found.coast = -1;
    return placeProv;
  }
  found.coast = placeCoast;
  return placeProv;
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
  const loc = fleetDestinationLoc(board, rules, from, prov, coast);
  return loc < 0 ? { ok: false, reason: found.reason } : { ok: true, loc };
}

/** `fleetDestination` without an object or a list of the reachable coasts: the location, or -1 with the reason in `found.reason`. */
export function fleetDestinationLoc(board: Board, rules: RuleOptions, from: number, prov: number, coast: number): number {
  if (!board.hasCoasts(prov)) return board.canMove(FLEET, from, prov) ? prov : miss('not-adjacent');
  // The coasts of `prov` a fleet at `from` reaches: how many, the first, and whether `coast` is one.
  const { offsets, targets } = board.fleetAdj;
  const locProvince = board.locProvince;
  let count = 0;
  let first = -1;
  let named = false;
  const end = offsets[from + 1]!;
  for (let i = offsets[from]!; i < end; i++) {
    const x = targets[i]!;
    if (locProvince[x] !== prov) continue;
    if (count++ === 0) first = x;
    if (x === coast) named = true;
  }
  if (coast >= 0) {
    if (named) return coast;
    if (rules['impossible-coast'] === 'ignore-coast' && count === 1) return first;
    return miss(count === 0 ? 'not-adjacent' : 'impossible-coast');
  }
  if (count === 0) return miss('not-adjacent');
  if (count === 1 && rules['implied-coast'] === 'infer') return first;
  return miss('missing-coast');
}
