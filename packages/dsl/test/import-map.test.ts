/**
 * The importer of the Python engine's map files (`importMap`): each directive
 * of the `.map` format read as that engine reads it (letter case in adjacency
 * lists, split coasts, USE, AMEND, DROP, `-X` entries, powers with homes,
 * OWNS/CENTERS/INHABITS/HOME, UNITS, UNOWNED/NEUTRAL, UNPLAYED, BEGIN, VICTORY,
 * RULES, DUMMY), the facts derived for our language, the text printed, and a
 * diagnostic with a position and a code for everything else — never a throw.
 * The fixtures are small maps written for these tests (test/import-map/).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Codes } from '../src/diagnostics/codes.js';
import { formatDiagnostic, type Diagnostic } from '../src/diagnostics/diagnostic.js';
import { importMap, readPyMap, variantId, type ImportedMap, type MapImportResult } from '../src/import/index.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'import-map');
const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

function importFixture(name: string): MapImportResult {
  const file = join(FIXTURES, name);
  return importMap(readFileSync(file, 'utf8'), file, { read });
}

/** Imports map text given inline (as file `/maps/t.map`). */
function importText(text: string, files: Record<string, string> = {}): MapImportResult {
  return importMap(text, '/maps/t.map', { read: (p) => files[p] });
}

function pairs(edges: [string, string][]): string[] {
  const seen = new Set(edges.map(([a, b]) => `${a}>${b}`));
  const out = new Set<string>();
  for (const [a, b] of edges) {
    expect(seen.has(`${b}>${a}`), `${a}->${b} has no way back`).toBe(true);
    out.add([a, b].sort().join('-'));
  }
  return [...out].sort();
}

function codes(ds: Diagnostic[]): string[] {
  return ds.map((d) => d.code);
}

/** `line:col` (1-based) of a diagnostic. */
function at(d: Diagnostic): string {
  return `${d.range.start.line + 1}:${d.range.start.column + 1}`;
}

