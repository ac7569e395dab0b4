// The result of a game (victory/outcome.ts) and its scores (scoring/): solo,
// alliance, leader after a year or at the end, ties shared or extended, solo
// beats alliance, draws and concessions by agreement; the four scoring systems.
import { describe, expect, it } from 'vitest';
import type { Phase, Position } from '../src/game/position.js';
import { initialPosition } from '../src/game/runner.js';
import { scores } from '../src/scoring/index.js';
import {
  allianceThreshold,
  alliancesInForce,
  gameOutcome,
  settledYear,
  survivors,
  yearPlayed,
  type Declarations,
} from '../src/victory/outcome.js';
import { centreColumn, centreCounts } from '../src/victory/winner.js';
import { CLASSIC, board, rules } from './helpers/classic.js';

const CENTRES = board.provinceIds.filter((_, p) => board.supplyCentre[p]);
const phase = (season: string, year: number, kind: Phase['kind']): Phase => ({ season, year, kind });

/** A position owning that many centres per power (no units), at the given phase (default winter 1905 adjustment). */
function owning(counts: Record<string, number>, at: Phase = phase('winter', 1905, 'adjustment')): Position {
  const owners: Record<string, string> = {};
  let i = 0;
  for (const [p, n] of Object.entries(counts)) for (let k = 0; k < n; k++) owners[CENTRES[i++]!] = p;
  return { ...initialPosition(CLASSIC), phase: at, units: [], owners };
}

const none: Declarations = { alliances: [] };

describe('centre counts', () => {
  it('per power index, as the counts by power id: only supply centres of the board and owners that are its powers count', () => {
    const pos = owning({ england: 3, france: 5 });
    const owners = { ...pos.owners, ruh: 'germany', xyz: 'germany', [CENTRES[20]!]: 'neutral', [CENTRES[21]!]: 'nobody' };
    const at = { ...pos, owners };
    const column = centreColumn(board, owners);
    expect([...column]).toEqual(board.powerIds.map((p) => (p === 'england' ? 3 : p === 'france' ? 5 : 0)));
    expect([...centreCounts(board, at)]).toEqual(board.powerIds.map((p, i) => [p, column[i]]));
  });

  it('gameOutcome judges on the counts given, as on its own', () => {
    const pos = owning({ france: 18, germany: 10 });
    expect(gameOutcome(board, rules(), pos, none, centreColumn(board, pos.owners))).toEqual(gameOutcome(board, rules(), pos, none));
    // The counts given are the ones read: a caller that counted them need not have them counted again.
    const column = new Int32Array(board.powerCount);
    column[board.powerId('italy')] = 18;
    expect(gameOutcome(board, rules(), pos, none, column)).toMatchObject({ over: true, kind: 'solo', winners: ['italy'] });
  });

  it('into a column given, counted afresh', () => {
    const out = new Int32Array(board.powerCount).fill(7);
    expect(centreColumn(board, owning({ italy: 2 }).owners, out)).toBe(out);
    expect(out[board.powerId('italy')]).toBe(2);
    expect(out.reduce((a, b) => a + b, 0)).toBe(2);
  });
});

describe('solo', () => {
  it('18 of 34, alone in the lead, wins alone; 17 does not', () => {
    const o = gameOutcome(board, rules(), owning({ france: 18, germany: 10 }), none);
    expect(o).toMatchObject({ over: true, kind: 'solo', winners: ['france'], extended: false, year: 1905 });
    expect(o.contenders).toEqual([{ powers: ['france'], condition: 'centres', centres: 18 }]);
    expect(gameOutcome(board, rules(), owning({ france: 17, germany: 10 }), none)).toMatchObject({ over: false, winners: [], extended: false });
  });

  it('a tie at the threshold: not alone in the lead is no win; without the lead rule, shared or extended', () => {
    const tie = owning({ france: 12, germany: 12 });
    expect(gameOutcome(board, rules({ 'victory-centres': 12 }), tie, none).over).toBe(false);
    const loose = { 'victory-centres': 12, 'victory-alone-in-lead': false };
    expect(gameOutcome(board, rules({ ...loose, 'victory-ties': 'shared' }), tie, none)).toMatchObject({ over: true, kind: 'shared', winners: ['france', 'germany'] });
    expect(gameOutcome(board, rules({ ...loose, 'victory-ties': 'extend' }), tie, none)).toMatchObject({ over: false, extended: true, winners: [] });
  });
});

