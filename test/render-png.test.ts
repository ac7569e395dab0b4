/**
 * `dipforge render --png`, `--lang` and `--phase FROM..TO` as users run them:
 * the PNG is a PNG of the SVG's size (checked with a decoder written from the
 * specification, test/helpers/png.ts); labels come from the map's own names
 * (read from the map file's text here, not through the compiler); Chinese and
 * Japanese characters are drawn as their glyphs with the bundled fonts (two
 * different characters draw different pixels, and neither looks like the box
 * a missing glyph draws); a range writes one picture per phase and never
 * overwrites an input.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The built module, the one the command itself loads: the WebAssembly renderer is set up once per process.
import { loadSvgToPng, type SvgToPng } from '../packages/cli/dist/png.js';
import { byClass, parseXml } from '../packages/engine/test/helpers/svg.js';
import { decodePng, inkPattern, PNG_SIGNATURE, pngSize } from './helpers/png.js';
import { dipforgeIn } from './cli-in-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'packages', 'cli', 'bin', 'dipforge.js');
const GAME = join(ROOT, 'variants/classic/examples/1901.dipgame');
const CLASSIC = join(ROOT, 'variants/classic/classic.dipmap');

/** Runs the command in this process (its `main`, as the binary calls it), from the repository root. */
async function dipforge(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const r = await dipforgeIn(ROOT, ...args);
  return { status: r.code, stdout: r.out, stderr: r.err };
}

/** Runs the real binary as a child process, for what only a process shows: its exit status and streams. */
function dipforgeProcess(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  expect(r.stderr ?? '', 'stack frame on stderr').not.toContain('    at ');
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** `name LANG "…"` of each province (not of its coasts), read from the map file's text. */
function mapNames(lang: string): Map<string, string> {
  const names = new Map<string, string>();
  // A province runs from its line to the next line that starts a new item.
  const blocks = readFileSync(CLASSIC, 'utf8').split(/^(?=\S)/mu).filter((b) => b.startsWith('province '));
  for (const block of blocks) {
    const id = /^province (\S+)/u.exec(block)![1]!;
    const own = block.replace(/^\s*coast .*$/gmu, '');
    const found = new RegExp(`\\bname ${lang} "([^"]+)"`, 'u').exec(own);
    if (found) names.set(id, found[1]!);
  }
  return names;
}

function labels(svg: string): Map<string, string> {
  return new Map(byClass(parseXml(svg), 'label').map((t) => [t.attrs['data-province']!, t.text]));
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dipforge-png-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('render --lang', () => {
  for (const lang of ['zh', 'ja', 'fi']) {
    it(`labels every province with its ${lang} name from the map`, async () => {
      const r = await dipforge('render', CLASSIC, '--lang', lang);
      expect(r.status).toBe(0);
      const expected = mapNames(lang);
      expect(expected.size).toBe(75);
      expect(Object.fromEntries(labels(r.stdout))).toEqual(Object.fromEntries(expected));
    });
  }

  it('labels provinces with their ids without --lang', async () => {
    const r = await dipforge('render', CLASSIC);
    for (const [id, text] of labels(r.stdout)) expect(text).toBe(id);
  });

  it('refuses a language it has no names for', async () => {
    const r = await dipforge('render', CLASSIC, '--lang', 'xx');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--lang takes one of');
  });
});

describe('render --png', () => {
  it('writes a PNG of the SVG picture’s size, which decodes', async () => {
    const out = join(dir, 'board.png');
    expect((await dipforge('render', GAME, '--png', '-o', out)).status).toBe(0);
    const bytes = readFileSync(out);
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const svg = parseXml((await dipforge('render', GAME)).stdout);
    const size = pngSize(bytes);
    expect(size).toEqual({ width: Math.ceil(Number(svg.attrs['width'])), height: Math.ceil(Number(svg.attrs['height'])) });
    const image = decodePng(bytes);
    expect(image.rgba.length).toBe(size.width * size.height * 4);
    // A board, not a blank page: many colours.
    const colours = new Set<number>();
    for (let i = 0; i < image.rgba.length; i += 4 * 97) colours.add((image.rgba[i]! << 16) | (image.rgba[i + 1]! << 8) | image.rgba[i + 2]!);
    expect(colours.size).toBeGreaterThan(20);
  });

  it('draws a Chinese-labelled board that differs from the English one', async () => {
    const en = join(dir, 'en.png');
    const zh = join(dir, 'zh.png');
    expect((await dipforge('render', CLASSIC, '--png', '-o', en)).status).toBe(0);
    expect((await dipforge('render', CLASSIC, '--png', '--lang', 'zh', '-o', zh)).status).toBe(0);
    const a = decodePng(readFileSync(en));
    const b = decodePng(readFileSync(zh));
    expect([b.width, b.height]).toEqual([a.width, a.height]);
    let differing = 0;
    for (let i = 0; i < a.rgba.length; i += 4) if (a.rgba[i] !== b.rgba[i] || a.rgba[i + 1] !== b.rgba[i + 1]) differing++;
    expect(differing).toBeGreaterThan(1000);
  });

  it('asks for -o FILE, never writing a picture to the terminal', async () => {
    // The binary itself: nothing on standard output, exit status 2.
    const r = dipforgeProcess('render', GAME, '--png');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('give -o FILE');
    expect(r.stdout).toBe('');
  });

  it('never overwrites the game it draws', async () => {
    const game = join(dir, 'copy.dipgame');
    copyFileSync(GAME, game);
    const before = readFileSync(game, 'utf8');
    const r = await dipforge('render', game, '--png', '-o', game);
    expect(r.status).toBe(2);
    expect(readFileSync(game, 'utf8')).toBe(before);
  });
});

describe('the bundled fonts draw Chinese and Japanese', () => {
  let toPng: SvgToPng;
  beforeAll(async () => {
    toPng = await loadSvgToPng();
  });

  /** One character, large, black on white, in the board's own font list. */
  const glyph = (ch: string, lang?: string): string => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><text x="32" y="52" font-size="48" text-anchor="middle" font-family="DejaVu Sans, Verdana, sans-serif" fill="#000">${ch}</text></svg>`;
    return inkPattern(decodePng(toPng(svg, lang ? { lang } : {})));
  };
  const ink = (pattern: string): number => [...pattern].filter((c) => c === '1').length;
  // A private-use character no font has: what a missing glyph looks like (a box, or nothing).
  let missing: string;
  beforeAll(() => {
    missing = glyph('\ue000');
  });

  for (const [lang, chars] of [['zh', ['维', '纳', '爱', '堡']], ['ja', ['ウ', 'ィ', '京', 'ン']]] as const) {
    it(`${lang}: each character its own glyph, none a missing glyph's box`, async () => {
      const patterns = chars.map((c) => glyph(c, lang));
      for (const [i, p] of patterns.entries()) {
        expect(ink(p), chars[i]).toBeGreaterThan(60);
        expect(p, chars[i]).not.toBe(missing);
      }
      expect(new Set(patterns).size).toBe(chars.length);
    });
  }

  it('Finnish letters with diacritics are drawn, each differently', async () => {
    const patterns = ['ä', 'ö', 'a', 'o'].map((c) => glyph(c));
    expect(new Set(patterns).size).toBe(4);
    for (const p of patterns) expect(p).not.toBe(missing);
  });
});

