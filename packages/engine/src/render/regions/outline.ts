/**
 * Outlines of grid regions as smooth polygons that neighbours share exactly.
 *
 * The grid's cell corners are the vertices. A corner where exactly two regions
 * meet along a line (two boundary sides) is smoothed, a few passes of moving it
 * toward the average of its two boundary neighbours; corners where three or
 * more regions meet, and corners on the frame, stay put. Each border between
 * two such fixed corners is then simplified (Douglas–Peucker) once, for both
 * regions. Since the smoothing and the simplification are decided per corner
 * and per border, not per region, two neighbours' outlines use the very same
 * points: no slivers and no overlaps between them.
 */
import type { RegionGrid } from './grow.js';

export interface Outlines {
  /** Per province, its loops (an outer ring, then any holes) as flat [x0, y0, x1, y1, …] in canvas units. */
  loops: Float64Array[][];
  /** Smoothed canvas position of every grid corner, `2 * ((cols + 1) * y + x)`. */
  corners: Float64Array;
}

const SMOOTHING_PASSES = 4;
/** Douglas–Peucker tolerance, in cells. */
const TOLERANCE = 0.18;

export function outlineRegions(grid: RegionGrid, n: number): Outlines {
  const { cols, rows, cell, owner } = grid;
  const vw = cols + 1;
  const vh = rows + 1;
  const label = (x: number, y: number): number => (x < 0 || y < 0 || x >= cols || y >= rows ? -2 : owner[y * cols + x]!);

  // Boundary sides around each corner: up, right, down, left (bit 0..3).
  const sides = new Uint8Array(vw * vh);
  for (let y = 0; y < vh; y++)
    for (let x = 0; x < vw; x++) {
      const nw = label(x - 1, y - 1);
      const ne = label(x, y - 1);
      const sw = label(x - 1, y);
      const se = label(x, y);
      let s = 0;
      if (y > 0 && nw !== ne) s |= 1;
      if (x < cols && ne !== se) s |= 2;
      if (y < rows && sw !== se) s |= 4;
      if (x > 0 && nw !== sw) s |= 8;
      sides[y * vw + x] = s;
    }
  const degree = (v: number): number => {
    const s = sides[v]!;
    return (s & 1) + ((s >> 1) & 1) + ((s >> 2) & 1) + ((s >> 3) & 1);
  };
  const onFrame = (v: number): boolean => {
    const x = v % vw;
    const y = (v - x) / vw;
    return x === 0 || y === 0 || x === cols || y === rows;
  };
  /** A corner that is smoothed: two boundary sides, off the frame. */
  const free = (v: number): boolean => degree(v) === 2 && !onFrame(v);
  /** The corners across a corner's boundary sides. */
  const across = (v: number, out: number[]): number[] => {
    out.length = 0;
    const s = sides[v]!;
    if (s & 1) out.push(v - vw);
    if (s & 2) out.push(v + 1);
    if (s & 4) out.push(v + vw);
    if (s & 8) out.push(v - 1);
    return out;
  };

  // Smoothing, in cells.
  let pos = new Float64Array(2 * vw * vh);
  for (let v = 0; v < vw * vh; v++) {
    pos[2 * v] = v % vw;
    pos[2 * v + 1] = Math.floor(v / vw);
  }
  const movable: number[] = [];
  const nbA: number[] = [];
  const nbB: number[] = [];
  const tmp: number[] = [];
  for (let v = 0; v < vw * vh; v++) {
    if (!free(v)) continue;
    across(v, tmp);
    movable.push(v);
    nbA.push(tmp[0]!);
    nbB.push(tmp[1]!);
  }
  for (let pass = 0; pass < SMOOTHING_PASSES; pass++) {
    const next = pos.slice();
    for (let k = 0; k < movable.length; k++) {
      const v = movable[k]!;
      const a = nbA[k]!;
      const b = nbB[k]!;
      next[2 * v] = (2 * pos[2 * v]! + pos[2 * a]! + pos[2 * b]!) / 4;
      next[2 * v + 1] = (2 * pos[2 * v + 1]! + pos[2 * a + 1]! + pos[2 * b + 1]!) / 4;
    }
    pos = next;
  }

  // Which corners to keep: fixed ones, and those each border's simplification keeps.
  const keep = new Uint8Array(vw * vh);
  const seen = new Uint8Array(vw * vh);
  const chain: number[] = [];
  const walk = (start: number, first: number): void => {
    chain.length = 0;
    chain.push(start);
    let prev = start;
    let v = first;
    while (free(v) && !seen[v]) {
      seen[v] = 1;
      chain.push(v);
      across(v, tmp);
      const next = tmp[0] === prev ? tmp[1]! : tmp[0]!;
      prev = v;
      v = next;
    }
    chain.push(v);
    simplify(chain, pos, keep);
  };
  const starts: number[] = [];
  for (let v = 0; v < vw * vh; v++) {
    if (sides[v] === 0 || free(v)) continue;
    keep[v] = 1;
    for (const w of across(v, starts).slice()) if (free(w) && !seen[w]) walk(v, w);
  }
  // Closed borders with no fixed corner (a region inside one other): start anywhere.
  for (let v = 0; v < vw * vh; v++) {
    if (!free(v) || seen[v]) continue;
    keep[v] = 1;
    seen[v] = 1;
    across(v, tmp);
    walk(v, tmp[0]!);
  }

  const corners = new Float64Array(pos.length);
  for (let k = 0; k < pos.length; k++) corners[k] = pos[k]! * cell;
  const loops: Float64Array[][] = Array.from({ length: n }, () => []);
  traceLoops(grid, n, (i, loop) => {
    const kept = loop.filter((v) => keep[v] === 1);
    const ring = kept.length >= 3 ? kept : loop;
    const flat = new Float64Array(2 * ring.length);
    ring.forEach((v, k) => {
      flat[2 * k] = corners[2 * v]!;
      flat[2 * k + 1] = corners[2 * v + 1]!;
    });
    loops[i]!.push(flat);
  });
  return { loops, corners };
}

