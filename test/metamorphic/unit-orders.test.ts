/**
 * Two movement phases whose results once depended on the order the units were
 * listed in, played in all 720 orders of their six units (the order lines and
 * power blocks shuffled too), through the game runner and on the integer path:
 * every order must get the result it gets as written, reason included, and the
 * file's expectations must hold.
 *
 * - A convoy whose fleet is attacked by a unit whose support the convoyed army
 *   cuts: A edi - nwy succeeds (2 against 1) and F nwy is dislodged; the
 *   resolver once had the army bounce in a quarter of the orders.
 * - Pandin's paradox (DATC 6.F.16) under the All Hold rule: every move of the
 *   paradox fails as part of it ("paradox"), the convoyed army's included.
 */
import { describe, expect, it } from 'vitest';
import { parseGame, runGameText } from '@dipforge/dsl';
import type { Position, Unit } from '@dipforge/engine';
import { classicUnder } from './editions.js';
import { IntsPlayer } from './ints.js';
import { relayout } from './layout.js';
import { rngFor } from './shuffle.js';
import { firstDifference, runSummary } from './summary.js';
import { workspace } from './workspace.js';

const CASES: { name: string; edition: string; rules: Record<string, string>; text: string }[] = [
  {
    name: 'the convoy attacked through a support the army cuts',
    edition: '2000',
    rules: {},
    text: `variant classic
edition 2000
position spring 1908 movement
  germany: F den, F nth, A edi, A swe
  russia: F nwg, F nwy
phase spring 1908 movement
  germany:
    F den S F nth          [succeeds]
    A edi - nwy via convoy [succeeds]
    F nth C A edi - nwy    [succeeds]
    A swe S A edi - nwy    [succeeds]
  russia:
    F nwg - nth            [fails]
    F nwy S F nwg - nth    [fails]
expect
  units germany: F den, F nth, A nwy, A swe
  units russia: F nwg
  dislodged russia: F nwy from edi
`,
  },
  {
    name: "Pandin's paradox under the All Hold rule",
    edition: '2023',
    rules: { 'convoy-paradox': 'all-hold' },
    text: `variant classic
edition 2023
rule convoy-paradox all-hold
position spring 1901 movement
  england: F lon, F wal
  france: A bre, F eng
  germany: F nth, F bel
phase spring 1901 movement
  england:
    F lon S F wal - eng   [fails]
    F wal - eng           [fails]
  france:
    A bre - lon           [fails]
    F eng C A bre - lon   [succeeds]
  germany:
    F nth S F bel - eng   [succeeds]
    F bel - eng           [fails]
expect
  units england: F lon, F wal
  units france: A bre, F eng
  units germany: F nth, F bel
  dislodged none
`,
  },
];

/** Every order of a list. */
function orderings<T>(list: readonly T[]): T[][] {
  if (list.length <= 1) return [[...list]];
  return list.flatMap((x, i) => orderings([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [x, ...rest]));
}

const unitText = (u: Unit): string => `${u.power}: ${u.kind === 'army' ? 'A' : 'F'} ${u.at}`;

for (const c of CASES) {
  describe(c.name, () => {
    const file = 'unit-orders.dipgame';
    const parsed = parseGame(c.text, file);
    const original = runGameText(c.text, file, workspace);
    const start = original.start!;
    const orders = original.phases[0]!.orders.map((o) => o.order);
    const results = runSummary(original);

    it('as written, meets its expectations', () => {
      expect(original.expectations.filter((e) => !e.ok).map((e) => e.message)).toEqual([]);
      expect(original.expectations.length).toBeGreaterThan(8);
    });

    it('in all 720 orders of the units, lines and blocks shuffled, through the game runner', () => {
      const wrong: string[] = [];
      for (const units of orderings(start.units)) {
        const key = units.map(unitText).join(', ');
        // The layout's own shuffle of the lines and blocks, then the position in this order of the units.
        const laidOut = relayout(parsed, rngFor(key), { keepPosition: true });
        const text = laidOut.replace(/^position .*\n(?: {2}.*\n)*/m, (block) => `${block.split('\n')[0]}\n${units.map((u) => `  ${unitText(u)}`).join('\n')}\n`);
        const run = runGameText(text, file, workspace);
        const unmet = run.expectations.filter((e) => !e.ok).map((e) => e.message);
        const differs = firstDifference(results, runSummary(run));
        if (run.expectations.length !== original.expectations.length || unmet.length > 0 || differs) wrong.push(`${key}: ${[...unmet, differs].join('; ')}`);
      }
      expect(wrong.slice(0, 3), `${wrong.length} of 720 orders of the units`).toEqual([]);
    });

    it('in all 720 orders of the units, on the integer path (adjudicateMovementInts)', () => {
      const { board, rules } = classicUnder(c.edition, c.rules);
      const ints = new IntsPlayer(board);
      const reference = ints.play(rules, 0, start, [orders]);
      const wrong: string[] = [];
      for (const units of orderings(start.units)) {
        const position: Position = { ...start, units: units as Unit[] };
        const differs = firstDifference(reference, ints.play(rules, 0, position, [orders]));
        if (differs) wrong.push(`${units.map(unitText).join(', ')}: ${differs}`);
      }
      expect(ints.fallbacks).toBe(0);
      expect(wrong.slice(0, 3), `${wrong.length} of 720 orders of the units`).toEqual([]);
    });
  });
}
