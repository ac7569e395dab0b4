/**
 * One game file played under two editions, compared (`dipforge diff`): each
 * written order whose result differs, and the first phase after which the
 * positions part. Pure: it reads two `GameRun`s of the same file, line by
 * line (`diffGameRuns`). Across two shapes of the year the file is converted
 * first and compared by what happened (`diff-forms.ts`, `compare-editions.ts`);
 * the results have the same types, printed by `diff-report.ts`.
 */
import type { OrderResult, Phase, Position } from '@dipforge/engine';
import type { GameRun, OrderRun } from './run.js';

/** An order's result in one run; `set-aside`: the order was not played there (`--edition`, DF9001). */
export interface DiffResult {
  status: OrderResult['status'] | 'set-aside' | 'not-played';
  reason?: string;
  detail?: string;
}

export interface OrderDiff {
  /** The phase the order is written in (as played in run A, else B). */
  phase: Phase;
  power: string;
  /** The order as written, and its 0-based line. */
  source: string;
  line: number;
  /** The unit ordered (`A mun`), when the order is for one. */
  unit?: string;
  a: DiffResult;
  b: DiffResult;
}

/**
 * A dislodged unit or a power's adjustments that came to something else under
 * the other edition, compared by what happened (two shapes of the year: a
 * retreat phase's order against a retreat list entry, a winter build against a
 * build list).
 */
export interface OutcomeDiff {
  kind: 'retreat' | 'adjustment';
  /** The movement phase the retreat or adjustment follows (the same in both shapes of the year). */
  movement: Phase;
  /** Where the file writes it: its retreat or adjustment phase, else the movement phase that carries the lists. */
  phase: Phase;
  power: string;
  /** The dislodged unit (`A mun`), for a retreat. */
  unit?: string;
  /** The file's line that orders it (0-based), or null when the file has none (a default did it). */
  source: string | null;
  line: number | null;
  /** What it came to under each edition (`retreats to boh`, `disbanded`, `builds A mun`, `nothing`). */
  a: string;
  b: string;
}

/** A warning of the conversion itself (what the converted game writes otherwise than the file), not a difference in outcome. */
export interface ConversionWarning {
  code: string;
  severity: string;
  /** The phase of the converted game the warning is in (`winter 1901 adjustment`), null for the header. */
  phase: string | null;
  /** 1-based, in the converted game's text (as `dipforge convert` writes it). */
  line: number;
  message: string;
}

/** Whether the file was converted to compare two shapes of the year, to what, and the conversion's own warnings. */
export type ConversionNote =
  | {
      made: true;
      /** The side played from the converted game. */
      side: 'a' | 'b';
      edition: string;
      from: 'separate' | 'postal';
      to: 'separate' | 'postal';
      /** DF8062–DF8069 and the like; differences in outcome (DF8060, DF8061) are the diff's own `orders`, `outcomes` and `parted`. */
      warnings: ConversionWarning[];
      byCode: Record<string, number>;
    }
  | { made: false; edition: string; why: string };

/** What differs between two positions: units, dislodged units and centre owners. */
export interface PositionDiff {
  /** `power kind at` of units only in A, only in B. */
  onlyA: string[];
  onlyB: string[];
  dislodgedOnlyA: string[];
  dislodgedOnlyB: string[];
  /** Centres whose owner differs: `centre: ownerA → ownerB` (`none` for neutral). */
  owners: { centre: string; a: string | null; b: string | null }[];
}

export interface PositionsPart {
  /** The last phase run A played before the positions differ (null: they differ from the start). */
  after: Phase | null;
  /** The phase both runs reach where the positions are first seen to differ (null: at the end of the game). */
  at: Phase | null;
  differences: PositionDiff;
}

/**
 * One game played further than the other at its end (two shapes of the year): the postal year
 * carries out a movement phase's retreats and adjustments with it, where a game of separate phases
 * that ends before its retreat or adjustment phase has still to play them. The positions are then
 * compared where both games stand (`after`), and what the game ahead did beyond it is said here.
 */
export interface FurtherPlay {
  /** The side that played further. */
  side: 'a' | 'b';
  /** The last phase both games played, as the other side names it: the end positions are compared after it. */
  after: Phase;
  /** The movement phase whose retreats or adjustments only `side` has played. */
  movement: Phase;
  /** What each came to on that side, dislodged units (`retreat`) first, then powers (`adjustment`). */
  outcomes: FurtherOutcome[];
}

/** A retreat or a power's adjustments that only one game has played, and what it came to there. */
export interface FurtherOutcome {
  kind: 'retreat' | 'adjustment';
  power: string;
  /** The dislodged unit (`A mun`), for a retreat. */
  unit?: string;
  /** `retreats to boh`, `disbanded`, `builds A mun`; a postal fall's adjustments with the counts they were made on, `nothing (5 centres, 2 units)`. */
  outcome: string;
}

export interface GameDiff {
  /** Orders whose result differs, in file order. */
  orders: OrderDiff[];
  /** Retreats and adjustments that came to something else (only across two shapes of the year; else their orders are in `orders`). */
  outcomes: OutcomeDiff[];
  /** Present when the editions' years have different shapes: the conversion made (or why none could be). */
  conversion?: ConversionNote;
  /** Where the positions part, or null when they never do (every common phase and the end agree). */
  parted: PositionsPart | null;
  /** Present when one game has played further than the other at the end (only across two shapes of the year). */
  further?: FurtherPlay;
}

