/**
 * Which units are removed when a power does not order all its required
 * removals (`removal-order`, DATC 4.D.8):
 *
 * - `owned-distance` (2023): units off supply centres first; then farthest from
 *   a centre the power owns, counting adjacent provinces whatever the terrain;
 *   fleets before armies; then by province name.
 * - `home-distance` (1971, 1982): farthest from the nearest home centre, fleets
 *   moving as fleets and armies over land or water; fleets before armies; then
 *   by province name.
 * - `country-distance` (2000): "the units farthest from the country are
 *   removed first": as `home-distance`, counted to the nearest province of the
 *   power's home country (`Board.homeCountry`; Apulia is part of Italy though
 *   not a home centre). A map that marks no country leaves the home centres.
 * - `abroad-first` (000 §11): units outside the home country first, then units
 *   off supply centres, then by lot.
 * - `random`: by lot.
 *
 * A lot gives each candidate one draw, in the board's order of the provinces
 * the units stand in, so that the order a position lists its units in never
 * changes which unit goes.
 */
import type { Board } from '../../board/board.js';
import { FLEET } from '../../board/codes.js';
import { fleetDistance, provinceDistance } from '../../board/distance.js';
import type { RuleOptions } from '../../config/rules.js';
import type { Rng } from '../prng.js';
import type { UnitTable } from '../units.js';

/** Removes `count` of `candidates` (unit indexes of one power); returns the removed ones, first removed first. */
export function civilDisorderRemovals(
  board: Board,
  rules: RuleOptions,
  units: UnitTable,
  ownerOf: (prov: number) => number,
  candidates: readonly number[],
  count: number,
  rng: Rng,
): number[] {
  if (count <= 0 || candidates.length === 0) return [];
  const rule = rules['removal-order'];
  const name = (u: number): string => board.provinceNames[units.prov[u]!]!;
  const byName = (a: number, b: number): number => name(a).localeCompare(name(b), 'en');
  const fleetFirst = (a: number, b: number): number => (units.kind[b] === FLEET ? 1 : 0) - (units.kind[a] === FLEET ? 1 : 0);
  const onCentre = (u: number): number => board.supplyCentre[units.prov[u]!]!;
  let order: number[];
  if (rule === 'owned-distance') {
    const power = units.power[candidates[0]!]!;
    const owned = (p: number): boolean => board.supplyCentre[p] === 1 && ownerOf(p) === power;
    const dist = new Map(candidates.map((u) => [u, provinceDistance(board, units.prov[u]!, owned)]));
    order = [...candidates].sort(
      (a, b) => onCentre(a) - onCentre(b) || compareDistance(dist.get(b)!, dist.get(a)!) || fleetFirst(a, b) || byName(a, b),
    );
  } else if (rule === 'home-distance' || rule === 'country-distance') {
    const power = units.power[candidates[0]!]!;
    const homes = new Set(board.homeCentres[power]);
    const isHome =
      rule === 'country-distance' ? (p: number): boolean => board.homeCountry[p] === power : (p: number): boolean => homes.has(p);
    const dist = new Map(
      candidates.map((u) => [
        u,
        units.kind[u] === FLEET ? fleetDistance(board, units.loc[u]!, isHome) : provinceDistance(board, units.prov[u]!, isHome),
      ]),
    );
    order = [...candidates].sort((a, b) => compareDistance(dist.get(b)!, dist.get(a)!) || fleetFirst(a, b) || byName(a, b));
  } else {
    // One draw per unit, in the board's order of their provinces: the candidates come in the order
    // the position lists the units, and the same seed must remove the same unit however that is.
    const lot = new Map<number, number>();
    for (const u of [...candidates].sort((a, b) => units.prov[a]! - units.prov[b]!)) lot.set(u, rng());
    if (rule === 'abroad-first') {
      const power = units.power[candidates[0]!]!;
      const abroad = (u: number): number => (board.homeCountry[units.prov[u]!] === power ? 0 : 1);
      order = [...candidates].sort((a, b) => abroad(b) - abroad(a) || onCentre(a) - onCentre(b) || lot.get(a)! - lot.get(b)!);
    } else {
      order = [...candidates].sort((a, b) => lot.get(a)! - lot.get(b)!);
    }
  }
  return order.slice(0, count);
}

/** Descending comparison that treats two unreachable (infinite) distances as equal. */
function compareDistance(a: number, b: number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
