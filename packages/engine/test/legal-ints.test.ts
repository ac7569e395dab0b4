// The integer legal-order API (`LegalOrderTable`, packed codes) against the
// friendly one (`legalOrders`), on the positions of seeded random games under
// several rule sets; and a bot's path on integers alone: a code chosen per
// unit, written into `MovementInts`, adjudicated by `adjudicateMovementInts`,
// judged as `adjudicatePhase` judges the same orders as objects. `npm test` takes the first 2 of
// each rule set's 5 random games, the slow run all 5 (test/helpers/depth.ts).
import { describe, expect, it } from 'vitest';
import { adjudicatePhase } from '../src/adjudicate/phase.js';
import { adjudicateMovementInts, MovementInts } from '../src/adjudicate/index.js';
import { MOVEMENT_ORDER, MOVEMENT_STATUS } from '../src/adjudicate/movement/codes.js';
import { PositionError } from '../src/adjudicate/units.js';
import { initialPosition } from '../src/game/runner.js';
import type { Position } from '../src/game/position.js';
import type { Order } from '../src/orders/order.js';
import type { RuleOptions } from '../src/config/rules.js';
import {
  decodeLegalOrder,
  decodeLegalTable,
  LEGAL_ORDER,
  legalKind,
  legalOrders,
  LegalOrderTable,
  mulberry32,
  writeMovementOrder,
} from '../src/legal/index.js';
import { drawIndex } from '../src/adjudicate/prng.js';
import { board, CLASSIC, rules } from './helpers/classic.js';
import { expectAgreement } from './helpers/legal-agreement.js';
import { randomPlay } from './helpers/random-play.js';
import { depth } from '../../../test/helpers/depth.js';

/** Random games per rule set. */
const GAMES = depth(2, 5);

const RULE_SETS: [string, RuleOptions][] = [
  ['2023', rules()],
  ['nationality and routes written', rules({ 'missing-nationality': 'invalid', 'convoy-path': 'required' })],
  ['coasts ignored, swap-only', rules({ 'support-coast': 'ignored', 'convoy-to-adjacent': 'swap-only', 'retreat-to-convoy-origin': 'allowed' })],
  ['voluntary disbands, no waive, any centre', rules({ 'voluntary-disbands': true, 'waive-builds': false, 'build-sites': 'any-owned-centre' })],
];

/** The positions of `games` seeded random games of up to `phases` phases (uniform orders in odd games, for more convoys). */
function positions(r: RuleOptions, games: number, phases: number): Position[] {
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    const play = randomPlay(board, r, initialPosition(CLASSIC), { rng: mulberry32(500 + g), seed: g, phases, uniform: g % 2 === 1 });
    for (const p of play.phases) out.push(p.position);
  }
  return out;
}

describe('LegalOrderTable and legalOrders agree', () => {
  for (const [name, r] of RULE_SETS) {
    it(`on every position of ${GAMES} random games (${name}), with one table reused throughout`, () => {
      const table = new LegalOrderTable(board);
      const kinds = new Set<string>();
      let orders = 0;
      let convoys = 0;
      for (const position of positions(r, GAMES, 40)) {
        kinds.add(position.phase.kind);
        const legal = legalOrders(board, position, r);
        table.fill(position, r);
        expect(table.phase).toBe(position.phase.kind);
        orders += expectAgreement(board, table, legal, position, r);
        expect(decodeLegalTable(table, r)).toEqual(legal);
        // A fresh table says the same as the reused one.
        const fresh = new LegalOrderTable(board).fill(position, r);
        expect(Array.from(fresh.codes.subarray(0, fresh.count))).toEqual(Array.from(table.codes.subarray(0, table.count)));
        for (let i = 0; i < table.count; i++) if (legalKind(table.codes[i]!) === LEGAL_ORDER.CONVOY) convoys++;
      }
      expect([...kinds].sort()).toEqual(['adjustment', 'movement', 'retreat']);
      expect(orders).toBeGreaterThan((30_000 * GAMES) / 5);
      expect(convoys).toBeGreaterThan(0);
    });
  }

  it('the movement kinds are the adjudicator integer API\'s', () => {
    expect([LEGAL_ORDER.HOLD, LEGAL_ORDER.MOVE, LEGAL_ORDER.SUPPORT_HOLD, LEGAL_ORDER.SUPPORT_MOVE, LEGAL_ORDER.CONVOY]).toEqual([
      MOVEMENT_ORDER.HOLD,
      MOVEMENT_ORDER.MOVE,
      MOVEMENT_ORDER.SUPPORT_HOLD,
      MOVEMENT_ORDER.SUPPORT_MOVE,
      MOVEMENT_ORDER.CONVOY,
    ]);
  });

  it('a position the board does not know throws PositionError, and the table stays usable', () => {
    const r = rules();
    const table = new LegalOrderTable(board);
    const start = initialPosition(CLASSIC);
    const good = table.fill(start, r).count;
    const stacked: Position = { ...start, units: [...start.units, { power: 'france', kind: 'army', at: start.units[0]!.at }] };
    expect(() => table.fill(stacked, r)).toThrow(PositionError);
    expect(() => table.fill({ ...start, units: [{ power: 'france', kind: 'army', at: 'atlantis' }] }, r)).toThrow(PositionError);
    expect(() => legalOrders(board, stacked, r)).toThrow(PositionError);
    expect(table.fill(start, r).count).toBe(good);
    expect(decodeLegalTable(table, r)).toEqual(legalOrders(board, start, r));
  });
});

describe('a bot on integers: legal codes → MovementInts → adjudicateMovementInts', () => {
  // Not under convoy-path required: the integer adjudicator takes no written routes.
  for (const [name, r] of [RULE_SETS[0]!, RULE_SETS[2]!]) {
    it(`judges random legal codes as adjudicatePhase judges the same orders (${name})`, () => {
      const table = new LegalOrderTable(board);
      const ints = new MovementInts(board);
      const rng = mulberry32(99);
      let phases = 0;
      for (const position of positions(r, 6, 30)) {
        if (position.phase.kind !== 'movement') continue;
        table.fill(position, r);
        ints.encode(position, [], r); // the units, and no order yet
        const chosen: Order[] = [];
        for (let s = 0; s < table.slots; s++) {
          const i = table.slotOff[s]! + drawIndex(rng, table.slotOff[s + 1]! - table.slotOff[s]!);
          writeMovementOrder(table.codes[i]!, table.slotUnit[s]!, ints.orders);
          chosen.push(decodeLegalOrder(table, r, s, i));
        }
        const result = adjudicateMovementInts(board, r, ints.units, ints.orders);
        const friendly = adjudicatePhase(board, position, chosen, r, { seed: 1 });
        const statusName = ['fails', 'succeeds', 'illegal'];
        for (let s = 0; s < table.slots; s++) {
          const u = table.slotUnit[s]!;
          expect(result.status[u]).not.toBe(MOVEMENT_STATUS.ILLEGAL);
          expect(result.status[u]).not.toBe(MOVEMENT_STATUS.NONE);
          expect(statusName[result.status[u]!], `${name}: ${JSON.stringify(chosen[s])}`).toBe(friendly.results[s]!.status);
        }
        phases++;
      }
      expect(phases).toBeGreaterThan(50);
    });
  }
});
