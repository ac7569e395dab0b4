/**
 * The language server shows a map's board diagnostics (DF2020–DF2027) on the
 * `.dipmap`, the same as `dipforge check` (the DSL's `checkMapFile`), at the same
 * places; a change to the artwork on disk (a watched-file event) brings them up
 * to date; the server stays up through artwork that is not SVG at all.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMapFile } from '@dipforge/dsl';
import { diagnostics, Workspace } from '@dipforge/lsp';
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
});
