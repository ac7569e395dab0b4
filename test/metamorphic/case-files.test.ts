/**
 * Every DATC case file and every rule case, laid out 20 ways (seeded, see
 * `layout.ts`): the units of the `position` in any order, the power blocks of
 * each phase and the order lines within a block shuffled, except the lines a
 * rule reads in the order written (`pinnedLines`). Each layout, played by the
 * game runner (the friendly path, `adjudicatePhase`), must give the same
 * result for every order (matched by what it says, never by index), the same
 * positions (as sets) and meet the same expectations as the file itself; its
 * phases, played again on the integer path (`GameStateInts`, the ints
 * adjudicators) with the position listed in a new order before every phase,
 * must give what the file's own layout gives there. Every other layout also
 * renames the powers, in the variant and the file alike (`rename.ts`), and
 * must give the same once the names are put back.
 *
 * `npm test` plays the first 2 layouts of each file, the slow run all 20
 * (test/helpers/depth.ts); `DIPFORGE_META_LAYOUTS=N` sets the number of layouts per file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGame, runGame, runGameText, type GameRun, type GameWorkspace } from '@dipforge/dsl';
import type { Board } from '@dipforge/engine';
import { CASE_FOLDERS, caseFiles, pinnedLines, ROOT } from './case-files.js';
import { IntsPlayer } from './ints.js';
import { relayout } from './layout.js';
import { rngFor } from './shuffle.js';
import { renamed, renamedBack, renamedWorkspace, summariesBack } from './rename.js';
import { firstDifference, runSummary, type PhaseSummary } from './summary.js';
import { workspace } from './workspace.js';
import { depth } from '../helpers/depth.js';

// `npm test` takes the first 2 (the second renamed), the slow run all 20.
const LAYOUTS = Number(process.env.DIPFORGE_META_LAYOUTS ?? depth(2, 20));

const players = new WeakMap<Board, IntsPlayer>();

const errorsOf = (run: GameRun): string => run.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message).join('; ');
const unmet = (run: GameRun): number => run.expectations.filter((e) => !e.ok).length;

/** The integer path's summaries of a run's phases, from its start as listed (and, with `shuffle`, listed anew before each phase). */
function intsSummary(run: GameRun, ws: GameWorkspace, shuffle?: string): PhaseSummary[] {
  const board = ws.board(run.variant!, run.config!);
  let player = players.get(board);
  if (!player) players.set(board, (player = new IntsPlayer(board)));
  const phases = run.phases.map((p) => p.orders.map((o) => o.order));
  return player.play(run.rules!, run.seed ?? 0, run.start!, phases, shuffle === undefined ? undefined : rngFor(shuffle));
}

/**
 * What differs between the file and its layouts: one entry per layout that
 * differs, with the layout's text. Every other layout also renames the powers
 * (`rename.ts`), its results told with the old names again.
 */
function layoutDifferences(folder: string, name: string): string[] {
  const path = join(ROOT, folder, name);
  const parsed = parseGame(readFileSync(path, 'utf8'), path);
  const run = runGame(parsed, workspace);
  const base = runSummary(run);
  const baseInts = intsSummary(run, workspace);
  const pinned = pinnedLines(run);
  const out: string[] = [];
  for (let k = 0; k < LAYOUTS; k++) {
    const seed = `${folder}/${name}#${k}`;
    const rename = k % 2 === 1;
    const laidOut = relayout(parsed, rngFor(seed), { pinned: (line) => pinned.has(line) });
    const text = rename ? renamed(laidOut) : laidOut;
    const ws = rename ? renamedWorkspace : workspace;
    const back = rename ? summariesBack : (s: PhaseSummary[]): PhaseSummary[] => s;
    const other = runGameText(text, path, ws);
    const problems = [
      renamedBack(errorsOf(other)) !== errorsOf(run) ? `errors [${errorsOf(other)}]` : undefined,
      unmet(other) !== unmet(run) ? `${unmet(other)} expectations unmet against ${unmet(run)}` : undefined,
      firstDifference(base, back(runSummary(other))),
      other.phases.length === run.phases.length ? firstDifference(baseInts, back(intsSummary(other, ws, seed))) : undefined,
    ].filter((p) => p !== undefined);
    if (problems.length > 0) out.push(`layout ${k}${rename ? ' (powers renamed)' : ''}: ${problems.join('\n  ')}\n${text}`);
  }
  return out;
}

for (const folder of CASE_FOLDERS) {
  describe(`${folder}: ${LAYOUTS} layouts of each file`, () => {
    const files = caseFiles(folder);

    it('has its files', () => {
      expect(files.length).toBeGreaterThan(30);
    });

    it.each(files)('%s', (name) => {
      const differences = layoutDifferences(folder, name);
      expect(differences.slice(0, 2).join('\n'), `${differences.length} of ${LAYOUTS} layouts differ`).toBe('');
    });
  });
}
