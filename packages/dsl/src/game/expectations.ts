/**
 * A game file's expectations checked against what the engine found: each order's written result,
 * and the `units`, `dislodged` and `owners` lines of an `expect` block (the victory lines are the
 * victory keeper's, victory.ts). Whether an expectation is met is decided on the ids themselves,
 * with no text built; the message saying what was found or what differed is built only when it is
 * read (a failure's report, an editor's hover), since a whole-folder `dipforge test` meets hundreds
 * of thousands of expectations and reads none of their messages.
 */
import type { Board, DislodgedUnit, Position } from '@dipforge/engine';
import type { Range } from '../text/range.js';
import type * as G from './ast.js';
import type { Expectation, OrderRun, PhaseRun } from './run-types.js';
import { columnsOf, OFF_BOARD, type BoardColumns } from './expect-columns.js';

/** The names a check resolves, as the game runner resolves them (with its diagnostics). */
export interface ExpectationNames {
  power(w: G.Word): string | undefined;
  /** A power, or `neutral` for the neutral units of a variant that has them. */
  unitsPower(w: G.Word): string | undefined;
  location(t: G.Text): string | undefined;
  province(t: G.Text): string | undefined;
}

const list = (xs: readonly string[]): string => (xs.length > 0 ? xs.join(', ') : 'none');

function unitText(kind: 'army' | 'fleet', at: string): string {
  return `${kind === 'army' ? 'A' : 'F'} ${at}`;
}

/** One expected unit: its kind and place, and where it was dislodged from when the line says so. */
interface Wanted {
  kind: 'army' | 'fleet';
  at: string;
  from?: string;
}

/**
 * A checked expectation that keeps what it was checked against and says it in words only when
 * read: one object per expectation, with no closure nor text made while the game is played (a
 * headless run reads the words of its failures alone). The editor's run takes a plain copy
 * (`plain`), its words made at once.
 */
abstract class Checked implements Expectation {
  private text: string | undefined = undefined;
  abstract readonly what: string;
  abstract readonly range: Range;

  constructor(
    readonly phase: number,
    readonly ok: boolean,
  ) {}

  get message(): string {
    this.text ??= this.words();
    return this.text;
  }

  /** As JSON, what the editor's run writes: the words and the range are getters, which JSON.stringify would leave out. */
  toJSON(): Expectation {
    return plain(this);
  }

  protected abstract words(): string;
}

/** An order's written result (`[succeeds]`) against the engine's. */
class ResultExpectation extends Checked {
  constructor(
    phase: number,
    ok: boolean,
    private readonly order: OrderRun,
  ) {
    super(phase, ok);
  }

  /** The order line's range, read when asked for (a headless read's is made then: line-range.ts). */
  get range(): Range {
    return this.order.line.range;
  }

  get what(): string {
    return `${this.order.line.text.text} [${this.want}]`;
  }

  private get want(): G.ExpectedResult {
    return (this.order.line.expected as { value: G.ExpectedResult }).value;
  }

  protected words(): string {
    const written = this.order.line.text.text;
    const got = this.order.result;
    if (!got) return `${written}: expected ${this.want}, but the engine gave no result for it`;
    const why = got.reason ? ` (${got.reason}${got.detail ? `: ${got.detail}` : ''})` : got.detail ? ` (${got.detail})` : '';
    return this.ok ? `${got.status}${why}` : `${written}: expected ${this.want}, got ${got.status}${why}`;
  }
}

/** The units (or dislodged units) lines of one power against those found. */
class UnitsExpectation extends Checked {
  constructor(
    phase: number,
    readonly range: Range,
    readonly what: string,
    ok: boolean,
    private readonly names: ExpectationNames,
    private readonly stmts: readonly (G.UnitsStmt | G.DislodgedStmt)[],
    private readonly actual: readonly DislodgedUnit[],
    private readonly power: string,
  ) {
    super(phase, ok);
  }

  protected words(): string {
    return unitsMessage(this.what, this.ok, wantedUnits(this.names, this.stmts, this.power), unitsOf(this.actual, this.power));
  }
}

/** An owners line against the centres found. */
class OwnersExpectation extends Checked {
  constructor(
    phase: number,
    readonly what: string,
    ok: boolean,
    private readonly names: ExpectationNames,
    private readonly stmt: G.OwnersStmt,
    private readonly after: Position,
    private readonly power: string,
  ) {
    super(phase, ok);
  }

  get range(): Range {
    return this.stmt.range;
  }

