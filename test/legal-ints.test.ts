// The integer legal-order API (`LegalOrderTable`) and the friendly one
// (`legalOrders`) agree on the positions of real games: every phase of the
// games in test/games, each read and played by the game runner under its own
// edition, and positions drawn from them with random legal orders played on. `npm test` takes
// one game in two, the slow run every one (test/helpers/depth.ts).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GameWorkspace, testGameFile } from '@dipforge/dsl';
// The engine's sources, as its test helper uses: one module instance, one declaration of each class.
import { adjudicatePhase, compileBoard, legalOrders, LegalOrderTable, mulberry32, phaseIsEmpty, randomOrders, type Position } from '../packages/engine/src/index.js';
import { expectAgreement } from '../packages/engine/test/helpers/legal-agreement.js';
import { depthSample } from './helpers/depth.js';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'games');
const GAMES = depthSample(readdirSync(DIR).filter((f) => f.endsWith('.dipgame')).sort(), 2);

describe('LegalOrderTable and legalOrders agree on real games', () => {
  for (const file of GAMES) {
    it(file, () => {
      const run = testGameFile(join(DIR, file), new GameWorkspace()).run;
      expect(run.config, 'the game compiles').toBeDefined();
      const board = compileBoard(run.config!);
      const rules = run.rules!;
      const table = new LegalOrderTable(board);
      const check = (position: Position): number => expectAgreement(board, table.fill(position, rules), legalOrders(board, position, rules), position, rules);
      let orders = 0;
      let positions = 0;
      const rng = mulberry32(7);
      for (const phase of run.phases) {
        orders += check(phase.before);
        positions++;
        // A few phases on from here with random legal orders: positions the players did not reach.
        let position = phase.before;
        for (let k = 0; k < 3; k++) {
          if (phaseIsEmpty(board, rules, position)) position = adjudicatePhase(board, position, [], rules, { seed: k }).next;
          position = adjudicatePhase(board, position, randomOrders(board, position, rules, rng), rules, { seed: k }).next;
          orders += check(position);
          positions++;
        }
      }
      expect(run.phases.length).toBeGreaterThan(20);
      expect(positions).toBe(run.phases.length * 4);
      expect(orders).toBeGreaterThan(positions * 10);
    });
  }
});
