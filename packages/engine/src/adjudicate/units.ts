/**
 * The units of one phase as integer columns, and a check that a position only
 * names things the board knows. Every phase adjudicator starts from this.
 */
import { unitKindCode, type Board } from '../board/board.js';
import type { Position, Unit } from '../game/position.js';
import { Slab } from './slab.js';

export interface UnitTable {
  readonly n: number;
  readonly units: readonly Unit[];
  readonly power: Int32Array;
  readonly kind: Uint8Array;
  readonly loc: Int32Array;
  readonly prov: Int32Array;
  /** Per province: the unit standing there, or -1. */
  readonly unitAt: Int32Array;
}

/** Thrown by the adjudicator when a position names an unknown location or power, or stacks two units. */
export class PositionError extends Error {
  override readonly name = 'PositionError';
}

/** Problems that make a position unusable on this board; empty when it is fine. */
export function checkPosition(board: Board, position: Position): string[] {
  const errors: string[] = [];
  const seen = new Map<number, string>();
  const check = (u: Unit, what: string): void => {
    const loc = board.locId(u.at);
    if (loc < 0) errors.push(`${what} ${u.kind} ${u.at}: unknown location`);
    if (board.powerId(u.power) < 0) errors.push(`${what} ${u.kind} ${u.at}: unknown power "${u.power}"`);
    if (u.kind !== 'army' && u.kind !== 'fleet') {
      errors.push(`${what} at ${u.at}: unknown unit kind "${String(u.kind)}"`);
      return;
    }
    if (loc < 0) return;
    const prov = board.provinceOf(loc);
    if (!board.kindMayEnter(u.kind, prov)) errors.push(`${what} ${u.kind} ${u.at}: a ${u.kind} cannot stand there`);
    else if (u.kind === 'fleet' && board.hasCoasts(prov) && loc === prov) errors.push(`${what} fleet ${u.at}: the coast must be given`);
    else if (u.kind === 'army' && loc !== prov) errors.push(`${what} army ${u.at}: an army stands on the province, not a coast`);
  };
  for (const u of position.units) {
    check(u, 'unit');
    const loc = board.locId(u.at);
    if (loc < 0) continue;
    const prov = board.provinceOf(loc);
    const other = seen.get(prov);
    if (other !== undefined) errors.push(`two units in ${board.provinceName(prov)}: ${other} and ${u.at}`);
    seen.set(prov, u.at);
  }
  for (const u of position.dislodged) check(u, 'dislodged unit');
  for (const c of Object.keys(position.owners)) {
    if (board.provinceId(c) < 0) errors.push(`owner of unknown province "${c}"`);
    const owner = position.owners[c];
    if (owner !== undefined && board.powerId(owner) < 0) errors.push(`owner of ${c}: unknown power "${owner}"`);
  }
  for (const s of position.standoffs) if (board.provinceId(s) < 0) errors.push(`standoff in unknown province "${s}"`);
  return errors;
}

/**
 * Where the units of a list probably stand and whose they are, row by row
 * (`afterCount` rows): what a reader tries before it looks the names up, each
 * row confirmed by the names (see `UnitColumns.read`). The movement workspace's
 * units after its last phase are such rows, for the position that phase led to.
 */
export interface UnitGuess {
  readonly afterLoc: ArrayLike<number>;
  readonly afterPower: ArrayLike<number>;
  readonly afterCount: number;
}

/**
 * The units of a phase as integer columns, in buffers sized for a board and
 * refilled per phase (`read`): the movement workspace keeps one, and the
 * friendly retreat and adjustment phases reuse the board's (`readUnits`), so
 * that no phase allocates its columns (a typed array over 64 bytes, such as
 * `unitAt`, is backed outside the heap and costly to allocate).
 */
export class UnitColumns implements UnitTable {
  n = 0;
  units: readonly Unit[] = [];
  readonly power: Int32Array;
  readonly kind: Uint8Array;
  readonly loc: Int32Array;
  readonly prov: Int32Array;
  readonly unitAt: Int32Array;

  /** `slab`: where the columns are carved from (`UnitColumns.slabSize`; by default a buffer of their own). */
  constructor(capacity: number, provinceCount: number, slab: Slab = new Slab(3 * capacity + provinceCount, capacity)) {
    this.power = slab.int32(capacity);
    this.kind = slab.uint8(capacity);
    this.loc = slab.int32(capacity);
    this.prov = slab.int32(capacity);
    this.unitAt = slab.int32(provinceCount, -1);
  }

