/**
 * The game object: the front door for programs that play games (bots, tools,
 * servers). It starts a built-in variant by name under an edition (or any
 * VariantConfig), lists each power's legal orders, takes orders as objects or
 * as text in any supported notation or language, adjudicates a phase at a time
 * and reports results, the winner and the scores — everything as plain,
 * JSON-serialisable data (docs/LIBRARY.md). Underneath are the engine's own
 * functions; the integer API stays the way to go fast.
 */
import { compileBoard, type Board } from '../board/board.js';
import { buildNameIndex, type NameIndex } from '../board/names.js';
import { validateVariantConfig } from '../config/validate.js';
import type { RuleOptions } from '../config/rules.js';
import type { VariantConfig } from '../config/variant-config.js';
import { adjudicatePhase, phaseIsEmpty } from '../adjudicate/phase.js';
import { checkPosition } from '../adjudicate/units.js';
import type { PhaseResult } from '../adjudicate/result.js';
import type { Phase, Position } from '../game/position.js';
import { initialPosition } from '../game/runner.js';
import { legalOrders } from '../legal/legal-orders.js';
import { formatOrder } from '../orders/format.js';
import { formatLocalizedOrder } from '../orders/localized/index.js';
import type { Order } from '../orders/order.js';
import { renderBoard, type RenderOptions } from '../render/render.js';
import { scores } from '../scoring/scores.js';
import { gameOutcome } from '../victory/outcome.js';
import { sharedBuiltinConfig } from './builtin.js';
import { DipforgeError } from './errors.js';
import { checkPositionShape } from './position-shape.js';
import { plain } from './plain.js';
import { readOrders, type OrderInput, type ReadOrderOptions } from './read-orders.js';
import type { GameResult, OrderReport, PhaseReport } from './reports.js';


export interface StartOptions {
  /** The edition to play under (default: the variant's own). */
  edition?: string;
  /** Seed of everything the rules draw by lot (default 0). */
  seed?: number;
  /** Where to start (default: the variant's start). Checked against the board. */
  position?: Position;
}

/** At most this many empty phases are passed over in a row (a guard against a phase that never comes). */
const MAX_PASSED = 64;

export class Game {
  readonly config: VariantConfig;
  readonly board: Board;
  readonly index: NameIndex;
  readonly seed: number;
  private current: Position;
  private pending: Order[] = [];
  private readonly reports: PhaseReport[] = [];
  /** The result of the position now, once asked for. */
  private judged?: { position: Position; result: GameResult };
  /** The last phase played, for drawing it. */
  private lastPlayed?: { from: Position; result: PhaseResult };

  /** The boards of the built-in configs, compiled once (a board is never changed once made). */
  private static readonly boards = new WeakMap<VariantConfig, { board: Board; index: NameIndex }>();

  private constructor(config: VariantConfig, options: StartOptions, compiled?: { board: Board; index: NameIndex }) {
    this.config = config;
    this.board = compiled?.board ?? compileBoard(config);
    this.index = compiled?.index ?? buildNameIndex(config);
    this.seed = options.seed ?? 0;
    if (!Number.isSafeInteger(this.seed)) throw new DipforgeError('bad-request', 'the seed must be an integer');
    const start = options.position ?? initialPosition(config);
    const problems = [...checkPositionShape(start)];
    if (problems.length === 0) problems.push(...checkPosition(this.board, start));
    if (problems.length > 0) throw new DipforgeError('bad-position', `the position cannot be used: ${problems.slice(0, 5).join('; ')}`);
    this.current = plain(start);
    this.passEmpty();
  }

  /** A built-in variant (`classic`, `modern`, …; see `builtinVariants()`) under an edition. */
  static start(variant: string, options: StartOptions = {}): Game {
    const config = sharedBuiltinConfig(variant, options.edition);
    let compiled = Game.boards.get(config);
    if (!compiled) {
      compiled = { board: compileBoard(config), index: buildNameIndex(config) };
      Game.boards.set(config, compiled);
    }
    return new Game(config, options, compiled);
  }

