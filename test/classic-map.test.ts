/**
 * The built-in classic map against the public facts of the standard Diplomacy
 * board: provinces, terrain, supply centres, split coasts, powers, starting
 * units, the whole adjacency graph, the map notes of the rule texts (000, 002,
 * 004: see the project's rules-texts digest), alternative ids and names.
 *
 * The facts are written as literal data in test/helpers/classic-facts.ts
 * (they are public map facts), so the test needs nothing outside the
 * repository. Province ids are dipforge's: mao (godip/other tools: mid), nao
 * (nat), nwg (nrg), lyo (gol).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileMapFile, diskHost, VariantLoader, type FileHost } from '@dipforge/dsl';
import { validateVariantConfig, type VariantConfig } from '@dipforge/engine/config';
import { LAND, SEA, COAST, ENGLISH, NEUTRAL, POWERS, ARMY_EDGES, FLEET_EDGES, NEIGHBOURS, ALTERNATIVE_IDS, edgeList, twoWay } from './helpers/classic-facts.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLASSIC = join(ROOT, 'variants', 'classic', 'classic.dipmap');

// Compiled once for the whole file.
const result = compileMapFile(CLASSIC);
const config = result.config as VariantConfig;

// ---------------------------------------------------------------- helpers

function directed(kind: 'army' | 'fleet'): string[] {
  return config.adjacency[kind].map(([a, b]) => `${a} ${b}`);
}

function adjacent(kind: 'army' | 'fleet', a: string, b: string): boolean {
  return config.adjacency[kind].some(([x, y]) => x === a && y === b);
}

/** Adjacent in both directions; fails the test if only one direction holds. */
function linked(kind: 'army' | 'fleet', a: string, b: string): boolean {
  const there = adjacent(kind, a, b);
  expect(adjacent(kind, b, a), `${kind} ${a}-${b} one way only`).toBe(there);
  return there;
}

/** Any edge of a kind between two provinces, whatever coasts. */
function touches(kind: 'army' | 'fleet', a: string, b: string): boolean {
  const p = (loc: string): string => loc.split('/')[0] as string;
  return config.adjacency[kind].some(([x, y]) => (p(x) === a && p(y) === b) || (p(x) === b && p(y) === a));
}

function neighbours(kind: 'army' | 'fleet', at: string): string[] {
  return config.adjacency[kind].filter(([x]) => x === at).map(([, y]) => y).sort();
}

function province(id: string) {
  const p = config.provinces.find((q) => q.id === id);
  if (!p) throw new Error(`no province ${id}`);
  return p;
}

function unitText(u: { kind: string; at: string }): string {
  return `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`;
}

/** Every name a province answers to, lower-cased: id, display name, aliases, names in every language. */
function namesOf(p: VariantConfig['provinces'][number]): Set<string> {
  const all = [p.id, p.name, ...(p.aliases ?? []), ...Object.values(p.names ?? {}).flat()];
  return new Set(all.map((n) => n.toLowerCase()));
}

// ------------------------------------------------------------------ tests

