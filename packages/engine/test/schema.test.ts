import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  RULE_KEYS,
  RULE_REGISTRY,
  VARIANT_CONFIG_FORMAT,
  VARIANT_CONFIG_SCHEMA_ID,
  checkConfigReferences,
  defaultRuleOptions,
  ruleOptionsSchema,
  validateVariantConfig,
  variantConfigSchema,
  type RuleOptionSpec,
  type VariantConfig,
} from '../src/config/index.js';

const SCHEMA_FILE = new URL('../schema/variant-config.schema.json', import.meta.url);

/** A three-province toy variant: a land centre, a sea and a split-coast centre. */
function toy(): VariantConfig {
  return {
    format: VARIANT_CONFIG_FORMAT,
    id: 'toy',
    name: 'Toy',
    author: 'nobody',
    provinces: [
      { id: 'alp', name: 'Alpina', terrain: 'land', supplyCentre: true, names: { zh: ['阿尔皮纳'] }, at: [10, 20] },
      { id: 'bay', name: 'The Bay', terrain: 'sea', supplyCentre: false, aliases: ['the-bay'] },
      {
        id: 'cap',
        name: 'Capo',
        terrain: 'coast',
        supplyCentre: true,
        coasts: [
          { id: 'nc', name: 'North Coast' },
          { id: 'sc', name: 'South Coast', names: { fi: ['Etelärannikko'] } },
        ],
      },
    ],
    adjacency: {
      army: [
        ['alp', 'cap'],
        ['cap', 'alp'],
      ],
      fleet: [
        ['bay', 'cap/nc'],
        ['cap/nc', 'bay'],
        ['bay', 'cap/sc'],
        ['cap/sc', 'bay'],
      ],
    },
    powers: [
      {
        id: 'red',
        name: 'Red',
        adjective: 'Redish',
        colour: '#aa0000',
        home: ['alp'],
        units: [{ kind: 'army', at: 'alp' }],
        centres: ['alp'],
      },
    ],
    neutralCentres: ['cap'],
    start: { year: 1901, season: 'spring', phase: 'movement' },
    rules: defaultRuleOptions(),
  };
}

type Mutable = Record<string, any>;
function broken(edit: (c: Mutable) => void): unknown {
  const c = structuredClone(toy()) as Mutable;
  edit(c);
  return c;
}

function errorsOf(value: unknown) {
  const r = validateVariantConfig(value);
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.errors;
}

describe('the VariantConfig schema file', () => {
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'));

  it('is draft 2020-12 with a non-resolving id', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(VARIANT_CONFIG_SCHEMA_ID);
    expect(new URL(schema.$id).hostname.endsWith('.invalid')).toBe(true);
    expect(variantConfigSchema()).toEqual(schema);
  });

  it('holds $defs.RuleOptions exactly as generated from the registry', () => {
    expect(schema.$defs.RuleOptions).toEqual(ruleOptionsSchema());
  });

  it('lists every rule option, required, with the allowed values of the registry', () => {
    const rules = schema.$defs.RuleOptions;
    expect(rules.required).toEqual([...RULE_KEYS]);
    expect(Object.keys(rules.properties)).toEqual([...RULE_KEYS]);
    expect(rules.additionalProperties).toBe(false);
    for (const spec of RULE_REGISTRY as readonly RuleOptionSpec[]) {
      const p = rules.properties[spec.key];
      if (spec.kind === 'enum') {
        expect(p.enum, spec.key).toEqual(spec.choices.map((c) => c.value));
      } else if (spec.kind === 'integer-or-enum') {
        expect(p.anyOf[1].enum, spec.key).toEqual(spec.choices.map((c) => c.value));
        expect(p.anyOf[0].minimum, spec.key).toBe(spec.min);
      } else if (spec.kind === 'boolean') {
        expect(p.type, spec.key).toBe('boolean');
      } else if (spec.kind === 'integer') {
        expect([p.type, p.minimum], spec.key).toEqual(['integer', spec.min]);
      } else if (spec.kind === 'list') {
        expect(p.items.pattern, spec.key).toBe(spec.itemPattern);
      }
      expect(p.default, spec.key).toEqual(spec.default);
    }
  });

  it('describes every property', () => {
    const missing: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (n.properties && typeof n.properties === 'object') {
        for (const [k, v] of Object.entries(n.properties as Record<string, Record<string, unknown>>)) {
          if (typeof v.description !== 'string' || v.description.length < 3) missing.push(`${path}/properties/${k}`);
        }
      }
      for (const [k, v] of Object.entries(n)) walk(v, `${path}/${k}`);
    };
    walk(schema, '#');
    expect(missing).toEqual([]);
    for (const [name, def] of Object.entries(schema.$defs as Record<string, { description?: string }>)) {
      expect(def.description, name).toBeTruthy();
    }
  });
});

