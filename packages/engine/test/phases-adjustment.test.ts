// DATC 6.I (building), 6.J (civil disorder and disbands) and 6.B.14, plus the
// adjustment rule options. Adjustment phases are winter 1901 unless stated.
import { describe, expect, it } from 'vitest';
import { check, unitsByPower, type PhaseCase } from './helpers/classic.js';

const WINTER = { season: 'winter', kind: 'adjustment' } as const;

function adjust(c: Omit<PhaseCase, 'phase'>): ReturnType<typeof check> {
  return check({ ...c, phase: WINTER });
}

/** Germany with four centres and three units: one build. */
const germanyBuildsOne = {
  units: { germany: ['A pru', 'F bal', 'A sil'] },
  owners: { germany: ['ber', 'kie', 'mun', 'den'] },
};

describe('DATC 6.I building', () => {
  it('6.I.1 too many build orders: the first legal ones count', () => {
    const r = adjust({
      ...germanyBuildsOne,
      orders: { germany: ['Build A war [illegal]', 'Build A kie [succeeds]', 'Build A mun [fails]'] },
      expectUnits: { germany: ['A pru', 'F bal', 'A sil', 'A kie'] },
    });
    expect(r.results[2]!.reason).toBe('too-many-builds');
  });

  it('6.I.1 with excess-builds last / all-void', () => {
    adjust({
      ...germanyBuildsOne,
      rules: { 'excess-builds': 'last' },
      orders: { germany: ['Build A ber [fails]', 'Build A kie [fails]', 'Build A mun [succeeds]'] },
      expectUnits: { germany: ['A pru', 'F bal', 'A sil', 'A mun'] },
    });
    adjust({
      ...germanyBuildsOne,
      rules: { 'excess-builds': 'all-void' },
      orders: { germany: ['Build A kie [fails]', 'Build A mun [fails]'] },
      expectUnits: { germany: ['A pru', 'F bal', 'A sil'] },
    });
  });

  it('6.I.2 a fleet cannot be built in a land area', () => {
    const c = { units: { russia: ['A ukr'] }, owners: { russia: ['mos', 'sev'] } };
    const r = adjust({ ...c, orders: { russia: ['Build F mos [illegal]'] }, expectUnits: { russia: ['A ukr'] } });
    expect(r.results[0]!.reason).toBe('inland-fleet');
    adjust({ ...c, rules: { 'fleet-build-inland': 'army' }, orders: { russia: ['Build F mos [succeeds]'] }, expectUnits: { russia: ['A ukr', 'A mos'] } });
  });

  it('6.I.3 the supply centre must be empty for building', () => {
    const r = adjust({
      units: { germany: ['A ber'] },
      owners: { germany: ['ber', 'kie'] },
      orders: { germany: ['Build A ber [illegal]'] },
      expectUnits: { germany: ['A ber'] },
    });
    expect(r.results[0]!.reason).toBe('occupied');
  });

  it('6.I.4 both coasts must be empty for building', () => {
    adjust({
      units: { russia: ['F stp/sc'] },
      owners: { russia: ['stp', 'mos'] },
      orders: { russia: ['Build A stp/nc [illegal]'] },
      expectUnits: { russia: ['F stp/sc'] },
    });
  });

  it('6.I.5 building in a home supply centre that is not owned', () => {
    const r = adjust({
      units: { germany: ['A mun'] },
      owners: { germany: ['mun', 'kie', 'hol'], russia: ['ber'] },
      orders: { germany: ['Build A ber [illegal]'] },
    });
    expect(r.results[0]!.reason).toBe('not-owned');
  });

  it('6.I.6 building in an owned supply centre that is not a home centre', () => {
    const c = { units: { germany: ['A mun'] }, owners: { germany: ['mun', 'war'] } };
    const r = adjust({ ...c, orders: { germany: ['Build A war [illegal]'] } });
    expect(r.results[0]!.reason).toBe('not-home-centre');
    adjust({ ...c, rules: { 'build-sites': 'any-owned-centre' }, orders: { germany: ['Build A war [succeeds]'] }, expectUnits: { germany: ['A mun', 'A war'] } });
    // Warsaw is a (Russian) home centre, so any-owned-home-centre allows it too; Holland is not.
    adjust({ ...c, rules: { 'build-sites': 'any-owned-home-centre' }, orders: { germany: ['Build A war [succeeds]'] } });
    adjust({
      units: { germany: ['A mun'] },
      owners: { germany: ['mun', 'hol'] },
      rules: { 'build-sites': 'any-owned-home-centre' },
      orders: { germany: ['Build A hol [illegal]'] },
    });
  });

  it('6.I.7 only one build in a home supply centre', () => {
    const r = adjust({
      units: { russia: [] },
      owners: { russia: ['mos', 'war'] },
      orders: { russia: ['Build A mos [succeeds]', 'Build A mos [fails]'] },
      expectUnits: { russia: ['A mos'] },
    });
    expect(r.results[1]!.reason).toBe('build-site-taken');
  });

  it('6.I.7 with same-province-builds last / all-void', () => {
    const c = { units: { russia: [] }, owners: { russia: ['mos', 'war'] } };
    adjust({ ...c, rules: { 'same-province-builds': 'last' }, orders: { russia: ['Build A mos [fails]', 'Build A mos [succeeds]'] } });
    adjust({ ...c, rules: { 'same-province-builds': 'all-void' }, orders: { russia: ['Build A mos [fails]', 'Build A mos [fails]'] }, expectUnits: { russia: [] } });
  });

  it('6.B.14 building a fleet on a split-coast centre needs the coast', () => {
    const c = { units: { russia: [] }, owners: { russia: ['stp'] } };
    const r = adjust({ ...c, orders: { russia: ['Build F stp [illegal]'] } });
    expect(r.results[0]!.reason).toBe('missing-coast');
    adjust({ ...c, orders: { russia: ['Build F stp/nc [succeeds]'] }, expectUnits: { russia: ['F stp/nc'] } });
  });

  it('4.C.3 a build without a unit type (build-missing-unit-type)', () => {
    const c = { units: { russia: [] }, owners: { russia: ['stp', 'mos', 'sev'] } };
    adjust({ ...c, orders: { russia: ['Build mos [succeeds]', 'Build stp/sc [succeeds]', 'Build sev [illegal]'] }, expectUnits: { russia: ['A mos', 'F stp/sc'] } });
    adjust({ ...c, rules: { 'build-missing-unit-type': 'army-on-land' }, orders: { russia: ['Build mos [succeeds]', 'Build stp/sc [illegal]'] } });
    adjust({ ...c, rules: { 'build-missing-unit-type': 'fail' }, orders: { russia: ['Build mos [illegal]'] } });
  });

  it('waives count as builds; waive-builds false rejects them', () => {
    adjust({ ...germanyBuildsOne, orders: { germany: ['Waive [succeeds]', 'Build A kie [fails]'] }, expectUnits: { germany: ['A pru', 'F bal', 'A sil'] } });
    adjust({ ...germanyBuildsOne, rules: { 'waive-builds': false }, orders: { germany: ['Waive [illegal]', 'Build A kie [succeeds]'] } });
  });

  it('a power without builds cannot build, and orders of the wrong kind are illegal', () => {
    const r = adjust({
      units: { germany: ['A ber', 'A kie', 'A mun'] },
      owners: { germany: ['ber', 'kie', 'mun'] },
      orders: { germany: ['Build F kie [illegal]', 'A ber - sil [illegal]', 'Remove A ber [illegal]'] },
    });
    expect(r.results.map((x) => x.reason)).toEqual(['no-builds', 'wrong-phase', 'no-disbands']);
  });
});

