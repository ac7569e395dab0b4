/**
 * The checker (bind, check, rules) on one file: every map-structure, power,
 * rule-set and warning diagnostic, each made to appear by one small edit of the
 * toy variant and asserted with its code and exact range, with no other
 * diagnostic beside it unless the edit implies one, and what the checker
 * resolves. The name diagnostics (DF2xxx) are check-names.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Codes } from '../src/diagnostics/codes.js';
import { checkText, edit, ENTRY, expectExactly, locate, TOY, variantWith } from './helpers.js';

describe('the toy variant', () => {
  it('checks with no diagnostic at all', () => {
    const result = checkText(TOY);
    expect(result.diagnostics).toEqual([]);
    expect(result.variant?.id).toBe('toy');
  });

  it('every code in the registry is unique and has the severity its series implies', () => {
    const all = Object.values(Codes);
    expect(new Set(all.map((c) => c.code)).size).toBe(all.length);
    // The imports group (DF7xxx) has its own: DF700x errors, DF701x warnings, DF702x information.
    // Orders against the map (DF303x) are warnings: the game still plays, the unit holds.
    // The game object's and `serve`'s errors (DF808x) are errors of a call, in the tools' series.
    // The board artwork (DF202x): DF2020 and DF2021 errors (no board to draw), DF2022–DF2029 warnings (the picture is off, the game plays).
    for (const c of all) expect(c.severity).toBe(/^DF(8(?!08)|701|303|202[2-9])/.test(c.code) ? 'warning' : /^DF(9|702)/.test(c.code) ? 'info' : 'error');
  });
});

describe('map structure (DF3xxx)', () => {
  it('DF3001: a coast on a province without named coasts', () => {
    const a = variantWith('fleet alp: one', 'fleet alp/nc: one');
    expectExactly(a.diagnostics, [['DF3001', locate(a.text, 'alp/nc', 'nc')]]);
    const b = variantWith('units A alp, F bet', 'units A alp, F bet/sc');
    expectExactly(b.diagnostics, [['DF3001', locate(b.text, 'bet/sc', 'sc')]]);
  });

  it('DF3002: a fleet adjacency to a split-coast province that names no coast', () => {
    const { text, diagnostics } = variantWith('fleet eps/nc: one', 'fleet eps: one');
    expectExactly(diagnostics, [['DF3002', locate(text, 'fleet eps', 'eps')]]);
    expect(diagnostics[0]!.message).toContain('eps/nc or eps/sc');
  });

  it('DF3003: an army adjacency that names a coast', () => {
    const { text, diagnostics } = variantWith('army del: eps', 'army del: eps/nc');
    expectExactly(diagnostics, [['DF3003', locate(text, 'eps/nc', 'nc')]]);
  });

  it('DF3003: a starting army on a coast', () => {
    const { text, diagnostics } = variantWith('units A gam, A del', 'units A gam, A del, A eps/sc');
    expectExactly(diagnostics, [['DF3003', locate(text, 'A eps/sc', 'sc')]]);
  });

  it('DF3004: a fleet adjacency into a landlocked province', () => {
    const { text, diagnostics } = variantWith('fleet one: two', 'fleet one: two, wes');
    expectExactly(diagnostics, [['DF3004', locate(text, 'two, wes', 'wes')]]);
  });

  it('DF3005: an army adjacency into a sea', () => {
    const { text, diagnostics } = variantWith('army alp: gam, wes', 'army alp: gam, wes, one');
    expectExactly(diagnostics, [['DF3005', locate(text, 'wes, one', 'one')]]);
  });

  it('DF3006: a province adjacent to itself, also from one coast to another', () => {
    const a = variantWith('army gam: del, wes', 'army gam: del, wes, GAM');
    expectExactly(a.diagnostics, [['DF3006', locate(a.text, 'GAM')]]);
    const b = variantWith('fleet eps/sc: two', 'fleet eps/sc: two, eps/nc');
    expectExactly(b.diagnostics, [['DF3006', locate(b.text, 'two, eps/nc', 'eps/nc')]]);
  });

  it('DF3007: an adjacency to or from an impassable province', () => {
    const a = variantWith('army gam: del, wes', 'army gam: del, wes, mnt');
    expectExactly(a.diagnostics, [['DF3007', locate(a.text, 'mnt', 'mnt', 1)]]);
    const b = variantWith('army del: eps', 'army del: eps\n  army mnt: wes');
    expectExactly(b.diagnostics, [['DF3007', locate(b.text, 'army mnt', 'mnt')]]);
  });

  it('DF3008: named coasts on a land or sea province', () => {
    const { text, diagnostics } = variantWith('province wes "West" land', 'province wes "West" land { coast nc "N" coast sc "S" }');
    expectExactly(diagnostics, [
      ['DF3008', locate(text, 'coast nc "N"')],
      ['DF3008', locate(text, 'coast sc "S"')],
    ]);
    const b = variantWith('province one "Sea One" sea', 'province one "Sea One" sea { coast x "X" }');
    expectExactly(b.diagnostics, [['DF3008', locate(b.text, 'coast x "X"')]]);
  });

  it('DF3009: an impassable supply centre', () => {
    const { text, diagnostics } = variantWith('province mnt "Mountain" impassable', 'province mnt "Mountain" impassable supply');
    expectExactly(diagnostics, [['DF3009', locate(text, 'province mnt', 'mnt')]]);
  });

  it('DF3010: a variant with no provinces', () => {
    const text = 'variant empty "Empty" { }\npower solo "Solo" { }\n';
    expectExactly(checkText(text).diagnostics, [
      ['DF3010', locate(text, 'empty')],
      ['DF8005', locate(text, 'solo')],
    ]);
  });

  it('DF3011: a variant with no powers', () => {
    const text = TOY.slice(0, TOY.indexOf('power north'));
    expectExactly(checkText(text).diagnostics, [['DF3011', locate(text, 'variant toy', 'toy')]]);
  });

  it('a file with no variant declaration is not reported as missing provinces or powers when checked', () => {
    expect(checkText('ruleset house extends 2023 { retreats phase }\n').diagnostics).toEqual([]);
  });

  it('DF3013: two variant declarations in one file', () => {
    const { text, diagnostics } = variantWith('rules {', 'variant other { }\nrules {');
    expectExactly(diagnostics, [['DF3013', locate(text, 'other')]]);
  });
});

describe('powers, centres and units (DF4xxx)', () => {
  it('DF4001: a home centre that is not a supply centre', () => {
    const { text, diagnostics } = variantWith('home gam, del', 'home gam, del, wes');
    expectExactly(diagnostics, [['DF4001', locate(text, 'home gam, del, wes', 'wes')]]);
  });

  it('DF4002: a home centre claimed by two powers', () => {
    const { text, diagnostics } = variantWith('home gam, del', 'home gam, del, alp');
    expectExactly(diagnostics, [['DF4002', locate(text, 'del, alp', 'alp')]]);
    expect(diagnostics[0]!.message).toContain("'north'");
  });

  it('DF4003: starting units on terrain their kind cannot stand on (army at sea, fleet inland, impassable)', () => {
    const { text, diagnostics } = variantWith('units A gam, A del', 'units A gam, A del, A one, F wes, A mnt');
    expectExactly(diagnostics, [
      ['DF4003', locate(text, 'A one')],
      ['DF4003', locate(text, 'F wes')],
      ['DF4003', locate(text, 'A mnt')],
    ]);
  });

  it('DF4004: a starting fleet in a split-coast province without a coast', () => {
    const { text, diagnostics } = variantWith('units A alp, F bet', 'units A alp, F bet, F eps');
    expectExactly(diagnostics, [['DF4004', locate(text, 'F eps', 'eps')]]);
  });

  it('DF4005: two starting units in one province, of two powers and of one', () => {
    const a = variantWith('units A gam, A del', 'units A gam, A del, F alp');
    expectExactly(a.diagnostics, [['DF4005', locate(a.text, 'F alp')]]);
    expect(a.diagnostics[0]!.message).toContain("'north'");
    const b = variantWith('units A alp, F bet', 'units A alp, F bet, fleet eps/nc, F eps/sc');
    expectExactly(b.diagnostics, [['DF4005', locate(b.text, 'F eps/sc')]]);
  });

  it('DF4006: a starting centre that is not a supply centre', () => {
    const { text, diagnostics } = variantWith('owns gam', 'owns gam, wes');
    expectExactly(diagnostics, [['DF4006', locate(text, 'owns gam, wes', 'wes')]]);
  });

  it('DF4007: a centre owned by two powers at the start (explicit owns against default home)', () => {
    const { text, diagnostics } = variantWith('owns gam', 'owns gam, alp');
    expectExactly(diagnostics, [['DF4007', locate(text, 'gam, alp', 'alp')]]);
  });

  it('DF4008: a neutral centre that a power owns', () => {
    const { text, diagnostics } = variantWith('neutral centres eps', 'neutral centres eps, gam');
    expectExactly(diagnostics, [['DF4008', locate(text, 'eps, gam', 'gam')]]);
  });

  it('a home centre that its power does not own is neutral and may be listed so', () => {
    const text = edit(TOY, 'neutral centres eps', 'neutral centres eps, del');
    expect(checkText(text).diagnostics).toEqual([]);
  });

  it('DF4009: a neutral centre that is not a supply centre', () => {
    const { text, diagnostics } = variantWith('neutral centres eps', 'neutral centres eps, wes');
    expectExactly(diagnostics, [['DF4009', locate(text, 'eps, wes', 'wes')]]);
  });
});

describe('home countries (country)', () => {
  const southCountry = (text: string) => checkText(text).variant?.powers.find((p) => p.id === 'south')?.country;

  it('a country item adds provinces to the home centres, which belong to it without being listed', () => {
    const text = edit(TOY, 'home gam, del', 'home gam, del\n  country wes');
    const result = checkText(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.variant?.powers.find((p) => p.id === 'south')?.country).toEqual(['gam', 'del', 'wes']);
    // A power with no country item has none: its home centres stand for it.
    expect(result.variant?.powers.find((p) => p.id === 'north')?.country).toBeUndefined();
  });

  it('listing the home centres too is allowed; a province named twice, by id or by another name, is kept once', () => {
    const text = edit(TOY, 'home gam, del', 'home gam, del\n  country del, wes, gam\n  country WES, West');
    expect(checkText(text).diagnostics).toEqual([]);
    expect(southCountry(text)).toEqual(['gam', 'del', 'wes']);
  });

  it('DF2001: an unknown province in a country, with a suggestion', () => {
    const { text, diagnostics } = variantWith('home gam, del', 'home gam, del\n  country wes, wss');
    expectExactly(diagnostics, [['DF2001', locate(text, 'wes, wss', 'wss')]], ENTRY);
    expect(diagnostics[0]!.message).toContain("did you mean 'wes'");
  });

  it('DF4010: a province in the home countries of two powers, reported where the second power lists it', () => {
    const text = edit(edit(TOY, 'home alp, bet', 'home alp, bet\n  country wes'), 'home gam, del', 'home gam, del\n  country wes');
    const { diagnostics } = checkText(text);
    expectExactly(diagnostics, [['DF4010', locate(text, 'country wes', 'wes', 1)]]);
    expect(diagnostics[0]!.message).toContain("home country of 'north'");
    expect(southCountry(text)).toEqual(['gam', 'del']);
  });

  it("DF4010: another power's home centre, which is always in that power's country, even with no country item there", () => {
    const { text, diagnostics } = variantWith('home gam, del', 'home gam, del\n  country wes, al');
    expectExactly(diagnostics, [['DF4010', locate(text, 'wes, al', 'al')]]);
    expect(diagnostics[0]!.message).toContain("'alp' is already in the home country of 'north', as one of its home centres");
  });

  it('DF4011: a sea or an impassable province in a country', () => {
    const { text, diagnostics } = variantWith('home gam, del', 'home gam, del\n  country one, mnt, wes');
    expectExactly(diagnostics, [
      ['DF4011', locate(text, 'one, mnt', 'one')],
      ['DF4011', locate(text, 'one, mnt', 'mnt')],
    ]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      "'one' is a sea: a home country is made of land and coastal provinces",
      "'mnt' is impassable: a home country is made of land and coastal provinces",
    ]);
    expect(southCountry(text)).toEqual(['gam', 'del', 'wes']);
  });

  it('the codes are errors, among the powers codes', () => {
    expect(Codes.countryOfTwoPowers).toMatchObject({ code: 'DF4010', severity: 'error' });
    expect(Codes.countryNotLand).toMatchObject({ code: 'DF4011', severity: 'error' });
  });
});

describe('rule sets (DF5005)', () => {
  it('DF5005: two rule sets that extend each other', () => {
    const { text, diagnostics } = variantWith('rules {', 'ruleset aa extends bb { }\nruleset bb extends aa { }\nrules {');
    expectExactly(diagnostics, [['DF5005', locate(text, 'bb extends aa', 'aa')]]);
  });

  it('DF5005: a rule set that extends itself', () => {
    const { text, diagnostics } = variantWith('rules {', 'ruleset self extends SELF { }\nrules {');
    expectExactly(diagnostics, [['DF5005', locate(text, 'SELF')]]);
  });

  it('a rule set of the file extends an edition and is picked by edition', () => {
    const text = edit(edit(TOY, 'rules {', 'ruleset House extends 2000 {\n  retreat-default lot\n}\nrules {'), 'edition 2023', 'edition house');
    const result = checkText(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.variant?.rules.edition).toBe('house');
    expect(result.variant?.rules.options['retreat-default']).toBe('lot');
    expect(result.variant?.rules.options['removal-order']).toBe('country-distance');
    expect(result.variant?.rules.options['victory-centres']).toBe(4);
  });
});

describe('warnings (DF8xxx)', () => {
  it('DF8001: a one-way adjacency, reported at its target', () => {
    const { text, diagnostics } = variantWith('fleet one: two', 'fleet one -> two');
    expectExactly(diagnostics, [['DF8001', locate(text, 'one -> two', 'two')]]);
    expect(diagnostics[0]!.severity).toBe('warning');
  });

  it('no DF8001 when the way back is declared too, one way or both', () => {
    expect(checkText(edit(TOY, 'fleet one: two', 'fleet one -> two\n  fleet two -> one')).diagnostics).toEqual([]);
    expect(checkText(edit(TOY, 'army gam: del, wes', 'army gam: del\n  army wes -> gam\n  army gam -> wes')).diagnostics).toEqual([]);
    expect(checkText(edit(TOY, 'army gam: del, wes', 'army gam: del\n  army wes -> gam\n  army gam: wes')).diagnostics).toEqual([]);
  });

  it('DF8002: a province no unit can reach', () => {
    const { text, diagnostics } = variantWith('province wes "West" land', 'province wes "West" land\nprovince iso "Island" land');
    expectExactly(diagnostics, [['DF8002', locate(text, 'iso')]]);
    expect(diagnostics[0]!.severity).toBe('warning');
  });

  it('DF8002 for a province reachable only by a one-way edge out of it', () => {
    const { text, diagnostics } = variantWith('army gam: del, wes', 'army gam: del\n  army wes -> gam');
    expectExactly(diagnostics, [['DF8001', locate(text, 'wes -> gam', 'gam')]]);
    const cut = edit(text, 'army alp: gam, wes', 'army alp: gam');
    expectExactly(checkText(cut).diagnostics, [
      ['DF8002', locate(cut, 'province wes', 'wes')],
      ['DF8001', locate(cut, 'wes -> gam', 'gam')],
    ]);
  });

  it('DF8003: a victory threshold above the number of supply centres', () => {
    const { text, diagnostics } = variantWith('victory-centres 4', 'victory-centres 6');
    expectExactly(diagnostics, [['DF8003', locate(text, '6')]]);
    expect(diagnostics[0]!.severity).toBe('warning');
    expect(checkText(edit(TOY, 'victory-centres 4', 'victory-centres 5')).diagnostics).toEqual([]);
  });

  it('DF8003: the threshold set in a rule set of the file is reported there', () => {
    const { text, diagnostics } = variantWith('rules {\n  edition 2023\n  victory-centres 4', 'ruleset big { victory-centres 30 }\nrules {\n  edition big');
    expectExactly(diagnostics, [['DF8003', locate(text, '30')]]);
  });

  it('DF8004: an adjacency declared twice (also through both), once per line and kind', () => {
    const a = variantWith('army gam: del, wes', 'army gam: del, wes, ALP');
    expectExactly(a.diagnostics, [['DF8004', locate(a.text, 'ALP')]]);
    const b = variantWith('fleet one: two', 'fleet one: two\n  both bet: alp');
    // One warning per unit kind, not one per direction.
    expectExactly(b.diagnostics, [
      ['DF8004', locate(b.text, 'bet: alp', 'alp')],
      ['DF8004', locate(b.text, 'bet: alp', 'alp')],
    ]);
    expect(b.diagnostics.map((d) => d.message)).toEqual(['The army adjacency bet–alp is already declared', 'The fleet adjacency bet–alp is already declared']);
    expect(b.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
  });

  it('DF8005: a power with no home centres', () => {
    const { text, diagnostics } = variantWith('  home alp, bet\n', '');
    expectExactly(diagnostics, [['DF8005', locate(text, 'power north', 'north')]]);
    expect(diagnostics[0]!.severity).toBe('warning');
  });
});

describe('what the checker resolves', () => {
  it('terrain defaults to land, or coast for a province with named coasts', () => {
    const text = edit(edit(TOY, 'province wes "West" land', 'province wes "West"'), 'province eps "Epsilon" coast supply', 'province eps "Epsilon" supply');
    const v = checkText(text).variant!;
    expect(v.provinces.find((p) => p.id === 'wes')?.terrain).toBe('land');
    expect(v.provinces.find((p) => p.id === 'eps')?.terrain).toBe('coast');
  });

  it('start defaults to 1901 spring movement; a variant without a name takes its id', () => {
    const text = edit(edit(TOY, '  start 1901 spring movement\n', ''), 'variant toy "Toy"', 'variant Toy');
    const v = checkText(text).variant!;
    expect(v.start).toEqual({ year: 1901, season: 'spring', phase: 'movement' });
    expect([v.id, v.name]).toEqual(['toy', 'Toy']);
  });

  it('a power without a title is named by its capitalized id', () => {
    const v = checkText(edit(TOY, 'power south "South"', 'power south')).variant!;
    expect(v.powers.map((p) => p.name)).toEqual(['North', 'South']);
  });

  it('the edition defaults to 2023 when the rules name none', () => {
    const v = checkText(edit(TOY, '  edition 2023\n', '')).variant!;
    expect(v.rules.edition).toBe('2023');
    expect(v.rules.options['victory-centres']).toBe(4);
  });
});
