/**
 * The language server's process as it is started (`SERVER_NODE_FLAGS`, packages/lsp/src/launch.ts:
 * room for a 64 MB old generation, so that a game's first check does not bring V8's first full
 * collection on in the semantic tokens asked right after it): the build's two code caches of
 * the server's bundle, each taken by V8 in a process started as the one that wrote it and refused
 * in the other (which is why `dipforge lsp` picks the one for its flags), and the flags read from a
 * process's arguments.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, startedWithServerFlags } from '../packages/lsp/src/launch.js';
import { ROOT } from '../packages/lsp/test/harness.js';

const DIST = join(ROOT, 'packages', 'cli', 'dist');

/** Whether V8 refuses the cache `cache` for the server's bundle in a Node started with `flags`. */
function refused(flags: readonly string[], cache: string): boolean {
  const code =
    `import { readFileSync } from 'node:fs'; const { loadBundle } = await import(${JSON.stringify(pathToFileURL(join(DIST, 'bundled.js')).href)}); ` +
    `const { script } = loadBundle(new URL(${JSON.stringify(pathToFileURL(join(DIST, 'lsp-bundle.js')).href)}), readFileSync(${JSON.stringify(join(DIST, cache))})); ` +
    `process.stdout.write(String(script.cachedDataRejected));`;
  const run = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout === 'true';
}

describe("the language server's process", () => {
  it('its Node flags are read from the arguments a process was started with', () => {
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    expect(startedWithServerFlags([...SERVER_NODE_FLAGS])).toBe(true);
    expect(startedWithServerFlags(['--inspect', ...SERVER_NODE_FLAGS])).toBe(true);
    expect(startedWithServerFlags([])).toBe(false);
  });

  it("the build's code caches: each taken in a process started as its writer was, refused in the other", () => {
    expect(refused([], 'lsp-bundle.cache')).toBe(false);
    expect(refused(SERVER_NODE_FLAGS, 'lsp-flags-bundle.cache')).toBe(false);
    expect(refused(SERVER_NODE_FLAGS, 'lsp-bundle.cache')).toBe(true);
    expect(refused([], 'lsp-flags-bundle.cache')).toBe(true);
  }, 60_000);
});