  /** Any variant: a VariantConfig (checked against the JSON Schema), e.g. from `compileMapFile`. */
  static fromConfig(config: unknown, options: Omit<StartOptions, 'edition'> = {}): Game {
    const checked = validateVariantConfig(config);
    if (!checked.ok) {
      const first = checked.errors.slice(0, 3).map((e) => `${e.path || '/'}: ${e.message}`);
      throw new DipforgeError('bad-config', `the variant config is not valid: ${first.join('; ')}`);
    }
    return new Game(checked.config, options);
  }

  get rules(): RuleOptions {
    return this.config.rules;
  }

  get variant(): string {
    return this.config.id;
  }

  get edition(): string {
    return this.config.rules.edition;
  }

  /** The powers, in the variant's order. */
  get powers(): string[] {
    return this.config.powers.map((p) => p.id);
  }

  /** The phase to order next (never an empty one: those are passed over). */
  get phase(): Phase {
    return { ...this.current.phase };
  }

  /** The position now, as a copy (plain data: JSON.stringify it, or start another game from it). */
  get position(): Position {
    return plain(this.current);
  }

  /** The reports of the phases played, oldest first. */
  get history(): PhaseReport[] {
    return plain(this.reports);
  }

  /** The orders given so far for this phase. */
  get orders(): Order[] {
    return plain(this.pending);
  }

  /**
   * Every legal order of the phase, by power and then by place (a unit's
   * location, a build site, or the power's id for a waive). Plain objects and
   * arrays, fresh each call; the orders of one call share their unit objects
   * (copy an order before changing it). `power` narrows it to one power.
   */
  legalOrders(power?: string): Record<string, Record<string, Order[]>> {
    const only = power === undefined ? undefined : this.powerId(power);
    const out: Record<string, Record<string, Order[]>> = {};
    for (const p of this.powers) if (only === undefined || p === only) out[p] = {};
    for (const [place, orders] of legalOrders(this.board, this.current, this.rules)) {
      for (const o of orders) {
        const byPlace = out[o.power];
        if (!byPlace) continue;
        (byPlace[place] ??= []).push(o);
      }
    }
    return out;
  }

  /** `legalOrders` as texts in the standard notation (or in `language`: `zh`, `ja`, `fi`). */
  legalOrderTexts(power?: string, language?: string): Record<string, Record<string, string[]>> {
    const out: Record<string, Record<string, string[]>> = {};
    for (const [p, byPlace] of Object.entries(this.legalOrders(power))) {
      const texts: Record<string, string[]> = (out[p] = {});
      for (const [place, orders] of Object.entries(byPlace)) texts[place] = orders.map((o) => this.orderText(o, language));
    }
    return out;
  }

  /** An order as text: the standard notation, or the language given. */
  orderText(order: Order, language?: string): string {
    return language === undefined || language === 'standard' ? formatOrder(order) : formatLocalizedOrder(this.board, language, order);
  }

  /** Reads orders (objects or texts) without giving them. Throws `DipforgeError` `bad-order` with the index of the first bad one. */
  readOrders(orders: readonly OrderInput[], options: ReadOrderOptions = {}): Order[] {
    return readOrders(this.board, this.index, this.current, orders, options);
  }

  /** Gives orders for this phase (added to those given before; all or none of the list is taken). */
  submit(orders: readonly OrderInput[], options: ReadOrderOptions = {}): Order[] {
    const read = this.readOrders(orders, options);
    for (const o of read) this.pending.push(o);
    return plain(read);
  }

  /** Takes back the orders given this phase (one power's, or all). */
  clearOrders(power?: string): void {
    const only = power === undefined ? undefined : this.powerId(power);
    this.pending = only === undefined ? [] : this.pending.filter((o) => o.power !== only);
  }

