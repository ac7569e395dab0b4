/**
 * One working object per board, made on first use and reused (the retreat
 * and adjustment workspaces). The last board's object is kept beside the map, so that
 * a caller adjudicating phase after phase on one board skips the map look-up;
 * it keeps that board alive until another board is used.
 */
import type { Board } from '../board/board.js';

export class PerBoard<T extends { readonly board: Board }> {
  private readonly map = new WeakMap<Board, T>();
  private last: T | undefined;

  constructor(private readonly make: (board: Board) => T) {}

  get(board: Board): T {
    const last = this.last;
    if (last !== undefined && last.board === board) return last;
    let it = this.map.get(board);
    if (!it) this.map.set(board, (it = this.make(board)));
    return (this.last = it);
  }
}
