/**
 * Legal orders of a retreat phase, on integer ids: each dislodged unit may
 * retreat to an adjacent location of its kind (never by convoy) whose province
 * is empty, was not left empty by a standoff, and is not where the attack came
 * from (unless the attack came by convoy and `retreat-to-convoy-origin` allows
 * it, DATC 4.A.5); and it may always disband. As `adjudicate/retreat.ts` judges.
 */
import type { Board } from '../board/board.js';
import { ARMY, FLEET } from '../board/codes.js';
import type { RuleOptions } from '../config/rules.js';
import type { Position } from '../game/position.js';
import type { UnitTable } from '../adjudicate/units.js';

/** Per dislodged unit `u`: the locations of `dst[off[u] .. off[u + 1])` (a disband is always legal besides). */
export interface RetreatOptions {
  readonly dislodged: UnitTable;
  readonly off: Int32Array;
  readonly dst: readonly number[];
}

export function retreatOptions(
  board: Board,
  rules: RuleOptions,
  position: Position,
  onBoard: UnitTable,
  dislodged: UnitTable,
): RetreatOptions {
  const P = board.provinceCount;
  const standoff = new Uint8Array(P);
  for (const s of position.standoffs) {
    const p = board.provinceId(s);
    if (p >= 0) standoff[p] = 1;
  }
  const convoyOriginAllowed = rules['retreat-to-convoy-origin'] === 'allowed';
  const off = new Int32Array(dislodged.n + 1);
  const dst: number[] = [];
  const seen = new Int32Array(board.locationCount);
  for (let u = 0; u < dislodged.n; u++) {
    off[u] = dst.length;
    const d = position.dislodged[u]!;
    let origin = d.from !== undefined ? board.provinceId(d.from) : -1;
    if (d.byConvoy === true && convoyOriginAllowed) origin = -1;
    const isFleet = dislodged.kind[u] === FLEET;
    const adj = isFleet ? board.fleetAdj : board.armyAdj;
    const from = dislodged.loc[u]!;
    const here = dislodged.prov[u]!;
    const stamp = u + 1;
    for (let i = adj.offsets[from]!; i < adj.offsets[from + 1]!; i++) {
      const t = adj.targets[i]!;
      const p = board.locProvince[t]!;
      const target = isFleet ? t : p;
      if (p === here || p === origin || standoff[p] || onBoard.unitAt[p]! >= 0 || seen[target] === stamp) continue;
      if (!board.kindMayEnter(isFleet ? FLEET : ARMY, p)) continue;
      seen[target] = stamp;
      dst.push(target);
    }
  }
  off[dislodged.n] = dst.length;
  return { dislodged, off, dst };
}
