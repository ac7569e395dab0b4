// DATC 6.E: head-to-head battles and beleaguered garrisons, 2023 rules; and the
// other self-dislodgement options.
import { describe, it } from 'vitest';
import { check } from './helpers/classic.js';

describe('DATC 6.E head-to-head battles and beleaguered garrison', () => {
  it('6.E.1 a dislodged unit has no effect on the attacker\'s area', () => {
    check({
      units: { germany: ['A ber', 'F kie', 'A sil'], russia: ['A pru'] },
      orders: { germany: ['A ber - pru [succeeds]', 'F kie - ber [succeeds]', 'A sil S A ber - pru'], russia: ['A pru - ber [fails]'] },
      expectDislodged: ['A pru'],
      expectUnits: { germany: ['A pru', 'F ber', 'A sil'] },
    });
  });

  it('6.E.2 no self dislodgement in a head-to-head battle', () => {
    check({
      units: { germany: ['A ber', 'F kie', 'A mun'] },
      orders: { germany: ['A ber - kie [fails]', 'F kie - ber [fails]', 'A mun S A ber - kie'] },
      expectDislodged: [],
    });
  });

  it('6.E.3 no help in dislodging an own unit', () => {
    check({
      units: { germany: ['A ber', 'A mun'], england: ['F kie'] },
      orders: { germany: ['A ber - kie [fails]', 'A mun S F kie - ber'], england: ['F kie - ber [fails]'] },
      expectDislodged: [],
    });
  });

  it('6.E.4 a non-dislodged loser still has effect', () => {
    check({
      units: {
        germany: ['F hol', 'F hel', 'F ska'],
        france: ['F nth', 'F bel'],
        england: ['F edi', 'F yor', 'F nwg'],
        austria: ['A kie', 'A ruh'],
      },
      orders: {
        germany: ['F hol - nth [fails]', 'F hel S F hol - nth', 'F ska S F hol - nth'],
        france: ['F nth - hol [fails]', 'F bel S F nth - hol'],
        england: ['F edi S F nwg - nth', 'F yor S F nwg - nth', 'F nwg - nth [fails]'],
        austria: ['A kie S A ruh - hol', 'A ruh - hol [fails]'],
      },
      expectDislodged: [],
    });
  });

  it('6.E.5 a loser dislodged by another army still has effect', () => {
    check({
      units: {
        germany: ['F hol', 'F hel', 'F ska'],
        france: ['F nth', 'F bel'],
        england: ['F edi', 'F yor', 'F nwg', 'F lon'],
        austria: ['A kie', 'A ruh'],
      },
      orders: {
        germany: ['F hol - nth [fails]', 'F hel S F hol - nth', 'F ska S F hol - nth'],
        france: ['F nth - hol [fails]', 'F bel S F nth - hol'],
        england: ['F edi S F nwg - nth', 'F yor S F nwg - nth', 'F nwg - nth [succeeds]', 'F lon S F nwg - nth'],
        austria: ['A kie S A ruh - hol', 'A ruh - hol [fails]'],
      },
      expectDislodged: ['F nth'],
    });
  });

  it('6.E.6 not dislodged because of own support still has effect', () => {
    check({
      units: { germany: ['F hol', 'F hel'], france: ['F nth', 'F bel', 'F eng'], austria: ['A kie', 'A ruh'] },
      orders: {
        germany: ['F hol - nth [fails]', 'F hel S F hol - nth'],
        france: ['F nth - hol [fails]', 'F bel S F nth - hol', 'F eng S F hol - nth'],
        austria: ['A kie S A ruh - hol', 'A ruh - hol [fails]'],
      },
      expectDislodged: [],
    });
  });

  it('6.E.7 no self dislodgement with a beleaguered garrison', () => {
    check({
      units: { england: ['F nth', 'F yor'], germany: ['F hol', 'F hel'], russia: ['F ska', 'F nwy'] },
      orders: {
        england: ['F nth H', 'F yor S F nwy - nth'],
        germany: ['F hol S F hel - nth', 'F hel - nth [fails]'],
        russia: ['F ska S F nwy - nth', 'F nwy - nth [fails]'],
      },
      expectDislodged: [],
    });
  });

  it('6.E.8 no self dislodgement with a beleaguered garrison and head-to-head battle', () => {
    check({
      units: { england: ['F nth', 'F yor'], germany: ['F hol', 'F hel'], russia: ['F ska', 'F nwy'] },
      orders: {
        england: ['F nth - nwy [fails]', 'F yor S F nwy - nth'],
        germany: ['F hol S F hel - nth', 'F hel - nth [fails]'],
        russia: ['F ska S F nwy - nth', 'F nwy - nth [fails]'],
      },
      expectDislodged: [],
    });
  });

  it('6.E.9 almost self dislodgement with a beleaguered garrison', () => {
    check({
      units: { england: ['F nth', 'F yor'], germany: ['F hol', 'F hel'], russia: ['F ska', 'F nwy'] },
      orders: {
        england: ['F nth - nwg [succeeds]', 'F yor S F nwy - nth'],
        germany: ['F hol S F hel - nth', 'F hel - nth [fails]'],
        russia: ['F ska S F nwy - nth', 'F nwy - nth [succeeds]'],
      },
      expectUnits: { england: ['F nwg', 'F yor'], russia: ['F ska', 'F nth'] },
    });
  });

  it('6.E.10 almost circular movement with no self dislodgement with a beleaguered garrison', () => {
    check({
      units: { england: ['F nth', 'F yor'], germany: ['F hol', 'F hel', 'F den'], russia: ['F ska', 'F nwy'] },
      orders: {
        england: ['F nth - den [fails]', 'F yor S F nwy - nth'],
        germany: ['F hol S F hel - nth', 'F hel - nth [fails]', 'F den - hel [fails]'],
        russia: ['F ska S F nwy - nth', 'F nwy - nth [fails]'],
      },
      expectDislodged: [],
    });
  });

  it('6.E.11 unit swap with adjacent convoying and two coasts', () => {
    check({
      units: { france: ['A spa', 'F mao', 'F lyo'], germany: ['A mar', 'A gas'], italy: ['F por', 'F wes'] },
      orders: {
        france: ['A spa - por via convoy [succeeds]', 'F mao C A spa - por', 'F lyo S F por - spa/nc'],
        germany: ['A mar S A gas - spa', 'A gas - spa [fails]'],
        italy: ['F por - spa/nc [succeeds]', 'F wes S F por - spa/nc'],
      },
      expectUnits: { france: ['A por', 'F mao', 'F lyo'], italy: ['F spa/nc', 'F wes'] },
    });
  });

  it('6.E.12 support on an attack on an own unit can be used for other means', () => {
    check({
      units: { austria: ['A bud', 'A ser'], italy: ['A vie'], russia: ['A gal', 'A rum'] },
      orders: {
        austria: ['A bud - rum [fails]', 'A ser S A vie - bud'],
        italy: ['A vie - bud [fails]'],
        russia: ['A gal - bud [fails]', 'A rum S A gal - bud'],
      },
      expectDislodged: [],
    });
  });

  it('6.E.13 three way beleaguered garrison', () => {
    check({
      units: { england: ['F edi', 'F yor'], france: ['F bel', 'F eng'], germany: ['F nth'], russia: ['F nwg', 'F nwy'] },
      orders: {
        england: ['F edi S F yor - nth', 'F yor - nth [fails]'],
        france: ['F bel - nth [fails]', 'F eng S F bel - nth'],
        germany: ['F nth H'],
        russia: ['F nwg - nth [fails]', 'F nwy S F nwg - nth'],
      },
      expectDislodged: [],
    });
  });

  it('6.E.14 an illegal head-to-head battle can still defend', () => {
    check({
      units: { england: ['A lvp'], russia: ['F edi'] },
      orders: { england: ['A lvp - edi [fails]'], russia: ['F edi - lvp [illegal]'] },
      expectDislodged: [],
    });
  });

  it('6.E.15 the friendly head-to-head battle', () => {
    check({
      units: {
        england: ['F hol', 'A ruh'],
        france: ['A kie', 'A mun', 'A sil'],
        germany: ['A ber', 'F den', 'F hel'],
        russia: ['F bal', 'A pru'],
      },
      orders: {
        england: ['F hol S A ruh - kie', 'A ruh - kie [fails]'],
        france: ['A kie - ber [fails]', 'A mun S A kie - ber', 'A sil S A kie - ber'],
        germany: ['A ber - kie [fails]', 'F den S A ber - kie', 'F hel S A ber - kie'],
        russia: ['F bal S A pru - ber', 'A pru - ber [fails]'],
      },
      expectDislodged: [],
    });
  });
});

