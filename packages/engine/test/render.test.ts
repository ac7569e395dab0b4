// The board renderer (src/render/): well-formed, deterministic SVG with every province and unit
// drawn once, orders as arrows with their results, the legend's counts, escaping of any name, and
// the automatic layout of a map without coordinates (no overlaps, the same every run).
import { describe, expect, it } from 'vitest';
import { compileBoard } from '../src/board/board.js';
import type { VariantConfig } from '../src/config/variant-config.js';
import { initialPosition } from '../src/game/runner.js';
import { formatOrder } from '../src/orders/format.js';
import type { Position } from '../src/game/position.js';
import { AUTO_MIN_DISTANCE, LEGEND_WIDTH, layoutBoard, renderBoard, type BoardLayout } from '../src/render/index.js';
import { escapeAttr, escapeText, num } from '../src/render/xml.js';
import { CLASSIC, board, casePosition, check, type PhaseCase } from './helpers/classic.js';
import { allElements, byClass, classes, parseXml, titleOf, translation, unitOf, type XmlElement } from './helpers/svg.js';

/** Province id → where the picture puts it. */
function provincePoints(svg: XmlElement): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  for (const g of byClass(svg, 'province')) out.set(g.attrs['data-province']!, translation(g));
  return out;
}

/** What a name reads as once written in XML: characters XML cannot hold become U+FFFD. */
function xmlSafe(s: string): string {
  return s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD');
}