describe('render --phase FROM..TO', () => {
  it('writes one picture per phase into a folder, named by the phase', async () => {
    const out = join(dir, 'phases');
    expect((await dipforge('render', GAME, '--phase', 'S1901M..W1901A', '-o', out)).status).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['F1901M.svg', 'F1901R.svg', 'S1901M.svg', 'S1901R.svg', 'W1901A.svg']);
    // Each picture is its phase's: the same as rendering that phase alone.
    for (const name of readdirSync(out)) {
      const alone = (await dipforge('render', GAME, '--phase', name.replace('.svg', ''))).stdout;
      expect(readFileSync(join(out, name), 'utf8'), name).toBe(alone);
    }
  });

  it('takes a pattern with {phase}, open ends, and PNG', async () => {
    const r = await dipforge('render', GAME, '--phase', 'W1901A..', '--png', '-o', join(dir, 'pattern', 'game-{phase}.png'));
    expect(r.status).toBe(0);
    expect(readdirSync(join(dir, 'pattern')).sort()).toEqual(['game-S1902M.png', 'game-W1901A.png']);
    for (const f of readdirSync(join(dir, 'pattern'))) expect([...readFileSync(join(dir, 'pattern', f)).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  });

  it('refuses a range that runs backwards, names no phase, or has no -o', async () => {
    expect((await dipforge('render', GAME, '--phase', 'F1901M..S1901M', '-o', join(dir, 'x'))).stderr).toContain('runs backwards');
    const unknown = await dipforge('render', GAME, '--phase', 'S1901M..F1950M', '-o', join(dir, 'x'));
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('its phases are');
    const noOutput = await dipforge('render', GAME, '--phase', 'S1901M..F1901M');
    expect(noOutput.status).toBe(2);
    expect(noOutput.stdout).toBe('');
  });
});
