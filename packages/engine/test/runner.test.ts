// The game runner (initial position, playing listed phases, passing over empty
// ones), the phase sequence of a year, and solo victory.
import { describe, expect, it } from 'vitest';
import { checkPosition } from '../src/adjudicate/units.js';
import type { Order } from '../src/orders/order.js';
import { nextPhase, ownershipChangesAfter, yearPhases } from '../src/game/phases.js';
import type { Phase, Position } from '../src/game/position.js';
import { initialPosition, runGame, type GamePhase } from '../src/game/runner.js';
import { soloWinners, victoryThreshold, winner } from '../src/victory/winner.js';
import { CLASSIC, board, parseOrder, rules, unitsByPower } from './helpers/classic.js';

function orders(byPower: Record<string, string[]>, kind: Phase['kind'] = 'movement'): Order[] {
  return Object.entries(byPower).flatMap(([p, list]) => list.map((t) => parseOrder(p, t, kind).order));
}

const phase = (season: string, year: number, kind: Phase['kind']): Phase => ({ season, year, kind });

describe('initial position', () => {
  it('is the variant start: 22 units, 22 owned centres, spring 1901 movement', () => {
    const start = initialPosition(CLASSIC);
    expect(start.phase).toEqual(phase('spring', 1901, 'movement'));
    expect(start.units).toHaveLength(22);
    expect(Object.keys(start.owners)).toHaveLength(22);
    expect(start.owners.stp).toBe('russia');
    expect(unitsByPower(start.units).russia).toEqual(['A mos', 'A war', 'F sev', 'F stp/sc']);
    expect(start.dislodged).toEqual([]);
    expect(start.standoffs).toEqual([]);
  });
});

describe('phase sequence', () => {
  const r = rules();
  it('five phases a year, with the variant\'s season names', () => {
    expect(yearPhases(board, r).map((p) => `${p.season}-${p.kind}`)).toEqual([
      'spring-movement',
      'spring-retreat',
      'fall-movement',
      'fall-retreat',
      'winter-adjustment',
    ]);
    expect(nextPhase(board, r, phase('spring', 1901, 'movement'))).toEqual(phase('spring', 1901, 'retreat'));
    expect(nextPhase(board, r, phase('fall', 1901, 'retreat'))).toEqual(phase('winter', 1901, 'adjustment'));
    expect(nextPhase(board, r, phase('winter', 1901, 'adjustment'))).toEqual(phase('spring', 1902, 'movement'));
    expect(nextPhase(board, r, phase('fall', 1901, 'adjustment'))).toEqual(phase('spring', 1902, 'movement'));
    expect(nextPhase(board, r, initialPosition(CLASSIC))).toEqual(phase('spring', 1901, 'retreat'));
  });

  it('centres change owner after the fall retreats only', () => {
    expect(ownershipChangesAfter(board, r, phase('spring', 1901, 'retreat'))).toBe(false);
    expect(ownershipChangesAfter(board, r, phase('fall', 1901, 'movement'))).toBe(false);
    expect(ownershipChangesAfter(board, r, phase('fall', 1901, 'retreat'))).toBe(true);
  });

  it('custom phases, and a year without adjustments changes owners at its end', () => {
    const custom = rules({ 'year-shape': 'custom', 'custom-phases': ['spring-movement', 'fall-movement', 'fall-retreat'] });
    expect(nextPhase(board, custom, phase('fall', 1901, 'movement'))).toEqual(phase('fall', 1901, 'retreat'));
    expect(nextPhase(board, custom, phase('fall', 1901, 'retreat'))).toEqual(phase('spring', 1902, 'movement'));
    expect(ownershipChangesAfter(board, custom, phase('fall', 1901, 'retreat'))).toBe(true);
    expect(ownershipChangesAfter(board, custom, phase('fall', 1901, 'movement'))).toBe(false);
    const postal = rules({ 'year-shape': 'postal' });
    expect(nextPhase(board, postal, phase('spring', 1901, 'movement'))).toEqual(phase('fall', 1901, 'movement'));
  });
});