/** Checks what every picture must hold and returns its tree. */
function checked(config: VariantConfig, position: Position, svgText: string): XmlElement {
  const svg = parseXml(svgText);
  expect(svg.name).toBe('svg');
  expect(svg.attrs['xmlns']).toBe('http://www.w3.org/2000/svg');
  // No external resource, no stylesheet, no script, no ids (two boards may share a page).
  expect(svgText).not.toMatch(/<style|\sstyle=|<script|<image|href=|url\(|@import|<foreignObject|\sid=/);
  expect(svgText.replace('http://www.w3.org/2000/svg', '')).not.toContain('http');

  // Every province once, with its label and its supply-centre star once.
  const provinces = byClass(svg, 'province');
  expect(provinces.map((g) => g.attrs['data-province']).sort()).toEqual(config.provinces.map((p) => p.id).sort());
  expect(byClass(svg, 'label').map((t) => t.text).sort()).toEqual(config.provinces.map((p) => p.id).sort());
  expect(byClass(svg, 'sc-marker').map((t) => t.attrs['data-province']).sort()).toEqual(config.provinces.filter((p) => p.supplyCentre).map((p) => p.id).sort());
  for (const g of provinces) {
    const p = config.provinces.find((q) => q.id === g.attrs['data-province'])!;
    expect(classes(g)).toContain(p.terrain);
    expect(titleOf(g)).toContain(xmlSafe(p.name));
    expect(g.attrs['data-owner']).toBe(p.supplyCentre ? position.owners[p.id] : undefined);
  }

  // Every unit once, at its province (a fleet on a named coast toward that coast's seas).
  const points = provincePoints(svg);
  const drawn = byClass(svg, 'unit');
  const key = (power: string, unit: string, dislodged: boolean): string => `${power} ${unit}${dislodged ? ' dislodged' : ''}`;
  const expected = [
    ...position.units.map((u) => key(u.power, `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`, false)),
    ...position.dislodged.map((u) => key(u.power, `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`, true)),
  ].sort();
  expect(drawn.map((g) => key(g.attrs['data-power']!, unitOf(g), classes(g).includes('dislodged'))).sort()).toEqual(expected);
  for (const g of drawn) {
    const at = g.attrs['data-location']!;
    // data-unit is the bare province id: what a click on the unit stands for.
    expect(g.attrs['data-unit']).toBe(at.split('/')[0]);
    expect(g.attrs['data-province']).toBeUndefined();
    expect(classes(g)).toContain(g.attrs['data-power']);
    const home = points.get(at.split('/')[0]!)!;
    const [x, y] = translation(g);
    const off = Math.hypot(x - home[0], y - home[1]);
    expect(off, `${unitOf(g)} drawn at its province`).toBeLessThan(classes(g).includes('dislodged') ? 40 : at.includes('/') ? 30 : 12);
  }

  // The legend counts each power's centres and units.
  for (const p of config.powers) {
    const row = byClass(svg, 'legend-power').filter((g) => g.attrs['data-power'] === p.id);
    expect(row, p.id).toHaveLength(1);
    expect(row[0]!.attrs['data-centres']).toBe(String(Object.values(position.owners).filter((o) => o === p.id).length));
    expect(row[0]!.attrs['data-units']).toBe(String(position.units.filter((u) => u.power === p.id).length));
  }
  const neutral = config.provinces.filter((p) => p.supplyCentre && position.owners[p.id] === undefined).length;
  expect(byClass(svg, 'legend-neutral')[0]!.attrs['data-centres']).toBe(String(neutral));
  return svg;
}

/** A variant with no coordinates: eight provinces, two powers. */
const TINY: VariantConfig = {
  format: 'dipforge-variant/1',
  id: 'tiny',
  name: 'Tiny',
  provinces: [
    { id: 'nor', name: 'North', terrain: 'coast', supplyCentre: true },
    { id: 'sou', name: 'South', terrain: 'coast', supplyCentre: true },
    { id: 'eas', name: 'East', terrain: 'coast', supplyCentre: true },
    { id: 'wes', name: 'West', terrain: 'land', supplyCentre: false },
    { id: 'mid', name: 'Middle', terrain: 'land', supplyCentre: true },
    { id: 'hil', name: 'Hills', terrain: 'land', supplyCentre: false, impassable: true },
    { id: 'bay', name: 'The Bay', terrain: 'sea', supplyCentre: false },
    { id: 'gul', name: 'The Gulf', terrain: 'sea', supplyCentre: false },
  ],
  adjacency: {
    army: pairs([
      ['nor', 'mid'],
      ['nor', 'wes'],
      ['sou', 'mid'],
      ['sou', 'wes'],
      ['eas', 'mid'],
      ['eas', 'nor'],
      ['eas', 'sou'],
      ['wes', 'mid'],
    ]),
    fleet: pairs([
      ['nor', 'bay'],
      ['sou', 'gul'],
      ['bay', 'gul'],
      ['nor', 'eas'],
    ]),
  },
  powers: [
    { id: 'red', name: 'Red', colour: '#cc2222', home: ['nor', 'eas'], units: [{ kind: 'fleet', at: 'nor' }, { kind: 'army', at: 'eas' }], centres: ['nor', 'eas'] },
    { id: 'blue', name: 'Blue', home: ['sou'], units: [{ kind: 'army', at: 'sou' }], centres: ['sou'] },
  ],
  neutralCentres: ['mid'],
  start: { year: 1901, season: 'spring', phase: 'movement' },
  rules: CLASSIC.rules,
};

function pairs(list: [string, string][]): [string, string][] {
  return list.flatMap(([a, b]): [string, string][] => [
    [a, b],
    [b, a],
  ]);
}

function minDistance(layout: BoardLayout): number {
  let best = Infinity;
  layout.points.forEach((p, i) => layout.points.forEach((q, j) => i < j && (best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1])))));
  return best;
}

