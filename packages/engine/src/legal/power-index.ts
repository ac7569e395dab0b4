/**
 * A power's index from its id, for the per-unit and per-centre reads of a
 * fill. A board has a handful of powers, and positions carry the board's own
 * id strings, so comparing against each id beats a map lookup; any other
 * spelling (a neutral unit, an unknown power) goes to the board.
 */
import type { Board } from '../board/board.js';

export function powerIndex(board: Board, id: string): number {
  const ids = board.powerIds;
  for (let p = 0; p < ids.length; p++) if (ids[p] === id) return p;
  return board.powerId(id);
}
