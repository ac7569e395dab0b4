/**
 * 1,000 seeded random games with convoys (`random-games.ts`), spread evenly
 * over every edition and every `convoy-paradox` rule (6 × 5 = 30 rule sets,
 * 33 or 34 games each), each laid out 5 more ways, on three paths:
 * - friendly (`adjudicatePhase`): the position listed in a new order before
 *   every phase (units, dislodged units, standoffs; the owners at the start) and each phase's
 *   orders shuffled. The generator writes at most one order per unit and never
 *   more builds or disbands than a power needs, so no rule reads the order of
 *   its orders and every order may go anywhere;
 * - integer (`GameStateInts`, the ints adjudicators), likewise;
 * - the game runner, on the game written as a `.dipgame` file and laid out by
 *   `relayout` (order lines of adjustment phases keep their order, `pinnedLines`).
 * Each layout must give the results (matched by order, not index) and the
 * positions (as sets) of the game as drawn; two of the five also rename the
 * powers (the variant, the orders and positions, the game text alike), and
 * must give the same once the names are put back.
 *
 * `npm test` plays the first 300 games with the first 2 layouts (the second renamed), the slow run
 * all 1,000 with all 5 (test/helpers/depth.ts);
 * `DIPFORGE_META_GAMES=N` plays N games (`npx vitest run test/metamorphic`).
 */
import { describe, expect, it } from 'vitest';
import { parseGame, runGame, runGameText, type GameWorkspace } from '@dipforge/dsl';
import { adjudicatePhase } from '@dipforge/engine';
import { pinnedLines } from './case-files.js';
import { classicUnder, CONVOY_PARADOX, EDITIONS, type Classic } from './editions.js';
import { IntsPlayer } from './ints.js';
import { relayout } from './layout.js';
import { renamed, renamedValue, renamedWorkspace, summariesBack } from './rename.js';
import { gameText, randomGame, type RandomGame } from './random-games.js';
import { rngFor, shuffled, shuffledPosition } from './shuffle.js';
import { firstDifference, phaseSummary, runSummary, type PhaseSummary } from './summary.js';
import { workspace } from './workspace.js';
import { depth } from '../helpers/depth.js';

// `npm test` plays the first 300 (10 a rule set, enough for every check below), the slow run all.
const GAMES = Number(process.env.DIPFORGE_META_GAMES ?? depth(300, 1000));
/** Layouts per game: the first two (plain, renamed) in `npm test`, all five in the slow run. */
const LAYOUTS = depth(2, 5);
/** Phases with orders per game (from the fall of 1901 on: its moves, its retreats, the adjustments, or the next spring; more if no convoy came by then). */
const LENGTH = 3;

const RULE_SETS = EDITIONS.flatMap((edition) => CONVOY_PARADOX.map((paradox) => ({ edition, paradox })));

/** The game's phases played again on the friendly path, laid out anew by `seed`. */
function friendlyLayout({ board, rules }: Classic, game: RandomGame, seed: string): PhaseSummary[] {
  const rng = rngFor(seed);
  let position = game.start;
  return game.phases.map((phase, i) => {
    position = shuffledPosition(position, rng, i === 0);
    const orders = shuffled(phase.orders, rng);
    const result = adjudicatePhase(board, position, orders, rules, { seed: game.seed });
    const summary = phaseSummary(result, orders, position.phase);
    position = result.next;
    return summary;
  });
}

/** One rule set, as it is and with the powers renamed: the variant, an integer player, a workspace for the game runner. */
interface Side {
  classic: Classic;
  ints: IntsPlayer;
  workspace: GameWorkspace;
}

function side(edition: string, paradox: string, ws: GameWorkspace): Side {
  const classic = classicUnder(edition, { 'convoy-paradox': paradox }, ws);
  return { classic, ints: new IntsPlayer(classic.board), workspace: ws };
}

/**
 * What differs between the game as drawn and its layouts, on each path
 * (empty when nothing does). Layouts 1 and 3 also rename the powers
 * (`rename.ts`): the game is played on the renamed variant, and its results
 * told with the old names again.
 */
function gameDifferences(plain: Side, other: Side, game: RandomGame): string[] {
  const out: string[] = [];
  const { classic } = plain;
  const drawn = game.phases.map((p) => phaseSummary(p.result, p.orders, p.position.phase));
  const orders = game.phases.map((p) => p.orders);
  const drawnInts = plain.ints.play(classic.rules, game.seed, game.start, orders);
  const parsed = parseGame(gameText(classic, game), `game-${game.seed}.dipgame`);
  const run = runGame(parsed, workspace);
  const ran = runSummary(run);
  const pinned = pinnedLines(run);
  const first = firstDifference(drawn, ran);
  if (first) out.push(`the game runner on the game as written: ${first}`);
  const renamedGame = { ...game, start: renamedValue(game.start), phases: game.phases.map((p) => ({ ...p, orders: renamedValue(p.orders) })) };
  for (let k = 0; k < LAYOUTS; k++) {
    const seed = `game ${game.seed}#${k}`;
    const rename = k % 2 === 1;
    const { classic: c, ints, workspace: ws } = rename ? other : plain;
    const g = rename ? renamedGame : game;
    const back = rename ? summariesBack : (x: PhaseSummary[]): PhaseSummary[] => x;
    const rng = rngFor(`${seed} ints`);
    const text = relayout(parsed, rngFor(seed), { pinned: (l) => pinned.has(l) });
    const differences = [
      ['friendly', firstDifference(drawn, back(friendlyLayout(c, g, seed)))],
      ['integer', firstDifference(drawnInts, back(ints.play(c.rules, g.seed, g.start, g.phases.map((p) => shuffled(p.orders, rng)), rng)))],
      ['game runner', firstDifference(ran, back(runSummary(runGameText(rename ? renamed(text) : text, parsed.file, ws))))],
    ];
    for (const [path, d] of differences) if (d) out.push(`layout ${k}${rename ? ' (powers renamed)' : ''}, ${path} path: ${d}`);
  }
  return out.map((d) => `seed ${game.seed} (${classic.header.replace(/\n/g, '; ')}): ${d}`);
}

describe(`${GAMES} random games with convoys, ${LAYOUTS} layouts each, under every edition and convoy-paradox rule`, () => {
  RULE_SETS.forEach(({ edition, paradox }, set) => {
    it(`edition ${edition}, convoy-paradox ${paradox}`, () => {
      const plain = side(edition, paradox, workspace);
      const other = side(edition, paradox, renamedWorkspace);
      const differences: string[] = [];
      let games = 0;
      let convoys = 0;
      let convoyed = 0;
      for (let g = set; g < GAMES; g += RULE_SETS.length) {
        const game = randomGame(plain.classic, 10_000 + g, LENGTH);
        games++;
        convoys += game.convoys;
        convoyed += game.convoyed;
        expect(game.convoys, `game ${game.seed} has no convoy order`).toBeGreaterThan(0);
        differences.push(...gameDifferences(plain, other, game));
      }
      expect(differences.slice(0, 3)).toEqual([]);
      // The integer path played the phases itself: only a postal movement, which carries out its
      // retreats and adjustments at once, is handed to `adjudicatePhase`.
      if (plain.classic.rules['year-shape'] !== 'postal') expect(plain.ints.fallbacks + other.ints.fallbacks).toBe(0);
      expect(games).toBeGreaterThanOrEqual(Math.floor(GAMES / RULE_SETS.length));
      // The convoys are not all in vain: some armies do cross the sea.
      if (games >= 10) expect(convoyed).toBeGreaterThan(0);
      expect(convoys).toBeGreaterThanOrEqual(games);
    });
  });
});