  /**
   * Reads a list of units into the columns, in place of the ones before;
   * throws PositionError on an unknown location or power, or two units in a
   * province. A list longer than the columns always has two units in a
   * province, so it throws before it runs out of room.
   *
   * The rows the columns hold already are kept for as long as the list names
   * the same units in the same places, in the same order: a phase's units are
   * often read twice (`adjustmentsDue`, then the adjustment phase itself), and
   * the units after a retreat phase are the units before it with the retreated
   * ones after them. A kept row costs a compare of the same strings, where a
   * read row costs two look-ups of names, unless `guess` has it (a compare of
   * the same strings again).
   */
  read(board: Board, list: readonly Unit[], guess?: UnitGuess): this {
    const { power, kind, loc, prov, unitAt } = this;
    const { locationIds, powerIds } = board;
    const held = Math.min(this.n, list.length);
    let same = 0;
    while (same < held) {
      const u = list[same]!;
      if (locationIds[loc[same]!] !== u.at || powerIds[power[same]!] !== u.power || unitKindCode(u.kind) !== kind[same]) break;
      same++;
    }
    for (let u = same; u < this.n; u++) unitAt[prov[u]!] = -1;
    this.n = same;
    this.units = NO_UNITS;
    const guessed = guess === undefined ? 0 : Math.min(guess.afterCount, list.length);
    for (let i = same; i < list.length; i++) {
      const u = list[i]!;
      let l: number;
      let p: number;
      if (i < guessed && locationIds[guess!.afterLoc[i]!] === u.at && powerIds[guess!.afterPower[i]!] === u.power) {
        l = guess!.afterLoc[i]!;
        p = guess!.afterPower[i]!;
      } else {
        l = board.locId(u.at);
        p = board.powerId(u.power);
      }
      if (l < 0) throw new PositionError(`unknown location "${u.at}"`);
      if (p < 0) throw new PositionError(`unknown power "${u.power}"`);
      const at = board.provinceOf(l);
      if (unitAt[at]! >= 0) throw new PositionError(`two units in ${board.provinceName(at)}`);
      power[i] = p;
      kind[i] = unitKindCode(u.kind);
      loc[i] = l;
      prov[i] = at;
      unitAt[at] = i;
      this.n = i + 1; // so that clear() undoes exactly what is set, after a throw too
    }
    this.units = list;
    return this;
  }

  /** Empties the columns: `unitAt` back to all -1. */
  clear(): void {
    const { prov, unitAt } = this;
    for (let u = 0; u < this.n; u++) unitAt[prov[u]!] = -1;
    this.n = 0;
    this.units = NO_UNITS;
  }
}

const NO_UNITS: readonly Unit[] = Object.freeze([]);

/** Integer columns for a list of units, of their own; throws PositionError on an unknown location or power. */
export function buildUnitTable(board: Board, units: readonly Unit[]): UnitTable {
  return new UnitColumns(units.length, board.provinceCount).read(board, units);
}

/** The board's reusable columns (`readUnits`): for the units on the board, and for the dislodged units. */
export const ON_BOARD = 0;
export const DISLODGED = 1;

const reusable = new WeakMap<Board, readonly [UnitColumns, UnitColumns]>();

/**
 * `buildUnitTable` into the board's reusable columns of `slot` (ON_BOARD or
 * DISLODGED): valid until the next `readUnits` of that slot on the board. For
 * the friendly adjudication of one phase, which reads its units once and keeps
 * nothing of the table (the adjudicator calls no code of its caller meanwhile).
 * `guess`: rows to try before the names are looked up (`UnitGuess`).
 */
export function readUnits(board: Board, list: readonly Unit[], slot: typeof ON_BOARD | typeof DISLODGED = ON_BOARD, guess?: UnitGuess): UnitTable {
  let pair = reusable.get(board);
  if (!pair) {
    const P = board.provinceCount;
    reusable.set(board, (pair = [new UnitColumns(P, P), new UnitColumns(P, P)]));
  }
  return pair[slot].read(board, list, guess);
}

/**
 * `[...a, ...b]`, made at its size: a spread or `concat` of a board's units
 * costs several times a copy into an array of the right length (measured), and
 * pushing onto a copy grows it by half again.
 */
export function joined<T>(a: readonly T[], b: readonly T[]): T[] {
  if (b.length === 0) return a.slice();
  const out = new Array<T>(a.length + b.length);
  let k = 0;
  for (let i = 0; i < a.length; i++) out[k++] = a[i]!;
  for (let i = 0; i < b.length; i++) out[k++] = b[i]!;
  return out;
}
