import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  RULE_KEYS,
  checkRuleValue,
  defaultRuleOptions,
  isRuleKey,
  validateVariantConfig,
  VARIANT_CONFIG_FORMAT,
} from '../src/config/index.js';
import { EDITIONS_DIR, editionFiles, loadEditions, parseRulesets, resolveEdition, resolvedEditions } from './helpers/editions.js';

const EXPECTED_EDITIONS = ['1971', '1982', '2000', '2023', 'old-rules', 'online-5'];

describe('the edition reader', () => {
  it('reads a ruleset header, option lines, lists, numbers, booleans and comments', () => {
    const [block, ...rest] = parseRulesets(
      [
        '// a comment with ruleset x { y z }',
        'ruleset house-rules "House \\"rules\\"" extends 2000 {',
        '  convoy-paradox 1982   // DATC 4.A.2',
        '  custom-phases spring-movement, fall-movement ;',
        '  waive-builds false',
        '  /* retreats phase */',
        '}',
      ].join('\n'),
      'x.dipmap',
    );
    expect(rest).toEqual([]);
    expect(block).toMatchObject({ name: 'house-rules', title: 'House \\"rules\\"', extends: '2000' });
    expect(block!.options).toEqual([
      { key: 'convoy-paradox', value: 1982, comment: 'DATC 4.A.2', line: 3 },
      { key: 'custom-phases', value: ['spring-movement', 'fall-movement'], comment: undefined, line: 4 },
      { key: 'waive-builds', value: false, comment: undefined, line: 5 },
    ]);
  });
});

