/**
 * Where the cursor is in a game file: the header, the position, a phase (with
 * the power whose block it is in and the order under it), a `declare` block
 * (with the declaration under it) or an expect block (after a phase or in a
 * declare block), and the phase's position and results from the run.
 */
import type { GameAst, PhaseRun, OrderRun } from '@dipforge/dsl';
import type { Position as GamePosition, Unit } from '@dipforge/engine';
import { gameNames, mapNames, type GameNames, type MapNames } from './names.js';
import type { GameDoc, MapDoc } from './workspace.js';

export type GameContext =
  | { kind: 'header' }
  | { kind: 'position'; section: GameAst.PositionSection }
  | { kind: 'phase'; section: GameAst.PhaseSection; index: number; run?: PhaseRun; power?: GameAst.Word; order?: GameAst.OrderLine; orderRun?: OrderRun }
  /** A `declare` block; `index` is the phase section written before it (-1: none), `run` that section's run. */
  | { kind: 'declare'; declare: GameAst.DeclareSection; index: number; run?: PhaseRun; statement?: GameAst.DeclarationStmt }
  /** An expect block after a phase section (`section`), or in a declare block (`declare`; `section` is then absent). */
  | { kind: 'expect'; section?: GameAst.PhaseSection; index: number; run?: PhaseRun; block: GameAst.ExpectSection; declare?: GameAst.DeclareSection };

const memo = new WeakMap<object, unknown>();

/** Caches a value per document state (the state object is replaced on every change). */
export function cached<T>(key: object, tag: string, make: () => T): T {
  let per = memo.get(key) as Map<string, unknown> | undefined;
  if (!per) {
    per = new Map();
    memo.set(key, per);
  }
  if (per.has(tag)) return per.get(tag) as T;
  const v = make();
  per.set(tag, v);
  return v;
}

export function namesOfGame(doc: GameDoc): GameNames {
  return cached(doc, 'names', () => gameNames(doc));
}

/** The names on the line of `offset` only (hover, definition, completion: no need to read the whole game). */
export function namesNear(doc: GameDoc, offset: number): GameNames {
  const line = doc.lines.lineOf(offset);
  const start = doc.lines.lineStart(line);
  const end = doc.lines.lineEnd(line);
  return cached(doc, `names:${line}`, () => gameNames(doc, { start, end }));
}

export function namesOfMap(doc: MapDoc): MapNames {
  return cached(doc, 'names', () => mapNames(doc));
}

/** The run of each written phase section, by section index (matched by where the section starts). */
export function sectionRuns(doc: GameDoc): (PhaseRun | undefined)[] {
  return cached(doc, 'sectionRuns', () => {
    const byStart = new Map<number, PhaseRun>();
    for (const r of doc.run.phases) if (r.section) byStart.set(r.section.range.start.offset, r);
    return doc.parsed.ast.phases.map((s) => byStart.get(s.range.start.offset));
  });
}

/** The phase section a line belongs to: the last one starting at or before it. */
export function sectionIndexAtLine(doc: GameDoc, line: number): number {
  const phases = doc.parsed.ast.phases;
  let lo = 0;
  let hi = phases.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((phases[mid] as GameAst.PhaseSection).range.start.line <= line) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The declare block a line is in: the last one whose keyword is at or before
 * the line, when no phase section or position starts between the two.
 */
export function declareAtLine(doc: GameDoc, line: number, index = sectionIndexAtLine(doc, line)): GameAst.DeclareSection | undefined {
  const ast = doc.parsed.ast;
  let found: GameAst.DeclareSection | undefined;
  for (const d of ast.declare) {
    if (d.keyword.range.start.line > line) break;
    found = d;
  }
  if (!found) return undefined;
  const at = found.keyword.range.start.line;
  const phase = index >= 0 ? (ast.phases[index] as GameAst.PhaseSection).range.start.line : -1;
  if (phase >= at) return undefined;
  const position = ast.position?.range.start.line;
  if (position !== undefined && position >= at && position <= line) return undefined;
  return found;
}

export function gameContext(doc: GameDoc, offset: number): GameContext {
  const line = doc.lines.lineOf(offset);
  const index = sectionIndexAtLine(doc, line);
  const ast = doc.parsed.ast;
  const declare = ast.declare.length > 0 ? declareAtLine(doc, line, index) : undefined;
  if (declare) {
    const after = declare.after;
    const run = after >= 0 ? sectionRuns(doc)[after] : undefined;
    const block = [...declare.expect].reverse().find((e) => e.range.start.line <= line);
    if (block) return { kind: 'expect', index: after, block, declare, ...(run ? { run } : {}) };
    const statement = declare.statements.find((s) => s.range.start.line <= line && s.range.end.line >= line);
    return { kind: 'declare', declare, index: after, ...(run ? { run } : {}), ...(statement ? { statement } : {}) };
  }
  if (index < 0) {
    if (ast.position && ast.position.range.start.line <= line) return { kind: 'position', section: ast.position };
    return { kind: 'header' };
  }
  const section = ast.phases[index] as GameAst.PhaseSection;
  const run = sectionRuns(doc)[index];
  const block = [...section.expect].reverse().find((e) => e.range.start.line <= line);
  if (block) return { kind: 'expect', section, index, block, ...(run ? { run } : {}) };
  let power: GameAst.Word | undefined;
  for (const w of section.powers) if (w.range.start.line <= line) power = w;
  const order = section.orders.find((o) => o.range.start.line === line);
  if (order) power = order.power;
  const ctx: GameContext = { kind: 'phase', section, index, ...(run ? { run } : {}), ...(power ? { power } : {}), ...(order ? { order } : {}) };
  if (order && run) {
    const o = run.orders.find((r) => r.line.range.start.offset === order.range.start.offset);
    if (o) ctx.orderRun = o;
  }
  return ctx;
}

/** The position a phase section's orders are read against (the run's, else the last one known before it). */
export function positionOf(doc: GameDoc, index: number): GamePosition | undefined {
  const runs = sectionRuns(doc);
  const own = runs[index];
  if (own) return own.before;
  // The section was not played (an invalid phase, say): the position after the last one that was.
  const last = doc.run.phases[doc.run.phases.length - 1];
  return last ? last.result.next : doc.run.start;
}

export function unitText(u: { kind: string; at: string }): string {
  return `${u.kind === 'fleet' ? 'F' : 'A'} ${u.at}`;
}

export function base(loc: string): string {
  const i = loc.indexOf('/');
  return i < 0 ? loc : loc.slice(0, i);
}

export function unitIn(units: readonly Unit[], province: string): Unit | undefined {
  return units.find((u) => base(u.at) === province);
}

export function phaseLabel(p: { year: number; season: string; kind: string }): string {
  return `${p.season} ${p.year} ${p.kind}`;
}
