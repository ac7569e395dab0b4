/**
 * 2-D affine transforms as SVG writes them: `[a, b, c, d, e, f]` maps (x, y)
 * to (a·x + c·y + e, b·x + d·y + f). Read from a `transform` attribute
 * (matrix, translate, scale, rotate, skewX, skewY, in any number, applied
 * right to left as SVG says).
 */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** The transform that applies `inner` first, then `outer`. */
export function multiply(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [A, B, C, D, E, F] = inner;
  return [a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f];
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

const FUNCTION = /\s*,?\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/y;
export const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;

export function numbers(text: string): number[] {
  return (text.match(NUMBER) ?? []).map(Number);
}

/** The matrix of a `transform` attribute; undefined when it cannot be read (the reader reports it). */
export function parseTransform(text: string): Matrix | undefined {
  let m: Matrix = IDENTITY;
  let at = 0;
  const body = text.trim();
  while (at < body.length) {
    FUNCTION.lastIndex = at;
    const f = FUNCTION.exec(body);
    if (!f) return undefined;
    at = FUNCTION.lastIndex;
    const v = numbers(f[2]!);
    let t: Matrix;
    switch (f[1]) {
      case 'matrix':
        if (v.length !== 6) return undefined;
        t = v as unknown as Matrix;
        break;
      case 'translate':
        if (v.length < 1 || v.length > 2) return undefined;
        t = [1, 0, 0, 1, v[0]!, v[1] ?? 0];
        break;
      case 'scale':
        if (v.length < 1 || v.length > 2) return undefined;
        t = [v[0]!, 0, 0, v[1] ?? v[0]!, 0, 0];
        break;
      case 'rotate': {
        if (v.length !== 1 && v.length !== 3) return undefined;
        const r = (v[0]! * Math.PI) / 180;
        const cos = Math.cos(r);
        const sin = Math.sin(r);
        const [cx, cy] = [v[1] ?? 0, v[2] ?? 0];
        t = multiply(multiply([1, 0, 0, 1, cx, cy], [cos, sin, -sin, cos, 0, 0]), [1, 0, 0, 1, -cx, -cy]);
        break;
      }
      case 'skewX':
        if (v.length !== 1) return undefined;
        t = [1, 0, Math.tan((v[0]! * Math.PI) / 180), 1, 0, 0];
        break;
      default:
        if (v.length !== 1) return undefined;
        t = [1, Math.tan((v[0]! * Math.PI) / 180), 0, 1, 0, 0];
    }
    m = multiply(m, t);
  }
  return m;
}
