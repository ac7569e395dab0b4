// DATC 6.A (basic checks) and 6.B (coastal issues), with the 2023 rules
// (DATC v3.1 preferences) unless a case says otherwise. Positions and
// expectations from the DATC; the notation is described in helpers/classic.ts.
import { describe, expect, it } from 'vitest';
import { check } from './helpers/classic.js';

describe('DATC 6.A basic checks', () => {
  it('6.A.1 moving to an area that is not a neighbour fails', () => {
    check({ units: { england: ['F nth'] }, orders: { england: ['F nth - pic [illegal]'] }, expectUnits: { england: ['F nth'] } });
  });

  it('6.A.2 an army cannot move to sea', () => {
    const r = check({ units: { england: ['A lvp'] }, orders: { england: ['A lvp - iri [illegal]'] }, expectUnits: { england: ['A lvp'] } });
    expect(r.results[0]!.reason).toBe('wrong-unit-kind');
  });

  it('6.A.3 a fleet cannot move to land', () => {
    check({ units: { germany: ['F kie'] }, orders: { germany: ['F kie - mun [illegal]'] }, expectUnits: { germany: ['F kie'] } });
  });

  it('6.A.4 moving to its own sector is illegal', () => {
    const r = check({ units: { germany: ['F kie'] }, orders: { germany: ['F kie - kie [illegal]'] }, expectUnits: { germany: ['F kie'] } });
    expect(r.results[0]!.reason).toBe('same-province');
  });

  it('6.A.5 moving to its own sector with convoy is illegal, so its support is too', () => {
    check({
      units: { england: ['F nth', 'A yor', 'A lvp'], germany: ['F lon', 'A wal'] },
      orders: {
        england: ['F nth C A yor - yor [illegal]', 'A yor - yor [illegal]', 'A lvp S A yor - yor [illegal]'],
        germany: ['F lon - yor [succeeds]', 'A wal S F lon - yor [succeeds]'],
      },
      expectDislodged: ['A yor'],
      expectUnits: { england: ['F nth', 'A lvp'], germany: ['F yor', 'A wal'] },
    });
  });

  it('6.A.6 a unit of another country cannot be ordered', () => {
    const r = check({ units: { england: ['F lon'] }, orders: { germany: ['F lon - nth [illegal]'] }, expectUnits: { england: ['F lon'] } });
    expect(r.results[0]!.reason).toBe('wrong-power');
  });

  it('6.A.7 only armies can be convoyed', () => {
    check({
      units: { england: ['F lon', 'F nth'] },
      orders: { england: ['F lon - bel [illegal]', 'F nth C A lon - bel [illegal]'] },
      expectUnits: { england: ['F lon', 'F nth'] },
    });
  });

  it('6.A.8 a unit cannot support itself to hold', () => {
    check({
      units: { italy: ['A ven', 'A tyr'], austria: ['F tri'] },
      orders: { italy: ['A ven - tri [succeeds]', 'A tyr S A ven - tri [succeeds]'], austria: ['F tri S F tri [illegal]'] },
      expectDislodged: ['F tri'],
    });
  });

  it('6.A.9 fleets must follow the coast when not at sea', () => {
    check({ units: { italy: ['F rom'] }, orders: { italy: ['F rom - ven [illegal]'] }, expectUnits: { italy: ['F rom'] } });
  });

  it('6.A.10 support to an unreachable destination is illegal', () => {
    check({
      units: { austria: ['A ven'], italy: ['F rom', 'A apu'] },
      orders: { austria: ['A ven H'], italy: ['F rom S A apu - ven [illegal]', 'A apu - ven [fails]'] },
      expectDislodged: [],
    });
  });

  it('6.A.11 simple bounce', () => {
    const r = check({
      units: { austria: ['A vie'], italy: ['A ven'] },
      orders: { austria: ['A vie - tyr [fails]'], italy: ['A ven - tyr [fails]'] },
      expectUnits: { austria: ['A vie'], italy: ['A ven'] },
    });
    expect(r.results[0]!.reason).toBe('bounced');
    expect(r.next.standoffs).toEqual(['tyr']);
  });

  it('6.A.12 bounce of three units', () => {
    check({
      units: { austria: ['A vie'], germany: ['A mun'], italy: ['A ven'] },
      orders: { austria: ['A vie - tyr [fails]'], germany: ['A mun - tyr [fails]'], italy: ['A ven - tyr [fails]'] },
      expectUnits: { austria: ['A vie'], germany: ['A mun'], italy: ['A ven'] },
    });
  });
});

