// Replaying games on the integer path (many/replay-ints.ts, what the workers of
// adjudicateMany run) gives replayGame's results field for field: under every
// edition (postal years fall back to adjudicatePhase for their movement
// phases), with orders that do not fit the integer form (those phases fall
// back), from start positions mid-game (dislodged units, standoffs) and from a
// start the integer state cannot hold (the whole game falls back). Clean games
// outside postal years never fall back, so the integer path is what is tested.
import { AdjudicatorPool, adjudicateMany } from '@dipforge/engine';
import { compileBoard, type Board } from '../src/board/board.js';
import type { RuleOptions } from '../src/config/rules.js';
import type { VariantConfig } from '../src/config/variant-config.js';
import { inAdvance } from '../src/adjudicate/postal.js';
import type { Position } from '../src/game/position.js';
import { initialPosition } from '../src/game/runner.js';
import { mulberry32, type Rng } from '../src/legal/index.js';
import { IntReplayer } from '../src/many/replay-ints.js';
import { replayGame, type ManyGame } from '../src/many/replay.js';
import { WireEncoder } from '../src/many/wire.js';
import type { Order } from '../src/orders/order.js';
import { describe, expect, it } from 'vitest';
import { CLASSIC } from './helpers/classic.js';
import { resolvedEditions } from './helpers/editions.js';
import { randomPlay } from './helpers/random-play.js';

/** An order that the integer form cannot say exactly, for a phase of this kind (null: none to spoil). */
function spoil(position: Position, orders: readonly Order[], rng: Rng): Order | null {
  const o = orders[Math.floor(rng() * orders.length)];
  switch (position.phase.kind) {
    case 'movement': {
      if (!o || !('unit' in o) || o.type === 'retreat' || o.type === 'disband') return null;
      switch (Math.floor(rng() * 6)) {
        case 0:
          return { ...o, unit: { ...o.unit, kind: o.unit.kind === 'army' ? 'fleet' : 'army' } } as Order;
        case 1:
          return { ...o };
        case 2:
          return { type: 'move', power: o.power, unit: o.unit, to: 'nwy', viaConvoy: true, path: ['nth'] };
        case 3:
          return { type: 'hold', power: o.power, unit: o.unit, retreat: { to: ['boh'], otherwise: 'disband' } };
        case 4:
          return { type: 'support', power: o.power, unit: o.unit, supported: { power: 'turkey', kind: 'army', at: 'mun' } };
        default:
          return { type: 'hold', power: o.power, unit: { kind: 'army', at: 'nowhere' } };
      }
    }
    case 'retreat':
      if (!o || o.type !== 'retreat') return null;
      return rng() < 0.5 ? { type: 'move', power: o.power, unit: o.unit, to: o.to, viaConvoy: false } : { type: 'hold', power: o.power, unit: o.unit };
    case 'adjustment': {
      const power = o?.power ?? 'france';
      const r = rng();
      return r < 0.33 ? { type: 'build', power, kind: 'fleet', at: 'spa/xx' } : r < 0.66 ? { type: 'hold', power, unit: { kind: 'army', at: 'par' } } : { type: 'build-list', power, builds: [{ at: 'par' }, { at: 'mar' }] };
    }
  }
}

interface Played {
  game: ManyGame;
  /** Positions the game passed through (for mid-game starts). */
  positions: Position[];
}

/** A seeded random game of `phases` phases; with `spoilRate`, that share of phases gets an order the integer form cannot say. */
function randomGame(board: Board, config: VariantConfig, rules: RuleOptions, seed: number, phases: number, spoilRate: number, start?: Position): Played {
  const rng = mulberry32(seed);
  const alter = (position: Position, orders: Order[]): Order[] => {
    if (rng() < 0.2 && orders.length > 1) orders.splice(Math.floor(rng() * orders.length), 1);
    if (rng() < spoilRate) {
      const bad = spoil(position, orders, rng);
      if (bad) orders.splice(Math.floor(rng() * (orders.length + 1)), 0, bad);
    }
    return orders;
  };
  const play = randomPlay(board, rules, start ?? initialPosition(config), { rng, seed, phases, uniform: seed % 2 === 0, alter });
  const out = play.phases.map((p) => p.orders);
  const positions = play.phases.map((p) => p.position);
  return { game: start ? { phases: out, seed, start } : { phases: out, seed }, positions };
}

