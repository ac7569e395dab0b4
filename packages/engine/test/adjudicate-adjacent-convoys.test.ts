// DATC 6.G: convoying to adjacent provinces. The 2023 rules (`convoy-to-adjacent`
// via-convoy, no fallback, support not cut by a convoyed attack, a dislodged
// unit still bounces without a head-to-head battle) unless a case names other
// options; the 1971 reading (`swap-only`) and the others where the DATC gives
// their answer.
import { describe, it } from 'vitest';
import { check, type PhaseCase } from './helpers/classic.js';

const SWAP_ONLY = { 'convoy-to-adjacent': 'swap-only', 'via-convoy-fallback': true } as const;
const TAGGED_ONLY = { 'convoy-to-adjacent': 'tagged-only' } as const;

describe('DATC 6.G convoying to adjacent provinces', () => {
  it('6.G.1 two units can swap provinces by convoy', () => {
    const c: PhaseCase = {
      units: { england: ['A nwy', 'F ska'], russia: ['A swe'] },
      orders: { england: ['A nwy - swe', 'F ska C A nwy - swe'], russia: ['A swe - nwy'] },
    };
    check({ ...c, expectUnits: { england: ['A swe', 'F ska'], russia: ['A nwy'] } });
    check({ ...c, rules: SWAP_ONLY, expectUnits: { england: ['A swe', 'F ska'], russia: ['A nwy'] } });
    check({ ...c, rules: TAGGED_ONLY, expectUnits: { england: ['A nwy', 'F ska'], russia: ['A swe'] } });
  });

  it('6.G.2 kidnapping an army is prevented (but not under swap-only)', () => {
    const c: PhaseCase = {
      units: { england: ['A nwy'], russia: ['F swe'], germany: ['F ska'] },
      orders: { england: ['A nwy - swe'], russia: ['F swe - nwy'], germany: ['F ska C A nwy - swe'] },
    };
    check({ ...c, expectUnits: { england: ['A nwy'], russia: ['F swe'] } });
    check({ ...c, rules: SWAP_ONLY, expectUnits: { england: ['A swe'], russia: ['F nwy'] } });
  });

  it('6.G.3 an unwanted disrupted convoy to an adjacent province', () => {
    const c: PhaseCase = {
      units: { france: ['F bre', 'A pic', 'A bur', 'F mao'], england: ['F eng'] },
      orders: {
        france: ['F bre - eng [succeeds]', 'A pic - bel [succeeds]', 'A bur S A pic - bel', 'F mao S F bre - eng'],
        england: ['F eng C A pic - bel'],
      },
      expectUnits: { france: ['F eng', 'A bel', 'A bur', 'F mao'] },
    };
    check(c);
    check({ ...c, rules: SWAP_ONLY });
  });

  it('6.G.4 an unwanted disrupted convoy to an adjacent province and opposite move', () => {
    const c: PhaseCase = {
      units: { france: ['F bre', 'A pic', 'A bur', 'F mao'], england: ['F eng', 'A bel'] },
      orders: {
        france: ['F bre - eng [succeeds]', 'A pic - bel [succeeds]', 'A bur S A pic - bel', 'F mao S F bre - eng'],
        england: ['F eng C A pic - bel', 'A bel - pic [fails]'],
      },
      expectDislodged: ['F eng', 'A bel'],
    };
    check(c);
    check({ ...c, rules: SWAP_ONLY });
  });

  it('6.G.5 swapping with multiple fleets with one own fleet', () => {
    check({
      units: { italy: ['A rom', 'F tys'], turkey: ['A apu', 'F ion'] },
      orders: { italy: ['A rom - apu [succeeds]', 'F tys C A apu - rom'], turkey: ['A apu - rom [succeeds]', 'F ion C A apu - rom'] },
      expectUnits: { italy: ['A apu', 'F tys'], turkey: ['A rom', 'F ion'] },
    });
  });

  it('6.G.6 swapping with unintended intent', () => {
    const c: PhaseCase = {
      units: { england: ['A lvp', 'F eng'], germany: ['A edi'], france: ['F iri', 'F nth'], russia: ['F nwg', 'F nao'] },
      orders: {
        england: ['A lvp - edi', 'F eng C A lvp - edi'],
        germany: ['A edi - lvp'],
        france: ['F iri H', 'F nth H'],
        russia: ['F nwg C A lvp - edi', 'F nao C A lvp - edi'],
      },
    };
    check({ ...c, expectUnits: { england: ['A edi', 'F eng'], germany: ['A lvp'] } });
    check({ ...c, rules: TAGGED_ONLY, expectUnits: { england: ['A lvp', 'F eng'], germany: ['A edi'] } });
  });

  it('6.G.7 swapping with illegal intent', () => {
    const c: PhaseCase = {
      units: { england: ['F ska', 'F nwy'], russia: ['A swe', 'F bot'] },
      orders: { england: ['F ska C A swe - nwy', 'F nwy - swe'], russia: ['A swe - nwy', 'F bot C A swe - nwy [illegal]'] },
    };
    check({ ...c, expectUnits: { england: ['F ska', 'F nwy'], russia: ['A swe', 'F bot'] } });
    check({ ...c, rules: SWAP_ONLY, expectUnits: { england: ['F ska', 'F swe'], russia: ['A nwy', 'F bot'] } });
  });

  it('6.G.8 an explicit convoy that is not there: no fallback (2023), fallback (2000)', () => {
    const c: PhaseCase = {
      units: { france: ['A bel'], england: ['F nth', 'A hol'] },
      orders: { france: ['A bel - hol via convoy'], england: ['F nth - hel [succeeds]', 'A hol - kie [succeeds]'] },
    };
    check({ ...c, expectUnits: { france: ['A bel'] } });
    check({ ...c, rules: { 'via-convoy-fallback': true }, expectUnits: { france: ['A hol'] } });
  });

  it('6.G.9 swapped or dislodged?', () => {
    const c: PhaseCase = {
      units: { england: ['A nwy', 'F ska', 'F fin'], russia: ['A swe'] },
      orders: { england: ['A nwy - swe [succeeds]', 'F ska C A nwy - swe', 'F fin S A nwy - swe'], russia: ['A swe - nwy'] },
    };
    check({ ...c, expectDislodged: [], expectUnits: { russia: ['A nwy'] } });
    check({ ...c, rules: TAGGED_ONLY, expectDislodged: ['A swe'] });
  });

  const swappedOrHeadToHead: PhaseCase = {
    units: { england: ['A nwy', 'F den', 'F fin'], germany: ['F ska'], russia: ['A swe', 'F bar'], france: ['F nwg', 'F nth'] },
    orders: {
      england: ['A nwy - swe via convoy [succeeds]', 'F den S A nwy - swe', 'F fin S A nwy - swe'],
      germany: ['F ska C A nwy - swe'],
      russia: ['A swe - nwy [fails]', 'F bar S A swe - nwy'],
      france: ['F nwg - nwy', 'F nth S F nwg - nwy'],
    },
    expectDislodged: ['A swe'],
  };

  it('6.G.10 swapped or a head-to-head battle? The dislodged army still bounces the fleet', () => {
    check({ ...swappedOrHeadToHead, expectUnits: { france: ['F nwg', 'F nth'] } });
  });

  it('6.G.10 with dislodged-bounce never the fleet gets in', () => {
    check({ ...swappedOrHeadToHead, rules: { 'dislodged-bounce': 'never' }, expectUnits: { france: ['F nwy', 'F nth'] } });
  });

  it('6.G.11 a convoy to an adjacent province with a paradox', () => {
    const c: PhaseCase = {
      units: { england: ['F nwy', 'F nth'], russia: ['A swe', 'F ska', 'F bar'] },
      orders: {
        england: ['F nwy S F nth - ska', 'F nth - ska'],
        russia: ['A swe - nwy', 'F ska C A swe - nwy', 'F bar S A swe - nwy'],
      },
    };
    check({ ...c, expectDislodged: ['F ska'], expectUnits: { russia: ['A swe', 'F bar'] } });
    // The same with the fallback (2000): the convoy is ordered, so it is the route (DATC v2.4 gives this result).
    check({ ...c, rules: { 'via-convoy-fallback': true }, expectDislodged: ['F ska'], expectUnits: { russia: ['A swe', 'F bar'] } });
    // 1971: no opposite move, so the land route; Norway is dislodged and Skagerrak is not.
    check({ ...c, rules: SWAP_ONLY, expectDislodged: ['F nwy'], expectUnits: { russia: ['A nwy', 'F ska', 'F bar'] } });
  });

  it('6.G.12 swapping two units with two convoys', () => {
    check({
      units: { england: ['A lvp', 'F nao', 'F nwg'], germany: ['A edi', 'F nth', 'F eng', 'F iri'] },
      orders: {
        england: ['A lvp - edi via convoy [succeeds]', 'F nao C A lvp - edi', 'F nwg C A lvp - edi'],
        germany: ['A edi - lvp via convoy [succeeds]', 'F nth C A edi - lvp', 'F eng C A edi - lvp', 'F iri C A edi - lvp'],
      },
      expectUnits: { england: ['A edi', 'F nao', 'F nwg'], germany: ['A lvp', 'F nth', 'F eng', 'F iri'] },
    });
  });

  const attackOnItself: PhaseCase = {
    units: { austria: ['F adr', 'A tri'], italy: ['A ven', 'F alb'] },
    orders: { austria: ['F adr C A tri - ven', 'A tri - ven via convoy [fails]'], italy: ['A ven S F alb - tri', 'F alb - tri'] },
  };

  it('6.G.13 support cut on attack on itself via convoy: not cut (2023)', () => {
    check({ ...attackOnItself, expectDislodged: ['A tri'] });
  });

  it('6.G.13 with support-cut-via-convoy cut the support is cut', () => {
    check({ ...attackOnItself, rules: { 'support-cut-via-convoy': 'cut' }, expectDislodged: [] });
  });

  const bounceByConvoy: PhaseCase = {
    units: { england: ['A nwy', 'F den', 'F fin'], france: ['F nwg', 'F nth'], germany: ['F ska'], russia: ['A swe', 'F bar'] },
    orders: {
      england: ['A nwy - swe [succeeds]', 'F den S A nwy - swe', 'F fin S A nwy - swe'],
      france: ['F nwg - nwy', 'F nth S F nwg - nwy'],
      germany: ['F ska C A swe - nwy'],
      russia: ['A swe - nwy via convoy [fails]', 'F bar S A swe - nwy'],
    },
    expectDislodged: ['A swe'],
  };

  it('6.G.14 bounce by convoy to an adjacent province', () => {
    check({ ...bounceByConvoy, expectUnits: { france: ['F nwg', 'F nth'] } });
    check({ ...bounceByConvoy, rules: { 'dislodged-bounce': 'never' }, expectUnits: { france: ['F nwy', 'F nth'] } });
  });

  it('6.G.15 bounce and dislodge with double convoy', () => {
    const c: PhaseCase = {
      units: { england: ['F nth', 'A hol', 'A yor', 'A lon'], france: ['F eng', 'A bel'] },
      orders: {
        england: ['F nth C A lon - bel', 'A hol S A lon - bel', 'A yor - lon', 'A lon - bel via convoy [succeeds]'],
        france: ['F eng C A bel - lon', 'A bel - lon via convoy [fails]'],
      },
      expectDislodged: ['A bel'],
    };
    check({ ...c, expectUnits: { england: ['F nth', 'A hol', 'A yor', 'A bel'] } });
    check({ ...c, rules: { 'dislodged-bounce': 'never' }, expectUnits: { england: ['F nth', 'A hol', 'A lon', 'A bel'] } });
  });

  it('6.G.16 the two unit in one area bug, moving by convoy', () => {
    check({
      units: { england: ['A nwy', 'A den', 'F bal', 'F nth'], russia: ['A swe', 'F ska', 'F nwg'] },
      orders: {
        england: ['A nwy - swe [succeeds]', 'A den S A nwy - swe', 'F bal S A nwy - swe', 'F nth - nwy [fails]'],
        russia: ['A swe - nwy via convoy [succeeds]', 'F ska C A swe - nwy', 'F nwg S A swe - nwy'],
      },
      expectUnits: { england: ['A swe', 'A den', 'F bal', 'F nth'], russia: ['A nwy', 'F ska', 'F nwg'] },
    });
  });

  it('6.G.17 the two unit in one area bug, moving over land', () => {
    check({
      units: { england: ['A nwy', 'A den', 'F bal', 'F ska', 'F nth'], russia: ['A swe', 'F nwg'] },
      orders: {
        england: ['A nwy - swe via convoy [succeeds]', 'A den S A nwy - swe', 'F bal S A nwy - swe', 'F ska C A nwy - swe', 'F nth - nwy [fails]'],
        russia: ['A swe - nwy [succeeds]', 'F nwg S A swe - nwy'],
      },
      expectUnits: { england: ['A swe', 'A den', 'F bal', 'F ska', 'F nth'], russia: ['A nwy', 'F nwg'] },
    });
  });

  it('6.G.18 the two unit in one area bug, with double convoy', () => {
    check({
      units: { england: ['F nth', 'A hol', 'A yor', 'A lon', 'A ruh'], france: ['F eng', 'A bel', 'A wal'] },
      orders: {
        england: ['F nth C A lon - bel', 'A hol S A lon - bel', 'A yor - lon [fails]', 'A lon - bel [succeeds]', 'A ruh S A lon - bel'],
        france: ['F eng C A bel - lon', 'A bel - lon [succeeds]', 'A wal S A bel - lon'],
      },
      expectUnits: { england: ['F nth', 'A hol', 'A yor', 'A bel', 'A ruh'], france: ['F eng', 'A lon', 'A wal'] },
    });
  });

  it('6.G.19 swapping with intent of an unnecessary convoy', () => {
    const c: PhaseCase = {
      units: { france: ['A mar', 'F wes'], italy: ['F lyo', 'A spa'] },
      orders: { france: ['A mar - spa', 'F wes C A mar - spa [illegal]'], italy: ['F lyo C A mar - spa', 'A spa - mar'] },
    };
    check({ ...c, expectUnits: { france: ['A mar', 'F wes'], italy: ['F lyo', 'A spa'] } });
    check({ ...c, rules: SWAP_ONLY, expectUnits: { france: ['A spa', 'F wes'], italy: ['F lyo', 'A mar'] } });
  });

  it('6.G.20 an explicit convoy to an adjacent province disrupted: no fallback', () => {
    const c: PhaseCase = {
      units: { france: ['F bre', 'A pic', 'A bur', 'F mao'], england: ['F eng'] },
      orders: {
        france: ['F bre - eng [succeeds]', 'A pic - bel via convoy', 'A bur S A pic - bel', 'F mao S F bre - eng'],
        england: ['F eng C A pic - bel'],
      },
      expectDislodged: ['F eng'],
    };
    check({ ...c, expectUnits: { france: ['F eng', 'A pic', 'A bur', 'F mao'] } });
    // The fallback (v2.4's) is for a convoy that is not ordered; an ordered one that is disrupted is no fallback.
    check({ ...c, rules: { 'via-convoy-fallback': true }, expectUnits: { france: ['F eng', 'A pic', 'A bur', 'F mao'] } });
  });
});
