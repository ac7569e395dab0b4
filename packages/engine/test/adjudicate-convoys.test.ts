// DATC 6.F: convoys and convoy paradoxes. The 2023 rules (Szykman) unless a
// case names other options; the rulebook paradox rules (`convoy-paradox`
// 1971/1982/2000) and `all-hold` are checked where the DATC gives their answer.
import { describe, expect, it } from 'vitest';
import { check, type PhaseCase } from './helpers/classic.js';

const RULES_1971 = { 'convoy-paradox': '1971', 'convoy-disruption': 'any-route' } as const;

describe('DATC 6.F convoys', () => {
  // Without the fleet in Constantinople no route of seas joins Greece and Sevastopol, so (DATC 4.E.1) every order is illegal.
  it('6.F.1 no convoy in coastal areas', () => {
    check({
      units: { turkey: ['A gre', 'F aeg', 'F con', 'F bla'] },
      orders: { turkey: ['A gre - sev [illegal]', 'F aeg C A gre - sev [illegal]', 'F con C A gre - sev [illegal]', 'F bla C A gre - sev [illegal]'] },
      expectUnits: { turkey: ['A gre', 'F aeg', 'F con', 'F bla'] },
    });
  });

  it('6.F.2 an army being convoyed can bounce as normal', () => {
    check({
      units: { england: ['F eng', 'A lon'], france: ['A par'] },
      orders: { england: ['F eng C A lon - bre', 'A lon - bre [fails]'], france: ['A par - bre [fails]'] },
      expectUnits: { england: ['F eng', 'A lon'], france: ['A par'] },
    });
  });

  it('6.F.3 an army being convoyed can receive support', () => {
    check({
      units: { england: ['F eng', 'A lon', 'F mao'], france: ['A par'] },
      orders: { england: ['F eng C A lon - bre', 'A lon - bre [succeeds]', 'F mao S A lon - bre'], france: ['A par - bre [fails]'] },
      expectUnits: { england: ['F eng', 'A bre', 'F mao'], france: ['A par'] },
    });
  });

  it('6.F.4 an attacked convoy is not disrupted', () => {
    check({
      units: { england: ['F nth', 'A lon'], germany: ['F ska'] },
      orders: { england: ['F nth C A lon - hol [succeeds]', 'A lon - hol [succeeds]'], germany: ['F ska - nth [fails]'] },
      expectUnits: { england: ['F nth', 'A hol'] },
    });
  });

  it('6.F.5 a beleaguered convoy is not disrupted', () => {
    check({
      units: { england: ['F nth', 'A lon'], france: ['F eng', 'F bel'], germany: ['F ska', 'F den'] },
      orders: {
        england: ['F nth C A lon - hol [succeeds]', 'A lon - hol [succeeds]'],
        france: ['F eng - nth [fails]', 'F bel S F eng - nth'],
        germany: ['F ska - nth [fails]', 'F den S F ska - nth'],
      },
      expectUnits: { england: ['F nth', 'A hol'] },
    });
  });

  it('6.F.6 a dislodged convoy does not cut support', () => {
    check({
      units: { england: ['F nth', 'A lon'], germany: ['A hol', 'A bel', 'F hel', 'F ska'], france: ['A pic', 'A bur'] },
      orders: {
        england: ['F nth C A lon - hol [fails]', 'A lon - hol [fails]'],
        germany: ['A hol S A bel [succeeds]', 'A bel S A hol', 'F hel S F ska - nth', 'F ska - nth [succeeds]'],
        france: ['A pic - bel [fails]', 'A bur S A pic - bel'],
      },
      expectDislodged: ['F nth'],
    });
  });

  it('6.F.7 a dislodged convoy does not cause a contested area', () => {
    const r = check({
      units: { england: ['F nth', 'A lon'], germany: ['F hel', 'F ska'] },
      orders: { england: ['F nth C A lon - hol', 'A lon - hol [fails]'], germany: ['F hel S F ska - nth', 'F ska - nth [succeeds]'] },
      expectDislodged: ['F nth'],
    });
    expect(r.next.standoffs).toEqual([]);
  });

  it('6.F.8 a dislodged convoy does not cause a bounce', () => {
    check({
      units: { england: ['F nth', 'A lon'], germany: ['F hel', 'F ska', 'A bel'] },
      orders: {
        england: ['F nth C A lon - hol', 'A lon - hol [fails]'],
        germany: ['F hel S F ska - nth', 'F ska - nth [succeeds]', 'A bel - hol [succeeds]'],
      },
      expectUnits: { germany: ['F hel', 'F nth', 'A hol'] },
    });
  });

  const multiRoute: PhaseCase = {
    units: { england: ['F eng', 'F nth', 'A lon'], france: ['F bre', 'F mao'] },
    orders: {
      england: ['F eng C A lon - bel', 'F nth C A lon - bel', 'A lon - bel'],
      france: ['F bre S F mao - eng', 'F mao - eng [succeeds]'],
    },
    expectDislodged: ['F eng'],
  };

  it('6.F.9 dislodge of a multi-route convoy: the army still goes by the other route', () => {
    check({ ...multiRoute, expectUnits: { england: ['F nth', 'A bel'] } });
  });

  it('6.F.9 under the 1971 any-route rule the army stays', () => {
    check({ ...multiRoute, rules: { 'convoy-disruption': 'any-route' }, expectUnits: { england: ['F nth', 'A lon'] } });
  });

  it('6.F.10 dislodge of a multi-route convoy with a foreign fleet', () => {
    const c: PhaseCase = {
      units: { england: ['F nth', 'A lon'], germany: ['F eng'], france: ['F bre', 'F mao'] },
      orders: { england: ['F nth C A lon - bel', 'A lon - bel'], germany: ['F eng C A lon - bel'], france: ['F bre S F mao - eng', 'F mao - eng [succeeds]'] },
    };
    check({ ...c, expectUnits: { england: ['F nth', 'A bel'] } });
    check({ ...c, rules: { 'convoy-disruption': 'any-route' }, expectUnits: { england: ['F nth', 'A lon'] } });
  });

  it('6.F.11 dislodge of a multi-route convoy with only foreign fleets', () => {
    const c: PhaseCase = {
      units: { england: ['A lon'], germany: ['F eng'], russia: ['F nth'], france: ['F bre', 'F mao'] },
      orders: {
        england: ['A lon - bel'],
        germany: ['F eng C A lon - bel'],
        russia: ['F nth C A lon - bel'],
        france: ['F bre S F mao - eng', 'F mao - eng [succeeds]'],
      },
    };
    check({ ...c, expectUnits: { england: ['A bel'] } });
    check({ ...c, rules: { 'convoy-disruption': 'any-route' }, expectUnits: { england: ['A lon'] } });
  });

  it('6.F.12 a dislodged convoying fleet not on the route does not matter, even under any-route', () => {
    for (const disruption of ['all-routes', 'any-route']) {
      check({
        rules: { 'convoy-disruption': disruption },
        units: { england: ['F eng', 'A lon', 'F iri'], france: ['F nao', 'F mao'] },
        orders: {
          england: ['F eng C A lon - bel', 'A lon - bel [succeeds]', 'F iri C A lon - bel'],
          france: ['F nao S F mao - iri', 'F mao - iri [succeeds]'],
        },
        expectUnits: { england: ['F eng', 'A bel'] },
      });
    }
  });

  it('6.F.13 the unwanted alternative', () => {
    check({
      units: { england: ['A lon', 'F nth'], france: ['F eng'], germany: ['F hol', 'F den'] },
      orders: {
        england: ['A lon - bel [succeeds]', 'F nth C A lon - bel'],
        france: ['F eng C A lon - bel'],
        germany: ['F hol S F den - nth', 'F den - nth [succeeds]'],
      },
      expectDislodged: ['F nth'],
      expectUnits: { england: ['A bel'] },
    });
  });
});

