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
import { compileBoard, initialPosition, layoutBoard, regionMap, renderBoard, type VariantConfig } from '@dipforge/engine';
import { variantsDir } from '@dipforge/variants';
import { byClass, parseXml, translation, unitOf, type XmlElement } from '../packages/engine/test/helpers/svg.js';

/**
 * Adjacent pairs drawn as links rather than shared borders, per variant (docs/RENDER.md keeps the
 * same list, with the reason for each).
 */
const DRAWN_EXCEPTIONS: Record<string, string[]> = {
  'ancient-mediterranean': ['aus-lib', 'aus-tys', 'gop-the', 'rha-sam'],
  'cold-war': ['arc-ber', 'arc-kam', 'arc-sib', 'arc-ura', 'arc-wat', 'arm-irq', 'arm-lev', 'bal-den', 'ber-jap', 'ber-kam', 'ber-soj', 'ber-vla', 'ber-wpa', 'bra-wat', 'den-ege', 'den-wge', 'eat-naf', 'eat-wme', 'eme-ist', 'epa-wpa', 'fin-noy', 'grd-wat', 'hud-wat', 'ist-lev', 'jap-soj', 'len-noy', 'len-nws', 'lon-nts', 'noy-nws', 'nvi-sai', 'nws-ura', 'nws-wat', 'soj-yel'],
  'empires-and-coalitions': ['arc-ice', 'arc-noa', 'bar-now', 'ion-tys'],
  'hundred': ['atl-med', 'cal-lon', 'cha-dau'],
  'modern': ['arc-brn', 'arc-nao', 'brn-nwg'],
  'north-sea-wars': ['ala-uns', 'cns-gra', 'uns-wns'],
  'pure': ['ber-con', 'ber-par', 'ber-rom', 'con-lon', 'con-par', 'lon-mos', 'lon-rom', 'lon-vie', 'mos-par', 'mos-rom'],
  'twenty-twenty': ['anc-vla', 'ant-spo', 'arc-bes', 'arc-ecs', 'arc-los', 'arc-npo', 'arc-phi', 'bes-ecs', 'bes-fin', 'bes-now', 'bet-gux', 'bob-bri', 'bob-mpo', 'bob-npo', 'bra-nma', 'bri-mpo', 'bue-sma', 'chg-los', 'chm-npo', 'ecs-soj', 'eth-yem', 'fin-lap', 'fin-now', 'hat-npo', 'ind-npo', 'iqa-yeo', 'kum-man', 'kum-ran', 'kum-yes', 'lab-mot', 'lab-ott', 'lij-man', 'los-min', 'mot-wna', 'mpo-syd', 'mpo-tas', 'nma-pag', 'nma-rio', 'nma-sao', 'nma-sma', 'npo-phi', 'npo-scs', 'ott-yeo', 'pag-sma', 'ran-vie', 'sen-sma', 'soo-spo', 'spo-tas', 'vie-yes'],
  'western-world-901': ['aqt-btt', 'aqt-gas', 'ast-gal', 'bah-soa', 'bcs-val', 'bja-ice', 'bja-kom', 'bja-saa', 'bre-sgs', 'btt-par', 'cad-cod', 'cad-gal', 'cad-gra', 'cad-oce', 'cad-snc', 'cad-soa', 'cad-str', 'cal-wel', 'chm-ros', 'dub-ice', 'dub-oce', 'egy-jer', 'egy-sey', 'est-liv', 'est-nov', 'fin-nov', 'gal-oce', 'gal-snc', 'gas-tou', 'ice-oce', 'ice-saa', 'ice-whi', 'ill-rom', 'jel-sgs', 'jor-ngs', 'jor-wsx', 'kar-nov', 'kar-ros', 'kar-saa', 'kho-sst', 'kie-vla', 'kie-vya', 'kip-sto', 'kom-whi', 'kri-ros', 'mau-soa', 'mun-oce', 'ngs-sgs', 'ngs-wsx', 'nov-ros', 'now-saa', 'now-ula', 'oce-soa', 'oce-wel', 'oce-wsx', 'pam-spa', 'sgs-vel', 'spa-tou', 'tol-val', 'tol-zar', 'ula-vik', 'vla-vol', 'wal-wsx'],
  'world': ['ala-aoc', 'aoc-bar', 'aoc-bfs', 'aoc-brs', 'bar-bfs', 'bar-ess', 'bar-thu', 'bat-sop', 'bei-sha', 'brs-kam', 'brs-nwp', 'clf-ite', 'cpo-nwp', 'cpo-pis', 'cpo-wpo', 'dmv-nde', 'epa-pis', 'ite-npo', 'lan-sha', 'len-nde', 'len-sop', 'mbl-ris', 'mbl-sop', 'nep-pis', 'npo-nwp', 'pis-spo', 'ris-sop', 'ris-spo', 'spo-swp'],
  'youngstown-redux': ['and-jvs', 'and-sig', 'bal-den', 'bal-kie', 'bar-nay', 'bar-noi', 'bxa-bxc', 'bxa-bxd', 'bxb-bxe', 'bxc-bxf', 'bxc-bxh', 'bxd-bxe', 'bxd-bxf', 'bxf-bxg', 'cen-fez', 'cyr-fez', 'egy-fez', 'eio-tim', 'eng-mid', 'fez-sud', 'fin-nay', 'fin-swe', 'gob-lia', 'gob-stp', 'hor-ken', 'ire-mid', 'iri-mid', 'kam-npo', 'kar-npo', 'mid-nao', 'mid-sao', 'nao-noi', 'nay-noi', 'nay-not', 'nay-ska', 'nay-stp', 'npo-soo', 'npo-spo', 'sig-tha', 'spo-tok'],
};

