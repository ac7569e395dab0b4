// The wire form of `adjudicateMany`'s batches: every order kind and optional
// field comes back as it went, seeds and start positions too; the board's names
// travel as its ids, other strings through a table sent once per worker; and
// batches cover the games in order, balanced by phases.
import { describe, expect, it } from 'vitest';
import type { Order } from '../src/orders/order.js';
import type { ManyGame } from '../src/many/replay.js';
import { planBatches } from '../src/many/pool.js';
import { compileBoard } from '../src/board/board.js';
import { decodeGames, WireEncoder } from '../src/many/wire.js';
import { initialPosition } from '../src/game/runner.js';
import { CLASSIC } from './helpers/classic.js';

const ORDERS: Order[] = [
  { type: 'hold', power: 'france', unit: { kind: 'army', at: 'par' } },
  { type: 'hold', power: 'france', unit: { at: 'par' }, retreat: { to: ['bur', 'pic'], otherwise: 'disband' } },
  { type: 'hold', power: 'france', unit: { kind: 'fleet', at: 'bre' }, retreat: { to: [], otherwise: 'disband' } },
  { type: 'move', power: 'england', unit: { kind: 'army', at: 'lon' }, to: 'nwy', viaConvoy: true, path: ['nth'] },
  { type: 'move', power: 'england', unit: { kind: 'fleet', at: 'nth' }, to: 'nwy', viaConvoy: false },
  { type: 'move', power: 'england', unit: { at: 'lvp' }, to: 'yor' } as Order,
  { type: 'move', power: 'russia', unit: { kind: 'fleet', at: 'stp/sc' }, to: 'bot', viaConvoy: false, retreat: { to: ['fin'], otherwise: 'default' } },
  { type: 'support', power: 'germany', unit: { kind: 'army', at: 'mun' }, supported: { power: 'austria', kind: 'army', at: 'vie' }, to: 'boh' },
  { type: 'support', power: 'germany', unit: { kind: 'army', at: 'mun' }, supported: { at: 'ber' } },
  { type: 'convoy', power: 'england', unit: { kind: 'fleet', at: 'nth' }, army: { kind: 'army', at: 'lon' }, to: 'nwy', retreat: { to: ['hel'], otherwise: 'default' } },
  { type: 'retreat', power: 'italy', unit: { kind: 'army', at: 'ven' }, to: 'pie' },
  { type: 'disband', power: 'italy', unit: { kind: 'fleet', at: 'nap' } },
  { type: 'build', power: 'russia', kind: 'fleet', at: 'stp/nc' },
  { type: 'build', power: 'russia', at: 'mos' },
  { type: 'waive', power: 'turkey' },
  { type: 'build-list', power: 'italy', builds: [{ kind: 'fleet', at: 'nap' }, { at: 'rom' }] },
  { type: 'disband-list', power: 'austria', units: [{ kind: 'army', at: 'bud' }, { at: 'tri' }] },
  { type: 'something else', power: 'austria', note: 42 } as unknown as Order,
];