describe('DATC 6.F convoy paradoxes', () => {
  const simple: PhaseCase = {
    units: { england: ['F lon', 'F wal'], france: ['A bre', 'F eng'] },
    orders: { england: ['F lon S F wal - eng', 'F wal - eng'], france: ['A bre - lon', 'F eng C A bre - lon'] },
  };

  it('6.F.14 simple convoy paradox: the support is not cut (every rule)', () => {
    for (const paradox of ['szykman', '2000', '1982', '1971']) {
      check({ ...simple, rules: { 'convoy-paradox': paradox }, expectDislodged: ['F eng'], expectUnits: { england: ['F lon', 'F eng'] } });
    }
  });

  it('6.F.14 Szykman reports the convoy as failed by the paradox rule', () => {
    const r = check(simple);
    expect(r.results[3]!.status).toBe('fails');
    expect(r.results[2]!.status).toBe('fails');
    expect(r.results[1]!.status).toBe('succeeds');
  });

  it('6.F.14 under all-hold every move of the paradox fails', () => {
    check({ ...simple, rules: { 'convoy-paradox': 'all-hold' }, expectDislodged: [], expectUnits: { england: ['F lon', 'F wal'], france: ['A bre', 'F eng'] } });
  });

  it('6.F.15 simple convoy paradox with an additional convoy', () => {
    check({
      units: { england: ['F lon', 'F wal'], france: ['A bre', 'F eng'], italy: ['F iri', 'F mao', 'A naf'] },
      orders: {
        england: ['F lon S F wal - eng', 'F wal - eng [succeeds]'],
        france: ['A bre - lon [fails]', 'F eng C A bre - lon'],
        italy: ['F iri C A naf - wal', 'F mao C A naf - wal', 'A naf - wal [succeeds]'],
      },
      expectDislodged: ['F eng'],
      expectUnits: { italy: ['F iri', 'F mao', 'A wal'] },
    });
  });

  it("6.F.16 Pandin's paradox", () => {
    for (const paradox of ['szykman', '2000', '1982', '1971']) {
      check({
        rules: { 'convoy-paradox': paradox },
        units: { england: ['F lon', 'F wal'], france: ['A bre', 'F eng'], germany: ['F nth', 'F bel'] },
        orders: {
          england: ['F lon S F wal - eng', 'F wal - eng [fails]'],
          france: ['A bre - lon [fails]', 'F eng C A bre - lon'],
          germany: ['F nth S F bel - eng', 'F bel - eng [fails]'],
        },
        expectDislodged: [],
      });
    }
  });

  const extended: PhaseCase = {
    units: { england: ['F lon', 'F wal'], france: ['A bre', 'F eng', 'F yor'], germany: ['F nth', 'F bel'] },
    orders: {
      england: ['F lon S F wal - eng', 'F wal - eng [fails]'],
      france: ['A bre - lon', 'F eng C A bre - lon', 'F yor S A bre - lon'],
      germany: ['F nth S F bel - eng', 'F bel - eng [fails]'],
    },
  };

  it("6.F.17 Pandin's extended paradox: Szykman keeps London", () => {
    check({ ...extended, expectDislodged: [] });
  });

  it("6.F.17 Pandin's extended paradox: the rulebook rules dislodge London", () => {
    for (const paradox of ['2000', '1982', '1971']) {
      check({ ...extended, rules: { 'convoy-paradox': paradox }, expectDislodged: ['F lon'], expectUnits: { france: ['A lon', 'F eng', 'F yor'] } });
    }
  });

  const betrayal: PhaseCase = {
    units: { england: ['F nth', 'A lon', 'F eng'], france: ['F bel'], germany: ['F hel', 'F ska'] },
    orders: {
      england: ['F nth C A lon - bel', 'A lon - bel', 'F eng S A lon - bel'],
      france: ['F bel S F nth'],
      germany: ['F hel S F ska - nth', 'F ska - nth [fails]'],
    },
  };

  it('6.F.18 betrayal paradox: Szykman (and 2000, which falls back on it)', () => {
    for (const paradox of ['szykman', '2000', '1971']) {
      check({ ...betrayal, rules: { 'convoy-paradox': paradox }, expectDislodged: [], expectUnits: { england: ['F nth', 'A lon', 'F eng'] } });
    }
  });

  it('6.F.18 betrayal paradox: the 1982 rule', () => {
    check({ ...betrayal, rules: { 'convoy-paradox': '1982' }, expectDislodged: ['F bel'], expectUnits: { england: ['F nth', 'A bel', 'F eng'] } });
  });

  const multiRouteParadox: PhaseCase = {
    units: { france: ['A tun', 'F tys', 'F ion'], italy: ['F nap', 'F rom'] },
    orders: {
      france: ['A tun - nap [fails]', 'F tys C A tun - nap', 'F ion C A tun - nap'],
      italy: ['F nap S F rom - tys', 'F rom - tys'],
    },
  };

  it('6.F.19 multi-route convoy disruption paradox: Szykman and 2000 cut the support', () => {
    for (const paradox of ['szykman', '2000']) check({ ...multiRouteParadox, rules: { 'convoy-paradox': paradox }, expectDislodged: [] });
  });

  it('6.F.19 multi-route convoy disruption paradox: 1971 and 1982 do not', () => {
    check({ ...multiRouteParadox, rules: RULES_1971, expectDislodged: ['F tys'] });
    check({ ...multiRouteParadox, rules: { 'convoy-paradox': '1982' }, expectDislodged: ['F tys'] });
  });

  const unwanted: PhaseCase = {
    units: { france: ['A tun', 'F tys'], italy: ['F nap', 'F ion'], turkey: ['F aeg', 'F eas'] },
    orders: {
      france: ['A tun - nap [fails]', 'F tys C A tun - nap'],
      italy: ['F nap S F ion', 'F ion C A tun - nap'],
      turkey: ['F aeg S F eas - ion', 'F eas - ion'],
    },
  };

  it('6.F.20 unwanted multi-route convoy paradox', () => {
    for (const paradox of ['szykman', '2000']) check({ ...unwanted, rules: { 'convoy-paradox': paradox }, expectDislodged: ['F ion'] });
    check({ ...unwanted, rules: { 'convoy-paradox': '1982' }, expectDislodged: [] });
  });

  const dadsArmy: PhaseCase = {
    units: { russia: ['A edi', 'F nwg', 'A nwy'], france: ['F iri', 'F mao'], england: ['A lvp', 'F nao', 'F cly'] },
    orders: {
      russia: ['A edi S A nwy - cly', 'F nwg C A nwy - cly', 'A nwy - cly'],
      france: ['F iri S F mao - nao', 'F mao - nao'],
      england: ['A lvp - cly via convoy', 'F nao C A lvp - cly', 'F cly S F nao'],
    },
  };

  it("6.F.21 Dad's army convoy", () => {
    for (const paradox of ['szykman', '2000', '1971']) check({ ...dadsArmy, rules: { 'convoy-paradox': paradox }, expectDislodged: ['F nao', 'F cly'] });
    check({ ...dadsArmy, rules: { 'convoy-paradox': '1982' }, expectDislodged: ['F cly'] });
  });

  it('6.F.22 second order paradox with two resolutions', () => {
    for (const paradox of ['szykman', '1982']) {
      check({
        rules: { 'convoy-paradox': paradox },
        units: { england: ['F edi', 'F lon'], france: ['A bre', 'F eng'], germany: ['F bel', 'F pic'], russia: ['A nwy', 'F nth'] },
        orders: {
          england: ['F edi - nth [succeeds]', 'F lon S F edi - nth [succeeds]'],
          france: ['A bre - lon [fails]', 'F eng C A bre - lon [fails]'],
          germany: ['F bel S F pic - eng [succeeds]', 'F pic - eng [succeeds]'],
          russia: ['A nwy - bel [fails]', 'F nth C A nwy - bel [fails]'],
        },
        expectDislodged: ['F eng', 'F nth'],
      });
    }
  });

  it('6.F.23 second order paradox with two exclusive convoys', () => {
    for (const paradox of ['szykman', '1982']) {
      check({
        rules: { 'convoy-paradox': paradox },
        units: { england: ['F edi', 'F yor'], france: ['A bre', 'F eng'], germany: ['F bel', 'F lon'], italy: ['F mao', 'F iri'], russia: ['A nwy', 'F nth'] },
        orders: {
          england: ['F edi - nth [fails]', 'F yor S F edi - nth'],
          france: ['A bre - lon [fails]', 'F eng C A bre - lon'],
          germany: ['F bel S F eng [succeeds]', 'F lon S F nth [succeeds]'],
          italy: ['F mao - eng [fails]', 'F iri S F mao - eng'],
          russia: ['A nwy - bel [fails]', 'F nth C A nwy - bel'],
        },
        expectDislodged: [],
      });
    }
  });

  it('6.F.24 second order paradox with no resolution', () => {
    for (const paradox of ['szykman', '1982']) {
      check({
        rules: { 'convoy-paradox': paradox },
        units: { england: ['F edi', 'F lon', 'F iri', 'F mao'], france: ['A bre', 'F eng', 'F bel'], russia: ['A nwy', 'F nth'] },
        orders: {
          england: ['F edi - nth [succeeds]', 'F lon S F edi - nth', 'F iri - eng [fails]', 'F mao S F iri - eng'],
          france: ['A bre - lon [fails]', 'F eng C A bre - lon', 'F bel S F eng [succeeds]'],
          russia: ['A nwy - bel [fails]', 'F nth C A nwy - bel [fails]'],
        },
        expectDislodged: ['F nth'],
      });
    }
  });

  it('6.F.25 cut support last', () => {
    check({
      units: {
        germany: ['A ruh', 'A hol', 'A den', 'F ska', 'A fin'],
        england: ['A yor', 'F nth', 'F hel', 'A bel'],
        russia: ['F nwg', 'F nwy', 'F swe'],
      },
      orders: {
        germany: ['A ruh - bel [fails]', 'A hol S ruh - bel [fails]', 'A den - nwy [succeeds]', 'F ska C den - nwy', 'A fin S den - nwy'],
        england: ['A yor - hol [succeeds]', 'F nth C yor - hol', 'F hel S yor - hol', 'A bel H'],
        russia: ['F nwg - nth [fails]', 'F nwy S nwg - nth [fails]', 'F swe - ska [fails]'],
      },
      expectDislodged: ['A hol', 'F nwy'],
    });
  });
});
