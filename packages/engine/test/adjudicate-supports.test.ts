// DATC 6.D: supports and dislodges, 2023 rules.
import { describe, expect, it } from 'vitest';
import { check } from './helpers/classic.js';

describe('DATC 6.D supports and dislodges', () => {
  it('6.D.1 a supported hold prevents dislodgement', () => {
    check({
      units: { austria: ['F adr', 'A tri'], italy: ['A ven', 'A tyr'] },
      orders: { austria: ['F adr S A tri - ven', 'A tri - ven [fails]'], italy: ['A ven H', 'A tyr S A ven [succeeds]'] },
      expectDislodged: [],
    });
  });

  it('6.D.2 a move cuts support on hold', () => {
    check({
      units: { austria: ['F adr', 'A tri', 'A vie'], italy: ['A ven', 'A tyr'] },
      orders: { austria: ['F adr S A tri - ven', 'A tri - ven [succeeds]', 'A vie - tyr [fails]'], italy: ['A ven H', 'A tyr S A ven [fails]'] },
      expectDislodged: ['A ven'],
    });
  });

  it('6.D.3 a move cuts support on move', () => {
    const r = check({
      units: { austria: ['F adr', 'A tri'], italy: ['A ven', 'F ion'] },
      orders: { austria: ['F adr S A tri - ven [fails]', 'A tri - ven [fails]'], italy: ['A ven H', 'F ion - adr [fails]'] },
      expectDislodged: [],
    });
    expect(r.results[0]!.reason).toBe('cut');
  });

  it('6.D.4 support to hold on a unit supporting a hold is allowed', () => {
    check({
      units: { germany: ['A ber', 'F kie'], russia: ['F bal', 'A pru'] },
      orders: { germany: ['A ber S F kie', 'F kie S A ber'], russia: ['F bal S A pru - ber', 'A pru - ber [fails]'] },
      expectDislodged: [],
    });
  });

  it('6.D.5 support to hold on a unit supporting a move is allowed', () => {
    check({
      units: { germany: ['A ber', 'F kie', 'A mun'], russia: ['F bal', 'A pru'] },
      orders: { germany: ['A ber S A mun - sil', 'F kie S A ber [succeeds]', 'A mun - sil'], russia: ['F bal S A pru - ber', 'A pru - ber [fails]'] },
      expectDislodged: [],
    });
  });

  it('6.D.6 support to hold on a convoying unit is allowed', () => {
    check({
      units: { germany: ['A ber', 'F bal', 'F pru'], russia: ['F lvn', 'F bot'] },
      orders: { germany: ['A ber - swe [succeeds]', 'F bal C A ber - swe [succeeds]', 'F pru S F bal'], russia: ['F lvn - bal [fails]', 'F bot S F lvn - bal'] },
      expectUnits: { germany: ['A swe', 'F bal', 'F pru'] },
    });
  });

  it('6.D.7 support to hold on a moving unit is not allowed', () => {
    check({
      units: { germany: ['F bal', 'F pru'], russia: ['F lvn', 'F bot', 'A fin'] },
      orders: {
        germany: ['F bal - swe [fails]', 'F pru S F bal [fails]'],
        russia: ['F lvn - bal [succeeds]', 'F bot S F lvn - bal', 'A fin - swe [fails]'],
      },
      expectDislodged: ['F bal'],
    });
  });

  it('6.D.8 a failed convoy cannot receive hold support', () => {
    check({
      units: { austria: ['F ion', 'A ser', 'A alb'], turkey: ['A gre', 'A bul'] },
      orders: { austria: ['F ion H', 'A ser S A alb - gre', 'A alb - gre [succeeds]'], turkey: ['A gre - nap [fails]', 'A bul S A gre [fails]'] },
      expectDislodged: ['A gre'],
    });
  });

  it('6.D.9 support to move on a holding unit is not allowed', () => {
    check({
      units: { italy: ['A ven', 'A tyr'], austria: ['A alb', 'A tri'] },
      orders: { italy: ['A ven - tri [succeeds]', 'A tyr S A ven - tri'], austria: ['A alb S A tri - ser [fails]', 'A tri H'] },
      expectDislodged: ['A tri'],
    });
  });

  it('6.D.10 self dislodgement is prohibited', () => {
    check({
      units: { germany: ['A ber', 'F kie', 'A mun'] },
      orders: { germany: ['A ber H', 'F kie - ber [fails]', 'A mun S F kie - ber'] },
      expectDislodged: [],
    });
  });

  it('6.D.11 no self dislodgement of a returning unit', () => {
    check({
      units: { germany: ['A ber', 'F kie', 'A mun'], russia: ['A war'] },
      orders: { germany: ['A ber - pru [fails]', 'F kie - ber [fails]', 'A mun S F kie - ber'], russia: ['A war - pru [fails]'] },
      expectDislodged: [],
    });
  });

  it('6.D.12 supporting a foreign unit to dislodge an own unit is prohibited', () => {
    check({
      units: { austria: ['F tri', 'A vie'], italy: ['A ven'] },
      orders: { austria: ['F tri H', 'A vie S A ven - tri'], italy: ['A ven - tri [fails]'] },
      expectDislodged: [],
    });
  });

  it('6.D.13 supporting a foreign unit to dislodge a returning own unit is prohibited', () => {
    check({
      units: { austria: ['F tri', 'A vie'], italy: ['A ven', 'F apu'] },
      orders: { austria: ['F tri - adr [fails]', 'A vie S A ven - tri'], italy: ['A ven - tri [fails]', 'F apu - adr [fails]'] },
      expectDislodged: [],
    });
  });

  it('6.D.14 supporting a foreign unit is not enough to prevent dislodgement', () => {
    check({
      units: { austria: ['F tri', 'A vie'], italy: ['A ven', 'A tyr', 'F adr'] },
      orders: { austria: ['F tri H', 'A vie S A ven - tri'], italy: ['A ven - tri [succeeds]', 'A tyr S A ven - tri', 'F adr S A ven - tri'] },
      expectDislodged: ['F tri'],
    });
  });

  it('6.D.15 the defender cannot cut support for the attack on itself', () => {
    check({
      units: { russia: ['F con', 'F bla'], turkey: ['F ank'] },
      orders: { russia: ['F con S F bla - ank [succeeds]', 'F bla - ank [succeeds]'], turkey: ['F ank - con [fails]'] },
      expectDislodged: ['F ank'],
    });
  });

  it('6.D.16 convoying a unit that dislodges an own unit is allowed', () => {
    check({
      units: { england: ['A lon', 'F nth'], france: ['F eng', 'A bel'] },
      orders: { england: ['A lon H', 'F nth C A bel - lon [succeeds]'], france: ['F eng S A bel - lon', 'A bel - lon [succeeds]'] },
      expectDislodged: ['A lon'],
    });
  });

  it('6.D.17 dislodgement cuts supports', () => {
    check({
      units: { russia: ['F con', 'F bla'], turkey: ['F ank', 'A smy', 'A arm'] },
      orders: {
        russia: ['F con S F bla - ank [fails]', 'F bla - ank [fails]'],
        turkey: ['F ank - con [succeeds]', 'A smy S F ank - con', 'A arm - ank [fails]'],
      },
      expectDislodged: ['F con'],
    });
  });

  it('6.D.18 a surviving unit sustains its support', () => {
    check({
      units: { russia: ['F con', 'F bla', 'A bul'], turkey: ['F ank', 'A smy', 'A arm'] },
      orders: {
        russia: ['F con S F bla - ank [succeeds]', 'F bla - ank [succeeds]', 'A bul S F con'],
        turkey: ['F ank - con [fails]', 'A smy S F ank - con', 'A arm - ank [fails]'],
      },
      expectDislodged: ['F ank'],
    });
  });

  it('6.D.19 even when surviving is in an alternative way', () => {
    check({
      units: { russia: ['F con', 'F bla', 'A smy'], turkey: ['F ank'] },
      orders: { russia: ['F con S F bla - ank [succeeds]', 'F bla - ank [succeeds]', 'A smy S F ank - con'], turkey: ['F ank - con [fails]'] },
      expectDislodged: ['F ank'],
    });
  });

  it('6.D.20 a unit cannot cut the support of its own country', () => {
    check({
      units: { england: ['F lon', 'F nth', 'A yor'], france: ['F eng'] },
      orders: { england: ['F lon S F nth - eng [succeeds]', 'F nth - eng [succeeds]', 'A yor - lon [fails]'], france: ['F eng H'] },
      expectDislodged: ['F eng'],
    });
  });

  it('6.D.21 dislodging does not cancel a support cut', () => {
    check({
      units: { austria: ['F tri'], italy: ['A ven', 'A tyr'], germany: ['A mun'], russia: ['A sil', 'A ber'] },
      orders: {
        austria: ['F tri H'],
        italy: ['A ven - tri [fails]', 'A tyr S A ven - tri [fails]'],
        germany: ['A mun - tyr [fails]'],
        russia: ['A sil - mun [succeeds]', 'A ber S A sil - mun'],
      },
      expectDislodged: ['A mun'],
    });
  });

  it('6.D.22 an impossible fleet move cannot be supported', () => {
    check({
      units: { germany: ['F kie', 'A bur'], russia: ['A mun', 'A ber'] },
      orders: { germany: ['F kie - mun [illegal]', 'A bur S F kie - mun [illegal]'], russia: ['A mun - kie [succeeds]', 'A ber S A mun - kie'] },
      expectDislodged: ['F kie'],
    });
  });

  it('6.D.23 an impossible coast move cannot be supported', () => {
    check({
      units: { italy: ['F lyo', 'F wes'], france: ['F spa/nc', 'F mar'] },
      orders: {
        italy: ['F lyo - spa/sc [succeeds]', 'F wes S F lyo - spa/sc'],
        france: ['F spa/nc - lyo [illegal]', 'F mar S F spa/nc - lyo [illegal]'],
      },
      expectDislodged: ['F spa/nc'],
    });
  });

  it('6.D.24 an impossible army move cannot be supported', () => {
    check({
      units: { france: ['A mar', 'F spa/sc'], italy: ['F lyo'], turkey: ['F tys', 'F wes'] },
      orders: {
        france: ['A mar - lyo [illegal]', 'F spa/sc S A mar - lyo [illegal]'],
        italy: ['F lyo H'],
        turkey: ['F tys S F wes - lyo', 'F wes - lyo [succeeds]'],
      },
      expectDislodged: ['F lyo'],
    });
  });

  it('6.D.25 a failing hold support can be supported', () => {
    check({
      units: { germany: ['A ber', 'F kie'], russia: ['F bal', 'A pru'] },
      orders: { germany: ['A ber S A pru [fails]', 'F kie S A ber [succeeds]'], russia: ['F bal S A pru - ber', 'A pru - ber [fails]'] },
      expectDislodged: [],
    });
  });

  it('6.D.26 a failing move support can be supported', () => {
    check({
      units: { germany: ['A ber', 'F kie'], russia: ['F bal', 'A pru'] },
      orders: { germany: ['A ber S A pru - sil [fails]', 'F kie S A ber [succeeds]'], russia: ['F bal S A pru - ber', 'A pru - ber [fails]'] },
      expectDislodged: [],
    });
  });

  it('6.D.27 a failing convoy can be supported', () => {
    check({
      units: { england: ['F swe', 'F den'], germany: ['A ber'], russia: ['F bal', 'F pru'] },
      orders: {
        england: ['F swe - bal [fails]', 'F den S F swe - bal'],
        germany: ['A ber H'],
        russia: ['F bal C A ber - lvn [fails]', 'F pru S F bal [succeeds]'],
      },
      expectDislodged: [],
    });
  });

  it('6.D.28 an impossible move is ignored and the unit can be supported to hold', () => {
    check({
      units: { austria: ['A bud'], russia: ['F rum'], turkey: ['F bla', 'A bul'] },
      orders: { austria: ['A bud S F rum [succeeds]'], russia: ['F rum - hol [illegal]'], turkey: ['F bla - rum [fails]', 'A bul S F bla - rum'] },
      expectDislodged: [],
    });
  });

  it('6.D.28 with illegal-orders deny-hold-support the impossible move denies the hold support', () => {
    check({
      rules: { 'illegal-orders': 'deny-hold-support' },
      units: { austria: ['A bud'], russia: ['F rum'], turkey: ['F bla', 'A bul'] },
      orders: { austria: ['A bud S F rum [fails]'], russia: ['F rum - hol [illegal]'], turkey: ['F bla - rum [succeeds]', 'A bul S F bla - rum'] },
      expectDislodged: ['F rum'],
    });
  });

  it('6.D.29 a move to an impossible coast is ignored', () => {
    check({
      units: { austria: ['A bud'], russia: ['F rum'], turkey: ['F bla', 'A bul'] },
      orders: { austria: ['A bud S F rum [succeeds]'], russia: ['F rum - bul/sc [illegal]'], turkey: ['F bla - rum [fails]', 'A bul S F bla - rum'] },
      expectDislodged: [],
    });
  });

  it('6.D.30 a move without the needed coast is ignored', () => {
    check({
      units: { italy: ['F aeg'], russia: ['F con'], turkey: ['F bla', 'A bul'] },
      orders: { italy: ['F aeg S F con [succeeds]'], russia: ['F con - bul [illegal]'], turkey: ['F bla - con [fails]', 'A bul S F bla - con'] },
      expectDislodged: [],
    });
  });

  it('6.D.31 a tricky impossible support', () => {
    check({
      units: { austria: ['A rum'], turkey: ['F bla'] },
      orders: { austria: ['A rum - arm [fails]'], turkey: ['F bla S A rum - arm [illegal]'] },
      expectUnits: { austria: ['A rum'] },
    });
  });

  it('6.D.32 a missing fleet makes the convoyed move illegal', () => {
    check({
      units: { england: ['F edi', 'A lvp'], france: ['F lon'], germany: ['A yor'] },
      orders: { england: ['F edi S A lvp - yor', 'A lvp - yor [fails]'], france: ['F lon S A yor [succeeds]'], germany: ['A yor - hol [illegal]'] },
      expectDislodged: [],
    });
  });

  it('6.D.33 unwanted support is allowed', () => {
    check({
      units: { austria: ['A ser', 'A vie'], russia: ['A gal'], turkey: ['A bul'] },
      orders: { austria: ['A ser - bud [succeeds]', 'A vie - bud [fails]'], russia: ['A gal S A ser - bud'], turkey: ['A bul - ser [succeeds]'] },
      expectUnits: { austria: ['A bud', 'A vie'], turkey: ['A ser'] },
    });
  });

  it('6.D.34 support targeting its own area is illegal', () => {
    check({
      units: { germany: ['A ber', 'A sil', 'F bal'], italy: ['A pru'], russia: ['A war', 'A lvn'] },
      orders: {
        germany: ['A ber - pru [succeeds]', 'A sil S A ber - pru', 'F bal S A ber - pru'],
        italy: ['A pru S lvn - pru [illegal]'],
        russia: ['A war S A lvn - pru', 'A lvn - pru [fails]'],
      },
      expectDislodged: ['A pru'],
    });
  });
});
