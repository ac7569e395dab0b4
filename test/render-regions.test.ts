/**
 * The generated region maps of the built-in variants (docs/RENDER.md, "Regions"):
 * - borders agree with the adjacency: from the region grid, which provinces share a cell side,
 *   compared with the variant's adjacency (any unit kind); a pair that touches but is not adjacent is
 *   never allowed, a pair that is adjacent but does not touch only when it is one of the drawn
 *   exceptions listed in docs/RENDER.md (and then the picture draws it as a link);
 * - the picture's structure: one region per province, holding its own anchor and no other's
 *   (point-in-polygon on the SVG path, read back from the SVG), one glyph per unit, one arrow per move;
 * - the same map gives the same bytes, and renaming provinces changes no geometry.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMapFile, VariantLoader } from '@dipforge/dsl';
import { compileBoard, initialPosition, layoutBoard, regionMap, renderBoard, type RegionMap, type VariantConfig } from '@dipforge/engine';
import { variantsDir } from '@dipforge/variants';
import { builtinVariantConfig } from './helpers/builtin-variants.js';
import { inside, polygons } from './helpers/polygons.js';
import { byClass, parseXml, translation, unitOf, type XmlElement } from '../packages/engine/test/helpers/svg.js';

/**
 * Why an adjacent pair is drawn as a link rather than a shared border (docs/RENDER.md, "Drawn
 * exceptions"); each reason but the last is checked against the map by `explains` below:
 * - wrap: the map wraps round east–west and the pair meets across its left and right edges
 *   (their points lie more than half the map's width apart);
 * - crossing: a strait where two adjacent pairs cross, as Denmark–Sweden crosses Baltic–North Sea
 *   (the four provinces are all adjacent to one another, the other pair's regions touch, and the
 *   segments between the two pairs' points cross);
 * - clique: one of k ≥ 5 provinces all adjacent to one another, more pairs than a flat map of k
 *   regions can have as borders (at most 3k − 6 of them touch);
 * - strait: two coastal provinces joined across water, as Calais–London across the Strait of Dover
 *   (neither is a sea, and the segment between their points runs over their own regions, the gaps
 *   between regions, and at least one sea region, nothing else; each such sea borders both);
 * - layout: the variant's coordinates put other provinces between the pair's points; better
 *   coordinates would mend it (no limit of drawing).
 */
type Reason = 'wrap' | 'crossing' | 'clique' | 'enclosed' | 'strait' | 'layout';

/** Adjacent pairs drawn as links, per variant, with the reason of each (docs/RENDER.md keeps the same list). */
const DRAWN_EXCEPTIONS: Record<string, Record<string, Reason>> = {
  'ancient-mediterranean': { 'ale-sii': 'crossing', 'aus-lib': 'crossing', 'aus-tys': 'crossing' },
  'cold-war': { 'arc-ber': 'wrap', 'ber-jap': 'wrap', 'ber-kam': 'wrap', 'ber-soj': 'wrap', 'ber-vla': 'wrap', 'ber-wpa': 'wrap', 'epa-wpa': 'wrap' },
  'empires-and-coalitions': { 'arc-noa': 'crossing', 'ion-tys': 'crossing' },
  'hundred': { 'cal-lon': 'strait', 'cha-dau': 'crossing' },
  'modern': { 'arc-nao': 'crossing' },
  'pure': { 'ber-con': 'clique', 'ber-par': 'clique', 'ber-rom': 'clique', 'con-lon': 'clique', 'con-par': 'clique', 'lon-mos': 'clique', 'lon-rom': 'clique', 'mos-par': 'clique', 'mos-rom': 'clique' },
  'twenty-twenty': { 'anc-vla': 'wrap', 'arc-bes': 'wrap', 'arc-ecs': 'wrap', 'arc-phi': 'wrap', 'bes-now': 'wrap', 'bet-gux': 'crossing', 'bob-bri': 'layout', 'bob-mpo': 'wrap', 'bob-npo': 'wrap', 'bri-mpo': 'wrap', 'chm-npo': 'wrap', 'ecs-soj': 'crossing', 'eth-yem': 'strait', 'hat-npo': 'wrap', 'ind-npo': 'wrap', 'mpo-syd': 'wrap', 'mpo-tas': 'wrap', 'npo-phi': 'wrap', 'npo-scs': 'wrap', 'spo-tas': 'wrap' },
  'world': { 'ala-aoc': 'wrap', 'aoc-bfs': 'wrap', 'aoc-brs': 'wrap', 'brs-kam': 'wrap', 'brs-nwp': 'wrap', 'cpo-nwp': 'wrap', 'cpo-pis': 'wrap', 'cpo-wpo': 'wrap', 'epa-pis': 'wrap', 'mbl-ris': 'wrap', 'nep-pis': 'wrap', 'npo-nwp': 'wrap', 'pis-spo': 'wrap', 'ris-spo': 'wrap', 'spo-swp': 'wrap' },
  'youngstown-redux': { 'bxa-bxd': 'wrap', 'bxb-bxe': 'wrap', 'bxf-bxg': 'enclosed' },
};

