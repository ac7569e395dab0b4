/**
 * `dipforge check` runs from a single-file bundle of itself (scripts/cli-bundle.mjs), compiled
 * with the code cache written beside it. The bundle must be the same command: this test writes a
 * bundle of the current build, and runs it and the command's own module side by side over the
 * project's maps, games and damaged copies of them, comparing the exit code and every line
 * written; a cache V8 refuses (another text's) changes nothing but the time.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCommand, loadBundle } from '../packages/cli/dist/bundled.js';
import * as own from '../packages/cli/dist/commands/check.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

type Check = typeof own.check;

function run(check: Check, cwd: string, args: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = check(args, { out: (s) => (out += s), err: (s) => (err += s), cwd });
  return { code, out, err };
}

function filesUnder(dir: string, ext: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'e2e' || e.name === 'node_modules' ? [] : filesUnder(path, ext);
    return e.name.endsWith(ext) ? [path] : [];
  });
}

describe('the bundle of dipforge check', () => {
  // Inside the repository, so that the bundle resolves the packages as an installed one does.
  const dir = mkdtempSync(join(ROOT, 'packages', 'cli', 'bundle-test-'));
  let bundled: Check;
  beforeAll(async () => {
    const { bundle } = (await import(pathToFileURL(join(ROOT, 'scripts', 'cli-bundle.mjs')).href)) as { bundle: (out: string) => Promise<void> };
    const file = join(dir, 'check-bundle.js');
    await bundle(file);
    const loaded = loadBundle(pathToFileURL(file), readFileSync(join(dir, 'check-bundle.cache')));
    // The cache written beside the bundle is the one V8 takes for it.
    expect(loaded.script.cachedDataRejected).toBe(false);
    bundled = (loaded.exports as typeof own).check;
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports what the command’s own module reports on every map of the project', () => {
    const maps = filesUnder(join(ROOT, 'variants'), '.dipmap').concat(filesUnder(join(ROOT, 'test'), '.dipmap'));
    expect(maps.length).toBeGreaterThan(10);
    for (const map of maps) expect(run(bundled, ROOT, [map]), map).toEqual(run(own.check, ROOT, [map]));
  });

  it('and on games, several files at once, and damaged files', () => {
    // Every 25th game of the tests (about thirty, across the folders), checked in one command.
    const games = filesUnder(join(ROOT, 'test'), '.dipgame').filter((_, i) => i % 25 === 0);
    expect(games.length).toBeGreaterThan(10);
    expect(run(bundled, ROOT, games)).toEqual(run(own.check, ROOT, games));
    const scratch = mkdtempSync(join(dir, 'damaged-'));
    const classic = readFileSync(join(ROOT, 'variants', 'classic', 'classic.dipmap'), 'utf8');
    const damaged = [
      classic.replace('province', 'provnice'),
      classic.slice(0, classic.length / 2),
      classic.replaceAll('}', ''),
      `${classic}\nadjacency { nowhere -> elsewhere; }`,
    ].map((text, i) => {
      const path = join(scratch, `damaged-${i}.dipmap`);
      writeFileSync(path, text);
      return path;
    });
    const result = run(bundled, ROOT, damaged);
    expect(result.code).not.toBe(0);
    expect(result).toEqual(run(own.check, ROOT, damaged));
  });

  it('runs the same with a cache V8 refuses', () => {
    // The test bundle's cache is for another text: V8 compiles the script afresh. (A copy under
    // another name, which V8 has not compiled in this process already.)
    const foreign = readFileSync(join(ROOT, 'packages', 'cli', 'dist', 'test-bundle.cache'));
    const copy = join(dir, 'check-bundle-copy.js');
    writeFileSync(copy, readFileSync(join(dir, 'check-bundle.js')));
    const loaded = loadBundle(pathToFileURL(copy), foreign);
    expect(loaded.script.cachedDataRejected).toBe(true);
    const map = join(ROOT, 'variants', 'classic', 'classic.dipmap');
    expect(run((loaded.exports as typeof own).check, ROOT, [map])).toEqual(run(own.check, ROOT, [map]));
  });

  it('is what the command line loads once built, the command’s own module otherwise', async () => {
    const loaded = await checkCommand();
    expect(typeof loaded.check).toBe('function');
    expect(run(loaded.check, ROOT, ['variants/classic/classic.dipmap'])).toEqual(run(own.check, ROOT, ['variants/classic/classic.dipmap']));
  });
});
