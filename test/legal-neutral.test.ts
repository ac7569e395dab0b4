/**
 * Neutral units (Western World 901) take no orders: the legal orders of a
 * phase have no entry for them, every legal order is some power's, and random
 * play gives no order the adjudicator calls illegal.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileMapFile } from '@dipforge/dsl';
import { adjudicatePhase, compileBoard, initialPosition, legalOrders, mulberry32, NEUTRAL_POWER, randomOrders, type Position } from '@dipforge/engine';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const config = compileMapFile(join(ROOT, 'variants/western-world-901/western-world-901.dipmap')).config!;

describe('legal orders with neutral units', () => {
  it('none for a neutral unit, and every order names its power', () => {
    expect(config).toBeDefined();
    const board = compileBoard(config);
    const start = initialPosition(config);
    const neutral = start.units.filter((u) => u.power === NEUTRAL_POWER);
    expect(neutral.length).toBe(28);
    const legal = legalOrders(board, start, config.rules);
    for (const u of neutral) expect(legal.has(u.at), u.at).toBe(false);
    const orders = [...legal.values()].flat();
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.filter((o) => !('power' in o) || !o.power || o.power === NEUTRAL_POWER)).toEqual([]);
    // A neutral army's hold may still be supported by a power's unit next to it.
    const supportsOfNeutral = orders.filter((o) => o.type === 'support' && neutral.some((u) => u.at === o.supported.at));
    expect(supportsOfNeutral.length).toBeGreaterThan(0);
  });

  it('random play for a few years: no illegal order', () => {
    const board = compileBoard(config);
    const rng = mulberry32(7);
    let position: Position = initialPosition(config);
    let illegal = 0;
    for (let i = 0; i < 30; i++) {
      const orders = randomOrders(board, position, config.rules, rng);
      const result = adjudicatePhase(board, position, orders, config.rules, { seed: 7 });
      illegal += result.results.filter((r) => r.status === 'illegal').length;
      position = result.next;
    }
    expect(illegal).toBe(0);
  });
});