describe('validateVariantConfig', () => {
  it('accepts a small valid config', () => {
    const r = validateVariantConfig(toy());
    expect(r).toEqual({ ok: true, config: toy() });
  });

  it('accepts every integer-or-name form and a fleet on a coast', () => {
    const c = broken((c) => {
      c.rules['victory-centres'] = 18;
      c.rules['alliance-victory'] = 'solo-threshold';
      c.powers[0].units.push({ kind: 'fleet', at: 'cap/sc' });
      c.powers[0].colour = '#A0B1C2';
    });
    expect(validateVariantConfig(c).ok).toBe(true);
  });

  it('accepts lower-case ids in any script', () => {
    const c = broken((c) => {
      c.provinces[0].id = '華沙';
      c.adjacency.army = [['華沙', 'cap']];
      c.powers[0].home = ['華沙'];
    });
    expect(validateVariantConfig(c).ok).toBe(true);
  });

  it('reports a missing top-level field at its path', () => {
    expect(errorsOf(broken((c) => delete c.start))).toEqual([{ path: '/start', message: 'is required' }]);
  });

  it('reports a missing nested field at its path', () => {
    expect(errorsOf(broken((c) => delete c.provinces[1].name))).toEqual([
      { path: '/provinces/1/name', message: 'is required' },
    ]);
  });

  it('reports a missing rule option', () => {
    expect(errorsOf(broken((c) => delete c.rules.scoring))).toEqual([{ path: '/rules/scoring', message: 'is required' }]);
  });

  it('rejects ids that are not lower-case', () => {
    const errors = errorsOf(
      broken((c) => {
        c.id = 'Toy';
        c.provinces[2].coasts[0].id = 'NC';
      }),
    );
    expect(errors.map((e) => e.path)).toEqual(['/id', '/provinces/2/coasts/0/id']);
    expect(errors[0]!.message).toMatch(/lower-case id/);
  });

  it('rejects ids with a leading or trailing hyphen, or other characters', () => {
    for (const id of ['-toy', 'toy-', 'to y', 'toy!', '']) {
      const errors = errorsOf(broken((c) => (c.id = id)));
      expect(errors.map((e) => e.path), id).toEqual(['/id']);
    }
  });

  it('rejects bad locations, and a coast for an army', () => {
    const errors = errorsOf(
      broken((c) => {
        c.adjacency.fleet[0][1] = 'cap/';
        c.adjacency.army[0][1] = 'cap/nc';
        c.powers[0].units[0] = { kind: 'army', at: 'cap/nc' };
      }),
    );
    expect(errors.map((e) => e.path).sort()).toEqual(['/adjacency/army/0/1', '/adjacency/fleet/0/1', '/powers/0/units/0/at']);
  });

  it('rejects a bad colour and a bad language tag', () => {
    const errors = errorsOf(
      broken((c) => {
        c.powers[0].colour = '#abc';
        c.provinces[0].names = { 'not a tag': ['x'] };
      }),
    );
    expect(errors.map((e) => e.path)).toEqual(expect.arrayContaining(['/powers/0/colour']));
    expect(errors.find((e) => e.path === '/powers/0/colour')!.message).toMatch(/#rrggbb/);
    expect(errors.some((e) => e.path.startsWith('/provinces/0/names'))).toBe(true);
  });

  it('rejects an unknown rule value with the reason checkRuleValue gives', () => {
    expect(errorsOf(broken((c) => (c.rules['convoy-paradox'] = 'paradox')))).toEqual([
      {
        path: '/rules/convoy-paradox',
        message: 'convoy-paradox must be one of szykman, 1971, 1982, 2000, all-hold; got "paradox"',
      },
    ]);
    expect(errorsOf(broken((c) => (c.rules['victory-centres'] = 0)))).toEqual([
      { path: '/rules/victory-centres', message: 'victory-centres must be at least 1; got 0' },
    ]);
    expect(errorsOf(broken((c) => (c.rules['waive-builds'] = 'yes')))).toEqual([
      { path: '/rules/waive-builds', message: 'waive-builds must be written true' },
    ]);
  });

  it('rejects a rule value that is not in its canonical spelling', () => {
    expect(errorsOf(broken((c) => (c.rules['removal-order'] = '1971')))).toEqual([
      { path: '/rules/removal-order', message: 'removal-order must be written "home-distance"' },
    ]);
  });

  it('accepts a power with a home country, and rejects one that is not a list of distinct ids', () => {
    expect(validateVariantConfig(broken((c) => (c.powers[0].country = ['alp', 'cap']))).ok).toBe(true);
    expect(validateVariantConfig(broken((c) => (c.powers[0].country = []))).ok).toBe(true);
    expect(errorsOf(broken((c) => (c.powers[0].country = 'alp')))).toEqual([{ path: '/powers/0/country', message: 'must be array' }]);
    expect(errorsOf(broken((c) => (c.powers[0].country = ['alp', 'alp'])))[0]?.path).toBe('/powers/0/country');
    expect(errorsOf(broken((c) => (c.powers[0].country = ['Alp'])))[0]).toMatchObject({ path: '/powers/0/country/0' });
    // A coast is no province of a country.
    expect(errorsOf(broken((c) => (c.powers[0].country = ['cap/nc'])))[0]).toMatchObject({ path: '/powers/0/country/0' });
  });

  it('rejects extra properties, at the top and inside', () => {
    expect(errorsOf(broken((c) => (c.extra = 1)))).toEqual([{ path: '/extra', message: 'is not an allowed property' }]);
    const errors = errorsOf(
      broken((c) => {
        c.rules['convoy-paradoxx'] = 'szykman';
        c.powers[0].home_centres = [];
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: '/rules/convoy-paradoxx', message: 'is not an allowed property' },
        { path: '/powers/0/home_centres', message: 'is not an allowed property' },
      ]),
    );
    expect(errors).toHaveLength(2);
  });

  it('rejects a wrong format, terrain and phase', () => {
    const errors = errorsOf(
      broken((c) => {
        c.format = 'dipforge-variant/2';
        c.provinces[0].terrain = 'mountain';
        c.start.phase = 'build';
      }),
    );
    expect(errors).toEqual([
      { path: '/format', message: 'must be "dipforge-variant/1"' },
      { path: '/provinces/0/terrain', message: 'must be one of "land", "sea", "coast"' },
      { path: '/start/phase', message: 'must be one of "movement", "retreat", "adjustment"' },
    ]);
  });

  it('rejects values that are not objects at all', () => {
    expect(errorsOf(null)[0]!.path).toBe('');
    expect(errorsOf([])[0]!.path).toBe('');
  });
});

