// The map language's variant features (docs/MAP-LANGUAGE.md, "Variant features"): the archipelago
// flag and neutral units, with their diagnostics (DF3020, DF4020, DF8050), as the toy variant
// derived by one small edit each.
import { describe, expect, it } from 'vitest';
import { parseMap } from '../src/map/parse.js';
import { checkText, compileText, edit, expectExactly, locate, TOY } from './helpers.js';

const only = (text: string) => parseMap(text, 'x.dipmap');

describe('archipelago', () => {
  it('is a province flag, compiled as "archipelago": true', () => {
    const text = edit(TOY, 'province bet "Beta" coast supply', 'province bet "Beta" coast supply archipelago');
    const result = compileText(text);
    expect(result.diagnostics).toEqual([]);
    const bet = result.config!.provinces.find((p) => p.id === 'bet')!;
    expect(bet.archipelago).toBe(true);
    expect(result.config!.provinces.find((p) => p.id === 'alp')!.archipelago).toBeUndefined();
  });

  it('DF3020: only on a coast province', () => {
    const text = edit(TOY, 'province gam "Gamma" land supply', 'province gam "Gamma" land supply archipelago');
    expectExactly(checkText(text).diagnostics, [['DF3020', locate(text, 'supply archipelago', 'archipelago')]]);
  });
});

describe('neutral units', () => {
  it('parse as a neutral declaration with units', () => {
    const ast = only('neutral units A gam, F eps/nc\nneutral centres eps').ast;
    const [units, centres] = ast.decls as unknown as [{ kind: string; units: { unit?: { value: string } }[]; centres: unknown[] }, { centres: { value: string }[]; units: unknown[] }];
    expect(units.kind).toBe('Neutral');
    expect(units.units.map((u) => u.unit?.value)).toEqual(['a', 'f']);
    expect(units.centres).toEqual([]);
    expect(centres.centres.map((c) => c.value)).toEqual(['eps']);
    expect(centres.units).toEqual([]);
  });

  it('compile into neutralUnits, and leave the centre neutral', () => {
    const text = edit(TOY, 'neutral centres eps', 'neutral centres eps\nneutral units F eps/nc');
    const result = compileText(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.config!.neutralUnits).toEqual([{ kind: 'fleet', at: 'eps/nc' }]);
    expect(result.config!.neutralCentres).toEqual(['del', 'eps']);
    expect(compileText(TOY).config!.neutralUnits).toBeUndefined();
  });

  it('are checked like starting units: terrain, coast, a province one unit at a time', () => {
    const text = edit(TOY, 'neutral centres eps', 'neutral centres eps\nneutral units A gam, F eps, F one');
    expectExactly(checkText(text).diagnostics, [
      ['DF4005', locate(text, 'A gam, F eps', 'A gam')],
      ['DF4004', locate(text, 'F eps, F one', 'eps')],
    ]);
  });

  it('DF4020: no power may be called neutral where there are neutral units', () => {
    const text = edit(edit(TOY, 'power south "South"', 'power neutral "South"'), 'neutral centres eps', 'neutral centres eps\nneutral units F one');
    expectExactly(checkText(text).diagnostics, [['DF4020', locate(text, 'power neutral', 'neutral')]]);
  });

  it('DF8050: neutral-units hold-and-rebuild without neutral units has no effect', () => {
    const text = edit(TOY, 'victory-centres 4', 'victory-centres 4\n  neutral-units hold-and-rebuild');
    expectExactly(checkText(text).diagnostics, [['DF8050', locate(text, 'neutral-units hold-and-rebuild')]]);
    const withUnits = edit(text, 'neutral centres eps', 'neutral centres eps\nneutral units F one');
    expect(checkText(withUnits).diagnostics).toEqual([]);
  });
});

describe('years and starts', () => {
  it('a variant may start in year 0 and in an adjustment phase', () => {
    const text = edit(TOY, 'start 1901 spring movement', 'start 0 fall adjustment');
    const result = compileText(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.config!.start).toEqual({ year: 0, season: 'fall', phase: 'adjustment' });
  });

  it('the year options are rule options like any other', () => {
    const text = edit(TOY, 'victory-centres 4', 'victory-centres 4\n  year-step 5\n  adjustment-interval 10\n  auto-builds army\n  victory-lead-year 2020');
    const result = compileText(text);
    expect(result.diagnostics).toEqual([]);
    const r = result.config!.rules;
    expect([r['year-step'], r['adjustment-interval'], r['auto-builds'], r['victory-lead-year']]).toEqual([5, 10, 'army', 2020]);
    const bad = edit(TOY, 'victory-centres 4', 'victory-centres 4\n  year-step 0');
    expect(checkText(bad).diagnostics.map((d) => d.code)).toEqual(['DF2006']);
  });
});
