// DATC 6.H: retreats. Each case plays the DATC's movement phase, then its
// retreat orders on the position that movement gives (so the attackers' origins
// and standoffs come from our own movement adjudication).
import { describe, expect, it } from 'vitest';
import { adjudicatePhase } from '../src/adjudicate/phase.js';
import type { PhaseResult } from '../src/adjudicate/result.js';
import { board, check, parseOrder, rules, unitsByPower, type PhaseCase } from './helpers/classic.js';

/** Plays the movement case, then `retreats` (power → orders with expected results). */
function retreatAfter(c: PhaseCase, retreats: Record<string, string[]>, ruleOverrides = c.rules): PhaseResult {
  const movement = check(c);
  expect(movement.next.phase.kind).toBe('retreat');
  const parsed = Object.entries(retreats).flatMap(([p, list]) => list.map((t) => ({ text: t, ...parseOrder(p, t, 'retreat') })));
  const result = adjudicatePhase(board, movement.next, parsed.map((o) => o.order), rules(ruleOverrides));
  parsed.forEach((o, i) => {
    if (o.expected) expect(result.results[i]!.status, `${o.text} (${result.results[i]!.reason ?? ''})`).toBe(o.expected);
  });
  return result;
}

describe('DATC 6.H retreats', () => {
  const h1: PhaseCase = {
    units: { austria: ['F tri', 'A ser'], turkey: ['F gre'], italy: ['A ven', 'A tyr', 'F ion', 'F aeg'] },
    orders: {
      austria: ['F tri H', 'A ser H'],
      turkey: ['F gre H'],
      italy: ['A ven S A tyr - tri', 'A tyr - tri', 'F ion - gre', 'F aeg S F ion - gre'],
    },
    expectDislodged: ['F tri', 'F gre'],
  };

  it('6.H.1 no supports during retreat', () => {
    const r = retreatAfter(h1, { austria: ['F tri - alb [fails]', 'A ser S F tri - alb [illegal]'], turkey: ['F gre - alb [fails]'] });
    expect(unitsByPower(r.next.units).austria).toEqual(['A ser']);
    expect(unitsByPower(r.next.units).turkey).toBeUndefined();
    expect(r.results[1]!.reason).toBe('wrong-phase');
  });

  const h2: PhaseCase = {
    units: { england: ['A lvp', 'F yor', 'F nwy'], germany: ['A kie', 'A ruh'], russia: ['F edi', 'A swe', 'A fin', 'F hol'] },
    orders: {
      england: ['A lvp - edi', 'F yor S A lvp - edi', 'F nwy H'],
      germany: ['A kie S A ruh - hol', 'A ruh - hol'],
      russia: ['F edi H', 'A swe S A fin - nwy', 'A fin - nwy', 'F hol H'],
    },
    expectDislodged: ['F nwy', 'F edi', 'F hol'],
  };

  it('6.H.2 no supports from a retreating unit', () => {
    const r = retreatAfter(h2, { england: ['F nwy - nth [fails]'], russia: ['F edi - nth [fails]', 'F hol S F edi - nth [illegal]'] });
    expect(r.next.units.some((u) => u.at === 'nth')).toBe(false);
  });

  const h3: PhaseCase = {
    units: { england: ['F nth', 'A hol'], germany: ['F kie', 'A ruh'] },
    orders: { england: ['F nth H', 'A hol H'], germany: ['F kie S A ruh - hol', 'A ruh - hol'] },
    expectDislodged: ['A hol'],
  };

  it('6.H.3 no convoy during retreat', () => {
    const r = retreatAfter(h3, { england: ['A hol - yor [illegal]', 'F nth C A hol - yor [illegal]'] });
    expect(unitsByPower(r.next.units).england).toEqual(['F nth']);
  });

  it('6.H.4 no other moves during retreat', () => {
    const r = retreatAfter(h3, { england: ['A hol - bel [succeeds]', 'F nth - nwg [illegal]'] });
    expect(r.results[1]!.reason).toBe('not-dislodged');
    expect(unitsByPower(r.next.units).england).toEqual(['A bel', 'F nth']);
  });

  it('6.H.5 a unit may not retreat to the area from which it is attacked', () => {
    const r = retreatAfter(
      {
        units: { russia: ['F con', 'F bla'], turkey: ['F ank'] },
        orders: { russia: ['F con S F bla - ank', 'F bla - ank'], turkey: ['F ank H'] },
        expectDislodged: ['F ank'],
      },
      { turkey: ['F ank - bla [illegal]'] },
    );
    expect(r.results[0]!.reason).toBe('attacker-origin');
  });

  it('6.H.6 a unit may not retreat to a contested area', () => {
    const r = retreatAfter(
      {
        units: { austria: ['A bud', 'A tri'], germany: ['A mun', 'A sil'], italy: ['A vie'] },
        orders: { austria: ['A bud S A tri - vie', 'A tri - vie'], germany: ['A mun - boh', 'A sil - boh'], italy: ['A vie H'] },
        expectDislodged: ['A vie'],
      },
      { italy: ['A vie - boh [illegal]'] },
    );
    expect(r.results[0]!.reason).toBe('standoff');
  });

  it('6.H.7 multiple retreats to the same area disband the units', () => {
    const r = retreatAfter(
      {
        units: { austria: ['A bud', 'A tri'], germany: ['A mun', 'A sil'], italy: ['A vie', 'A boh'] },
        orders: { austria: ['A bud S A tri - vie', 'A tri - vie'], germany: ['A mun S A sil - boh', 'A sil - boh'], italy: ['A vie H', 'A boh H'] },
        expectDislodged: ['A vie', 'A boh'],
      },
      { italy: ['A boh - tyr [fails]', 'A vie - tyr [fails]'] },
    );
    expect(unitsByPower(r.next.units).italy).toBeUndefined();
  });

  it('6.H.8 a triple retreat to the same area disbands all three', () => {
    const r = retreatAfter(h2, { england: ['F nwy - nth [fails]'], russia: ['F edi - nth [fails]', 'F hol - nth [fails]'] });
    expect(r.next.units.some((u) => u.at === 'nth')).toBe(false);
  });

  it('6.H.9 a dislodged unit does not make the attacker\'s area contested', () => {
    const r = retreatAfter(
      {
        units: { england: ['F hel', 'F den'], germany: ['A ber', 'F kie', 'A sil'], russia: ['A pru'] },
        orders: { england: ['F hel - kie', 'F den S F hel - kie'], germany: ['A ber - pru', 'F kie H', 'A sil S A ber - pru'], russia: ['A pru - ber'] },
        expectDislodged: ['F kie', 'A pru'],
      },
      { germany: ['F kie - ber [succeeds]'] },
    );
    expect(unitsByPower(r.next.units).germany).toContain('F ber');
  });

  it('6.H.10 not retreating to the attacker does not mean contested', () => {
    const r = retreatAfter(
      {
        units: { england: ['A kie'], germany: ['A ber', 'A mun', 'A pru'], russia: ['A war', 'A sil'] },
        orders: { england: ['A kie H'], germany: ['A ber - kie', 'A mun S A ber - kie', 'A pru H'], russia: ['A war - pru', 'A sil S A war - pru'] },
        expectDislodged: ['A kie', 'A pru'],
      },
      { england: ['A kie - ber [illegal]'], germany: ['A pru - ber [succeeds]'] },
    );
    expect(unitsByPower(r.next.units).germany).toContain('A ber');
  });

  const h11: PhaseCase = {
    units: { france: ['A gas', 'A bur', 'F mao', 'F wes', 'F lyo'], italy: ['A mar'] },
    orders: {
      france: ['A gas - mar via convoy [succeeds]', 'A bur S A gas - mar', 'F mao C A gas - mar', 'F wes C A gas - mar', 'F lyo C A gas - mar'],
      italy: ['A mar H'],
    },
    expectDislodged: ['A mar'],
  };

  it('6.H.11 retreat when dislodged by an adjacent convoy is allowed (2023)', () => {
    retreatAfter(h11, { italy: ['A mar - gas [succeeds]'] });
  });

  it('6.H.11 with retreat-to-convoy-origin forbidden it is not', () => {
    retreatAfter({ ...h11, rules: { 'retreat-to-convoy-origin': 'forbidden' } }, { italy: ['A mar - gas [illegal]'] });
  });

  it('6.H.12 retreat when dislodged by an adjacent convoy while trying to do the same', () => {
    const r = retreatAfter(
      {
        units: { england: ['A lvp', 'F iri', 'F eng', 'F nth'], france: ['F bre', 'F mao'], russia: ['A edi', 'F nwg', 'F nao', 'A cly'] },
        orders: {
          england: ['A lvp - edi via convoy [fails]', 'F iri C A lvp - edi', 'F eng C A lvp - edi', 'F nth C A lvp - edi'],
          france: ['F bre - eng', 'F mao S F bre - eng'],
          russia: ['A edi - lvp via convoy [succeeds]', 'F nwg C A edi - lvp', 'F nao C A edi - lvp', 'A cly S A edi - lvp'],
        },
        expectDislodged: ['A lvp', 'F eng'],
      },
      { england: ['A lvp - edi [succeeds]'] },
    );
    expect(unitsByPower(r.next.units).england).toContain('A edi');
  });

  it('6.H.13 no retreat with a convoy from the movement phase', () => {
    retreatAfter(
      {
        units: { england: ['A pic', 'F eng'], france: ['A par', 'A bre'] },
        orders: { england: ['A pic H', 'F eng C A pic - lon'], france: ['A par - pic', 'A bre S A par - pic'] },
        expectDislodged: ['A pic'],
      },
      { england: ['A pic - lon [illegal]'] },
    );
  });

  it('6.H.14 no retreat with a support from the movement phase', () => {
    const r = retreatAfter(
      {
        units: { england: ['A pic', 'F eng'], france: ['A par', 'A bre', 'A bur'], germany: ['A mun', 'A mar'] },
        orders: {
          england: ['A pic H', 'F eng S A pic - bel'],
          france: ['A par - pic', 'A bre S A par - pic', 'A bur H'],
          germany: ['A mun S A mar - bur', 'A mar - bur'],
        },
        expectDislodged: ['A pic', 'A bur'],
      },
      { england: ['A pic - bel [fails]'], france: ['A bur - bel [fails]'] },
    );
    expect(r.next.units.some((u) => u.at === 'bel')).toBe(false);
  });

  it('6.H.15 no coastal crawl in retreat', () => {
    retreatAfter(
      {
        units: { england: ['F por'], france: ['F spa/sc', 'F mao'] },
        orders: { england: ['F por H'], france: ['F spa/sc - por', 'F mao S F spa/sc - por'] },
        expectDislodged: ['F por'],
      },
      { england: ['F por - spa/nc [illegal]'] },
    );
  });

  it('6.H.16 contested for both coasts', () => {
    const r = retreatAfter(
      {
        units: { france: ['F mao', 'F gas', 'F wes'], italy: ['F tun', 'F tys'] },
        orders: { france: ['F mao - spa/nc [fails]', 'F gas - spa/nc [fails]', 'F wes H'], italy: ['F tun S F tys - wes', 'F tys - wes'] },
        expectDislodged: ['F wes'],
      },
      { france: ['F wes - spa/sc [illegal]'] },
    );
    expect(r.results[0]!.reason).toBe('standoff');
  });
});

