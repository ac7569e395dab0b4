/**
 * Shortest distances on the board, counted in moves, for the civil disorder
 * removal order (DATC 4.D.8) and the game master's retreats.
 */
import type { Board } from './board.js';

/**
 * Steps from province `from` to the nearest province where `isTarget` holds,
 * moving between adjacent provinces whatever the terrain (the 2023 count, and
 * the "armies may cross water" count of the older rulebooks). Infinity when
 * none is reachable; 0 when `from` is a target.
 */
export function provinceDistance(board: Board, from: number, isTarget: (prov: number) => boolean): number {
  if (isTarget(from)) return 0;
  const { offsets, targets } = board.provinceAdj;
  const dist = new Int32Array(board.provinceCount).fill(-1);
  dist[from] = 0;
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const p = queue[head]!;
    for (let i = offsets[p]!; i < offsets[p + 1]!; i++) {
      const q = targets[i]!;
      if (dist[q] !== -1) continue;
      dist[q] = dist[p]! + 1;
      if (isTarget(q)) return dist[q]!;
      queue.push(q);
    }
  }
  return Infinity;
}

/**
 * Steps for a fleet at location `from` to reach a location of a province where
 * `isTarget` holds, moving as a fleet (coasts count separately, so a split-coast
 * target is reached at whichever coast is nearer).
 */
export function fleetDistance(board: Board, from: number, isTarget: (prov: number) => boolean): number {
  if (isTarget(board.locProvince[from]!)) return 0;
  const { offsets, targets } = board.fleetAdj;
  const dist = new Int32Array(board.locationCount).fill(-1);
  dist[from] = 0;
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const l = queue[head]!;
    for (let i = offsets[l]!; i < offsets[l + 1]!; i++) {
      const m = targets[i]!;
      if (dist[m] !== -1) continue;
      dist[m] = dist[l]! + 1;
      if (isTarget(board.locProvince[m]!)) return dist[m]!;
      queue.push(m);
    }
  }
  return Infinity;
}
