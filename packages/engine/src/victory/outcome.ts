/**
 * The result of a game at one moment: who has won, how, or whether the game
 * goes on. Pure: it reads the centre owners and units of a position, the rules
 * (group "Victory and draws" of docs/RULES.md) and what the players have
 * declared (alliances in force, a draw vote, a concession, the end of the game).
 *
 * The conditions, each checked on the position as it stands:
 * - **centres** (`victory-centres`, `victory-alone-in-lead`): a power with at
 *   least the number of centres (and, alone in the lead, more than every other
 *   power) wins alone; so does, under `victory-lead-year`, a power leading every
 *   other by more than that year minus the year the owners were set;
 * - **alliance** (`alliance-victory`): two powers that have both declared their
 *   alliance win jointly with at least that many centres together and more than
 *   any other power and any other alliance in force;
 * - **year** (`victory-year`): once the fall of that year has changed the centre
 *   owners, the power with the most centres wins alone;
 * - **end** (`victory-at-end`): once the game has been ended, the power with the
 *   most centres wins alone.
 *
 * Every power or alliance meeting one of them is a contender. A win alone
 * (centres, year, end) beats an alliance win under `solo-beats-alliance`. One
 * contender wins; several are a tie, shared (`victory-ties shared`) or extended
 * (`extend`: no winner yet, the game goes on and is checked again). When no
 * condition gives a result, an agreed draw (`draws`) or concession ends the
 * game; and a game that was ended with no winner is over without one.
 *
 * The caller keeps a result once the game is over: this function only says
 * what the position and the declarations give now.
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import { ownershipChangesAfter, phaseIndex, sharedYearPhases } from '../game/phases.js';
import type { Position } from '../game/position.js';
import { centreColumn, centreCounts, leadWinnerOf, soloWinnersOf, victoryThreshold } from './winner.js';

/** How a game ended. */
export type OutcomeKind = 'solo' | 'alliance' | 'leader' | 'shared' | 'draw' | 'concession' | 'ended';

/** The condition a contender met. */
export type VictoryCondition = 'centres' | 'alliance' | 'year' | 'end';

/** A power (one id) or an alliance (two ids) meeting a victory condition. */
export interface Contender {
  powers: string[];
  condition: VictoryCondition;
  /** Its centres (an alliance's together). */
  centres: number;
}

/** What the players have declared, as the game stands. */
export interface Declarations {
  /** Alliances in force: pairs of powers that have both declared the alliance. */
  alliances: readonly (readonly [string, string])[];
  /** A draw vote: the powers to share the draw, and the powers that voted for it (default: the members). */
  draw?: { powers: readonly string[]; voters?: readonly string[] };
  /** A concession of the game to one power or to two declared allies, by the voters (default: every other surviving power). */
  concession?: { to: readonly string[]; by?: readonly string[] };
  /** The game has been ended (e.g. its time limit): `victory-at-end` names the leader. */
  ended?: boolean;
}

/** Whether a draw vote or a concession was agreed, and if not why. */
export interface Agreement {
  kind: 'draw' | 'concession';
  agreed: boolean;
  /** Why it does not take effect. */
  reason?: string;
}

export interface GameOutcome {
  /** Whether the game is over. */
  over: boolean;
  /** How it ended; absent while it goes on. */
  kind?: OutcomeKind;
  /**
   * The winning powers (one for solo, leader and a concession to one power;
   * the two allies; every sharer of a shared win), or a draw's members. Empty
   * while the game goes on and for a game ended without a winner.
   */
  winners: string[];
  /** Every power or alliance meeting a victory condition now, after `solo-beats-alliance`. */
  contenders: Contender[];
  /** A tie under `victory-ties extend`: no winner yet, the game goes on a year at a time. */
  extended: boolean;
  /** The game year of the last phase played before this position. */
  year: number;
  /** Supply centres per power. */
  centres: Record<string, number>;
  /** The powers still in the game (a centre or a unit). */
  survivors: string[];
  /** What became of a draw vote or a concession in the declarations. */
  agreement?: Agreement;
}

/** Powers still in the game: those owning a supply centre or having a unit (dislodged units count), by power order. */
export function survivors(board: Board, position: Position, counts: ReadonlyMap<string, number> = centreCounts(board, position)): string[] {
  const withUnits = unitPowers(board, position);
  return board.powerIds.filter((p, i) => counts.get(p)! > 0 || withUnits[i] === 1);
}

/** `survivors` from a `centreColumn`. */
function survivorsOf(board: Board, position: Position, column: Int32Array): string[] {
  const withUnits = unitPowers(board, position);
  return board.powerIds.filter((_, i) => column[i]! > 0 || withUnits[i] === 1);
}

/** Per power index: 1 when the power has a unit on the board or a dislodged one. */
function unitPowers(board: Board, position: Position): Uint8Array {
  const out = new Uint8Array(board.powerCount);
  const mark = (units: Position['units']): void => {
    // A power's units mostly come together: its index is looked up once for them.
    let last: string | undefined;
    for (let i = 0; i < units.length; i++) {
      const p = units[i]!.power;
      if (p === last) continue;
      last = p;
      const at = board.powerId(p);
      if (at >= 0 && at < out.length) out[at] = 1;
    }
  };
  mark(position.units);
  mark(position.dislodged);
  return out;
}

