/**
 * The layouts the metamorphic tests play are other layouts of the same game:
 * every unit, owner and order line is still there (so a layout that passes
 * proves something about that game), the order of units, lines and blocks
 * does change across seeds (so it proves something about layouts), pinned
 * lines keep their relative order, and a renamed file names no power the
 * old way. And the comparison sees a changed result.
 */
import { describe, expect, it } from 'vitest';
import { parseGame, runGameText } from '@dipforge/dsl';
import { relayout } from './layout.js';
import { renamed, renamedWorkspace } from './rename.js';
import { rngFor } from './shuffle.js';
import { firstDifference, runSummary } from './summary.js';
import { workspace } from './workspace.js';

const GAME = `// a comment that goes
variant classic
edition 2023

position winter 1901 adjustment
  germany: A ber, A mun, A hol
  france: A par
  owners germany: ber, mun, kie, hol, den
  owners france: par, bre

phase winter 1901 adjustment
  germany:
    Build F kie
    Build A kie
  france:
    Build F bre
    Waive

expect
  units germany: A ber, A mun, A hol, F kie
`;

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('//'));
const sorted = (list: string[]): string[] => [...list].sort();

describe('relayout', () => {
  const parsed = parseGame(GAME, 'layout.dipgame');
  const kie = parsed.ast.phases[0]!.orders.filter((l) => l.text.text.includes('kie'));
  const layouts = Array.from({ length: 20 }, (_, k) => relayout(parsed, rngFor(`layout#${k}`), { pinned: (l) => kie.includes(l) }));

  it('keeps every unit, owner, order line and expectation', () => {
    const expected = sorted(['germany: A ber', 'germany: A mun', 'germany: A hol', 'france: A par', ...lines(GAME).filter((l) => !/^(germany|france): A/.test(l) && !l.startsWith('owners'))]);
    for (const text of layouts) {
      const found = lines(text).filter((l) => !l.startsWith('owners'));
      expect(sorted(found)).toEqual(expected);
      const owned = lines(text).filter((l) => l.startsWith('owners')).map((l) => l.split(/[:,]\s*/).slice(1).sort().join(','));
      expect(owned.sort()).toEqual(['ber,den,hol,kie,mun', 'bre,par']);
    }
  });

  it('lists the units, the blocks and the lines in other orders, the pinned lines in theirs', () => {
    const units = new Set(layouts.map((t) => lines(t).filter((l) => / A [a-z]{3}$/.test(l) && !l.includes('units')).join('|')));
    const blocks = new Set(layouts.map((t) => lines(t).filter((l) => l.endsWith(':')).join('|')));
    const france = new Set(layouts.map((t) => lines(t).filter((l) => l === 'Build F bre' || l === 'Waive').join('|')));
    expect(units.size).toBeGreaterThan(10);
    expect(blocks.size).toBe(2);
    expect(france.size).toBe(2);
    for (const text of layouts) expect(text.indexOf('Build F kie')).toBeLessThan(text.indexOf('Build A kie'));
  });

  it('renamed, names no power the old way, and the old names are no longer powers', () => {
    const text = renamed(layouts[0]!);
    expect(text).not.toMatch(/germany|france/i);
    expect(runGameText(text, 'layout.dipgame', renamedWorkspace).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(runGameText(layouts[0]!, 'layout.dipgame', renamedWorkspace).diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });

  it('a changed result is a difference', () => {
    const run = runSummary(runGameText(GAME, 'layout.dipgame', workspace));
    const other = runSummary(runGameText(GAME.replace('Build F kie\n    Build A kie', 'Build A kie\n    Build F kie'), 'layout.dipgame', workspace));
    expect(firstDifference(run, run)).toBeUndefined();
    expect(firstDifference(run, other)).toMatch(/winter 1901 adjustment, results/);
  });
});