describe('DATC 6.B coastal issues', () => {
  it('6.B.1 a move to a split coast needs the coast when both are reachable', () => {
    const r = check({ units: { france: ['F por'] }, orders: { france: ['F por - spa [illegal]'] }, expectUnits: { france: ['F por'] } });
    expect(r.results[0]!.reason).toBe('missing-coast');
  });

  it('6.B.2 the only reachable coast is inferred', () => {
    check({ units: { france: ['F gas'] }, orders: { france: ['F gas - spa [succeeds]'] }, expectUnits: { france: ['F spa/nc'] } });
  });

  it('6.B.2 with implied-coast fail the move is illegal', () => {
    check({
      rules: { 'implied-coast': 'fail' },
      units: { france: ['F gas'] },
      orders: { france: ['F gas - spa [illegal]'] },
      expectUnits: { france: ['F gas'] },
    });
  });

  it('6.B.3 a move to an unreachable coast is illegal', () => {
    const r = check({ units: { france: ['F gas'] }, orders: { france: ['F gas - spa/sc [illegal]'] }, expectUnits: { france: ['F gas'] } });
    expect(r.results[0]!.reason).toBe('impossible-coast');
  });

  it('6.B.3 with impossible-coast ignore-coast the move goes to the reachable coast', () => {
    check({
      rules: { 'impossible-coast': 'ignore-coast' },
      units: { france: ['F gas'] },
      orders: { france: ['F gas - spa/sc [succeeds]'] },
      expectUnits: { france: ['F spa/nc'] },
    });
  });

  it('6.B.4 support to an unreachable coast is allowed', () => {
    check({
      units: { france: ['F gas', 'F mar'], italy: ['F wes'] },
      orders: { france: ['F gas - spa/nc [succeeds]', 'F mar S F gas - spa/nc [succeeds]'], italy: ['F wes - spa/sc [fails]'] },
      expectUnits: { france: ['F spa/nc', 'F mar'], italy: ['F wes'] },
    });
  });

  it('6.B.5 support from an unreachable coast is not allowed', () => {
    check({
      units: { france: ['F mar', 'F spa/nc'], italy: ['F lyo'] },
      orders: { france: ['F mar - lyo [fails]', 'F spa/nc S F mar - lyo [illegal]'], italy: ['F lyo H'] },
      expectDislodged: [],
    });
  });

  it('6.B.6 support can be cut from the other coast', () => {
    check({
      units: { england: ['F iri', 'F nao'], france: ['F spa/nc', 'F mao'], italy: ['F lyo'] },
      orders: {
        england: ['F iri S F nao - mao [succeeds]', 'F nao - mao [succeeds]'],
        france: ['F spa/nc S F mao [fails]', 'F mao H'],
        italy: ['F lyo - spa/sc [fails]'],
      },
      expectDislodged: ['F mao'],
    });
  });

  it('6.B.7 supporting an own unit without the coast is fine', () => {
    check({
      units: { france: ['F por', 'F mao'], italy: ['F lyo', 'F wes'] },
      orders: {
        france: ['F por S F mao - spa [succeeds]', 'F mao - spa/nc [fails]'],
        italy: ['F lyo S F wes - spa/sc [succeeds]', 'F wes - spa/sc [fails]'],
      },
      expectUnits: { france: ['F por', 'F mao'], italy: ['F lyo', 'F wes'] },
    });
  });

  it('6.B.7 under support-coast required the support without coast fails', () => {
    check({
      rules: { 'support-coast': 'required' },
      units: { france: ['F por', 'F mao'], italy: ['F lyo', 'F wes'] },
      orders: {
        france: ['F por S F mao - spa [fails]', 'F mao - spa/nc [fails]'],
        italy: ['F lyo S F wes - spa/sc [succeeds]', 'F wes - spa/sc [succeeds]'],
      },
      expectUnits: { france: ['F por', 'F mao'], italy: ['F lyo', 'F spa/sc'] },
    });
  });

  it('6.B.8 supporting without coast when only one coast is possible', () => {
    check({
      units: { france: ['F por', 'F gas'], italy: ['F lyo', 'F wes'] },
      orders: {
        france: ['F por S F gas - spa [succeeds]', 'F gas - spa/nc [fails]'],
        italy: ['F lyo S F wes - spa/sc [succeeds]', 'F wes - spa/sc [fails]'],
      },
      expectUnits: { france: ['F por', 'F gas'], italy: ['F lyo', 'F wes'] },
    });
  });

  it('6.B.9 a support naming the wrong coast is void', () => {
    check({
      units: { france: ['F por', 'F mao'], italy: ['F lyo', 'F wes'] },
      orders: {
        france: ['F por S F mao - spa/nc [fails]', 'F mao - spa/sc [fails]'],
        italy: ['F lyo S F wes - spa/sc [succeeds]', 'F wes - spa/sc [succeeds]'],
      },
      expectUnits: { france: ['F por', 'F mao'], italy: ['F lyo', 'F spa/sc'] },
    });
  });

  it('6.B.10 the wrong coast of the ordered unit is ignored', () => {
    check({ units: { france: ['F spa/sc'] }, orders: { france: ['F spa/nc - lyo [succeeds]'] }, expectUnits: { france: ['F lyo'] } });
  });

  it('6.B.10 with wrong-unit-coast fail the order is illegal', () => {
    check({
      rules: { 'wrong-unit-coast': 'fail' },
      units: { france: ['F spa/sc'] },
      orders: { france: ['F spa/nc - lyo [illegal]'] },
      expectUnits: { france: ['F spa/sc'] },
    });
  });

  it('6.B.11 the coast cannot be changed by ordering the other one', () => {
    check({ units: { france: ['F spa/nc'] }, orders: { france: ['F spa/sc - lyo [illegal]'] }, expectUnits: { france: ['F spa/nc'] } });
  });

  it('6.B.12 an army move with a coast ignores the coast', () => {
    check({ units: { france: ['A gas'] }, orders: { france: ['A gas - spa/nc [succeeds]'] }, expectUnits: { france: ['A spa'] } });
  });

  it('6.B.12 with unknown-coast fail the army move is illegal', () => {
    check({ rules: { 'unknown-coast': 'fail' }, units: { france: ['A gas'] }, orders: { france: ['A gas - spa/nc [illegal]'] } });
  });

  it('6.B.13 coastal crawl is a head-to-head battle', () => {
    check({
      units: { turkey: ['F bul/sc', 'F con'] },
      orders: { turkey: ['F bul/sc - con [fails]', 'F con - bul/ec [fails]'] },
      expectUnits: { turkey: ['F bul/sc', 'F con'] },
    });
  });

  it('6.B.15 supporting a foreign unit without the coast is fine under must-match', () => {
    check({
      units: { france: ['F por'], england: ['F mao'], italy: ['F lyo', 'F wes'] },
      orders: {
        france: ['F por S F mao - spa [succeeds]'],
        england: ['F mao - spa/nc [fails]'],
        italy: ['F lyo S F wes - spa/sc [succeeds]', 'F wes - spa/sc [fails]'],
      },
      expectUnits: { england: ['F mao'], italy: ['F lyo', 'F wes'] },
    });
  });

  it('6.B.15 under own-may-omit a foreign support without the coast is void', () => {
    check({
      rules: { 'support-coast': 'own-may-omit' },
      units: { france: ['F por'], england: ['F mao'], italy: ['F lyo', 'F wes'] },
      orders: {
        france: ['F por S F mao - spa [fails]'],
        england: ['F mao - spa/nc [fails]'],
        italy: ['F lyo S F wes - spa/sc [succeeds]', 'F wes - spa/sc [succeeds]'],
      },
      expectUnits: { england: ['F mao'], italy: ['F lyo', 'F spa/sc'] },
    });
  });
});
