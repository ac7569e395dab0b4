/**
 * Misspelt names in a game file's orders (docs/GAME-LANGUAGE.md, "Misspelt names"):
 * read as the one name they are close to, each with a DF8030 warning over the
 * misspelt words; ambiguous or far ones stay errors.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { variantsDir } from '@dipforge/variants';
import { describe, expect, it } from 'vitest';
import { runGameFile } from '../src/game/api.js';
import { GameWorkspace } from '../src/game/workspace.js';
import { MemoryHost } from '../src/workspace/host.js';
import { VariantLoader } from '../src/workspace/loader.js';
import { expectExactly, locate } from './helpers.js';

const BUILTIN = '/builtin';
const GAME = '/proj/game.dipgame';

function play(text: string) {
  const files: Record<string, string> = {
    '/proj/package.json': '{}',
    [`${BUILTIN}/classic/classic.dipmap`]: readFileSync(join(variantsDir, 'classic', 'classic.dipmap'), 'utf8'),
    [GAME]: text,
  };
  for (const f of readdirSync(join(variantsDir, 'editions'))) {
    if (f.endsWith('.dipmap')) files[`${BUILTIN}/editions/${f}`] = readFileSync(join(variantsDir, 'editions', f), 'utf8');
  }
  const run = runGameFile(GAME, new GameWorkspace(new VariantLoader({ host: new MemoryHost(files), builtinDir: BUILTIN })));
  return { run, problems: run.diagnostics.filter((d) => d.file === GAME) };
}

describe('misspelt names in orders', () => {
  // A game file's `POWER:` lines are statements of the game language and name powers exactly (DF2002).
  it('are read with a DF8030 warning over the misspelt words, and the orders are adjudicated', () => {
    const text = `variant classic
phase spring 1901 movement
  france:
    A par - Burgandy [succeeds]
    A mar - Spian
  england:
    F edi - Norwegain Sea [succeeds]
`;
    const { run, problems } = play(text);
    expectExactly(problems, [
      ['DF8030', locate(text, 'Burgandy')],
      ['DF2001', locate(text, 'Spian')],
      ['DF8030', locate(text, 'Norwegain Sea')],
    ]);
    const burgundy = problems.find((d) => d.code === 'DF8030');
    expect(burgundy?.severity).toBe('warning');
    expect(burgundy?.message).toBe("read 'Burgandy' as bur (Burgundy)");
    // 'Spian' is two edits from Spain: too far to be read as it for five letters, so an error, and the army stays;
    // as a typing slip (two letters swapped) it is close enough to be suggested.
    expect(problems.filter((d) => d.code === 'DF2001').map((d) => d.message)).toEqual(["unknown province 'Spian'; did you mean 'spa' (Spain)?"]);
    expect(run.expectations.map((e) => e.ok)).toEqual([true, true]);
    const at = (power: string) => run.final?.units.filter((u) => u.power === power).map((u) => u.at).sort();
    expect(at('france')).toEqual(['bre', 'bur', 'mar']);
    expect(at('england')).toEqual(['lon', 'lvp', 'nwg']);
  });

  it('a name close to two provinces, or to none, is still an error', () => {
    const text = 'variant classic\nphase spring 1901 movement\n  england:\n    A lvp - Nales\n    F lon - brigawly\n';
    const { problems } = play(text);
    expectExactly(problems, [
      ['DF2001', locate(text, 'Nales')],
      ['DF2001', locate(text, 'brigawly')],
    ]);
  });
});