  /**
   * Adjudicates the phase with the orders given (units without one hold, and
   * what a power does not order follows the rules' defaults), then passes over
   * phases with nothing to decide. `orders` are given first, as `submit` does.
   * The report returned is a copy of the one kept in `history`: the caller's to change.
   */
  advance(orders: readonly OrderInput[] = [], options: ReadOrderOptions = {}): PhaseReport {
    if (orders.length > 0) for (const o of this.readOrders(orders, options)) this.pending.push(o);
    if (this.judge().over) throw new DipforgeError('game-over', 'the game is over; start another or read its result');
    const from = this.current;
    const given = this.pending;
    const result = adjudicatePhase(this.board, from, given, this.rules, { seed: this.seed });
    this.current = result.next;
    this.pending = [];
    this.lastPlayed = { from, result };
    const passed = this.passEmpty();
    const report: PhaseReport = {
      phase: { ...from.phase },
      orders: result.results.map((r): OrderReport => ({
        power: r.order.power,
        text: formatOrder(r.order),
        order: r.order,
        status: r.status,
        ...(r.reason === undefined ? {} : { reason: r.reason }),
        ...(r.detail === undefined ? {} : { detail: r.detail }),
        ...(r.implicit ? { implicit: true } : {}),
      })),
      dislodged: result.dislodged,
      ...(result.removed ? { removed: result.removed } : {}),
      ...(result.built ? { built: result.built } : {}),
      ...(result.retreats ? { retreats: result.retreats } : {}),
      ...(result.adjustments ? { adjustments: result.adjustments } : {}),
      passed,
      next: { ...this.current.phase },
      result: this.judge(),
    };
    // The history keeps a copy that shares nothing with the game's position, its pending orders or
    // its cached result; the caller gets another, theirs to change.
    const kept = plain(report);
    this.reports.push(kept);
    return plain(kept);
  }

  /** The game's result as it stands: whether it is over, how, the winners, centres per power and the scores. */
  result(): GameResult {
    return plain(this.judge());
  }

  /** The result of the position now, computed once per position; the game's own copy (never handed out). */
  private judge(): GameResult {
    if (this.judged?.position === this.current) return this.judged.result;
    const outcome = gameOutcome(this.board, this.rules, this.current, { alliances: [] });
    const s = scores(this.board, this.rules, this.current, outcome);
    const result: GameResult = {
      over: outcome.over,
      ...(outcome.kind === undefined ? {} : { kind: outcome.kind }),
      winners: [...outcome.winners],
      winner: outcome.winners.length === 1 ? outcome.winners[0]! : null,
      year: outcome.year,
      centres: { ...outcome.centres },
      survivors: [...outcome.survivors],
      scores: { system: s.system, final: s.final, points: { ...s.points } },
    };
    this.judged = { position: this.current, result };
    return result;
  }

  /**
   * The board as SVG (docs/RENDER.md): now, or with `last: true` the last phase
   * played, from the position it was played from, with its orders drawn and
   * what became of them.
   */
  render(options: Pick<RenderOptions, 'title' | 'layout' | 'seed'> & { last?: boolean } = {}): string {
    const { last, ...rest } = options;
    if (!last || !this.lastPlayed) return renderBoard(this.config, this.board, this.current, rest);
    const { from, result } = this.lastPlayed;
    return renderBoard(this.config, this.board, from, { ...rest, results: result.results, dislodged: result.dislodged });
  }

  /** The game as a plain document: variant, edition, seed, position and the reports (JSON.stringify it). */
  toJSON(): { variant: string; edition: string; seed: number; position: Position; history: PhaseReport[] } {
    return { variant: this.variant, edition: this.edition, seed: this.seed, position: this.position, history: this.history };
  }

  private powerId(name: string): string {
    const id = this.index.power(String(name));
    if (id === undefined) throw new DipforgeError('bad-request', `no power "${String(name).slice(0, 60)}" in ${this.config.name}`, { known: this.powers });
    return id;
  }

  /** Passes over phases with nothing to decide, returning them. */
  private passEmpty(): Phase[] {
    const passed: Phase[] = [];
    while (passed.length < MAX_PASSED && phaseIsEmpty(this.board, this.rules, this.current)) {
      passed.push({ ...this.current.phase });
      this.current = adjudicatePhase(this.board, this.current, [], this.rules, { seed: this.seed }).next;
    }
    return passed;
  }
}
