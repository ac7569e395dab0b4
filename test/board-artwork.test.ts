/**
 * The `board` item: the author's artwork checked against the variant (DF2020–DF2027).
 * The example variant test/artwork/isles.dipmap and its artwork (drawn by
 * scripts/artwork-example.mjs) are copied into a scratch project and changed one
 * way at a time: each diagnostic fires, at the board item, naming the provinces;
 * the good map stays quiet. Properties: the SVG's elements in any order, its ids
 * in upper case, and the whole drawing under a transform with its viewBox moved
 * to match give the same diagnostics.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMapFile, compileMapFile, type Diagnostic } from '@dipforge/dsl';
import { mulberry32 } from '@dipforge/engine';
import { scratchFolder } from './cli-in-process.js';

const HERE = join(import.meta.dirname, 'artwork');
const MAP = readFileSync(join(HERE, 'isles.dipmap'), 'utf8');
const SVG = readFileSync(join(HERE, 'isles.svg'), 'utf8');
const scratch = scratchFolder();
afterAll(() => scratch.remove());
let count = 0;

/** Checks the map with this text and artwork (each case in a folder of its own); diagnostics as `code line: message`. */
function check(map: string, svg: string | undefined, name = 'isles.svg'): { list: Diagnostic[]; shown: string[]; path: string } {
  const dir = join(scratch.dir, `case${count++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'isles.dipmap'), map);
  if (svg !== undefined) writeFileSync(join(dir, name), svg);
  const path = join(dir, 'isles.dipmap');
  const list = checkMapFile(path).diagnostics;
  return { list, shown: list.map((d) => `${d.code} ${d.range.start.line + 1}: ${d.message}`), path };
}

const BOARD_LINE = MAP.split('\n').findIndex((l) => l.includes('board "isles.svg"')) + 1;

describe('board artwork: the good map is quiet', () => {
  it('no diagnostic, and the compiled variant carries the shapes and the link', () => {
    const { shown, path } = check(MAP, SVG);
    expect(shown).toEqual([]);
    const config = compileMapFile(path).config!;
    expect(config.board!.shapes.map((s) => s.location).sort()).toEqual(['cap', 'cap/nc', 'eas', 'isl', 'nor', 'sou', 'sth', 'wes']);
    expect(config.board!.links).toEqual([['cap', 'isl']]);
    expect([config.board!.width, config.board!.height]).toEqual([600, 400]);
  });
});

describe('board artwork: each diagnostic fires', () => {
  it('DF2021 a province with no shape (an error: nothing is compiled)', () => {
    const { list, shown, path } = check(MAP, SVG.replace(/\s*<path id="eas"[^>]*\/>/, ''));
    expect(shown).toEqual([`DF2021 ${BOARD_LINE}: 'eas' has no shape in 'isles.svg': give an element id="eas"`]);
    expect(list[0]!.severity).toBe('error');
    expect(compileMapFile(path).config).toBeUndefined();
  });

  it('DF2022 a shape that names no province, with its place in the SVG', () => {
    const svg = SVG.replace('<circle cx="560"', '<rect id="zzz" x="0" y="0" width="5" height="5"/>\n  <circle cx="560"');
    const line = svg.split('\n').findIndex((l) => l.includes('id="zzz"')) + 1;
    expect(check(MAP, svg).shown).toEqual([`DF2022 ${BOARD_LINE}: The shape id="zzz" (isles.svg:${line}:3) in 'isles.svg' names no province nor coast (start a decoration's id with _)`]);
  });

  it('DF2023 shapes that touch but are not adjacent (the isle moved against Eastmark)', () => {
    const svg = SVG.replace(/<path id="isl" d="[^"]*"\/>/, '<circle id="isl" cx="500" cy="70" r="30"/>');
    expect(check(MAP, svg).shown).toEqual([`DF2023 ${BOARD_LINE}: The shapes of eas and isl touch in 'isles.svg', but eas and isl are not adjacent`]);
  });

  it('DF2024 adjacent provinces whose shapes do not touch: a gap drawn, or a crossing left undeclared', () => {
    const gap = SVG.replace('<path id="eas" d="M400 100h200v100H400Z"/>', '<path id="eas" d="M400 110h200v90H400Z"/>');
    expect(check(MAP, gap).shown).toEqual([`DF2024 ${BOARD_LINE}: nor and eas are adjacent, but their shapes in 'isles.svg' do not touch: draw them touching, or declare the link: link nor: eas`]);
    const undeclared = MAP.replace(' link cap: isl', '');
    expect(check(undeclared, SVG).shown).toEqual([`DF2024 ${BOARD_LINE}: cap and isl are adjacent, but their shapes in 'isles.svg' do not touch: draw them touching, or declare the link: link cap: isl`]);
  });

  it('DF2020 the file missing, outside the project folder, or not SVG', () => {
    expect(check(MAP, undefined).shown).toEqual([`DF2020 ${BOARD_LINE}: Cannot read the board 'isles.svg': no such file`]);
    expect(check(MAP, '<html><body></body></html>').shown).toEqual([`DF2020 ${BOARD_LINE}: The board 'isles.svg' is not SVG that can be read: the root element is <html>, not <svg> (isles.svg:1:1)`]);
    expect(check(MAP, '<svg viewBox="0 0 1 1">\n  <g>\n</svg>').shown).toEqual([`DF2020 ${BOARD_LINE}: The board 'isles.svg' is not SVG that can be read: </svg> closes no open <svg> (isles.svg:3:1)`]);
    const outside = check(MAP.replace('board "isles.svg"', 'board "../../outside.svg"'), SVG);
    expect(outside.list.map((d) => d.code)).toEqual(['DF2020']);
    expect(outside.list[0]!.message).toMatch(/^'\.\.\/\.\.\/outside\.svg' is outside the project folder /);
  });

  it('DF2025 geometry that cannot be read; DF2026 a province drawn twice', () => {
    const bad = SVG.replace('<path id="eas" d="M400 100h200v100H400Z"/>', '<path id="eas" d="M400 100h200v100H400Z"/><path id="EAS" d="M400 100 L"/>');
    const line = bad.split('\n').findIndex((l) => l.includes('id="EAS"')) + 1;
    const column = bad.split('\n')[line - 1]!.indexOf('<path id="EAS"') + 1;
    expect(check(MAP, bad).shown).toEqual([
      `DF2025 ${BOARD_LINE}: In 'isles.svg', the shape id="EAS" (isles.svg:${line}:${column}): cannot read the path data at character 11: the command L lacks a number`,
      `DF2026 ${BOARD_LINE}: A second shape for eas in 'isles.svg': id="EAS" (isles.svg:${line}:${column}); both are drawn as one`,
    ].sort());
  });

  it('DF2027 a link between provinces that are not adjacent, or whose shapes touch anyway; DF2001 a link to no province', () => {
    const { list } = check(MAP.replace('link cap: isl', 'link cap: isl, wes: eas, wes: cap, wes: zzz'), SVG);
    expect(list.map((d) => `${d.code} ${d.message}`)).toEqual([
      "DF2027 'wes' and 'eas' are not adjacent: a link is only for adjacent provinces drawn apart",
      "DF2027 The shapes of wes and cap touch in 'isles.svg': the link is not needed",
      "DF2001 No province 'zzz' in this variant",
    ]);
    // Each at its own link.
    const lineText = MAP.split('\n')[BOARD_LINE - 1]!.replace('link cap: isl', 'link cap: isl, wes: eas, wes: cap, wes: zzz');
    expect(list.map((d) => lineText.slice(d.range.start.column, d.range.end.column))).toEqual(['wes: eas', 'wes: cap', 'zzz']);
  });

  it('every diagnostic stands on the board item', () => {
    const svg = SVG.replace(/<path id="isl" d="[^"]*"\/>/, '<circle id="isl" cx="500" cy="70" r="30"/>').replace(/\s*<path id="SOU"[^>]*\/>/, '');
    const { list } = check(MAP, svg);
    expect(list.map((d) => d.code).sort()).toEqual(['DF2021', 'DF2023']);
    for (const d of list) expect(d.range.start.line + 1).toBe(BOARD_LINE);
  });
});