describe('checkConfigReferences', () => {
  it('finds nothing wrong with the toy config', () => {
    expect(checkConfigReferences(toy())).toEqual([]);
  });

  it('reports edges, units and centres naming unknown provinces or coasts', () => {
    const c = broken((c) => {
      c.adjacency.army.push(['alp', 'zzz']);
      c.adjacency.fleet.push(['bay', 'cap']);
      c.adjacency.fleet.push(['bay', 'cap/ec']);
      c.powers[0].home.push('nowhere');
      c.powers[0].centres.push('nowhere');
      c.powers[0].units.push({ kind: 'fleet', at: 'cap/wc' });
      c.powers[0].units.push({ kind: 'army', at: 'atlantis' });
      c.neutralCentres.push('elsewhere');
    }) as VariantConfig;
    expect(validateVariantConfig(c).ok).toBe(true);
    expect(checkConfigReferences(c)).toEqual([
      { path: '/adjacency/army/2/1', message: 'unknown province "zzz"' },
      { path: '/adjacency/fleet/4/1', message: 'province "cap" has named coasts (nc, sc); name one' },
      { path: '/adjacency/fleet/5/1', message: 'province "cap" has no coast "ec"' },
      { path: '/powers/0/home/1', message: 'unknown province "nowhere"' },
      { path: '/powers/0/centres/1', message: 'unknown province "nowhere"' },
      { path: '/powers/0/units/1/at', message: 'province "cap" has no coast "wc"' },
      { path: '/powers/0/units/2/at', message: 'unknown province "atlantis"' },
      { path: '/neutralCentres/1', message: 'unknown province "elsewhere"' },
    ]);
  });

  it("reports a home country naming an unknown, sea or impassable province, or one in another power's country", () => {
    const c = broken((c) => {
      c.provinces.push({ id: 'dun', name: 'Dune', terrain: 'land', supplyCentre: false });
      c.provinces.push({ id: 'ice', name: 'Ice', terrain: 'land', supplyCentre: false, impassable: true });
      c.powers[0].country = ['alp', 'dun', 'bay', 'ice', 'nowhere', 'cap'];
      c.powers.push({ id: 'blue', name: 'Blue', home: ['cap'], country: ['dun', 'alp'], units: [], centres: [] });
      c.neutralCentres = [];
    }) as VariantConfig;
    expect(validateVariantConfig(c).ok).toBe(true);
    expect(checkConfigReferences(c)).toEqual([
      { path: '/powers/0/country/2', message: 'province "bay" is a sea: a home country is made of land' },
      { path: '/powers/0/country/3', message: 'province "ice" is impassable: a home country is made of land' },
      { path: '/powers/0/country/4', message: 'unknown province "nowhere"' },
      // cap is blue's home centre, so in blue's home country though blue does not list it.
      { path: '/powers/0/country/5', message: 'province "cap" is already in the home country of "blue"' },
      { path: '/powers/1/country/0', message: 'province "dun" is already in the home country of "red"' },
      { path: '/powers/1/country/1', message: 'province "alp" is already in the home country of "red"' },
    ]);
  });

  it('accepts a home country that repeats its own home centres, and none at all', () => {
    const listed = broken((c) => {
      c.powers[0].country = ['alp', 'cap'];
    }) as VariantConfig;
    expect(checkConfigReferences(listed)).toEqual([]);
    expect(checkConfigReferences(toy())).toEqual([]);
  });

  it('reports duplicate province, coast and power ids', () => {
    const c = broken((c) => {
      c.provinces.push({ id: 'alp', name: 'Alp again', terrain: 'land', supplyCentre: false });
      c.provinces[2].coasts.push({ id: 'nc', name: 'North again' });
      c.powers.push({ ...c.powers[0], name: 'Red again' });
    }) as VariantConfig;
    expect(checkConfigReferences(c)).toEqual([
      { path: '/provinces/2/coasts/2/id', message: 'duplicate coast "nc" in province "cap"' },
      { path: '/provinces/3/id', message: 'duplicate province id "alp"' },
      { path: '/powers/1/id', message: 'duplicate power id "red"' },
    ]);
  });
});
