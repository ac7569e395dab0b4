// Positions are values: the adjudicator never changes the position and orders
// it is given, and the next position shares with the one before what stays as
// it was (the unit objects, the owners object when no centre changes hands;
// positionAfter, game/phases.ts). That is safe only while nothing writes into a
// position in place, or a later change would silently alter earlier phases of a
// game. So here every kind of phase is adjudicated on deep-frozen positions and
// orders (any write into them throws), over seeded random games under every
// edition and the options that draw by lot; the case tests adjudicate frozen
// positions too (helpers/classic.ts, `check`).
import { adjudicatePhase } from '../src/adjudicate/phase.js';
import type { PhaseKind, Position, Unit } from '../src/game/position.js';
import { initialPosition } from '../src/game/runner.js';
import { compileBoard } from '../src/board/board.js';
import { mulberry32 } from '../src/legal/index.js';
import { describe, expect, it } from 'vitest';
import { board, CLASSIC, casePosition, parseOrder, rules as classicRules } from './helpers/classic.js';
import { deepFreeze } from './helpers/freeze.js';
import { randomPlay } from './helpers/random-play.js';
import { ruleSets } from './helpers/rule-sets.js';

describe('adjudicating deep-frozen positions', () => {
  it('a write into a deep-frozen position throws', () => {
    const position = deepFreeze(casePosition({ units: { france: ['A par'] }, owners: { france: ['par'] }, orders: {} }));
    expect(() => (position.units as Unit[]).push({ power: 'france', kind: 'army', at: 'bur' })).toThrow(TypeError);
    expect(() => ((position.units[0] as Unit).at = 'bur')).toThrow(TypeError);
    expect(() => (position.owners.bre = 'france')).toThrow(TypeError);
  });

  for (const { label, rules, config } of ruleSets()) {
    it(`every kind of phase, ${label}`, () => {
      const b = config === CLASSIC ? board : compileBoard(config);
      const played = new Set<PhaseKind>();
      for (const seed of [1, 2, 3]) {
        const game = randomPlay(b, rules, initialPosition(config), { rng: mulberry32(seed), seed, phases: 30, uniform: (k) => k % 2 === 0, freeze: true });
        for (const { position, orders } of game.phases) {
          played.add(position.phase.kind);
          // Pure: the same frozen input gives the same result again.
          expect(adjudicatePhase(b, position, orders, rules, { seed })).toEqual(adjudicatePhase(b, position, orders, rules, { seed }));
        }
      }
      const kinds = rules['year-shape'] === 'postal' ? ['movement'] : ['adjustment', 'movement', 'retreat'];
      expect([...played].sort()).toEqual(kinds);
    });
  }
});

describe('what the next position shares with the one before', () => {
  const orders = (list: string[]): ReturnType<typeof parseOrder>['order'][] => list.map((t) => parseOrder('france', t).order);

  it('a unit that stays is the same object; one that moves is a new one, and the old one keeps its place', () => {
    const position: Position = deepFreeze(casePosition({ units: { france: ['A par', 'F bre'] }, owners: { france: ['par', 'bre'] }, orders: {} }));
    const next = adjudicatePhase(board, position, orders(['A par - bur', 'F bre H']), classicRules()).next;
    expect(next.units.find((u) => u.at === 'bre')).toBe(position.units[1]);
    expect(next.units.find((u) => u.at === 'bur')).not.toBe(position.units[0]);
    expect(position.units[0]!.at).toBe('par');
  });

  it('the owners object is shared when no centre changes hands, and copied when one does', () => {
    const spring: Position = deepFreeze(casePosition({ units: { france: ['A par'] }, owners: { france: ['par'] }, orders: {} }));
    expect(adjudicatePhase(board, spring, orders(['A par - bur']), classicRules()).next.owners).toBe(spring.owners);
    // The centres change hands after the fall retreats (a phase passed over here).
    const fall = (at: string): Position => deepFreeze(casePosition({ phase: { season: 'fall', kind: 'retreat' }, units: { france: [at] }, owners: { france: ['par'] }, orders: {} }));
    const stays = fall('A par');
    expect(adjudicatePhase(board, stays, [], classicRules()).next.owners).toBe(stays.owners);
    const takes = fall('A mar');
    const owners = adjudicatePhase(board, takes, [], classicRules()).next.owners;
    expect(owners).toEqual({ par: 'france', mar: 'france' });
    expect(takes.owners).toEqual({ par: 'france' });
  });
});
