/**
 * Game files in the old rules' postal year (text 000 §3, §10, §11): only
 * movement phases are written; retreat, build and disband lists are orders of
 * those phases; what an expect block sees is the position after the retreats
 * and, in the fall, the adjustments; a retreat or adjustment phase line is a
 * diagnostic that says where those orders go instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { variantsDir } from '@dipforge/variants';
import { describe, expect, it } from 'vitest';
import { runGameFile } from '../src/game/api.js';
import type { GameRun } from '../src/game/run.js';
import { GameWorkspace } from '../src/game/workspace.js';
import { MemoryHost } from '../src/workspace/host.js';
import { VariantLoader } from '../src/workspace/loader.js';
import type { Range } from '../src/text/range.js';
import { locate } from './helpers.js';

/** A range as [line, column, end line, end column], the form `locate` gives. */
const span = (r: Range | undefined): number[] | undefined => r && [r.start.line, r.start.column, r.end.line, r.end.column];

const BUILTIN = '/builtin';
const GAME = '/proj/game.dipgame';

function play(text: string): GameRun {
  const files: Record<string, string> = {
    '/proj/package.json': '{}',
    [`${BUILTIN}/classic/classic.dipmap`]: readFileSync(join(variantsDir, 'classic', 'classic.dipmap'), 'utf8'),
    [GAME]: text,
  };
  for (const f of readdirSync(join(variantsDir, 'editions'))) {
    if (f.endsWith('.dipmap')) files[`${BUILTIN}/editions/${f}`] = readFileSync(join(variantsDir, 'editions', f), 'utf8');
  }
  return runGameFile(GAME, new GameWorkspace(new VariantLoader({ host: new MemoryHost(files), builtinDir: BUILTIN })));
}

const YEAR = `variant classic
edition old-rules
seed 1
position spring 1901 movement
  germany: A mun, A ber
  austria: A boh, A tyr
  owners germany: ber, kie, mun
  owners austria: bud, tri, vie
phase spring 1901 movement
  germany:
    A mun H retreat sil, ruh   [fails]
    A ber H
  austria:
    A boh - mun                [succeeds]
    A tyr S A boh - mun
expect
  dislodged germany: A mun from boh
  units germany: A ber, A sil
  units austria: A mun, A tyr
phase fall 1901 movement
  germany:
    A sil H
    A ber H
  austria:
    A mun H
    A tyr H
    Build A vie, F tri, A bud  [succeeds]
expect
  units germany: A ber, A sil
  units austria: A mun, A tyr, A vie, F tri
  owners germany: ber, kie
  owners austria: bud, mun, tri, vie
`;

describe('the postal year in game files', () => {
  it('has only movement phases; expectations see the position after the retreats and adjustments', () => {
    const run = play(YEAR);
    expect(run.diagnostics).toEqual([]);
    expect(run.complete).toBe(true);
    expect(run.expectations.filter((e) => !e.ok)).toEqual([]);
    expect(run.phases.map((p) => `${p.phase.season} ${p.phase.kind}`)).toEqual(['spring movement', 'fall movement']);
    expect(run.phases[0]?.result.retreats).toMatchObject([{ outcome: 'retreats', to: 'sil', by: 'list' }]);
    expect(run.phases[1]?.result.adjustments?.find((a) => a.power === 'austria')?.built.map((u) => u.at)).toEqual(['vie', 'tri']);
    expect(run.final?.phase).toEqual({ year: 1902, season: 'spring', kind: 'movement' });
  });

  it('a retreat phase line is a diagnostic saying that retreats go with the movement orders', () => {
    const text = YEAR.replace('phase fall 1901 movement', 'phase spring 1901 retreat\n  germany: A sil - boh\nphase fall 1901 movement');
    const run = play(text);
    const d = run.diagnostics.find((x) => x.code === 'DF6005');
    expect(span(d?.range)).toEqual(locate(text, 'spring 1901 retreat'));
    expect(d?.message).toBe(
      'The year of Classic under these rules has no spring retreat phase; its phases are spring movement, fall movement ' +
        '(under year-shape postal retreats are written with the movement orders as priority lists: A mun H retreat ber, kie). ' +
        "The game is written in separate phases, for another edition's year: convert the game to old-rules (dipforge convert --edition old-rules, or the quick fix on this line in the editor)",
    );
    expect(run.complete).toBe(false);
  });

  it('an adjustment phase line is a diagnostic saying that builds and disbands go with the fall orders', () => {
    const text = `${YEAR}phase winter 1901 adjustment\n  germany: Build A mun\n`;
    const run = play(text);
    const d = run.diagnostics.find((x) => x.code === 'DF6005');
    expect(span(d?.range)).toEqual(locate(text, 'winter 1901 adjustment'));
    expect(d?.message).toContain('has no winter adjustment phase');
    expect(d?.message).toContain('builds and disbands are written with the fall movement orders as priority lists');
    expect(d?.message).toContain('convert the game to old-rules');
  });

  it('a list that cannot be read points at the bad word', () => {
    const text = YEAR.replace('A mun H retreat sil, ruh   [fails]', 'A mun H retreat sil, xyz');
    const run = play(text);
    const d = run.diagnostics.find((x) => x.code === 'DF2001');
    expect(span(d?.range)).toEqual(locate(text, 'xyz'));
  });
});