describe('variants/editions', () => {
  const all = loadEditions();

  it('holds one file per edition, named after its ruleset', () => {
    expect(editionFiles()).toEqual(EXPECTED_EDITIONS.map((e) => `${e}.dipmap`).sort());
    for (const f of editionFiles()) {
      const blocks = parseRulesets(readFileSync(join(EDITIONS_DIR, f), 'utf8'), f);
      expect(blocks.map((b) => b.name), f).toEqual([f.replace(/\.dipmap$/, '')]);
    }
  });

  it('uses only registry keys and values that pass checkRuleValue', () => {
    for (const block of all.values()) {
      for (const opt of block.options) {
        const where = `${block.file}:${opt.line} ${opt.key}`;
        expect(isRuleKey(opt.key), where).toBe(true);
        expect(opt.key, `${where}: a ruleset names its base with extends`).not.toBe('edition');
        const r = checkRuleValue(opt.key, opt.value);
        expect(r.ok ? 'ok' : r.reason, where).toBe('ok');
      }
    }
  });

  it('writes every value in its canonical spelling', () => {
    for (const block of all.values()) {
      for (const opt of block.options) {
        const r = checkRuleValue(opt.key, opt.value);
        // A number may name a value (`convoy-paradox 1971`); case and aliases may not differ.
        if (r.ok) expect(String(r.value), `${block.file}:${opt.line}`).toBe(String(opt.value));
      }
    }
  });

  it('sets each option at most once per ruleset', () => {
    for (const block of all.values()) {
      const keys = block.options.map((o) => o.key);
      expect(keys.filter((k, i) => keys.indexOf(k) !== i), block.file).toEqual([]);
    }
  });

  it('gives every option line a comment naming its source', () => {
    for (const block of all.values()) {
      for (const opt of block.options) {
        expect(opt.comment ?? '', `${block.file}:${opt.line}`).toMatch(/\bDATC [46]\.[A-J]\.\d+|\b00[0-4]\b/);
      }
    }
  });

  it('has 2023 as the base: no extends, every option spelled out, the registry defaults', () => {
    const base = all.get('2023')!;
    expect(base.extends).toBeUndefined();
    expect(base.title).toBe('DATC v3.1 preferences');
    expect(base.options.map((o) => o.key).sort()).toEqual(RULE_KEYS.filter((k) => k !== 'edition').sort());
    expect(resolveEdition('2023', all)).toEqual(defaultRuleOptions());
  });

  it('derives every other edition from another one, without cycles', () => {
    expect(all.get('2000')).toMatchObject({ title: 'DATC v2.4 preferences', extends: '2023' });
    for (const [name, block] of all) {
      if (name === '2023') continue;
      expect(block.extends, name).toBeDefined();
      expect(all.has(block.extends!), `${name} extends ${block.extends}`).toBe(true);
      expect(() => resolveEdition(name, all), name).not.toThrow();
    }
  });

  it('lists only differences from the parent in 2000, 1982, 1971 and online-5', () => {
    for (const name of ['2000', '1982', '1971', 'online-5']) {
      const block = all.get(name)!;
      const parent = resolveEdition(block.extends!, all);
      for (const opt of block.options) {
        const r = checkRuleValue(opt.key, opt.value);
        expect(r.ok && r.value, `${block.file}:${opt.line} repeats its parent`).not.toEqual(parent[opt.key]);
      }
    }
  });

  it('gives each edition the values of its rulebook or text', () => {
    const ed = resolvedEditions();
    const get = (e: string, k: string) => (ed.get(e) as Record<string, unknown>)[k];
    // DATC v2.4 against v3.1
    // DATC v2.4 counted removals to the home centres, its "country" ignored (DATC 4.D.8; v2.4's 6.J.6 needs it).
    expect(get('2000', 'removal-order')).toBe('home-distance');
    expect(get('2000', 'via-convoy-fallback')).toBe(true);
    expect(get('2000', 'convoy-paradox')).toBe('szykman');
    // 1982 and 1971 rulebooks
    expect(get('1982', 'convoy-paradox')).toBe('1982');
    expect(get('1982', 'convoy-disruption')).toBe('all-routes');
    expect(get('1982', 'removal-order')).toBe('home-distance');
    expect(get('1971', 'convoy-paradox')).toBe('1971');
    expect(get('1971', 'convoy-disruption')).toBe('any-route');
    expect(get('1971', 'convoy-to-adjacent')).toBe('swap-only');
    expect(get('1971', 'removal-order')).toBe('home-distance');
    // text 000
    expect(get('old-rules', 'year-shape')).toBe('postal');
    expect(get('old-rules', 'retreats')).toBe('priority-list');
    expect(get('old-rules', 'retreat-default')).toBe('gm-order');
    expect(get('old-rules', 'adjustments')).toBe('priority-list');
    expect(get('old-rules', 'removal-order')).toBe('abroad-first');
    expect(get('old-rules', 'self-dislodgement')).toBe('no-convoy');
    expect(get('old-rules', 'alliance-victory')).toBe('solo-threshold');
    expect(get('old-rules', 'victory-ties')).toBe('extend');
    expect(get('old-rules', 'solo-beats-alliance')).toBe(true);
    expect(get('old-rules', 'scoring')).toBe('centres-plus-bonus');
    expect([get('old-rules', 'solo-bonus'), get('old-rules', 'alliance-bonus')]).toEqual([10, 6]);
    expect(get('online-5', 'year-shape')).toBe('five-phase');
    expect(get('online-5', 'retreats')).toBe('phase');
    expect(get('online-5', 'adjustments')).toBe('phase');
    expect(get('online-5', 'voluntary-disbands')).toBe(false);
    expect(get('old-rules', 'voluntary-disbands')).toBe(true);
  });

  it('resolves every edition to a rules object the schema accepts', () => {
    for (const [name, rules] of resolvedEditions()) {
      const config = {
        format: VARIANT_CONFIG_FORMAT,
        id: 'one',
        name: 'One',
        provinces: [{ id: 'a', name: 'A', terrain: 'land', supplyCentre: true }],
        adjacency: { army: [], fleet: [] },
        powers: [{ id: 'p', name: 'P', home: ['a'], units: [{ kind: 'army', at: 'a' }], centres: ['a'] }],
        neutralCentres: [],
        start: { year: 1901, season: 'spring', phase: 'movement' },
        rules,
      };
      const r = validateVariantConfig(config);
      expect(r.ok ? [] : r.errors, name).toEqual([]);
      expect(rules.edition, name).toBe(name);
    }
  });
});