describe('retreat defaults and details', () => {
  it('an unordered dislodged unit is disbanded', () => {
    const movement = check(h3FromAbove());
    const r = adjudicatePhase(board, movement.next, [], rules());
    expect(unitsByPower(r.next.units).england).toEqual(['F nth']);
  });

  it('retreat-default lot retreats the unit to one of its legal retreats, the same for the same seed', () => {
    const movement = check(h3FromAbove());
    const a = adjudicatePhase(board, movement.next, [], rules({ 'retreat-default': 'lot' }), { seed: 7 });
    const b = adjudicatePhase(board, movement.next, [], rules({ 'retreat-default': 'lot' }), { seed: 7 });
    expect(a.next.units).toEqual(b.next.units);
    const army = a.next.units.find((u) => u.power === 'england' && u.kind === 'army');
    expect(['bel', 'kie']).toContain(army?.at);
  });

  it('retreat-default gm-order prefers an own supply centre', () => {
    const movement = check(h3FromAbove());
    const position = { ...movement.next, owners: { bel: 'england' } };
    const r = adjudicatePhase(board, position, [], rules({ 'retreat-default': 'gm-order' }));
    expect(r.next.units.find((u) => u.power === 'england' && u.kind === 'army')?.at).toBe('bel');
  });

  it('a disband order disbands; the position moves on to fall movement', () => {
    const movement = check(h3FromAbove());
    const r = adjudicatePhase(board, movement.next, [parseOrder('england', 'A hol D').order], rules());
    expect(r.results[0]!.status).toBe('succeeds');
    expect(r.next.phase).toEqual({ year: 1901, season: 'fall', kind: 'movement' });
    expect(r.next.dislodged).toEqual([]);
  });

  it('fall retreats update the supply centre owners', () => {
    const movement = check({ ...h3FromAbove(), phase: { season: 'fall' } });
    const r = adjudicatePhase(board, { ...movement.next, owners: { hol: 'england' } }, [], rules());
    expect(r.next.phase).toEqual({ year: 1901, season: 'winter', kind: 'adjustment' });
    expect(r.next.owners.hol).toBe('germany');
  });
});

function h3FromAbove(): PhaseCase {
  return {
    units: { england: ['F nth', 'A hol'], germany: ['F kie', 'A ruh'] },
    orders: { england: ['F nth H', 'A hol H'], germany: ['F kie S A ruh - hol', 'A ruh - hol'] },
    expectDislodged: ['A hol'],
  };
}
