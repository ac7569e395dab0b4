/**
 * Centre owners as a column: per province, the index of the power owning it,
 * or -1. A position's owners are read several times a phase (whether an
 * adjustment phase is empty, its legal orders, its adjudication, a retreat
 * by `gm-order`), and the same object stays a position's owners from one fall
 * to the next. So each board keeps the column it read last, with the keys and
 * values it was read from: an owners object that lists the same keys with the
 * same values, in the same order, is answered from it after one pass over its
 * keys, with no name looked up. Looking up each centre's owner and that
 * owner's power index costs about 1.5 µs a read on classic, met cold.
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

  read(owners: Owners): void {
    fillColumn(this.board, owners, this.column);
    const { keys, values } = this;
    let i = 0;
    for (const key in owners) {
      keys[i] = key;
      values[i++] = owners[key];
    }
    keys.length = values.length = this.count = i;
  }
}

const lastRead = new PerBoard((board) => new OwnersRead(board));

/**
 * Per supply centre of `out`: the index of the power owning it, or -1 (also
 * for every other province: only a centre's owner counts, wherever these
 * columns are read). Centre by centre rather than key by key: an owner's
 * look-up by the centre's name is one hash look-up fewer than reading a key's
 * province, and no keys are listed.
 */
function fillColumn(board: Board, owners: Owners, out: Int32Array): void {
  out.fill(-1);
  const { supplyCentre, provinceIds, provinceCount } = board;
  for (let prov = 0; prov < provinceCount; prov++) {
    if (!supplyCentre[prov]) continue;
    // A string: never what a plain object inherits (a province named `toString` has no owner unless given one).
    const power: unknown = owners[provinceIds[prov]!];
    if (typeof power === 'string') out[prov] = board.powerId(power);
  }
}