describe('XML writing', () => {
  it('escapes text and attributes, and replaces characters XML cannot hold', () => {
    expect(escapeText('a < b && c > "d"')).toBe('a &lt; b &amp;&amp; c &gt; "d"');
    expect(escapeAttr(`"x" & 'y'\n<z>`)).toBe('&quot;x&quot; &amp; &apos;y&apos;&#10;&lt;z&gt;');
    expect(escapeText('bell\u0007 lone\uD800 ok\uD83D\uDE00')).toBe('bell\uFFFD lone\uFFFD ok\uD83D\uDE00');
  });

  it('writes numbers with at most one decimal, never -0', () => {
    expect([num(1), num(1.25), num(-0.01), num(-3.14159), num(1e21 / 1e21), num(Number.NaN)]).toEqual(['1', '1.3', '0', '-3.1', '1', '0']);
  });

  it('the test reader rejects what is not well-formed', () => {
    for (const bad of ['<a><b></a></b>', '<a x="1" x="2"/>', '<a>&nbsp;</a>', '<a>x & y</a>', '<a/><b/>', '<a>', '<a x=1/>', '<a>\u0001</a>']) {
      expect(() => parseXml(bad), bad).toThrow();
    }
    expect(parseXml('<?xml version="1.0"?>\n<a x="&lt;&#65;"><b>t&amp;</b></a>\n').children[0]!.text).toBe('t&');
  });
});

