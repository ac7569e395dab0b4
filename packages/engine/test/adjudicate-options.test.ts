// Order-writing and miscellaneous rule options of the movement phase (DATC 4.C,
// 4.D.3, 4.D.9, 4.E.3, 4.A.6), and what a movement result reports.
import { describe, expect, it } from 'vitest';
import { adjudicatePhase } from '../src/adjudicate/phase.js';
import type { Order } from '../src/orders/order.js';
import { board, casePosition, check, rules, unitsByPower } from './helpers/classic.js';

describe('unit type and nationality (4.C)', () => {
  const hold = (power: string, at: string, kind?: 'army' | 'fleet'): Order => ({ type: 'hold', power, unit: kind ? { kind, at } : { at } });
  const move = (power: string, at: string, to: string, kind?: 'army' | 'fleet'): Order => ({
    type: 'move',
    power,
    unit: kind ? { kind, at } : { at },
    to,
    viaConvoy: false,
  });
  const position = casePosition({ units: { england: ['A hol'] }, orders: {} });
  const run = (orders: Order[], over: Parameters<typeof rules>[0] = {}) => adjudicatePhase(board, position, orders, rules(over));

  it('4.C.1 a missing unit type: valid, invalid, valid unless another order gives it', () => {
    expect(run([move('england', 'hol', 'bel')]).results[0]!.status).toBe('succeeds');
    expect(run([move('england', 'hol', 'bel')], { 'missing-unit-type': 'invalid' }).results[0]!.reason).toBe('missing-unit-type');
    const r = run([move('england', 'hol', 'bel'), hold('england', 'hol', 'army')], { 'missing-unit-type': 'valid-unless-other' });
    expect(r.results.map((x) => x.status)).toEqual(['illegal', 'succeeds']);
    expect(r.results[0]!.reason).toBe('superseded');
  });

  it('4.C.2 a wrong unit type: valid, invalid, valid unless another order gets it right', () => {
    expect(run([move('england', 'hol', 'bel', 'fleet')]).results[0]!.status).toBe('succeeds');
    expect(run([move('england', 'hol', 'bel', 'fleet')], { 'wrong-unit-type': 'invalid' }).results[0]!.status).toBe('illegal');
    const r = run([move('england', 'hol', 'bel', 'fleet'), move('england', 'hol', 'ruh', 'army')], { 'wrong-unit-type': 'valid-unless-other' });
    expect(unitsByPower(r.next.units).england).toEqual(['A ruh']);
  });

  it('4.C.5 / 4.C.6 missing or wrong nationality in a support', () => {
    const p = casePosition({ units: { england: ['A hol'], germany: ['A ruh'] }, orders: {} });
    const support = (power?: string): Order => ({
      type: 'support',
      power: 'germany',
      unit: { kind: 'army', at: 'ruh' },
      supported: power ? { kind: 'army', at: 'hol', power } : { kind: 'army', at: 'hol' },
    });
    const status = (o: Order, over: Parameters<typeof rules>[0]) => adjudicatePhase(board, p, [o], rules(over)).results[0]!.status;
    expect(status(support(), {})).toBe('succeeds');
    expect(status(support(), { 'missing-nationality': 'invalid' })).toBe('illegal');
    expect(status(support('england'), { 'missing-nationality': 'invalid' })).toBe('succeeds');
    expect(status(support('france'), {})).toBe('succeeds');
    expect(status(support('france'), { 'wrong-nationality': 'invalid' })).toBe('illegal');
  });
});

describe('two orders for one unit (4.D.3 duplicate-orders)', () => {
  const c = { units: { england: ['A hol'] }, orders: { england: ['A hol - bel', 'A hol - ruh'] } };
  it('hold: both are void and the unit holds', () => {
    const r = check({ ...c, expectUnits: { england: ['A hol'] } });
    expect(r.results.map((x) => x.reason)).toEqual(['duplicate-order', 'duplicate-order']);
  });
  it('first / last', () => {
    check({ ...c, rules: { 'duplicate-orders': 'first' }, expectUnits: { england: ['A bel'] } });
    check({ ...c, rules: { 'duplicate-orders': 'last' }, expectUnits: { england: ['A ruh'] } });
  });
  it('the same order twice is one order, and an illegal order is no second order', () => {
    check({ units: { england: ['A hol'] }, orders: { england: ['A hol - bel [succeeds]', 'A hol - bel [succeeds]'] }, expectUnits: { england: ['A bel'] } });
    check({ units: { england: ['A hol'] }, orders: { england: ['A hol - bel [succeeds]', 'A hol - lon [illegal]'] }, expectUnits: { england: ['A bel'] } });
  });
});

