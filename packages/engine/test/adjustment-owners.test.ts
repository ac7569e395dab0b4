// Centre owners as a column (adjudicate/adjustment/owners.ts): each board keeps
// the column of the last owners it read, with the keys and values it read, and
// answers the next owners that list the same from it. These tests change owners
// in every way a caller can between reads (in place, a copy, keys in another
// order, keys added and taken away) and compare each column with one worked
// out from nothing, and with what the adjudication and legal orders say.
import { describe, expect, it } from 'vitest';
import { ownerTable, readOwners } from '../src/adjudicate/adjustment/owners.js';
import { adjudicatePhase } from '../src/adjudicate/phase.js';
import type { Position } from '../src/game/position.js';
import { legalOrders } from '../src/legal/legal-orders.js';
import { mulberry32 } from '../src/adjudicate/prng.js';
import { board, rules, unit } from './helpers/classic.js';

/** The column as the owners say it, centre by centre, with nothing kept between reads. */
function expected(owners: Record<string, string>): number[] {
  const out: number[] = [];
  for (let prov = 0; prov < board.provinceCount; prov++) {
    const power = board.supplyCentre[prov] && Object.hasOwn(owners, board.provinceIds[prov]!) ? owners[board.provinceIds[prov]!]! : undefined;
    out.push(power === undefined ? -1 : board.powerId(power));
  }
  return out;
}

const centres = board.provinceIds.filter((_, prov) => board.supplyCentre[prov]);

describe('owner columns', () => {
  it('follow owners changed in place, copied, reordered, grown and shrunk', () => {
    const rng = mulberry32(7);
    const draw = (n: number): number => Math.floor(rng() * n);
    let owners: Record<string, string> = { par: 'france', ber: 'germany', lon: 'england' };
    for (let step = 0; step < 400; step++) {
      const centre = centres[draw(centres.length)]!;
      const power = board.powerIds[draw(board.powerCount)]!;
      switch (draw(6)) {
        case 0:
          owners[centre] = power; // in place: the same object, one value changed
          break;
        case 1:
          owners = { ...owners, [centre]: power }; // a copy, as positions are made
          break;
        case 2:
          delete owners[centre]; // in place: a key taken away
          break;
        case 3:
          owners = Object.fromEntries(Object.entries(owners).reverse()); // the same pairs in another order
          break;
        case 4:
          owners = { ...owners }; // a copy with nothing changed
          break;
        default:
          owners[centre] = owners[centre] === undefined ? power : owners[centre]!; // maybe a new key
      }
      const want = expected(owners);
      expect([...readOwners(board, owners)], `step ${step}`).toEqual(want);
      expect([...ownerTable(board, owners)]).toEqual(want);
      // `ownerTable` is a column of its own: writing into it leaves the board's kept column as it was.
      ownerTable(board, owners).fill(99);
      expect([...readOwners(board, owners)]).toEqual(want);
    }
  });

  it('read only a centre\'s owner, and only a power\'s name', () => {
    const owners: Record<string, string> = { par: 'france', bur: 'france', 'spa/nc': 'france', mun: 'nobody' };
    const column = readOwners(board, owners);
    expect(column[board.provinceId('par')]).toBe(board.powerId('france'));
    expect(column[board.provinceId('bur')]).toBe(-1); // not a supply centre
    expect(column[board.provinceId('spa')]).toBe(-1); // a coast is no key of a centre
    expect(column[board.provinceId('mun')]).toBe(-1); // no such power
  });
});

describe('the adjudication reads owners changed in place', () => {
  const winter = { year: 1901, season: 'winter', kind: 'adjustment' } as const;
  const build = { type: 'build', power: 'france', kind: 'army', at: 'par' } as const;

  it('a build on a centre that changed hands in the same owners object is refused, then allowed again', () => {
    const owners: Record<string, string> = { par: 'france', mar: 'france', bre: 'france', spa: 'france' };
    const position: Position = { units: [unit('france', 'A bur'), unit('france', 'F mao')], dislodged: [], owners, standoffs: [], phase: winter };
    expect(adjudicatePhase(board, position, [build], rules()).results[0]!.status).toBe('succeeds');
    expect(legalOrders(board, position, rules()).has('par')).toBe(true); // a free build site of France

    owners.par = 'germany';
    const refused = adjudicatePhase(board, position, [build], rules()).results[0]!;
    expect(refused.status).toBe('illegal');
    expect(refused.reason).toBe('not-owned');
    expect(legalOrders(board, position, rules()).has('par')).toBe(false);

    owners.par = 'france';
    expect(adjudicatePhase(board, position, [build], rules()).results[0]!.status).toBe('succeeds');
  });
});