  protected words(): string {
    const label = this.what;
    const got = ownedBy(this.after, this.power);
    if (this.ok) return `${label}: ${list(got)}`;
    const want = this.stmt.provinces.map((t) => this.names.province(t) as string);
    const missing = want.filter((c) => !got.includes(c));
    const extra = got.filter((c) => !want.includes(c));
    const parts = [...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []), ...(extra.length > 0 ? [`unexpected ${extra.join(', ')}`] : [])];
    return `${label}: ${parts.join('; ')} (expected ${list([...want].sort())}; got ${list(got)})`;
  }
}

/** An expectation as a plain object, its words made now (the editor's run). */
function plain(e: Expectation): Expectation {
  return { phase: e.phase, range: e.range, what: e.what, ok: e.ok, message: e.message };
}

/**
 * What one check of units lines found for one power, kept from check to check (valid while `call`
 * is the current check, `BoardColumns.call`): whether its lines were seen (the first one's range),
 * whether each unit they list was found, how many distinct units found they list and how many it has.
 */
interface Tally {
  readonly power: string;
  /** The expectations' `what`, made once per power. */
  readonly unitsLabel: string;
  readonly dislodgedLabel: string;
  readonly ownersLabel: string;
  call: number;
  listed: boolean;
  range: Range | undefined;
  found: boolean;
  matched: number;
  got: number;
}

export class ExpectationChecker {
  private readonly tallies = new Map<string, Tally>();
  /** The tallies by power id, in order: the order in which a check's expectations are given. */
  private readonly sorted: Tally[] = [];
  /** The place ids and the columns of the checks, shared with every checker on the board (`columnsOf`). */
  private readonly cols: BoardColumns;

  /** `lazy`: messages made when read (a headless run), else at once, as plain objects (the editor's). */
  constructor(
    private readonly names: ExpectationNames,
    private readonly board: Board,
    private readonly out: Expectation[],
    private readonly lazy: boolean,
  ) {
    this.cols = columnsOf(board);
  }

  /** An expectation said in words already (the victory lines'). */
  add(phase: number, range: Range, what: string, ok: boolean, message: string): void {
    this.out.push({ phase, range, what, ok, message });
  }

  private checked(e: Checked): void {
    // Stored at the end, not pushed: see "Stores at the end" below.
    this.out[this.out.length] = this.lazy ? e : plain(e);
  }

  /** A phase's written results, then its expect blocks' units, dislodged units and owners (victory lines: `victory`). */
  phase(run: PhaseRun, section: G.PhaseSection, phase: number, victory: (block: G.ExpectSection) => void): void {
    for (const o of run.orders) {
      const want = o.line.expected;
      if (!want) continue;
      const got = o.result;
      this.checked(new ResultExpectation(phase, got !== undefined && got.status === want.value, o));
    }
    this.blocks(section.expect, run.result.next, run.result.dislodged, phase, victory);
  }

  /** Expect blocks against a position (`dislodged`: the units the phase dislodged). */
  blocks(blocks: readonly G.ExpectSection[], after: Position, dislodged: readonly DislodgedUnit[], phase: number, victory: (block: G.ExpectSection) => void): void {
    for (const block of blocks) {
      if (block.units.length > 0) this.units('units', block.units, after.units, phase);
      if (block.dislodged.length > 0) this.units('dislodged', block.dislodged, dislodged, phase);
      for (const stmt of block.owners) this.owners(stmt, after, phase);
      victory(block);
    }
  }

