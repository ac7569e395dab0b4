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
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';

/** The family names inside the font files (the OpenType name table). */
const SIMPLIFIED_CHINESE = 'Noto Sans S Chinese';
const JAPANESE = 'Noto Sans Japanese';

/** A font file of an installed package (the packages export no paths: found beside their entry point). */
function packageFont(pkg: string, file: string): string {
  const entry = createRequire(import.meta.url).resolve(pkg);
  return join(dirname(entry), '..', 'fonts', file);
}

let fontFiles: string[] | undefined;

/** The bundled fonts: regular and bold Simplified Chinese, regular and bold Japanese. */
export function bundledFonts(): string[] {
  fontFiles ??= [
    packageFont('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
    packageFont('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'),
    packageFont('@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf'),
    packageFont('@embedpdf/fonts-jp', 'NotoSansJP-Bold.otf'),
  ];
  return fontFiles;
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

/** The resvg settings for a picture: the bundled fonts only, the language's font first. */
export function pngRenderOptions(options: PngOptions = {}): ResvgRenderOptions {
  const first = options.lang?.toLowerCase().startsWith('ja') ? JAPANESE : SIMPLIFIED_CHINESE;
  return {
    font: {
      loadSystemFonts: false,
      fontFiles: bundledFonts(),
      defaultFontFamily: first,
      sansSerifFamily: first,
      serifFamily: first,
      monospaceFamily: first,
    },
    fitTo: { mode: 'zoom', value: options.scale ?? 1 },
    background: '#ffffff',
    logLevel: 'off',
  };
}

/** The PNG file of an SVG picture. */
export function svgToPng(svg: string, options: PngOptions = {}): Buffer {
  return new Resvg(svg, pngRenderOptions(options)).render().asPng();
}
