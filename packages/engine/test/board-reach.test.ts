// The reach matrix (Board.reachMatrix) against the adjacency rows it replaces in the adjudicator's checks.
import { describe, expect, it } from 'vitest';
import { REACH_ARMY, REACH_FLEET } from '../src/board/board.js';
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

  it('is built once per board', () => {
    expect(board.reachMatrix()).toBe(board.reachMatrix());
  });
});
