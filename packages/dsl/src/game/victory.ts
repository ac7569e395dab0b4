/**
 * Victory, alliances, draws and scoring while a game file is played: keeps the
 * declarations of the `declare` blocks (alliances, the end of the game), asks
 * the engine's `gameOutcome` after every phase and every declaration (through
 * outcome-cache.ts, which asks again only when needed), keeps the
 * result once the game is over, scores it, and checks the `winner`, `draw`,
 * `score` and `result` expectations.
 *
 * The runner (run.ts) calls `start`, `afterPhase` and `declare`; everything
 * else is here, so the runner stays about phases and orders.
 */
import {
  alliancesInForce,
  survivors,
  type Board,
  type Declarations,
  type GameOutcome,
  type Phase,
  type Position,
  type Scores,
} from '@dipforge/engine';
import type { RuleOptions } from '@dipforge/engine/config';
import type { CodeName } from '../diagnostics/codes.js';
import type { Range } from '../text/range.js';
import type * as G from './ast.js';
import { OutcomeCache, type Judgement } from './outcome-cache.js';
import { phaseText } from './phases.js';

/** One declaration of a `declare` block, as played. */
export interface DeclarationRun {
  statement: G.DeclarationStmt;
  /** The `declare` block it is in (a block's declarations take effect together). */
  block: G.DeclareSection;
  /** Index into `GameRun.phases` of the last phase played before it; -1 before the first. */
  after: number;
  /** The declaration in canonical words, with power ids: `alliance england, france`. */
  text: string;
  /** What it did, in a sentence: `in force`, `agreed: the game is drawn`, `not agreed: …`. */
  effect: string;
}

/** The state kept between phases: declared allies, the end, the result and the scores. */
export interface VictoryState {
  /** Power → the ally it has declared. */
  allies: Record<string, string>;
  ended: boolean;
  outcome: GameOutcome;
  scores: Scores;
  /** The position the result was judged on (once the game is over: where it ended). */
  position: Position;
  /** The last phase played before the result, for a game that is over (none: over at the start). */
  decidedAfter?: Phase;
}

/** What the keeper needs from the runner. */
export interface VictoryHost {
  board: Board;
  rules: RuleOptions;
  power(w: G.Word): string | undefined;
  report(name: CodeName, range: Range, message: string): void;
  expectation(phase: number, range: Range, what: string, ok: boolean, message: string): void;
}

export class VictoryKeeper {
  state!: VictoryState;
  readonly declarations: DeclarationRun[] = [];
  /** The last phase played. */
  private last: Phase | undefined;

  constructor(private readonly host: VictoryHost) {}

  /** The game's result at its start (a position may already give one). */
  start(position: Position): VictoryState {
    this.last = undefined;
    this.alliances = undefined;
    this.state = { allies: {}, ended: false, position, ...this.judge(position, undefined, false) };
    this.alliances = undefined;
    return this.snapshot();
  }

  /** Takes a state kept by an earlier run (the runner's re-use of phases). */
  restore(state: VictoryState, last: Phase | undefined): void {
    this.state = { ...state, allies: { ...state.allies } };
    this.alliances = undefined;
    this.last = last;
  }

  snapshot(): VictoryState {
    return { ...this.state, allies: { ...this.state.allies } };
  }

  /** The power that won alone (solo, leader, a concession to it), if any. */
  soleWinner(state: VictoryState = this.state): string | undefined {
    const o = state.outcome;
    return o.over && o.winners.length === 1 && o.kind !== 'draw' ? o.winners[0] : undefined;
  }

  /**
   * After a phase: a phase written after the game is over gets a warning; a
   * game not over is judged again on the new position.
   */
  afterPhase(phase: Phase, next: Position, section: G.PhaseSection | undefined): VictoryState {
    if (this.state.outcome.over && section && !this.warned.has(section)) {
      this.warned.add(section);
      this.host.report('phaseAfterGameOver', section.phase?.range ?? section.range, `The game is already over (${this.describe()}); this phase is adjudicated but changes no result`);
    }
    this.last = phase;
    if (!this.state.outcome.over) this.judgeNow(next);
    return this.snapshot();
  }

  private readonly warned = new Set<G.PhaseSection>();