  /**
   * Units (or dislodged units) per power: each listed power has exactly the
   * listed units, and every power not listed has none. Checked in one pass over
   * the lines and one over the units found, with per-power tallies kept from
   * call to call (no list is built per power); the lists are built only for a
   * message, when it is read.
   */
  units(kind: 'units' | 'dislodged', stmts: readonly (G.UnitsStmt | G.DislodgedStmt)[], actual: readonly DislodgedUnit[], phase: number): void {
    const cols = this.cols;
    const call = ++cols.call;
    // The units found by place: a place holds one unit (and one dislodged unit) in any position.
    const { atCall, atUnit } = cols;
    const board = this.board;
    let unique = true;
    // A power's units mostly come together: its tally is looked up once for them.
    let power: string | undefined;
    let tally: Tally | undefined;
    for (let i = 0; i < actual.length; i++) {
      const u = actual[i] as DislodgedUnit;
      const loc = board.locId(u.at);
      // Two units at one place, or one at a place the board lacks: compared as lists below.
      if (loc < 0 || atCall[loc] === call) unique = false;
      else {
        atCall[loc] = call;
        atUnit[loc] = i;
      }
      if (u.power !== power || tally === undefined) {
        power = u.power;
        tally = this.tally(power, call);
      }
      tally.got++;
    }
    if (cols.matched.length < actual.length) cols.matched = new Int32Array(actual.length * 2);
    const matched = cols.matched;
    let resolved = true;
    for (const stmt of stmts) {
      if (!stmt.power) continue;
      const power = this.names.unitsPower(stmt.power);
      if (!power) {
        resolved = false;
        continue;
      }
      const t = this.tally(power, call);
      if (!t.listed) {
        t.listed = true;
        t.range = stmt.range;
      }
      for (const item of stmt.units) {
        if (!item.unitKind) {
          resolved = false;
          continue;
        }
        const loc = this.locationId(item.location);
        if (loc < 0) {
          resolved = false;
          continue;
        }
        let from: string | undefined;
        if (item.from) {
          from = this.names.province(item.from);
          if (!from) resolved = false;
        }
        const i = atCall[loc] === call ? (atUnit[loc] as number) : -1;
        const u = i < 0 ? undefined : (actual[i] as DislodgedUnit);
        if (!u || u.power !== power || u.kind !== item.unitKind || (from !== undefined && u.from !== from)) t.found = false;
        else if (matched[i] !== call) {
          // Each unit found counted once, however often it is written.
          matched[i] = call;
          t.matched++;
        }
      }
    }
    if (!resolved) return;
    const fallback = (stmts[0] as G.UnitsStmt).range;
    let none: G.UnitsStmt | G.DislodgedStmt | undefined | null = null;
    for (const t of this.sorted) {
      if (t.call !== call) continue;
      const power = t.power;
      const range = t.range ?? (none ??= stmts.find((s) => !s.power))?.range ?? fallback;
      const label = kind === 'units' ? t.unitsLabel : t.dislodgedLabel;
      // Each listed unit found and every unit found listed; two units at one place (no position has them) compared as lists.
      const ok = unique ? t.found && t.matched === t.got : sameUnits(wantedUnits(this.names, stmts, power), unitsOf(actual, power));
      this.checked(new UnitsExpectation(phase, range, label, ok, this.names, stmts, actual, power));
    }
  }

  /**
   * The board's location id of the place `t` names, or -1 when it names none (said where it is
   * written, as the runner's names say it, each time it is read).
   */
  private locationId(t: G.Text): number {
    const places = this.cols;
    const known = places.locations.get(t.text);
    if (known !== undefined) return known;
    const at = this.names.location(t);
    if (!at) return -1;
    const loc = this.board.locId(at);
    if (loc >= 0) places.keep(places.locations, t.text, loc);
    return loc;
  }

  /**
   * The board's province id of the province `t` names; -1 when it names none (said as
   * `locationId`'s), `OFF_BOARD` for a name the board lacks (no centre of the board: nobody's).
   */
  private provinceId(t: G.Text): number {
    const places = this.cols;
    const known = places.provinces.get(t.text);
    if (known !== undefined) return known;
    const id = this.names.province(t);
    if (!id) return -1;
    const prov = this.board.provinceId(id);
    if (prov < 0) return OFF_BOARD;
    places.keep(places.provinces, t.text, prov);
    return prov;
  }

  /** The tally of `power` for call `call`, started afresh on its first use in the call. */
  private tally(power: string, call: number): Tally {
    const t = this.entry(power);
    if (t.call !== call) {
      t.call = call;
      t.listed = false;
      t.found = true;
      t.matched = 0;
      t.got = 0;
      t.range = undefined;
    }
    return t;
  }

  /** The tally of `power`, made on its first use. */
  private entry(power: string): Tally {
    let t = this.tallies.get(power);
    if (!t) {
      t = { power, unitsLabel: `units ${power}`, dislodgedLabel: `dislodged ${power}`, ownersLabel: `owners ${power}`, call: 0, listed: false, found: true, matched: 0, got: 0, range: undefined };
      this.tallies.set(power, t);
      this.sorted[this.sorted.length] = t; // not pushed: see "Stores at the end" below
      this.sorted.sort((a, b) => (a.power < b.power ? -1 : a.power > b.power ? 1 : 0));
    }
    return t;
  }

