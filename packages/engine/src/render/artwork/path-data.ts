/**
 * SVG path data (`d`) flattened to polygons: every command of SVG 1.1 (M L H V
 * C S Q T A Z, absolute and relative, implicit repeats, numbers written
 * together as `1.5.5` or `1-2`, arc flags without separators). Curves and arcs
 * become a fixed number of straight pieces each, enough for deciding which
 * shapes touch on a raster; the drawing is then made from these polygons.
 */

/** A closed ring of points, flat [x0, y0, x1, y1, …]; each subpath of a `d` is one ring (filled as closed). */
export type Ring = number[];

export type PathResult = { ok: true; rings: Ring[] } | { ok: false; at: number; message: string };

/** Straight pieces per curve or arc. */
const CURVE_STEPS = 12;
const ARGS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

class Cursor {
  at = 0;
  constructor(private readonly d: string) {}
  skip(): void {
    while (this.at < this.d.length && /[\s,]/.test(this.d[this.at]!)) this.at++;
  }
  command(): string | undefined {
    this.skip();
    const ch = this.d[this.at];
    if (ch !== undefined && /[MmLlHhVvCcSsQqTtAaZz]/.test(ch)) {
      this.at++;
      return ch;
    }
    return undefined;
  }
  startsNumber(): boolean {
    this.skip();
    return this.at < this.d.length && /[-+.\d]/.test(this.d[this.at]!);
  }
  number(): number | undefined {
    this.skip();
    const m = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(this.d.slice(this.at, this.at + 64));
    if (!m) return undefined;
    this.at += m[0].length;
    return Number(m[0]);
  }
  flag(): number | undefined {
    this.skip();
    const ch = this.d[this.at];
    if (ch !== '0' && ch !== '1') return undefined;
    this.at++;
    return ch === '1' ? 1 : 0;
  }
}