const VARIANTS = readdirSync(variantsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'editions')
  .map((d) => d.name)
  .sort();

/**
 * A built-in variant, compiled once for the test worker (test/helpers/builtin-variants.ts): the
 * engine caches a region map per config object, so the checks below, and other files drawing the
 * same variant, share one region map of each variant instead of building it again.
 */
const compiled = builtinVariantConfig;

/** A built-in variant compiled anew: a config object of its own, whose region map is built anew. */
function compiledAfresh(name: string): VariantConfig {
  const r = compileMapFile(new VariantLoader().builtinVariantPath(name));
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.config as VariantConfig;
}

/** A built-in variant's starting position as the picture draws it, once for the whole file. */
const pictures = new Map<string, XmlElement>();
function picture(name: string): XmlElement {
  let svg = pictures.get(name);
  if (!svg) {
    const config = compiled(name);
    svg = parseXml(renderBoard(config, compileBoard(config), initialPosition(config)));
    pictures.set(name, svg);
  }
  return svg;
}

/** Adjacent province pairs `a-b` (a < b by id), any unit kind, read from the config alone. */
function adjacentPairs(config: VariantConfig): Set<string> {
  const out = new Set<string>();
  for (const list of [config.adjacency.army, config.adjacency.fleet])
    for (const [from, to] of list) {
      const a = from.split('/')[0]!;
      const b = to.split('/')[0]!;
      if (a !== b) out.add(a < b ? `${a}-${b}` : `${b}-${a}`);
    }
  return out;
}

/** Province pairs `a-b` whose cells share a side on the grid. */
function touchingPairs(config: VariantConfig, owner: Int32Array, cols: number, rows: number): Set<string> {
  const out = new Set<string>();
  const id = (c: number): string | undefined => (owner[c]! >= 0 ? config.provinces[owner[c]!]!.id : undefined);
  const add = (c: number, d: number): void => {
    const a = id(c);
    const b = id(d);
    if (a === undefined || b === undefined || a === b) return;
    out.add(a < b ? `${a}-${b}` : `${b}-${a}`);
  };
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < cols; x++) {
      if (x + 1 < cols) add(y * cols + x, y * cols + x + 1);
      if (y + 1 < rows) add(y * cols + x, (y + 1) * cols + x);
    }
  return out;
}

/** Whether segments p–q and r–s cross at a point inside both. */
function segmentsCross(p: readonly number[], q: readonly number[], r: readonly number[], t: readonly number[]): boolean {
  const side = (a: readonly number[], b: readonly number[], c: readonly number[]): number => Math.sign((b[0]! - a[0]!) * (c[1]! - a[1]!) - (b[1]! - a[1]!) * (c[0]! - a[0]!));
  return side(p, q, r) * side(p, q, t) < 0 && side(r, t, p) * side(r, t, q) < 0;
}