describe('wire form of games', () => {
  const board = compileBoard(CLASSIC);

  it('every order kind and optional field, seeds and start positions come back as they went', () => {
    const start = initialPosition(CLASSIC);
    const games: ManyGame[] = [
      { phases: [ORDERS.slice(0, 8), [], ORDERS.slice(8)], seed: 12345 },
      { phases: [ORDERS], seed: 0xffffffff, start },
      { phases: [[ORDERS[0]!]], seed: 1.5 },
      { phases: [] },
    ];
    const encoder = new WireEncoder(board);
    const batch = encoder.encode(games, 0, games.length);
    const back = decodeGames(batch, board, [...encoder.strings.list]);
    expect(back).toEqual([games[0], games[1], games[2], { phases: [], seed: 0 }]);
    expect(back[1]!.start).toEqual(start);
  });

  it('names the board does not know, or in the wrong place, and values of the wrong type come back as they went', () => {
    const odd: Order[] = [
      { type: 'hold', power: 'atlantis', unit: { kind: 'army', at: 'nowhere', power: 'france' } },
      { type: 'move', power: 'france', unit: { kind: 'zeppelin', at: 'par' }, to: 'france' } as unknown as Order,
      { type: 'support', power: 'par', unit: { kind: 'army', at: 'france' }, supported: { kind: 'fleet', at: 'PAR', power: 'neutral' }, to: 'Bur' },
      { type: 'build', power: 'russia', kind: 'army', at: 'stp/xx' },
      { type: 'hold', power: 7, unit: { kind: 3, at: 12 } } as unknown as Order,
      { type: 'move', power: 'france', unit: { at: 'par' } } as unknown as Order,
    ];
    const encoder = new WireEncoder(board);
    const games: ManyGame[] = [{ phases: [odd], seed: 1 }];
    const back = decodeGames(encoder.encode(games, 0, 1), board, [...encoder.strings.list]);
    expect(back).toEqual(games);
    for (const s of ['atlantis', 'nowhere', 'zeppelin', 'france', 'par', 'PAR', 'neutral', 'Bur', 'stp/xx', 7, 3, 12]) expect(encoder.strings.list).toContain(s);
  });

  it("a game of the board's names needs no table; other strings are shared, so a second batch sends only new ones", () => {
    const encoder = new WireEncoder(board);
    const plain: ManyGame = { phases: [ORDERS.slice(3, 17).filter((o) => !('retreat' in o))], seed: 9 };
    expect(decodeGames(encoder.encode([plain], 0, 1), board, [])).toEqual([plain]);
    expect(encoder.strings.list).toEqual([]);
    const games: ManyGame[] = [{ phases: [ORDERS.slice(0, 3)], seed: 1 }, { phases: [ORDERS.slice(0, 3)], seed: 2 }, { phases: [ORDERS], seed: 3 }];
    const first = encoder.encode(games, 0, 1);
    const known = encoder.strings.list.length;
    expect(known).toBeGreaterThan(0);
    const second = encoder.encode(games, 1, 2);
    expect(encoder.strings.list.length).toBe(known);
    const third = encoder.encode(games, 2, 3);
    expect(encoder.strings.list.length).toBeGreaterThan(known);
    // The worker's copy grows with each batch's new strings.
    const worker = encoder.strings.list.slice(0, known);
    expect(decodeGames(first, board, worker)).toEqual([games[0]]);
    expect(decodeGames(second, board, worker)).toEqual([games[1]]);
    worker.push(...encoder.strings.list.slice(known));
    expect(decodeGames(third, board, worker)).toEqual([games[2]]);
  });
});

describe('planBatches', () => {
  const game = (phases: number): ManyGame => ({ phases: Array.from({ length: phases }, () => []) });

  it('cuts the games into contiguous runs, in order, covering each game once', () => {
    const games = [40, 40, 12, 64, 3, 40, 40, 40, 1, 50].map(game);
    for (const k of [1, 2, 3, 8, 10, 40]) {
      const batches = planBatches(games, k);
      expect(batches.length).toBeLessThanOrEqual(k);
      expect(batches[0]![0]).toBe(0);
      expect(batches[batches.length - 1]![1]).toBe(games.length);
      for (let i = 1; i < batches.length; i++) expect(batches[i]![0]).toBe(batches[i - 1]![1]);
      for (const [from, to] of batches) expect(to).toBeGreaterThan(from);
    }
  });

  it('balances the phases: 20 games of 40 phases in 8 batches of 2 or 3 games (as 2 workers get them)', () => {
    const batches = planBatches(Array.from({ length: 20 }, () => game(40)), 8);
    expect(batches.length).toBe(8);
    for (const [from, to] of batches) expect([2, 3]).toContain(to - from);
    expect(planBatches([], 4)).toEqual([]);
  });
});
