/**
 * A game file's expectations checked against what the engine found: each order's written result,
 * and the `units`, `dislodged` and `owners` lines of an `expect` block (the victory lines are the
 * victory keeper's, victory.ts). Whether an expectation is met is decided on the ids themselves,
 * with no text built; the message saying what was found or what differed is built only when it is
 * read (a failure's report, an editor's hover), since a whole-folder `dipforge test` meets hundreds
 * of thousands of expectations and reads none of their messages.
 */
import type { DislodgedUnit, Position } from '@dipforge/engine';
import type { Range } from '../text/range.js';
import type * as G from './ast.js';
import type { Expectation, PhaseRun } from './run-types.js';

/** The names a check resolves, as the game runner resolves them (with its diagnostics). */
export interface ExpectationNames {
  power(w: G.Word): string | undefined;
  /** A power, or `neutral` for the neutral units of a variant that has them. */
  unitsPower(w: G.Word): string | undefined;
  location(t: G.Text): string | undefined;
  province(t: G.Text): string | undefined;
}

/**
 * A met or failed expectation whose message is made when first read (a headless run's): on the
 * prototype, so that making one costs no closure over an accessor of its own.
 */
class LazyExpectation implements Expectation {
  private text: string | undefined;

  constructor(
    readonly phase: number,
    readonly range: Range,
    readonly what: string,
    readonly ok: boolean,
    private readonly make: () => string,
  ) {}

  get message(): string {
    this.text ??= this.make();
    return this.text;
  }
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

export class ExpectationChecker {
  /** The owners of the last position asked about, by power (centres in name order): a phase's owners lines share them. */
  private ownersOf: Position | undefined;
  private owned = new Map<string, string[]>();

  /** `lazy`: messages made when read (a headless run), else at once, as plain objects (the editor's). */
  constructor(
    private readonly names: ExpectationNames,
    private readonly out: Expectation[],
    private readonly lazy: boolean,
  ) {}

  add(phase: number, range: Range, what: string, ok: boolean, message: string | (() => string)): void {
    if (typeof message === 'string') this.out.push({ phase, range, what, ok, message });
    else if (this.lazy) this.out.push(new LazyExpectation(phase, range, what, ok, message));
    else this.out.push({ phase, range, what, ok, message: message() });
  }

  /** A phase's written results, then its expect blocks' units, dislodged units and owners (victory lines: `victory`). */
  phase(run: PhaseRun, section: G.PhaseSection, phase: number, victory: (block: G.ExpectSection) => void): void {
    for (const o of run.orders) {
      const want = o.line.expected;
      if (!want) continue;
      const written = o.line.text.text;
      const what = `${written} [${want.value}]`;
      const got = o.result;
      if (!got) {
        this.add(phase, o.line.range, what, false, () => `${written}: expected ${want.value}, but the engine gave no result for it`);
        continue;
      }
      const ok = got.status === want.value;
      this.add(phase, o.line.range, what, ok, () => {
        const why = got.reason ? ` (${got.reason}${got.detail ? `: ${got.detail}` : ''})` : got.detail ? ` (${got.detail})` : '';
        return ok ? `${got.status}${why}` : `${written}: expected ${want.value}, got ${got.status}${why}`;
      });
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
   * listed units, and every power not listed has none.
   */
  units(kind: 'units' | 'dislodged', stmts: readonly (G.UnitsStmt | G.DislodgedStmt)[], actual: readonly DislodgedUnit[], phase: number): void {
    const expected = new Map<string, { items: Wanted[]; range: Range }>();
    let resolved = true;
    for (const stmt of stmts) {
      if (!stmt.power) continue;
      const power = this.names.unitsPower(stmt.power);
      if (!power) {
        resolved = false;
        continue;
      }
      let entry = expected.get(power);
      if (!entry) {
        entry = { items: [], range: stmt.range };
        expected.set(power, entry);
      }
      for (const item of stmt.units) {
        if (!item.unitKind) {
          resolved = false;
          continue;
        }
        const at = this.names.location(item.location);
        if (!at) {
          resolved = false;
          continue;
        }
        const e: Wanted = { kind: item.unitKind, at };
        if (item.from) {
          const from = this.names.province(item.from);
          if (from) e.from = from;
          else resolved = false;
        }
        entry.items.push(e);
      }
    }
    if (!resolved) return;
    const byPower = new Map<string, DislodgedUnit[]>();
    for (const u of actual) {
      const list = byPower.get(u.power);
      if (list) list.push(u);
      else byPower.set(u.power, [u]);
    }
    const powers = [...expected.keys()];
    for (const p of byPower.keys()) if (!expected.has(p)) powers.push(p);
    powers.sort();
    const fallback = (stmts[0] as G.UnitsStmt).range;
    const none = stmts.find((s) => !s.power);
    for (const power of powers) {
      const want = expected.get(power);
      const wanted = want?.items ?? [];
      const got = byPower.get(power) ?? [];
      const range = want?.range ?? none?.range ?? fallback;
      const label = `${kind} ${power}`;
      const ok = sameUnits(wanted, got);
      this.add(phase, range, label, ok, () => unitsMessage(label, ok, wanted, got));
    }
  }

  owners(stmt: G.OwnersStmt, after: Position, phase: number): void {
    const power = this.names.power(stmt.power);
    if (!power) return;
    const want: string[] = [];
    for (const t of stmt.provinces) {
      const id = this.names.province(t);
      if (!id) return;
      want.push(id);
    }
    const got = this.ownedBy(after, power);
    // Met when each list holds every entry of the other (a centre written twice is still the one centre).
    let ok = true;
    for (const c of want) if (!got.includes(c)) ok = false;
    if (ok) for (const c of got) if (!want.includes(c)) ok = false;
    const label = `owners ${power}`;
    this.add(phase, stmt.range, label, ok, () => {
      if (ok) return `${label}: ${list(got)}`;
      const missing = want.filter((c) => !got.includes(c));
      const extra = got.filter((c) => !want.includes(c));
      const parts = [...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []), ...(extra.length > 0 ? [`unexpected ${extra.join(', ')}`] : [])];
      return `${label}: ${parts.join('; ')} (expected ${list([...want].sort())}; got ${list(got)})`;
    });
  }

  /** The centres `power` owns in `after`, in name order (one pass over the owners for all powers of a position). */
  private ownedBy(after: Position, power: string): readonly string[] {
    if (this.ownersOf !== after) {
      this.ownersOf = after;
      this.owned = new Map();
      for (const c in after.owners) {
        const p = after.owners[c] as string;
        const list = this.owned.get(p);
        if (list) list.push(c);
        else this.owned.set(p, [c]);
      }
      for (const list of this.owned.values()) list.sort();
    }
    return this.owned.get(power) ?? [];
  }
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
