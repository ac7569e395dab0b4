// `legalOrders` against a plain reference decoder of the same packed table
// (helpers/legal-reference.ts), on the positions of seeded random games under
// every edition and under the rule options that change how orders are written:
// the tuned decoder must give exactly what the plain one gives. `npm test` takes the first of
// each case's three games, the slow run all three (test/helpers/depth.ts).
import { describe, expect, it } from 'vitest';
import type { RuleOptions } from '../src/config/rules.js';
import { initialPosition } from '../src/game/runner.js';
import type { Position } from '../src/game/position.js';
import { decodeLegalTable, legalOrders, LegalOrderTable, mulberry32 } from '../src/legal/index.js';
import { board, CLASSIC, rules } from './helpers/classic.js';
import { resolvedEditions } from './helpers/editions.js';
import { expectSameLegalOrders, referenceDecode } from './helpers/legal-reference.js';
import { randomPlay } from './helpers/random-play.js';
import { depth } from '../../../test/helpers/depth.js';

/** Random games per case. */
const GAMES = depth(1, 3);

/** The positions of `games` seeded random games of up to `phases` phases (uniform orders in odd games, for more convoys). */
function positions(r: RuleOptions, seed: number, games: number, phases: number): Position[] {
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    const play = randomPlay(board, r, initialPosition(CLASSIC), { rng: mulberry32(seed + g), seed: g, phases, uniform: g % 2 === 1 });
    for (const p of play.phases) out.push(p.position);
  }
  return out;
}

const WRITING: [string, RuleOptions][] = [
  ['nationality and routes written', rules({ 'missing-nationality': 'invalid', 'convoy-path': 'required' })],
  ['coasts ignored, swap-only, convoy origin', rules({ 'support-coast': 'ignored', 'convoy-to-adjacent': 'swap-only', 'retreat-to-convoy-origin': 'allowed' })],
  ['voluntary disbands, no waive, any centre', rules({ 'voluntary-disbands': true, 'waive-builds': false, 'build-sites': 'any-owned-centre' })],
];

describe('legalOrders says what the plain decoder says', () => {
  const cases: [string, RuleOptions][] = [...[...resolvedEditions()].map(([name, r]): [string, RuleOptions] => [`edition ${name}`, r]), ...WRITING];
  cases.forEach(([name, r], c) => {
    it(name, () => {
      const table = new LegalOrderTable(board);
      const kinds = new Set<string>();
      let orders = 0;
      for (const position of positions(r, 900 + 10 * c, GAMES, 30)) {
        const where = `${name}, ${position.phase.season} ${position.phase.year} ${position.phase.kind}`;
        kinds.add(position.phase.kind);
        const expected = referenceDecode(table.fill(position, r), r);
        orders += expectSameLegalOrders(legalOrders(board, position, r), expected, where);
        // The table API's decoder is the same one, on any table.
        expectSameLegalOrders(decodeLegalTable(table, r), expected, `${where} (own table)`);
      }
      // A postal year (the old rules) has movement phases only.
      expect([...kinds].sort()).toEqual(r['year-shape'] === 'postal' ? ['movement'] : ['adjustment', 'movement', 'retreat']);
      expect(orders).toBeGreaterThan((10_000 * GAMES) / 3);
    });
  });

  it('paths and named powers appear where the rules ask for them', () => {
    const r = WRITING[0]![1];
    let paths = 0;
    let named = 0;
    for (const position of positions(r, 900, 3, 30)) {
      for (const o of [...legalOrders(board, position, r).values()].flat()) {
        if (o.type === 'move' && o.path) paths++;
        if (o.type === 'support' && o.supported.power !== undefined) named++;
      }
    }
    expect(paths).toBeGreaterThan(0);
    expect(named).toBeGreaterThan(0);
  });
});
