/**
 * `legalOrders` on every published variant against the plain reference decoder
 * of the engine's tests (packages/engine/test/helpers/legal-reference.ts), on
 * the positions of a seeded random game each: the same keys, orders and
 * properties in the same order, and unit references shared the same way.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileMapFile, VariantLoader } from '@dipforge/dsl';
import { adjudicatePhase, compileBoard, initialPosition, legalOrders, LegalOrderTable, mulberry32, phaseIsEmpty, randomOrders, type Position, type VariantConfig } from '@dipforge/engine';
import { expectSameLegalOrders, referenceDecode } from '../packages/engine/test/helpers/legal-reference.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const VARIANTS = readdirSync(join(ROOT, 'variants'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'editions')
  .map((d) => d.name)
  .sort();

describe('legalOrders on every variant says what the plain decoder says', () => {
  it('finds the variants', () => expect(VARIANTS.length).toBeGreaterThanOrEqual(10));
  for (const name of VARIANTS) {
    it(name, () => {
      const config = compileMapFile(new VariantLoader().builtinVariantPath(name)).config as VariantConfig;
      expect(config).toBeDefined();
      const board = compileBoard(config);
      const rules = config.rules;
      const table = new LegalOrderTable(board);
      const rng = mulberry32(41);
      let position: Position = initialPosition(config);
      let orders = 0;
      for (let k = 0, skipped = 0; k < 24 && skipped < 64; ) {
        if (phaseIsEmpty(board, rules, position)) {
          position = adjudicatePhase(board, position, [], rules, { seed: 41 }).next;
          skipped++;
          continue;
        }
        skipped = 0;
        const where = `${name}, ${position.phase.season} ${position.phase.year} ${position.phase.kind}`;
        const legal = legalOrders(board, position, rules);
        orders += expectSameLegalOrders(legal, referenceDecode(table.fill(position, rules), rules), where);
        position = adjudicatePhase(board, position, randomOrders(board, position, rules, rng, { legal, uniform: k % 2 === 1 }), rules, { seed: 41 }).next;
        k++;
      }
      expect(orders).toBeGreaterThan(500);
    });
  }
});
