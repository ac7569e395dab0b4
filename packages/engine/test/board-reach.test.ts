// The reach matrix (Board.reachMatrix) against the adjacency rows it replaces in the adjudicator's checks.
import { describe, expect, it } from 'vitest';
import { REACH_ARMY, REACH_ARMY_MOVE, REACH_FLEET, REACH_FLEET_MOVE } from '../src/board/board.js';
import { ARMY, FLEET } from '../src/board/codes.js';
import { board } from './helpers/classic.js';

describe('Board.reachMatrix', () => {
  it('agrees with canReachProvince for every location, province and unit kind', () => {
    const m = board.reachMatrix();
    expect(m).not.toBeNull();
    const P = board.provinceCount;
    let army = 0;
    let fleet = 0;
    for (let loc = 0; loc < board.locationCount; loc++) {
      for (let prov = 0; prov < P; prov++) {
        const e = m![loc * P + prov]!;
        expect((e & REACH_ARMY) !== 0, `army ${board.locName(loc)} → ${board.provinceName(prov)}`).toBe(board.canReachProvince(ARMY, loc, prov));
        expect((e & REACH_FLEET) !== 0, `fleet ${board.locName(loc)} → ${board.provinceName(prov)}`).toBe(board.canReachProvince(FLEET, loc, prov));
        if (e & REACH_ARMY) army++;
        if (e & REACH_FLEET) fleet++;
      }
    }
    // Not vacuous: both kinds reach somewhere.
    expect(army).toBeGreaterThan(100);
    expect(fleet).toBeGreaterThan(100);
  });

  it('marks the plain moves: an army that may enter, a fleet that may enter a province without coasts', () => {
    const m = board.reachMatrix()!;
    const P = board.provinceCount;
    let plainFleet = 0;
    let coastFleet = 0;
    for (let loc = 0; loc < board.locationCount; loc++) {
      for (let prov = 0; prov < P; prov++) {
        const e = m[loc * P + prov]!;
        const army = board.canReachProvince(ARMY, loc, prov) && board.kindMayEnter(ARMY, prov);
        const fleet = board.canReachProvince(FLEET, loc, prov) && board.kindMayEnter(FLEET, prov) && !board.hasCoasts(prov);
        expect((e & REACH_ARMY_MOVE) !== 0, `army ${board.locName(loc)} → ${board.provinceName(prov)}`).toBe(army);
        expect((e & REACH_FLEET_MOVE) !== 0, `fleet ${board.locName(loc)} → ${board.provinceName(prov)}`).toBe(fleet);
        if (fleet) plainFleet++;
        if (board.canReachProvince(FLEET, loc, prov) && board.hasCoasts(prov)) coastFleet++;
      }
    }
    // Fleets reach split-coast provinces (Spain, Bulgaria, St Petersburg), which are never plain moves.
    expect(plainFleet).toBeGreaterThan(100);
    expect(coastFleet).toBeGreaterThan(5);
  });

  it('is built once per board', () => {
    expect(board.reachMatrix()).toBe(board.reachMatrix());
  });
});
