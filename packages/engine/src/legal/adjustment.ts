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
import { balancesOf } from '../adjudicate/adjustment/index.js';
import { ownerTable, readOwners } from '../adjudicate/adjustment/owners.js';
import type { UnitTable } from '../adjudicate/units.js';
import { legalScratch } from './cache.js';
import { LEGAL_FLAG, LEGAL_ORDER, legalCode } from './codes.js';
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
 *
 * The stages are functions of their own, each small for V8 to optimize (as in
 * `movement.ts`).
 */
export function fillAdjustment(t: LegalOrderTable, rules: RuleOptions, position: Position): void {
  const sc = legalScratch(t.board);
  const { balance } = sc;
  const owner = readOwners(t.board, position.owners);
  balancesOf(t.board, owner, t.n, t.power, balance);
  const { n, power, loc } = t;
  const voluntary = rules['voluntary-disbands'];
  const waive = rules['waive-builds'];
  t.slots = 0;
  let k = 0;
  for (let p = 0; p < t.board.powerCount; p++) {
    const b = balance[p]!;
    if (b < 0 || voluntary) {
      for (let u = 0; u < n; u++) {
        if (power[u] !== p) continue;
        openSlot(t, u, loc[u]!, p, k, 1);
        t.codes[k++] = LEGAL_ORDER.DISBAND;
      }
    }
    if (b <= 0) continue;
    k = buildSlots(t, rules, owner, p, k);
    if (waive) {
      openSlot(t, -1, -1, p, k, 1);
      t.codes[k++] = LEGAL_ORDER.WAIVE;
    }
  }
  t.ensureSlots(t.slots);
  t.slotOff[t.slots] = k;
}

/** Opens slot `t.slots` (and counts it) at code `k`, with room for `size` codes. */
function openSlot(t: LegalOrderTable, unit: number, at: number, p: number, k: number, size: number): void {
  const s = t.slots;
  t.ensureSlots(s + 1);
  t.ensureCodes(k + size);
  t.slotOff[s] = k;
  t.slotUnit[s] = unit;
  t.slotLoc[s] = at;
  t.slotPower[s] = p;
  t.slots = s + 1;
}

/** A slot per free build site of power `p` (its builds written from code `k`); returns the new end. */
function buildSlots(t: LegalOrderTable, rules: RuleOptions, owner: Int32Array, p: number, k: number): number {
  const board = t.board;
  const { unitAt } = t;
  const coasts = board.coasts;
  const ownerOf = (prov: number): number => owner[prov]!;
  for (let prov = 0; prov < board.provinceCount; prov++) {
    if (!board.supplyCentre[prov] || owner[prov] !== p || unitAt[prov]! >= 0) continue;
    if (buildSiteReason(board, rules, ownerOf, p, prov) !== undefined) continue;
    openSlot(t, -1, prov, p, k, 2 + coasts.offsets[prov + 1]! - coasts.offsets[prov]!);
    const codes = t.codes;
    if (board.kindMayEnter(ARMY, prov)) codes[k++] = legalCode(LEGAL_ORDER.BUILD, 0, 0, prov);
    if (board.kindMayEnter(FLEET, prov)) {
      if (coasts.offsets[prov + 1]! > coasts.offsets[prov]!) {
        for (let i = coasts.offsets[prov]!; i < coasts.offsets[prov + 1]!; i++) codes[k++] = legalCode(LEGAL_ORDER.BUILD, LEGAL_FLAG.FLEET, 0, coasts.targets[i]!);
      } else codes[k++] = legalCode(LEGAL_ORDER.BUILD, LEGAL_FLAG.FLEET, 0, prov);
    }
  }
  return k;
}
