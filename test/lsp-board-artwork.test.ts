/**
 * The language server shows a map's board diagnostics (DF2020–DF2027) on the
 * `.dipmap`, the same as `dipforge check` (the DSL's `checkMapFile`), at the same
 * places; a change to the artwork on disk (a watched-file event) brings them up
 * to date; the server stays up through artwork that is not SVG at all. The
 * editor's board draws the game on the artwork, and a click on a shape gives
 * the province's legal orders as on a generated map.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMapFile } from '@dipforge/dsl';
import { boardAt, diagnostics, ordersAt, Workspace, type GameDoc } from '@dipforge/lsp';
import { byClass, parseXml, unitOf } from '../packages/engine/test/helpers/svg.js';
import { put } from '../packages/lsp/test/util.js';
import { scratchFolder } from './cli-in-process.js';

const HERE = join(import.meta.dirname, 'artwork');
const MAP = readFileSync(join(HERE, 'isles.dipmap'), 'utf8');
const SVG = readFileSync(join(HERE, 'isles.svg'), 'utf8');
const scratch = scratchFolder();
afterAll(() => scratch.remove());

describe('board diagnostics in the language server', () => {
  it('the same as dipforge check, and up to date after the artwork changes on disk', () => {
    const mapPath = scratch.write('isles.dipmap', MAP);
    const svgPath = scratch.write('isles.svg', SVG.replace(/<path id="isl" d="[^"]*"\/>/, '<circle id="isl" cx="500" cy="70" r="30"/>'));
    const ws = new Workspace();
    ws.scan([scratch.dir]);
    const shown = (): string[] => diagnostics(put(ws, mapPath, MAP)).map((d) => `${String(d.code)} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.message}`);
    const cli = (): string[] => checkMapFile(mapPath).diagnostics.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column} ${d.message}`);
    expect(shown()).toEqual(cli());
    expect(shown().map((s) => s.split(' ')[0])).toEqual(['DF2023']);

    // The author fixes the artwork: the event clears the diagnostic.
    writeFileSync(svgPath, SVG);
    ws.fileChanged(svgPath);
    expect(shown()).toEqual([]);

    // Not SVG at all; then missing.
    writeFileSync(svgPath, '\u0000\u0001 not xml');
    ws.fileChanged(svgPath);
    expect(shown().map((s) => s.split(' ')[0])).toEqual(['DF2020']);
    expect(shown()).toEqual(cli());
    rmSync(svgPath);
    ws.fileChanged(svgPath, true);
    expect(shown()).toEqual(cli());
    expect(shown()[0]).toMatch(/^DF2020 .* Cannot read the board 'isles.svg'/);
  });

  it('the editor\u2019s board is drawn on the artwork, and a shape clicked gives its unit\u2019s legal orders', () => {
    const dir = join(scratch.dir, 'board');
    mkdirSync(dir);
    for (const f of ['isles.dipmap', 'isles.svg', 'isles-1901.dipgame']) writeFileSync(join(dir, f), readFileSync(join(HERE, f)));
    const ws = new Workspace();
    ws.scan([dir]);
    const gamePath = join(dir, 'isles-1901.dipgame');
    const text = readFileSync(gamePath, 'utf8');
    const doc = put(ws, gamePath, text) as GameDoc;
    const at = { line: text.split('\n').findIndex((l) => l.includes('A wes - cap')), character: 4 };
    const board = boardAt(ws, doc, at);
    const svg = parseXml(board.svg!);
    expect(svg.attrs['data-map']).toBe('artwork');
    expect(byClass(svg, 'province').map((g) => g.attrs['data-province']).sort()).toEqual(['cap', 'eas', 'isl', 'nor', 'sou', 'sth', 'wes']);
    expect(byClass(svg, 'province').every((g) => byClass(g, 'region').length === 1)).toBe(true);
    expect(byClass(svg, 'unit').map(unitOf).sort()).toEqual(['A wes', 'F eas']);
    // Westmark borders Capital only, by land.
    const wes = ordersAt(doc, at, 'wes');
    expect(wes.orders.filter((o) => o.type === 'move').map((o) => o.to)).toEqual(['cap']);
    const map = put(ws, join(dir, 'isles.dipmap'), readFileSync(join(dir, 'isles.dipmap'), 'utf8'));
    expect(parseXml(boardAt(ws, map, undefined).svg!).attrs['data-map']).toBe('artwork');
  });
});