describe('renderBoard on the classic map', () => {
  const start = initialPosition(CLASSIC);

  it('draws the starting position: every province, centre and unit once, the legend counts', () => {
    const text = renderBoard(CLASSIC, board, start);
    const svg = checked(CLASSIC, start, text);
    expect(svg.attrs['data-layout']).toBe('coordinates');
    expect(svg.attrs['data-phase']).toBe('spring 1901 movement');
    expect(byClass(svg, 'unit')).toHaveLength(22);
    expect(byClass(svg, 'unit', 'fleet', 'russia').map(unitOf).sort()).toEqual(['F sev', 'F stp/sc']);
    expect(svg.attrs['data-map']).toBe('regions');
    expect(byClass(svg, 'region')).toHaveLength(75);
    expect(byClass(svg, 'adjacency')).toHaveLength(0);
    expect(byClass(svg, 'order')).toHaveLength(0);
    // The graph drawing: every adjacent pair a line, no regions.
    const graph = checked(CLASSIC, start, renderBoard(CLASSIC, board, start, { map: 'graph' }));
    expect(graph.attrs['data-map']).toBe('graph');
    expect(byClass(graph, 'adjacency').length).toBeGreaterThan(150);
    expect(byClass(graph, 'region')).toHaveLength(0);
    expect(titleOf(svg)).toBe('Classic: Spring 1901, movement');
  });

  it('the graph drawing puts the provinces at their coordinates, scaled to the canvas', () => {
    const svg = parseXml(renderBoard(CLASSIC, board, start, { map: 'graph' }));
    const points = provincePoints(svg);
    const par = CLASSIC.provinces.find((p) => p.id === 'par')!.at!;
    const mos = CLASSIC.provinces.find((p) => p.id === 'mos')!.at!;
    const [px, py] = points.get('par')!;
    const [mx, my] = points.get('mos')!;
    // Same direction and proportions as the map's own coordinates.
    const s = (mx - px) / (mos[0] - par[0]);
    expect(s).toBeGreaterThan(0.8);
    expect((my - py) / (mos[1] - par[1])).toBeCloseTo(s, 2);
    for (const [x, y] of points.values()) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(Number(svg.attrs['width']) - LEGEND_WIDTH);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(Number(svg.attrs['height']));
    }
  });

  it('is deterministic: the same input gives the same bytes', () => {
    const a = renderBoard(CLASSIC, board, start);
    renderBoard(CLASSIC, board, start, { layout: 'auto' });
    const b = renderBoard(CLASSIC, compileBoard(JSON.parse(JSON.stringify(CLASSIC)) as VariantConfig), JSON.parse(JSON.stringify(start)) as Position);
    expect(b).toBe(a);
  });

  it('draws each order once with its result: moves as arrows, failed ones marked, illegal ones marked', () => {
    const c: PhaseCase = {
      units: { england: ['F nth', 'A yor', 'F eng'], france: ['A par', 'A mar', 'F bre'], germany: ['A mun', 'F kie'], russia: ['F sev'], turkey: ['F ank'] },
      owners: { france: ['par', 'mar', 'bre'] },
      orders: {
        england: ['F nth C A yor - bel', 'A yor - bel', 'F eng S A yor - bel'],
        france: ['A par - bur', 'A mar - bur', 'F bre H'],
        germany: ['A mun S A par - bur', 'F kie - mun'],
        russia: ['F sev - bla'],
        turkey: ['F ank - bla'],
      },
    };
    const position = casePosition(c);
    const result = check(c);
    const svg = checked(CLASSIC, position, renderBoard(CLASSIC, board, position, { results: result.results, dislodged: result.dislodged }));
    const orders = byClass(svg, 'order');
    expect(orders).toHaveLength(result.results.length);
    const moves = byClass(svg, 'order', 'move');
    expect(moves).toHaveLength(result.results.filter((r) => r.order.type === 'move').length);
    for (const r of result.results) {
      const g = orders.filter((o) => o.attrs['data-order'] === formatOrder(r.order) && o.attrs['data-power'] === r.order.power);
      expect(g, formatOrder(r.order)).toHaveLength(1);
      expect(g[0]!.attrs['data-status']).toBe(r.status);
      expect(classes(g[0]!)).toContain(r.status);
      expect(byClass(g[0]!, 'fail-mark')).toHaveLength(r.status === 'fails' ? 1 : 0);
      expect(byClass(g[0]!, 'illegal-mark')).toHaveLength(r.status === 'illegal' ? 1 : 0);
      if (r.order.type === 'move' && r.status !== 'illegal') expect(byClass(g[0]!, 'head'), 'an arrow head').toHaveLength(1);
    }
    const status = (text: string): string | undefined => orders.find((o) => o.attrs['data-order'] === text)!.attrs['data-status'];
    expect(status('F sev - bla')).toBe('fails');
    expect(status('F kie - mun')).toBe('illegal');
    expect(status('A yor - bel')).toBe('succeeds');
    expect(byClass(svg, 'order', 'support')).toHaveLength(2);
    expect(byClass(svg, 'order', 'convoy')).toHaveLength(1);
    expect(byClass(svg, 'order', 'hold')).toHaveLength(1);
    // Supports are dashed, convoys dotted, holds a ring.
    expect(allElements(byClass(svg, 'order', 'support')[0]!).some((e) => e.attrs['stroke-dasharray'] !== undefined)).toBe(true);
    expect(byClass(byClass(svg, 'order', 'hold')[0]!, 'ring')).toHaveLength(1);
    expect(titleOf(byClass(svg, 'order', 'move').find((o) => o.attrs['data-order'] === 'F sev - bla')!)).toMatch(/^Russia: F sev - bla \(fails: /);
  });

  it('marks the units a phase dislodges, and draws a retreat phase’s dislodged units beside their province', () => {
    const c: PhaseCase = {
      units: { austria: ['A gal', 'A vie'], germany: ['A boh'] },
      orders: { austria: ['A gal - boh', 'A vie S A gal - boh'], germany: ['A boh H'] },
      expectDislodged: ['A boh'],
    };
    const position = casePosition(c);
    const result = check(c);
    const during = checked(CLASSIC, position, renderBoard(CLASSIC, board, position, { results: result.results, dislodged: result.dislodged }));
    expect(byClass(during, 'unit', 'dislodged-this-phase').map(unitOf)).toEqual(['A boh']);

    const retreat = result.next;
    expect(retreat.phase.kind).toBe('retreat');
    const orders = check({ phase: { kind: 'retreat' }, units: { austria: ['A boh', 'A vie'] }, dislodged: { germany: ['A boh from gal'] }, orders: { germany: ['A boh R mun'] } });
    const svg = checked(CLASSIC, retreat, renderBoard(CLASSIC, board, retreat, { results: orders.results }));
    const dislodged = byClass(svg, 'unit', 'dislodged');
    expect(dislodged).toHaveLength(1);
    expect(unitOf(dislodged[0]!)).toBe('A boh');
    expect(dislodged[0]!.attrs['data-power']).toBe('germany');
    expect(dislodged[0]!.attrs['data-dislodged-from']).toBe('gal');
    expect(byClass(dislodged[0]!, 'dislodged-marker')).toHaveLength(1);
    expect(byClass(svg, 'legend-power').find((g) => g.attrs['data-power'] === 'germany')!.attrs['data-dislodged']).toBe('1');
    const arrow = byClass(svg, 'order', 'retreat');
    expect(arrow).toHaveLength(1);
    expect(byClass(arrow[0]!, 'head')).toHaveLength(1);
  });

  it('draws builds and disbands of an adjustment phase without counting them as units', () => {
    const c: PhaseCase = {
      phase: { season: 'winter', kind: 'adjustment' },
      units: { germany: ['A hol'], russia: ['A war', 'A mos', 'F sev'] },
      owners: { germany: ['ber', 'kie', 'mun', 'hol'], russia: ['war', 'sev'] },
      orders: { germany: ['Build A ber', 'Build F kie'], russia: ['A mos D'] },
    };
    const position = casePosition(c);
    const result = check(c);
    const svg = checked(CLASSIC, position, renderBoard(CLASSIC, board, position, { results: result.results }));
    expect(byClass(svg, 'build-mark').map((g) => g.attrs['data-at']).sort()).toEqual(['ber', 'kie']);
    expect(byClass(svg, 'order', 'disband')).toHaveLength(1);
    expect(byClass(svg, 'unit')).toHaveLength(4);
  });

  it('takes a title, and draws the classic map with the automatic layout too', () => {
    const svg = checked(CLASSIC, start, renderBoard(CLASSIC, board, start, { title: 'Game <1> & "more"', layout: 'auto' }));
    expect(svg.attrs['data-layout']).toBe('auto');
    expect(byClass(svg, 'legend-title')[0]!.text).toBe('Game <1> & "more"');
    const layout = layoutBoard(CLASSIC, { layout: 'auto' });
    expect(minDistance(layout)).toBeGreaterThanOrEqual(AUTO_MIN_DISTANCE - 0.5);
  });
});

