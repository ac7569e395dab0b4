/**
 * The engine as a user installs it: `npm pack` of @dipforge/engine and of the packages it needs
 * (ajv and its dependencies, packed from the installed copies), installed offline into an empty
 * folder outside the repository, runs the first example of docs/LIBRARY.md and type-checks it
 * against the packed type declarations. The package's fields point at files it ships.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ENGINE = join(ROOT, 'packages', 'engine');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

type Manifest = { name: string; version: string; dependencies?: Record<string, string>; exports?: Record<string, unknown>; types?: string; main?: string; files?: string[] };
const manifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** The folders of the packages the engine needs at run time, found where npm installed them. */
function runtimeClosure(): string[] {
  const out = new Set<string>();
  const todo = Object.keys(manifest(ENGINE).dependencies ?? {});
  while (todo.length > 0) {
    const name = todo.pop()!;
    const dir = join(ROOT, 'node_modules', name);
    if (out.has(dir)) continue;
    out.add(dir);
    for (const dep of Object.keys(manifest(dir).dependencies ?? {})) todo.push(dep);
  }
  return [...out];
}

function firstExample(): string {
  const guide = readFileSync(join(ROOT, 'docs', 'LIBRARY.md'), 'utf8');
  const start = guide.indexOf('```js\n', guide.indexOf('## A first game'));
  return guide.slice(start + '```js\n'.length, guide.indexOf('\n```', start));
}

describe('the packed engine', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dipforge-packed-'));
  const app = join(dir, 'app');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has fields that point at files it ships', () => {
    const m = manifest(ENGINE);
    expect(m.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(m.files).toEqual(expect.arrayContaining(['dist', 'schema', 'builtin']));
    const targets = [m.main!, m.types!, ...Object.values(m.exports!).flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e as Record<string, string>)))];
    for (const t of targets) expect(existsSync(join(ENGINE, t)), t).toBe(true);
    expect(m.files!.every((f) => targets.some((t) => t.startsWith(`./${f}/`)) || f === 'builtin')).toBe(true);
    for (const p of ['cli', 'dsl', 'lsp']) expect(manifest(join(ROOT, 'packages', p)).dependencies?.['@dipforge/engine']).toBe(m.version);
  });

  it('installs offline in an empty folder and runs the guide first example', () => {
    const packed = join(dir, 'packed');
    mkdirSync(packed);
    for (const folder of [ENGINE, ...runtimeClosure()]) {
      execFileSync(NPM, ['pack', '--ignore-scripts', '--pack-destination', packed], { cwd: folder, stdio: 'pipe' });
    }
    const tarballs = readdirSync(packed).map((f) => join(packed, f));
    const engineTarball = tarballs.find((t) => t.includes('dipforge-engine-'))!;
    const listing = execFileSync('tar', ['tzf', engineTarball], { encoding: 'utf8' });
    expect(listing).toMatch(/^package\/builtin\/classic\.json$/m);
    expect(listing).toMatch(/^package\/schema\/serve-protocol\.schema\.json$/m);
    expect(listing).not.toMatch(/^package\/(src|test)\//m);

    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    const install = spawnSync(NPM, ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs], { cwd: app, encoding: 'utf8', timeout: 300_000 });
    expect(install.stderr.replace(/^npm warn.*\n/gim, '')).toBe('');
    expect(install.status).toBe(0);
    expect(readdirSync(join(app, 'node_modules', '@dipforge'))).toEqual(['engine']);

    writeFileSync(join(app, 'first.mjs'), firstExample());
    const run = spawnSync(process.execPath, ['first.mjs'], { cwd: app, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^france A par - bur fails bounced$/m);
    expect(run.stdout).toMatch(/fall/);
  });

  it('type-checks the first example against the packed declarations', () => {
    writeFileSync(join(app, 'first.ts'), firstExample());
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', target: 'es2022', strict: true, noEmit: true, types: [] }, files: ['first.ts'] }));
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app], { cwd: app, encoding: 'utf8', timeout: 120_000 });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});