describe('the islands fixture: every directive the Python engine reads', () => {
  const result = importFixture('islands.map');
  const map = result.map as ImportedMap;

  it('reads without errors, the file it USEs included', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(map).toBeDefined();
  });

  it('provinces: terrain, impassable, split coasts, and DROP removes a place', () => {
    const terrain = Object.fromEntries(map.provinces.map((p) => [p.id, `${p.terrain}${p.impassable ? '!' : ''}${p.port ? '+port' : ''}`]));
    expect(terrain).toEqual({
      bay: 'sea', oce: 'sea', str: 'sea', hig: 'land', ald: 'coast', bri: 'coast', cin: 'coast', dun: 'coast', emb: 'coast+port', fro: 'land!',
    });
    expect(map.provinces.find((p) => p.id === 'dun')?.coasts).toEqual([
      { id: 'nc', name: 'North Coast' },
      { id: 'sc', name: 'South Coast' },
    ]);
    expect(map.provinces.map((p) => p.id)).not.toContain('gho');
  });

  it('names and aliases: the full name, one-word aliases, several words as an English name; coast spellings and ambiguous aliases left out', () => {
    const ald = map.provinces.find((p) => p.id === 'ald');
    expect(ald?.name).toBe('Port Alder');
    expect(ald?.aliases).toEqual(['alder']);
    expect(map.provinces.find((p) => p.id === 'oce')?.aliases).toEqual(['ocean']);
    // `dunmere` is the name itself: nothing to add.
    expect(map.provinces.find((p) => p.id === 'dun')?.aliases).toEqual([]);
    expect(map.provinces.find((p) => p.id === 'bri')?.aliases).toEqual([]);
    const ambiguous = result.diagnostics.find((d) => d.message.includes("'brine?'"));
    expect(ambiguous?.code).toBe(Codes.mapLeftOut.code);
    expect(ambiguous?.file).toBe(join(FIXTURES, 'islands-base.map'));
    expect(at(ambiguous as Diagnostic)).toBe('9:31');
  });

  it('army moves: capitals and lower case serve armies, capitalised entries do not; a coast entry opens its province to armies', () => {
    expect(pairs(map.army)).toEqual(['ald-bri', 'ald-dun', 'ald-hig', 'bri-hig', 'cin-dun', 'cin-hig', 'dun-hig']);
  });

  it('fleet moves: capitals and capitalised entries serve fleets; coasts, not the split province; AMEND and its -X', () => {
    expect(pairs(map.fleet)).toEqual([
      'ald-bay', 'ald-bri', 'ald-dun/nc', 'bay-bri', 'bay-dun/nc', 'bay-emb', 'bay-oce', 'bri-cin', 'cin-dun/sc', 'cin-oce', 'cin-str',
      'dun/sc-oce', 'emb-oce', 'emb-str', 'oce-str',
    ]);
    // Nothing reaches the impassable peak, nor the dropped reef.
    expect([...map.army, ...map.fleet].flat()).not.toContain('fro');
    expect([...map.army, ...map.fleet].flat()).not.toContain('gho');
  });

  it('powers: names, adjectives, homes with -X, CENTERS, OWNS appending, INHABITS resetting, UNITS clearing, UNPLAYED', () => {
    expect(map.powers.map((p) => [p.id, p.name, p.adjective])).toEqual([
      ['red-isles', 'Red Isles', 'Red'],
      ['blue', 'Blue', 'Bluish'],
      ['green', 'Green', 'Green'],
    ]);
    const [red, blue, green] = map.powers;
    expect(red?.home).toEqual(['ald', 'bri']);
    expect(red?.owns).toBeUndefined();
    expect(red?.units).toEqual(['F ald', 'A bri']);
    expect(blue?.home).toEqual(['cin', 'dun']);
    expect(blue?.owns).toEqual(['cin', 'dun', 'emb']);
    expect(blue?.units).toEqual(['F dun/sc', 'A cin']);
    expect(green?.home).toEqual(['hig']);
    expect(green?.units).toEqual(['A hig']);
  });

  it('centres: every home, even one taken back with -X; the start, VICTORY and RULES BUILD_ANY', () => {
    expect(map.provinces.filter((p) => p.supply).map((p) => p.id).sort()).toEqual(['ald', 'bri', 'cin', 'dun', 'emb', 'hig']);
    expect(map.neutral).toEqual([]);
    expect(map.start).toEqual({ year: 2001, season: 'fall', kind: 'movement' });
    expect(map.victory).toBe(4);
    expect(map.victoryByDefault).toBe(false);
    expect(map.buildAnywhere).toBe(true);
  });

  it('reports what it leaves out: the power letter', () => {
    const letter = result.diagnostics.find((d) => d.message.includes('(RED:R)'));
    expect(letter?.code).toBe(Codes.mapLeftOut.code);
    expect(at(letter as Diagnostic)).toBe('12:13');
  });

  it('prints a variant: header, rules, provinces in declaration order, adjacency once per pair, powers, no neutral line when none', () => {
    const text = result.text;
    expect(text.startsWith("// Islands: imported from the Python engine's map file islands.map by `dipforge import-map`.\n")).toBe(true);
    expect(text).toContain('variant islands "Islands" {\n  start 2001 fall movement\n}');
    expect(text).toContain('  edition 2000\n  victory-centres 4\n  build-sites any-owned-centre');
    expect(text.indexOf('province bay')).toBeLessThan(text.indexOf('province hig'));
    expect(text).toContain('province dun "Dunmere" coast supply {\n  coast nc "North Coast"\n  coast sc "South Coast"\n}');
    expect(text).toContain('province fro "Frost Peak" land impassable');
    expect(text).toContain('  both  ald: bri\n  army  ald: dun, hig\n  fleet ald: bay, dun/nc\n');
    expect(text).toContain('  fleet dun/sc: oce\n');
    expect(text).toContain('power blue "Blue" {\n  adjective "Bluish"\n  colour #2a3f8f\n  home cin, dun\n  owns cin, dun, emb\n  units F dun/sc, A cin\n}');
    expect(text).not.toContain('neutral centres');
  });

  it('writes a PORT as an archipelago (a coastal province whose fleet may convoy), with no diagnostic', () => {
    expect(result.text).toContain('province emb "Ember Isle" coast supply archipelago');
    expect(result.diagnostics.some((d) => d.message.startsWith('PORT'))).toBe(false);
  });
});

