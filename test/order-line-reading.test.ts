/**
 * The game parser reads a plain order line (`A vie - tri`, `A vie - tri [succeeds]`) without
 * tokens, and leaves every other line to its general reader. Both must give the same: on every
 * game file under test/ and variants/, each line ending in `]` is given a comment, which sends it
 * to the general reader without changing what it says, and the syntax tree, the problems, every
 * phase's results and every expectation must come out the same as from the file as written (every
 * line and column the same; offsets, which the comments move, left out of the comparison).
 * `npm test` compares one file in three, the slow run every one (test/helpers/depth.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { depthSample, FULL_DEPTH } from './helpers/depth.js';
import { gameFiles } from './helpers/game-files.js';
import { GameWorkspace, parseGame, runGame, type GameRun, type ParsedGame } from '@dipforge/dsl';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Each line that ends in `]` (after blanks) with ` //` after it: a comment the general reader skips. */
function commented(text: string): { text: string; lines: number } {
  let lines = 0;
  const out = text.replace(/\](?=[ \t]*(\r?\n|$))/g, () => {
    lines++;
    return '] //';
  });
  return { text: out, lines };
}

/** A value as JSON without its offsets (the comments move them; lines and columns stay). */
const noOffsets = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'offset' ? undefined : v)));

/** What a run came to, without the file's own text: problems, results, positions, expectations. */
function outcome(run: GameRun): unknown {
  return noOffsets({
    diagnostics: run.diagnostics,
    phases: run.phases.map((p) => ({ phase: p.phase, orders: p.orders, result: p.result, incomplete: p.incomplete, victory: p.victory })),
    expectations: run.expectations,
    complete: run.complete,
    final: run.final,
  });
}

const tree = (p: ParsedGame): unknown => noOffsets({ ast: p.ast, diagnostics: p.diagnostics });

describe('order lines read without tokens and by the general reader', () => {
  const files = [...gameFiles(join(ROOT, 'test')), ...gameFiles(join(ROOT, 'variants'))];

  it('finds game files with results written on order lines', () => {
    expect(files.length).toBeGreaterThan(300);
    const withResults = files.filter((f) => commented(readFileSync(f, 'utf8')).lines > 0);
    expect(withResults.length).toBeGreaterThan(100);
  });

  it('gives the same syntax tree, problems, results and expectations on every game file', () => {
    const workspace = new GameWorkspace();
    let changed = 0;
    for (const file of depthSample(files, 3)) {
      const text = readFileSync(file, 'utf8');
      const other = commented(text);
      if (other.lines === 0) continue;
      changed += other.lines;
      const fast = parseGame(text, file);
      const general = parseGame(other.text, file);
      expect(tree(general), file).toEqual(tree(fast));
      expect(outcome(runGame(general, workspace)), file).toEqual(outcome(runGame(fast, workspace)));
    }
    expect(changed).toBeGreaterThan(FULL_DEPTH ? 1000 : 300);
  });

  it('reads results written in any case and spacing, and leaves anything else to the general reader', () => {
    const orders = [
      'A vie - tri [succeeds]',
      'A vie - tri[fails]',
      'A vie - tri [ Illegal ]',
      'A vie - tri\t[FAILS]\t',
      'A vie - tri [succeeds] x',
      'A vie - tri [succeeds-x]',
      'A vie - tri [constructor]',
      'A vie - tri [succeeds',
      'A vie - tri [] ',
      'A vie - tri [[fails]]',
      'A vie - tri ]',
      'A vie [fails] - tri [fails]',
    ];
    const game = (suffix: string): string =>
      `variant classic\n\nphase spring 1901 movement\n  austria:\n${orders.map((o) => `    ${o}${suffix}`).join('\n')}\n  england: F lon - nth [succeeds]${suffix}\n`;
    const fast = parseGame(game(''), 'cases.dipgame');
    const general = parseGame(game(' //'), 'cases.dipgame');
    expect(tree(general)).toEqual(tree(fast));
    // The first four carry their results; the rest are problems of the general reader's.
    const phase = fast.ast.phases[0]!;
    expect(phase.orders.slice(0, 4).map((o) => o.expected?.value)).toEqual(['succeeds', 'fails', 'illegal', 'fails']);
    expect(phase.orders.slice(0, 4).map((o) => o.text.text)).toEqual(['A vie - tri', 'A vie - tri', 'A vie - tri', 'A vie - tri']);
    // Each of the next seven is a result written wrong, `[constructor]` too (a name every object has).
    const wrong = fast.diagnostics.filter((d) => d.code === 'DF6004');
    expect(wrong.map((d) => d.range.start.line)).toEqual([8, 9, 10, 11, 12, 13, 14]);
  });
});
