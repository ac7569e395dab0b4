import { describe, expect, it } from 'vitest';
import {
  RULE_GROUPS,
  RULE_KEYS,
  RULE_REGISTRY,
  checkRuleValue,
  defaultRuleOptions,
  isRuleKey,
  ruleOption,
  ruleValueList,
  type RuleOptionSpec,
} from '../src/config/index.js';

const specs = RULE_REGISTRY as readonly RuleOptionSpec[];

describe('rule registry', () => {
  it('has unique kebab-case keys, listed in RULE_KEYS in registry order', () => {
    const keys = specs.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k).toMatch(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/);
    expect([...RULE_KEYS]).toEqual(keys);
  });

  it('gives every option a known group, a one-line summary, a description and a source', () => {
    const groups = new Set<string>(RULE_GROUPS.map((g) => g.id));
    for (const s of specs) {
      expect(groups.has(s.group), s.key).toBe(true);
      expect(s.summary.length, s.key).toBeGreaterThan(10);
      expect(s.summary, s.key).not.toMatch(/\n/);
      expect(s.description.length, s.key).toBeGreaterThan(s.summary.length / 2);
      expect(s.source, s.key).toMatch(/DATC \d|\b00[0-4]\b|^variant \S/);
    }
  });

  it('has named values that are unique, lower-case and include the default', () => {
    for (const s of specs) {
      if (s.kind !== 'enum' && s.kind !== 'integer-or-enum') continue;
      const values = s.choices.map((c) => c.value);
      expect(new Set(values).size, s.key).toBe(values.length);
      for (const v of values) expect(v, s.key).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      if (typeof s.default === 'string') expect(values, s.key).toContain(s.default);
      for (const [alias, target] of Object.entries(s.aliases ?? {})) {
        expect(values, `${s.key} alias ${alias}`).toContain(target);
        expect(values, `${s.key} alias ${alias} shadows a value`).not.toContain(alias);
      }
    }
  });

  it('accepts every default through checkRuleValue unchanged', () => {
    for (const s of specs) {
      const input = Array.isArray(s.default) ? [...(s.default as readonly string[])] : (s.default as string | number | boolean);
      const r = checkRuleValue(s.key, input);
      expect(r, s.key).toEqual({ ok: true, key: s.key, value: input });
    }
  });

  it('covers every rule of the editions table and the DATC issues that differ between editions', () => {
    for (const k of [
      'year-shape', 'custom-phases', 'retreats', 'retreat-default', 'adjustments', 'build-sites', 'waive-builds',
      'voluntary-disbands', 'excess-builds', 'same-province-builds', 'excess-disbands', 'removal-order',
      'civil-disorder-hold-support', 'convoy-disruption', 'convoy-paradox', 'convoy-to-adjacent',
      'via-convoy-fallback', 'support-cut-via-convoy', 'retreat-to-convoy-origin', 'convoy-path',
      'dislodged-bounce', 'implied-coast', 'impossible-coast', 'support-coast', 'wrong-unit-coast',
      'unknown-coast', 'missing-unit-type', 'wrong-unit-type', 'build-missing-unit-type', 'fleet-build-inland',
      'missing-nationality', 'wrong-nationality', 'self-dislodgement', 'victory-centres', 'victory-alone-in-lead',
      'alliance-victory', 'solo-beats-alliance', 'victory-year', 'victory-at-end', 'victory-ties', 'draws',
      'scoring', 'solo-bonus', 'alliance-bonus',
    ]) {
      expect(isRuleKey(k), k).toBe(true);
    }
    const values = (k: string) => {
      const s = ruleOption(k)!;
      return s.kind === 'enum' || s.kind === 'integer-or-enum' ? s.choices.map((c) => c.value) : [];
    };
    expect(values('convoy-paradox')).toEqual(expect.arrayContaining(['szykman', '1971', '1982', '2000', 'all-hold']));
    expect(values('removal-order')).toEqual(
      expect.arrayContaining(['home-distance', 'country-distance', 'owned-distance', 'abroad-first', 'random']),
    );
    expect(values('retreat-default')).toEqual(expect.arrayContaining(['disband', 'gm-order', 'lot']));
    expect(values('build-sites')).toEqual(
      expect.arrayContaining(['home-centres', 'any-owned-centre', 'any-owned-home-centre']),
    );
    expect(values('self-dislodgement')).toEqual(expect.arrayContaining(['standard', 'no-convoy', 'support-becomes-hold']));
    expect(values('scoring')).toEqual(
      expect.arrayContaining(['none', 'centres-plus-bonus', 'draw-size', 'sum-of-squares']),
    );
    expect(values('victory-centres')).toContain('majority');
    expect(values('victory-ties')).toEqual(expect.arrayContaining(['shared', 'extend']));
  });
});

describe('defaultRuleOptions', () => {
  it('returns the registry defaults, which are the 2023 values', () => {
    const d = defaultRuleOptions();
    expect(Object.keys(d)).toEqual([...RULE_KEYS]);
    for (const s of specs) expect(d[s.key as keyof typeof d], s.key).toEqual(s.default);
    expect(d.edition).toBe('2023');
    expect(d['convoy-paradox']).toBe('szykman');
    expect(d['removal-order']).toBe('owned-distance');
    expect(d['retreat-to-convoy-origin']).toBe('allowed');
    expect(d['via-convoy-fallback']).toBe(false);
    expect(d['year-shape']).toBe('five-phase');
  });

  it('returns a fresh copy each time', () => {
    const a = defaultRuleOptions();
    (a['custom-phases'] as string[]).push('summer-movement');
    (a as Record<string, unknown>)['scoring'] = 'draw-size';
    const b = defaultRuleOptions();
    expect(b['custom-phases']).not.toContain('summer-movement');
    expect(b.scoring).toBe('none');
  });
});

