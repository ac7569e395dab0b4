/**
 * Colours and shapes of the board picture. Every style is written as an SVG
 * presentation attribute (never a `<style>` element or a `style` attribute),
 * so the picture shows the same under a strict Content Security Policy.
 */

/** Colours for powers that give none (`colour` in the map), in power order. */
export const FALLBACK_COLOURS = [
  '#c8352e',
  '#2a3f8f',
  '#4da6e8',
  '#5a5a5a',
  '#2f9e44',
  '#8c5fbf',
  '#e8c21a',
  '#e07b28',
  '#8b5a2b',
  '#d6619e',
  '#1f9e9e',
  '#9aa02a',
] as const;

export const INK = '#222222';
export const MAP_BACKGROUND = '#f3f0e6';
export const LEGEND_BACKGROUND = '#ffffff';
export const FAIL = '#d0021b';

export const TERRAIN_STYLE = {
  land: { fill: '#ece3cb', stroke: '#9a8459', strokeWidth: 1.4 },
  coast: { fill: '#ece3cb', stroke: '#3f7fb5', strokeWidth: 2.4 },
  sea: { fill: '#cfe3f3', stroke: '#7ea9cf', strokeWidth: 1.4 },
  impassable: { fill: '#c4c4c4', stroke: '#8a8a8a', strokeWidth: 1.2 },
} as const;

export const EDGE_STYLE = {
  both: { stroke: '#a8a496', dash: undefined },
  army: { stroke: '#bfa77a', dash: undefined },
  fleet: { stroke: '#86add2', dash: '5 3' },
} as const;

function rgb(colour: string): [number, number, number] | undefined {
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (long) return [parseInt(long[1]!, 16), parseInt(long[2]!, 16), parseInt(long[3]!, 16)];
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short) return [parseInt(short[1]!.repeat(2), 16), parseInt(short[2]!.repeat(2), 16), parseInt(short[3]!.repeat(2), 16)];
  return undefined;
}

function hex(c: readonly number[]): string {
  return `#${c.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`;
}

/** A power's colour: its own when it is a valid `#rrggbb`/`#rgb`, else one of the fallbacks by its index. */
export function powerColour(colour: string | undefined, index: number): string {
  if (colour !== undefined && rgb(colour)) return hex(rgb(colour)!);
  return FALLBACK_COLOURS[index % FALLBACK_COLOURS.length]!;
}

/** `a` moved toward `b` by `t` (0: a, 1: b). */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a) ?? [0, 0, 0];
  const y = rgb(b) ?? [0, 0, 0];
  return hex(x.map((v, i) => v + (y[i]! - v) * t));
}

// ------------------------------------------------------------ glyphs (drawn in a box of about ±11 units)

/** An army: a field gun — barrel with its breech, trail, then the wheel (a circle) with its hub. */
export const ARMY_PATH = 'M-8.6-1.6L8.4-8.9Q10.6-9.4 11-7.4L11.4-5.3Q11.6-3.6 9.9-3L-6.6 3.4Q-10 4.4-10.8 1.4Q-11.2-1 -8.6-1.6Z M-4 5.2L-11.2 9.4V11.4L-3 8.4Z';
export const ARMY_WHEEL = { cx: -0.6, cy: 4.6, r: 5.6, hub: 1.7 } as const;
/** A fleet: a hull with two sails. */
export const FLEET_PATH = 'M-12 1.8H12L8.2 8.8H-8.4Z M0.6-11.2V0H10Z M-1.6-8.4V0H-9.6Z';
/** A five-pointed star of radius 1. */
export const STAR_PATH = (() => {
  const pts: string[] = [];
  for (let k = 0; k < 10; k++) {
    const r = k % 2 === 0 ? 1 : 0.45;
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    pts.push(`${(Math.round(r * Math.cos(a) * 1000) / 1000).toString()} ${(Math.round(r * Math.sin(a) * 1000) / 1000).toString()}`);
  }
  return `M${pts.join('L')}Z`;
})();

/** The region map's colours: land, sea, impassable regions, the gap between provinces that do not touch. */
export const REGION_STYLE = {
  land: { fill: '#eee3c4', stroke: '#8a7650', strokeWidth: 0.9 },
  sea: { fill: '#b9d5ec', stroke: '#7fa6c9', strokeWidth: 0.7 },
  impassable: { fill: '#b8b4aa', stroke: '#7d7a72', strokeWidth: 0.9 },
  gap: '#cfc6ad',
  coastLine: '#1d5e99',
} as const;