describe('DATC 6.J civil disorder and disbands', () => {
  it('6.J.1 too many disband orders: the first legal ones count', () => {
    const r = adjust({
      units: { france: ['A par', 'A pic'] },
      owners: { france: ['par'] },
      orders: { france: ['Remove F lyo [illegal]', 'Remove A pic [succeeds]', 'Remove A par [fails]'] },
      expectUnits: { france: ['A par'] },
    });
    expect(r.results[2]!.reason).toBe('too-many-disbands');
  });

  it('6.J.1 with excess-disbands last / civil-disorder', () => {
    const c = { units: { france: ['A par', 'A pic'] }, owners: { france: ['par'] } };
    adjust({ ...c, rules: { 'excess-disbands': 'last' }, orders: { france: ['Remove A pic [fails]', 'Remove A par [succeeds]'] }, expectUnits: { france: ['A pic'] } });
    // Civil disorder (owned-distance) removes the unit off a supply centre: Picardy.
    adjust({
      ...c,
      rules: { 'excess-disbands': 'civil-disorder' },
      orders: { france: ['Remove A par [fails]', 'Remove A pic [fails]'] },
      expectUnits: { france: ['A par'] },
    });
  });

  it('6.J.2 removing the same unit twice', () => {
    const r = adjust({
      units: { france: ['A par', 'A pic', 'A bur'] },
      owners: { france: ['par'] },
      orders: { france: ['Remove A par [succeeds]', 'Remove A par [illegal]'] },
    });
    expect(unitsByPower(r.next.units).france).toHaveLength(1);
    expect(r.removed).toHaveLength(1);
  });

  const russiaRemovesOne = (units: string[], owners: string[]): Omit<PhaseCase, 'phase'> => ({
    units: { russia: units },
    owners: { russia: owners },
    orders: {},
  });

  it('6.J.3 civil disorder: two armies at different distances', () => {
    adjust({ ...russiaRemovesOne(['A lvn', 'A pru'], ['stp']), expectUnits: { russia: ['A lvn'] } });
  });

  it('6.J.4 civil disorder: two armies at equal distance go alphabetically', () => {
    adjust({ ...russiaRemovesOne(['A lvn', 'A ukr'], ['mos']), expectUnits: { russia: ['A ukr'] } });
  });

  it('6.J.5 civil disorder: two fleets at different distances', () => {
    adjust({ ...russiaRemovesOne(['F ska', 'F nao'], ['stp']), expectUnits: { russia: ['F ska'] } });
  });

  it('6.J.6 civil disorder: two fleets at equal distance go alphabetically', () => {
    adjust({ ...russiaRemovesOne(['F bot', 'F nth'], ['mun']), expectUnits: { russia: ['F nth'] } });
  });

  it('6.J.7 civil disorder: fleets before armies at equal distance', () => {
    adjust({ ...russiaRemovesOne(['A boh', 'F ska', 'F nth'], ['stp', 'war']), expectUnits: { russia: ['A boh', 'F ska'] } });
  });

  it('6.J.8 civil disorder: a fleet nearer than the army', () => {
    adjust({ ...russiaRemovesOne(['A tyr', 'F bal'], ['war']), expectUnits: { russia: ['F bal'] } });
  });

  it('6.J.9 civil disorder counted from both coasts', () => {
    adjust({ ...russiaRemovesOne(['A alb', 'A sev', 'F bal'], ['stp', 'sev']), expectUnits: { russia: ['A sev', 'F bal'] } });
    adjust({ ...russiaRemovesOne(['A alb', 'A sev', 'F ska'], ['stp', 'sev']), expectUnits: { russia: ['A sev', 'F ska'] } });
  });

  it('6.J.10 civil disorder counts over water', () => {
    adjust({ units: { italy: ['A alb', 'A pie'] }, owners: { italy: ['nap'] }, orders: {}, expectUnits: { italy: ['A alb'] } });
  });

  it('6.J.11 distance to an owned supply centre (2023), to a home centre (older rulebooks)', () => {
    const c = { units: { italy: ['A war', 'A tus'] }, owners: { italy: ['war'] }, orders: {} };
    adjust({ ...c, expectUnits: { italy: ['A war'] } });
    adjust({ ...c, rules: { 'removal-order': 'home-distance' }, expectUnits: { italy: ['A tus'] } });
    adjust({ ...c, rules: { 'removal-order': 'country-distance' }, expectUnits: { italy: ['A tus'] } });
  });

  it('home-distance: equal distances to a home centre, so the fleet goes first', () => {
    // Russia (homes mos, sev, stp, war): F bal reaches stp/sc in two fleet moves; A boh is two steps from war.
    adjust({ ...russiaRemovesOne(['A boh', 'F bal'], ['stp']), rules: { 'removal-order': 'home-distance' }, expectUnits: { russia: ['A boh'] } });
  });

  it('abroad-first removes units outside the home centres first', () => {
    adjust({ ...russiaRemovesOne(['A mos', 'A ukr'], ['mos']), rules: { 'removal-order': 'abroad-first' }, expectUnits: { russia: ['A mos'] } });
  });

  it('random removal is drawn with the seed: the same seed, the same unit', () => {
    const c = { ...russiaRemovesOne(['A mos', 'A ukr', 'A lvn', 'A war'], ['mos']), rules: { 'removal-order': 'random' } };
    const first = adjust({ ...c, seed: 3 });
    const again = adjust({ ...c, seed: 3 });
    expect(unitsByPower(first.next.units).russia).toHaveLength(1);
    expect(again.next.units).toEqual(first.next.units);
    const kept = new Set<string>();
    for (let seed = 0; seed < 40; seed++) kept.add(adjust({ ...c, seed }).next.units[0]!.at);
    expect(kept.size).toBeGreaterThan(1);
  });

  it('voluntary disbands free a centre for a build of the other kind', () => {
    adjust({
      rules: { 'voluntary-disbands': true },
      units: { england: ['A lon', 'F edi', 'F lvp'] },
      owners: { england: ['lon', 'edi', 'lvp'] },
      orders: { england: ['Remove A lon [succeeds]', 'Build F lon [succeeds]'] },
      expectUnits: { england: ['F lon', 'F edi', 'F lvp'] },
    });
  });

  it('the adjustment phase leads to the next spring and keeps the owners', () => {
    const r = adjust({ ...germanyBuildsOne, orders: { germany: ['Build F kie'] } });
    expect(r.next.phase).toEqual({ year: 1902, season: 'spring', kind: 'movement' });
    expect(r.next.owners.den).toBe('germany');
  });
});
