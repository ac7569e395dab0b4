/**
 * The artwork's SVG geometry reader (`render/artwork/`): path data, transforms,
 * the basic shapes, and which shapes touch on the grid. Expected values come from
 * geometry worked out by hand or from an oracle that shares no code with the
 * reader (points on a circle, areas from the shoelace formula, rectangles that
 * share an edge); properties: the same shape written absolute or relative, in any
 * element order, under any transform wrapped around everything, reads the same.
 */
import { describe, expect, it } from 'vitest';
import { checkArtwork, flattenPath, rasterize, readArtwork, type Artwork } from '../src/render/artwork/index.js';
import { parseTransform, apply } from '../src/render/artwork/matrix.js';
import { mulberry32 } from '../src/adjudicate/prng.js';

function points(ring: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (let k = 0; k < ring.length; k += 2) out.push([ring[k]!, ring[k + 1]!]);
  return out;
}

/** Shoelace area, absolute. */
function area(ring: readonly number[]): number {
  let a = 0;
  const p = points(ring);
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) a += p[j]![0] * p[i]![1] - p[i]![0] * p[j]![1];
  return Math.abs(a / 2);
}

function rings(d: string): number[][] {
  const r = flattenPath(d);
  if (!r.ok) throw new Error(r.message);
  return r.rings;
}

describe('path data', () => {
  it('M L H V Z, absolute and relative, give the same square', () => {
    const square = [10, 20, 40, 20, 40, 50, 10, 50];
    expect(rings('M10 20 L40 20 L40 50 L10 50 Z')).toEqual([square]);
    expect(rings('M10 20 H40 V50 H10 Z')).toEqual([square]);
    expect(rings('m10 20 l30 0 l0 30 l-30 0 z')).toEqual([square]);
    expect(rings('m10,20h30v30h-30z')).toEqual([square]);
    // Implicit repeats: numbers after M are lines; after m, relative lines.
    expect(rings('M10 20 40 20 40 50 10 50Z')).toEqual([square]);
    expect(rings('m10 20 30 0 0 30 -30 0z')).toEqual([square]);
  });

  it('numbers written together: 1.5.5, 1-2, exponents', () => {
    expect(rings('M1.5.5L-2-3L1e1,0Z')).toEqual([[1.5, 0.5, -2, -3, 10, 0]]);
  });

  it('a relative move after Z starts from the closed subpath’s start', () => {
    expect(rings('M10 10h10v10z m5 5h1v1z')[1]!.slice(0, 2)).toEqual([15, 15]);
  });

  it('arcs: a circle from two arcs has every point on the circle, in either sweep and with flags written together', () => {
    for (const d of ['M270 45a30 30 0 1 0 60 0a30 30 0 1 0-60 0z', 'M270 45A30 30 0 1 1 330 45A30 30 0 1 1 270 45Z', 'M270 45a30 30 0 1060 0a30 30 0 10-60 0z']) {
      const ring = rings(d)[0]!;
      for (const [x, y] of points(ring)) expect(Math.hypot(x - 300, y - 45)).toBeCloseTo(30, 6);
      // Twelve pieces a half circle: the area of the polygon inscribed in the circle.
      expect(area(ring)).toBeCloseTo(0.5 * 24 * 30 * 30 * Math.sin((2 * Math.PI) / 24), 3);
    }
  });

  it('an arc whose radii are too small is scaled up to reach its end (SVG 1.1, F.6.6)', () => {
    const ring = rings('M0 0A1 1 0 0 1 100 0Z')[0]!;
    for (const [x, y] of points(ring)) expect(Math.hypot(x - 50, y)).toBeCloseTo(50, 6);
  });

  it('cubic and quadratic curves pass through their ends and stay inside their control hull', () => {
    for (const d of ['M0 0C0 100 100 100 100 0Z', 'M0 0Q50 100 100 0Z', 'M0 0S0 100 100 100T200 0Z']) {
      const p = points(rings(d)[0]!);
      expect(p[0]).toEqual([0, 0]);
      for (const [x, y] of p) {
        expect(x).toBeGreaterThanOrEqual(-1e-9);
        expect(y).toBeGreaterThanOrEqual(-1e-9);
      }
    }
    // A quadratic and the cubic with control points two thirds of the way: the same points.
    expect(rings('M0 0Q30 60 90 0Z')[0]!.map((v) => Math.round(v * 1e6))).toEqual(rings('M0 0C20 40 50 40 90 0Z')[0]!.map((v) => Math.round(v * 1e6)));
    // T after Q reflects the control point: symmetric about x = 100.
    const p = points(rings('M0 0Q50 50 100 0T200 0')[0]!);
    for (const [x, y] of p) expect(p.some(([u, v]) => Math.abs(u - (200 - x)) < 1e-6 && Math.abs(v + y) < 1e-6)).toBe(true);
  });

  it('bad path data is an error with its place, never an exception', () => {
    expect(flattenPath('L10 10')).toMatchObject({ ok: false });
    expect(flattenPath('M10 10 L 5')).toMatchObject({ ok: false, message: 'the command L lacks a number' });
    expect(flattenPath('M10 10 X')).toMatchObject({ ok: false, at: 7 });
    expect(flattenPath('')).toEqual({ ok: true, rings: [] });
  });

  it('random polylines read the same written absolute and relative', () => {
    const rng = mulberry32(18);
    for (let t = 0; t < 50; t++) {
      const pts = Array.from({ length: 3 + Math.floor(rng() * 8) }, () => [Math.round(rng() * 1000) / 10, Math.round(rng() * 1000) / 10] as const);
      const abs = `M${pts.map(([x, y]) => `${x} ${y}`).join(' L')}Z`;
      const rel = `m${pts[0]![0]} ${pts[0]![1]}${pts
        .slice(1)
        .map(([x, y], i) => `l${x - pts[i]![0]} ${y - pts[i]![1]}`)
        .join('')}z`;
      const a = rings(abs)[0]!;
      const b = rings(rel)[0]!;
      expect(b.length).toBe(a.length);
      b.forEach((v, i) => expect(v).toBeCloseTo(a[i]!, 6));
    }
  });
});