describe('civil disorder hold support (4.D.9)', () => {
  const c = {
    units: { austria: ['A ser'], russia: ['A rum'], turkey: ['A bul', 'A gre'] },
    orders: { russia: ['A rum S A ser'], turkey: ['A bul - ser', 'A gre S A bul - ser'] },
  };
  it('succeeds: the foreign support holds the unit of a power that sent no orders', () => {
    check({ ...c, expectDislodged: [] });
  });
  it('fails: the support does not count', () => {
    const r = check({ ...c, rules: { 'civil-disorder-hold-support': 'fails' }, expectDislodged: ['A ser'] });
    expect(r.results[0]!.reason).toBe('civil-disorder');
  });
});

describe('implicit orders (4.E.3)', () => {
  it('an own support implies the move of an unordered unit when the option is on', () => {
    const c = { units: { france: ['A par', 'A bur'] }, orders: { france: ['A bur S A par - pic'] } };
    check({ ...c, expectUnits: { france: ['A par', 'A bur'] } });
    const r = check({ ...c, rules: { 'implicit-orders': true }, expectUnits: { france: ['A pic', 'A bur'] } });
    expect(r.results).toHaveLength(2);
    expect(r.results[1]).toMatchObject({ status: 'succeeds', implicit: true });
  });

  it('an own convoy implies a convoyed move; a foreign one implies nothing', () => {
    check({ rules: { 'implicit-orders': true }, units: { england: ['A lon', 'F nth'] }, orders: { england: ['F nth C A lon - nwy'] }, expectUnits: { england: ['A nwy', 'F nth'] } });
    check({
      rules: { 'implicit-orders': true },
      units: { england: ['A lon'], germany: ['F nth'] },
      orders: { germany: ['F nth C A lon - nwy'] },
      expectUnits: { england: ['A lon'] },
    });
  });
});

describe('convoy path in the order (4.A.6 convoy-path)', () => {
  const pos = casePosition({ units: { england: ['A lon', 'F nth', 'F eng'] }, orders: {} });
  const orders = (path?: string[]): Order[] => [
    { type: 'move', power: 'england', unit: { kind: 'army', at: 'lon' }, to: 'bel', viaConvoy: false, ...(path ? { path } : {}) },
    { type: 'convoy', power: 'england', unit: { kind: 'fleet', at: 'nth' }, army: { kind: 'army', at: 'lon' }, to: 'bel' },
  ];
  const status = (path: string[] | undefined, value: string) =>
    adjudicatePhase(board, pos, orders(path), rules({ 'convoy-path': value })).results[0]!.status;

  it('ignored: a written path does not matter', () => {
    expect(status(['eng'], 'ignored')).toBe('succeeds');
  });
  it('optional: a written path is the only route', () => {
    expect(status(['nth'], 'optional')).toBe('succeeds');
    expect(status(['eng'], 'optional')).toBe('fails');
    expect(status(undefined, 'optional')).toBe('succeeds');
  });
  it('required: a convoyed move without a path fails', () => {
    expect(status(undefined, 'required')).toBe('fails');
    expect(status(['nth'], 'required')).toBe('succeeds');
  });
});

