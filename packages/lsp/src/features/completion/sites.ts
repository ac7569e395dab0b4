/**
 * Where a power may build (`build-sites`: its home centres, any centre it
 * owns, or any owned centre that is some power's home) and which units a build
 * there may make: `A par`, `F bre`, a fleet on each coast of a split-coast
 * centre (`F stp/nc`, `F stp/sc`); and how many builds or removals a power
 * has. Both the adjustment phase's builds and the build lists of a postal fall
 * are offered from here.
 */
import { TERRAIN_LAND, type Board, type RuleOptions, type VariantConfig } from '@dipforge/engine';
import { base, type positionOf } from '../../context.js';
import type { GameDoc } from '../../workspace.js';
import { row, sortIds } from './reach.js';

/** Whether the `build-sites` rule lets `power` build in `centre` (a supply centre it owns, free when it builds). */
export function buildSiteByRule(board: Board, rules: RuleOptions, power: string, centre: string): boolean {
  const p = board.provinceId(centre);
  const pi = board.powerId(power);
  if (p < 0 || pi < 0 || !board.supplyCentre[p]) return false;
  switch (rules['build-sites']) {
    case 'home-centres':
      return board.homeCentres[pi]?.includes(p) ?? false;
    case 'any-owned-home-centre':
      return board.homeCentres.some((h) => h.includes(p));
    default:
      return true;
  }
}

/** The units a build in `centre` may make, as written after `Build`: an army, a fleet (on each coast where it has them). */
export function buildUnits(board: Board, centre: string): string[] {
  const p = board.provinceId(centre);
  if (p < 0) return [];
  const out: string[] = [];
  if (board.kindMayEnter('army', p)) out.push(`A ${centre}`);
  if (board.kindMayEnter('fleet', p) && board.terrain[p] !== TERRAIN_LAND) {
    const coasts = [...board.coastsOf(p)].map((l) => board.locName(l));
    if (coasts.length > 0) for (const l of coasts) out.push(`F ${l}`);
    else if (row(board.fleetAdj, p).length > 0) out.push(`F ${centre}`);
  }
  return out;
}

/** Builds (positive) or removals (negative) a power has, and its free build sites as `A par`, `F stp/nc`. */
export function adjustment(doc: GameDoc, position: NonNullable<ReturnType<typeof positionOf>>, power: string): { builds: number; sites: string[] } {
  const board = doc.board as Board;
  const rules = (doc.config as VariantConfig).rules;
  const owned = Object.entries(position.owners).filter(([, p]) => p === power).map(([c]) => c);
  const units = position.units.filter((u) => u.power === power).length;
  const builds = owned.length - units;
  const occupied = new Set(position.units.map((u) => base(u.at)));
  const sites = sortIds(owned).filter((c) => !occupied.has(c) && buildSiteByRule(board, rules, power, c)).flatMap((c) => buildUnits(board, c));
  return { builds, sites };
}