describe('the Python engine reading rules, one at a time', () => {
  const places = 'Aa = aaa\nBb = bbb\nCc = ccc\nSea = sss\n';

  it('a later unit line replaces the unit standing in that province, whoever it belonged to', () => {
    const r = importText(`${places}LAND AAA ABUTS BBB\nLAND BBB ABUTS AAA\nONE AAA\nA AAA\nTWO BBB\nA BBB\nA AAA\n`);
    expect(r.map?.powers.map((p) => p.units)).toEqual([[], ['A bbb', 'A aaa']]);
  });

  it('a terrain line in the other letter case replaces the place; AMEND keeps the terrain', () => {
    const r = importText(`${places}LAND AAA ABUTS BBB\nCOAST aaa ABUTS BBB SSS\nAMEND aaa ABUTS CCC\nLAND BBB ABUTS AAA\nLAND CCC ABUTS AAA\nWATER SSS ABUTS aaa\nONE BBB\n`);
    const map = r.map as ImportedMap;
    expect(map.provinces.find((p) => p.id === 'aaa')?.terrain).toBe('coast');
    expect(pairs(map.army)).toEqual(['aaa-bbb', 'aaa-ccc']);
    // aaa written in lower case: fleets may not stand there, so the sea has no fleet move.
    expect(map.fleet).toEqual([]);
  });

  it('UNOWNED and NEUTRAL centres, homes of powers removed from them; more than half the centres win by default', () => {
    const r = importText(`${places}LAND AAA ABUTS BBB\nLAND BBB ABUTS AAA CCC\nLAND CCC ABUTS BBB\nUNOWNED AAA BBB\nNEUTRAL CCC\nONE (ONESOME) AAA\nA AAA\n`);
    const map = r.map as ImportedMap;
    expect(map.neutral.sort()).toEqual(['bbb', 'ccc']);
    expect(map.victory).toBe(2);
    expect(map.victoryByDefault).toBe(true);
    expect(r.text).toContain('victory-centres 2    // more than half of the 3 centres');
  });

  it('HOME resets the build sites every time; INHABITS only the first time', () => {
    const lands = `${places}LAND AAA ABUTS BBB\nLAND BBB ABUTS AAA CCC\nLAND CCC ABUTS BBB\n`;
    expect(importText(`${lands}ONE AAA\nHOME BBB\nHOMES CCC\n`).map?.powers[0]?.home).toEqual(['ccc']);
    expect(importText(`${lands}ONE AAA\nINHABITS BBB\nINHABITS CCC\n`).map?.powers[0]?.home).toEqual(['bbb', 'ccc']);
  });

  it('UNPLAYED ALL EXCEPT keeps the named powers only', () => {
    const r = importText(`${places}LAND AAA ABUTS BBB\nLAND BBB ABUTS AAA CCC\nLAND CCC ABUTS BBB\nONE AAA\nTWO BBB\nTHREE CCC\nUNPLAYED ALL EXCEPT TWO\n`);
    expect(r.map?.powers.map((p) => p.id)).toEqual(['two']);
    expect(r.map?.neutral.sort()).toEqual(['aaa', 'ccc']);
  });

  it('a one-way entry gives a one-way move, printed with ->', () => {
    const r = importText(`${places}LAND AAA ABUTS BBB\nLAND BBB ABUTS CCC\nLAND CCC ABUTS BBB\nONE AAA\n`);
    expect(r.map?.army).toContainEqual(['aaa', 'bbb']);
    expect(r.map?.army).not.toContainEqual(['bbb', 'aaa']);
    expect(r.text).toContain('  army aaa -> bbb');
    expect(r.summary?.oneWay).toBe(1);
  });

  it('a place without a name line is named by its abbreviation, with a warning', () => {
    const r = importText('LAND AAA ABUTS BBB\nLAND BBB ABUTS AAA\nBb = bbb\nONE AAA\n');
    expect(r.map?.provinces.find((p) => p.id === 'aaa')?.name).toBe('AAA');
    expect(r.diagnostics.map((d) => [d.code, at(d)])).toContainEqual([Codes.mapNoFullName.code, '1:1']);
  });

  it('a home centre of two powers stays with the first, with a warning', () => {
    const r = importText(`${places}LAND AAA ABUTS BBB\nLAND BBB ABUTS AAA\nONE AAA\nTWO AAA BBB\n`);
    expect(r.map?.powers.map((p) => p.home)).toEqual([['aaa'], ['bbb']]);
    const d = r.diagnostics.find((x) => x.code === Codes.mapNotExpressible.code);
    expect(d?.message).toContain('home centre of ONE and of TWO');
    expect(at(d as Diagnostic)).toBe('8:5');
  });
});