describe('self-dislodgement options', () => {
  // 6.D.12 with the support turned into a hold support of the own unit.
  it('support-becomes-hold: own support of a foreign attack helps hold', () => {
    check({
      rules: { 'self-dislodgement': 'support-becomes-hold' },
      units: { austria: ['F tri', 'A vie'], italy: ['A ven', 'A tyr'] },
      orders: { austria: ['F tri H', 'A vie S A ven - tri'], italy: ['A ven - tri [fails]', 'A tyr S A ven - tri'] },
      expectDislodged: [],
    });
  });

  it('standard: the same attack dislodges (the own support just does not count)', () => {
    check({
      units: { austria: ['F tri', 'A vie'], italy: ['A ven', 'A tyr'] },
      orders: { austria: ['F tri H', 'A vie S A ven - tri'], italy: ['A ven - tri [succeeds]', 'A tyr S A ven - tri'] },
      expectDislodged: ['F tri'],
    });
  });

  // 6.D.16 under no-convoy: the English fleet does not carry the French army into London.
  it('no-convoy: a power does not convoy an army that dislodges its own unit', () => {
    check({
      rules: { 'self-dislodgement': 'no-convoy' },
      units: { england: ['A lon', 'F nth'], france: ['F eng', 'A bel'] },
      orders: { england: ['A lon H', 'F nth C A bel - lon'], france: ['F eng S A bel - lon', 'A bel - lon [fails]'] },
      expectDislodged: [],
    });
  });
});
