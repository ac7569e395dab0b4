/**
 * A board SVG turned into a PNG picture (`dipforge render --png`), with resvg
 * built to WebAssembly and fonts shipped as npm packages. Only `render --png`
 * and the bench load this module: the renderer and the fonts are large, and no
 * other command needs them.
 *
 * The fonts come from the packages alone, never from the system, so a picture
 * is the same on every machine and Chinese and Japanese names never fall back
 * to a missing glyph's box. What a picture costs is mostly its fonts: resvg
 * copies every font it is given into its memory and reads it for each picture.
 * So each picture gets only what its text needs: Noto Sans's Latin and
 * Latin Extended subsets (WOFF files of about 20 and 80 kB, regular and bold)
 * for every board, and one Noto Sans CJK face (about 8 MB) only when the text
 * has a character beyond them: the Japanese face for a Japanese board, the
 * Simplified Chinese one (which has the kana too) otherwise. The CJK face
 * comes in one weight: bold text is drawn in the regular weight.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { initWasm, Resvg, type ResvgRenderOptions } from '@resvg/resvg-wasm';
import { woffToSfnt } from './woff.js';

/** The family names inside the font files (the OpenType name table). */
const LATIN = 'Noto Sans';
const SIMPLIFIED_CHINESE = 'Noto Sans S Chinese';
const JAPANESE = 'Noto Sans Japanese';

const require = createRequire(import.meta.url);

/** A font file of @embedpdf's packages (they export no paths: found beside their entry point). */
function packageFont(pkg: string, file: string): string {
  return join(dirname(require.resolve(pkg)), '..', 'fonts', file);
}

/** The Latin fonts: the two subsets Noto Sans's package ships, regular and bold. */
const LATIN_SUBSETS = ['latin', 'latin-ext'] as const;
const latinFiles = (): string[] =>
  LATIN_SUBSETS.flatMap((subset) => [400, 700].map((weight) => require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`)));

/** Every font file a picture may use: the Latin subsets, then the Chinese and the Japanese faces. */
export function bundledFonts(): string[] {
  return [...latinFiles(), packageFont('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'), packageFont('@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf')];
}

/**
 * Whether a code point is in the Latin subsets, from the ranges the font
 * package lists for them (`unicode.json`: `U+0000-00FF,U+0131,…`).
 */
function latinCoverage(): (code: number) => boolean {
  const table = JSON.parse(readFileSync(require.resolve('@fontsource/noto-sans/unicode.json'), 'utf8')) as Record<string, string>;
  const ranges: [number, number][] = [];
  for (const subset of LATIN_SUBSETS) {
    for (const part of (table[subset] ?? '').split(',')) {
      const m = /^U\+([0-9A-F]+)(?:-([0-9A-F]+))?$/iu.exec(part.trim());
      if (m) ranges.push([parseInt(m[1]!, 16), parseInt(m[2] ?? m[1]!, 16)]);
    }
  }
  return (code) => ranges.some(([lo, hi]) => code >= lo && code <= hi);
}

export interface PngOptions {
  /**
   * The labels' language (`zh`, `ja`, `fi`): Japanese text is drawn with the
   * Japanese face's glyph shapes, other CJK text with the Chinese face's.
   */
  lang?: string;
  /** Pixels per SVG unit (default 1). */
  scale?: number;
}

/** Turns a board SVG into a PNG file's bytes. */
export type SvgToPng = (svg: string, options?: PngOptions) => Uint8Array;

let ready: Promise<SvgToPng> | undefined;

/**
 * The SVG-to-PNG function, once the renderer is compiled and the Latin fonts
 * read (once a process; a CJK face is read the first time a picture needs it
 * and kept). The renderer is resvg built to WebAssembly, given the fonts'
 * bytes: resvg's native build re-reads a font file from disk for every piece
 * of text, which made a board take seconds.
 */
export function loadSvgToPng(): Promise<SvgToPng> {
  ready ??= (async () => {
    await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    const latin = latinFiles().map((f) => woffToSfnt(readFileSync(f)));
    const isLatin = latinCoverage();
    const faces = new Map<string, Uint8Array>();
    const face = (family: string): Uint8Array => {
      let bytes = faces.get(family);
      if (!bytes) {
        bytes = readFileSync(family === JAPANESE ? packageFont('@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf') : packageFont('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'));
        faces.set(family, bytes);
      }
      return bytes;
    };
    return (svg, options = {}) => {
      const cjk = beyondLatin(svg, isLatin) ? (options.lang?.toLowerCase().startsWith('ja') ? JAPANESE : SIMPLIFIED_CHINESE) : undefined;
      const fonts = cjk ? { buffers: [face(cjk), ...latin], family: cjk } : { buffers: latin, family: LATIN };
      const resvg = new Resvg(svg, pngRenderOptions(fonts.buffers, fonts.family, options));
      try {
        const image = resvg.render();
        try {
          return image.asPng();
        } finally {
          image.free();
        }
      } finally {
        resvg.free();
      }
    };
  })();
  return ready;
}

/** Whether the SVG holds a character the Latin subsets lack (in its text, or anywhere: markup is ASCII). */
function beyondLatin(svg: string, isLatin: (code: number) => boolean): boolean {
  for (let i = 0; i < svg.length; i++) {
    const code = svg.charCodeAt(i);
    if (code < 0x80) continue;
    if (!isLatin(svg.codePointAt(i)!)) return true;
  }
  return false;
}

/** The resvg settings for a picture: the given fonts only, `family` for every generic family. */
function pngRenderOptions(fontBuffers: Uint8Array[], family: string, options: PngOptions): ResvgRenderOptions {
  return {
    font: {
      fontBuffers,
      defaultFontFamily: family,
      sansSerifFamily: family,
      serifFamily: family,
      monospaceFamily: family,
    },
    fitTo: { mode: 'zoom', value: options.scale ?? 1 },
    background: '#ffffff',
  };
}