  /**
   * Plays one `declare` block on `position` (`after`: the index of the last
   * phase run). Its declarations take effect together: the alliances and the
   * end first, in the order written, then the game is judged once; then each
   * draw vote or concession, in the order written, until one is agreed.
   */
  declare(section: G.DeclareSection, position: Position, after: number): VictoryState {
    const runs: DeclarationRun[] = [];
    const votes: { run: DeclarationRun; stmt: G.DrawStmt | G.ConcedeStmt; extra: Partial<Declarations> }[] = [];
    const overBefore = this.state.outcome.over;
    let lastChange: DeclarationRun | undefined;
    for (const stmt of section.statements) {
      const text = declarationText(stmt, (w) => this.host.power(w) ?? w.value);
      const run: DeclarationRun = { statement: stmt, block: section, after, text, effect: '' };
      if (overBefore) {
        this.host.report('declarationWithoutEffect', stmt.range, `The game is already over (${this.describe()}); this declaration changes nothing`);
        run.effect = 'none: the game is over';
        runs.push(run);
        continue;
      }
      const done = this.declaration(stmt, position, run);
      if (done === undefined) continue;
      runs.push(run);
      if (done === true) lastChange = run;
      else votes.push({ run, stmt: stmt as G.DrawStmt | G.ConcedeStmt, extra: done });
    }
    if (!overBefore && lastChange) {
      const outcome = this.judgeNow(position);
      if (outcome.over) lastChange.effect += `: ${this.describe()}`;
      else if (this.state.ended && lastChange.statement.kind === 'End') lastChange.effect += `, but ${this.describe()}`;
    }
    for (const { run, stmt, extra } of votes) {
      const what = stmt.kind === 'Draw' ? 'draw' : 'concession';
      if (this.state.outcome.over) {
        this.host.report('declarationWithoutEffect', stmt.range, `The game is already over (${this.describe()}); this ${what} changes nothing`);
        run.effect = 'none: the game is over';
        continue;
      }
      const outcome = this.judgeNow(position, extra);
      if (outcome.agreement && !outcome.agreement.agreed) {
        this.host.report('declarationWithoutEffect', stmt.range, `This ${what} does not take effect: ${outcome.agreement.reason}`);
        run.effect = `not agreed: ${outcome.agreement.reason}`;
      } else run.effect = `agreed: ${this.describe()}`;
    }
    for (const r of runs) this.declarations.push(r);
    return this.snapshot();
  }

  // ------------------------------------------------------------ judging

  private judge(position: Position, extra: Partial<Declarations> | undefined, ended: boolean): Judgement {
    // The alliances change only with a declaration: the game is judged after every phase.
    this.alliances ??= alliancesInForce(this.state?.allies ?? {}, this.host.board.powerIds);
    const declarations: Declarations = { alliances: this.alliances };
    if (ended) declarations.ended = ended;
    // A draw vote or a concession to judge (most judgements, after a phase, have none).
    if (extra) Object.assign(declarations, extra);
    this.outcomes ??= OutcomeCache.of(this.host.board, this.host.rules);
    return this.outcomes.judge(position, declarations);
  }

  /** The engine's judgement, asked again only when what it reads has changed. */
  private outcomes: OutcomeCache | undefined;

  /** The alliances in force among `state.allies`, once worked out (undefined again when the allies change). */
  private alliances: [string, string][] | undefined;

  /** Judges the game now; keeps the new result. */
  private judgeNow(position: Position, extra?: Partial<Declarations>): GameOutcome {
    const { outcome, scores } = this.judge(position, extra, this.state.ended);
    this.state.outcome = outcome;
    this.state.scores = scores;
    this.state.position = position;
    if (outcome.over) {
      if (this.last) this.state.decidedAfter = this.last;
      else delete this.state.decidedAfter;
    }
    return outcome;
  }

  /** The result in words: `england won alone with 18 centres in 1905`. */
  describe(state: VictoryState = this.state): string {
    return describeOutcome(state);
  }

  // ------------------------------------------------------- declarations

