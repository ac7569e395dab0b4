/**
 * The DATC, in our own game files: every case of DATC v2.4 (167, edition 2000)
 * in test/datc/v2.4/, every case of DATC v3.1 section 6 (164, edition 2023) in
 * test/datc/v3.1/, and the outcomes that text gives under other rule choices in
 * test/datc/v3.1-other-choices/ (`6.F.09-1971` is case 6.F.9 under the 1971 rule)
 * runs through the code path of `dipforge test` and must pass. DATC results are
 * not negotiable: there is no list of tolerated failures.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { GameWorkspace, testGameFile, type GameTestResult } from '@dipforge/dsl';
import { main } from '@dipforge/cli';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const suites = [
  // v2.4: one file per case of the machine-readable v2.4 file (158 DATC cases and 9 extra or changed ones).
  { name: 'v2.4', cases: 167, isCase: (id: string) => /^6\.[A-Z]\.\d+/.test(id) },
  // v3.1: `6.A.01` … one file per case of section 6, and nothing else.
  { name: 'v3.1', cases: 164, isCase: (id: string) => /^6\.[A-J]\.\d\d$/.test(id) },
  // The same cases under another rule choice, where the text states the outcome.
  { name: 'v3.1-other-choices', cases: 40, isCase: (id: string) => /^6\.[A-J]\.\d\d-[a-z0-9-]+$/.test(id) },
];

for (const suite of suites) {
  const dir = join(ROOT, 'test', 'datc', suite.name);
  const ids = readdirSync(dir)
    .filter((f) => f.endsWith('.dipgame'))
    .map((f) => f.replace(/\.dipgame$/, ''))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

  describe(`DATC ${suite.name}`, () => {
    const results = new Map<string, GameTestResult>();

    beforeAll(() => {
      const workspace = new GameWorkspace();
      for (const id of ids) results.set(id, testGameFile(join(dir, `${id}.dipgame`), workspace));
    });

    it(`has all ${suite.cases} cases`, () => {
      expect(ids.filter(suite.isCase)).toHaveLength(suite.cases);
      expect(ids).toHaveLength(suite.cases);
    });

    it.each(ids)('%s', (id) => {
      const result = results.get(id)!;
      const why = result.failures.map((f) => `${f.range.start.line + 1}:${f.range.start.column + 1}: ${f.message}`).join('\n');
      expect(result.passed, `${id} fails:\n${why}`).toBe(true);
      expect(result.run.complete).toBe(true);
      expect(result.run.expectations.length).toBeGreaterThan(0);
    });

    it(`dipforge test test/datc/${suite.name} ends with "${ids.length} passed, 0 failed"`, async () => {
      let out = '';
      const code = await main(['test', dir], { out: (s) => (out += s), err: (s) => (out += s), cwd: ROOT });
      const lines = out.trimEnd().split('\n');
      expect(lines[lines.length - 1]).toBe(`${ids.length} passed, 0 failed`);
      expect(code).toBe(0);
    });
  });
}