export function flattenPath(d: string): PathResult {
  const c = new Cursor(d);
  const rings: Ring[] = [];
  let ring: Ring | undefined;
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  // The last control point, for S and T.
  let cx = 0;
  let cy = 0;
  let last = '';
  let cmd = c.command();
  if (cmd === undefined) {
    c.skip();
    return c.at >= d.length ? { ok: true, rings } : { ok: false, at: c.at, message: 'path data must start with a command (M)' };
  }
  if (cmd !== 'M' && cmd !== 'm') return { ok: false, at: 0, message: 'path data must start with M or m' };
  const lineTo = (nx: number, ny: number): void => {
    if (!ring) {
      ring = [x, y];
      rings.push(ring);
    }
    ring.push(nx, ny);
    x = nx;
    y = ny;
  };
  while (cmd !== undefined) {
    const lower: string = cmd.toLowerCase();
    const rel: boolean = cmd !== cmd.toUpperCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    if (lower === 'z') {
      x = sx;
      y = sy;
      ring = undefined;
      last = 'z';
      cx = x;
      cy = y;
    } else {
      const v: number[] = [];
      for (let k = 0; k < ARGS[lower]!; k++) {
        const isFlag = lower === 'a' && (k === 3 || k === 4);
        const n = isFlag ? c.flag() : c.number();
        if (n === undefined) return { ok: false, at: c.at, message: `the command ${cmd} lacks a number` };
        v.push(n);
      }
      switch (lower) {
        case 'm':
          x = v[0]! + ox;
          y = v[1]! + oy;
          sx = x;
          sy = y;
          ring = [x, y];
          rings.push(ring);
          break;
        case 'l':
          lineTo(v[0]! + ox, v[1]! + oy);
          break;
        case 'h':
          lineTo(v[0]! + ox, y);
          break;
        case 'v':
          lineTo(x, v[0]! + oy);
          break;
        case 'c':
        case 's':
        case 'q':
        case 't': {
          const cubic = lower === 'c' || lower === 's';
          // The first control point: written (C, Q), or the last one reflected when the command before was of the same kind (S, T).
          const written = lower === 'c' || lower === 'q';
          const follows = cubic ? last === 'c' || last === 's' : last === 'q' || last === 't';
          const x1 = written ? v[0]! + ox : follows ? 2 * x - cx : x;
          const y1 = written ? v[1]! + oy : follows ? 2 * y - cy : y;
          const k = written ? 2 : 0;
          // A quadratic curve is the cubic whose control points are two thirds of the way to its one.
          const ex = v[cubic ? k + 2 : k]! + ox;
          const ey = v[cubic ? k + 3 : k + 1]! + oy;
          const x2 = cubic ? v[k]! + ox : ex + (2 / 3) * (x1 - ex);
          const y2 = cubic ? v[k + 1]! + oy : ey + (2 / 3) * (y1 - ey);
          const c1x = cubic ? x1 : x + (2 / 3) * (x1 - x);
          const c1y = cubic ? y1 : y + (2 / 3) * (y1 - y);
          const [x0, y0] = [x, y];
          for (let s = 1; s <= CURVE_STEPS; s++) {
            const t = s / CURVE_STEPS;
            const u = 1 - t;
            lineTo(u * u * u * x0 + 3 * u * u * t * c1x + 3 * u * t * t * x2 + t * t * t * ex, u * u * u * y0 + 3 * u * u * t * c1y + 3 * u * t * t * y2 + t * t * t * ey);
          }
          // What S and T reflect: the second control point of a cubic, the one control point of a quadratic.
          cx = cubic ? x2 : x1;
          cy = cubic ? y2 : y1;
          break;
        }
        case 'a':
          arc(x, y, v[0]!, v[1]!, v[2]!, v[3]!, v[4]!, v[5]! + ox, v[6]! + oy, lineTo);
          break;
      }
      if (lower !== 'c' && lower !== 's' && lower !== 'q' && lower !== 't') {
        cx = x;
        cy = y;
      }
      last = lower;
    }
    // Numbers after a command repeat it (after M, as L).
    if (lower !== 'z' && c.startsNumber()) {
      if (lower === 'm') cmd = rel ? 'l' : 'L';
      continue;
    }
    const at = c.at;
    cmd = c.command();
    if (cmd === undefined) {
      c.skip();
      if (c.at < d.length) return { ok: false, at, message: `unexpected ${JSON.stringify(d.slice(c.at, c.at + 1))} in path data` };
    }
  }
  return { ok: true, rings: rings.filter((r) => r.length >= 6) };
}

/** An elliptical arc (SVG's endpoint form) as straight pieces, by the centre form of SVG 1.1 appendix F.6. */
function arc(x1: number, y1: number, rxIn: number, ryIn: number, angle: number, large: number, sweep: number, x2: number, y2: number, lineTo: (x: number, y: number) => void): void {
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0 || (x1 === x2 && y1 === y2)) {
    lineTo(x2, y2);
    return;
  }
  const phi = (angle * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const xp = cos * dx + sin * dy;
  const yp = -sin * dx + cos * dy;
  const lambda = (xp * xp) / (rx * rx) + (yp * yp) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp;
  const den = rx * rx * yp * yp + ry * ry * xp * xp;
  let coef = Math.sqrt(Math.max(0, num / den));
  if (large === sweep) coef = -coef;
  const cxp = (coef * rx * yp) / ry;
  const cyp = (-coef * ry * xp) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angleOf = (ux: number, uy: number, vx: number, vy: number): number => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const t1 = angleOf(1, 0, (xp - cxp) / rx, (yp - cyp) / ry);
  let dt = angleOf((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry);
  if (!sweep && dt > 0) dt -= 2 * Math.PI;
  else if (sweep && dt < 0) dt += 2 * Math.PI;
  for (let s = 1; s <= CURVE_STEPS; s++) {
    const t = t1 + (dt * s) / CURVE_STEPS;
    if (s === CURVE_STEPS) lineTo(x2, y2);
    else lineTo(cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos);
  }
}
