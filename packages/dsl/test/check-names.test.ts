/**
 * The checker's name diagnostics (DF2xxx) on one file: each made to appear by
 * one small edit of the toy variant and asserted with its code and exact range,
 * with no other diagnostic beside it unless the edit implies one. The other
 * families are check.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { checkText, edit, ENTRY, expectExactly, locate, TOY, variantWith } from './helpers.js';

describe('names (DF2xxx)', () => {
  it('DF2001: an unknown province in an adjacency, with a suggestion', () => {
    const { text, diagnostics } = variantWith('army alp: gam, wes', 'army alp: gmm, wes');
    expectExactly(diagnostics, [['DF2001', locate(text, 'alp: gmm', 'gmm')]], ENTRY);
    expect(diagnostics[0]!.message).toContain("did you mean 'gam'");
    expect(diagnostics[0]!.severity).toBe('error');
  });

  it('DF2001: an unknown home centre and an unknown neutral centre', () => {
    const a = variantWith('home alp, bet', 'home alp, bet, zzz');
    expectExactly(a.diagnostics, [['DF2001', locate(a.text, 'bet, zzz', 'zzz')]]);
    const b = variantWith('neutral centres eps', 'neutral centres eps, qqq');
    expectExactly(b.diagnostics, [['DF2001', locate(b.text, 'qqq')]]);
  });

  it('a reference by alias or display name means the province it names', () => {
    // `al` is an alias of the owned centre `alp`: accepted as alp, so the neutral list is wrong for that reason.
    const { text, diagnostics } = variantWith('neutral centres eps', 'neutral centres al');
    expectExactly(diagnostics, [['DF4008', locate(text, 'centres al', 'al')]]);
    expect(diagnostics[0]!.message).toContain("'alp'");
  });

  it('DF2001: an unknown province of a starting unit and of owns', () => {
    const a = variantWith('units A gam, A del', 'units A gam, A del, A nowhere');
    expectExactly(a.diagnostics, [['DF2001', locate(a.text, 'nowhere')]]);
    const b = variantWith('owns gam', 'owns gam, nowhere');
    expectExactly(b.diagnostics, [['DF2001', locate(b.text, 'nowhere')]]);
  });

  it('DF2003: a coast the province does not have, in an adjacency and on a unit', () => {
    const a = variantWith('fleet eps/nc: one', 'fleet eps/ec: one');
    expectExactly(a.diagnostics, [['DF2003', locate(a.text, 'eps/ec', 'ec')]]);
    expect(a.diagnostics[0]!.message).toContain('nc, sc');
    const b = variantWith('units A alp, F bet', 'units A alp, F bet, F eps/wc');
    expectExactly(b.diagnostics, [['DF2003', locate(b.text, 'eps/wc', 'wc')]]);
  });

  it('DF2004: an unknown edition in rules', () => {
    const { text, diagnostics } = variantWith('edition 2023', 'edition 1999');
    expectExactly(diagnostics, [['DF2004', locate(text, '1999')]]);
  });

  it('DF2004: a rule set that extends an unknown one', () => {
    const { text, diagnostics } = variantWith('rules {', 'ruleset house extends nonesuch { }\nrules {');
    expectExactly(diagnostics, [['DF2004', locate(text, 'nonesuch')]]);
  });

  it('DF2005: an unknown rule option, with a suggestion', () => {
    const { text, diagnostics } = variantWith('victory-centres 4', 'victory-centres 4\n  convoy-paradx szykman');
    expectExactly(diagnostics, [['DF2005', locate(text, 'convoy-paradx')]]);
    expect(diagnostics[0]!.message).toContain("'convoy-paradox'");
  });

  it('DF2005: edition inside a rule set (a rule set uses extends)', () => {
    const { text, diagnostics } = variantWith('rules {', 'ruleset house {\n  edition 2000\n}\nrules {');
    expectExactly(diagnostics, [['DF2005', locate(text, 'edition 2000', 'edition')]]);
  });

  it('DF2006: a value the option does not take (one value, and a list for a one-value option)', () => {
    const a = variantWith('victory-centres 4', 'victory-centres 0');
    expectExactly(a.diagnostics, [['DF2006', locate(a.text, 'victory-centres 0', '0')]]);
    const b = variantWith('victory-centres 4', 'victory-centres 4\n  convoy-paradox szykman, dad');
    expectExactly(b.diagnostics, [['DF2006', locate(b.text, 'szykman, dad')]]);
    const c = variantWith('victory-centres 4', 'victory-centres 4\n  waive-builds maybe');
    expectExactly(c.diagnostics, [['DF2006', locate(c.text, 'maybe')]]);
  });

  it('DF2006: a bad value inside a rule set', () => {
    const { text, diagnostics } = variantWith('rules {', 'ruleset house {\n  retreats sometimes\n}\nrules {');
    expectExactly(diagnostics, [['DF2006', locate(text, 'sometimes')]]);
  });

  it('DF2007: an unknown unit kind in an adjacency line', () => {
    const { text, diagnostics } = variantWith('army gam: del, wes', 'tank gam: del, wes');
    expectExactly(diagnostics, [['DF2007', locate(text, 'tank')]]);
  });

  it('DF2007: an unknown unit kind of a starting unit', () => {
    const { text, diagnostics } = variantWith('units A gam, A del', 'units T gam, A del');
    expectExactly(diagnostics, [['DF2007', locate(text, 'units T gam', 'T')]]);
  });

  it('DF2008: a malformed language tag, on a province and on a coast', () => {
    const a = variantWith('name fi "Alfa"', 'name finnish "Alfa"');
    expectExactly(a.diagnostics, [['DF2008', locate(a.text, 'finnish')]]);
    const b = variantWith('coast nc "North Coast"', 'coast nc "North Coast" { name x1 "N" }');
    expectExactly(b.diagnostics, [['DF2008', locate(b.text, 'x1')]]);
  });

  it('well-formed BCP-47 tags are accepted (zh-Hant, pt-BR, es-419)', () => {
    const text = edit(TOY, 'name fi "Alfa"', 'name fi "Alfa" name zh-Hant "阿" name pt-BR "Alfa" name es-419 "Alfa"');
    expect(checkText(text).diagnostics).toEqual([]);
  });

  it('DF2010: a province declared twice', () => {
    const { text, diagnostics } = variantWith('province wes "West" land', 'province wes "West" land\nprovince BET "Beta Two" land');
    expectExactly(diagnostics, [['DF2010', locate(text, 'BET')]]);
  });

  it('DF2010: a power declared twice', () => {
    const { text, diagnostics } = variantWith('neutral centres eps', 'power North "Again" { }\nneutral centres eps');
    expectExactly(diagnostics, [['DF2010', locate(text, 'power North', 'North')]]);
  });

  it('DF2010: a coast declared twice in one province', () => {
    const { text, diagnostics } = variantWith('coast sc "South Coast"', 'coast sc "South Coast"\n  coast NC "Again"');
    expectExactly(diagnostics, [['DF2010', locate(text, 'NC')]]);
  });

  it('DF2010: a rule set declared twice in one file', () => {
    const { text, diagnostics } = variantWith('rules {', 'ruleset house { }\nruleset House { }\nrules {');
    expectExactly(diagnostics, [['DF2010', locate(text, 'House')]]);
  });

  it('DF2011: a display name used by two provinces', () => {
    const { text, diagnostics } = variantWith('province wes "West" land', 'province wes "alpha" land');
    expectExactly(diagnostics, [['DF2011', locate(text, '"alpha"')]]);
  });

  it('DF2011: a localized name clashes with another province in any language', () => {
    const { text, diagnostics } = variantWith('province gam "Gamma" land supply', 'province gam "Gamma" land supply { name de "Alfa" }');
    expectExactly(diagnostics, [['DF2011', locate(text, 'de "Alfa"', '"Alfa"')]]);
  });

  it('DF2011: an alias that is another province id, and an id that is another province name', () => {
    const a = variantWith('province wes "West" land', 'province wes "West" land { alias bet }');
    expectExactly(a.diagnostics, [['DF2011', locate(a.text, 'alias bet', 'bet')]]);
    const b = variantWith('province wes "West" land', 'province wes "West" land\nprovince beta "Another" land');
    expectExactly(b.diagnostics, [
      ['DF2011', locate(b.text, 'province beta', 'beta')],
      ['DF8002', locate(b.text, 'province beta', 'beta')],
    ]);
  });

  it('DF2011: a name used by two powers', () => {
    const { text, diagnostics } = variantWith('colour #a0b0c0', 'colour #a0b0c0\n  alias North');
    expectExactly(diagnostics, [['DF2011', locate(text, 'alias North', 'North')]]);
  });

  it('the same name twice for one province is fine, and provinces and powers have separate name spaces', () => {
    const text = edit(edit(TOY, 'alias al', 'alias al, alp, AL name sv "Alfa"'), 'colour #a0b0c0', 'colour #a0b0c0\n  alias alp, gamma');
    expect(checkText(text).diagnostics).toEqual([]);
  });

  it('DF2012: supply or terrain given twice', () => {
    const a = variantWith('province gam "Gamma" land supply', 'province gam "Gamma" land supply SUPPLY');
    expectExactly(a.diagnostics, [['DF2012', locate(a.text, 'SUPPLY')]]);
    const b = variantWith('province wes "West" land', 'province wes "West" land coast');
    expectExactly(b.diagnostics, [['DF2012', locate(b.text, 'land coast', 'coast')]]);
  });

  it('DF2012: a province with a single named coast', () => {
    const text = edit(edit(TOY, 'province wes "West" land', 'province wes "West" land\nprovince cap "Cape" coast { coast ec "East" }'), 'army alp: gam, wes', 'army alp: gam, wes, cap');
    expectExactly(checkText(text).diagnostics, [['DF2012', locate(text, 'coast ec "East"')]]);
  });

  it('DF2012: at given twice', () => {
    const { text, diagnostics } = variantWith('at 10 20', 'at 10 20 at 30, 40');
    expectExactly(diagnostics, [['DF2012', locate(text, 'at 30, 40')]]);
  });

  it('DF2012: author, start given twice in the variant', () => {
    const { text, diagnostics } = variantWith('author "Tester"', 'author "Tester"\n  author "Other"\n  start 1902 fall movement');
    expectExactly(diagnostics, [
      ['DF2012', locate(text, '"Other"')],
      ['DF2012', locate(text, 'start 1901 spring movement')],
    ]);
  });

  it('DF2012: adjective and colour given twice in a power', () => {
    const { text, diagnostics } = variantWith('adjective "Northern"', 'adjective "Northern" adjective "Nordic" colour #fff');
    expectExactly(diagnostics, [
      ['DF2012', locate(text, '"Nordic"')],
      ['DF2012', locate(text, '#123')],
    ]);
  });

  it('DF2013: a year that is not a whole number, and an unknown phase', () => {
    const a = variantWith('start 1901 spring movement', 'start 1901.5 spring movement');
    expectExactly(a.diagnostics, [['DF2013', locate(a.text, '1901.5')]]);
    const b = variantWith('start 1901 spring movement', 'start 1901 spring moving');
    expectExactly(b.diagnostics, [['DF2013', locate(b.text, 'moving')]]);
  });
});