/** Whether `reason` holds for the pair `a-b` on this map; a message saying why not otherwise. */
function explains(reason: Reason, pair: string, config: VariantConfig, adjacent: Set<string>, touching: Set<string>, grid?: RegionMap['grid']): true | string {
  const ids = config.provinces.map((p) => p.id);
  const layout = layoutBoard(config);
  const at = (id: string): readonly number[] => layout.points[ids.indexOf(id)]!;
  const adj = (x: string, y: string): boolean => adjacent.has(x < y ? `${x}-${y}` : `${y}-${x}`);
  const touches = (x: string, y: string): boolean => touching.has(x < y ? `${x}-${y}` : `${y}-${x}`);
  const [a, b] = pair.split('-') as [string, string];
  switch (reason) {
    case 'wrap':
      return Math.abs(at(a)[0]! - at(b)[0]!) > layout.width / 2 || `${pair}: points less than half the map apart`;
    case 'crossing':
      for (const c of ids)
        for (const d of ids) {
          if (c >= d || [a, b].includes(c) || [a, b].includes(d)) continue;
          if (adj(c, d) && touches(c, d) && adj(a, c) && adj(a, d) && adj(b, c) && adj(b, d) && segmentsCross(at(a), at(b), at(c), at(d))) return true;
        }
      return `${pair}: crosses no touching pair of common neighbours`;
    case 'clique': {
      const set = [a, b];
      for (const c of ids) if (!set.includes(c) && set.every((x) => adj(x, c))) set.push(c);
      let touchingInside = 0;
      for (const x of set) for (const y of set) if (x < y && touches(x, y)) touchingInside++;
      return (set.length >= 5 && touchingInside <= 3 * set.length - 6) || `${pair}: in no clique of five or more that a flat map cannot draw`;
    }
    case 'enclosed': {
      // Four provinces all adjacent to one another, each with a neighbour outside them, and the rest
      // of the map connected without them: the rest contracted to one region makes K5 with the four,
      // which no flat map draws (Kuratowski). At least one of the four's six borders is a link.
      for (const c of ids)
        for (const d of ids) {
          if (c >= d || [a, b].includes(c) || [a, b].includes(d)) continue;
          const four = [a, b, c, d];
          if (!four.every((x) => four.every((y) => x === y || adj(x, y)))) continue;
          const rest = ids.filter((x) => !four.includes(x));
          if (!four.every((x) => rest.some((y) => adj(x, y)))) continue;
          const seen = new Set([rest[0]!]);
          const stack = [rest[0]!];
          while (stack.length > 0) {
            const u = stack.pop()!;
            for (const w of rest) if (!seen.has(w) && adj(u, w)) (seen.add(w), stack.push(w));
          }
          if (seen.size === rest.length) return true;
        }
      return `${pair}: in no four mutually adjacent provinces that the rest of the map encloses`;
    }
    case 'strait': {
      const terrain = (id: string): string | undefined => config.provinces[ids.indexOf(id)]?.terrain;
      if (terrain(a) === 'sea' || terrain(b) === 'sea') return `${pair}: one of them is a sea`;
      if (!grid) return `${pair}: no grid to look at`;
      const [x0, y0] = at(a) as [number, number];
      const [x1, y1] = at(b) as [number, number];
      // Samples a quarter of a cell apart, so no cell the segment passes over is missed by much.
      const steps = Math.ceil((4 * Math.hypot(x1 - x0, y1 - y0)) / grid.cell);
      let seas = 0;
      for (let k = 0; k <= steps; k++) {
        const x = Math.min(grid.cols - 1, Math.floor((x0 + ((x1 - x0) * k) / steps) / grid.cell));
        const y = Math.min(grid.rows - 1, Math.floor((y0 + ((y1 - y0) * k) / steps) / grid.cell));
        const o = grid.owner[y * grid.cols + x]!;
        if (o < 0) continue;
        const id = ids[o]!;
        if (id === a || id === b) continue;
        if (terrain(id) !== 'sea') return `${pair}: the segment crosses ${id}, not a sea`;
        if (!adj(a, id) || !adj(b, id)) return `${pair}: the segment crosses ${id}, a sea that is not between them`;
        seas++;
      }
      return seas > 0 || `${pair}: the segment crosses no sea`;
    }
    case 'layout':
      return true;
  }
}