  /**
   * Checks one declaration; applies an alliance or the end (true), returns a
   * draw vote or concession to judge (its declarations), or undefined when it
   * cannot be made (a diagnostic says why). Fills `run.effect` for changes.
   */
  private declaration(stmt: G.DeclarationStmt, position: Position, run: DeclarationRun): true | Partial<Declarations> | undefined {
    const { board, rules } = this.host;
    const bad = (message: string): undefined => {
      this.host.report('badDeclaration', stmt.range, message);
      return undefined;
    };
    const idle = (message: string): void => this.host.report('declarationWithoutEffect', stmt.range, message);
    const alive = survivors(board, position);
    // Names first: an unknown power is reported (DF2002) and the declaration is left out.
    const names = (words: readonly G.Word[]): string[] | undefined => {
      const ids = words.map((w) => this.host.power(w));
      return ids.every((id): id is string => id !== undefined) ? ids : undefined;
    };
    const twice = (ids: string[]): string | undefined => ids.find((p, i) => ids.indexOf(p) !== i);
    const outOfGame = (ids: string[]): string[] => ids.filter((p) => !alive.includes(p));
    const are = (ids: string[]): string => `${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'}`;

    switch (stmt.kind) {
      case 'Alliance':
      case 'Allies': {
        const ids = names(stmt.kind === 'Alliance' ? stmt.powers : [stmt.power, ...(stmt.ally ? [stmt.ally] : [])]);
        if (!ids) return undefined;
        if (stmt.kind === 'Alliance' && ids.length !== 2) return bad(`An alliance is of exactly two powers (000 §4b: no alliance of more than two); this one names ${ids.length}`);
        const [a, b] = ids as [string, string | undefined];
        if (b !== undefined && a === b) return bad(`${a} cannot ally with itself`);
        const gone = outOfGame(ids);
        if (gone.length > 0) return bad(`${are(gone)} out of the game (no centre and no unit) and cannot declare an alliance`);
        const before = alliancesInForce(this.state.allies, board.powerIds);
        if (stmt.kind === 'Alliance') {
          this.state.allies[a] = b!;
          this.state.allies[b!] = a;
        } else if (b === undefined) delete this.state.allies[a];
        else this.state.allies[a] = b;
        const now = alliancesInForce(this.state.allies, board.powerIds);
        this.alliances = now;
        const key = (p: readonly string[]): string => p.join('+');
        const broken = before.filter((p) => !now.some((q) => key(q) === key(p))).map((p) => p.join(' and '));
        const made = now.filter((p) => !before.some((q) => key(q) === key(p))).map((p) => p.join(' and '));
        const parts: string[] = [];
        if (made.length > 0) parts.push(`the alliance of ${made.join('; ')} is in force`);
        if (broken.length > 0) parts.push(`the alliance of ${broken.join('; ')} is broken`);
        if (parts.length === 0) parts.push(b === undefined ? `${a} declares no ally` : `${a} declares ${b} its ally; in force once ${b} declares ${a}`);
        if (rules['alliance-victory'] === 'off' && b !== undefined) idle('Alliances win nothing under these rules (alliance-victory off); the alliance is recorded');
        run.effect = parts.join('; ');
        return true;
      }
      case 'Draw':
      case 'Concede': {
        const powers = names(stmt.powers);
        const voters = stmt.voters ? names(stmt.voters) : undefined;
        if (!powers || (stmt.voters && !voters)) return undefined;
        const dup = twice(powers) ?? (voters ? twice(voters) : undefined);
        if (dup) return bad(`${dup} is named twice`);
        const gone = outOfGame([...powers, ...(voters ?? [])]);
        if (gone.length > 0) return bad(`${are(gone)} out of the game (no centre and no unit) and ${stmt.kind === 'Draw' ? 'can neither share nor vote for a draw' : 'can neither win nor concede'}`);
        if (stmt.kind === 'Draw') {
          if (powers.length < 2) return bad(`A draw is shared by two or more powers; to give the game to ${powers[0]}, write concede ${powers[0]}`);
          return { draw: { powers, ...(voters ? { voters } : {}) } };
        }
        if (powers.length > 2) return bad('A game is conceded to one power, or to two declared allies');
        const inside = voters?.find((p) => powers.includes(p));
        if (inside) return bad(`${inside} cannot concede the game to itself`);
        return { concession: { to: powers, ...(voters ? { by: voters } : {}) } };
      }
      case 'End': {
        if (this.state.ended) idle('The game has already been ended');
        this.state.ended = true;
        run.effect = 'the game ends';
        return true;
      }
    }
  }

  // ------------------------------------------------------- expectations