const key = (p: Phase): string => `${p.year}/${p.season}/${p.kind}`;

function unitKey(u: { power: string; kind: string; at: string }): string {
  return `${u.power} ${u.kind === 'army' ? 'A' : 'F'} ${u.at}`;
}

/** The differences between two positions, or undefined when they are the same. */
export function comparePositions(a: Position, b: Position): PositionDiff | undefined {
  const set = (list: readonly { power: string; kind: string; at: string }[]): Set<string> => new Set(list.map(unitKey));
  const ua = set(a.units);
  const ub = set(b.units);
  const da = set(a.dislodged);
  const db = set(b.dislodged);
  const only = (x: Set<string>, y: Set<string>): string[] => [...x].filter((k) => !y.has(k)).sort();
  const centres = [...new Set([...Object.keys(a.owners), ...Object.keys(b.owners)])].sort();
  const owners = centres
    .filter((c) => a.owners[c] !== b.owners[c])
    .map((c) => ({ centre: c, a: a.owners[c] ?? null, b: b.owners[c] ?? null }));
  const d: PositionDiff = { onlyA: only(ua, ub), onlyB: only(ub, ua), dislodgedOnlyA: only(da, db), dislodgedOnlyB: only(db, da), owners };
  const same = d.onlyA.length + d.onlyB.length + d.dislodgedOnlyA.length + d.dislodgedOnlyB.length + d.owners.length === 0;
  return same ? undefined : d;
}

/** An order's result; without one, `set-aside` when the run went past it, else `not-played` (the run stopped before). */
export function resultOf(o: OrderRun | undefined, passed: boolean): DiffResult {
  if (!o) return { status: passed ? 'set-aside' : 'not-played' };
  const r = o.result;
  if (!r) return { status: 'not-played' };
  const out: DiffResult = { status: r.status };
  if (r.reason !== undefined) out.reason = r.reason;
  if (r.detail !== undefined) out.detail = r.detail;
  return out;
}

export const sameResult = (x: DiffResult, y: DiffResult): boolean => x.status === y.status && (x.reason ?? '') === (y.reason ?? '');

/** The unit an order is for, as written (`A mun`, `mun` without a kind); undefined for builds and waives. */
export function orderedUnit(o: OrderRun): string | undefined {
  if (!('unit' in o.order)) return undefined;
  const { kind, at } = o.order.unit;
  return `${kind === 'army' ? 'A ' : kind === 'fleet' ? 'F ' : ''}${at}`;
}

/** Compares two runs of the same game file (under two editions). */
export function diffGameRuns(a: GameRun, b: GameRun): GameDiff {
  // ---- orders, matched by the line they were written on
  const byLine = (run: GameRun): Map<number, { order: OrderRun; phase: Phase }> => {
    const out = new Map<number, { order: OrderRun; phase: Phase }>();
    for (const p of run.phases) for (const o of p.orders) out.set(o.line.range.start.offset, { order: o, phase: p.phase });
    return out;
  };
  const la = byLine(a);
  const lb = byLine(b);
  // A run went past a section when it played it or a later one, or played them all (a section set aside is passed).
  const passed = (run: GameRun): ((offset: number) => boolean) => {
    let last = -1;
    for (const p of run.phases) if (p.section) last = Math.max(last, p.section.range.start.offset);
    return (offset) => run.complete || offset <= last;
  };
  const sa = passed(a);
  const sb = passed(b);
  const orders: OrderDiff[] = [];
  for (const section of a.parsed.ast.phases) {
    for (const line of section.orders) {
      const at = line.range.start.offset;
      const x = la.get(at);
      const y = lb.get(at);
      if (!x && !y) continue;
      const ra = resultOf(x?.order, sa(section.range.start.offset));
      const rb = resultOf(y?.order, sb(section.range.start.offset));
      if (sameResult(ra, rb)) continue;
      const { order, phase } = (x ?? y)!;
      const unit = orderedUnit(order);
      orders.push({ phase, power: order.order.power, source: line.text.text, line: line.range.start.line, ...(unit !== undefined ? { unit } : {}), a: ra, b: rb });
    }
  }

  // ---- positions, at the start of every phase both runs play, then at the end
  const startsB = new Map(b.phases.map((p) => [key(p.phase), p.before]));
  let previous: Phase | null = null;
  for (const p of a.phases) {
    const other = startsB.get(key(p.phase));
    if (other) {
      const d = comparePositions(p.before, other);
      if (d) return { orders, outcomes: [], parted: { after: previous, at: p.phase, differences: d } };
    }
    previous = p.phase;
  }
  if (a.final && b.final) {
    const d = comparePositions(a.final, b.final);
    if (d) {
      const at = key(a.final.phase) === key(b.final.phase) ? a.final.phase : null;
      return { orders, outcomes: [], parted: { after: previous, at, differences: d } };
    }
  }
  return { orders, outcomes: [], parted: null };
}
