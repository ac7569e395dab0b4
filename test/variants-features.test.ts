/**
 * The general features of the variant language and engine that published variants need
 * (docs/MAP-LANGUAGE.md and docs/RULES.md, "Variant features"): every `.dipgame` under
 * test/variants-features/ checks one or more of them on a small purpose-built map in
 * test/variants-features/maps/, is named after the feature, and names it in its header
 * comment. Every feature the docs mark "works" has a case, and every case passes without a
 * warning, through the code path of `dipforge test`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { GameWorkspace, runGameText, testGameFile, type GameTestResult } from '@dipforge/dsl';
import { main } from '@dipforge/cli';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = join(ROOT, 'test', 'variants-features');

const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.dipgame'))
  .sort();
const header = (name: string): string => {
  const lines: string[] = [];
  for (const line of readFileSync(join(DIR, name), 'utf8').split('\n')) {
    if (!line.trim().startsWith('//')) break;
    lines.push(line.replace(/^\s*\/\/\s?/, ''));
  }
  return lines.join(' ').toLowerCase();
};

/** The features of a doc's "Variant features" table, with their status. */
function features(doc: string): { name: string; status: string }[] {
  const text = readFileSync(join(ROOT, 'docs', doc), 'utf8');
  const section = text.split(/^## Variant features$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows: { name: string; status: string }[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split(' | ');
    if (!line.startsWith('| ') || cells.length < 3 || line.startsWith('| feature') || line.startsWith('|---')) continue;
    rows.push({ name: cells[0]!.slice(2).trim().toLowerCase(), status: cells[cells.length - 1]!.replace(/\|\s*$/, '').trim() });
  }
  return rows;
}

describe('variant features (test/variants-features)', () => {
  const results = new Map<string, GameTestResult>();
  beforeAll(() => {
    const workspace = new GameWorkspace();
    for (const f of files) results.set(f, testGameFile(join(DIR, f), workspace));
  });

  it.each(files)('%s passes, with expectations and no warning', (f) => {
    const result = results.get(f)!;
    const why = result.failures.map((x) => `${x.range.start.line + 1}:${x.range.start.column + 1}: ${x.message}`).join('\n');
    expect(result.passed, `${f} fails:\n${why}`).toBe(true);
    expect(result.run.complete).toBe(true);
    expect(result.run.expectations.length).toBeGreaterThan(0);
    expect(result.run.diagnostics.filter((d) => d.file === join(DIR, f)).map((d) => d.message)).toEqual([]);
  });

  it.each(files)('%s names a variant feature of the docs in its header', (f) => {
    const names = [...features('MAP-LANGUAGE.md'), ...features('RULES.md')].map((x) => x.name);
    expect(names.some((n) => header(f).includes(`"${n}"`)), header(f)).toBe(true);
  });

  it('the docs list every feature with a status, and every feature that works has a case', () => {
    for (const doc of ['MAP-LANGUAGE.md', 'RULES.md']) {
      const rows = features(doc);
      expect(rows.length, doc).toBeGreaterThan(5);
      for (const row of rows) {
        expect(['works', 'planned'], `${doc}: ${row.name}`).toContain(row.status);
        if (row.status === 'works') expect(files.some((f) => header(f).includes(`"${row.name}"`)), `${doc}: no case for ${row.name}`).toBe(true);
      }
    }
  });

  it('a phase line names only the years and adjustment phases of the calendar (DF6005)', () => {
    const path = join(DIR, 'probe.dipgame');
    const run = (phases: string) => runGameText(`variant "maps/five-year-steps.dipmap"\n\n${phases}`, path).diagnostics.filter((d) => d.code === 'DF6005').map((d) => d.message);
    expect(run('phase year 1425 movement\nphase year 1425 adjustment\n')).toEqual([
      '1425 has no adjustment phase: adjustments take place only in years that are a multiple of 10 (adjustment-interval)',
    ]);
    expect(run('phase year 1427 movement\n')).toEqual(['1427 is no year of Five-year steps: its years go from 1425 in steps of 5 (year-step)']);
    expect(run('phase year 1425 movement\nphase year 1430 movement\nphase year 1430 adjustment\n')).toEqual([]);
  });

  it(`dipforge test test/variants-features ends with "N passed, 0 failed"`, async () => {
    let out = '';
    const code = await main(['test', DIR], { out: (s) => (out += s), err: (s) => (out += s), cwd: ROOT });
    const lines = out.trimEnd().split('\n');
    expect(lines[lines.length - 1]).toBe(`${files.length} passed, 0 failed`);
    expect(code).toBe(0);
  });
});
