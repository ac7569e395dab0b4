/**
 * What each power may order in an adjustment phase, on integer ids, as
 * `adjudicate/adjustment` judges it: a power with more supply centres than
 * units may build that many units, on free build sites (`build-sites`: its
 * home centres it still owns, any owned centre, or any owned centre that is
 * some power's home), and waive builds (`waive-builds`); a power with more
 * units than centres removes the difference from any of its units; under
 * `voluntary-disbands` every power may disband any of its units.
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import type { Position } from '../game/position.js';
import { buildSiteReason } from '../adjudicate/adjustment/builds.js';
import type { UnitTable } from '../adjudicate/units.js';

export interface PowerAdjustment {
  /** Power index. */
  power: number;
  /** Supply centres owned minus units: builds when positive, removals when negative. */
  balance: number;
  /** Free build sites (provinces) the power may build on; empty unless `balance` > 0. */
  sites: number[];
  /** Whether the power may order `Waive`. */
  mayWaive: boolean;
  /** Units (indexes into the unit table) the power may disband: all its units when it must remove or under `voluntary-disbands`. */
  disbands: number[];
}

/** Per province, the index of the power owning it, or -1. */
export function ownerTable(board: Board, owners: Readonly<Record<string, string>>): Int32Array {
  const out = new Int32Array(board.provinceCount).fill(-1);
  for (const c in owners) {
    const prov = board.provinceId(c);
    if (prov >= 0) out[prov] = board.powerId(owners[c]!);
  }
  return out;
}

/** Every power's adjustment options, in power order (powers with nothing to do included, with empty lists). */
export function adjustmentOptions(board: Board, rules: RuleOptions, position: Position, units: UnitTable): PowerAdjustment[] {
  const owner = ownerTable(board, position.owners);
  const balance = new Int32Array(board.powerCount);
  for (let p = 0; p < board.provinceCount; p++) if (board.supplyCentre[p] && owner[p]! >= 0) balance[owner[p]!]! += 1;
  for (let u = 0; u < units.n; u++) balance[units.power[u]!]! -= 1;
  const ownerOf = (prov: number): number => owner[prov]!;
  const voluntary = rules['voluntary-disbands'];
  const out: PowerAdjustment[] = [];
  for (let p = 0; p < board.powerCount; p++) {
    const b = balance[p]!;
    const sites: number[] = [];
    if (b > 0) {
      for (let prov = 0; prov < board.provinceCount; prov++) {
        if (!board.supplyCentre[prov] || owner[prov] !== p || units.unitAt[prov]! >= 0) continue;
        if (buildSiteReason(board, rules, ownerOf, p, prov) === undefined) sites.push(prov);
      }
    }
    const disbands: number[] = [];
    if (b < 0 || voluntary) for (let u = 0; u < units.n; u++) if (units.power[u] === p) disbands.push(u);
    out.push({ power: p, balance: b, sites, mayWaive: b > 0 && rules['waive-builds'], disbands });
  }
  return out;
}
