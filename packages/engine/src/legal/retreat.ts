/**
 * Legal orders of a retreat phase, on integer ids: each dislodged unit may
 * retreat to an adjacent location of its kind (never by convoy) whose province
 * is empty, was not left empty by a standoff, and is not where the attack came
 * from (unless the attack came by convoy and `retreat-to-convoy-origin` allows
 * it, DATC 4.A.5); and it may always disband. As `adjudicate/retreat.ts` judges.
 */
import { ARMY, FLEET } from '../board/codes.js';
import type { RuleOptions } from '../config/rules.js';
import type { Position } from '../game/position.js';
import { legalScratch } from './cache.js';
import { LEGAL_ORDER, legalCode } from './codes.js';
import type { LegalOrderTable } from './table.js';

/**
 * Fills `t` (on-board units in `unitAt`, dislodged units in the columns) with
 * a slot per dislodged unit: its retreats, then its disband.
 */
export function fillRetreat(t: LegalOrderTable, rules: RuleOptions, position: Position): void {
  const board = t.board;
  const sc = legalScratch(board);
  sc.begin();
  const standoff = sc.markA;
  const STANDOFF = sc.stamp();
  for (const s of position.standoffs) {
    const p = board.provinceId(s);
    if (p >= 0) standoff[p] = STANDOFF;
  }
  const convoyOriginAllowed = rules['retreat-to-convoy-origin'] === 'allowed';
  const seen = sc.locMark;
  const { n, kind, loc, prov, unitAt } = t;
  t.ensureSlots(n);
  const { slotOff, slotUnit, slotLoc, slotPower } = t;
  let k = 0;
  for (let u = 0; u < n; u++) {
    slotOff[u] = k;
    slotUnit[u] = u;
    slotLoc[u] = loc[u]!;
    slotPower[u] = t.power[u]!;
    const d = position.dislodged[u]!;
    let origin = d.from !== undefined ? board.provinceId(d.from) : -1;
    if (d.byConvoy === true && convoyOriginAllowed) origin = -1;
    const isFleet = kind[u] === FLEET;
    const adj = isFleet ? board.fleetAdj : board.armyAdj;
    const from = loc[u]!;
    const here = prov[u]!;
    const stamp = sc.stamp();
    t.ensureCodes(k + 1 + adj.offsets[from + 1]! - adj.offsets[from]!);
    const codes = t.codes;
    for (let i = adj.offsets[from]!; i < adj.offsets[from + 1]!; i++) {
      const x = adj.targets[i]!;
      const p = board.locProvince[x]!;
      const target = isFleet ? x : p;
      if (p === here || p === origin || standoff[p] === STANDOFF || unitAt[p]! >= 0 || seen[target] === stamp) continue;
      if (!board.kindMayEnter(isFleet ? FLEET : ARMY, p)) continue;
      seen[target] = stamp;
      codes[k++] = legalCode(LEGAL_ORDER.RETREAT, 0, 0, target);
    }
    codes[k++] = LEGAL_ORDER.DISBAND;
  }
  slotOff[n] = k;
  t.slots = n;
}