/** The alliances in force among declared allies: `allies` maps a power to the ally it declared. */
export function alliancesInForce(allies: ReadonlyMap<string, string> | Readonly<Record<string, string>>, powerOrder: readonly string[] = []): [string, string][] {
  const get = (p: string): string | undefined => (allies instanceof Map ? allies.get(p) : (allies as Record<string, string>)[p]);
  const keys = allies instanceof Map ? [...allies.keys()] : Object.keys(allies);
  const rank = (p: string): number => {
    const i = powerOrder.indexOf(p);
    return i < 0 ? powerOrder.length : i;
  };
  const out: [string, string][] = [];
  for (const a of keys) {
    const b = get(a);
    if (b === undefined || b === a || get(b) !== a) continue;
    const pair: [string, string] = rank(a) < rank(b) || (rank(a) === rank(b) && a < b) ? [a, b] : [b, a];
    if (!out.some(([x, y]) => x === pair[0] && y === pair[1])) out.push(pair);
  }
  return out.sort((x, y) => rank(x[0]) - rank(y[0]) || (x[0] < y[0] ? -1 : 1));
}

/** Centres an alliance needs to win, or undefined when alliances do not win. */
export function allianceThreshold(board: Board, rules: RuleOptions): number | undefined {
  const v = rules['alliance-victory'];
  if (v === 'off') return undefined;
  return v === 'solo-threshold' ? victoryThreshold(board, rules) : v;
}

/**
 * The last year whose fall has changed the centre owners, as of `position`
 * (the position's year once its ownership change is behind it, else the year before).
 */
export function settledYear(board: Board, rules: RuleOptions, position: Position): number {
  const year = position.phase.year;
  const list = sharedYearPhases(board, rules, year);
  const i = phaseIndex(list, position.phase);
  // Phases written out: a literal with a spread after a key takes the slow path (see gameOutcome).
  for (let j = 0; j < i; j++) if (ownershipChangesAfter(board, rules, { year, season: list[j]!.season, kind: list[j]!.kind })) return year;
  // Under `adjustment-interval` the last change may lie several years back.
  const step = rules['year-step'];
  const tries = Math.max(1, Math.ceil(rules['adjustment-interval'] / step));
  for (let k = 1, y = year - step; k <= tries; k++, y -= step) {
    if (sharedYearPhases(board, rules, y).some((p) => ownershipChangesAfter(board, rules, { year: y, season: p.season, kind: p.kind }))) return y;
  }
  return year - step;
}

/** The game year of the phase played before `position` (the year before, at the first phase of a year). */
export function yearPlayed(board: Board, rules: RuleOptions, position: Position): number {
  const i = phaseIndex(sharedYearPhases(board, rules, position.phase.year), position.phase);
  return i === 0 ? position.phase.year - rules['year-step'] : position.phase.year;
}

/**
 * The result of the game as `position` and `declarations` stand. `column`: the
 * position's `centreColumn`, when the caller has counted it (a caller that
 * compares counts before judging again need not have them counted twice).
 */
