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
import { ARMY, FLEET } from '../board/codes.js';
import { buildSiteReason } from '../adjudicate/adjustment/builds.js';
import { ownerTable } from '../adjudicate/adjustment/index.js';
import type { UnitTable } from '../adjudicate/units.js';
import { legalScratch } from './cache.js';
import { LEGAL_FLAG, LEGAL_ORDER, legalCode } from './codes.js';
import { powerIndex } from './power-index.js';
import type { LegalOrderTable } from './table.js';

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

/**
 * Fills `t` (units loaded) with the adjustment phase's legal orders, power by
 * power: a slot per unit it may disband (a disband), a slot per free build
 * site (a build per unit kind and coast that may stand there), and a slot for
 * its waive.
 */
export function fillAdjustment(t: LegalOrderTable, rules: RuleOptions, position: Position): void {
  const board = t.board;
  const sc = legalScratch(board);
  const owner = sc.owner;
  owner.fill(-1);
  const owners = position.owners;
  for (const c in owners) {
    const prov = board.provinceId(c);
    if (prov >= 0) owner[prov] = powerIndex(board, owners[c]!);
  }
  const balance = sc.balance;
  balance.fill(0);
  const P = board.provinceCount;
  for (let p = 0; p < P; p++) if (board.supplyCentre[p] && owner[p]! >= 0) balance[owner[p]!]! += 1;
  const { n, power, loc, unitAt } = t;
  for (let u = 0; u < n; u++) balance[power[u]!]! -= 1;
  const ownerOf = (prov: number): number => owner[prov]!;
  const voluntary = rules['voluntary-disbands'];
  const waive = rules['waive-builds'];
  let slots = 0;
  let k = 0;
  const open = (unit: number, at: number, p: number, size: number): void => {
    t.ensureSlots(slots + 1);
    t.ensureCodes(k + size);
    t.slotOff[slots] = k;
    t.slotUnit[slots] = unit;
    t.slotLoc[slots] = at;
    t.slotPower[slots++] = p;
  };
  for (let p = 0; p < board.powerCount; p++) {
    const b = balance[p]!;
    if (b < 0 || voluntary) {
      for (let u = 0; u < n; u++) {
        if (power[u] !== p) continue;
        open(u, loc[u]!, p, 1);
        t.codes[k++] = LEGAL_ORDER.DISBAND;
      }
    }
    if (b <= 0) continue;
    for (let prov = 0; prov < P; prov++) {
      if (!board.supplyCentre[prov] || owner[prov] !== p || unitAt[prov]! >= 0) continue;
      if (buildSiteReason(board, rules, ownerOf, p, prov) !== undefined) continue;
      const coasts = board.coasts;
      open(-1, prov, p, 2 + coasts.offsets[prov + 1]! - coasts.offsets[prov]!);
      const codes = t.codes;
      if (board.kindMayEnter(ARMY, prov)) codes[k++] = legalCode(LEGAL_ORDER.BUILD, 0, 0, prov);
      if (board.kindMayEnter(FLEET, prov)) {
        if (coasts.offsets[prov + 1]! > coasts.offsets[prov]!) {
          for (let i = coasts.offsets[prov]!; i < coasts.offsets[prov + 1]!; i++) codes[k++] = legalCode(LEGAL_ORDER.BUILD, LEGAL_FLAG.FLEET, 0, coasts.targets[i]!);
        } else codes[k++] = legalCode(LEGAL_ORDER.BUILD, LEGAL_FLAG.FLEET, 0, prov);
      }
    }
    if (waive) {
      open(-1, -1, p, 1);
      t.codes[k++] = LEGAL_ORDER.WAIVE;
    }
  }
  t.ensureSlots(slots);
  t.slotOff[slots] = k;
  t.slots = slots;
}
