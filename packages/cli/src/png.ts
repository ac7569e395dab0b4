/**
 * A board SVG turned into a PNG picture (`dipforge render --png`), with resvg
 * and Noto Sans CJK fonts shipped as npm packages. Only `render --png` and the
 * bench load this module: the renderer is a native module and the fonts are
 * large, and no other command needs them.
 *
 * The fonts are loaded from the packages alone, never from the system, so a
 * picture is the same on every machine and Chinese and Japanese names never
 * fall back to a missing glyph's box. Noto Sans CJK also covers Latin
 * (Finnish's ä and ö included), so the labels of every language are drawn
 * with it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { initWasm, Resvg, type ResvgRenderOptions } from '@resvg/resvg-wasm';

/** The family names inside the font files (the OpenType name table). */
const SIMPLIFIED_CHINESE = 'Noto Sans S Chinese';
const JAPANESE = 'Noto Sans Japanese';

const require = createRequire(import.meta.url);

/** A font file of an installed package (the packages export no paths: found beside their entry point). */
function packageFont(pkg: string, file: string): string {
  return join(dirname(require.resolve(pkg)), '..', 'fonts', file);
}

/** The bundled fonts: regular and bold Simplified Chinese, regular and bold Japanese. */
export function bundledFonts(): string[] {
  return [
    packageFont('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
    packageFont('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'),
    packageFont('@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf'),
    packageFont('@embedpdf/fonts-jp', 'NotoSansJP-Bold.otf'),
  ];
}

export interface PngOptions {
  /**
   * The labels' language (`zh`, `ja`, `fi`): Japanese text is drawn with the
   * Japanese font's glyph shapes, everything else with the Chinese font's
   * (which has the kana too, for a Japanese name on a Chinese board).
   */
  lang?: string;
  /** Pixels per SVG unit (default 1). */
  scale?: number;
}

/** Turns a board SVG into a PNG file's bytes. */
export type SvgToPng = (svg: string, options?: PngOptions) => Uint8Array;

let ready: Promise<SvgToPng> | undefined;

/**
 * The SVG-to-PNG function, once the renderer is compiled and the fonts read
 * (once a process). The renderer is resvg built to WebAssembly, given the
 * fonts' bytes: resvg's native build re-reads a font file from disk for every
 * piece of text, which made a board take seconds.
 */
export function loadSvgToPng(): Promise<SvgToPng> {
  ready ??= (async () => {
    await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    const fontBuffers = bundledFonts().map((f) => readFileSync(f));
    return (svg, options = {}) => {
      const resvg = new Resvg(svg, pngRenderOptions(fontBuffers, options));
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

/** The resvg settings for a picture: the bundled fonts only, the language's font first. */
function pngRenderOptions(fontBuffers: Uint8Array[], options: PngOptions): ResvgRenderOptions {
  const first = options.lang?.toLowerCase().startsWith('ja') ? JAPANESE : SIMPLIFIED_CHINESE;
  return {
    font: {
      fontBuffers,
      defaultFontFamily: first,
      sansSerifFamily: first,
      serifFamily: first,
      monospaceFamily: first,
    },
    fitTo: { mode: 'zoom', value: options.scale ?? 1 },
    background: '#ffffff',
  };
}