describe('classic map: compiles', () => {
  it('compiles with no diagnostic at all', () => {
    expect(result.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([]);
    expect(result.config).toBeDefined();
  });

  it('is the classic variant starting in spring 1901 with 18 centres to win', () => {
    expect(config.id).toBe('classic');
    expect(config.start).toEqual({ year: 1901, season: 'spring', phase: 'movement' });
    expect(config.rules['victory-centres']).toBe(18);
  });
});

describe('classic map: provinces', () => {
  it('has 75 provinces: 14 land, 42 coast, 19 sea, none impassable', () => {
    expect([LAND.length, COAST.length, SEA.length]).toEqual([14, 42, 19]);
    expect(config.provinces).toHaveLength(75);
    const ids = (t: string) => config.provinces.filter((p) => p.terrain === t).map((p) => p.id).sort();
    expect(ids('land')).toEqual(LAND);
    expect(ids('coast')).toEqual(COAST);
    expect(ids('sea')).toEqual(SEA);
    expect(new Set(config.provinces.map((p) => p.id)).size).toBe(75);
    expect(config.provinces.filter((p) => p.impassable)).toEqual([]);
  });

  it('has the standard English names', () => {
    expect(Object.fromEntries(config.provinces.map((p) => [p.id, p.name]))).toEqual(ENGLISH);
  });

  it('gives every province a Chinese (zh) name', () => {
    for (const p of config.provinces) {
      const zh = p.names?.['zh'] ?? [];
      expect(zh.length, `${p.id} has no zh name`).toBeGreaterThan(0);
      for (const n of zh) expect(n, `${p.id}: zh name ${n}`).toMatch(/^\p{Script=Han}+$/u);
    }
  });

  it('has 34 supply centres: 22 home centres and 12 neutral ones', () => {
    const centres = config.provinces.filter((p) => p.supplyCentre).map((p) => p.id).sort();
    const home = Object.values(POWERS).flatMap((p) => p.home);
    expect(home).toHaveLength(22);
    expect(centres).toEqual([...home, ...NEUTRAL].sort());
    expect(centres).toHaveLength(34);
    expect([...config.neutralCentres].sort()).toEqual(NEUTRAL);
    // Every supply centre is either owned at the start or neutral, never both.
    const owned = config.powers.flatMap((p) => p.centres);
    expect([...owned, ...config.neutralCentres].sort()).toEqual(centres);
  });

  it('has exactly three split coasts: spa nc/sc, stp nc/sc, bul ec/sc', () => {
    const split = config.provinces
      .filter((p) => (p.coasts ?? []).length > 0)
      .map((p) => `${p.id} ${(p.coasts ?? []).map((c) => c.id).sort().join('/')}`)
      .sort();
    expect(split).toEqual(['bul ec/sc', 'spa nc/sc', 'stp nc/sc']);
  });
});

describe('classic map: powers', () => {
  it('has the seven powers', () => {
    expect(config.powers.map((p) => p.id).sort()).toEqual(Object.keys(POWERS));
  });

  for (const [id, facts] of Object.entries(POWERS)) {
    it(`${id}: home centres, starting centres and starting units`, () => {
      const power = config.powers.find((p) => p.id === id);
      expect(power).toBeDefined();
      expect([...(power?.home ?? [])].sort()).toEqual(facts.home);
      expect([...(power?.centres ?? [])].sort()).toEqual(facts.home);
      expect((power?.units ?? []).map(unitText).sort()).toEqual(facts.units);
    });
  }

  for (const [id, facts] of Object.entries(POWERS)) {
    it(`${id}: home country ${facts.country.join(' ')}, its home centres first`, () => {
      const power = config.powers.find((p) => p.id === id);
      expect([...(power?.country ?? [])].sort()).toEqual(facts.country);
      expect(power?.country?.slice(0, facts.home.length).sort()).toEqual(facts.home);
    });
  }

  it('has 42 provinces in home countries, each in one, none a sea; the other 33 are nobody\'s', () => {
    const inCountry = config.powers.flatMap((p) => p.country ?? []);
    expect(inCountry).toHaveLength(42);
    expect(new Set(inCountry).size).toBe(42);
    expect(inCountry.filter((p) => SEA.includes(p))).toEqual([]);
    // The neutral lands: Iberia, the Low Countries, Scandinavia, the Balkans and North Africa.
    const nobody = [...LAND, ...COAST].filter((p) => !inCountry.includes(p)).sort();
    expect(nobody).toEqual(['alb', 'bel', 'bul', 'den', 'gre', 'hol', 'naf', 'nwy', 'por', 'rum', 'ser', 'spa', 'swe', 'tun']);
    // DATC 4.D.8: "Apulia is part of Italy, but is not a home supply center"; text 000 §11's abroad is outside these.
    expect(config.powers.find((p) => p.id === 'italy')?.country).toContain('apu');
    expect(config.powers.find((p) => p.id === 'england')?.country).toContain('yor');
  });

  it('starts 22 units, one a province', () => {
    const at = config.powers.flatMap((p) => p.units.map((u) => u.at.split('/')[0]));
    expect(at).toHaveLength(22);
    expect(new Set(at).size).toBe(22);
  });
});

describe('classic map: adjacency', () => {
  it('has 111 two-way army edges (222 directed), exactly the standard ones', () => {
    expect(config.adjacency.army).toHaveLength(222);
    expect(new Set(directed('army')).size).toBe(222);
    expect(edgeList(ARMY_EDGES)).toHaveLength(111);
    expect([...directed('army')].sort()).toEqual(twoWay(edgeList(ARMY_EDGES)));
  });

  it('has 141 two-way fleet edges (282 directed), exactly the standard ones', () => {
    expect(config.adjacency.fleet).toHaveLength(282);
    expect(new Set(directed('fleet')).size).toBe(282);
    expect(edgeList(FLEET_EDGES)).toHaveLength(141);
    expect([...directed('fleet')].sort()).toEqual(twoWay(edgeList(FLEET_EDGES)));
  });

  it('has every edge in both directions', () => {
    for (const kind of ['army', 'fleet'] as const) {
      const set = new Set(directed(kind));
      for (const [a, b] of config.adjacency[kind]) expect(set.has(`${b} ${a}`), `${kind} ${a}->${b} has no way back`).toBe(true);
    }
  });

  it('keeps each kind to its terrain: armies off the sea and off coasts, fleets off land and on named coasts', () => {
    const terrain = new Map(config.provinces.map((p) => [p.id, p.terrain]));
    const split = new Set(config.provinces.filter((p) => (p.coasts ?? []).length > 0).map((p) => p.id));
    for (const [a, b] of config.adjacency.army) {
      for (const end of [a, b]) {
        expect(end, 'army edge names a coast').not.toContain('/');
        expect(terrain.get(end), `army edge ${a}-${b}`).not.toBe('sea');
      }
    }
    for (const [a, b] of config.adjacency.fleet) {
      for (const end of [a, b]) {
        const p = end.split('/')[0] as string;
        expect(terrain.get(p), `fleet edge ${a}-${b}`).not.toBe('land');
        expect(split.has(p) === end.includes('/'), `fleet edge ${a}-${b}: coast`).toBe(true);
      }
    }
  });

  for (const [kind, at, expected] of NEIGHBOURS) {
    it(`${kind} ${at} neighbours: ${expected.join(' ')}`, () => {
      expect(neighbours(kind, at)).toEqual(expected);
    });
  }
});

describe('classic map: the map notes of the rule texts', () => {
  it('Baltic Sea-Kiel adjacent (fleets)', () => {
    expect(linked('fleet', 'bal', 'kie')).toBe(true);
  });

  it('Eastern Mediterranean-Ionian Sea adjacent', () => {
    expect(linked('fleet', 'eas', 'ion')).toBe(true);
  });

  it('St Petersburg-Norway adjacent for armies; for fleets only from the north coast', () => {
    expect(linked('army', 'stp', 'nwy')).toBe(true);
    expect(linked('fleet', 'stp/nc', 'nwy')).toBe(true);
    expect(linked('fleet', 'stp/sc', 'nwy')).toBe(false);
    expect(linked('fleet', 'stp', 'nwy')).toBe(false);
  });

  it('Spain-North Africa not adjacent, for either kind and from no coast', () => {
    expect(touches('army', 'spa', 'naf')).toBe(false);
    expect(touches('fleet', 'spa', 'naf')).toBe(false);
  });

  it('Edinburgh-North Atlantic not adjacent; Liverpool-North Atlantic adjacent', () => {
    expect(touches('fleet', 'edi', 'nao')).toBe(false);
    expect(touches('army', 'edi', 'nao')).toBe(false);
    expect(linked('fleet', 'lvp', 'nao')).toBe(true);
  });

  it('Skagerrak-Baltic not adjacent (fleets go through Denmark or Sweden)', () => {
    expect(touches('fleet', 'ska', 'bal')).toBe(false);
    expect(linked('fleet', 'ska', 'den') && linked('fleet', 'den', 'bal')).toBe(true);
    expect(linked('fleet', 'ska', 'swe') && linked('fleet', 'swe', 'bal')).toBe(true);
  });

  it('Denmark-Berlin not adjacent', () => {
    expect(touches('army', 'den', 'ber')).toBe(false);
    expect(touches('fleet', 'den', 'ber')).toBe(false);
  });

  it('Rome-Venice adjacent for armies, not for fleets (the coasts do not touch)', () => {
    expect(linked('army', 'rom', 'ven')).toBe(true);
    expect(touches('fleet', 'rom', 'ven')).toBe(false);
  });

  it('Denmark-Sweden: a crossing for armies and fleets that does not split Sweden', () => {
    expect(linked('army', 'den', 'swe')).toBe(true);
    expect(linked('fleet', 'den', 'swe')).toBe(true);
    expect(province('swe').coasts ?? []).toEqual([]);
    expect(province('den').coasts ?? []).toEqual([]);
    // The 000 text's example: Baltic fleet to Sweden, then Sweden fleet to Norway.
    expect(linked('fleet', 'bal', 'swe') && linked('fleet', 'swe', 'nwy')).toBe(true);
  });

  it('Kiel is a canal: one coast, fleets pass between Heligoland and the Baltic/Berlin side; armies use it too', () => {
    const kie = province('kie');
    expect(kie.terrain).toBe('coast');
    expect(kie.coasts ?? []).toEqual([]);
    for (const side of ['hel', 'hol', 'den', 'bal', 'ber']) expect(linked('fleet', 'kie', side), `kie-${side}`).toBe(true);
    // Armies: Kiel-Denmark and Kiel-Berlin.
    expect(linked('army', 'kie', 'den') && linked('army', 'kie', 'ber')).toBe(true);
  });

  it('Constantinople is a canal: one coast, fleets pass between the Black Sea and the Aegean', () => {
    const con = province('con');
    expect(con.terrain).toBe('coast');
    expect(con.coasts ?? []).toEqual([]);
    for (const side of ['bla', 'bul/ec', 'ank', 'aeg', 'bul/sc', 'smy']) expect(linked('fleet', 'con', side), `con-${side}`).toBe(true);
    expect(linked('army', 'con', 'bul')).toBe(true);
  });

  it('Syria-Moscow not adjacent', () => {
    expect(touches('army', 'syr', 'mos')).toBe(false);
    expect(touches('fleet', 'syr', 'mos')).toBe(false);
  });
});

describe('classic map: ids and names', () => {
  it('the alternative ids are aliases of the right provinces', () => {
    for (const [alt, id] of Object.entries(ALTERNATIVE_IDS)) {
      expect(province(id).aliases ?? [], `${alt} should be an alias of ${id}`).toContain(alt);
      expect(config.provinces.find((p) => p.id === alt), `${alt} must not be a province id`).toBeUndefined();
    }
  });

  it('the alternative ids resolve, through every name a province has, to the right province', () => {
    const byName = new Map<string, string[]>();
    for (const p of config.provinces) for (const n of namesOf(p)) byName.set(n, [...(byName.get(n) ?? []), p.id]);
    for (const [alt, id] of Object.entries(ALTERNATIVE_IDS)) expect(byName.get(alt), alt).toEqual([id]);
  });

  it('the language knows the alternative ids as names of the right province', () => {
    // A variant extending classic refers to each alternative id; whatever the checker
    // makes of a name used where an id is wanted, it must know which province it names.
    const entry = '/mem/proj/alt.dipmap';
    const refs = Object.keys(ALTERNATIVE_IDS);
    const text = `variant alt "Alt" { extends classic }\nadjacency {\n${refs.map((r) => `  fleet ${r}: bla\n`).join('')}}\n`;
    const files = new Map([
      ['/mem/proj/package.json', '{}'],
      [entry, text],
    ]);
    const host: FileHost = {
      read: (p) => files.get(p) ?? (p.startsWith('/mem/') ? undefined : diskHost.read(p)),
      exists: (p) => files.has(p) || [...files.keys()].some((k) => k.startsWith(`${p}/`)) || (!p.startsWith('/mem/') && diskHost.exists(p)),
      list: (d) => (d.startsWith('/mem/') ? [] : diskHost.list(d)),
    };
    const checked = compileMapFile(entry, new VariantLoader({ host }));
    for (const [alt, id] of Object.entries(ALTERNATIVE_IDS)) {
      const line = text.split('\n').findIndex((l) => l.includes(`fleet ${alt}:`));
      const about = checked.diagnostics.filter((d) => d.file === entry && d.range.start.line === line && d.range.start.column === 8);
      for (const d of about) {
        expect(d.message, `${alt}`).toContain(`'${id}'`);
        expect(d.message).not.toMatch(/unknown province/i);
      }
      // Accepted as a name: then the edge is the named province's.
      if (about.length === 0) expect(checked.config?.adjacency.fleet ?? []).toContainEqual([id, 'bla']);
    }
  });

  it('no name or alias is shared by two provinces (in any language, ignoring case)', () => {
    const owners = new Map<string, string[]>();
    for (const p of config.provinces) for (const n of namesOf(p)) owners.set(n, [...(owners.get(n) ?? []), p.id]);
    const shared = [...owners].filter(([, ids]) => ids.length > 1).map(([n, ids]) => `${n}: ${ids.join(', ')}`);
    expect(shared).toEqual([]);
  });

  it('no name or alias is shared by two powers', () => {
    const owners = new Map<string, string[]>();
    for (const p of config.powers) {
      const all = new Set([p.id, p.name, ...(p.aliases ?? []), ...Object.values(p.names ?? {}).flat()].map((n) => n.toLowerCase()));
      for (const n of all) owners.set(n, [...(owners.get(n) ?? []), p.id]);
    }
    expect([...owners].filter(([, ids]) => ids.length > 1)).toEqual([]);
  });
});

describe('classic map: the compiled config against the schema', () => {
  const copy = (): Record<string, unknown> => JSON.parse(JSON.stringify(config)) as Record<string, unknown>;
  const paths = (value: unknown): string[] => {
    const v = validateVariantConfig(value);
    return v.ok ? [] : v.errors.map((e) => e.path);
  };

  it('validates', () => {
    const v = validateVariantConfig(JSON.parse(JSON.stringify(config)));
    expect(v.ok ? [] : v.errors).toEqual([]);
  });

  it('rejects a copy without provinces, at /provinces', () => {
    const broken = copy();
    delete broken['provinces'];
    expect(paths(broken)).toContain('/provinces');
  });

  it('rejects a province terrain "swamp", at that terrain', () => {
    const broken = copy();
    const index = (broken['provinces'] as { id: string }[]).findIndex((p) => p.id === 'mun');
    (broken['provinces'] as Record<string, unknown>[])[index]!['terrain'] = 'swamp';
    expect(paths(broken)).toEqual([`/provinces/${index}/terrain`]);
  });

  it('rejects convoy-paradox "bogus", at /rules/convoy-paradox', () => {
    const broken = copy();
    (broken['rules'] as Record<string, unknown>)['convoy-paradox'] = 'bogus';
    expect(paths(broken)).toEqual(['/rules/convoy-paradox']);
  });

  it('rejects a fleet location in upper case, at that location', () => {
    const broken = copy();
    const fleet = (broken['adjacency'] as { fleet: string[][] }).fleet;
    fleet[0]![0] = 'SPA/NC';
    expect(paths(broken)).toEqual(['/adjacency/fleet/0/0']);
  });
});