describe('diagnostics: a position and a code for every problem, never a throw', () => {
  it('errors.map: a unit before any power, an unknown place, a fleet on land, a USE of a missing file', () => {
    const r = importFixture('errors.map');
    const shown = r.diagnostics.map((d) => formatDiagnostic(d, 'errors.map'));
    expect(shown).toEqual([
      'errors.map:6:1: error: A before any power line: it needs a power above it [DF7004]',
      'errors.map:8:21: error: MOON in the adjacency of UPL is no place of the map [DF7002]',
      'errors.map:12:3: error: a fleet cannot stand on UPL [DF7005]',
      'errors.map:14:5: error: cannot read nowhere.map (looked for it beside this file) [DF7003]',
    ]);
  });

  it('warnings.map: a VICTORY per year, an unknown rule and a DUMMY are warnings; the variant is still written', () => {
    const r = importFixture('warnings.map');
    expect(r.diagnostics.filter((d) => d.severity === 'warning').map((d) => [d.code, at(d)])).toEqual([
      ['DF7010', '2:1'],
      ['DF7010', '3:17'],
      ['DF7010', '19:1'],
    ]);
    expect(r.map?.victory).toBe(2);
    expect(r.text).toContain('victory-centres 2\n');
  });

  it('lines that do not have the form of their directive', () => {
    const cases: [string, string, string][] = [
      ['BEGIN SPRING', 'DF7001', '1:1'],
      ['VICTORY many', 'DF7001', '1:9'],
      ['Aa = aaa\nLAND AAA NEXT BBB', 'DF7001', '2:10'],
      ['Old -> New = aaa', 'DF7001', '1:1'],
      ['= aaa', 'DF7001', '1:1'],
      ['OWNS AAA', 'DF7004', '1:1'],
      ['UNITS', 'DF7004', '1:1'],
      ['AMEND AAA ABUTS BBB', 'DF7006', '1:7'],
      ['Aa = aaa\nAb = aaa', 'DF7006', '2:6'],
      ['USE t', 'DF7003', '1:5'],
      ['MAP', 'DF7001', '1:1'],
      ['ONE AAA', 'DF7002', '1:5'],
      ['COAST AAA/NC ABUTS', 'DF7006', '1:1'],
    ];
    for (const [text, code, where] of cases) {
      const r = importMap(text, '/maps/t.map', { read: () => text });
      const d = r.diagnostics.find((x) => x.code === code);
      expect(d, `${JSON.stringify(text)} gives ${code}: got ${codes(r.diagnostics).join(', ')}`).toBeDefined();
      expect(at(d as Diagnostic), text).toBe(where);
    }
  });

  it('USE reads a file beside the map, once; MAP names one too', () => {
    const base = 'Aa = aaa\nBb = bbb\nLAND AAA ABUTS BBB\nLAND BBB ABUTS AAA\n';
    const r = importText('USE base\nONE AAA\n', { '/maps/base.map': base });
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(r.map?.provinces.map((p) => p.id)).toEqual(['aaa', 'bbb']);
    const twice = importText('USE base base\nONE AAA\n', { '/maps/base.map': base });
    expect(twice.diagnostics.find((d) => d.code === 'DF7003')?.message).toContain('read twice');
    expect(importText('MAP base\nONE AAA\n', { '/maps/base.map': base }).map?.provinces).toHaveLength(2);
  });

  it('garbage of every kind gives diagnostics, never a throw', () => {
    const samples = ['', '\n\n', '#', '=', '==', 'A', 'F F F', 'WATER', 'LAND -', 'DROP', 'UNPLAYED ALL', 'UNPLAYED ALL EXCEPT', 'DUMMY ALL', '( ) ( )', 'X (Y:) Z', '\u0000\u0001', 'COAST a/b/c ABUTS a/b/c'];
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const words = ['LAND', 'COAST', 'WATER', 'AAA', 'aaa', 'Aaa', 'AAA/NC', 'ABUTS', '-AA', 'A', 'F', 'ONE', '(X)', '=', 'USE', 'DROP', 'AMEND', 'UNITS', 'OWNS', '#'];
    for (let i = 0; i < 200; i++) {
      const lines = Array.from({ length: 1 + Math.floor(rnd() * 8) }, () => Array.from({ length: Math.floor(rnd() * 6) }, () => words[Math.floor(rnd() * words.length)]).join(' '));
      samples.push(lines.join('\n'));
    }
    for (const text of samples) {
      const r = importMap(text, '/maps/t.map', { read: () => undefined });
      expect(typeof r.text).toBe('string');
      for (const d of r.diagnostics) expect(d.code, text).toMatch(/^DF70\d\d$/);
      expect(r.diagnostics.some((d) => d.message.startsWith('internal error')), text).toBe(false);
    }
  });
});

describe('names', () => {
  it('the variant id comes from the file name', () => {
    expect(variantId('/x/World.map')).toBe('world');
    expect(variantId('/x/ancient med.map')).toBe('ancient-med');
    expect(variantId('/x/1900.map')).toBe('map-1900');
  });

  it('readPyMap keeps places as written, so letter case carries meaning', () => {
    const { map } = readPyMap('COAST bul ABUTS AEG Con\nCOAST BUL/EC ABUTS BLA\n', '/maps/t.map');
    expect(map.locs).toEqual(['bul', 'BUL/EC']);
    expect(map.locAbut.get('bul')?.map((w) => w.text)).toEqual(['AEG', 'Con']);
  });
});
