/**
 * Seeded random games for the metamorphic tests, drawn by the engine's
 * random legal-order generator (`randomOrders`, the one `dipforge bench`
 * plays) with more convoys and supports than its default mix, and with powers now and then
 * sending no orders, so that the rules' defaults and lots (civil disorder
 * removals, retreats by `retreat-default`) come into play. A game starts from
 * an opening with fleets at sea (`OPENING`) and goes on until it has had a
 * convoy order and played its phases.
 */
import { adjudicatePhase, formatOrder, initialPosition, mulberry32, phaseIsEmpty, randomOrders, type Order, type PhaseResult, type Position } from '@dipforge/engine';
import type { Classic } from './editions.js';

/**
 * Per unit of a movement phase: moves, supports and convoys (drawn among the
 * legal ones); the rest hold. More supports and convoys than the generator's
 * default (0.4, 0.3, 0.1): supported attacks dislodge units, so retreats come.
 */
const MIX = { move: 0.45, support: 0.35, convoy: 0.2 };
/** The chance that a power sends no orders for a movement phase, and for a retreat or adjustment phase (where the defaults draw by lot). */
const NO_ORDERS = { movement: 0.15, retreat: 0.5, adjustment: 0.5 };
/** A game stops looking for a convoy after this many phases with orders. */
const MOST_PHASES = 40;

/**
 * Where the games start: the fall of 1901 after a common opening, fleets at
 * sea beside armies on the coast (England's North Sea and Yorkshire, Italy's
 * Ionian Sea and Apulia, France's Mid-Atlantic and Brest, Turkey's Black Sea and
 * Bulgaria…), so that convoys are there to be drawn from the first phase on.
 */
const OPENING = `
  austria: F alb, A ser, A gal
  england: F nth, F nwg, A yor
  france: F mao, A bre, A bur
  germany: F hel, A kie, A mun
  italy: F ion, A apu, A ven
  russia: F bot, F rum, A ukr, A war
  turkey: F bla, A bul, A arm`;

/** The opening's units, and the centres the powers own at the start. */
function openingPosition(config: Classic['config']): Position {
  const units = OPENING.trim()
    .split('\n')
    .flatMap((line) => {
      const [power, list] = line.trim().split(': ') as [string, string];
      return list.split(', ').map((u) => ({ power, kind: u.startsWith('F') ? ('fleet' as const) : ('army' as const), at: u.slice(2) }));
    });
  return { ...initialPosition(config), phase: { year: 1901, season: 'fall', kind: 'movement' }, units };
}

export interface RandomGame {
  seed: number;
  start: Position;
  /** Every phase adjudicated, in turn; `passed` when it had nothing to order (and was adjudicated with no orders, as a file passes over it). */
  phases: { position: Position; orders: Order[]; result: PhaseResult; passed: boolean }[];
  /** Convoy orders given, and convoyed moves that succeeded. */
  convoys: number;
  convoyed: number;
}

/** A game from the opening of at least `length` phases with orders, and at least one convoy order if one comes by `MOST_PHASES`. */
export function randomGame(classic: Classic, seed: number, length: number): RandomGame {
  const { board, rules, config } = classic;
  const rng = mulberry32(seed);
  const start = openingPosition(config);
  const game: RandomGame = { seed, start, phases: [], convoys: 0, convoyed: 0 };
  // A move that succeeds into a province no unit there could reach in one step went by convoy.
  const byConvoy = (from: string, to: string): boolean => {
    const a = board.locId(from);
    const b = board.provinceOf(board.locId(to));
    return !board.canReachProvince('army', a, b) && !board.canReachProvince('fleet', a, b);
  };
  let position = start;
  for (let ordered = 0, skipped = 0; skipped < 64 && ordered < MOST_PHASES && (ordered < length || game.convoys === 0); ) {
    let orders: Order[] = [];
    const passed = phaseIsEmpty(board, rules, position);
    if (passed) skipped++;
    else {
      skipped = 0;
      ordered++;
      const silent = new Set(board.powerIds.filter(() => rng() < NO_ORDERS[position.phase.kind]));
      orders = randomOrders(board, position, rules, rng, { mix: MIX }).filter((o) => !silent.has(o.power));
    }
    const result = adjudicatePhase(board, position, orders, rules, { seed });
    game.phases.push({ position, orders, result, passed });
    for (const r of result.results) {
      if (r.order.type === 'convoy') game.convoys++;
      if (r.order.type === 'move' && r.status === 'succeeds' && byConvoy(r.order.unit.at, r.order.to)) game.convoyed++;
    }
    position = result.next;
  }
  return game;
}

/** The game as a `.dipgame` file: the classic header, its seed, the start as a `position`, then each phase's orders by power. */
export function gameText(classic: Classic, game: RandomGame): string {
  const { board } = classic;
  const phaseName = (p: Position): string => `${p.phase.season} ${p.phase.year} ${p.phase.kind}`;
  const unit = (u: Position['units'][number]): string => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`;
  const lines = [classic.header, `seed ${game.seed}`, '', `position ${phaseName(game.start)}`];
  for (const power of board.powerIds) {
    const units = game.start.units.filter((u) => u.power === power);
    if (units.length > 0) lines.push(`  ${power}: ${units.map(unit).join(', ')}`);
    const owned = Object.keys(game.start.owners).filter((c) => game.start.owners[c] === power);
    if (owned.length > 0) lines.push(`  owners ${power}: ${owned.join(', ')}`);
  }
  // Phases with nothing to order are left out: the game runner adjudicates them with none, as they were.
  // A phase where every power sent no orders is written, empty, so that the runner plays it too.
  for (const { position, orders, passed } of game.phases) {
    if (passed) continue;
    lines.push('', `phase ${phaseName(position)}`);
    for (const power of board.powerIds) {
      const mine = orders.filter((o) => o.power === power);
      if (mine.length > 0) lines.push(`  ${power}:`, ...mine.map((o) => `    ${formatOrder(o)}`));
    }
  }
  return `${lines.join('\n')}\n`;
}
