/**
 * Every game under test/ played with the store of built-in files (packages/dsl/src/workspace/
 * stored-parses.ts, builtin-compiled.ts) and without it: the same problems, results, positions
 * and rules. A slow suite (every game file twice); test/builtin-stored.test.ts checks the store itself.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GameWorkspace, runGameText, StoredParses, VariantLoader, writeStoredParses, type GameRun } from '@dipforge/dsl';
import { variantsDir } from '@dipforge/variants';

const TEST_DIR = dirname(fileURLToPath(import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'dipforge-stored-games-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
writeStoredParses(variantsDir, tmp);
const store = new StoredParses(tmp);
const classic = join(variantsDir, 'classic', 'classic.dipmap');

/** A game's problems and results, as plain data (the compiled variant and the syntax tree left out: the runs compare what they give). */
function outcome(run: GameRun): string {
  const phases = run.phases.map((p) => ({ phase: p.phase, orders: p.orders, before: p.before, result: p.result, incomplete: p.incomplete, victory: p.victory }));
  const plain = {
    diagnostics: run.diagnostics,
    config: run.config,
    edition: run.edition,
    rules: run.rules,
    phases,
    final: run.final,
    winner: run.winner,
    outcome: run.outcome,
    scores: run.scores,
    declarations: run.declarations,
    expectations: run.expectations,
    complete: run.complete,
  };
  return JSON.stringify(plain, (_k, v: unknown) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v));
}

function gameFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'e2e' || e.name === 'node_modules' ? [] : gameFiles(path);
    return e.name.endsWith('.dipgame') ? [path] : [];
  });
}

describe('every game under test/, with the store and without', () => {
  it('gives the same problems, results, positions and rules', () => {
    const files = gameFiles(TEST_DIR).sort();
    expect(files.length).toBeGreaterThan(100);
    const viaStore = new VariantLoader({ storedParses: store });
    expect(viaStore.builtinCompile(classic)).toBeDefined();
    const a = new GameWorkspace(viaStore);
    const b = new GameWorkspace(new VariantLoader({ storedParses: false }));
    let builtin = 0;
    const differ: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const x = runGameText(text, file, a);
      const y = runGameText(text, file, b);
      if (x.variant?.path.startsWith(variantsDir)) builtin++;
      if (outcome(x) !== outcome(y)) differ.push(relative(TEST_DIR, file));
    }
    expect(differ).toEqual([]);
    // Most games name a built-in variant: the store was in use.
    expect(builtin).toBeGreaterThan(files.length / 2);
  });
});
