/**
 * Centre owners as a column: per province, the index of the power owning it,
 * or -1. A position's owners are read several times a phase (whether an
 * adjustment phase is empty, its legal orders, its adjudication, a retreat
 * by `gm-order`), and the same object stays a position's owners from one fall
 * to the next. So each board keeps the column it read last, with the keys and
 * values it was read from: an owners object that lists the same keys with the
 * same values, in the same order, is answered from it after one pass over its
 * keys, with no name looked up; another is read in one pass too, each key's
 * province and each owner's power index looked up.
 */
import type { Board } from '../../board/board.js';
import { PerBoard } from '../per-board.js';

type Owners = Readonly<Record<string, string>>;

/** Per province, the index of the power owning it, or -1: a new column. */
export function ownerTable(board: Board, owners: Owners): Int32Array {
  return readOwners(board, owners).slice();
}

/**
 * `ownerTable` as the board's column of the last owners read: valid until the
 * next read of owners on the board (as `readUnits`, units.ts, for the same
 * reason), and never written to.
 */
export function readOwners(board: Board, owners: Owners): Int32Array {
  const last = lastRead.get(board);
  if (!last.holds(owners)) last.read(owners);
  return last.column;
}

/** The last owners read on a board: their column, and the keys and values it was read from. */
class OwnersRead {
  readonly column: Int32Array;
  /** How many keys the owners listed, or -1 before the first read. */
  private count = -1;
  private keys: string[] = [];
  private values: unknown[] = [];

  constructor(readonly board: Board) {
    this.column = new Int32Array(board.provinceCount);
  }

  /**
   * Whether `owners` lists the keys last read, in the same order and with the
   * same values. A key's owner is all the column depends on: the centres an
   * owners object does not list have no owner either way (a plain object's
   * inherited keys are methods, never a power's name).
   */
  holds(owners: Owners): boolean {
    const { keys, values } = this;
    let i = 0;
    for (const key in owners) {
      if (i === this.count || key !== keys[i] || owners[key] !== values[i]) return false;
      i++;
    }
    return i === this.count;
  }

  /**
   * The column of `owners`, key by key in the same pass that lists the keys and values. Key by key
   * rather than centre by centre: the owners objects of a game take a hidden class per order in
   * which centres were first taken (hundreds over a few hundred games), so a look-up of each
   * centre's name is a megamorphic load; the loop over the keys reads each value by its place in
   * the object whatever its class.
   */
  read(owners: Owners): void {
    const { board, column, keys, values } = this;
    const { supplyCentre } = board;
    column.fill(-1);
    let i = 0;
    for (const key in owners) {
      const power: unknown = owners[key];
      keys[i] = key;
      values[i++] = power;
      // Only a centre's owner counts, wherever these columns are read; a value that is no string owns nothing.
      if (typeof power !== 'string') continue;
      const prov = board.provinceId(key);
      if (prov >= 0 && supplyCentre[prov]) column[prov] = board.powerId(power);
    }
    keys.length = values.length = this.count = i;
  }
}

const lastRead = new PerBoard((board) => new OwnersRead(board));