describe('transforms', () => {
  it('each function, and a list applied right to left', () => {
    const at = (t: string, x: number, y: number): [number, number] => apply(parseTransform(t)!, x, y).map((v) => Math.round(v * 1e9) / 1e9) as [number, number];
    expect(at('translate(5 6)', 1, 1)).toEqual([6, 7]);
    expect(at('translate(5)', 1, 1)).toEqual([6, 1]);
    expect(at('scale(2 3)', 1, 1)).toEqual([2, 3]);
    expect(at('rotate(90)', 1, 0)).toEqual([0, 1]);
    expect(at('rotate(90 10 10)', 20, 10)).toEqual([10, 20]);
    expect(at('matrix(1 0 0 1 7 8)', 0, 0)).toEqual([7, 8]);
    expect(at('skewX(45)', 0, 1)).toEqual([1, 1]);
    expect(at('skewY(45)', 1, 0)).toEqual([1, 1]);
    // Scale first, then translate.
    expect(at('translate(10,0) scale(2)', 1, 1)).toEqual([12, 2]);
    expect(parseTransform('translate(1 2 3)')).toBeUndefined();
    expect(parseTransform('wobble(3)')).toBeUndefined();
  });
});

/** An SVG of rectangles `[id, x, y, w, h]` in a 300 × 200 frame, drawn in the given element forms. */
function rectSvg(rects: readonly (readonly [string, number, number, number, number])[], wrap = (s: string) => s, viewBox = '0 0 300 200'): string {
  const forms = [
    (id: string, x: number, y: number, w: number, h: number) => `<rect id="${id}" x="${x}" y="${y}" width="${w}" height="${h}"/>`,
    (id: string, x: number, y: number, w: number, h: number) => `<polygon id="${id}" points="${x},${y} ${x + w},${y} ${x + w},${y + h} ${x},${y + h}"/>`,
    (id: string, x: number, y: number, w: number, h: number) => `<path id="${id}" d="m${x} ${y}h${w}v${h}h${-w}z"/>`,
    (id: string, x: number, y: number, w: number, h: number) => `<g id="${id}" transform="translate(${x} ${y})"><rect width="${w}" height="${h}"/></g>`,
  ];
  const body = rects.map(([id, x, y, w, h], i) => forms[i % forms.length]!(id, x, y, w, h)).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${wrap(body)}</svg>`;
}

/** Touching pairs `a-b` by the oracle: two axis-aligned rectangles share an edge of positive length. */
function oracleTouching(rects: readonly (readonly [string, number, number, number, number])[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) {
      const [a, ax, ay, aw, ah] = rects[i]!;
      const [b, bx, by, bw, bh] = rects[j]!;
      const overlapX = Math.min(ax + aw, bx + bw) - Math.max(ax, bx);
      const overlapY = Math.min(ay + ah, by + bh) - Math.max(ay, by);
      const sideBySide = (ax + aw === bx || bx + bw === ax) && overlapY > 0;
      const aboveBelow = (ay + ah === by || by + bh === ay) && overlapX > 0;
      if (sideBySide || aboveBelow) out.push([a, b].sort().join('-'));
    }
  return out.sort();
}

function touchingOf(art: Artwork): string[] {
  const ids = art.shapes.filter((s) => s.parent < 0).map((s) => s.id.toLowerCase()).sort();
  const n = ids.length;
  const all: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) all.push([i, j]);
  // With every pair adjacent, the pairs that do not touch are the `unmet` ones.
  const check = checkArtwork(art, ids.map((id) => ({ id, coasts: [] })), all, []);
  const unmet = new Set(check.unmet.map(([i, j]) => `${ids[i]}-${ids[j]}`));
  return all.map(([i, j]) => `${ids[i]}-${ids[j]}`).filter((p) => !unmet.has(p));
}

function read(svg: string): Artwork {
  const r = readArtwork(svg);
  if (!r.ok) throw new Error(r.message);
  return r.artwork;
}

describe('which shapes touch', () => {
  it('random tilings of rectangles: the pairs that share an edge, as the oracle finds them', () => {
    const rng = mulberry32(1901);
    for (let t = 0; t < 12; t++) {
      // Cut a 300 × 200 frame into columns, each cut into rows, on a 10-unit lattice.
      const rects: [string, number, number, number, number][] = [];
      let x = 0;
      while (x < 300) {
        const w = Math.min(300 - x, 10 * (3 + Math.floor(rng() * 8)));
        let y = 0;
        while (y < 200) {
          const h = Math.min(200 - y, 10 * (3 + Math.floor(rng() * 8)));
          rects.push([`p${rects.length}`, x, y, w, h]);
          y += h;
        }
        x += w;
      }
      const expected = oracleTouching(rects);
      expect(touchingOf(read(rectSvg(rects)))).toEqual(expected);
      // The same in reverse element order, and the whole drawing moved and scaled inside a group.
      expect(touchingOf(read(rectSvg([...rects].reverse())))).toEqual(expected);
      expect(touchingOf(read(rectSvg(rects, (s) => `<g transform="translate(50 -20) scale(0.5)">${s}</g>`, '50 -20 150 100')))).toEqual(expected);
    }
  });

  it('a hairline gap is no gap; a gap wider than the tolerance keeps shapes apart', () => {
    const gap = (g: number) => touchingOf(read(rectSvg([['a', 0, 0, 100, 200], ['b', 100 + g, 0, 100, 200]])));
    expect(gap(0)).toEqual(['a-b']);
    expect(gap(0.3)).toEqual(['a-b']);
    expect(gap(12)).toEqual([]);
  });

  it('shapes that meet only at a corner do not touch', () => {
    expect(touchingOf(read(rectSvg([['a', 0, 0, 100, 100], ['b', 100, 100, 100, 100]])))).toEqual([]);
  });

  it('the raster: a cell belongs to the shape holding its centre, the later one where shapes overlap', () => {
    const grid = rasterize([[[0, 0, 10, 0, 10, 10, 0, 10]], [[5, 0, 10, 0, 10, 10, 5, 10]]], 10, 10, 10);
    expect(grid.cols).toBe(10);
    const row = [...grid.owner.slice(0, 10)];
    expect(row).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
  });
});

describe('the SVG file', () => {
  it('reads ids, groups, nested transforms and the viewBox; passes over defs, decoration and ids starting with _', () => {
    const art = read(`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><!-- c --><svg:svg xmlns:svg="http://www.w3.org/2000/svg" viewBox="-10 -10 100 50">
      <defs><rect id="hidden" width="5" height="5"/></defs>
      <g transform="translate(10 0)"><g id="two" transform="scale(2)"><rect width="5" height="5"/><circle cx="20" cy="5" r="2"/></g></g>
      <ellipse id="e&amp;1" cx="0" cy="0" rx="4" ry="2"/>
      <rect id="_frame" width="100" height="50"/><rect width="1" height="1"/>
    </svg:svg>`);
    expect(art.width).toBe(100);
    expect(art.height).toBe(50);
    expect(art.shapes.map((s) => s.id)).toEqual(['two', 'e&1']);
    const two = art.shapes[0]!;
    expect(two.rings).toHaveLength(2);
    // The rect (0..5) scaled by 2, moved 10 right, then the viewBox's corner (-10, -10) moved to 0, 0.
    expect(two.rings[0]).toEqual([20, 10, 30, 10, 30, 20, 20, 20]);
  });

  it('without a viewBox: width and height, else the shapes’ extent', () => {
    expect(read('<svg width="120px" height="80"><rect id="a" width="10" height="10"/></svg>')).toMatchObject({ width: 120, height: 80 });
    expect(read('<svg><rect id="a" x="5" width="10" height="30"/></svg>')).toMatchObject({ width: 15, height: 30 });
  });

  it('what is not SVG is an error with its offset', () => {
    expect(readArtwork('<html><body/></html>')).toMatchObject({ ok: false, message: 'the root element is <html>, not <svg>' });
    expect(readArtwork('<svg><g></svg>')).toMatchObject({ ok: false, offset: 8 });
    expect(readArtwork('not xml at all')).toMatchObject({ ok: false, message: 'the file has no element' });
    expect(readArtwork('<svg><rect id="a"')).toMatchObject({ ok: false });
    expect(readArtwork('<svg/><svg/>')).toMatchObject({ ok: false, message: 'the file has more than one root element' });
  });

  it('geometry that cannot be read is a problem of its shape, and the rest is kept', () => {
    const art = read('<svg viewBox="0 0 10 10"><path id="a" d="M0 0 L"/><rect id="b" width="2" height="2" transform="spin(3)"/><polygon id="c" points="1 2 3"/></svg>');
    expect(art.problems.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(art.shapes.find((s) => s.id === 'b')!.rings).toHaveLength(1);
  });

  it('a deep file does not overflow the stack', () => {
    const depth = 50_000;
    const art = read(`<svg viewBox="0 0 10 10">${'<g>'.repeat(depth)}<rect id="a" width="1" height="1"/>${'</g>'.repeat(depth)}</svg>`);
    expect(art.shapes.map((s) => s.id)).toEqual(['a']);
  });

  it('mangled files: never an exception, an error\u2019s offset within the text, rings of even length', () => {
    const base = '<svg viewBox="0 0 600 400"><g id="layer" transform="translate(1 2) rotate(3)"><rect id="a" width="200" height="100"/>' +
      '<path id="b" d="M200 0h100v100H200zm10 10a5 5 0 1 0 10 0q5 5 10 0t10 0c1 2 3 4 5 6s1 2 3 4"/><polygon id="c" points="0,100 300,100 300,200"/></g></svg>';
    const alphabet = '<>/"=\' MLHVCSQTAZmlhvcsqtaz0123456789.-e,()!?&;#x\u0000\u00e9';
    const rng = mulberry32(5);
    for (let t = 0; t < 400; t++) {
      let text = base;
      for (let e = 0; e < 1 + Math.floor(rng() * 4); e++) {
        const at = Math.floor(rng() * text.length);
        text = rng() < 0.5 ? text.slice(0, at) + text.slice(at + 1 + Math.floor(rng() * 12)) : text.slice(0, at) + alphabet[Math.floor(rng() * alphabet.length)]! + text.slice(at);
      }
      const r = readArtwork(text);
      if (!r.ok) {
        expect(r.offset).toBeGreaterThanOrEqual(0);
        expect(r.offset).toBeLessThanOrEqual(text.length);
        continue;
      }
      for (const shape of r.artwork.shapes) for (const ring of shape.rings) expect(ring.length % 2).toBe(0);
      const ids = r.artwork.shapes.map((s) => s.id);
      expect(() => checkArtwork(r.artwork, ids.map((id) => ({ id, coasts: [] })), [], [])).not.toThrow();
    }
  });
});