describe('a variant without coordinates', () => {
  const tinyBoard = compileBoard(TINY);
  const start = initialPosition(TINY);

  it('gets the automatic layout: every province on the canvas, no two overlapping', () => {
    const layout = layoutBoard(TINY);
    expect(layout.mode).toBe('auto');
    expect(layout.points).toHaveLength(8);
    expect(minDistance(layout)).toBeGreaterThanOrEqual(AUTO_MIN_DISTANCE - 0.5);
    expect(minDistance(layout)).toBeGreaterThan(2 * layout.radius + 10);
    for (const [x, y] of layout.points) {
      expect(x).toBeGreaterThanOrEqual(layout.radius);
      expect(x).toBeLessThanOrEqual(layout.width - layout.radius);
      expect(y).toBeGreaterThanOrEqual(layout.radius);
      expect(y).toBeLessThanOrEqual(layout.height - layout.radius);
    }
    // Neighbours end up nearer each other than provinces with no road between them.
    const at = (id: string): [number, number] => layout.points[TINY.provinces.findIndex((p) => p.id === id)]!;
    const d = (a: string, b: string): number => Math.hypot(at(a)[0] - at(b)[0], at(a)[1] - at(b)[1]);
    expect(d('bay', 'nor')).toBeLessThan(d('bay', 'eas') + d('bay', 'sou'));
  });

  it('is stable across runs and does not depend on anything but the map', () => {
    const a = layoutBoard(TINY);
    const b = layoutBoard(JSON.parse(JSON.stringify(TINY)) as VariantConfig);
    expect(b).toEqual(a);
    expect(renderBoard(TINY, tinyBoard, start)).toBe(renderBoard(TINY, compileBoard(TINY), initialPosition(TINY)));
    // Another seed moves it, but still without overlaps.
    const c = layoutBoard(TINY, { seed: 7 });
    expect(minDistance(c)).toBeGreaterThanOrEqual(AUTO_MIN_DISTANCE - 0.5);
  });

  it('draws it: provinces, impassable greyed, units, fallback colours', () => {
    const svg = checked(TINY, start, renderBoard(TINY, tinyBoard, start));
    expect(svg.attrs['data-layout']).toBe('auto');
    expect(byClass(svg, 'province', 'impassable').map((g) => g.attrs['data-province'])).toEqual(['hil']);
    expect(byClass(svg, 'province', 'sea')).toHaveLength(2);
    expect(byClass(svg, 'region')).toHaveLength(8);
    const graph = parseXml(renderBoard(TINY, tinyBoard, start, { map: 'graph' }));
    expect(byClass(graph, 'adjacency', 'fleet').length + byClass(graph, 'adjacency', 'both').length).toBeGreaterThanOrEqual(4);
    // Blue gives no colour: it gets one of the fallbacks, used for its units and its legend row.
    const blue = byClass(svg, 'legend-power').find((g) => g.attrs['data-power'] === 'blue')!;
    const swatch = blue.children.find((c) => c.name === 'rect')!.attrs['fill'];
    expect(swatch).toMatch(/^#[0-9a-f]{6}$/);
    expect(allElements(byClass(svg, 'unit', 'blue')[0]!).some((e) => e.attrs['fill'] === swatch)).toBe(true);
  });

  it('asked for coordinates it has not got, still lays it out', () => {
    expect(layoutBoard(TINY, { layout: 'coordinates' }).mode).toBe('auto');
  });

  it('with coordinates for some provinces: those are kept, the others placed beside their neighbours', () => {
    const partial: VariantConfig = {
      ...TINY,
      provinces: TINY.provinces.map((p, i) => (i < 3 ? { ...p, at: [[100, 100], [100, 400], [400, 250]][i] as [number, number] } : p)),
    };
    const layout = layoutBoard(partial);
    expect(layout.mode).toBe('coordinates');
    const [n, s, e] = layout.points as [[number, number], [number, number], [number, number]];
    expect(s[0] - n[0]).toBeCloseTo(0, 5);
    expect(e[0] - n[0]).toBeCloseTo(s[1] - n[1], 5);
    expect(minDistance(layout)).toBeGreaterThanOrEqual(2 * layout.radius);
    checked(partial, initialPosition(partial), renderBoard(partial, compileBoard(partial), initialPosition(partial)));
  });
});

describe('names with any character', () => {
  it('stay well-formed XML and read back the same (characters XML cannot hold become U+FFFD)', () => {
    const odd = 'Q<&>"\'\u0007 \u00e9\u6d77 \uD83C\uDF0A ]]> <!-- -->';
    const config: VariantConfig = {
      ...TINY,
      name: `Tiny ${odd}`,
      provinces: TINY.provinces.map((p) => (p.id === 'mid' ? { ...p, name: odd } : p)),
      powers: TINY.powers.map((p) => (p.id === 'red' ? { ...p, name: `Red ${odd}`, adjective: odd } : p)),
    };
    const start = initialPosition(config);
    const text = renderBoard(config, compileBoard(config), start);
    const svg = checked(config, start, text);
    const clean = odd.replace('\u0007', '\uFFFD');
    expect(titleOf(byClass(svg, 'province').find((g) => g.attrs['data-province'] === 'mid')!)).toContain(clean);
    expect(byClass(svg, 'legend-power').find((g) => g.attrs['data-power'] === 'red')!.children.some((c) => c.text === `Red ${clean}`)).toBe(true);
    expect(titleOf(svg)).toContain(`Tiny ${clean}`);
  });
});
