// Whether an order is never legal on its map (DF3030) is judged once per kept reading of its text
// (packages/dsl/src/game/orders.ts) or once per order object (run-orders.ts), never anew per line.
// Property: on every game file of the repository, the lines said never legal are exactly the lines
// whose orders the engine's `neverLegal`, asked directly of each order the run read, calls never
// legal (lines expecting [illegal] excepted), and the same in a second run on the same workspace,
// whose readings are all kept, and in a run after the readings are forgotten.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileBoard, neverLegal } from '@dipforge/engine';
import { GameWorkspace, parseGame, runGame, type GameRun } from '@dipforge/dsl';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const FOLDERS = ['test/games', 'test/rules', 'test/datc/v3.1'];

function files(): string[] {
  return FOLDERS.flatMap((d) => readdirSync(join(ROOT, d)).filter((f) => f.endsWith('.dipgame')).sort().map((f) => join(ROOT, d, f)));
}

const said = (run: GameRun): number[] => run.diagnostics.filter((d) => d.code === 'DF3030').map((d) => d.range.start.line).sort((a, b) => a - b);

/** The lines whose read orders the engine calls never legal, asked order by order. */
function oracle(run: GameRun): number[] {
  if (!run.config) return [];
  const board = compileBoard(run.config);
  const out: number[] = [];
  for (const phase of run.phases) {
    for (const o of phase.orders) {
      if (o.line.expected?.value === 'illegal' || o.result?.implicit) continue;
      if (neverLegal(board, o.order)) out.push(o.line.text.range.start.line);
    }
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

describe('orders never legal on the map, judged once per reading', () => {
  it('says the lines the engine judges never legal, fresh, with kept readings and after forgetting them', () => {
    const ws = new GameWorkspace();
    let withNever = 0;
    for (const file of files()) {
      const text = readFileSync(file, 'utf8');
      const first = runGame(parseGame(text, file), ws);
      const expected = oracle(first);
      if (expected.length > 0) withNever++;
      expect([...new Set(said(first))], file).toEqual(expected);
      expect([...new Set(said(runGame(parseGame(text, file), ws)))], file).toEqual(expected);
      ws.forgetOrderReadings();
      expect([...new Set(said(runGame(parseGame(text, file), ws)))], file).toEqual(expected);
    }
    // The property is only worth its name if some files have such orders.
    expect(withNever).toBeGreaterThan(0);
  });
});
