/**
 * The suites that check a sample of their cases in `npm test` (`depth` and `depthSample`, test/helpers/depth.ts)
 * must be run at full depth somewhere: each is listed in `DEPTH_SUITES`, which the slow
 * configuration runs with `DIPFORGE_TEST_DEPTH=full`, and none is a slow suite already (it would
 * then never run its sample).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEPTH_SUITES, SLOW_SUITES } from '../vitest.slow-suites.js';
import { depth, depthSample, FULL_DEPTH } from './helpers/depth.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every `.test.ts` file below a folder, as a path from the repository's root. */
function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'e2e' || e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...testFiles(path));
    else if (e.name.endsWith('.test.ts')) out.push(relative(ROOT, path));
  }
  return out;
}

const usesDepth = (file: string): boolean => /from '[./]*(?:test\/)?helpers\/depth\.js'/.test(readFileSync(join(ROOT, file), 'utf8'));

describe('suites run at a depth', () => {
  const files = [join(ROOT, 'test'), ...readdirSync(join(ROOT, 'packages')).map((p) => join(ROOT, 'packages', p, 'test'))]
    .filter((dir) => existsSync(dir))
    .flatMap(testFiles)
    .sort();

  it('every file that samples its cases is run at full depth by the slow configuration', () => {
    // This file calls `depth` only to test it.
    const sampling = files.filter((f) => f !== 'test/depth-suites.test.ts' && usesDepth(f));
    expect(sampling.length).toBeGreaterThan(0);
    expect(sampling).toEqual([...DEPTH_SUITES].sort());
  });

  it('no such file is a slow suite, which npm test would not run at all', () => {
    expect(DEPTH_SUITES.filter((f) => SLOW_SUITES.includes(f))).toEqual([]);
  });

  it('depth follows DIPFORGE_TEST_DEPTH, and refuses a sample larger than the full count', () => {
    expect(FULL_DEPTH).toBe(process.env.DIPFORGE_TEST_DEPTH === 'full');
    expect(depth(3, 10)).toBe(FULL_DEPTH ? 10 : 3);
    expect(() => depth(11, 10)).toThrow(RangeError);
    expect(() => depth(0, 10)).toThrow(RangeError);
  });

  it('depthSample keeps every item at full depth; in the sample, one in every stride and those it is told to keep, in order', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(depthSample(items, 4, (i) => i === 7)).toEqual(FULL_DEPTH ? items : [0, 4, 7, 8]);
    expect(depthSample(items, 1)).toEqual(items);
    expect(() => depthSample(items, 0)).toThrow(RangeError);
  });
});