describe('region maps: borders agree with the adjacency', () => {
  for (const name of VARIANTS) {
    it(name, () => {
      const config = compiled(name);
      const map = regionMap(config, compileBoard(config), layoutBoard(config));
      const touching = touchingPairs(config, map.grid.owner, map.grid.cols, map.grid.rows);
      const adjacent = adjacentPairs(config);
      const strays = [...touching].filter((p) => !adjacent.has(p)).sort();
      const unmet = [...adjacent].filter((p) => !touching.has(p)).sort();
      expect(strays, 'regions that touch but are not adjacent').toEqual([]);
      const listed = DRAWN_EXCEPTIONS[name] ?? {};
      expect(unmet, 'adjacent provinces whose regions do not touch').toEqual(Object.keys(listed).sort());
      for (const [pair, reason] of Object.entries(listed)) expect(explains(reason, pair, config, adjacent, touching, map.grid), `${name} ${pair}`).toBe(true);
      // Every exception is drawn as a link in the picture.
      const svg = picture(name);
      const links = byClass(svg, 'link').map((l) => {
        const a = l.attrs['data-from']!;
        const b = l.attrs['data-to']!;
        return a < b ? `${a}-${b}` : `${b}-${a}`;
      });
      expect(links.sort()).toEqual(unmet);
      // The wrap pairs, and only they, are drawn as two stubs that leave the map at its left and right edges at one height.
      const wraps = byClass(svg, 'link', 'wrap').map((l) => {
        const a = l.attrs['data-from']!;
        const b = l.attrs['data-to']!;
        const d = l.attrs['d']!;
        const ys = [...d.matchAll(/L(-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
        expect(ys.map(([x]) => x).sort((p, q) => p - q), `${a}-${b} reaches the edges`).toEqual([0, layoutBoard(config).width]);
        expect(ys[0]![1]).toBe(ys[1]![1]);
        return a < b ? `${a}-${b}` : `${b}-${a}`;
      });
      expect(wraps.sort()).toEqual(Object.keys(listed).filter((p) => listed[p] === 'wrap').sort());
    });
  }

  it('the reasons are checked: a pair put in the wrong class is caught', () => {
    const config = compiled('world');
    const map = regionMap(config, compileBoard(config), layoutBoard(config));
    const touching = touchingPairs(config, map.grid.owner, map.grid.cols, map.grid.rows);
    const adjacent = adjacentPairs(config);
    // A wrap pair is no crossing or clique, and a pair that does not wrap is no wrap.
    expect(explains('crossing', 'ala-aoc', config, adjacent, touching)).not.toBe(true);
    expect(explains('clique', 'ala-aoc', config, adjacent, touching)).not.toBe(true);
    expect(explains('wrap', 'ris-sop', config, adjacent, touching)).not.toBe(true);
    // A pair across land is no strait (the South Pole lies beyond other Antarctic land), nor is a pair of seas.
    expect(explains('strait', 'bat-sop', config, adjacent, touching, map.grid)).not.toBe(true);
    expect(explains('strait', 'cpo-wpo', config, adjacent, touching, map.grid)).not.toBe(true);
    const hundred = compiled('hundred');
    const hundredMap = regionMap(hundred, compileBoard(hundred), layoutBoard(hundred));
    const hundredAdjacent = adjacentPairs(hundred);
    const hundredTouching = touchingPairs(hundred, hundredMap.grid.owner, hundredMap.grid.cols, hundredMap.grid.rows);
    expect(explains('strait', 'cal-lon', hundred, hundredAdjacent, hundredTouching, hundredMap.grid)).toBe(true);
    // Were London not to border the Strait of Dover, the water between would not be theirs: no strait.
    const withoutStrait = new Set([...hundredAdjacent].filter((p) => p !== 'lon-str'));
    expect(explains('strait', 'cal-lon', hundred, withoutStrait, hundredTouching, hundredMap.grid)).toMatch(/not between them/);
    // Charlerois–Dauphiné lies across Dijon and Paris: land, so no strait.
    expect(explains('strait', 'cha-dau', hundred, hundredAdjacent, hundredTouching, hundredMap.grid)).not.toBe(true);
    const pure = compiled('pure');
    const pureMap = regionMap(pure, compileBoard(pure), layoutBoard(pure));
    expect(explains('clique', 'ber-con', pure, adjacentPairs(pure), touchingPairs(pure, pureMap.grid.owner, pureMap.grid.cols, pureMap.grid.rows))).toBe(true);
    // Youngstown's boxes C, F, G and H border one another and the rest of the map: enclosed. Were
    // Box G's border with the West Indian Ocean gone, it would have no neighbour outside the four
    // (it could sit inside them): no longer enclosed. A wrap pair of two seas is no such four.
    const yr = compiled('youngstown-redux');
    const yrMap = regionMap(yr, compileBoard(yr), layoutBoard(yr));
    const yrAdjacent = adjacentPairs(yr);
    const yrTouching = touchingPairs(yr, yrMap.grid.owner, yrMap.grid.cols, yrMap.grid.rows);
    expect(explains('enclosed', 'bxf-bxg', yr, yrAdjacent, yrTouching)).toBe(true);
    expect(explains('enclosed', 'bxf-bxg', yr, new Set([...yrAdjacent].filter((p) => p !== 'bxg-wio')), yrTouching)).not.toBe(true);
    expect(explains('enclosed', 'bxa-bxd', yr, yrAdjacent, yrTouching)).not.toBe(true);
    expect(explains('enclosed', 'ala-aoc', config, adjacent, touching)).not.toBe(true);
  });
});

describe('region maps: the picture', () => {
  const pathOf = (g: XmlElement): string => g.children.find((c) => c.name === 'path' && c.attrs['class'] === 'region')!.attrs['d']!;

  for (const name of VARIANTS) {
    it(`${name}: one region per province, holding its own anchor and no other's; one glyph per unit`, () => {
      const config = compiled(name);
      const position = initialPosition(config);
      const svg = picture(name);
      const groups = byClass(svg, 'province');
      expect(groups.map((g) => g.attrs['data-province'])).toEqual(config.provinces.map((p) => p.id));
      const regions = byClass(svg, 'region');
      // The province's group alone carries its id (the shape inside it does not repeat it).
      expect(regions).toHaveLength(config.provinces.length);
      expect(regions.filter((r) => r.attrs['data-province'] !== undefined)).toEqual([]);
      expect(groups.map((g) => byClass(g, 'region').length)).toEqual(config.provinces.map(() => 1));
      // Each region's rings in canvas units (paths are written relative to their group's translation).
      const shapes = groups.map((g) => {
        const [ox, oy] = translation(g);
        return { id: g.attrs['data-province']!, at: [ox, oy] as const, rings: polygons(pathOf(g)).map((r) => r.map(([x, y]): [number, number] => [x + ox, y + oy])) };
      });
      for (const s of shapes) {
        expect(s.rings.length, s.id).toBeGreaterThan(0);
        const holders = shapes.filter((t) => inside(t.rings, s.at[0], s.at[1])).map((t) => t.id);
        expect(holders, `the regions holding ${s.id}'s anchor`).toEqual([s.id]);
      }
      const units = byClass(svg, 'unit').map(unitOf);
      expect(units.sort()).toEqual(position.units.map((u) => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`).sort());
      // Split coasts: one mark per named coast.
      const coasts = byClass(svg, 'coast-mark').map((m) => m.attrs['data-location']);
      expect(coasts.sort()).toEqual(config.provinces.flatMap((p) => (p.coasts ?? []).map((c) => `${p.id}/${c.id}`)).sort());
    });
  }

  it('orders are arrows: one head per move in the classic opening, from its unit toward its destination', async () => {
    const { adjudicatePhase } = await import('@dipforge/engine');
    const config = compiled('classic');
    const board = compileBoard(config);
    const position = initialPosition(config);
    const orders = [
      { type: 'move', power: 'france', unit: { kind: 'army', at: 'par' }, to: 'bur' },
      { type: 'move', power: 'germany', unit: { kind: 'army', at: 'mun' }, to: 'bur' },
      { type: 'move', power: 'england', unit: { kind: 'fleet', at: 'lon' }, to: 'nth' },
      { type: 'hold', power: 'italy', unit: { kind: 'army', at: 'rom' } },
    ] as const;
    const result = adjudicatePhase(board, position, orders as never, config.rules);
    const svg = parseXml(renderBoard(config, board, position, { results: result.results }));
    const moves = byClass(svg, 'order', 'move');
    expect(moves.map((m) => m.attrs['data-order']).sort()).toEqual(['A mun - bur', 'A par - bur', 'F lon - nth']);
    for (const m of moves) expect(byClass(m, 'head')).toHaveLength(1);
    expect(byClass(svg, 'order', 'hold')).toHaveLength(1);
    expect(byClass(svg, 'order', 'fails').map((m) => m.attrs['data-order']).sort()).toEqual(['A mun - bur', 'A par - bur']);
  });

  it('the same map gives the same bytes; renaming the provinces changes no region', () => {
    const config = compiled('classic');
    const draw = (c: VariantConfig): string => renderBoard(c, compileBoard(c), initialPosition(c));
    expect(draw(config)).toBe(draw(compiledAfresh('classic')));
    const rename = (id: string): string => `p${id.split('').reverse().join('')}`;
    const renamed = JSON.parse(JSON.stringify(config), (key, value: unknown) => value) as VariantConfig;
    renamed.provinces = renamed.provinces.map((p) => ({ ...p, id: rename(p.id) }));
    for (const kind of ['army', 'fleet'] as const)
      renamed.adjacency[kind] = config.adjacency[kind].map(([a, b]) => [rename(a.split('/')[0]!) + (a.includes('/') ? `/${a.split('/')[1]}` : ''), rename(b.split('/')[0]!) + (b.includes('/') ? `/${b.split('/')[1]}` : '')]);
    const a = regionMap(config, compileBoard(config), layoutBoard(config));
    const b = regionMap(renamed, compileBoard(renamed), layoutBoard(renamed));
    expect(Buffer.from(b.grid.owner.buffer).equals(Buffer.from(a.grid.owner.buffer))).toBe(true);
  });
});