describe('alliances', () => {
  const r = rules({ 'alliance-victory': 'solo-threshold' });
  const ef: Declarations = { alliances: [['england', 'france']] };

  it('two declared allies with 18 together and more than anyone win jointly', () => {
    const o = gameOutcome(board, r, owning({ england: 9, france: 9, germany: 8, italy: 8 }), ef);
    expect(o).toMatchObject({ over: true, kind: 'alliance', winners: ['england', 'france'] });
    expect(o.contenders).toEqual([{ powers: ['england', 'france'], condition: 'alliance', centres: 18 }]);
  });

  it('not without the declaration, not below the number, not when another alliance has as many', () => {
    expect(gameOutcome(board, r, owning({ england: 9, france: 9 }), none).over).toBe(false);
    expect(gameOutcome(board, r, owning({ england: 9, france: 8 }), ef).over).toBe(false);
    const two: Declarations = { alliances: [['england', 'france'], ['germany', 'italy']] };
    expect(gameOutcome(board, rules({ 'alliance-victory': 16 }), owning({ england: 9, france: 8, germany: 9, italy: 8 }), two).over).toBe(false);
    expect(gameOutcome(board, rules({ 'alliance-victory': 16 }), owning({ england: 9, france: 9, germany: 8, italy: 8 }), two)).toMatchObject({ kind: 'alliance', winners: ['england', 'france'] });
  });

  it('alliance-victory off: no alliance wins; a number is used as given', () => {
    expect(gameOutcome(board, rules(), owning({ england: 9, france: 9 }), ef).over).toBe(false);
    expect(allianceThreshold(board, rules())).toBeUndefined();
    expect(allianceThreshold(board, r)).toBe(18);
    expect(allianceThreshold(board, rules({ 'alliance-victory': 20 }))).toBe(20);
    expect(gameOutcome(board, rules({ 'alliance-victory': 20 }), owning({ england: 9, france: 10 }), ef).over).toBe(false);
  });

  it('a solo beats an alliance win at the same time, unless solo-beats-alliance is false (a tie)', () => {
    const r2 = rules({ 'alliance-victory': 15, 'victory-centres': 16 });
    const pos = owning({ russia: 16, england: 8, france: 8 });
    expect(gameOutcome(board, r2, pos, ef)).toMatchObject({ over: true, kind: 'solo', winners: ['russia'] });
    // 8 + 8 is not more than russia's 16: the alliance is no contender anyway; give it more.
    const pos2 = owning({ russia: 16, england: 9, france: 9 });
    const loose = { 'alliance-victory': 15, 'victory-centres': 16, 'victory-alone-in-lead': false };
    expect(gameOutcome(board, rules(loose), pos2, ef)).toMatchObject({ over: true, kind: 'solo', winners: ['russia'] });
    expect(gameOutcome(board, rules({ ...loose, 'solo-beats-alliance': false, 'victory-ties': 'shared' }), pos2, ef)).toMatchObject({
      over: true,
      kind: 'shared',
      winners: ['england', 'france', 'russia'],
    });
    expect(gameOutcome(board, rules({ ...loose, 'solo-beats-alliance': false, 'victory-ties': 'extend' }), pos2, ef)).toMatchObject({ over: false, extended: true });
  });

  it('alliances in force are the mutual declarations, one pair each', () => {
    expect(alliancesInForce(new Map([['england', 'france'], ['france', 'england'], ['germany', 'italy']]), board.powerIds)).toEqual([['england', 'france']]);
    expect(alliancesInForce({ france: 'england', england: 'france', italy: 'austria', austria: 'italy' }, board.powerIds)).toEqual([
      ['austria', 'italy'],
      ['england', 'france'],
    ]);
  });
});

