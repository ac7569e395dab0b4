/**
 * compileMapFile on the toy variant: the VariantConfig it emits (provinces,
 * directed edges, powers with units and centres, neutral centres, rules from
 * the edition plus overrides), when it refuses to emit, DF3012 and DF5008.
 */
import { defaultRuleOptions, validateVariantConfig } from '@dipforge/engine/config';
import { describe, expect, it } from 'vitest';
import { validateEmitted } from '../src/map/compile.js';
import { checkText, compileText, edit, ENTRY, expectExactly, locate, TOY } from './helpers.js';

/** Edges as sorted "from to" strings, for order-free comparison. */
function edgeSet(edges: [string, string][]): string[] {
  return edges.map(([a, b]) => `${a} ${b}`).sort();
}

/** Both directions of each pair. */
function twoWay(...pairs: [string, string][]): string[] {
  return pairs.flatMap(([a, b]) => [`${a} ${b}`, `${b} ${a}`]).sort();
}

describe('compileMapFile on the toy variant', () => {
  const result = compileText(TOY);
  const config = result.config!;

  it('compiles with no diagnostic, and the config passes the schema', () => {
    expect(result.diagnostics).toEqual([]);
    expect(config).toBeDefined();
    expect(validateVariantConfig(config).ok).toBe(true);
  });

  it('has the header: format, id, name, author, start', () => {
    expect(config).toMatchObject({
      format: 'dipforge-variant/1',
      id: 'toy',
      name: 'Toy',
      author: 'Tester',
      start: { year: 1901, season: 'spring', phase: 'movement' },
    });
    expect('version' in config).toBe(false);
  });

  it('has the provinces with terrain, supply, coasts, names, aliases and coordinates', () => {
    expect(config.provinces.map((p) => [p.id, p.terrain, p.supplyCentre])).toEqual([
      ['alp', 'coast', true],
      ['bet', 'coast', true],
      ['gam', 'land', true],
      ['del', 'land', true],
      ['eps', 'coast', true],
      ['wes', 'land', false],
      ['one', 'sea', false],
      ['two', 'sea', false],
      ['mnt', 'land', false],
    ]);
    expect(config.provinces[0]).toEqual({
      id: 'alp',
      name: 'Alpha',
      terrain: 'coast',
      supplyCentre: true,
      names: { fi: ['Alfa'] },
      aliases: ['al'],
      at: [10, 20],
    });
    expect(config.provinces.find((p) => p.id === 'eps')?.coasts).toEqual([
      { id: 'nc', name: 'North Coast' },
      { id: 'sc', name: 'South Coast' },
    ]);
    expect(config.provinces.find((p) => p.id === 'mnt')?.impassable).toBe(true);
    expect(config.provinces.find((p) => p.id === 'bet')).toEqual({ id: 'bet', name: 'Beta', terrain: 'coast', supplyCentre: true });
  });

  it('has directed edges: both directions for ":", per unit kind, "both" in each kind', () => {
    expect(edgeSet(config.adjacency.army)).toEqual(
      twoWay(['alp', 'bet'], ['alp', 'gam'], ['alp', 'wes'], ['bet', 'del'], ['bet', 'eps'], ['gam', 'del'], ['gam', 'wes'], ['del', 'eps']),
    );
    expect(edgeSet(config.adjacency.fleet)).toEqual(
      twoWay(['alp', 'bet'], ['alp', 'one'], ['bet', 'two'], ['bet', 'eps/sc'], ['eps/nc', 'one'], ['eps/sc', 'two'], ['one', 'two']),
    );
    expect(config.adjacency.army).toHaveLength(16);
    expect(config.adjacency.fleet).toHaveLength(14);
  });

  it('has the powers with home centres, units, and starting centres (home by default, owns when given)', () => {
    expect(config.powers).toEqual([
      {
        id: 'north',
        name: 'North',
        adjective: 'Northern',
        colour: '#112233',
        home: ['alp', 'bet'],
        units: [
          { kind: 'army', at: 'alp' },
          { kind: 'fleet', at: 'bet' },
        ],
        centres: ['alp', 'bet'],
      },
      {
        id: 'south',
        name: 'South',
        colour: '#a0b0c0',
        home: ['gam', 'del'],
        units: [
          { kind: 'army', at: 'gam' },
          { kind: 'army', at: 'del' },
        ],
        centres: ['gam'],
      },
    ]);
  });

  it('has the neutral centres: every supply centre no power owns, listed or not', () => {
    expect(config.neutralCentres).toEqual(['del', 'eps']);
  });

  it('has every rule option: the edition, then the overrides', () => {
    expect(config.rules).toEqual({ ...defaultRuleOptions(), edition: '2023', 'victory-centres': 4 });
  });
});