  owners(stmt: G.OwnersStmt, after: Position, phase: number): void {
    const power = this.names.power(stmt.power);
    if (!power) return;
    const p = this.board.powerId(power);
    const cols = this.cols;
    cols.ownerColumns(after.owners);
    const { ownerCol, countedBy } = cols;
    const line = ++cols.ownersLine;
    // Met when each list holds every entry of the other (a centre written twice is still the one centre).
    let ok = p >= 0;
    let distinct = 0;
    const provinces = stmt.provinces;
    for (let i = 0; i < provinces.length; i++) {
      // Every name is resolved (and a name not found said) before the line is judged: one not found leaves it unjudged.
      const prov = this.provinceId(provinces[i] as G.Text);
      if (prov === -1) return;
      if (prov === OFF_BOARD || ownerCol[prov] !== p + 1) ok = false;
      else if (countedBy[prov] !== line) {
        countedBy[prov] = line;
        distinct++;
      }
    }
    if (ok && distinct !== cols.ownedCount[p]) ok = false;
    this.checked(new OwnersExpectation(phase, this.entry(power).ownersLabel, ok, this.names, stmt, after, power));
  }
}

/*
 * Stores at the end, not `push`. The lists a checker fills start empty in every run (a run's expectations, the
 * tallies, the centres) and are given objects or strings. V8's optimized `push` takes the kind of
 * elements the list had when the call was seen, and a list that starts empty has small-integer
 * elements: it gives up that code (and builds it again) at the first object pushed into a new list,
 * once per list, in the middle of a run. A store at the end changes the kind of the list where it
 * must, without giving up the code.
 */

/** The units the lines of `power` list (their names resolved before, so without new diagnostics). */
function wantedUnits(names: ExpectationNames, stmts: readonly (G.UnitsStmt | G.DislodgedStmt)[], power: string): Wanted[] {
  const out: Wanted[] = [];
  for (const stmt of stmts) {
    if (!stmt.power || names.unitsPower(stmt.power) !== power) continue;
    for (const item of stmt.units) {
      const at = item.unitKind ? names.location(item.location) : undefined;
      if (!item.unitKind || !at) continue;
      const e: Wanted = { kind: item.unitKind, at };
      if (item.from) {
        const from = names.province(item.from);
        if (from) e.from = from;
      }
      out.push(e);
    }
  }
  return out;
}

/** The centres `power` owns in `after`, in name order. */
function ownedBy(after: Position, power: string): string[] {
  const out: string[] = [];
  for (const c in after.owners) if (after.owners[c] === power) out.push(c);
  return out.sort();
}

/** The units of `power` among `units`, in their order. */
function unitsOf(units: readonly DislodgedUnit[], power: string): DislodgedUnit[] {
  return units.filter((u) => u.power === power);
}

/** Whether the units listed are exactly those found, with the places they were dislodged from where written. */
function sameUnits(wanted: readonly Wanted[], got: readonly DislodgedUnit[]): boolean {
  for (const w of wanted) {
    const u = got.find((g) => g.kind === w.kind && g.at === w.at);
    if (!u || (w.from !== undefined && u.from !== w.from)) return false;
  }
  for (const g of got) if (!wanted.some((w) => w.kind === g.kind && w.at === g.at)) return false;
  return true;
}

/** What was found (met) or what differed (not met), in the words of a units line. */
function unitsMessage(label: string, ok: boolean, wanted: readonly Wanted[], got: readonly DislodgedUnit[]): string {
  const gotKeys = got.map((u) => unitText(u.kind, u.at));
  if (ok) return `${label}: ${list(gotKeys)}`;
  const wantKeys = wanted.map((i) => unitText(i.kind, i.at));
  const missing = wantKeys.filter((k) => !gotKeys.includes(k));
  const extra = gotKeys.filter((k) => !wantKeys.includes(k));
  const parts: string[] = [];
  if (missing.length > 0) parts.push(`missing ${missing.join(', ')}`);
  if (extra.length > 0) parts.push(`unexpected ${extra.join(', ')}`);
  for (const i of wanted) {
    if (i.from === undefined) continue;
    const key = unitText(i.kind, i.at);
    const u = got.find((g) => unitText(g.kind, g.at) === key);
    if (u && u.from !== i.from) parts.push(`${key} dislodged from ${u.from ?? 'an unknown place'}, not ${i.from}`);
  }
  return `${label}: ${parts.join('; ')} (expected ${list(wantKeys)}; got ${list(gotKeys)})`;
}
