/**
 * `dipforge bench`'s board figures: the region map of the variant built from
 * nothing (what the first picture of a variant costs), then the board SVG of
 * its starting position drawn again and again with the region map cached (what
 * every later picture costs: the editor's board, `dipforge render`), and that
 * SVG turned into a PNG (`dipforge render --png`: fonts loaded, text shaped,
 * pixels drawn and compressed).
 */
import { performance } from 'node:perf_hooks';
import { buildRegionMap, initialPosition, layoutBoard, renderBoard, type Board, type VariantConfig } from '@dipforge/engine';
import { median, stats, type Stats } from '../bench-stats.js';

export interface RenderFigures {
  /** Milliseconds to grow and outline the variant's regions (`buildRegionMap`), the median of a few runs. */
  regionsMs: number;
  /** Provinces drawn, and adjacent pairs drawn as links (regions that do not touch). */
  provinces: number;
  links: number;
  /** `renderBoard` of the starting position, the region map cached: µs per picture. */
  svg: Stats | null;
  /** The picture's size in bytes. */
  bytes: number;
  /** The SVG turned into a PNG (`svgToPng`, the renderer and fonts loaded once, as in any process that makes pictures): milliseconds, the median of a few runs. */
  png: { medianMs: number; minMs: number; bytes: number };
}

const REGION_RUNS = 3;
const SVG_WARMUP = 5;
const SVG_RUNS = 30;
const PNG_WARMUP = 1;
const PNG_RUNS = 7;

export async function renderFigures(config: VariantConfig, board: Board): Promise<RenderFigures> {
  const layout = layoutBoard(config);
  const builds: number[] = [];
  let links = 0;
  for (let i = 0; i < REGION_RUNS; i++) {
    const t = performance.now();
    links = buildRegionMap(config, board, layout).links.length;
    builds.push(performance.now() - t);
  }
  const position = initialPosition(config);
  let svg = '';
  for (let i = 0; i < SVG_WARMUP; i++) svg = renderBoard(config, board, position);
  const samples: number[] = [];
  for (let i = 0; i < SVG_RUNS; i++) {
    const t = performance.now();
    svg = renderBoard(config, board, position);
    samples.push((performance.now() - t) * 1000);
  }
  // Loaded here, as `render --png` loads it: only when a PNG is made.
  const svgToPng = await (await import('../png.js')).loadSvgToPng();
  let png = svgToPng(svg);
  for (let i = 1; i < PNG_WARMUP; i++) png = svgToPng(svg);
  const pngs: number[] = [];
  for (let i = 0; i < PNG_RUNS; i++) {
    const t = performance.now();
    png = svgToPng(svg);
    pngs.push(performance.now() - t);
  }
  return {
    regionsMs: Math.round(median(builds) * 10) / 10,
    provinces: config.provinces.length,
    links,
    svg: stats(samples),
    bytes: Buffer.byteLength(svg),
    png: { medianMs: Math.round(median(pngs) * 10) / 10, minMs: Math.round(Math.min(...pngs) * 10) / 10, bytes: png.length },
  };
}
