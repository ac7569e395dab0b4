/**
 * One game file played under two editions, compared (`dipforge diff`): each
 * written order whose result differs, and the first phase after which the
 * positions part. Pure: it reads two `GameRun`s of the same file.
 */
import type { OrderResult, Phase, Position } from '@dipforge/engine';
import { echo, LINE_LENGTH } from '@dipforge/engine/config';
import type { GameRun, OrderRun } from './run.js';
import { phaseText } from './phases.js';

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
  a: DiffResult;
  b: DiffResult;
}

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

export interface GameDiff {
  /** Orders whose result differs, in file order. */
  orders: OrderDiff[];
  /** Where the positions part, or null when they never do (every common phase and the end agree). */
  parted: PositionsPart | null;
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
function resultOf(o: OrderRun | undefined, passed: boolean): DiffResult {
  if (!o) return { status: passed ? 'set-aside' : 'not-played' };
  const r = o.result;
  if (!r) return { status: 'not-played' };
  const out: DiffResult = { status: r.status };
  if (r.reason !== undefined) out.reason = r.reason;
  if (r.detail !== undefined) out.detail = r.detail;
  return out;
}

const sameResult = (x: DiffResult, y: DiffResult): boolean => x.status === y.status && (x.reason ?? '') === (y.reason ?? '');

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
      const phase = (x ?? y)!.phase;
      orders.push({ phase, power: (x ?? y)!.order.power, source: line.text.text, line: line.range.start.line, a: ra, b: rb });
    }
  }

  // ---- positions, at the start of every phase both runs play, then at the end
  const startsB = new Map(b.phases.map((p) => [key(p.phase), p.before]));
  let previous: Phase | null = null;
  for (const p of a.phases) {
    const other = startsB.get(key(p.phase));
    if (other) {
      const d = comparePositions(p.before, other);
      if (d) return { orders, parted: { after: previous, at: p.phase, differences: d } };
    }
    previous = p.phase;
  }
  if (a.final && b.final) {
    const d = comparePositions(a.final, b.final);
    if (d) {
      const at = key(a.final.phase) === key(b.final.phase) ? a.final.phase : null;
      return { orders, parted: { after: previous, at, differences: d } };
    }
  }
  return { orders, parted: null };
}

/** `spring 1901 movement`, or `the start` for null. */
export function phaseOrStart(p: Phase | null): string {
  return p ? phaseText(p) : 'the start';
}

/** The JSON format name of a diff, as `dipforge diff --json` and the editor write it. */
export const DIFF_FORMAT = 'dipforge-diff/1';

/** A diff as JSON (`dipforge-diff/1`, docs/GAME-LANGUAGE.md): what `dipforge diff --json` writes and the editor's Compare Editions reads. */
export interface DiffDocument {
  format: string;
  file: string;
  a: { edition: string | null; complete: boolean };
  b: { edition: string | null; complete: boolean };
  orders: {
    phase: Phase;
    name: string;
    power: string;
    source: string;
    /** 1-based, as the CLI prints it. */
    line: number;
    a: { status: string; reason: string | null; detail: string | null };
    b: { status: string; reason: string | null; detail: string | null };
  }[];
  parted: {
    after: Phase | null;
    at: Phase | null;
    onlyA: string[];
    onlyB: string[];
    dislodgedOnlyA: string[];
    dislodgedOnlyB: string[];
    owners: { centre: string; a: string | null; b: string | null }[];
  } | null;
}

/** The diff `d` of runs `a` and `b` of the file shown as `file`, as JSON. */
export function diffDocument(file: string, a: GameRun, b: GameRun, d: GameDiff): DiffDocument {
  const result = (r: DiffResult) => ({ status: r.status, reason: r.reason ?? null, detail: r.detail ?? null });
  return {
    format: DIFF_FORMAT,
    file,
    a: { edition: a.edition ?? null, complete: a.complete },
    b: { edition: b.edition ?? null, complete: b.complete },
    orders: d.orders.map((o) => ({ phase: o.phase, name: phaseText(o.phase), power: o.power, source: o.source, line: o.line + 1, a: result(o.a), b: result(o.b) })),
    parted: d.parted
      ? {
          after: d.parted.after,
          at: d.parted.at,
          onlyA: d.parted.differences.onlyA,
          onlyB: d.parted.differences.onlyB,
          dislodgedOnlyA: d.parted.differences.dislodgedOnlyA,
          dislodgedOnlyB: d.parted.differences.dislodgedOnlyB,
          owners: d.parted.differences.owners,
        }
      : null,
  };
}

/** One side's result of an order, in words. */
export function diffResultText(r: DiffResult): string {
  if (r.status === 'set-aside') return 'set aside';
  if (r.status === 'not-played') return 'not played';
  return r.reason ? `${r.status} (${r.reason}${r.detail ? `: ${r.detail}` : ''})` : r.status;
}

function positionLines(d: PositionDiff, a: string, b: string): string[] {
  const lines: string[] = [];
  if (d.onlyA.length > 0) lines.push(`  units only under ${a}: ${d.onlyA.join(', ')}`);
  if (d.onlyB.length > 0) lines.push(`  units only under ${b}: ${d.onlyB.join(', ')}`);
  if (d.dislodgedOnlyA.length > 0) lines.push(`  dislodged only under ${a}: ${d.dislodgedOnlyA.join(', ')}`);
  if (d.dislodgedOnlyB.length > 0) lines.push(`  dislodged only under ${b}: ${d.dislodgedOnlyB.join(', ')}`);
  for (const o of d.owners) lines.push(`  ${o.centre}: owned by ${o.a ?? 'none'} under ${a}, by ${o.b ?? 'none'} under ${b}`);
  return lines;
}

/** The comparison for people, as `dipforge diff` prints it and the editor shows it; `file` as it should be shown. */
export function diffText(file: string, a: GameRun, b: GameRun, d: GameDiff): string {
  const ea = a.edition ?? '?';
  const eb = b.edition ?? '?';
  const lines: string[] = [`${file}: edition ${ea} vs edition ${eb}`];
  if (!a.start || !b.start) return `${lines[0]}: not adjudicated\n`;
  let phase: string | undefined;
  for (const o of d.orders) {
    const name = phaseText(o.phase);
    if (name !== phase) {
      phase = name;
      lines.push('', name);
    }
    lines.push(`  ${o.power}: ${echo(o.source, LINE_LENGTH)}   (line ${o.line + 1})`);
    lines.push(`    ${ea}: ${diffResultText(o.a)}`);
    lines.push(`    ${eb}: ${diffResultText(o.b)}`);
  }
  lines.push('');
  const n = d.orders.length;
  lines.push(n === 0 ? 'no order result differs' : `${n} order result${n === 1 ? ' differs' : 's differ'}`);
  if (!d.parted) lines.push('the positions never part');
  else {
    const at = d.parted.at ? `, seen at ${phaseText(d.parted.at)}` : ', seen at the end';
    lines.push(`the positions part after ${phaseOrStart(d.parted.after)}${at}:`);
    for (const line of positionLines(d.parted.differences, ea, eb)) lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}
