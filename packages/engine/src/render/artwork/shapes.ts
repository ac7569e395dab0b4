/**
 * An SVG's shapes with an `id`, flattened to polygons in the picture's own
 * coordinates: `path`, `polygon`, `polyline`, `rect` (rounded corners are
 * drawn square: they do not change which shapes touch), `circle`, `ellipse`,
 * and a `g` with an id (all the shapes inside it, as one, when its id names a
 * province; else a container); `transform` on the
 * element and on every group above it; the root's `viewBox` (else its width
 * and height, else the shapes' extent) as the picture's frame.
 *
 * Elements without an id are decoration, and so is an id that starts with
 * `_` and everything inside it. What cannot hold a province shape is passed
 * over whole: `defs`, `clipPath`, `mask`, `pattern`, `symbol`, `marker`,
 * `text`, `image`, `use`, `style`, `script`, `foreignObject`, metadata.
 */
import { apply, IDENTITY, multiply, numbers, parseTransform, type Matrix } from './matrix.js';
import { flattenPath, type Ring } from './path-data.js';
import { scanSvg, type SvgElement } from './svg-scan.js';

export interface ArtShape {
  /** The id as written. */
  id: string;
  /** Where its element starts in the SVG text. */
  offset: number;
  /** A `g`: a container, or a province drawn in several pieces. */
  group: boolean;
  /** The index of the nearest id'd element it lies in, or -1. */
  parent: number;
  /** Closed rings in the frame's coordinates (the frame's corner at 0, 0); a group's are all those inside it. */
  rings: Ring[];
}

/** A part of the file that could not be read as geometry (the shape is kept without it). */
export interface ArtProblem {
  id: string | undefined;
  offset: number;
  message: string;
}

export interface Artwork {
  /** The frame: the viewBox's width and height. */
  width: number;
  height: number;
  shapes: ArtShape[];
  problems: ArtProblem[];
}

export type ArtworkResult = { ok: true; artwork: Artwork } | { ok: false; offset: number; message: string };

const SKIPPED = new Set(['defs', 'clippath', 'mask', 'pattern', 'symbol', 'marker', 'text', 'image', 'use', 'style', 'script', 'foreignobject', 'metadata', 'title', 'desc', 'lineargradient', 'radialgradient', 'filter']);
const LEAVES = new Set(['path', 'polygon', 'polyline', 'rect', 'circle', 'ellipse', 'line']);
const CIRCLE_STEPS = 48;

/** Reads an SVG text into its id'd shapes. */
export function readArtwork(text: string): ArtworkResult {
  const scanned = scanSvg(text);
  if (!scanned.ok) return scanned;
  const root = scanned.root;
  if (root.name !== 'svg') return { ok: false, offset: root.offset, message: `the root element is <${root.name}>, not <svg>` };
  const problems: ArtProblem[] = [];
  const frame = viewBox(root);
  const shapes: ArtShape[] = [];
  // Depth first, in document order, with a list of frames: (element, matrix, the id'd elements it lies in).
  const stack: { el: SvgElement; m: Matrix; chain: readonly number[] }[] = [];
  const rootMatrix: Matrix = frame ? [1, 0, 0, 1, -frame.x, -frame.y] : IDENTITY;
  for (let k = root.children.length - 1; k >= 0; k--) stack.push({ el: root.children[k]!, m: rootMatrix, chain: [] });
  while (stack.length > 0) {
    const { el, m: outer, chain: above } = stack.pop()!;
    if (SKIPPED.has(el.name)) continue;
    const id = el.attrs['id']?.trim();
    if (id?.startsWith('_')) continue;
    let m = outer;
    const t = el.attrs['transform'];
    const named = above.length > 0 ? shapes[above[above.length - 1]!]!.id : undefined;
    if (t !== undefined) {
      const parsed = parseTransform(t);
      if (parsed) m = multiply(outer, parsed);
      else problems.push({ id: id || named, offset: el.offset, message: `cannot read transform="${t.slice(0, 40)}"` });
    }
    if (el.name === 'svg') {
      // A nested picture: placed at its x, y (its own viewBox scaling is not followed).
      m = multiply(m, [1, 0, 0, 1, Number(el.attrs['x'] ?? 0) || 0, Number(el.attrs['y'] ?? 0) || 0]);
    }
    let chain = above;
    if (id && (LEAVES.has(el.name) || el.name === 'g')) {
      chain = [...above, shapes.length];
      shapes.push({ id, offset: el.offset, group: el.name === 'g', parent: above.length > 0 ? above[above.length - 1]! : -1, rings: [] });
    }
    if (LEAVES.has(el.name)) {
      const read = geometry(el);
      if (typeof read === 'string') problems.push({ id: id || named, offset: el.offset, message: read });
      else
        for (const ring of read) {
          const placed = transformRing(ring, m);
          for (const k of chain) shapes[k]!.rings.push(placed);
        }
      continue;
    }
    for (let k = el.children.length - 1; k >= 0; k--) stack.push({ el: el.children[k]!, m, chain });
  }
  let width = frame?.width;
  let height = frame?.height;
  if (width === undefined || height === undefined) {
    let maxX = 0;
    let maxY = 0;
    for (const s of shapes)
      for (const r of s.rings)
        for (let k = 0; k < r.length; k += 2) {
          maxX = Math.max(maxX, r[k]!);
          maxY = Math.max(maxY, r[k + 1]!);
        }
    width = maxX;
    height = maxY;
  }
  return { ok: true, artwork: { width, height, shapes, problems } };
}

