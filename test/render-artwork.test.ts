/**
 * The board drawn on an author's artwork (test/artwork/isles.dipmap and isles.svg):
 * one region per province, painted in the artwork's order, each region the
 * artwork's shape scaled onto the canvas and holding its own anchor (as the topmost
 * region there); one glyph per unit; orders as arrows; the declared link drawn;
 * the same attributes the click-to-order code reads as on a generated map; and
 * `dipforge render` writing SVG and PNG from it. A map without artwork keeps the
 * generated regions.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMapFile, runGameFile } from '@dipforge/dsl';
import { compileBoard, flattenPath, initialPosition, renderBoard, type VariantConfig } from '@dipforge/engine';
import { inside, polygons } from './helpers/polygons.js';
import { byClass, parseXml, translation, unitOf, type XmlElement } from '../packages/engine/test/helpers/svg.js';
import { dipforgeIn, scratchFolder } from './cli-in-process.js';
import { pngSize } from './helpers/png.js';

const HERE = join(import.meta.dirname, 'artwork');
const MAP = join(HERE, 'isles.dipmap');
const GAME = join(HERE, 'isles-1901.dipgame');

function compiled(): VariantConfig {
  const r = compileMapFile(MAP);
  expect(r.diagnostics).toEqual([]);
  return r.config as VariantConfig;
}

const regionOf = (g: XmlElement): XmlElement => g.children.find((c) => c.name === 'path' && c.attrs['class'] === 'region')!;

describe('render on the artwork', () => {
  it('one region per province, each the artwork’s shape scaled, holding its own anchor on top; one glyph per unit', () => {
    const config = compiled();
    const position = initialPosition(config);
    const svg = parseXml(renderBoard(config, compileBoard(config), position));
    expect(svg.attrs['data-map']).toBe('artwork');
    const groups = byClass(svg, 'province');
    // Painted in the artwork's order (the seas first, the isle over its sea).
    expect(groups.map((g) => g.attrs['data-province'])).toEqual(['nor', 'sou', 'wes', 'cap', 'eas', 'sth', 'isl']);
    // One region in each province's group, and one group per province.
    expect(groups.map((g) => byClass(g, 'region').length)).toEqual(groups.map(() => 1));
    expect(groups.map((g) => g.attrs['data-province']).sort()).toEqual(config.provinces.map((p) => p.id).sort());
    const shapes = groups.map((g) => {
      const [ox, oy] = translation(g);
      return { id: g.attrs['data-province']!, at: [ox, oy] as const, rings: polygons(regionOf(g).attrs['d']!).map((r) => r.map(([x, y]): [number, number] => [x + ox, y + oy])) };
    });
    // The canvas is the 600 × 400 frame scaled by 1000 / 600 (the map's width is 1000).
    const s = 1000 / 600;
    for (const shape of config.board!.shapes.filter((b) => !b.location.includes('/'))) {
      const drawn = shapes.find((x) => x.id === shape.location)!;
      const art = flattenPath(shape.d);
      if (!art.ok) throw new Error(art.message);
      const expected = art.rings.map((r) => r.map((v) => v * s));
      const got = drawn.rings.map((r) => r.flat());
      expect(got.map((r) => r.length), shape.location).toEqual(expected.map((r) => r.length));
      got.forEach((r, k) => r.forEach((v, i) => expect(Math.abs(v - expected[k]![i]!), shape.location).toBeLessThan(0.11)));
    }
    for (const shape of shapes) {
      const top = [...shapes].reverse().find((t) => inside(t.rings, shape.at[0], shape.at[1]));
      expect(top?.id, `the region on top at ${shape.id}'s anchor`).toBe(shape.id);
    }
    const units = byClass(svg, 'unit').map(unitOf);
    expect(units.sort()).toEqual(position.units.map((u) => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`).sort());
    // The crossing declared on the board item is drawn as a link; both named coasts are marked.
    expect(byClass(svg, 'link').map((l) => `${l.attrs['data-from']}-${l.attrs['data-to']}`)).toEqual(['cap-isl']);
    expect(byClass(svg, 'coast-mark').map((m) => m.attrs['data-location']).sort()).toEqual(['cap/nc', 'cap/sc']);
    // The north coast is drawn apart (id="cap-nc", the rectangle 260..340 × 100..130): its label stands in it.
    const nc = byClass(byClass(svg, 'coast-mark').find((m) => m.attrs['data-location'] === 'cap/nc')!, 'coast-label')[0]!;
    expect(Number(nc.attrs['x']) / s).toBeGreaterThan(260);
    expect(Number(nc.attrs['x']) / s).toBeLessThan(340);
    expect(Number(nc.attrs['y']) / s).toBeGreaterThan(100);
    expect(Number(nc.attrs['y']) / s).toBeLessThan(130);
  });

  it('orders as arrows on the shapes, and the owners’ tints', () => {
    const run = runGameFile(GAME);
    const last = run.phases[run.phases.length - 1]!;
    const config = run.config!;
    expect(config.board).toBeDefined();
    const svg = parseXml(renderBoard(config, compileBoard(config), last.before, { results: last.result.results }));
    const moves = byClass(svg, 'order', 'move');
    expect(moves.map((m) => m.attrs['data-order'])).toEqual(['A cap - isl']);
    expect(byClass(moves[0]!, 'head')).toHaveLength(1);
    expect(byClass(svg, 'order', 'support').map((m) => m.attrs['data-order'])).toEqual(['F nor S A cap - isl']);
    const wes = byClass(svg, 'province').find((g) => g.attrs['data-province'] === 'wes')!;
    expect(wes.attrs['data-owner']).toBe('red');
    expect(regionOf(wes).attrs['fill']).not.toBe(regionOf(byClass(svg, 'province').find((g) => g.attrs['data-province'] === 'sth')!).attrs['fill']);
  });

  it('a province with `at X Y` is placed there, read in the artwork\u2019s units', () => {
    const config = compiled();
    const moved: VariantConfig = { ...config, provinces: config.provinces.map((p) => (p.id === 'wes' ? { ...p, at: [50, 120] as [number, number] } : p)) };
    const svg = parseXml(renderBoard(moved, compileBoard(moved), initialPosition(moved)));
    const wes = byClass(svg, 'province').find((g) => g.attrs['data-province'] === 'wes')!;
    const s = 1000 / 600;
    expect(translation(wes)).toEqual([Math.round(50 * s * 10) / 10, Math.round(120 * s * 10) / 10]);
    // Its army stands there too.
    const army = byClass(svg, 'unit').find((u) => u.attrs['data-unit'] === 'wes')!;
    expect(translation(army)).toEqual(translation(wes));
  });

  it('the example artwork is what scripts/artwork-example.mjs draws', () => {
    expect(() => execFileSync(process.execPath, [join(import.meta.dirname, '../scripts/artwork-example.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('the graph style still draws the graph; a map without artwork keeps its generated regions', () => {
    const config = compiled();
    const graph = parseXml(renderBoard(config, compileBoard(config), initialPosition(config), { map: 'graph' }));
    expect(graph.attrs['data-map']).toBe('graph');
    const { board: _, ...plain } = config;
    const generated = parseXml(renderBoard(plain, compileBoard(plain), initialPosition(plain)));
    expect(generated.attrs['data-map']).toBe('regions');
  });
});

describe('dipforge render on the artwork', () => {
  it('writes SVG and PNG', async () => {
    const scratch = scratchFolder();
    try {
      for (const f of ['isles.dipmap', 'isles.svg', 'isles-1901.dipgame']) scratch.write(f, readFileSync(join(HERE, f)));
      const svg = await dipforgeIn(scratch.dir, 'render', 'isles-1901.dipgame', '-o', 'board.svg');
      expect(svg.code, svg.err).toBe(0);
      const doc = parseXml(readFileSync(join(scratch.dir, 'board.svg'), 'utf8'));
      expect(doc.attrs['data-map']).toBe('artwork');
      const png = await dipforgeIn(scratch.dir, 'render', 'isles-1901.dipgame', '--png', '-o', 'board.png');
      expect(png.code, png.err).toBe(0);
      expect(pngSize(readFileSync(join(scratch.dir, 'board.png')))).toEqual({ width: Number(doc.attrs['width']), height: Number(doc.attrs['height']) });
      // The artwork is read like an import: a render may not write over it.
      const over = await dipforgeIn(scratch.dir, 'render', 'isles.dipmap', '-o', 'isles.svg');
      expect(over.code).toBe(2);
    } finally {
      scratch.remove();
    }
  });
});
