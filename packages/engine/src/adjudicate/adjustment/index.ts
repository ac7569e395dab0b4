/**
 * What the adjustment phase's entries share (the integer core, ints.ts; the
 * friendly entry, adjudicate.ts; the postal lists, lists.ts): each power's
 * balance, whether a phase has anything to adjust,
 * and the builds no order asks for (`auto-builds`, neutral rebuilds).
 */
import type { Board } from '../../board/board.js';
import { ARMY } from '../../board/codes.js';
import type { RuleOptions } from '../../config/rules.js';
import type { Position } from '../../game/position.js';
import { readUnits } from '../units.js';
import { buildSiteReason } from './builds.js';
import { readOwners } from './owners.js';

/** Per power: supply centres owned minus units (into `out`, sized `powerCount`, when given). */
export function balances(
  board: Board,
  owner: ArrayLike<number>,
  units: { readonly n: number; readonly power: ArrayLike<number> },
  out: Int32Array = new Int32Array(board.powerCount),
): Int32Array {
  return balancesOf(board, owner, units.n, units.power, out);
}

/** `balances` of the `n` units whose powers are `power`. */
export function balancesOf(board: Board, owner: ArrayLike<number>, n: number, power: ArrayLike<number>, out: Int32Array): Int32Array {
  out.fill(0);
  // Bounds and columns read once: a property read in a loop's condition is a look-up on each turn.
  const { provinceCount, powerCount, supplyCentre } = board;
  for (let p = 0; p < provinceCount; p++) {
    const o = owner[p]!;
    if (supplyCentre[p] && o >= 0 && o < powerCount) out[o]! += 1;
  }
  // Neutral units (power index powerCount) are no power's: they count against no one.
  for (let u = 0; u < n; u++) if (power[u]! < powerCount) out[power[u]!]! -= 1;
  return out;
}

/** Whether any power has something to order in this adjustment phase: removals, or builds with a free site. */
export function adjustmentsDue(board: Board, rules: RuleOptions, position: Position): boolean {
  const units = readUnits(board, position.units);
  const owner = readOwners(board, position.owners);
  return adjustmentsDueOn(board, rules, units.unitAt, (q) => owner[q]!, balances(board, owner, units, balanceScratch(board)));
}

/** `adjustmentsDue` on integer columns: the unit in each province (or -1), the owner of each, and each power's balance. */
export function adjustmentsDueOn(
  board: Board,
  rules: RuleOptions,
  unitAt: ArrayLike<number>,
  ownerOf: (prov: number) => number,
  balance: ArrayLike<number>,
): boolean {
  for (let p = 0; p < board.powerCount; p++) {
    if (balance[p]! < 0) return true;
    if (balance[p]! === 0) continue;
    for (let prov = 0; prov < board.provinceCount; prov++) {
      if (unitAt[prov]! < 0 && buildSiteReason(board, rules, ownerOf, p, prov) === undefined) return true;
    }
  }
  // Neutral rebuilds need no orders: a phase passed over is still adjudicated, so they happen then.
  return false;
}

/**
 * `neutral-units hold-and-rebuild`: the provinces where a neutral army is built,
 * every supply centre no power owns that is empty and takes an army, in board
 * order. None in a variant without neutral units.
 */
export function neutralRebuilds(board: Board, rules: RuleOptions, owner: ArrayLike<number>, occupied: (prov: number) => boolean): number[] {
  if (rules['neutral-units'] !== 'hold-and-rebuild' || board.neutralPower < 0) return [];
  const out: number[] = [];
  for (let prov = 0; prov < board.provinceCount; prov++) {
    if (board.supplyCentre[prov] && owner[prov]! < 0 && !occupied(prov) && board.kindMayEnter(ARMY, prov)) out.push(prov);
  }
  return out;
}

/**
 * `auto-builds army`: the armies a power builds beyond its orders, `count` at
 * most, on its free build sites that take an army, in board order.
 */
export function automaticBuilds(
  board: Board,
  rules: RuleOptions,
  ownerOf: (prov: number) => number,
  power: number,
  count: number,
  occupied: (prov: number) => boolean,
): number[] {
  const out: number[] = [];
  for (let prov = 0; prov < board.provinceCount && out.length < count; prov++) {
    if (occupied(prov) || !board.kindMayEnter(ARMY, prov)) continue;
    if (buildSiteReason(board, rules, ownerOf, power, prov) === undefined) out.push(prov);
  }
  return out;
}

/** Each power's balance for `adjustmentsDue`, made once per board (typed arrays cost more to make than a phase spends using them). */
const scratch = new WeakMap<Board, Int32Array>();

function balanceScratch(board: Board): Int32Array {
  let s = scratch.get(board);
  if (!s) scratch.set(board, (s = new Int32Array(board.powerCount)));
  return s;
}
