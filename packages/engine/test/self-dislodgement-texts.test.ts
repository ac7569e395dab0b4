/**
 * The self-dislodgement switches as the rule texts word them (the game-file
 * cases are test/rules/000-self-dislodgement-*, 004-self-dislodgement-*):
 *
 * - 004 (`support-becomes-hold`): a support of a foreign unit into the province
 *   of an own unit that does not leave turns into a support to hold that unit,
 *   also when the unit tried to leave and bounced, or lost a head-to-head battle;
 * - 000 §9 (`no-convoy`): a power's fleets do not carry a foreign army that would
 *   dislodge its own unit; the army has no route, and their convoy is not used.
 */
import { describe, expect, it } from 'vitest';
import { check } from './helpers/classic.js';

const BECOMES_HOLD = { 'self-dislodgement': 'support-becomes-hold' };

describe('004: support-becomes-hold', () => {
  const returning = {
    units: { germany: ['A ber', 'A kie'], russia: ['A war', 'A sil', 'F bal'] },
    orders: {
      germany: ['A ber - pru [fails]', 'A kie S A sil - ber [succeeds]'],
      russia: ['A war - pru [fails]', 'A sil - ber', 'F bal S A sil - ber [succeeds]'],
    },
  };

  it('an own unit that bounced and stays keeps the support as a hold support', () => {
    const r = check({ ...returning, rules: BECOMES_HOLD, expectDislodged: [] });
    expect(r.results[3]!.status).toBe('fails');
    expect(r.results[1]!.detail).toBe('the own unit there stays, so this counts as a support to hold A ber (self-dislodgement support-becomes-hold)');
  });

  it('standard: the returning unit is dislodged, and the support says nothing more', () => {
    const r = check({ ...returning, expectDislodged: ['A ber'] });
    expect(r.results[1]).toMatchObject({ status: 'succeeds' });
    expect(r.results[1]!.detail).toBeUndefined();
  });

  it('a head-to-head battle lost: the support counts in the defence', () => {
    const h2h = {
      units: { germany: ['A ber', 'A mun'], england: ['F kie'], russia: ['F bal'] },
      orders: { germany: ['A ber - kie [fails]', 'A mun S F kie - ber [succeeds]'], england: ['F kie - ber'], russia: ['F bal S F kie - ber [succeeds]'] },
    };
    check({ ...h2h, rules: BECOMES_HOLD, expectDislodged: [], expectUnits: { england: ['F kie'] } });
    check({ ...h2h, expectDislodged: ['A ber'], expectUnits: { england: ['F ber'] } });
  });

  it('an own unit that leaves: the support is an ordinary support of the foreign move', () => {
    const r = check({
      rules: BECOMES_HOLD,
      units: { germany: ['A ber', 'A kie'], russia: ['A sil'] },
      orders: { germany: ['A ber - pru [succeeds]', 'A kie S A sil - ber [succeeds]'], russia: ['A sil - ber [succeeds]'] },
      expectUnits: { germany: ['A kie', 'A pru'], russia: ['A ber'] },
    });
    expect(r.results[1]!.detail).toBeUndefined();
  });
});

describe('000 §9: no-convoy', () => {
  const NO_CONVOY = { 'self-dislodgement': 'no-convoy' };

  it('the army has no route through the defender’s fleets, and says so; the fleet’s convoy fails as not used', () => {
    const r = check({
      rules: NO_CONVOY,
      units: { england: ['A lon', 'F nth'], france: ['F eng', 'A bel'] },
      orders: { england: ['A lon H [succeeds]', 'F nth C A bel - lon [fails]'], france: ['F eng S A bel - lon', 'A bel - lon [fails]'] },
      expectDislodged: [],
    });
    expect(r.results[3]).toMatchObject({ reason: 'no-convoy', detail: 'the fleets of england do not carry an army that would dislodge their own unit (self-dislodgement no-convoy)' });
    expect(r.results[1]).toMatchObject({ reason: 'not-used' });
  });

  it("another power's route still carries it: the defender's convoy is refused, the attack succeeds", () => {
    const r = check({
      rules: NO_CONVOY,
      units: { england: ['A lon', 'F nth'], france: ['F eng', 'A bel', 'A wal'] },
      orders: { england: ['A lon H', 'F nth C A bel - lon [fails]'], france: ['F eng C A bel - lon [succeeds]', 'A wal S A bel - lon', 'A bel - lon [succeeds]'] },
      expectDislodged: ['A lon'],
    });
    expect(r.results[1]!.reason).toBe('not-used');
  });

  it('standard (DATC 6.D.16): convoying a foreign army against an own unit is allowed', () => {
    check({
      units: { england: ['A lon', 'F nth'], france: ['F eng', 'A bel'] },
      orders: { england: ['A lon H', 'F nth C A bel - lon [succeeds]'], france: ['F eng S A bel - lon', 'A bel - lon [succeeds]'] },
      expectDislodged: ['A lon'],
    });
  });
});
