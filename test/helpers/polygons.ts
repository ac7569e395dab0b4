/**
 * Reading the regions of a drawn board back, with no code of the renderer: the
 * polygons of a path of M/L/Z commands, and an even-odd point-in-polygon test.
 */

/** The polygons of an SVG path of M/L/Z commands with absolute numbers. */
export function polygons(d: string): [number, number][][] {
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
export function inside(rings: [number, number][][], x: number, y: number): boolean {
  let odd = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  return odd;
}
