/**
 * Games played one after another on the same compiled board (as the language
 * server and `dipforge test` do) must not see each other: the second game's
 * results are those it gets on its own.
 */
import { mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GameWorkspace, testGameFile } from '@dipforge/dsl';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'dipforge-reuse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(join(dir, 'package.json'), '{}');
copyFileSync(join(ROOT, 'variants', 'classic', 'examples', '1901.dipgame'), join(dir, 'first.dipgame'));
writeFileSync(
  join(dir, 'second.dipgame'),
  [
    'variant classic',
    'position spring 1901 movement',
    '  austria: A boh',
    '  germany: A mun, A sil',
    'phase spring 1901 movement',
    '  germany:',
    '    A mun - boh          [succeeds]',
    '    A sil S A mun - boh  [succeeds]',
    'expect',
    '  dislodged austria: A boh',
    '',
  ].join('\n'),
);

describe('one board, several games', () => {
  it('a supported attack succeeds on its own', () => {
    expect(testGameFile(join(dir, 'second.dipgame'), new GameWorkspace()).passed).toBe(true);
  });

  it('and still succeeds after another game was played on the same board', () => {
    const workspace = new GameWorkspace();
    expect(testGameFile(join(dir, 'first.dipgame'), workspace).passed).toBe(true);
    const second = testGameFile(join(dir, 'second.dipgame'), workspace);
    expect(second.failures.map((f) => f.message)).toEqual([]);
    expect(second.passed).toBe(true);
  });
});