describe('what a movement result reports', () => {
  it('the next phase is the retreat phase, with dislodged units, their attackers and standoffs', () => {
    const r = check({
      units: { austria: ['A bud', 'A tri'], germany: ['A mun', 'A sil'], italy: ['A vie'] },
      orders: { austria: ['A bud S A tri - vie', 'A tri - vie'], germany: ['A mun - boh', 'A sil - boh'], italy: ['A vie H [fails]'] },
    });
    expect(r.next.phase).toEqual({ year: 1901, season: 'spring', kind: 'retreat' });
    expect(r.dislodged).toEqual([{ power: 'italy', kind: 'army', at: 'vie', from: 'tri', byConvoy: false }]);
    expect(r.next.dislodged).toEqual(r.dislodged);
    expect(r.next.standoffs).toEqual(['boh']);
    expect(r.results[2]!.detail).toMatch(/attack 1 against hold 0, 1 of A sil/);
  });

  it("a bounce's sentence names each strength, phase after phase (the usual sentences are made once and kept)", () => {
    // Sentences asked again, between others with the same units at other strengths: one kept under
    // the wrong key would come back for another strength or unit.
    const detail = (units: Record<string, string[]>, orders: Record<string, string[]>, i: number): string | undefined =>
      check({ units, orders }).results[i]!.detail;
    const hold1 = detail({ england: ['F lon'], france: ['F eng'] }, { england: ['F lon - eng'], france: ['F eng H'] }, 0);
    const hold2 = detail(
      { england: ['F lon'], france: ['F eng', 'F bre'] },
      { england: ['F lon - eng'], france: ['F eng H', 'F bre S F eng'] },
      0,
    );
    const big = ['F bre', 'F pic', 'F iri', 'F mao', 'F nth', 'F wal', 'A yor'];
    const holdMany = detail(
      { england: ['F lon'], france: ['F eng', ...big] },
      { england: ['F lon - eng'], france: ['F eng H', 'F bre S F eng', 'F pic S F eng', 'F iri S F eng', 'F mao S F eng', 'F nth S F eng', 'F wal S F eng'] },
      0,
    );
    const mover1 = detail({ germany: ['A mun'], france: ['A par'] }, { germany: ['A mun - bur'], france: ['A par - bur'] }, 1);
    const mover2 = detail({ germany: ['A mun', 'A ruh'], france: ['A par'] }, { germany: ['A mun - bur', 'A ruh S A mun - bur'], france: ['A par - bur'] }, 2);
    const fleetMover = detail({ germany: ['F hel'], england: ['F lon'] }, { germany: ['F hel - nth'], england: ['F lon - nth'] }, 1);
    expect(hold1).toBe('attack 1 against hold 1');
    expect(detail({ england: ['F lon'], france: ['F eng'] }, { england: ['F lon - eng'], france: ['F eng H'] }, 0)).toBe(hold1);
    expect(hold2).toBe('attack 1 against hold 2');
    expect(holdMany).toBe('attack 1 against hold 7');
    expect(mover1).toBe('attack 1 against hold 0, 1 of A mun');
    expect(detail({ germany: ['A mun'], france: ['A par'] }, { germany: ['A mun - bur'], france: ['A par - bur'] }, 1)).toBe(mover1);
    expect(mover2).toBe('attack 1 against hold 0, 2 of A mun');
    expect(detail({ germany: ['A mun', 'A ruh'], france: ['A par'] }, { germany: ['A mun - bur', 'A ruh S A mun - bur'], france: ['A par - bur'] }, 2)).toBe(mover2);
    expect(fleetMover).toBe('attack 1 against hold 0, 1 of F hel');
  });

  it('a dislodging convoyed army is marked as such', () => {
    const r = check({
      units: { england: ['A lon', 'F nth', 'F eng'], france: ['A bel'] },
      orders: { england: ['A lon - bel', 'F nth C A lon - bel', 'F eng S A lon - bel'], france: ['A bel H'] },
    });
    expect(r.dislodged).toEqual([{ power: 'france', kind: 'army', at: 'bel', from: 'lon', byConvoy: true }]);
  });

  it('does not modify the position or the orders', () => {
    const c = { units: { england: ['A lon', 'F nth'] }, orders: {} };
    const position = casePosition(c);
    const before = JSON.stringify(position);
    const orders: Order[] = [{ type: 'move', power: 'england', unit: { at: 'lon' }, to: 'nwy', viaConvoy: false }];
    adjudicatePhase(board, position, orders, rules());
    expect(JSON.stringify(position)).toBe(before);
    expect(orders[0]).toEqual({ type: 'move', power: 'england', unit: { at: 'lon' }, to: 'nwy', viaConvoy: false });
  });
});
