// The friendly adjudicator reads a movement phase whose written orders say
// exactly what integer orders can (one order per unit, every unit named with its
// type, location and power) through the integer entry's checks
// (movement/exact.ts), and any other phase through the written path's
// candidate orders. An exact repeat of an order changes no result and takes the
// phase to the written path, so for every phase the two paths must agree: the
// same results (the repeat's result is its original's), the same next position.
// The orders are drawn at random and some are made illegal (a destination or a
// supported unit drawn from the whole board), under every edition's rules.
import { adjudicatePhase } from '../src/adjudicate/phase.js';
import { MovementInts } from '../src/adjudicate/movement/encode.js';
import type { RuleOptions } from '../src/config/rules.js';
import type { Position } from '../src/game/position.js';
import { initialPosition } from '../src/game/runner.js';
import { mulberry32, type Rng } from '../src/legal/index.js';
import type { Order } from '../src/orders/order.js';
import { describe, expect, it } from 'vitest';
import { board, CLASSIC } from './helpers/classic.js';
import { resolvedEditions } from './helpers/editions.js';
import { randomPlay } from './helpers/random-play.js';

/** Some orders made illegal, or pointed elsewhere: destinations and supported units drawn from the whole board. */
function unsettle(rng: Rng, position: Position, orders: Order[]): Order[] {
  const locations = board.locationIds;
  return orders.map((o) => {
    const r = rng();
    if (r < 0.1 && (o.type === 'move' || o.type === 'convoy')) return { ...o, to: locations[Math.floor(rng() * locations.length)]! };
    if (r < 0.15 && o.type === 'support') {
      const u = position.units[Math.floor(rng() * position.units.length)]!;
      return { ...o, supported: { kind: u.kind, at: u.at, power: u.power } };
    }
    if (r < 0.18 && o.type === 'move') return { ...o, viaConvoy: true };
    return o;
  });
}

interface Tally {
  phases: number;
  exact: number;
  illegal: number;
}

/** Adjudicates each movement phase of a random game as drawn and with one order repeated; both must agree. */
function checkGame(name: string, r: RuleOptions, seed: number, tally: Tally): void {
  const drawRng = mulberry32(seed);
  const alterRng = mulberry32(seed ^ 0x5bd1e995);
  const encoder = new MovementInts(board);
  randomPlay(board, r, initialPosition(CLASSIC), {
    rng: drawRng,
    seed,
    phases: 16,
    uniform: (k) => k % 2 === 0,
    alter: (position, drawn) => {
      if (position.phase.kind !== 'movement' || drawn.length === 0) return drawn;
      const orders = unsettle(alterRng, position, drawn);
      const once = adjudicatePhase(board, position, orders, r, { seed });
      const k = Math.floor(alterRng() * orders.length);
      const twice = adjudicatePhase(board, position, [...orders, { ...orders[k]! }], r, { seed });
      const n = orders.length;
      const where = `${name}, seed ${seed}, ${position.phase.season} ${position.phase.year}`;
      expect(twice.results.slice(0, n), where).toEqual(once.results.slice(0, n));
      expect(twice.results[n], where).toEqual(once.results[k]);
      expect(twice.results.slice(n + 1), where).toEqual(once.results.slice(n));
      expect(twice.next, where).toEqual(once.next);
      expect(twice.dislodged, where).toEqual(once.dislodged);
      // How the phase was read, told by the encoder (its own reading of the names, not the adjudicator's).
      tally.phases++;
      if (encoder.encode(position, orders, r)) tally.exact++;
      tally.illegal += once.results.filter((x) => x.status === 'illegal').length;
      return orders;
    },
  });
}

describe('written orders read as integer orders', () => {
  it('give the results and position of the written path, under every edition, legal orders or not', () => {
    const tally: Tally = { phases: 0, exact: 0, illegal: 0 };
    let seed = 1;
    for (const [name, r] of resolvedEditions()) for (let g = 0; g < 3; g++) checkGame(name, r, seed++, tally);
    // Both readings were compared on phases the integer reading takes, with illegal orders among them.
    expect(tally.exact).toBeGreaterThan(tally.phases / 4);
    expect(tally.illegal).toBeGreaterThan(tally.phases);
  });
});