const VARIANTS = readdirSync(variantsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'editions')
  .map((d) => d.name)
  .sort();

function compiled(name: string): VariantConfig {
  const r = compileMapFile(new VariantLoader().builtinVariantPath(name));
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.config as VariantConfig;
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

/** The polygons of an SVG path of M/L/Z commands with absolute numbers. */
function polygons(d: string): [number, number][][] {
  const out: [number, number][][] = [];
  for (const m of d.matchAll(/([MLZ])([^MLZ]*)/g)) {
    if (m[1] === 'Z') continue;
    const [x, y] = m[2]!.trim().split(/[ ,]+/).map(Number) as [number, number];
    if (m[1] === 'M') out.push([]);
    out[out.length - 1]!.push([x, y]);
  }
  return out;
}

/** Even-odd point-in-polygon over all the rings (a crossing count along a ray to the right). */
function inside(rings: [number, number][][], x: number, y: number): boolean {
  let odd = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  return odd;
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
      expect(unmet, 'adjacent provinces whose regions do not touch').toEqual([...(DRAWN_EXCEPTIONS[name] ?? [])].sort());
      // Every exception is drawn as a link in the picture.
      const svg = parseXml(renderBoard(config, compileBoard(config), initialPosition(config)));
      const links = byClass(svg, 'link').map((l) => {
        const a = l.attrs['data-from']!;
        const b = l.attrs['data-to']!;
        return a < b ? `${a}-${b}` : `${b}-${a}`;
      });
      expect(links.sort()).toEqual(unmet);
    });
  }
});

describe('region maps: the picture', () => {
  const pathOf = (g: XmlElement): string => g.children.find((c) => c.name === 'path' && c.attrs['class'] === 'region')!.attrs['d']!;

  for (const name of VARIANTS) {
    it(`${name}: one region per province, holding its own anchor and no other's; one glyph per unit`, () => {
      const config = compiled(name);
      const position = initialPosition(config);
      const svg = parseXml(renderBoard(config, compileBoard(config), position));
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
    expect(draw(config)).toBe(draw(compiled('classic')));
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