describe('the leader: after the fall of a year, at the end', () => {
  it('after the fall of victory-year the leader wins alone; not before', () => {
    const r = rules({ 'victory-year': 1905 });
    expect(gameOutcome(board, r, owning({ france: 9, germany: 8 }), none)).toMatchObject({ over: true, kind: 'leader', winners: ['france'], year: 1905 });
    expect(gameOutcome(board, r, owning({ france: 9, germany: 8 }, phase('fall', 1905, 'retreat')), none).over).toBe(false);
    expect(gameOutcome(board, r, owning({ france: 9, germany: 8 }, phase('spring', 1906, 'movement')), none)).toMatchObject({ kind: 'leader', year: 1905 });
  });

  it('a tied lead: extended a year at a time, or shared', () => {
    const tie = owning({ france: 9, germany: 9, italy: 4 });
    expect(gameOutcome(board, rules({ 'victory-year': 1905, 'victory-ties': 'extend' }), tie, none)).toMatchObject({ over: false, extended: true });
    expect(gameOutcome(board, rules({ 'victory-year': 1905, 'victory-ties': 'shared' }), tie, none)).toMatchObject({ over: true, kind: 'shared', winners: ['france', 'germany'] });
  });

  it('the end: the leader wins under victory-at-end; otherwise the game is over without a winner', () => {
    const pos = owning({ france: 9, germany: 8 }, phase('spring', 1903, 'retreat'));
    expect(gameOutcome(board, rules({ 'victory-at-end': true }), pos, { alliances: [], ended: true })).toMatchObject({ over: true, kind: 'leader', winners: ['france'], year: 1903 });
    expect(gameOutcome(board, rules(), pos, { alliances: [], ended: true })).toMatchObject({ over: true, kind: 'ended', winners: [] });
    expect(gameOutcome(board, rules({ 'victory-at-end': true }), pos, none).over).toBe(false);
  });

  it('the year of the last fall settled, and of the last phase played', () => {
    const r = rules();
    expect(settledYear(board, r, owning({}, phase('winter', 1905, 'adjustment')))).toBe(1905);
    expect(settledYear(board, r, owning({}, phase('fall', 1905, 'retreat')))).toBe(1904);
    expect(settledYear(board, rules({ 'year-shape': 'postal' }), owning({}, phase('spring', 1906, 'movement')))).toBe(1905);
    expect(yearPlayed(board, r, owning({}, phase('spring', 1906, 'movement')))).toBe(1905);
    expect(yearPlayed(board, r, owning({}, phase('spring', 1906, 'retreat')))).toBe(1906);
  });
});