describe('runGame', () => {
  const game: GamePhase[] = [
    {
      phase: phase('spring', 1901, 'movement'),
      orders: orders({
        england: ['F lon - nth', 'A lvp - yor', 'F edi - nwg'],
        france: ['A par - bur', 'A mar - spa', 'F bre - mao'],
        germany: ['A mun - ruh', 'A ber - kie', 'F kie - den'],
      }),
    },
    {
      phase: phase('fall', 1901, 'movement'),
      orders: orders({
        england: ['F nth C A yor - nwy', 'A yor - nwy', 'F nwg H'],
        france: ['A bur - bel', 'F mao - por', 'A spa H'],
        germany: ['A kie - hol', 'F den H', 'A ruh H'],
      }),
    },
    {
      phase: phase('winter', 1901, 'adjustment'),
      orders: orders({ england: ['Build F edi'], france: ['Build A par', 'Build A mar', 'Build F bre'], germany: ['Build A ber', 'Build A mun'] }),
    },
  ];

  it('plays the listed phases, passing over the empty retreat phases, and updates owners', () => {
    const run = runGame(board, rules(), initialPosition(CLASSIC), game);
    expect(run.error).toBeUndefined();
    expect(run.results).toHaveLength(3);
    expect(run.positions.map((p) => p.phase)).toEqual(game.map((g) => g.phase));
    expect(run.results[0]!.results.every((r) => r.status === 'succeeds')).toBe(true);
    expect(run.results[1]!.results.every((r) => r.status === 'succeeds')).toBe(true);
    // The winter position saw the fall retreat passed over, and the centres taken.
    const winter = run.positions[2]!;
    expect(winter.owners.nwy).toBe('england');
    expect(winter.owners.bel).toBe('france');
    expect(winter.owners.hol).toBe('germany');
    expect(winter.owners.spa).toBe('france');
    expect(run.results[2]!.results.every((r) => r.status === 'succeeds')).toBe(true);
    expect(run.final.phase).toEqual(phase('spring', 1902, 'movement'));
    expect(unitsByPower(run.final.units).england).toEqual(['A nwy', 'F edi', 'F nth', 'F nwg']);
    expect(unitsByPower(run.final.units).france).toHaveLength(6);
    expect(unitsByPower(run.final.units).germany).toHaveLength(5);
  });

  it('accepts an adjustment phase named after the fall, and a listed empty retreat phase', () => {
    const listed: GamePhase[] = [
      game[0]!,
      { phase: phase('spring', 1901, 'retreat'), orders: [] },
      game[1]!,
      { ...game[2]!, phase: phase('fall', 1901, 'adjustment') },
    ];
    const run = runGame(board, rules(), initialPosition(CLASSIC), listed);
    expect(run.error).toBeUndefined();
    expect(run.results).toHaveLength(4);
  });

  it('reports a phase that does not come as an error value', () => {
    const run = runGame(board, rules(), initialPosition(CLASSIC), [game[0]!, { phase: phase('fall', 1902, 'movement'), orders: [] }]);
    expect(run.results).toHaveLength(1);
    expect(run.error?.kind).toBe('phase-mismatch');
    expect(run.error?.phaseIndex).toBe(1);
  });

  it('does not pass over a retreat phase with dislodged units', () => {
    const start: Position = {
      ...initialPosition(CLASSIC),
      units: [
        { power: 'england', kind: 'fleet', at: 'nth' },
        { power: 'england', kind: 'army', at: 'hol' },
        { power: 'germany', kind: 'fleet', at: 'kie' },
        { power: 'germany', kind: 'army', at: 'ruh' },
      ],
    };
    const moves = orders({ germany: ['F kie S A ruh - hol', 'A ruh - hol'] });
    const skipped = runGame(board, rules(), start, [{ phase: phase('spring', 1901, 'movement'), orders: moves }, { phase: phase('fall', 1901, 'movement'), orders: [] }]);
    expect(skipped.error?.message).toMatch(/spring 1901 retreat has to be played first/);
    const played = runGame(board, rules(), start, [
      { phase: phase('spring', 1901, 'movement'), orders: moves },
      { phase: phase('spring', 1901, 'retreat'), orders: orders({ england: ['A hol R bel'] }, 'retreat') },
      { phase: phase('fall', 1901, 'movement'), orders: [] },
    ]);
    expect(played.error).toBeUndefined();
    expect(unitsByPower(played.final.units).england).toEqual(['A bel', 'F nth']);
  });

  it('reports a bad starting position as an error value', () => {
    const bad = { ...initialPosition(CLASSIC), units: [{ power: 'england', kind: 'army' as const, at: 'atlantis' }] };
    const run = runGame(board, rules(), bad, game);
    expect(run.error?.kind).toBe('bad-position');
    expect(run.results).toEqual([]);
    const problems = (units: Position['units']) => checkPosition(board, { ...initialPosition(CLASSIC), units });
    expect(problems([{ power: 'russia', kind: 'fleet', at: 'stp' }])[0]).toMatch(/coast must be given/);
    expect(problems([{ power: 'russia', kind: 'army', at: 'nth' }])[0]).toMatch(/cannot stand there/);
    expect(problems([{ power: 'russia', kind: 'army', at: 'mos' }, { power: 'turkey', kind: 'army', at: 'mos' }])[0]).toMatch(/two units/);
    expect(problems(initialPosition(CLASSIC).units)).toEqual([]);
  });

  it('plays the same game the same way with the same seed', () => {
    const civil: GamePhase[] = [{ phase: phase('winter', 1901, 'adjustment'), orders: [] }];
    const start: Position = {
      ...initialPosition(CLASSIC),
      phase: phase('winter', 1901, 'adjustment'),
      owners: { mos: 'russia' },
    };
    const r = rules({ 'removal-order': 'random' });
    const a = runGame(board, r, start, civil, { seed: 11 });
    const b = runGame(board, r, start, civil, { seed: 11 });
    expect(a.final.units).toEqual(b.final.units);
    expect(unitsByPower(a.final.units).russia).toHaveLength(1);
  });
});