export function gameOutcome(
  board: Board,
  rules: RuleOptions,
  position: Position,
  declarations: Declarations,
  column: Int32Array = centreColumn(board, position.owners),
): GameOutcome {
  const { powerIds, powerCount } = board;
  const centres: Record<string, number> = {};
  for (let i = 0; i < powerCount; i++) centres[powerIds[i]!] = column[i]!;
  const alive = survivorsOf(board, position, column);
  const index = (p: string): number => {
    const i = board.powerId(p);
    return i < powerCount ? i : -1;
  };
  const count = (p: string): number => {
    const i = index(p);
    return i < 0 ? 0 : column[i]!;
  };
  const played = yearPlayed(board, rules, position);

  // ----------------------------------------------------------- contenders
  const contenders: Contender[] = [];
  const add = (powers: string[], condition: VictoryCondition): void => {
    const key = [...powers].sort().join(',');
    if (contenders.some((c) => [...c.powers].sort().join(',') === key)) return;
    contenders.push({ powers, condition, centres: powers.reduce((n, p) => n + count(p), 0) });
  };
  for (const p of soloWinnersOf(board, rules, column)) add([p], 'centres');
  const settled = settledYear(board, rules, position);
  const byLead = leadWinnerOf(board, rules, settled, column);
  if (byLead !== undefined) add([byLead], 'centres');
  const leaders = (): string[] => {
    let most = 0;
    for (let i = 0; i < powerCount; i++) most = Math.max(most, column[i]!);
    return most > 0 ? powerIds.filter((_, i) => column[i] === most) : [];
  };
  const year = rules['victory-year'];
  if (typeof year === 'number' && settled >= year) for (const p of leaders()) add([p], 'year');
  if (declarations.ended && rules['victory-at-end']) for (const p of leaders()) add([p], 'end');
  const need = allianceThreshold(board, rules);
  if (need !== undefined && declarations.alliances.length > 0) {
    const alliances = declarations.alliances.filter(([a, b]) => a !== b && index(a) >= 0 && index(b) >= 0);
    for (const [a, b] of alliances) {
      const together = count(a) + count(b);
      if (together < need) continue;
      const others = [
        ...powerIds.filter((p) => p !== a && p !== b).map(count),
        ...alliances.filter(([x, y]) => !(x === a && y === b)).map(([x, y]) => count(x) + count(y)),
      ];
      if (others.every((n) => together > n)) add([a, b], 'alliance');
    }
  }
  const alone = contenders.filter((c) => c.powers.length === 1);
  const kept = rules['solo-beats-alliance'] && alone.length > 0 ? alone : contenders;

  if (kept.length === 1) {
    const c = kept[0]!;
    const kind: OutcomeKind = c.condition === 'alliance' ? 'alliance' : c.condition === 'centres' ? 'solo' : 'leader';
    return { centres, survivors: alive, year: played, over: true, kind, winners: [...c.powers], contenders: kept, extended: false };
  }
  if (kept.length > 1) {
    if (rules['victory-ties'] === 'shared') {
      const winners = board.powerIds.filter((p) => kept.some((c) => c.powers.includes(p)));
      return { centres, survivors: alive, year: played, over: true, kind: 'shared', winners, contenders: kept, extended: false };
    }
  }
  const extended = kept.length > 1;
  // Results written out whole where they are made often: in Node 20 a spread followed by keys
  // the spread object lacks (`{ ...base, over }`) makes a new hidden class for every object, some
  // microseconds each. The rarer results below (agreements, the end) keep their spreads.
  const going: GameOutcome = { centres, survivors: alive, year: played, over: false, winners: [], contenders: kept, extended };

  // ----------------------------------------------------- agreements, the end
  if (declarations.draw) {
    const agreement = drawAgreement(rules, alive, declarations.draw);
    if (agreement.agreed) {
      const members = board.powerIds.filter((p) => declarations.draw!.powers.includes(p));
      return { ...going, over: true, kind: 'draw', winners: members, extended: false, agreement };
    }
    going.agreement = agreement;
  }
  if (declarations.concession) {
    const agreement = concessionAgreement(rules, alive, declarations.alliances, declarations.concession, need !== undefined);
    if (agreement.agreed) {
      const to = board.powerIds.filter((p) => declarations.concession!.to.includes(p));
      return { ...going, over: true, kind: 'concession', winners: to, extended: false, agreement };
    }
    going.agreement = agreement;
  }
  if (declarations.ended && !extended) return { ...going, over: true, kind: 'ended' };
  return going;
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}

function missing(from: readonly string[], wanted: readonly string[]): string[] {
  return wanted.filter((p) => !from.includes(p));
}

function drawAgreement(rules: RuleOptions, alive: readonly string[], draw: NonNullable<Declarations['draw']>): Agreement {
  const fail = (reason: string): Agreement => ({ kind: 'draw', agreed: false, reason });
  const members = unique(draw.powers);
  const voters = unique(draw.voters ?? draw.powers);
  if (rules.draws === 'none') return fail('draws are off under these rules (draws none)');
  if (members.length < 2) return fail('a draw is shared by two or more powers');
  const out = missing(alive, members);
  if (out.length > 0) return fail(`${out.join(', ')} ${out.length === 1 ? 'is' : 'are'} out of the game`);
  if (rules.draws === 'all-survivors') {
    const left = missing(members, alive);
    if (left.length > 0) return fail(`under draws all-survivors the draw includes every surviving power; ${left.join(', ')} ${left.length === 1 ? 'is' : 'are'} left out`);
  }
  const silent = missing(voters, alive);
  if (silent.length > 0) return fail(`every surviving power must agree; ${silent.join(', ')} did not vote for it`);
  return { kind: 'draw', agreed: true };
}

function concessionAgreement(
  rules: RuleOptions,
  alive: readonly string[],
  alliances: Declarations['alliances'],
  concession: NonNullable<Declarations['concession']>,
  alliancesWin: boolean,
): Agreement {
  const fail = (reason: string): Agreement => ({ kind: 'concession', agreed: false, reason });
  const to = unique(concession.to);
  if (rules.draws === 'none') return fail('results by agreement are off under these rules (draws none)');
  if (to.length < 1 || to.length > 2) return fail('a game is conceded to one power or to two declared allies');
  const out = missing(alive, to);
  if (out.length > 0) return fail(`${out.join(', ')} ${out.length === 1 ? 'is' : 'are'} out of the game`);
  if (to.length === 2) {
    const [a, b] = to as [string, string];
    if (!alliances.some(([x, y]) => (x === a && y === b) || (x === b && y === a))) return fail(`${a} and ${b} are not declared allies`);
    if (!alliancesWin) return fail('alliances do not win under these rules (alliance-victory off)');
  }
  const voters = unique(concession.by ?? alive.filter((p) => !to.includes(p)));
  const silent = missing(voters, alive.filter((p) => !to.includes(p)));
  if (silent.length > 0) return fail(`every other surviving power must concede; ${silent.join(', ')} did not`);
  return { kind: 'concession', agreed: true };
}
