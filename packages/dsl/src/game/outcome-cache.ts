/**
 * The engine's `gameOutcome` and `scores`, asked again only when what they
 * read has changed. A game file is judged after every phase, but the result
 * depends on little of the position: how many centres each power owns (not
 * which: a result names no centre), which powers have a unit (dislodged ones
 * included), two years worked out from the phase (the year played before it
 * and the year whose fall last set the owners, which only `victory-year` and
 * `victory-lead-year` read), the declarations and the rules. Between one phase
 * and the next most of these stay the same, and the owners object itself is
 * shared by the positions of a year until centres change hands.
 *
 * When they all do, the last result is given again; when only the year played
 * differs, a copy of it with that year (the year is nowhere else in a result,
 * and scores do not read it). Results are data nobody changes, so phases may
 * share them, as they already share the result of a game that is over.
 *
 * As the result depends on these alone, one cache serves every game judged on
 * the same board and rules (`OutcomeCache.of`): the games of a folder start
 * from the same position, judged once for all of them.
 */
import {
  centreColumn,
  gameOutcome,
  scores as scoreGame,
  settledYear,
  yearPlayed,
  type Board,
  type Declarations,
  type GameOutcome,
  type Position,
  type Scores,
} from '@dipforge/engine';
import type { RuleOptions } from '@dipforge/engine/config';

export interface Judgement {
  outcome: GameOutcome;
  scores: Scores;
}

interface Last extends Judgement {
  /** Centres per power index (`centreColumn`). */
  centres: Int32Array;
  units: number;
  settled: number;
  declarations: string;
}

/** The declarations as `judge` compares them when no alliance is in force and the game was not ended (most phases). */
const NOTHING_SAID = 'false|';

/** The caches by board and rules object (games without rules of their own share one: rules-cache.ts). */
const shared = new WeakMap<Board, WeakMap<RuleOptions, OutcomeCache>>();

export class OutcomeCache {
  /** The cache of every game judged on `board` under `rules`. */
  static of(board: Board, rules: RuleOptions): OutcomeCache {
    let byRules = shared.get(board);
    if (!byRules) shared.set(board, (byRules = new WeakMap()));
    let cache = byRules.get(rules);
    if (!cache) byRules.set(rules, (cache = new OutcomeCache(board, rules)));
    return cache;
  }

  private last: Last | undefined;
  /** Year → season → phase kind → [year played, settled year]. */
  private readonly years: Calendar;
  private readonly powerIndex: Map<string, number>;
  /** Whether the result reads the settled year (else a new one changes nothing). */
  private readonly readsSettled: boolean;
  /** The centres per power of `counted`, the owners object counted last (positions share it until centres change hands). */
  private counts: Int32Array;
  private counted: Readonly<Record<string, string>> | undefined;

  constructor(
    private readonly board: Board,
    private readonly rules: RuleOptions,
  ) {
    this.powerIndex = new Map(board.powerIds.map((p, i) => [p, i]));
    this.years = calendarOf(board, rules);
    this.readsSettled = typeof rules['victory-year'] === 'number' || typeof rules['victory-lead-year'] === 'number';
    this.counts = new Int32Array(board.powerCount);
  }

  /** `gameOutcome` and `scores` of `position` with `declarations`. */
  judge(position: Position, declarations: Declarations): Judgement {
    const { board, rules } = this;
    // Only alliances and the end are compared; a draw vote or a concession is judged afresh.
    const plain = declarations.draw === undefined && declarations.concession === undefined && board.powerIds.length <= 30;
    if (!plain) {
      this.last = undefined;
      const outcome = gameOutcome(board, rules, position, declarations);
      return { outcome, scores: scoreGame(board, rules, position, outcome) };
    }
    const [played, settled] = this.yearsOf(position);
    const units = this.unitPowers(position);
    const said = declarations.ended !== true && declarations.alliances.length === 0 ? NOTHING_SAID : `${declarations.ended === true}|${declarations.alliances.map((a) => a.join('+')).join(',')}`;
    const centres = this.centresOf(position.owners);
    const last = this.last;
    if (last && last.units === units && (last.settled === settled || !this.readsSettled) && last.declarations === said && sameCounts(last.centres, centres)) {
      if (last.outcome.year === played) return { outcome: last.outcome, scores: last.scores };
      const outcome = { ...last.outcome, year: played };
      this.last = { ...last, outcome };
      return { outcome, scores: last.scores };
    }
    const outcome = gameOutcome(board, rules, position, declarations, centres);
    const scores = scoreGame(board, rules, position, outcome);
    this.last = { outcome, scores, centres: centres.slice(), units, settled, declarations: said };
    return { outcome, scores };
  }

  /** The centres per power of `owners` (counted again only for another owners object). */
  private centresOf(owners: Readonly<Record<string, string>>): Int32Array {
    if (owners !== this.counted) {
      centreColumn(this.board, owners, this.counts);
      this.counted = owners;
    }
    return this.counts;
  }

  private yearsOf(position: Position): [number, number] {
    const { year, season, kind } = position.phase;
    // Maps by part, not one map by a joined key: no key string is made per phase.
    let seasons = this.years.get(year);
    if (!seasons) this.years.set(year, (seasons = new Map()));
    let kinds = seasons.get(season);
    if (!kinds) seasons.set(season, (kinds = new Map()));
    let found = kinds.get(kind);
    if (!found) {
      found = [yearPlayed(this.board, this.rules, position), settledYear(this.board, this.rules, position)];
      kinds.set(kind, found);
    }
    return found;
  }

  /** The powers with a unit or a dislodged unit, one bit each by power order. */
  private unitPowers(position: Position): number {
    // A power's units mostly come together: its bit is looked up once for them.
    let mask = 0;
    let power: string | undefined;
    let powerBit = 0;
    for (const u of position.units) {
      if (u.power !== power) {
        power = u.power;
        powerBit = bit(this.powerIndex.get(power));
      }
      mask |= powerBit;
    }
    for (const u of position.dislodged) mask |= bit(this.powerIndex.get(u.power));
    return mask;
  }
}

/**
 * The years of each phase depend on the board's calendar and the rules alone,
 * so they are kept with the board (compiled once per variant and rules) for
 * every game played on it: a game plays each phase once.
 */
type Calendar = Map<number, Map<string, Map<string, [number, number]>>>;

const calendars = new WeakMap<Board, Map<string, Calendar>>();

/**
 * The same calendars by the rules object itself: games without rules of their own share one
 * (rules-cache.ts), so most find theirs without writing the rules out.
 */
const byRulesObject = new WeakMap<Board, WeakMap<RuleOptions, Calendar>>();

function calendarOf(board: Board, rules: RuleOptions): Calendar {
  let same = byRulesObject.get(board);
  if (!same) byRulesObject.set(board, (same = new WeakMap()));
  const known = same.get(rules);
  if (known) return known;
  let byRules = calendars.get(board);
  if (!byRules) calendars.set(board, (byRules = new Map()));
  const key = JSON.stringify(rules);
  let years = byRules.get(key);
  if (!years) {
    // Boards are few and so are their rules; an editor changing rules line by line starts a board's list afresh.
    if (byRules.size >= 16) byRules.clear();
    byRules.set(key, (years = new Map()));
  }
  same.set(rules, years);
  return years;
}

function bit(i: number | undefined): number {
  return i === undefined ? 0 : 1 << i;
}

function sameCounts(a: Int32Array, b: Int32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
