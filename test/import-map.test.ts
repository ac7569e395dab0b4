/**
 * `dipforge import-map` and what it made: the standard map imported from the
 * Python engine's file (kept as test/import-map/standard.imported.dipmap) is
 * our classic map in provinces, adjacency per unit kind, centres, homes, units
 * and powers; every import of our own fixtures compiles and keeps its facts;
 * the two variants imported for good (modern, world) have the facts pinned
 * below, draw, and survive seeded random play; and the command writes a
 * variant, or diagnostics with line:column and code and the exit code of the
 * command-line contract.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileMapFile, diskHost, importMap, VariantLoader, type FileHost } from '@dipforge/dsl';
import {
  adjudicatePhase,
  checkPosition,
  compileBoard,
  initialPosition,
  mulberry32,
  phaseIsEmpty,
  randomOrders,
  renderBoard,
  type VariantConfig,
} from '@dipforge/engine';
import { dipforgeIn } from './cli-in-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = join(ROOT, 'test', 'import-map');

function compiled(path: string): VariantConfig {
  const r = compileMapFile(path);
  expect(r.diagnostics.filter((d) => d.severity === 'error'), path).toEqual([]);
  return r.config as VariantConfig;
}

/** The disk, with one file's text replaced: to compile an import where it would be written. */
function overlay(path: string, text: string): FileHost {
  return { read: (p) => (p === path ? text : diskHost.read(p)), exists: (p) => p === path || diskHost.exists(p), list: (d) => diskHost.list(d) };
}

function edgeSet(edges: readonly (readonly [string, string])[]): string[] {
  return edges.map(([a, b]) => `${a}>${b}`).sort();
}

const playable = (c: VariantConfig) => c.provinces.filter((p) => !p.impassable);

describe('the imported standard map is our classic map', () => {
  const classic = compiled(join(ROOT, 'variants', 'classic', 'classic.dipmap'));
  const imported = compiled(join(FIXTURES, 'standard.imported.dipmap'));

  it('provinces: ids, terrain, centres and coasts (the Python map adds an impassable Switzerland, which classic leaves out)', () => {
    const facts = (c: VariantConfig) =>
      playable(c)
        .map((p) => `${p.id} ${p.terrain}${p.supplyCentre ? ' sc' : ''} ${(p.coasts ?? []).map((k) => k.id).join('/')}`)
        .sort();
    expect(facts(imported)).toEqual(facts(classic));
    expect(playable(imported)).toHaveLength(75);
    expect(imported.provinces.filter((p) => p.impassable).map((p) => p.id)).toEqual(['swi']);
  });

  it('adjacency: every army move and every fleet move, coasts included', () => {
    expect(edgeSet(imported.adjacency.army)).toEqual(edgeSet(classic.adjacency.army));
    expect(edgeSet(imported.adjacency.fleet)).toEqual(edgeSet(classic.adjacency.fleet));
    expect(imported.adjacency.army).toHaveLength(222);
    expect(imported.adjacency.fleet).toHaveLength(282);
  });

  it('powers: ids, home centres, starting centres and units; the neutral centres; the start', () => {
    const powers = (c: VariantConfig) =>
      c.powers
        .map((p) => ({ id: p.id, home: [...p.home].sort(), centres: [...p.centres].sort(), units: p.units.map((u) => `${u.kind} ${u.at}`).sort() }))
        .sort((a, b) => a.id.localeCompare(b.id));
    expect(powers(imported)).toEqual(powers(classic));
    expect([...imported.neutralCentres].sort()).toEqual([...classic.neutralCentres].sort());
    expect(imported.start).toEqual(classic.start);
    expect(imported.rules['victory-centres']).toBe(classic.rules['victory-centres']);
  });
});

