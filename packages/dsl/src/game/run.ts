/**
 * Plays a parsed game: loads and compiles its variant, resolves its rules
 * (edition and overrides, through the map language's rule resolver), builds the
 * starting position, then, phase by phase, reads each order against the
 * position of that moment, adjudicates with the engine and checks what the
 * file expects. Bad input gives diagnostics with ranges; nothing throws.
 *
 * What a run is lives in run-types.ts, and the parts that stand apart in their own files: the
 * header (run-header.ts: variant, rules, order languages), the names (run-names.ts), the start
 * position (start-position.ts), the reading of a phase's orders (run-orders.ts), the expectations
 * (expectations.ts), the editor's re-use of a previous run (run-reuse.ts), another edition
 * (run-edition.ts). What stays here is one runner's state read throughout: the phases in order,
 * each adjudicated and checked, the victory and declarations between them.
 */
import type { RuleOptions, VariantConfig } from '@dipforge/engine/config';
import {
  adjudicatePhase,
  adjustsIn,
  DecisionDepthError,
  phaseIndex,
  phaseIsEmpty,
  samePhase,
  yearPhases,
  type Board,
  type NameIndex,
  type Order,
  type OrderResult,
  type Phase,
  type PhaseResult,
  type Position,
} from '@dipforge/engine';
import type { CodeName } from '../diagnostics/codes.js';
import { dedupeDiagnostics, diagnostic, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { ZERO_RANGE, type Range } from '../text/range.js';
import type * as G from './ast.js';
import type { ParsedGame } from './parse.js';
import { phaseKey, phaseText, type YearPhase } from './phases.js';
import type { GameWorkspace } from './workspace.js';
import { OrderReading } from './orders.js';
import { OrderLanguages } from './order-language.js';
import { VictoryKeeper, type VictoryState } from './victory.js';
import { catchUp, reusePhases, type Tail } from './run-reuse.js';
import { EditionSwitch } from './run-edition.js';
import { startPosition } from './start-position.js';
import type { Expectation, GameOptions, GameRun, OrderRun, PhaseRun } from './run-types.js';
import { ExpectationChecker } from './expectations.js';
import { GameNames } from './run-names.js';
import { gameRules, orderLanguagesOf, variantPathOf } from './run-header.js';
import { noOrders, readOrders } from './run-orders.js';

export type { Expectation, GameOptions, GameRun, OrderRun, PhaseRun };

/** How far a `phase` line may jump ahead of the game (phases adjudicated with no orders in between). */
const MAX_SKIPPED_PHASES = 60;

export function runGame(parsed: ParsedGame, workspace: GameWorkspace, options: GameOptions = {}): GameRun {
  return new GameRunner(parsed, workspace, options).run();
}

class GameRunner {
  readonly diagnostics: Diagnostic[];
  readonly out: GameRun;
  readonly file: string;
  index!: NameIndex;
  orderReading!: OrderReading;
  languages = new OrderLanguages(undefined);
  private config!: VariantConfig;
  board!: Board;
  rules!: RuleOptions;
  private year!: YearPhase[];
  /** Played under another edition (`--edition`): the file's own rules and year, to tell what that edition lacks. */
  edition: EditionSwitch | undefined;
  /** The names of the file, resolved against the variant (with their diagnostics). */
  names!: GameNames;
  /** Victory, alliances, draws and scores (victory.ts); the `declare` blocks played so far go up to `declaredUpTo`. */
  victory!: VictoryKeeper;
  declaredUpTo = -2;
  /** What the early cutoff compares with (null: no cutoff for this run); computed when first needed. */
  tail?: Tail | null;
  /** The expectations' checks (expectations.ts), with this runner's names. */
  private expect!: ExpectationChecker;

  constructor(
    readonly parsed: ParsedGame,
    readonly workspace: GameWorkspace,
    readonly options: GameOptions,
  ) {
    this.file = parsed.file;
    this.diagnostics = [...parsed.diagnostics];
    this.out = { file: parsed.file, parsed, diagnostics: this.diagnostics, players: {}, phases: [], declarations: [], expectations: [], complete: false };
  }

  run(): GameRun {
    try {
      this.play();
    } catch (e) {
      // A bug in dipforge, not in the file: say where, and keep what was found so far (a command exits 3).
      const message = e instanceof Error ? e.message : String(e);
      this.report('internalError', this.parsed.ast.range, `Internal error while playing the game: ${message}`);
      this.out.complete = false;
    }
    this.out.diagnostics = sortDiagnostics(dedupeDiagnostics(this.diagnostics));
    return this.out;
  }

  report(name: CodeName, range: Range, message: string, suggestions?: readonly string[]): void {
    this.diagnostics.push(diagnostic(name, this.file, range, message, suggestions));
  }

  // ---------------------------------------------------------------- header

  private play(): void {
    const ast = this.parsed.ast;
    const first = <K extends G.HeaderStmt['kind']>(kind: K): Extract<G.HeaderStmt, { kind: K }> | undefined => {
      const all = ast.header.filter((h): h is Extract<G.HeaderStmt, { kind: K }> => h.kind === kind);
      for (const extra of all.slice(1)) this.report('duplicateItem', extra.range, `A game has one ${kind.toLowerCase()} line; this one is ignored`);
      return all[0];
    };
    const variantStmt = first('Variant');
    const editionStmt = first('Edition');
    const seedStmt = first('Seed');
    if (seedStmt) this.out.seed = seedStmt.value.value;

    const path = variantPathOf(this, variantStmt);
    if (!path) return;
    const variant = this.workspace.variant(path);
    this.out.variant = variant;
    if (!variant.config || !variant.model || !variant.index) {
      const errors = variant.diagnostics.filter((d) => d.severity === 'error');
      const what = variantStmt?.name?.text ?? variantStmt?.path?.value ?? 'classic';
      this.report('variantDoesNotCompile', variantStmt?.range ?? ZERO_RANGE, `The variant ${what} does not compile (${errors.length} error${errors.length === 1 ? '' : 's'})`);
      for (const d of errors) this.diagnostics.push(d);
      return;
    }
    this.index = variant.index;
    this.orderReading = OrderReading.of(variant.index);

    const rules = gameRules(this, variant, editionStmt, ast.header.filter((h): h is G.RuleStmt => h.kind === 'Rule'));
    this.rules = rules;
    this.out.rules = rules;
    this.out.edition = rules.edition;
    this.config = { ...variant.config, rules };
    this.out.config = this.config;
    this.board = this.workspace.board(variant, this.config);
    this.names = new GameNames(variant.index, this.config.name, this.board.neutralPower >= 0, (name, range, message, suggestions) => this.report(name, range, message, suggestions));
    this.expect = new ExpectationChecker(this.names, this.board, this.out.expectations, this.options.headless === true);
    this.year = yearPhases(this.board, rules);
    if (this.options.edition !== undefined) {
      const fileRules = gameRules(this, variant, editionStmt, ast.header.filter((h): h is G.RuleStmt => h.kind === 'Rule'), false);
      this.edition = new EditionSwitch(rules, this.year, fileRules, yearPhases(this.board, fileRules), (name, range, message) => this.report(name, range, message));
    }

    for (const p of ast.header) {
      if (p.kind !== 'Player') continue;
      const id = this.names.power(p.power);
      if (id) this.out.players[id] = p.name.value;
    }
    this.languages = orderLanguagesOf(this, ast.header.filter((h): h is G.LanguageStmt => h.kind === 'Language'));
    this.out.languages = this.languages;

    const start = startPosition(this.parsed.ast.position, this.config, {
      phaseOf: (n) => this.phaseOf(n),
      report: (name, range, message) => this.report(name, range, message),
      power: (w) => this.names.power(w),
      unitsPower: (w) => this.names.unitsPower(w),
      location: (t) => this.names.location(t),
      province: (t) => this.names.province(t),
    });
    if (!start) return;
    this.out.start = start;
    this.out.final = start;
    this.playPhases(start);
  }

  // ----------------------------------------------------------------- phase names

  private phaseOf(name: G.PhaseName | undefined): Phase | undefined {
    if (!name?.kind.phase) return undefined;
    const season = name.season.value;
    const i = phaseIndex(this.year, { year: name.year.value, season, kind: name.kind.phase });
    if (i < 0) {
      const list = this.year.map((p) => `${p.season} ${p.kind}`).join(', ');
      this.report('invalidPhase', name.range, `The year of ${this.config.name} under these rules has no ${season} ${name.kind.phase} phase; its phases are ${list}${this.writtenInAdvance(name.kind.phase)}`);
      return undefined;
    }
    const p = this.year[i] as YearPhase;
    const year = name.year.value;
    const step = this.rules['year-step'];
    const start = this.config.start.year;
    if ((((year - start) % step) + step) % step !== 0) {
      this.report('invalidPhase', name.year.range, `${year} is no year of ${this.config.name}: its years go from ${start} in steps of ${step} (year-step)`);
      return undefined;
    }
    if (p.kind === 'adjustment' && !adjustsIn(this.rules, year)) {
      const every = this.rules['adjustment-interval'];
      this.report('invalidPhase', name.range, `${year} has no adjustment phase: adjustments take place only in years that are a multiple of ${every} (adjustment-interval)`);
      return undefined;
    }
    return { year, season: p.season, kind: p.kind };
  }

  /**
   * For a retreat or adjustment phase the year lacks (the postal year, 000 §3):
   * where those orders are written instead.
   */
  private writtenInAdvance(kind: G.PhaseKindName): string {
    if (kind === 'movement' || this.year.some((p) => p.kind === kind)) return '';
    const shape = `year-shape ${this.rules['year-shape']}`;
    // A file of separate phases under a postal edition line was written for another year: the fix is the conversion, the same words everywhere.
    const convert = `. The game is written in separate phases, for another edition's year: convert the game to ${this.rules.edition} (dipforge convert --edition ${this.rules.edition}, or the quick fix on this line in the editor)`;
    if (kind === 'retreat') {
      return this.rules.retreats === 'priority-list'
        ? ` (under ${shape} retreats are written with the movement orders as priority lists: A mun H retreat ber, kie)${convert}`
        : ` (under ${shape} dislodged units follow retreat-default ${this.rules['retreat-default']})`;
    }
    return this.rules.adjustments === 'priority-list'
      ? ` (under ${shape} builds and disbands are written with the fall movement orders as priority lists: Build F kie, A ber; Disband A sil, A mun)${convert}`
      : ` (under ${shape} there are no adjustments)`;
  }

  // ---------------------------------------------------------------- phases

  private playPhases(start: Position): void {
    let position = start;
    const sections = this.parsed.ast.phases;
    this.startVictory(start);
    const reused = reusePhases(this, start);
    if (reused) position = reused.position;
    for (let s = reused?.sections ?? 0; s < sections.length; s++) {
      const section = sections[s] as G.PhaseSection;
      this.declareThrough(s - 1, position);
      if (catchUp(this, s, position)) return;
      if (this.options.cancelled?.()) {
        this.out.cancelled = true;
        return;
      }
      if (this.edition?.setAsideSection(section)) continue;
      const target = this.phaseOf(section.phase);
      if (!target) return;
      let skipped = 0;
      const targetKey = phaseKey(this.year, target);
      while (phaseKey(this.year, position.phase) < targetKey) {
        if (++skipped > MAX_SKIPPED_PHASES) {
          this.report('invalidPhase', section.phase?.range ?? section.range, `${phaseText(target)} is too far ahead of ${phaseText(position.phase)}`);
          return;
        }
        const why = this.somethingToOrder(position);
        if (why && !this.edition?.defaultsNoted(position, section, why)) this.report('phaseSkipped', section.phase?.range ?? section.range, `${phaseText(position.phase)} is not written (${why}); it is adjudicated with no orders`);
        const next = this.adjudicate(position, [], section);
        if (!next) return;
        position = next;
      }
      if (!samePhase(this.board, this.rules, position.phase, target)) {
        this.report('invalidPhase', section.phase?.range ?? section.range, `${phaseText(target)} comes before the game's current phase, ${phaseText(position.phase)}`);
        return;
      }
      const next = this.adjudicate(position, section.orders, section);
      if (!next) return;
      position = next;
    }
    const tail = this.defaultsAtEnd(position, sections[sections.length - 1]);
    if (!tail) return;
    position = tail;
    this.declareThrough(sections.length - 1, position);
    this.out.complete = true;
  }

  // ------------------------------------------------ victory and declarations

  private startVictory(start: Position): void {
    this.victory = new VictoryKeeper({
      board: this.board,
      rules: this.rules,
      power: (w) => this.names.power(w),
      report: (name, range, message) => this.report(name, range, message),
      expectation: (phase, range, what, ok, message) => this.expectation(phase, range, what, ok, message),
    });
    this.out.declarations = this.victory.declarations;
    this.noteVictory(this.victory.start(start));
  }

  /** Plays the `declare` blocks written after phase sections up to index `last` (-1: before the first) not yet played. */
  private declareThrough(last: number, position: Position): void {
    for (const section of this.parsed.ast.declare) {
      if (section.after <= this.declaredUpTo || section.after > last) continue;
      const phase = this.out.phases.length - 1;
      let state = this.victory.declare(section, position, phase);
      const declared = state;
      this.expect.blocks(section.expect, position, position.dislodged, phase, (block) => this.victory.check(block, phase, declared));
      state = this.victory.snapshot();
      const run = this.out.phases[phase];
      if (run) run.victory = state;
      this.noteVictory(state);
    }
    this.declaredUpTo = Math.max(this.declaredUpTo, last);
  }

  /** The result as the game run reports it. */
  noteVictory(state: VictoryState): void {
    this.out.outcome = state.outcome;
    this.out.scores = state.scores;
    this.out.victory = state;
    const winner = this.victory.soleWinner(state);
    if (winner !== undefined) this.out.winner = winner;
    else delete this.out.winner;
  }

  // ------------------------------------------------- another edition (--edition)

  /**
   * Played under another edition, after the last section: the phases the
   * file's own year lacks (a postal fall's retreats and adjustments, played in
   * five phases) are adjudicated with the edition's defaults, so the game ends
   * where the file's own edition would. The position reached, or undefined to stop.
   */
  private defaultsAtEnd(position: Position, last: G.PhaseSection | undefined): Position | undefined {
    const edition = this.edition;
    if (!edition || !last) return position;
    let skipped = 0;
    while (phaseIndex(edition.fileYear, position.phase) < 0 && ++skipped <= MAX_SKIPPED_PHASES) {
      const why = this.somethingToOrder(position);
      if (why) edition.defaultsNoted(position, last, why);
      const next = this.adjudicate(position, [], last);
      if (!next) return undefined;
      position = next;
    }
    return position;
  }

  /** Why a phase left out of the file has orders to give, or undefined when it has none. */
  private somethingToOrder(position: Position): string | undefined {
    if (phaseIsEmpty(this.board, this.rules, position)) return undefined;
    switch (position.phase.kind) {
      case 'movement':
        return 'every unit holds';
      case 'retreat':
        return 'every dislodged unit is disbanded';
      case 'adjustment':
        return 'builds and removals follow the rules for missing orders';
    }
  }

  /** Reads the orders, adjudicates the phase, checks its expectations; the next position, or undefined to stop. */
  private adjudicate(position: Position, lines: G.OrderLine[], section: G.PhaseSection): Position | undefined {
    const written = lines === section.orders;
    // The orders read, and the line and power of each (paired with the engine's results below); the orders never legal on the map said.
    const { orders, lines: orderLines, powers: orderPowers, incomplete } = written ? readOrders(this, position, section) : noOrders();
    let result: PhaseResult;
    this.options.onAdjudicate?.(position.phase);
    try {
      const options = this.out.seed !== undefined ? { seed: this.out.seed } : {};
      result = adjudicatePhase(this.board, position, orders, this.rules, options);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const range = section.phase?.range ?? section.range;
      // A chain too long to follow is the input's size, not a bug: an error of the file.
      if (e instanceof DecisionDepthError) this.report('decisionChainTooLong', range, `${phaseText(position.phase)} cannot be adjudicated: ${message}`);
      else this.report('adjudicationFailed', range, `The engine failed on ${phaseText(position.phase)}: ${message}`);
      return undefined;
    }
    const runs = orderRuns(orders, orderLines, orderPowers, result.results);
    const victory = this.victory.afterPhase(position.phase, result.next, written ? section : undefined);
    // Made with every property it will have (one added later would take a second object).
    const run: PhaseRun = written
      ? { phase: position.phase, orders: runs, before: position, result, incomplete, section, victory }
      : { phase: position.phase, orders: runs, before: position, result, incomplete, victory };
    this.out.phases.push(run);
    this.out.final = result.next;
    this.noteVictory(victory);
    if (written) this.check(run, section, this.out.phases.length - 1);
    return result.next;
  }

  // ---------------------------------------------------------- expectations

  private expectation(phase: number, range: Range, what: string, ok: boolean, message: string): void {
    this.expect.add(phase, range, what, ok, message);
  }

  private check(run: PhaseRun, section: G.PhaseSection, phase: number): void {
    this.expect.phase(run, section, phase, (block) => this.victory.check(block, phase, run.victory));
    this.noteWinner(run);
  }

  /** The game's result after a phase (victory.ts judged it when the phase was played). */
  noteWinner(run: PhaseRun): void {
    if (run.victory) this.noteVictory(run.victory);
  }
}

/**
 * The orders of a phase with their lines and results, each order paired with
 * its result by identity, else (the engine copied the orders) by position.
 * The engine gives the results of the orders in their order (any it adds come
 * after them), and the orders of a phase are distinct objects (orders.ts), so
 * while each result is at its order's place it is the first result of that
 * order, and no lookup table is needed. Each order run is made with its
 * result, not given it later (a property added later would take a second
 * object).
 */
function orderRuns(orders: readonly Order[], lines: readonly G.OrderLine[], powers: readonly string[], results: readonly OrderResult[]): OrderRun[] {
  const runs: OrderRun[] = [];
  const sameLength = results.length === orders.length;
  let byOrder: Map<Order, OrderResult> | undefined;
  for (let i = 0; i < orders.length; i++) {
    const order = orders[i] as Order;
    const line = lines[i] as G.OrderLine;
    const power = powers[i] as string;
    let r = results[i];
    // Once a result is not at its order's place, the first result of each order is looked up.
    if (byOrder || r === undefined || r.order !== order) {
      if (!byOrder) {
        byOrder = new Map();
        for (const x of results) if (!byOrder.has(x.order)) byOrder.set(x.order, x);
      }
      r = byOrder.get(order) ?? (sameLength ? results[i] : undefined);
    }
    runs.push(r ? { line, power, order, result: r } : { line, power, order });
  }
  return runs;
}

/** Orders of the adjustments; in a movement phase they are written in advance (000 §11). */