/** Replays `games` on the integer path in this thread (through the wire form, as a worker does). */
function replayInts(board: Board, rules: RuleOptions, games: readonly ManyGame[]): { results: unknown[]; fallbackPhases: number } {
  const encoder = new WireEncoder(board);
  const replayer = new IntReplayer(board, rules);
  const results: unknown[] = [];
  // Two batches, so that the second uses strings of the table sent with the first.
  const half = games.length >> 1;
  for (const [from, to] of [
    [0, half],
    [half, games.length],
  ] as const) {
    results.push(...replayer.replayBatch(encoder.encode(games, from, to), encoder.strings.list));
  }
  return { results, fallbackPhases: replayer.fallbackPhases };
}

/** Postal years: some movement phase of the rules carries out its retreats at once. */
function postal(board: Board, rules: RuleOptions, games: readonly Played[]): boolean {
  return games.some((g) => g.positions.some((p) => p.phase.kind === 'movement' && inAdvance(board, rules, p.phase).retreats));
}

const json = (v: unknown): string => JSON.stringify(v);

describe('replaying on the integer path', () => {
  it('gives replayGame\'s results under every edition, without falling back outside postal years', () => {
    const board = compileBoard(CLASSIC);
    let seed = 100;
    let postalEditions = 0;
    for (const [name, rules] of resolvedEditions()) {
      const played = [0, 1, 2].map(() => randomGame(board, CLASSIC, rules, seed++, 30, 0));
      const games = played.map((p) => p.game);
      const reference = games.map((g) => replayGame(board, rules, g));
      const { results, fallbackPhases } = replayInts(board, rules, games);
      expect(json(results), name).toBe(json(reference));
      if (postal(board, rules, played)) postalEditions++;
      else expect(fallbackPhases, name).toBe(0);
    }
    expect(postalEditions).toBeGreaterThan(0);
  }, 120_000);

  it('falls back phase by phase for orders the integer form cannot say, and for a whole game whose start it cannot hold', () => {
    const board = compileBoard(CLASSIC);
    const rules = CLASSIC.rules;
    const played = Array.from({ length: 8 }, (_, i) => randomGame(board, CLASSIC, rules, 300 + i, 40, 0.25));
    // Starts mid-game: a retreat phase (dislodged units, standoffs) and an adjustment phase.
    const mid = played.flatMap((p) => p.positions).filter((p) => p.phase.kind !== 'movement');
    const retreat = mid.find((p) => p.phase.kind === 'retreat' && p.standoffs.length > 0)!;
    const adjustment = mid.find((p) => p.phase.kind === 'adjustment')!;
    expect(retreat).toBeDefined();
    expect(adjustment).toBeDefined();
    played.push(randomGame(board, CLASSIC, rules, 400, 20, 0.25, retreat), randomGame(board, CLASSIC, rules, 401, 20, 0, adjustment));
    // A centre the board does not know: the friendly path keeps it among the owners, the integer state cannot.
    const odd = { ...initialPosition(CLASSIC), owners: { ...initialPosition(CLASSIC).owners, atlantis: 'france' } };
    const games = [...played.map((p) => p.game), { phases: played[0]!.game.phases.slice(0, 10), seed: 300, start: odd }, { phases: [], seed: 1 }];
    const reference = games.map((g) => replayGame(board, rules, g));
    const { results, fallbackPhases } = replayInts(board, rules, games);
    expect(json(results)).toBe(json(reference));
    const phases = reference.reduce((n, r) => n + r.adjudicated, 0);
    expect(fallbackPhases).toBeGreaterThan(30);
    expect(fallbackPhases).toBeLessThan(phases / 2);
  }, 120_000);

  it('falls back for a support of a foreign unit written without its nationality when `missing-nationality` makes it illegal', () => {
    const board = compileBoard(CLASSIC);
    for (const value of ['invalid', 'valid']) {
      const rules = { ...CLASSIC.rules, 'missing-nationality': value } as RuleOptions;
      // The supported unit's nationality left out of every support and convoy.
      const games = Array.from({ length: 4 }, (_, i) => {
        const g = randomGame(board, CLASSIC, rules, 700 + i, 20, 0).game;
        const phases = g.phases.map((orders) =>
          orders.map((o) => (o.type === 'support' ? { ...o, supported: { kind: o.supported.kind, at: o.supported.at } } : o.type === 'convoy' ? { ...o, army: { kind: o.army.kind, at: o.army.at } } : o)),
        );
        return { ...g, phases };
      });
      const reference = games.map((g) => replayGame(board, rules, g));
      const { results, fallbackPhases } = replayInts(board, rules, games);
      expect(json(results), value).toBe(json(reference));
      if (value === 'invalid') {
        expect(fallbackPhases).toBeGreaterThan(0);
        expect(reference.reduce((n, r) => n + r.illegal, 0)).toBeGreaterThan(0);
      } else expect(fallbackPhases).toBe(0);
    }
  }, 120_000);

  it('adjudicateMany on 0 and on 2 worker threads gives replayGame\'s results, falling back where it must', async () => {
    const editions = new Map(resolvedEditions());
    // The current rules, and the old rules' postal years.
    for (const name of ['2023', 'old-rules']) {
      const rules = editions.get(name)!;
      expect(rules, name).toBeDefined();
      const config: VariantConfig = { ...CLASSIC, rules };
      const board = compileBoard(config);
      const games = Array.from({ length: 6 }, (_, i) => randomGame(board, config, rules, 500 + i, 30, i % 2 === 0 ? 0 : 0.25).game);
      const reference = json(games.map((g) => replayGame(board, rules, g)));
      expect(json(replayInts(board, rules, games).results), `${name}, in this thread`).toBe(reference);
      expect(json(await adjudicateMany(config, games as never, { threads: 2 })), name).toBe(reference);
      expect(json(await adjudicateMany(config, games as never, { threads: 0 })), name).toBe(reference);
    }
  }, 120_000);
  it('prepared games replay to replayGame\'s results on 0 and on 2 worker threads, again and again', async () => {
    const rules = new Map(resolvedEditions()).get('old-rules')!;
    const config: VariantConfig = { ...CLASSIC, rules };
    const board = compileBoard(config);
    // Enough games for several batches per worker, some with orders that fall back, some mid-game starts.
    const played = Array.from({ length: 20 }, (_, i) => randomGame(board, config, rules, 700 + i, 12, i % 3 === 0 ? 0.25 : 0));
    const games = played.map((p, i) => (i % 4 === 1 ? randomGame(board, config, rules, 900 + i, 8, 0, p.positions[p.positions.length >> 1]).game : p.game));
    const others = Array.from({ length: 4 }, (_, i) => randomGame(board, config, rules, 800 + i, 10, 0.5).game);
    const reference = json(games.map((g) => replayGame(board, rules, g)));
    const otherReference = json(others.map((g) => replayGame(board, rules, g)));
    for (const threads of [0, 2]) {
      const pool = new AdjudicatorPool(config, threads);
      try {
        const prepared = pool.prepare(games as never);
        expect(prepared.length).toBe(games.length);
        expect(json(await pool.adjudicatePrepared(prepared)), `${threads} threads, first`).toBe(reference);
        // Other games in between add strings to the pool's table that the prepared games do not use.
        expect(json(await pool.adjudicateMany(others as never)), `${threads} threads, others`).toBe(otherReference);
        await pool.warmUp(prepared, 2);
        expect(json(await pool.adjudicatePrepared(prepared)), `${threads} threads, second`).toBe(reference);
        expect(json(await pool.adjudicatePrepared(prepared)), `${threads} threads, third`).toBe(reference);
        // Games prepared after others were sent, replayed with the ones prepared before.
        const later = pool.prepare(others as never);
        const [a, b] = await Promise.all([pool.adjudicatePrepared(later), pool.adjudicatePrepared(prepared)]);
        expect(json(a), `${threads} threads, prepared later`).toBe(otherReference);
        expect(json(b), `${threads} threads, side by side`).toBe(reference);
        const stranger = new AdjudicatorPool(config, 0);
        await expect(stranger.adjudicatePrepared(prepared)).rejects.toThrow(/another pool/);
      } finally {
        await pool.close();
      }
    }
  }, 120_000);
});
