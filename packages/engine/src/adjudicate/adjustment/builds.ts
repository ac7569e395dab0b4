/**
 * Build orders: where a power may build (`build-sites`), which kind of unit a
 * build order makes (4.C.3 `build-missing-unit-type`, 4.C.4 `fleet-build-inland`,
 * 4.B.7 a fleet on a split-coast centre must name its coast), and which of
 * several builds count (4.D.4 `excess-builds`, 4.D.5 `same-province-builds`).
 */
import type { Board } from '../../board/board.js';
import { ARMY, FLEET, TERRAIN_LAND, TERRAIN_SEA } from '../../board/codes.js';
import type { RuleOptions } from '../../config/rules.js';
import type { UnitKind } from '../../game/position.js';
import type { BuildOrder } from '../../orders/order.js';
import type { Reason } from '../reasons.js';
import { readPlace, type WrittenPlace } from '../refs.js';

export interface Build {
  prov: number;
  /** Where the unit stands: the province, or the coast of a fleet on a split-coast centre. */
  loc: number;
  kind: UnitKind;
}

/** Whether `power` may build in province `prov` by the centre's owner and home (not counting occupation). */
export function buildSiteReason(
  board: Board,
  rules: RuleOptions,
  ownerOf: (prov: number) => number,
  power: number,
  prov: number,
): Reason | undefined {
  if (!board.supplyCentre[prov]) return 'not-supply-centre';
  const isHomeOfPower = board.homeCentres[power]!.includes(prov);
  switch (rules['build-sites']) {
    case 'home-centres':
      if (!isHomeOfPower) return 'not-home-centre';
      break;
    case 'any-owned-home-centre':
      if (!board.homeCentres.some((h) => h.includes(prov))) return 'not-home-centre';
      break;
    case 'any-owned-centre':
      break;
  }
  if (ownerOf(prov) !== power) return 'not-owned';
  return undefined;
}

/** The unit a build order makes, or why it makes none (site ownership and occupation are checked elsewhere). */
export function readBuild(board: Board, rules: RuleOptions, order: BuildOrder): Build | { reason: Reason } {
  const place = readPlace(board, order.at);
  if (!place) return { reason: 'unknown-location' };
  const build = { prov: -1, loc: -1, kind: 'army' as UnitKind };
  const reason = buildRefusal(board, rules, order.kind, place, build);
  return reason === undefined ? build : { reason };
}

/**
 * Why a build of `written` kind (undefined when not written) at `place` makes
 * no unit, or undefined when it makes one: then the unit is written to `out`
 * (so that the integer path allocates nothing).
 */
export function buildRefusal(board: Board, rules: RuleOptions, written: UnitKind | undefined, place: WrittenPlace, out: Build): Reason | undefined {
  const { prov } = place;
  const terrain = board.terrain[prov]!;
  let kind: UnitKind | undefined = written;
  if (kind === undefined) {
    const rule = rules['build-missing-unit-type'];
    if (terrain === TERRAIN_LAND && rule !== 'fail') kind = 'army';
    else if (rule === 'infer' && terrain !== TERRAIN_SEA && place.coast >= 0) kind = 'fleet';
    else return 'missing-unit-type';
  }
  if (kind === 'fleet' && terrain === TERRAIN_LAND) {
    if (rules['fleet-build-inland'] !== 'army') return 'inland-fleet';
    kind = 'army';
  }
  if (!board.kindMayEnter(kind === 'fleet' ? FLEET : ARMY, prov)) return 'wrong-unit-kind';
  if (place.badCoast && rules['unknown-coast'] === 'fail') return 'unknown-coast';
  out.prov = prov;
  out.kind = kind;
  if (kind === 'army') {
    if (place.coast >= 0 && rules['unknown-coast'] === 'fail') return 'unknown-coast';
    out.loc = prov;
    return undefined;
  }
  if (board.hasCoasts(prov)) {
    if (place.coast < 0) return 'missing-coast';
    out.loc = place.coast;
    return undefined;
  }
  out.loc = prov;
  return undefined;
}

/**
 * Which of a power's legal builds (and waives), in order, count: `allowed` at
 * most, one per province. Returns, per entry, undefined when it counts or the
 * reason it does not.
 */
export function selectBuilds(
  rules: RuleOptions,
  entries: readonly { prov: number }[],
  allowed: number,
): (Reason | undefined)[] {
  const out: (Reason | undefined)[] = new Array<Reason | undefined>(entries.length).fill(undefined);
  // The common case, no more builds than allowed and each in a province of its own: all count.
  if (entries.length <= allowed && distinctProvinces(entries)) return out;
  // One build per province (waives have prov -1 and never clash).
  const byProv = new Map<number, number[]>();
  entries.forEach((e, i) => {
    if (e.prov < 0) return;
    const list = byProv.get(e.prov) ?? [];
    list.push(i);
    byProv.set(e.prov, list);
  });
  const sameRule = rules['same-province-builds'];
  for (const list of byProv.values()) {
    if (list.length < 2) continue;
    const keep = sameRule === 'first' ? list[0] : sameRule === 'last' ? list[list.length - 1] : undefined;
    for (const i of list) if (i !== keep) out[i] = 'build-site-taken';
  }
  const live = entries.map((_, i) => i).filter((i) => out[i] === undefined);
  if (live.length > allowed) {
    const rule = rules['excess-builds'];
    const kept = rule === 'first' ? live.slice(0, allowed) : rule === 'last' ? live.slice(live.length - allowed) : [];
    for (const i of live) if (!kept.includes(i)) out[i] = 'too-many-builds';
  }
  return out;
}

function distinctProvinces(entries: readonly { prov: number }[]): boolean {
  for (let i = 1; i < entries.length; i++) {
    const p = entries[i]!.prov;
    if (p < 0) continue;
    for (let j = 0; j < i; j++) if (entries[j]!.prov === p) return false;
  }
  return true;
}