  /** Checks the `winner`, `draw`, `score` and `result` lines of an expect block against `state`. */
  check(block: G.ExpectSection, phase: number, state: VictoryState = this.state): void {
    // Most expect blocks check units and owners only: nothing to make for them.
    if (block.winner.length === 0 && block.draw.length === 0 && block.score.length === 0 && block.result.length === 0) return;
    const o = state.outcome;
    const list = (xs: readonly string[]): string => (xs.length > 0 ? xs.join(', ') : 'none');
    const same = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((p) => b.includes(p));
    const resolve = (words: readonly G.Word[]): string[] | undefined => {
      const ids = words.map((w) => this.host.power(w));
      return ids.every((id): id is string => id !== undefined) ? ids : undefined;
    };
    const winners = o.over && o.kind !== 'draw' && o.kind !== 'ended' ? o.winners : [];
    for (const stmt of block.winner) {
      const want = resolve(stmt.powers);
      if (!want) continue;
      const ok = same(want, winners);
      const how = winners.length > 0 ? ` (${o.kind})` : '';
      this.host.expectation(phase, stmt.range, 'winner', ok, ok ? `winner ${list(winners)}${how}` : `winner: expected ${list(want)}, got ${list(winners)}${how}`);
    }
    const drawn = o.over && o.kind === 'draw' ? o.winners : [];
    for (const stmt of block.draw) {
      const want = resolve(stmt.powers);
      if (!want) continue;
      const ok = same(want, drawn);
      const got = o.over ? (o.kind === 'draw' ? `a draw of ${list(drawn)}` : this.describe(state)) : `no draw (${this.describe(state)})`;
      this.host.expectation(phase, stmt.range, 'draw', ok, ok ? `draw ${list(drawn)}` : `draw: expected ${list(want)}, got ${got}`);
    }
    for (const stmt of block.score) {
      const power = this.host.power(stmt.power);
      if (!power) continue;
      const what = `score ${power}`;
      if (state.scores.system === 'none') {
        this.host.expectation(phase, stmt.range, what, false, `${what}: no scores under these rules (scoring none)`);
        continue;
      }
      const got = state.scores.points[power] ?? 0;
      const ok = Math.abs(got - stmt.value.value) <= stmt.value.tolerance;
      const shown = `${formatScore(got)}${state.scores.final ? '' : ' (provisional: the game goes on)'}`;
      this.host.expectation(phase, stmt.range, what, ok, ok ? `${what}: ${shown}` : `${what}: expected ${stmt.value.text}, got ${shown} (${state.scores.system})`);
    }
    for (const stmt of block.result) {
      const got = resultKind(o);
      const want = stmt.result.value;
      const yearOk = stmt.year === undefined || (o.over && o.year === stmt.year.value);
      const ok = got === want && yearOk;
      const shown = `${got}${o.over ? ` ${o.year}` : ''}`;
      const wanted = `${want}${stmt.year ? ` ${stmt.year.value}` : ''}`;
      this.host.expectation(phase, stmt.range, 'result', ok, ok ? `result ${shown}: ${this.describe(state)}` : `result: expected ${wanted}, got ${shown} (${this.describe(state)})`);
    }
  }
}

/** The result in words: `england won alone with 18 centres in 1905`, `the game goes on`. */
export function describeOutcome(state: VictoryState): string {
  const o = state.outcome;
  const who = o.winners.join(' and ');
  const when = ` in ${o.year}`;
  switch (o.kind) {
    case 'solo':
      return `${who} won alone with ${o.centres[o.winners[0]!] ?? 0} centres${when}`;
    case 'leader':
      return `${who} won alone as the leader in centres${when}`;
    case 'alliance':
      return `${who} won as allies with ${o.winners.reduce((n, p) => n + (o.centres[p] ?? 0), 0)} centres${when}`;
    case 'shared':
      return `${who} shared the win${when}`;
    case 'draw':
      return `a draw of ${o.winners.join(', ')}${when}`;
    case 'concession':
      return `the game was conceded to ${who}${when}`;
    case 'ended':
      return `the game ended without a winner${when}`;
    default:
      return o.extended ? `a tie between ${o.contenders.map((c) => c.powers.join(' and ')).join(', ')}: the game goes on a year at a time` : 'the game goes on';
  }
}

/** The `result` word for an outcome. */
export function resultKind(o: GameOutcome): G.ResultKindName {
  if (o.over && o.kind) return o.kind;
  return o.extended ? 'extended' : 'none';
}

/** A score as people read it: whole numbers as they are, others with up to 4 decimals. */
export function formatScore(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 10000) / 10000);
}

/** A declaration in canonical words (power ids from `id`). */
export function declarationText(stmt: G.DeclarationStmt, id: (w: G.Word) => string): string {
  const list = (ws: readonly G.Word[]): string => ws.map(id).join(', ');
  switch (stmt.kind) {
    case 'Alliance':
      return `alliance ${list(stmt.powers)}`;
    case 'Allies':
      return `${id(stmt.power)} allies ${stmt.ally ? id(stmt.ally) : 'none'}`;
    case 'Draw':
      return `draw ${list(stmt.powers)}${stmt.voters ? ` by ${list(stmt.voters)}` : ''}`;
    case 'Concede':
      return `concede ${list(stmt.powers)}${stmt.voters ? ` by ${list(stmt.voters)}` : ''}`;
    case 'End':
      return 'end';
  }
}

/** `after fall 1905 retreat`, or `at the start`. */
export function decidedText(state: VictoryState): string {
  return state.decidedAfter ? `after ${phaseText(state.decidedAfter)}` : 'at the start';
}
