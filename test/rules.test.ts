/**
 * The rule texts and rule options, in our own game files: every `.dipgame`
 * under test/rules/ (sub-folders included) checks one rule of a text (000, 002,
 * 003, 004) or one DATC section-4 choice, is named after that rule and cites
 * the text and section in its header comment. Each runs through the code path
 * of `dipforge test` (testGameFile, one workspace for all) and must pass.
 *
 * The folder must hold at least 80 cases in all (the old-rules postal year,
 * victory and scoring, and the editions, DATC choices, self-dislodgement and
 * no-orders policies each add theirs); that count is a test of its own, so a
 * failing count never hides a failing case or the other way round.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { GameWorkspace, testGameFile, type GameTestResult } from '@dipforge/dsl';
import { main } from '@dipforge/cli';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = join(ROOT, 'test', 'rules');

/** The least number of cases the folder must hold (the project's requirement). */
const MIN_CASES = 80;

/** Every `.dipgame` under `dir`, recursively, in name order (as `dipforge test` collects them). */
function gameFiles(dir: string): string[] {
  const out: string[] = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...gameFiles(path));
    else if (e.isFile() && e.name.endsWith('.dipgame')) out.push(path);
  }
  return out;
}

const files = gameFiles(DIR);
const ids = files.map((f) => relative(DIR, f).replace(/\.dipgame$/, ''));

/** A header comment cites a rule text (000, 002, 003, 004) or a DATC section / case. */
const CITATION = /\b00[0-4]\b|\bDATC\b|\b[456]\.[A-J]\.\d+/;

describe('rule cases (test/rules)', () => {
  const results = new Map<string, GameTestResult>();

  beforeAll(() => {
    const workspace = new GameWorkspace();
    files.forEach((f, i) => results.set(ids[i]!, testGameFile(f, workspace)));
  });

  it(`the folder holds at least ${MIN_CASES} cases (all three engineers' cases together)`, () => {
    expect(files.length).toBeGreaterThanOrEqual(MIN_CASES);
  });

  it.each(ids)('%s passes', (id) => {
    const result = results.get(id)!;
    const why = result.failures.map((f) => `${f.range.start.line + 1}:${f.range.start.column + 1}: ${f.message}`).join('\n');
    expect(result.passed, `${id} fails:\n${why}`).toBe(true);
    expect(result.run.complete).toBe(true);
    expect(result.run.expectations.length, `${id} expects nothing`).toBeGreaterThan(0);
  });

  it.each(ids)('%s names the rule and cites its text and section in a header comment', (id) => {
    const text = readFileSync(join(DIR, `${id}.dipgame`), 'utf8');
    const header: string[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim().startsWith('//')) break;
      header.push(line);
    }
    expect(header.length, `${id} has no header comment`).toBeGreaterThan(0);
    expect(header.join('\n'), `${id}'s header cites no rule text or DATC section`).toMatch(CITATION);
  });

  it(`dipforge test test/rules ends with "N passed, 0 failed"`, async () => {
    let out = '';
    const code = await main(['test', DIR], { out: (s) => (out += s), err: (s) => (out += s), cwd: ROOT });
    const lines = out.trimEnd().split('\n');
    expect(lines[lines.length - 1]).toBe(`${files.length} passed, 0 failed`);
    expect(code).toBe(0);
  });
});