describe('imports round-trip: our fixtures, imported, compile with their facts', () => {
  for (const name of ['islands', 'warnings']) {
    it(`${name}.map → .dipmap → a config with the same provinces, moves, powers and units`, () => {
      const file = join(FIXTURES, `${name}.map`);
      const result = importMap(readFileSync(file, 'utf8'), file, { read: (p) => diskHost.read(p) });
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const target = join(FIXTURES, `${name}.roundtrip.dipmap`);
      const out = compileMapFile(target, new VariantLoader({ host: overlay(target, result.text) }));
      expect(out.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
      const config = out.config as VariantConfig;
      const map = result.map!;
      expect(config.provinces.map((p) => p.id)).toEqual(map.provinces.map((p) => p.id));
      expect(edgeSet(config.adjacency.army)).toEqual(edgeSet(map.army));
      expect(edgeSet(config.adjacency.fleet)).toEqual(edgeSet(map.fleet));
      expect(config.powers.map((p) => [p.id, p.home, p.units.map((u) => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`)])).toEqual(
        map.powers.map((p) => [p.id, p.home, p.units]),
      );
      expect(config.rules['victory-centres']).toBe(map.victory);
    });
  }
});

interface Pinned {
  provinces: number;
  land: number;
  coastal: number;
  sea: number;
  centres: number;
  neutral: number;
  powers: string[];
  units: number;
  splitCoast: string[];
  armyMoves: number;
  fleetMoves: number;
  start: { year: number; season: string; phase: string };
  victory: number;
  buildSites: string;
  /** Moves that must exist. */
  army: [string, string][];
  fleet: [string, string][];
  /** Moves that must not. */
  noArmy: [string, string][];
  noFleet: [string, string][];
  units0: Record<string, string[]>;
}

const VARIANTS: Record<string, Pinned> = {
  modern: {
    provinces: 141, land: 30, coastal: 78, sea: 33, centres: 64, neutral: 26,
    powers: ['britain', 'egypt', 'france', 'germany', 'italy', 'poland', 'russia', 'spain', 'turkey', 'ukraine'],
    units: 38, splitCoast: ['irn'], armyMoves: 466, fleetMoves: 496,
    start: { year: 1994, season: 'spring', phase: 'movement' }, victory: 33, buildSites: 'any-owned-centre',
    army: [['ada', 'ank'], ['ada', 'syr'], ['den', 'swe'], ['gib', 'sve'], ['irn', 'kaz'], ['mos', 'stp']],
    fleet: [['ada', 'eme'], ['ada', 'syr'], ['den', 'swe'], ['gib', 'sog'], ['irn/nc', 'kaz'], ['irn/sc', 'per']],
    noArmy: [['ada', 'eme'], ['gib', 'sog'], ['lon', 'par']],
    noFleet: [['ada', 'ank'], ['irn/nc', 'per'], ['gib', 'mor']],
    units0: { britain: ['F edi', 'F gib', 'F liv', 'F lon'], russia: ['A gor', 'A mos', 'F mur', 'F ros', 'F stp'] },
  },
  world: {
    provinces: 192, land: 37, coastal: 110, sea: 45, centres: 86, neutral: 35,
    powers: [
      'argentina', 'brazil', 'china', 'europe', 'frozen-antarctica', 'ghana', 'india', 'kenya', 'libya', 'near-east',
      'pacific-russia', 'quebec', 'russia', 'south-africa', 'united-states', 'western-canada', 'oz',
    ],
    units: 51, splitCoast: ['bal', 'bat', 'col', 'fra', 'mex', 'mnt', 'qbc', 'sar', 'stp', 'yak', 'yte'], armyMoves: 574, fleetMoves: 792,
    start: { year: 2000, season: 'spring', phase: 'movement' }, victory: 44, buildSites: 'home-centres',
    army: [['bal', 'trk'], ['clf', 'ite'], ['clf', 'nev'], ['egy', 'sar'], ['stp', 'wsi'], ['ala', 'yte']],
    fleet: [['bal/ec', 'bla'], ['bal/sc', 'med'], ['clf', 'ite'], ['egy', 'sar/nc'], ['stp/nc', 'wsi'], ['ala', 'yte/sc']],
    noArmy: [['ala', 'aoc'], ['egy', 'med'], ['jap', 'kor']],
    noFleet: [['bal/sc', 'bla'], ['clf', 'nev'], ['ind', 'jap']],
    units0: {},
  },
};

describe('the imported variants modern and world', () => {
  for (const [name, pin] of Object.entries(VARIANTS)) {
    describe(name, () => {
      const path = join(ROOT, 'variants', name, `${name}.dipmap`);
      const config = compiled(path);
      const army = new Set(config.adjacency.army.map(([a, b]) => `${a}>${b}`));
      const fleet = new Set(config.adjacency.fleet.map(([a, b]) => `${a}>${b}`));

      it('says where it comes from', () => {
        const text = readFileSync(path, 'utf8');
        expect(text.split('\n')[0]).toBe(`// ${config.name}: imported from the Python engine's map file ${name}.map by \`dipforge import-map\`.`);
      });

      it('provinces, terrain, centres, split coasts', () => {
        expect(config.provinces).toHaveLength(pin.provinces);
        expect(config.provinces.filter((p) => p.terrain === 'land')).toHaveLength(pin.land);
        expect(config.provinces.filter((p) => p.terrain === 'coast')).toHaveLength(pin.coastal);
        expect(config.provinces.filter((p) => p.terrain === 'sea')).toHaveLength(pin.sea);
        expect(config.provinces.filter((p) => p.supplyCentre)).toHaveLength(pin.centres);
        expect(config.neutralCentres).toHaveLength(pin.neutral);
        expect(config.provinces.filter((p) => (p.coasts ?? []).length > 0).map((p) => p.id).sort()).toEqual(pin.splitCoast);
        expect(config.provinces.every((p) => p.at !== undefined)).toBe(true);
      });

      it('powers, starting units, start, victory and build sites', () => {
        expect(config.powers.map((p) => p.id)).toEqual(pin.powers);
        expect(config.powers.reduce((n, p) => n + p.units.length, 0)).toBe(pin.units);
        for (const [power, units] of Object.entries(pin.units0)) {
          const p = config.powers.find((x) => x.id === power);
          expect(p?.units.map((u) => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`).sort(), power).toEqual(units);
        }
        expect(config.start).toEqual(pin.start);
        expect(config.rules['victory-centres']).toBe(pin.victory);
        expect(config.rules['build-sites']).toBe(pin.buildSites);
      });

      it('adjacency: counts and a sample per unit kind, both ways', () => {
        expect(config.adjacency.army).toHaveLength(pin.armyMoves);
        expect(config.adjacency.fleet).toHaveLength(pin.fleetMoves);
        for (const [a, b] of pin.army) expect(army.has(`${a}>${b}`) && army.has(`${b}>${a}`), `army ${a}-${b}`).toBe(true);
        for (const [a, b] of pin.fleet) expect(fleet.has(`${a}>${b}`) && fleet.has(`${b}>${a}`), `fleet ${a}-${b}`).toBe(true);
        for (const [a, b] of pin.noArmy) expect(army.has(`${a}>${b}`), `no army ${a}-${b}`).toBe(false);
        for (const [a, b] of pin.noFleet) expect(fleet.has(`${a}>${b}`), `no fleet ${a}-${b}`).toBe(false);
      });
    });
  }
});

describe('every imported variant draws and plays', () => {
  const variants = [
    join(ROOT, 'variants', 'modern', 'modern.dipmap'),
    join(ROOT, 'variants', 'world', 'world.dipmap'),
    join(FIXTURES, 'standard.imported.dipmap'),
  ];
  for (const path of variants) {
    const config = compiled(path);
    const board = compileBoard(config);

    it(`${basename(path)} renders its start: one node per province, one marker per centre`, () => {
      const svg = renderBoard(config, board, initialPosition(config));
      expect(svg).toMatch(/^(<\?xml[^>]*>\s*)?<svg /);
      expect(svg.match(/<g class="province[ "]/g)).toHaveLength(config.provinces.length);
      expect(svg.match(/class="sc-marker"/g)).toHaveLength(config.provinces.filter((p) => p.supplyCentre).length);
      // The variants have board coordinates; the standard fixture is laid out automatically.
      expect(svg).toContain(`data-layout="${config.provinces.some((p) => p.at) ? 'coordinates' : 'auto'}"`);
    });

    it(`${basename(path)}: seeded random games run clean (legal orders only, sound positions)`, () => {
      const rules = config.rules;
      for (const seed of [1, 2, 3]) {
        const rng = mulberry32(seed);
        let pos = initialPosition(config);
        let played = 0;
        for (let step = 0; step < 60; step++) {
          expect(checkPosition(board, pos), `seed ${seed}, step ${step}`).toEqual([]);
          if (phaseIsEmpty(board, rules, pos)) {
            pos = adjudicatePhase(board, pos, [], rules, { seed }).next;
            continue;
          }
          const result = adjudicatePhase(board, pos, randomOrders(board, pos, rules, rng), rules, { seed });
          expect(result.results.filter((r) => r.status === 'illegal'), `seed ${seed}, ${JSON.stringify(pos.phase)}`).toEqual([]);
          pos = result.next;
          played++;
        }
        expect(played).toBeGreaterThan(20);
        expect(pos.units.length).toBeGreaterThan(0);
      }
    });
  }
});

describe('dipforge import-map', () => {
  /** The command's `main` in this process, from the repository root (test/cli.test.ts runs the binary for what only a process shows). */
  async function dipforge(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
    const r = await dipforgeIn(ROOT, ...args);
    return { status: r.code, stdout: r.out, stderr: r.err };
  }

  it('a map with errors: each with line:column and code, nothing written, exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dipforge-import-map-'));
    try {
      const out = join(dir, 'errors.dipmap');
      const r = await dipforge('import-map', 'test/import-map/errors.map', '-o', out);
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n').filter(Boolean)).toEqual([
        'test/import-map/errors.map:6:1: error: A before any power line: it needs a power above it [DF7004]',
        'test/import-map/errors.map:8:21: error: MOON in the adjacency of UPL is no place of the map [DF7002]',
        'test/import-map/errors.map:12:3: error: a fleet cannot stand on UPL [DF7005]',
        'test/import-map/errors.map:14:5: error: cannot read nowhere.map (looked for it beside this file) [DF7003]',
        'dipforge import-map: not imported (4 errors, 0 warnings)',
      ]);
      expect(existsSync(out)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a map with what the language cannot express: warnings with line:column and code, the variant written, exit 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dipforge-import-map-'));
    try {
      const out = join(dir, 'warnings.dipmap');
      const r = await dipforge('import-map', 'test/import-map/warnings.map', '-o', out, '--name', 'Warnings Test');
      expect(r.status).toBe(0);
      const warnings = r.stderr.split('\n').filter((l) => l.includes(': warning: '));
      expect(warnings.map((l) => /^test\/import-map\/warnings\.map:(\d+:\d+): warning: .+ \[(DF\d{4})\]$/.exec(l)?.slice(1).join(' '))).toEqual([
        '2:1 DF7010',
        '3:17 DF7010',
        '19:1 DF7010',
      ]);
      const text = readFileSync(out, 'utf8');
      expect(text).toContain('variant warnings "Warnings Test" {');
      expect(text).toContain('province lag "Lagoon" coast archipelago');
      expect(compileMapFile(out).config).toBeDefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without -o the variant goes to standard output', async () => {
    const r = await dipforge('import-map', 'test/import-map/islands.map', '--id', 'isles');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('variant isles "Isles" {');
    expect(r.stdout).toContain('power red-isles "Red Isles" {');
  });

  it('a wrong command line exits 2; an unreadable file exits 1', async () => {
    expect((await dipforge('import-map')).status).toBe(2);
    expect((await dipforge('import-map', 'a.map', 'b.map')).status).toBe(2);
    expect((await dipforge('import-map', 'test/import-map/islands.map', '--id', 'no good')).status).toBe(2);
    const missing = await dipforge('import-map', 'test/import-map/none.map');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe('test/import-map/none.map: error: cannot read: no such file\n');
  });
});
