// The board's reusable unit columns (`readUnits`, units.ts) keep the rows they
// hold while a new list names the same units in the same order, and read the
// rest. Whatever the list read before, the columns must say exactly what
// columns of their own, read from nothing, say of the new list; and a list
// that cannot be read must throw as it would on fresh columns, and leave the
// columns fit for the next read.
import { describe, expect, it } from 'vitest';
import type { Unit } from '../src/game/position.js';
import { initialPosition } from '../src/game/runner.js';
import { mulberry32 } from '../src/legal/index.js';
import { buildUnitTable, ON_BOARD, PositionError, readUnits, type UnitGuess, type UnitTable } from '../src/adjudicate/units.js';
import { board, CLASSIC, rules } from './helpers/classic.js';
import { randomPlay } from './helpers/random-play.js';

/** The columns of the table's units, and every province's unit, as plain data. */
function columns(t: UnitTable): unknown {
  const n = t.n;
  return {
    n,
    units: t.units,
    power: Array.from(t.power.subarray(0, n)),
    kind: Array.from(t.kind.subarray(0, n)),
    loc: Array.from(t.loc.subarray(0, n)),
    prov: Array.from(t.prov.subarray(0, n)),
    unitAt: Array.from(t.unitAt.subarray(0, board.provinceCount)),
  };
}

/** Reads `list` into the reusable columns (trying `guess`) and checks them against fresh ones. */
function readsAsFresh(list: readonly Unit[], guess?: UnitGuess): void {
  const fresh = columns(buildUnitTable(board, list));
  expect(columns(readUnits(board, list, ON_BOARD, guess))).toEqual(fresh);
}

/** Rows of a guess: each unit's location and power, as the board numbers them. */
function guessOf(list: readonly Unit[]): { afterLoc: number[]; afterPower: number[]; afterCount: number } {
  return { afterLoc: list.map((u) => board.locId(u.at)), afterPower: list.map((u) => board.powerId(u.power)), afterCount: list.length };
}

const army = (power: string, at: string): Unit => ({ power, kind: 'army', at });
const fleet = (power: string, at: string): Unit => ({ power, kind: 'fleet', at });

describe('the reusable unit columns', () => {
  it('read every position of random games as fresh columns do, each after the one before', () => {
    for (const seed of [1, 2, 3]) {
      const play = randomPlay(board, rules(), initialPosition(CLASSIC), { rng: mulberry32(seed), seed, phases: 60, uniform: false });
      expect(play.phases.length).toBeGreaterThan(30);
      for (const { position } of play.phases) {
        readsAsFresh(position.units);
        readsAsFresh(position.units); // the same list again: every row kept
        readsAsFresh(position.dislodged);
      }
    }
  });

  it('read a list whose units changed in place, or differ only in power or kind, afresh from the change on', () => {
    const list = [army('france', 'par'), fleet('england', 'lon'), army('germany', 'mun'), fleet('russia', 'stp/sc')];
    readsAsFresh(list);
    list[1] = fleet('england', 'nth');
    readsAsFresh(list);
    (list[2] as { at: string }).at = 'ber';
    readsAsFresh(list);
    readsAsFresh([army('france', 'par'), fleet('england', 'nth'), fleet('germany', 'ber'), fleet('russia', 'stp/sc')]);
    readsAsFresh([army('france', 'par'), fleet('france', 'nth'), fleet('germany', 'ber'), fleet('russia', 'stp/nc')]);
    readsAsFresh([army('france', 'par')]);
    readsAsFresh([]);
    readsAsFresh([army('france', 'par'), fleet('england', 'nth'), army('italy', 'rom'), army('austria', 'vie'), army('turkey', 'con')]);
  });

  it('read a list as fresh columns do whatever the guess, right, wrong or partly right', () => {
    const list = [army('france', 'par'), fleet('england', 'lon'), army('germany', 'mun'), fleet('russia', 'stp/sc')];
    const moved = [army('france', 'bur'), fleet('england', 'lon'), army('germany', 'ruh'), fleet('russia', 'stp/sc'), army('italy', 'ven')];
    for (const guess of [guessOf(list), guessOf(moved), guessOf(moved.slice(0, 2)), { ...guessOf(list), afterPower: [4, 4, 4, 4] }, guessOf([])]) {
      readsAsFresh([]);
      readsAsFresh(list, guess);
      readsAsFresh([]);
      readsAsFresh(moved, guess);
    }
    // A guess naming more rows than the list, and one of rows the board does not know.
    readsAsFresh([]);
    readsAsFresh(list.slice(0, 2), guessOf(list));
    readsAsFresh([]);
    readsAsFresh(list, { afterLoc: [-1, 9999, 0, 0], afterPower: [-1, 99, 0, 0], afterCount: 4 });
  });

  it('throw on two units in a province, one of them kept, and read the next list clean', () => {
    const list = [army('france', 'par'), army('germany', 'mun')];
    readsAsFresh(list);
    expect(() => readUnits(board, [army('france', 'par'), army('germany', 'mun'), army('italy', 'par')])).toThrow(PositionError);
    expect(() => readUnits(board, [army('france', 'par'), army('germany', 'mun'), army('italy', 'xyz')])).toThrow(/unknown location "xyz"/);
    expect(() => readUnits(board, [army('france', 'par'), army('nobody', 'mun')])).toThrow(/unknown power "nobody"/);
    readsAsFresh([army('italy', 'mun'), army('germany', 'par')]);
    readsAsFresh(list);
  });
});
