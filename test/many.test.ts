// `adjudicateMany` and `AdjudicatorPool` on worker threads (the built engine,
// whose worker script is compiled JavaScript): the results are those of
// `replayGame` in the calling thread, in the order of the games, with illegal
// orders among the legal ones; a pool serves several calls; a game the board
// cannot play rejects the call and leaves the pool usable.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  adjudicateMany,
  AdjudicatorPool,
  compileBoard,
  initialPosition,
  mulberry32,
  replayGame,
  type ManyGame,
  type Order,
  type Position,
  type VariantConfig,
} from '@dipforge/engine';
import { randomPlay } from '../packages/engine/test/helpers/random-play.js';
// The engine's test helpers are typed against its sources, these tests run its build: the same class, two declarations.
import type { Board as SourceBoard } from '../packages/engine/src/board/board.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLASSIC = JSON.parse(readFileSync(join(ROOT, 'packages', 'engine', 'test', 'fixtures', 'classic.json'), 'utf8')) as VariantConfig;
const board = compileBoard(CLASSIC);
const rules = CLASSIC.rules;

/** A seeded random game of `phases` phases, with two illegal orders added to each movement phase. */
function randomGame(seed: number, phases: number): ManyGame {
  const alter = (position: Position, orders: Order[]): Order[] => {
    if (position.phase.kind === 'movement') {
      const u = position.units[0]!;
      orders[0] = { type: 'move', power: u.power, unit: { kind: u.kind, at: u.at }, to: 'mos', viaConvoy: false };
      orders.push({ type: 'hold', power: 'turkey', unit: { kind: 'army', at: 'nowhere' } });
    }
    return orders;
  };
  const play = randomPlay(board as unknown as SourceBoard, rules, initialPosition(CLASSIC), { rng: mulberry32(seed), seed, phases, uniform: seed % 2 === 0, alter });
  return { phases: play.phases.map((p) => p.orders), seed };
}

const GAMES = Array.from({ length: 7 }, (_, i) => randomGame(20 + i, 6 + 5 * i));
const REFERENCE = GAMES.map((g) => replayGame(board, rules, g));

describe('adjudicateMany', () => {
  it('on 2 worker threads gives replayGame\'s results, in the order of the games', async () => {
    const results = await adjudicateMany(CLASSIC, GAMES, { threads: 2 });
    expect(results).toEqual(REFERENCE);
    expect(REFERENCE.reduce((n, r) => n + r.illegal, 0)).toBeGreaterThan(0);
  });

  it('in the calling thread (threads: 0) gives the same', async () => {
    expect(await adjudicateMany(CLASSIC, GAMES, { threads: 0 })).toEqual(REFERENCE);
  });

  it('a pool serves several calls (its string table grows between them), and a bad game rejects one call only', async () => {
    const pool = new AdjudicatorPool(CLASSIC, 3);
    try {
      expect(await pool.adjudicateMany(GAMES.slice(0, 3))).toEqual(REFERENCE.slice(0, 3));
      const more = [randomGame(40, 12), ...GAMES];
      expect(await pool.adjudicateMany(more)).toEqual([replayGame(board, rules, more[0]!), ...REFERENCE]);
      const start = { ...initialPosition(CLASSIC), units: [{ power: 'france', kind: 'army' as const, at: 'atlantis' }] };
      await expect(pool.adjudicateMany([...GAMES, { phases: [[]], start }])).rejects.toThrow(/unknown location "atlantis"/);
      expect(await pool.adjudicateMany([])).toEqual([]);
      expect(await pool.adjudicateMany(GAMES)).toEqual(REFERENCE);
    } finally {
      await pool.close();
    }
  });
});
