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
import type { PhaseResult } from '../src/adjudicate/result.js';
import { MovementInts } from '../src/adjudicate/movement/encode.js';
import type { RuleOptions } from '../src/config/rules.js';
import type { Position } from '../src/game/position.js';
import { initialPosition } from '../src/game/runner.js';
import { mulberry32, type Rng } from '../src/legal/index.js';
import type { Order } from '../src/orders/order.js';
import { describe, expect, it } from 'vitest';
import { board, CLASSIC, casePosition, parseOrder, rules } from './helpers/classic.js';
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

/**
 * Adjudicates the phase as written and with order `k` repeated (which takes it
 * to the written path); both must give the same results and position. The
 * result as written.
 */
function bothPaths(position: Position, orders: Order[], r: RuleOptions, seed: number, k: number, where: string): PhaseResult {
  const once = adjudicatePhase(board, position, orders, r, { seed });
  const twice = adjudicatePhase(board, position, [...orders, { ...orders[k]! }], r, { seed });
  const n = orders.length;
  expect(twice.results.slice(0, n), where).toEqual(once.results.slice(0, n));
  expect(twice.results[n], where).toEqual(once.results[k]);
  expect(twice.results.slice(n + 1), where).toEqual(once.results.slice(n));
  expect(twice.next, where).toEqual(once.next);
  expect(twice.dislodged, where).toEqual(once.dislodged);
  return once;
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
      const once = bothPaths(position, orders, r, seed, Math.floor(alterRng() * orders.length), `${name}, seed ${seed}, ${position.phase.season} ${position.phase.year}`);
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

// The orders of convoys and split coasts that the integer entry checks inline
// (validate-ints.ts) rather than by the general checks: a fleet's move to a
// named coast and its support, armies' moves by convoy (across one sea and
// none) and their supports, convoys across one sea and off every minimal
// route. Each reads exactly as integer orders; both paths must agree under
// every edition, and under the default rules each order goes as the DATC says.
describe('orders of convoys and coasts checked inline', () => {
  const units = {
    england: ['F mar', 'F por', 'F wes', 'A lon', 'A hol', 'F nth', 'F eng', 'F hel', 'A nap', 'F tys', 'A pie', 'A lvp', 'F nao', 'F nwg', 'A edi', 'A bur'],
  };
  const written = [
    'F mar - spa/sc [succeeds]', // a fleet to a named coast, supported to it
    'F por S F mar - spa/sc [succeeds]',
    'A bur S F mar - spa/sc [illegal]', // the supporter could not move there
    'F wes - spa/nc', // a coast the fleet cannot reach (the other coast is taken for it under some editions)
    'A lon - bel [succeeds]', // by convoy across one sea, supported by a unit beside and a fleet of another sea
    'A hol S A lon - bel [succeeds]',
    'F eng S A lon - bel [succeeds]',
    'F nth C A lon - bel [succeeds]', // the one sea of the route
    'F hel C A lon - bel [illegal]', // on no route of the fleets on the board (6.G.19)
    'A nap - tun [fails]', // a route exists (tys), but its fleet supports instead
    'F tys S A nap - tun [illegal]', // the only route runs through the supporter's own sea (6.D.31)
    'A pie - tun [illegal]', // no fleet where a route could run (6.D.32)
    'A lvp - nwy [succeeds]', // by convoy across two seas (no one sea touches both shores)
    'F nao C A lvp - nwy [succeeds]',
    'F nwg C A lvp - nwy [succeeds]',
    'A edi H',
  ];
  const position = casePosition({ units, orders: {} });
  const parsed = written.map((text) => ({ text, ...parseOrder('england', text) }));
  const orders = parsed.map((o) => o.order);

  it('read exactly as integer orders', () => {
    const encoder = new MovementInts(board);
    expect(encoder.encode(position, orders, rules())).toBe(true);
  });

  it('go as the DATC says under the default rules', () => {
    const result = bothPaths(position, orders, rules(), 1, 0, 'default rules');
    parsed.forEach((o, i) => {
      if (o.expected === undefined) return;
      const r = result.results[i]!;
      expect(r.status, `${o.text} → ${r.reason ?? ''}`).toBe(o.expected);
    });
    expect(result.next.units.find((u) => u.kind === 'fleet' && u.at.startsWith('spa'))?.at).toBe('spa/sc');
  });

  it('give the results of the written path under every edition, whichever order is repeated', () => {
    for (const [name, r] of resolvedEditions()) for (let k = 0; k < orders.length; k++) bothPaths(position, orders, r, 1, k, `${name}, order ${k}`);
  });
});