function viewBox(root: SvgElement): { x: number; y: number; width: number; height: number } | undefined {
  const vb = root.attrs['viewBox'] ?? root.attrs['viewbox'];
  if (vb !== undefined) {
    const v = numbers(vb);
    if (v.length === 4 && v[2]! > 0 && v[3]! > 0) return { x: v[0]!, y: v[1]!, width: v[2]!, height: v[3]! };
  }
  const w = length(root.attrs['width']);
  const h = length(root.attrs['height']);
  if (w !== undefined && h !== undefined && w > 0 && h > 0) return { x: 0, y: 0, width: w, height: h };
  return undefined;
}

/** A length in user units (`120`, `120px`); percentages and other units are not lengths here. */
function length(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const m = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(px)?\s*$/.exec(text);
  return m ? Number(m[1]) : undefined;
}

function transformRing(ring: Ring, m: Matrix): Ring {
  const out: Ring = new Array<number>(ring.length);
  for (let k = 0; k < ring.length; k += 2) {
    const [x, y] = apply(m, ring[k]!, ring[k + 1]!);
    out[k] = x;
    out[k + 1] = y;
  }
  return out;
}

/** A leaf element's rings, or why they cannot be read. */
function geometry(el: SvgElement): Ring[] | string {
  const a = el.attrs;
  const num = (name: string): number => length(a[name]) ?? 0;
  switch (el.name) {
    case 'path': {
      const read = flattenPath(a['d'] ?? '');
      return read.ok ? read.rings : `cannot read the path data at character ${read.at + 1}: ${read.message}`;
    }
    case 'polygon':
    case 'polyline': {
      const v = numbers(a['points'] ?? '');
      if (v.length % 2 !== 0) return 'the points attribute has an odd count of numbers';
      return v.length >= 6 ? [v] : [];
    }
    case 'rect': {
      const x = num('x');
      const y = num('y');
      const w = num('width');
      const h = num('height');
      return w > 0 && h > 0 ? [[x, y, x + w, y, x + w, y + h, x, y + h]] : [];
    }
    case 'circle':
    case 'ellipse': {
      const cx = num('cx');
      const cy = num('cy');
      const rx = el.name === 'circle' ? num('r') : num('rx');
      const ry = el.name === 'circle' ? num('r') : num('ry');
      if (rx <= 0 || ry <= 0) return [];
      const ring: Ring = [];
      for (let s = 0; s < CIRCLE_STEPS; s++) {
        const t = (2 * Math.PI * s) / CIRCLE_STEPS;
        ring.push(cx + rx * Math.cos(t), cy + ry * Math.sin(t));
      }
      return [ring];
    }
    default:
      // A line encloses nothing.
      return [];
  }
}