/** Douglas–Peucker over `chain` (corner ids, positions in `pos`): marks the corners to keep. */
function simplify(chain: readonly number[], pos: Float64Array, keep: Uint8Array): void {
  keep[chain[0]!] = 1;
  keep[chain[chain.length - 1]!] = 1;
  const stack: [number, number][] = [[0, chain.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    if (b - a < 2) continue;
    const ax = pos[2 * chain[a]!]!;
    const ay = pos[2 * chain[a]! + 1]!;
    const bx = pos[2 * chain[b]!]!;
    const by = pos[2 * chain[b]! + 1]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy);
    let worst = -1;
    let at = -1;
    for (let k = a + 1; k < b; k++) {
      const px = pos[2 * chain[k]!]! - ax;
      const py = pos[2 * chain[k]! + 1]! - ay;
      const d = len < 1e-9 ? Math.hypot(px, py) : Math.abs(px * dy - py * dx) / len;
      if (d > worst) {
        worst = d;
        at = k;
      }
    }
    // A closed chain (start = end) always splits, so its two halves are kept apart.
    if (worst > TOLERANCE || len < 1e-9) {
      keep[chain[at]!] = 1;
      stack.push([a, at], [at, b]);
    }
  }
}

/**
 * Every province's boundary loops as corner ids, clockwise on screen around
 * the region (holes the other way), each side once: a cell's side is on the
 * loop when the cell across it is not the province's.
 */
export function traceLoops(grid: RegionGrid, n: number, emit: (province: number, loop: number[]) => void): void {
  const { cols, rows, owner } = grid;
  const vw = cols + 1;
  const cellsOf: number[][] = Array.from({ length: n }, () => []);
  for (let c = 0; c < owner.length; c++) if (owner[c]! >= 0) cellsOf[owner[c]!]!.push(c);
  for (let i = 0; i < n; i++) {
    const next = new Map<number, number[]>();
    const add = (from: number, to: number): void => {
      const list = next.get(from);
      if (list) list.push(to);
      else next.set(from, [to]);
    };
    for (const c of cellsOf[i]!) {
      const x = c % cols;
      const y = (c - x) / cols;
      const tl = y * vw + x;
      const tr = tl + 1;
      const bl = tl + vw;
      const br = bl + 1;
      if (y === 0 || owner[c - cols] !== i) add(tl, tr);
      if (x === cols - 1 || owner[c + 1] !== i) add(tr, br);
      if (y === rows - 1 || owner[c + cols] !== i) add(br, bl);
      if (x === 0 || owner[c - 1] !== i) add(bl, tl);
    }
    const starts = [...next.keys()].sort((a, b) => a - b);
    for (const s of starts) {
      while ((next.get(s)?.length ?? 0) > 0) {
        const loop: number[] = [];
        let v = s;
        do {
          loop.push(v);
          const list = next.get(v)!;
          const to = list.shift()!;
          v = to;
        } while (v !== s && (next.get(v)?.length ?? 0) > 0);
        emit(i, loop);
      }
    }
  }
}
