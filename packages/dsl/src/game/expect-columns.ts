/**
 * The columns an expectation check works on, kept per board for every game checked on it (a
 * folder's games on one variant share them): the ids of the place texts written, and the columns
 * a check stamps (expectations.ts).
 */
import type { Board, Position } from '@dipforge/engine';

/**
 * What every checker on one board shares: the ids of the place texts games write (a folder's games
 * write mostly the same few hundred), and the columns a check stamps, made once per board, not once
 * per game. Checks run one at a time (a run is synchronous), and every stamp is a count shared here
 * that only grows, so what one checker left stamped never matches another's check.
 */
export class BoardColumns {
  /** Text → location id, for texts that name a location. */
  readonly locations = new Map<string, number>();
  /** Text → province id, for texts that name a province (or a location of one). */
  readonly provinces = new Map<string, number>();
  /** The current check of units lines, which the tallies and the stamps below belong to. */
  call = 0;
  /**
   * The units found of the current check by place, as columns by the board's location id: the
   * check that last put a unit there, and the unit's index. A check starts with no clearing.
   */
  readonly atCall: Int32Array;
  readonly atUnit: Int32Array;
  /** Per unit found: the check that last matched it with a listed unit. */
  matched = new Int32Array(64);
  /**
   * The owners object asked about last as columns: each province's owner (power index + 1, 0 for
   * none) and each power's count of centres (a phase's owners lines, and the positions of a year,
   * share the object). An owners line is then checked with no name looked up in the owners object.
   */
  private ownersOf: Position['owners'] | undefined = undefined;
  readonly ownerCol: Int32Array;
  readonly ownedCount: Int32Array;
  /** Per province: the owners line that last counted it (a centre written twice counts once). */
  readonly countedBy: Int32Array;
  ownersLine = 0;

  constructor(private readonly board: Board) {
    this.atCall = new Int32Array(board.locationCount);
    this.atUnit = new Int32Array(board.locationCount);
    this.ownerCol = new Int32Array(board.provinceCount);
    this.ownedCount = new Int32Array(board.powerCount);
    this.countedBy = new Int32Array(board.provinceCount);
  }

  /** Keeps `id` for `text` (texts are kept strings: texts.ts); started afresh past `MAX_PLACES` texts (an editor session types passing ones). */
  keep(map: Map<string, number>, text: string, id: number): void {
    if (map.size >= MAX_PLACES) map.clear();
    map.set(text, id);
  }

  /**
   * Each province's owner and each power's count of centres in `owners` (one pass over its keys for all
   * the lines that read it). A key or an owner the board does not know is nobody's here: no line names
   * it (lines name the board's provinces and powers).
   */
  ownerColumns(owners: Position['owners']): void {
    if (this.ownersOf === owners) return;
    this.ownersOf = owners;
    const { ownerCol, ownedCount, board } = this;
    ownerCol.fill(0);
    ownedCount.fill(0);
    for (const c in owners) {
      const p = board.powerId(owners[c] as string);
      if (p < 0) continue;
      ownedCount[p]!++;
      const prov = board.provinceId(c);
      if (prov >= 0) ownerCol[prov] = p + 1;
    }
  }
}

const MAX_PLACES = 50_000;

/** `provinceId` of a name found that is no province of the board. */
export const OFF_BOARD = -2;

/**
 * The columns of each board, for every game checked on it: whether a text names a place, and which,
 * depends on the variant's names alone (the board is compiled from its variant, so one board has
 * one name index), and a text that names none is never kept (it is said where written).
 */
const boardColumns = new WeakMap<Board, BoardColumns>();

export function columnsOf(board: Board): BoardColumns {
  let cols = boardColumns.get(board);
  if (!cols) boardColumns.set(board, (cols = new BoardColumns(board)));
  return cols;
}