describe('ruleOption', () => {
  it('finds an option by key, case-insensitively, and nothing for an unknown key', () => {
    expect(ruleOption('convoy-paradox')?.kind).toBe('enum');
    expect(ruleOption('Convoy-Paradox')?.key).toBe('convoy-paradox');
    expect(ruleOption('victory-centres')?.kind).toBe('integer-or-enum');
    expect(ruleOption('no-such-option')).toBeUndefined();
    expect(isRuleKey('Convoy-Paradox')).toBe(false);
  });

  it('lists allowed values for messages', () => {
    expect(ruleValueList(ruleOption('waive-builds')!)).toEqual(['true', 'false']);
    expect(ruleValueList(ruleOption('victory-centres')!)).toEqual(['an integer >= 1', 'majority']);
  });
});

describe('checkRuleValue', () => {
  const ok = (key: string, input: Parameters<typeof checkRuleValue>[1], value: unknown) =>
    expect(checkRuleValue(key, input)).toEqual({ ok: true, key: key.toLowerCase(), value });
  const bad = (key: string, input: Parameters<typeof checkRuleValue>[1], reason: RegExp) => {
    const r = checkRuleValue(key, input);
    expect(r.ok, `${key} ${JSON.stringify(input)}`).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  };

  it('accepts enum values, case-insensitively, and numbers that name a value', () => {
    ok('convoy-paradox', 'szykman', 'szykman');
    ok('convoy-paradox', 'Szykman', 'szykman');
    ok('convoy-paradox', 1982, '1982');
    ok('convoy-paradox', '1971', '1971');
    ok('Convoy-Paradox', 'all-hold', 'all-hold');
  });

  it('resolves rulebook-year aliases', () => {
    ok('convoy-paradox', 2023, '2000');
    ok('removal-order', 1971, 'home-distance');
    ok('removal-order', 1982, 'home-distance');
    ok('removal-order', 2000, 'country-distance');
    ok('removal-order', 2023, 'owned-distance');
    ok('convoy-disruption', 1971, 'any-route');
    ok('convoy-to-adjacent', 1982, 'intent');
  });

  it('rejects values outside an enum and names the allowed ones', () => {
    bad('convoy-paradox', 'paradox', /one of szykman, 1971, 1982, 2000, all-hold/);
    bad('convoy-paradox', 1999, /convoy-paradox must be one of/);
    bad('convoy-paradox', true, /convoy-paradox must be/);
    bad('convoy-paradox', ['szykman', '1971'], /takes one value/);
  });

  it('accepts a one-element list as its element', () => {
    ok('scoring', ['sum-of-squares'], 'sum-of-squares');
  });

  it('checks booleans', () => {
    ok('waive-builds', false, false);
    ok('waive-builds', 'true', true);
    ok('voluntary-disbands', 'no', false);
    bad('waive-builds', 'maybe', /waive-builds must be one of true, false/);
    bad('waive-builds', 1, /waive-builds must be/);
  });

  it('checks integers and their bounds', () => {
    ok('solo-bonus', 12, 12);
    ok('solo-bonus', 0, 0);
    ok('alliance-bonus', '6', 6);
    bad('solo-bonus', -1, /at least 0/);
    bad('solo-bonus', 2.5, /whole number/);
    bad('solo-bonus', 'ten', /an integer >= 0/);
  });

  it('checks integer-or-name options', () => {
    ok('victory-centres', 18, 18);
    ok('victory-centres', 'majority', 'majority');
    ok('victory-centres', 'MAJORITY', 'majority');
    ok('victory-year', 1905, 1905);
    ok('victory-year', 'off', 'off');
    ok('alliance-victory', 'solo-threshold', 'solo-threshold');
    ok('alliance-victory', 24, 24);
    bad('victory-centres', 0, /at least 1/);
    bad('victory-centres', 'most', /an integer >= 1, majority/);
    bad('victory-centres', false, /victory-centres must be/);
  });

  it('checks lists item by item', () => {
    ok('custom-phases', ['spring-movement', 'Fall-Movement', 'winter-adjustment'], [
      'spring-movement',
      'fall-movement',
      'winter-adjustment',
    ]);
    ok('custom-phases', 'year-movement', ['year-movement']);
    bad('custom-phases', ['spring-movement', 'spring-dance'], /"spring-dance" is not a phase name/);
    bad('custom-phases', ['spring-movement', 'spring-movement'], /listed twice/);
    bad('custom-phases', ['spring-movement', 3], /items must be names/);
  });

  it('checks the edition name', () => {
    ok('edition', 2000, '2000');
    ok('edition', 'Old-Rules', 'old-rules');
    bad('edition', 'bad name!', /edition must be a rule-set name/);
  });

  it('rejects unknown options, suggesting a near key', () => {
    bad('convoy-paradoxx', 'szykman', /unknown rule option "convoy-paradoxx"; did you mean "convoy-paradox"\?/);
    bad('frobnicate', 1, /^unknown rule option "frobnicate"$/);
  });
});
