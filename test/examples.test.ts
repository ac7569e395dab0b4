/**
 * The example games shipped with the built-in variants play as they say: every
 * expectation written in them holds. (The demo adjudicates the classic one.)
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GameWorkspace, testGameFile } from '@dipforge/dsl';

const VARIANTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'variants');

function exampleGames(): string[] {
  const out: string[] = [];
  for (const variant of readdirSync(VARIANTS, { withFileTypes: true })) {
    if (!variant.isDirectory()) continue;
    const dir = join(VARIANTS, variant.name, 'examples');
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.dipgame'));
    } catch {
      continue;
    }
    for (const f of files) out.push(join(dir, f));
  }
  return out.sort();
}

describe('example games of the built-in variants', () => {
  const games = exampleGames();

  it('classic has at least one example game', () => {
    expect(games.some((g) => g.includes(join('classic', 'examples')))).toBe(true);
  });

  const workspace = new GameWorkspace();
  for (const game of games) {
    it(`${game.slice(VARIANTS.length + 1)} meets every expectation it writes`, () => {
      const result = testGameFile(game, workspace);
      expect(result.failures.map((f) => f.message)).toEqual([]);
      expect(result.passed).toBe(true);
      expect(result.run.expectations.length).toBeGreaterThan(10);
      expect(result.run.complete).toBe(true);
    });
  }
});
