// Facts of the compiled classic board (fixture: test/fixtures/classic.json, see helpers/classic.ts).
import { describe, expect, it } from 'vitest';
import { compileBoard } from '../src/board/board.js';
import { ARMY, FLEET, TERRAIN_COAST, TERRAIN_LAND, TERRAIN_SEA } from '../src/board/codes.js';
import { csrRow } from '../src/board/csr.js';
import { fleetDistance, provinceDistance } from '../src/board/distance.js';
import { CLASSIC, board } from './helpers/classic.js';

const loc = (name: string): number => {
  const id = board.locId(name);
  expect(id, name).toBeGreaterThanOrEqual(0);
  return id;
};

describe('compiled classic board', () => {
  it('has 75 provinces, 81 locations, 7 powers and 34 supply centres', () => {
    expect(board.provinceCount).toBe(75);
    expect(board.locationCount).toBe(81);
    expect(board.powerCount).toBe(7);
    expect(board.supplyCentreCount).toBe(34);
    expect(board.powerIds).toEqual(['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey']);
  });

  it('numbers province locations first, then coasts', () => {
    for (let p = 0; p < board.provinceCount; p++) {
      expect(board.locId(board.provinceIds[p]!)).toBe(p);
      expect(board.provinceOf(p)).toBe(p);
    }
    expect(board.locationIds.slice(board.provinceCount).sort()).toEqual(['bul/ec', 'bul/sc', 'spa/nc', 'spa/sc', 'stp/nc', 'stp/sc']);
    expect(board.provinceOf(loc('spa/nc'))).toBe(loc('spa'));
    expect(board.locName(loc('stp/sc'))).toBe('stp/sc');
    expect(board.locId('spa/wc')).toBe(-1);
    expect(board.provinceId('spa/nc')).toBe(-1);
  });

  it('knows terrain, supply centres, homes and coasts', () => {
    expect(board.terrain[loc('par')]).toBe(TERRAIN_LAND);
    expect(board.terrain[loc('nth')]).toBe(TERRAIN_SEA);
    expect(board.terrain[loc('bre')]).toBe(TERRAIN_COAST);
    expect(board.supplyCentre[loc('bel')]).toBe(1);
    expect(board.supplyCentre[loc('bur')]).toBe(0);
    expect(board.homePower[loc('mos')]).toBe(board.powerId('russia'));
    expect(board.homePower[loc('bel')]).toBe(-1);
    expect([...board.homeCentres[board.powerId('england')]!].map((p) => board.provinceName(p)).sort()).toEqual(['edi', 'lon', 'lvp']);
    expect([...board.coastsOf(loc('spa'))].map((l) => board.locName(l)).sort()).toEqual(['spa/nc', 'spa/sc']);
    expect(board.hasCoasts(loc('spa'))).toBe(true);
    expect(board.hasCoasts(loc('por'))).toBe(false);
    expect(board.coastsOf(loc('por')).length).toBe(0);
  });

  it('keeps army and fleet adjacency apart', () => {
    expect(board.canMove(ARMY, loc('rom'), loc('ven'))).toBe(true);
    expect(board.canMove(FLEET, loc('rom'), loc('ven'))).toBe(false);
    expect(board.canMove(ARMY, loc('lvp'), loc('iri'))).toBe(false);
    expect(board.canMove(FLEET, loc('lvp'), loc('iri'))).toBe(true);
    expect(board.canMove(FLEET, loc('gas'), loc('spa/nc'))).toBe(true);
    expect(board.canMove(FLEET, loc('gas'), loc('spa/sc'))).toBe(false);
    expect(board.canMove(FLEET, loc('spa/sc'), loc('lyo'))).toBe(true);
    expect(board.canMove(FLEET, loc('spa/nc'), loc('lyo'))).toBe(false);
    expect(board.armyCanReach(loc('nwy'), loc('stp'))).toBe(true);
    expect(board.fleetCanReach(loc('nwy'), loc('stp'))).toBe(true);
    expect(board.fleetTargets(loc('mao'), loc('spa')).map((l) => board.locName(l)).sort()).toEqual(['spa/nc', 'spa/sc']);
    expect(board.fleetTargets(loc('con'), loc('bul')).map((l) => board.locName(l)).sort()).toEqual(['bul/ec', 'bul/sc']);
    expect(board.canReachProvince(FLEET, loc('mar'), loc('spa'))).toBe(true);
    expect(board.canReachProvince(ARMY, loc('mar'), loc('lyo'))).toBe(false);
    expect(board.canMove('fleet', loc('lvp'), loc('iri'))).toBe(true);
    expect(board.kindMayEnter('army', loc('nth'))).toBe(false);
  });

  it('has symmetric adjacency (every classic edge goes both ways)', () => {
    for (const adj of [board.armyAdj, board.fleetAdj]) {
      for (let a = 0; a < board.locationCount; a++) {
        for (const b of csrRow(adj, a)) expect(csrRow(adj, b).includes(a), `${board.locName(a)}-${board.locName(b)}`).toBe(true);
      }
    }
  });

  it('marks the 19 seas as convoy seas and knows the seas next to each shore', () => {
    const seas = board.provinceIds.filter((_, p) => board.convoySea[p]);
    expect(seas).toHaveLength(19);
    expect([...csrRow(board.seaAdj, loc('spa'))].map((p) => board.provinceName(p)).sort()).toEqual(['lyo', 'mao', 'wes']);
    expect([...csrRow(board.seaAdj, loc('lon'))].map((p) => board.provinceName(p)).sort()).toEqual(['eng', 'nth']);
    expect(board.isConvoyShore(loc('lon'))).toBe(true);
    expect(board.isConvoyShore(loc('par'))).toBe(false);
    expect(board.isConvoyShore(loc('nth'))).toBe(false);
  });

  it('measures distances over any terrain and as a fleet', () => {
    expect(provinceDistance(board, loc('alb'), (p) => p === loc('nap'))).toBe(2);
    expect(provinceDistance(board, loc('pie'), (p) => p === loc('nap'))).toBe(3);
    expect(fleetDistance(board, loc('bal'), (p) => p === loc('stp'))).toBe(2);
    expect(fleetDistance(board, loc('ska'), (p) => p === loc('stp'))).toBe(2);
    expect(fleetDistance(board, loc('adr'), (p) => p === loc('mos'))).toBe(Infinity);
  });

  it('ignores edges to unknown or impassable places', () => {
    const config = structuredClone(CLASSIC);
    config.provinces.find((p) => p.id === 'boh')!.impassable = true;
    config.adjacency.army.push(['par', 'nowhere']);
    const b = compileBoard(config);
    expect(b.armyCanReach(b.locId('mun'), b.locId('boh'))).toBe(false);
    expect(b.kindMayEnter(ARMY, b.locId('boh'))).toBe(false);
    expect(b.armyCanReach(b.locId('mun'), b.locId('tyr'))).toBe(true);
  });
});