describe('board artwork: what does not change the diagnostics', () => {
  const wrongTouch = SVG.replace(/<path id="isl" d="[^"]*"\/>/, '<circle id="isl" cx="500" cy="70" r="30"/>');
  const cases = { good: SVG, wrongTouch, gap: SVG.replace('<path id="eas" d="M400 100h200v100H400Z"/>', '<path id="eas" d="M400 110h200v90H400Z"/>') };

  it('the shapes in any order (the island still drawn over its sea)', () => {
    const rng = mulberry32(7);
    for (const [name, svg] of Object.entries(cases)) {
      const expected = check(MAP, svg).list.map((d) => d.code + d.message);
      const lines = svg.split('\n');
      const land = lines.map((l, i) => [l, i] as const).filter(([l]) => /^ {4}<(polygon|path|g transform="scale)/.test(l) && !l.includes('id="isl"') && !l.includes('id="SOU"'));
      for (let t = 0; t < 4; t++) {
        const order = [...land].sort(() => rng() - 0.5);
        const out = [...lines];
        land.forEach(([, i], k) => (out[i] = order[k]![0]));
        expect(check(MAP, out.join('\n')).list.map((d) => d.code + d.message), name).toEqual(expected);
      }
    }
  });

  it('ids in upper case', () => {
    for (const svg of Object.values(cases)) {
      const upper = svg.replace(/id="([a-z]+(-[a-z]+)?)"/g, (_, id: string) => `id="${id.toUpperCase()}"`);
      expect(upper).not.toBe(svg);
      expect(check(MAP, upper).list.map((d) => d.code + d.message)).toEqual(check(MAP, svg).list.map((d) => d.code + d.message));
    }
  });

  it('the whole drawing moved, turned and scaled, with the viewBox to match', () => {
    for (const svg of Object.values(cases)) {
      // Turned a quarter and halved: 600 × 400 becomes 200 × 300, placed from (1000, 2000).
      const moved = svg
        .replace('viewBox="0 0 600 400"', 'viewBox="1000 2000 200 300"')
        .replace(/(<svg[^>]*>)/, '$1<g transform="translate(1200 2000) rotate(90) scale(0.5)">')
        .replace('</svg>', '</g></svg>');
      expect(check(MAP, moved).list.map((d) => d.code + d.message)).toEqual(check(MAP, svg).list.map((d) => d.code + d.message));
    }
  });
});