describe('victory', () => {
  const owning = (counts: Record<string, number>): Position => {
    const owners: Record<string, string> = {};
    const centres = board.provinceIds.filter((_, p) => board.supplyCentre[p]);
    let i = 0;
    for (const [p, n] of Object.entries(counts)) for (let k = 0; k < n; k++) owners[centres[i++]!] = p;
    return { ...initialPosition(CLASSIC), owners };
  };

  it('majority means 18 of 34 on the classic map', () => {
    expect(victoryThreshold(board, rules())).toBe(18);
    expect(victoryThreshold(board, rules({ 'victory-centres': 'majority' }))).toBe(18);
    expect(winner(board, rules(), owning({ france: 18, germany: 10 }))).toBe('france');
    expect(winner(board, rules(), owning({ france: 17, germany: 10 }))).toBeUndefined();
  });

  it('victory-alone-in-lead: a tie at the threshold is no solo', () => {
    const r = rules({ 'victory-centres': 12 });
    const tie = owning({ france: 12, germany: 12 });
    expect(soloWinners(board, r, tie)).toEqual([]);
    expect(winner(board, r, tie)).toBeUndefined();
    const loose = rules({ 'victory-centres': 12, 'victory-alone-in-lead': false });
    expect(soloWinners(board, loose, tie)).toEqual(['france', 'germany']);
    expect(winner(board, loose, tie)).toBeUndefined();
    expect(winner(board, r, owning({ france: 13, germany: 12 }))).toBe('france');
  });
});