describe('draws and concessions', () => {
  const pos = owning({ england: 10, france: 10, germany: 10 });

  it('all-survivors: every surviving power in the draw and voting for it', () => {
    expect(survivors(board, pos)).toEqual(['england', 'france', 'germany']);
    const all = { alliances: [], draw: { powers: ['england', 'france', 'germany'] } };
    expect(gameOutcome(board, rules(), pos, all)).toMatchObject({ over: true, kind: 'draw', winners: ['england', 'france', 'germany'], agreement: { agreed: true } });
    const some = gameOutcome(board, rules(), pos, { alliances: [], draw: { powers: ['england', 'france'], voters: ['england', 'france', 'germany'] } });
    expect(some.over).toBe(false);
    expect(some.agreement?.reason).toMatch(/germany is left out/);
  });

  it('any-subset: some survivors share it when every survivor votes', () => {
    const r = rules({ draws: 'any-subset' });
    const two = { powers: ['england', 'france'] };
    expect(gameOutcome(board, r, pos, { alliances: [], draw: two }).agreement?.reason).toMatch(/germany did not vote/);
    expect(gameOutcome(board, r, pos, { alliances: [], draw: { ...two, voters: ['england', 'france', 'germany'] } })).toMatchObject({ kind: 'draw', winners: ['england', 'france'] });
    expect(gameOutcome(board, r, pos, { alliances: [], draw: { powers: ['england', 'italy'], voters: ['england', 'france', 'germany'] } }).agreement?.reason).toMatch(/italy is out of the game/);
  });

  it('draws none: no draw, no concession', () => {
    const r = rules({ draws: 'none' });
    expect(gameOutcome(board, r, pos, { alliances: [], draw: { powers: ['england', 'france', 'germany'] } }).agreement?.reason).toMatch(/draws none/);
    expect(gameOutcome(board, r, pos, { alliances: [], concession: { to: ['england'] } }).over).toBe(false);
  });

  it('a concession: every other survivor concedes to one power, or to two declared allies', () => {
    expect(gameOutcome(board, rules(), pos, { alliances: [], concession: { to: ['england'] } })).toMatchObject({ over: true, kind: 'concession', winners: ['england'] });
    expect(gameOutcome(board, rules(), pos, { alliances: [], concession: { to: ['england'], by: ['france'] } }).agreement?.reason).toMatch(/germany did not/);
    const ra = rules({ 'alliance-victory': 'solo-threshold' });
    expect(gameOutcome(board, ra, pos, { alliances: [], concession: { to: ['england', 'france'] } }).agreement?.reason).toMatch(/not declared allies/);
    const small = owning({ england: 6, france: 6, germany: 10 });
    expect(gameOutcome(board, ra, small, { alliances: [['england', 'france']], concession: { to: ['france', 'england'] } })).toMatchObject({ kind: 'concession', winners: ['england', 'france'] });
  });

  it('a win by centres comes before a draw voted at the same moment', () => {
    const won = owning({ england: 18, france: 10 });
    expect(gameOutcome(board, rules(), won, { alliances: [], draw: { powers: ['england', 'france'] } })).toMatchObject({ kind: 'solo', winners: ['england'] });
  });
});

describe('scores', () => {
  const score = (r: ReturnType<typeof rules>, pos: Position, d: Declarations = none) => scores(board, r, pos, gameOutcome(board, r, pos, d)).points;

  it('none: an empty table', () => {
    expect(scores(board, rules(), owning({ france: 18 }), gameOutcome(board, rules(), owning({ france: 18 }), none))).toEqual({ system: 'none', final: true, points: {} });
  });

  it('centres-plus-bonus: centres, +10 for a win alone, +6 for each ally (text 000, appendix 2)', () => {
    const r = rules({ scoring: 'centres-plus-bonus', 'alliance-victory': 'solo-threshold' });
    expect(score(r, owning({ france: 18, germany: 10 }))).toMatchObject({ france: 28, germany: 10, england: 0 });
    expect(score(r, owning({ england: 9, france: 9, germany: 8 }), { alliances: [['england', 'france']] })).toMatchObject({ england: 15, france: 15, germany: 8 });
    expect(score(r, owning({ england: 9, france: 9, germany: 8 }))).toMatchObject({ england: 9, france: 9, germany: 8 });
    const leader = rules({ scoring: 'centres-plus-bonus', 'victory-year': 1905, 'solo-bonus': 5 });
    expect(score(leader, owning({ england: 9, france: 8 }))).toMatchObject({ england: 14, france: 8 });
  });

  it('draw-size: one point shared by the powers of the result', () => {
    const r = rules({ scoring: 'draw-size' });
    expect(score(r, owning({ england: 10, france: 10, germany: 10 }), { alliances: [], draw: { powers: ['england', 'france', 'germany'] } })).toMatchObject({
      england: 1 / 3,
      france: 1 / 3,
      germany: 1 / 3,
      italy: 0,
    });
    expect(score(r, owning({ france: 18, germany: 10 }))).toMatchObject({ france: 1, germany: 0 });
    expect(score(r, owning({ france: 17, germany: 10 }))).toMatchObject({ france: 0, germany: 0 });
  });

  it('sum-of-squares: 100 × c² / Σc², a solo winner 100', () => {
    const r = rules({ scoring: 'sum-of-squares' });
    const s = score(r, owning({ england: 6, france: 8 }));
    expect(s.england).toBeCloseTo(36, 9);
    expect(s.france).toBeCloseTo(64, 9);
    expect(score(r, owning({ france: 18, germany: 10 }))).toMatchObject({ france: 100, germany: 0 });
  });
});