describe('what compileMapFile emits for variations of the toy', () => {
  it('"->" gives one directed edge, and the one-way warning does not stop the compile', () => {
    const text = edit(TOY, 'fleet one: two', 'fleet one -> two');
    const result = compileText(text);
    expectExactly(result.diagnostics, [['DF8001', locate(text, 'one -> two', 'two')]]);
    expect(result.config?.adjacency.fleet).toContainEqual(['one', 'two']);
    expect(result.config?.adjacency.fleet).not.toContainEqual(['two', 'one']);
  });

  it('a fleet on a named coast, and owns with an empty list', () => {
    const text = edit(edit(TOY, 'units A alp, F bet', 'units A alp, F bet, F eps/NC'), 'owns gam', 'owns');
    const config = compileText(text).config!;
    expect(config.powers[0]!.units).toContainEqual({ kind: 'fleet', at: 'eps/nc' });
    expect(config.powers[1]!.centres).toEqual([]);
    expect(config.neutralCentres).toEqual(['gam', 'del', 'eps']);
  });

  it('country: emitted as the home centres then the listed provinces, after home; absent without a country item', () => {
    const text = edit(TOY, 'home gam, del', 'home gam, del\n  country wes, del');
    const result = compileText(text);
    expect(result.diagnostics).toEqual([]);
    const [north, south] = result.config!.powers;
    expect(south!.country).toEqual(['gam', 'del', 'wes']);
    expect(Object.keys(south!)).toEqual(['id', 'name', 'colour', 'home', 'country', 'units', 'centres']);
    expect('country' in north!).toBe(false);
    expect(validateVariantConfig(result.config).ok).toBe(true);
  });

  it('DF5008: a config whose country the reference check refuses (a home centre of another power) is reported', () => {
    const ok = compileText(edit(TOY, 'home gam, del', 'home gam, del\n  country wes'));
    const broken = structuredClone(ok.config!);
    broken.powers[1]!.country = ['gam', 'del', 'alp'];
    const diagnostics: import('../src/diagnostics/diagnostic.js').Diagnostic[] = [];
    expect(validateEmitted(broken, ENTRY, diagnostics)).toBe(false);
    expectExactly(diagnostics, [['DF5008', [0, 0, 0, 0]]], ENTRY);
    expect(diagnostics[0]!.message).toContain('/powers/1/country/2');
  });

  it('the rules come from the chosen edition, then the overrides, and record the edition', () => {
    const text = edit(TOY, 'edition 2023', 'edition 2000\n  scoring draw-size\n  waive-builds false');
    const config = compileText(text).config!;
    expect(config.rules).toEqual({
      ...defaultRuleOptions(),
      edition: '2000',
      'removal-order': 'country-distance',
      'victory-centres': 4,
      scoring: 'draw-size',
      'waive-builds': false,
    });
  });

  it('without an edition the rules are the 2023 edition', () => {
    const config = compileText(edit(TOY, '  edition 2023\n', '')).config!;
    expect(config.rules.edition).toBe('2023');
    expect(config.rules['removal-order']).toBe('owned-distance');
  });

  it('a rule set of the file picked as edition is recorded by its name', () => {
    const text = edit(edit(TOY, 'rules {', 'ruleset House extends 2000 { retreats priority-list }\nrules {'), 'edition 2023', 'edition house');
    const config = compileText(text).config!;
    expect(config.rules.edition).toBe('house');
    expect(config.rules.retreats).toBe('priority-list');
    expect(config.rules['removal-order']).toBe('country-distance');
  });

  it('errors stop the compile: no config', () => {
    const text = edit(TOY, 'home gam, del', 'home gam, del, wes');
    const result = compileText(text);
    expectExactly(result.diagnostics, [['DF4001', locate(text, 'home gam, del, wes', 'wes')]]);
    expect(result.config).toBeUndefined();
    expect(result.variant).toBeDefined();
  });

  it('DF3012: a file with no variant declaration cannot be compiled (but checks clean)', () => {
    const text = TOY.slice(TOY.indexOf('rules {'));
    expect(checkText(text).diagnostics).toEqual([]);
    const result = compileText(text);
    expectExactly(result.diagnostics, [['DF3012', [0, 0, 0, 0]]], ENTRY);
    expect(result.config).toBeUndefined();
  });

  it('DF3012: a file of rule sets only, like an edition preset', () => {
    const result = compileText('ruleset house extends 2023 { scoring none }\n');
    expectExactly(result.diagnostics, [['DF3012', [0, 0, 0, 0]]], ENTRY);
  });

  it('DF2013: an empty display name is reported where it is written, and nothing is compiled', () => {
    const text = edit(TOY, 'province wes "West" land', 'province wes "" land');
    const at = text.indexOf('""');
    const line = text.slice(0, at).split('\n').length - 1;
    const column = at - text.lastIndexOf('\n', at - 1) - 1;
    const result = compileText(text);
    expectExactly(result.diagnostics, [['DF2013', [line, column, line, column + 2]]], ENTRY);
    expect(result.config).toBeUndefined();
  });

  it('DF5008: an emitted config that the schema refuses is reported, not returned', () => {
    // The checker should let nothing through that the schema refuses, so this
    // safety net is tested on the emitter's output broken by hand.
    const ok = compileText(TOY);
    expect(ok.config).toBeDefined();
    const broken = structuredClone(ok.config!) as unknown as { provinces: { name: string }[] };
    broken.provinces[0]!.name = '';
    const diagnostics: import('../src/diagnostics/diagnostic.js').Diagnostic[] = [];
    expect(validateEmitted(broken as never, ENTRY, diagnostics)).toBe(false);
    expectExactly(diagnostics, [['DF5008', [0, 0, 0, 0]]], ENTRY);
    expect(diagnostics[0]!.message).toContain('/provinces/0/name');
  });
});
