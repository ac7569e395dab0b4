/**
 * Plays a parsed game: loads and compiles its variant, resolves its rules
 * (edition and overrides, through the map language's rule resolver), builds the
 * starting position, then, phase by phase, reads each order against the
 * position of that moment, adjudicates with the engine and checks what the
 * file expects. Bad input gives diagnostics with ranges; nothing throws.
 *
 * What a run is lives in run-types.ts, and the parts that stand apart in their own files: the
 * start position (start-position.ts), the expectations (expectations.ts), the editor's re-use of
 * a previous run (run-reuse.ts), another edition (run-edition.ts). What stays here, past 500
 * lines, is one runner's state read throughout: the header and rules, the names (each resolved
 * once, with its diagnostic where it is written), the phases in order and the reading of their
 * orders against the position of the moment.
 */
import { dirname, relative as relativePath } from 'node:path';
import { didYouMeanOf, echo, NEUTRAL_POWER, orList, quoted, type RuleOptions, type VariantConfig } from '@dipforge/engine/config';
import {
  adjudicatePhase,
  adjustsIn,
  DecisionDepthError,
  initialPosition,
  phaseIndex,
  phaseIsEmpty,
  samePhase,
  neverLegal,
  parseOrder,
  yearPhases,
  type Board,
  type DislodgedUnit,
  type NameIndex,
  type Order,
  type OrderResult,
  type ParseResult,
  type Phase,
  type PhaseResult,
  type Position,
  type Unit,
} from '@dipforge/engine';
import { Codes, type CodeName } from '../diagnostics/codes.js';
import { dedupeDiagnostics, diagnostic, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import type * as A from '../map/ast.js';
import type { Declared } from '../map/bind.js';
import { resolveRules } from '../map/rules.js';
import { ZERO_RANGE, type Range } from '../text/range.js';
import { projectPath } from '../workspace/host.js';
import type * as G from './ast.js';
import type { ParsedGame } from './parse.js';
import { phaseKey, phaseText, type YearPhase } from './phases.js';
import type { CompiledVariant, GameWorkspace } from './workspace.js';
import { OrderReading } from './orders.js';
import { editionNames } from './editions.js';
import { unfinishedMessage } from './unfinished.js';
import { reachesOn } from './reach.js';
import { gameOrderLanguages, isOrderLanguage, OrderLanguages, readOrderLine } from './order-language.js';
import { VictoryKeeper, type DeclarationRun, type VictoryState } from './victory.js';
import { catchUp, reusePhases, type Tail } from './run-reuse.js';
import { EditionSwitch } from './run-edition.js';
import { startPosition } from './start-position.js';
import { unreadableFile } from '../workspace/unreadable.js';
import type { GameOutcome, Scores } from '@dipforge/engine';

import type { Expectation, GameOptions, GameRun, OrderRun, PhaseRun } from './run-types.js';
import { ExpectationChecker } from './expectations.js';

export type { Expectation, GameOptions, GameRun, OrderRun, PhaseRun };

const ENGINE_CODES: Record<string, CodeName> = {
  'unknown-province': 'unknownProvince',
  'ambiguous-province': 'unknownProvince',
  'unknown-power': 'unknownPower',
  // The reader itself failed (a bug): said as such, so that a command exits 3, not 1.
  internal: 'internalError',
};

/** How far a `phase` line may jump ahead of the game (phases adjudicated with no orders in between). */
const MAX_SKIPPED_PHASES = 60;

export function runGame(parsed: ParsedGame, workspace: GameWorkspace, options: GameOptions = {}): GameRun {
  return new GameRunner(parsed, workspace, options).run();
}

class GameRunner {
  readonly diagnostics: Diagnostic[];
  readonly out: GameRun;
  readonly file: string;
  private index!: NameIndex;
  private orderReading!: OrderReading;
  languages = new OrderLanguages(undefined);
  private config!: VariantConfig;
  private board!: Board;
  rules!: RuleOptions;
  private year!: YearPhase[];
  /** Played under another edition (`--edition`): the file's own rules and year, to tell what that edition lacks. */
  private edition?: EditionSwitch;
  private readonly powerOf = new Map<G.Word, string | undefined>();
  /**
   * The names read so far, by their text (a file writes the same few hundred names thousands of
   * times in its expectations): only names found, so that each name not found is reported where written.
   */
  private readonly powerByText = new Map<string, string>();
  private readonly locationByText = new Map<string, string>();
  private readonly provinceByText = new Map<string, string>();
  /** Victory, alliances, draws and scores (victory.ts); the `declare` blocks played so far go up to `declaredUpTo`. */
  victory!: VictoryKeeper;
  declaredUpTo = -2;
  /** What the early cutoff compares with (null: no cutoff for this run); computed when first needed. */
  tail?: Tail | null;
  /** The expectations' checks (expectations.ts), with this runner's names. */
  private readonly expect: ExpectationChecker;

  constructor(
    readonly parsed: ParsedGame,
    private readonly workspace: GameWorkspace,
    readonly options: GameOptions,
  ) {
    this.file = parsed.file;
    this.diagnostics = [...parsed.diagnostics];
    this.out = { file: parsed.file, parsed, diagnostics: this.diagnostics, players: {}, phases: [], declarations: [], expectations: [], complete: false };
    this.expect = new ExpectationChecker(
      { power: (w) => this.power(w), unitsPower: (w) => this.unitsPower(w), location: (t) => this.location(t), province: (t) => this.province(t) },
      this.out.expectations,
      options.headless === true,
    );
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

  private report(name: CodeName, range: Range, message: string, suggestions?: readonly string[]): void {
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

    const path = this.variantPath(variantStmt);
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

    const rules = this.resolveRules(variant, editionStmt, ast.header.filter((h): h is G.RuleStmt => h.kind === 'Rule'));
    this.rules = rules;
    this.out.rules = rules;
    this.out.edition = rules.edition;
    this.config = { ...variant.config, rules };
    this.out.config = this.config;
    this.board = this.workspace.board(variant, this.config);
    this.year = yearPhases(this.board, rules);
    if (this.options.edition !== undefined) {
      const fileRules = this.resolveRules(variant, editionStmt, ast.header.filter((h): h is G.RuleStmt => h.kind === 'Rule'), false);
      this.edition = new EditionSwitch(rules, this.year, fileRules, yearPhases(this.board, fileRules), (name, range, message) => this.report(name, range, message));
    }

    for (const p of ast.header) {
      if (p.kind !== 'Player') continue;
      const id = this.power(p.power);
      if (id) this.out.players[id] = p.name.value;
    }
    this.languages = this.orderLanguages(ast.header.filter((h): h is G.LanguageStmt => h.kind === 'Language'));
    this.out.languages = this.languages;

    const start = startPosition(this.parsed.ast.position, this.config, {
      phaseOf: (n) => this.phaseOf(n),
      report: (name, range, message) => this.report(name, range, message),
      power: (w) => this.power(w),
      unitsPower: (w) => this.unitsPower(w),
      location: (t) => this.location(t),
      province: (t) => this.province(t),
    });
    if (!start) return;
    this.out.start = start;
    this.out.final = start;
    this.playPhases(start);
  }

  /** The `language` lines: the game's language and each power's (a second one for the same is ignored). */
  private orderLanguages(stmts: G.LanguageStmt[]): OrderLanguages {
    let game: string | undefined;
    const powers = new Map<string, string>();
    for (const stmt of stmts) {
      const tag = stmt.language.text;
      if (!isOrderLanguage(tag)) {
        this.report('unknownOrderLanguage', stmt.language.range, `No order language ${quoted(tag)}: write one of ${gameOrderLanguages().join(', ')} (en: the standard notation)`);
        continue;
      }
      if (stmt.powers.length === 0) {
        if (game !== undefined) this.report('duplicateItem', stmt.range, `The game's order language is already ${game}; this line is ignored`);
        else game = tag;
      }
      for (const w of stmt.powers) {
        const id = this.power(w);
        if (!id) continue;
        const had = powers.get(id);
        if (had !== undefined) this.report('duplicateItem', w.range, `${id} already writes its orders in ${had}; this one is ignored`);
        else powers.set(id, tag);
      }
    }
    return new OrderLanguages(game, powers);
  }

  private variantPath(stmt: G.VariantStmt | undefined): string | undefined {
    const loader = this.workspace.loader;
    if (!stmt?.path) {
      const name = stmt?.name?.value ?? 'classic';
      const path = loader.builtinVariantPath(name);
      if (loader.host.read(path) === undefined) {
        this.report('unknownVariant', stmt?.name?.range ?? ZERO_RANGE, `No built-in variant ${quoted(stmt?.name?.text ?? name)}; give a path in quotes for a map file`);
        return undefined;
      }
      return path;
    }
    const found = projectPath(this.file, stmt.path.value, loader.host);
    if (!('path' in found)) {
      this.report(found.code, stmt.path.range, found.message);
      return undefined;
    }
    const target = found.path;
    if (loader.host.read(target) === undefined) {
      this.diagnostics.push(unreadableFile(loader.host, target, quoted(stmt.path.value), { file: this.file, range: stmt.path.range }));
      return undefined;
    }
    return target;
  }

  /**
   * The game's rules: the variant's own `rules` blocks, then the game's edition
   * and `rule` lines as one more `rules` block of the game file, resolved by
   * the map language's resolver (so names, values and messages are the same).
   */
  private resolveRules(variant: CompiledVariant, edition: G.EditionStmt | undefined, lines: G.RuleStmt[], switched = true): RuleOptions {
    const options: A.RuleOptionNode[] = [];
    const editionNode = (text: string, value: string | number, range: Range, keyRange: Range): A.RuleOptionNode => ({
      key: { text: 'edition', value: 'edition', range: keyRange },
      values: [typeof value === 'number' ? { kind: 'number', value, text, range } : { kind: 'name', value, text, range }],
      range,
    });
    if (edition) options.push(editionNode(edition.name.text, edition.name.value, edition.name.range, edition.range));
    for (const r of lines) options.push({ key: { text: r.key.text, value: r.key.value, range: r.key.range }, values: r.values, range: r.range });
    const model = variant.model as NonNullable<CompiledVariant['model']>;
    const sources = this.workspace.editionSources();
    if (switched && this.options.edition !== undefined) {
      const wanted = this.options.edition.toLowerCase();
      const known = editionNames(this.workspace, model);
      if (known.includes(wanted)) {
        const range = edition?.name.range ?? ZERO_RANGE;
        options.push(editionNode(this.options.edition, wanted, range, range));
      } else {
        this.out.unknownEdition = { name: this.options.edition, known: known.sort() };
        this.report('unknownEdition', ZERO_RANGE, `Unknown edition ${quoted(this.options.edition)} to play the game under; the editions are ${known.join(', ')}`);
      }
    }
    const block: Declared<A.RulesDecl> = { decl: { kind: 'Rules', options, range: this.parsed.ast.range }, file: this.file };
    const found: Diagnostic[] = [];
    const resolved = resolveRules({ ...model, rules: [...model.rules, block] }, sources, found);
    // The variant's own rule problems were reported when it compiled; keep the game's.
    if (!switched) return resolved.options;
    for (const d of found) if (d.file === this.file) this.diagnostics.push(d);
    // A conflict the game's edition brings to the variant's own options (not one of the variant's): on the edition line.
    const own = new Set(variant.diagnostics.map((d) => `${d.file}:${d.range.start.offset}:${d.code}:${d.message}`));
    for (const d of found) {
      if (d.file === this.file || d.code !== Codes.ruleConflict.code || own.has(`${d.file}:${d.range.start.offset}:${d.code}:${d.message}`)) continue;
      const where = `${relativePath(dirname(this.file), d.file)}:${d.range.start.line + 1}`;
      this.report('ruleConflict', edition?.range ?? ZERO_RANGE, `${d.message} (with the edition this game plays, ${resolved.edition}; the other option is set at ${where})`);
    }
    return resolved.options;
  }

  // ----------------------------------------------------------------- names

  private power(w: G.Word): string | undefined {
    const known = this.powerOf.get(w);
    if (known !== undefined || this.powerOf.has(w)) return known;
    const id = this.powerByText.get(w.text) ?? this.index.power(w.text);
    if (!id) {
      const near = this.index.suggestPower(w.text).map((s) => s.id);
      this.report('unknownPower', w.range, `No power ${quoted(w.text)} in ${this.config.name}${didYouMeanOf(near)}`, near);
    } else this.powerByText.set(w.text, id);
    this.powerOf.set(w, id);
    return id;
  }

  /** The power of a units line: a power, or `neutral` for the neutral units of a variant that has them. */
  private unitsPower(w: G.Word): string | undefined {
    if (this.board.neutralPower >= 0 && w.text.toLowerCase() === NEUTRAL_POWER && !this.index.power(w.text)) return NEUTRAL_POWER;
    return this.power(w);
  }

  private location(t: G.Text): string | undefined {
    const known = this.locationByText.get(t.text);
    if (known !== undefined) return known;
    const loc = this.index.location(t.text);
    if (loc) {
      this.locationByText.set(t.text, loc);
      return loc;
    }
    // `spa/xc`, `spa(xc)`, `spa xc`: a province with a coast it does not have.
    const m = /^(.*?)\s*(?:\/\s*|\(\s*|\s+)([^/()\s]+)\s*\)?$/u.exec(t.text.trim());
    const province = m ? this.index.province(m[1] as string) : undefined;
    if (province) {
      const name = this.index.provinceName(province) ?? province;
      if (this.index.hasCoasts(province)) this.report('unknownCoast', t.range, `${name} has no coast ${quoted(m?.[2] ?? '')}`);
      else this.report('coastOnProvinceWithoutCoasts', t.range, `${name} has no named coasts: write ${province}`);
      return undefined;
    }
    const near = this.index.suggest(t.text);
    const hint = near.length === 0 ? '' : `; did you mean ${orList(near.map((s) => `${quoted(s.id)} (${s.name})`))}?`;
    this.report('unknownProvince', t.range, `No province ${quoted(t.text)} in ${this.config.name}${hint}`, near.map((s) => s.id));
    return undefined;
  }

  private province(t: G.Text): string | undefined {
    const known = this.provinceByText.get(t.text);
    if (known !== undefined) return known;
    const id = this.index.province(t.text);
    if (id) {
      this.provinceByText.set(t.text, id);
      return id;
    }
    const loc = this.location(t);
    return loc ? base(loc) : undefined;
  }

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
      while (phaseKey(this.year, position.phase) < phaseKey(this.year, target)) {
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
      power: (w) => this.power(w),
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

  /**
   * Orders no position can make legal on the map (`F bre - mun`): a mistake in
   * the text, said as one (DF3030), unless the line expects [illegal].
   */
  private neverLegalOrders(orders: readonly Order[], lines: readonly G.OrderLine[]): void {
    for (let i = 0; i < orders.length; i++) {
      const line = lines[i] as G.OrderLine;
      if (line.expected?.value === 'illegal') continue;
      const never = neverLegal(this.board, orders[i] as Order);
      if (never) this.report('orderNeverLegal', line.text.range, `${echo(line.text.text)}: never legal on this map: ${never.why} (${never.reason})`);
    }
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
  /** Whether an order line reads as an order by itself (so the deeper-indented line after it is an order of its own). */
  private standsAlone(text: string, power: string, language: string | undefined, phase: Position['phase']['kind'], unitAt: (loc: string) => Unit | undefined): boolean {
    if (language !== undefined) return readOrderLine(this.board, this.index, language, text, { power, phase, unitAt }).ok;
    return this.orderReading.order(text, power, phase, unitAt).ok;
  }

  private adjudicate(position: Position, lines: G.OrderLine[], section: G.PhaseSection): Position | undefined {
    const written = lines === section.orders;
    // The orders read, and the line and power of each (paired with the engine's results below).
    const orders: Order[] = [];
    const orderLines: G.OrderLine[] = [];
    const orderPowers: string[] = [];
    let incomplete = false;
    if (written) {
      this.orderReading.startPhase();
      for (const w of section.powers) this.power(w);
      const unitAt = (loc: string): Unit | undefined => {
        const b = base(loc);
        const find = (list: readonly Unit[]): Unit | undefined => list.find((u) => base(u.at) === b);
        return position.phase.kind === 'retreat' ? (find(position.dislodged) ?? find(position.units)) : find(position.units);
      };
      const reaches = reachesOn(this.board, unitAt);
      // A power's lines come together: its id and language are looked up once for them.
      let word: G.Word | undefined;
      let power: string | undefined;
      let language: string | undefined;
      let joined = false;
      for (const written of lines) {
        if (written.power !== word) {
          word = written.power;
          power = this.powerOf.get(word);
          language = power === undefined ? undefined : this.languages.of(power);
        }
        if (!power) {
          incomplete = true;
          continue;
        }
        // The lines after the first of an order read as one.
        if (written.continuation && joined) continue;
        joined = false;
        let line = written;
        if (written.continued && !this.standsAlone(written.text.text, power, language, position.phase.kind, unitAt)) {
          let last = lines.indexOf(written) + 1;
          while (lines[last + 1]?.continuation) last++;
          line = joinedLine(written, lines[last]);
          joined = true;
        }
        if (language !== undefined) {
          // A line in another language may hold several orders, each possibly another power's (`ドイツ：…`).
          const read = readOrderLine(this.board, this.index, language, line.text.text, { power, phase: position.phase.kind, unitAt });
          const at = line.text.range.start.offset;
          for (const n of read.notes) this.report(n.code, this.parsed.lines.range(at + n.start, at + n.end), n.message, n.suggestions);
          if (!read.ok) incomplete = true;
          else for (const o of read.orders) {
            const order = this.edition ? this.edition.switchedOrder(o, line, position) : o;
            if (order) {
              orders.push(order);
              orderLines.push(line);
              orderPowers.push(o.power);
            }
          }
          continue;
        }
        const parsed = this.orderReading.order(line.text.text, power, position.phase.kind, unitAt, reaches);
        if (!parsed.ok) {
          incomplete = true;
          const at = line.text.range.start.offset;
          const end = parsed.end > parsed.start ? parsed.end : line.text.text.length;
          // A line that stops in a keyword, as it does while it is typed, is told what is expected (unfinished.ts).
          const read = (text: string): ParseResult => parseOrder(this.index, text, { power, phase: position.phase.kind, unitAt });
          const afterPower = line.power.range.start.line === line.text.range.start.line;
          const unfinished = unfinishedMessage(line.text.text, parsed, { board: this.board, index: this.index, rules: this.rules, phase: position.phase, afterPower, read });
          const name = unfinished !== undefined ? 'invalidOrder' : (ENGINE_CODES[parsed.code] ?? 'invalidOrder');
          this.report(name, this.parsed.lines.range(at + parsed.start, at + end), unfinished ?? parsed.message, unfinished === undefined ? parsed.suggestions : undefined);
          continue;
        }
        // A misspelt name read as the name it is close to: said, never silent (DF8030).
        if (parsed.warnings) {
          const at = line.text.range.start.offset;
          for (const w of parsed.warnings) this.report('guessedName', this.parsed.lines.range(at + w.start, at + w.end), w.message);
        }
        const order = this.edition ? this.edition.switchedOrder(parsed.order, line, position) : parsed.order;
        if (order) {
          orders.push(order);
          orderLines.push(line);
          orderPowers.push(power);
        }
      }
    }
    this.neverLegalOrders(orders, orderLines);
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

function base(loc: string): string {
  const slash = loc.indexOf('/');
  return slash < 0 ? loc : loc.slice(0, slash);
}



/** An order line and the deeper-indented lines that continue it (`next` the last), as one order line (the result written on the last or the first). */
function joinedLine(first: G.OrderLine, next: G.OrderLine | undefined): G.OrderLine {
  const text = first.continued as G.Text;
  const line: G.OrderLine = { kind: 'Order', power: first.power, text, range: { start: first.range.start, end: next?.range.end ?? text.range.end } };
  const expected = next?.expected ?? first.expected;
  if (expected) line.expected = expected;
  return line;
}
