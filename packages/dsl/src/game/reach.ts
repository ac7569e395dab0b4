/**
 * Which provinces a unit can reach, for ranking the suggestions of a misspelt
 * destination (`ParseContext.reaches`): a province the unit at a place could
 * move to in one step comes first. The unit is the one the position has there;
 * without one, any kind that may stand there.
 */
import type { Board, Unit } from '@dipforge/engine';

export function reachesOn(board: Board, unitAt: (loc: string) => Unit | undefined): (from: string, to: string) => boolean {
  return (from, to) => {
    const target = board.provinceId(to);
    const unit = unitAt(from);
    const loc = board.locId(unit?.at ?? from);
    if (target < 0 || loc < 0) return false;
    const kinds = unit !== undefined ? [unit.kind] : (['army', 'fleet'] as const).filter((k) => board.kindMayEnter(k, board.provinceOf(loc)));
    return kinds.some((k) => board.canReachProvince(k, loc, target) && board.kindMayEnter(k, target));
  };
}
