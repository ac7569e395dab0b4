/**
 * The documents that are generated or promised: `docs/DIAGNOSTICS.md` equals
 * what `scripts/diagnostics-doc.mjs` makes from the diagnostic registry, and
 * the README opens with the two commands a newcomer runs.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Codes } from '@dipforge/dsl';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCRIPT = join(ROOT, 'scripts', 'diagnostics-doc.mjs');
const DOC = join(ROOT, 'docs', 'DIAGNOSTICS.md');

function runScript(script: string, ...args: string[]) {
  return spawnSync(process.execPath, [script, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
}

describe('docs/DIAGNOSTICS.md', () => {
  it('is up to date: node scripts/diagnostics-doc.mjs --check exits 0', () => {
    const r = runScript(SCRIPT, '--check');
    expect(`${r.stdout}${r.stderr}`).toBe('');
    expect(r.status).toBe(0);
  });

  it('the --check would catch a stale document (checked on a copy)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dipforge-docs-'));
    try {
      mkdirSync(join(dir, 'scripts'));
      mkdirSync(join(dir, 'docs'));
      cpSync(SCRIPT, join(dir, 'scripts', 'diagnostics-doc.mjs'));
      symlinkSync(join(ROOT, 'packages'), join(dir, 'packages'), 'dir');
      const stale = readFileSync(DOC, 'utf8').replace(/\| DF2001 \|[^\n]*\n/, '');
      writeFileSync(join(dir, 'docs', 'DIAGNOSTICS.md'), stale);
      const r = spawnSync(process.execPath, [join(dir, 'scripts', 'diagnostics-doc.mjs'), '--check'], { cwd: dir, encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('out of date');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists every code of the registry once, with its severity and name, and no other code', () => {
    const doc = readFileSync(DOC, 'utf8');
    const entries = Object.entries(Codes);
    expect(entries.length).toBeGreaterThan(0);
    for (const [name, info] of entries) {
      const rows = doc.split('\n').filter((l) => l.startsWith(`| ${info.code} |`));
      expect(rows, info.code).toHaveLength(1);
      expect(rows[0]).toBe(`| ${info.code} | ${info.severity} | \`${name}\` | ${info.summary} |`);
    }
    const documented = [...doc.matchAll(/^\| (DF\d{4}) \|/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(entries.map(([, c]) => c.code).sort());
  });

  it('the registry itself is sound: unique codes of the form DFnnnn, severities error/warning/info', () => {
    const codes = Object.values(Codes).map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of Object.values(Codes)) {
      expect(c.code).toMatch(/^DF\d{4}$/);
      expect(['error', 'warning', 'info']).toContain(c.severity);
      expect(c.summary.length).toBeGreaterThan(0);
    }
  });
});

describe('README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('starts with the two commands: npm ci && npm run demo, then npm test', () => {
    const block = /```[a-z]*\n([\s\S]*?)```/.exec(readme);
    expect(block, 'the README has no code block').not.toBeNull();
    // The first code block comes before any section.
    expect(readme.indexOf(block![0])).toBeLessThan(readme.search(/^## /m));
    const commands = block![1]!
      .split('\n')
      .map((l) => l.replace(/\s+#.*$/, '').trim())
      .filter((l) => l !== '');
    expect(commands).toEqual(['npm ci && npm run demo', 'npm test']);
  });

  it('the commands exist: the demo and test scripts of the root package', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['demo']).toBeDefined();
    expect(pkg.scripts['test']).toBeDefined();
    const demo = /^node (\S+)$/.exec(pkg.scripts['demo'] ?? '');
    if (demo) expect(() => readFileSync(join(ROOT, demo[1]!), 'utf8')).not.toThrow();
  });
});
