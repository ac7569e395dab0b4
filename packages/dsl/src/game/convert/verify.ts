/**
 * Checks a conversion by playing it: the converted game under the target
 * edition against the file under its own, movement phase by movement phase.
 * Where an order, a retreat or an adjustment comes out otherwise, the line of
 * the converted game that carries it gets a warning (DF8060); where the
 * positions part without such a line, the movement phase does (DF8061), and
 * nothing after that is compared (every later difference follows from it).
 */
import type { Position } from '@dipforge/engine';
import type * as G from '../ast.js';
import type { GameRun, OrderRun } from '../run.js';
import type { PlacedNote } from './edits.js';
import { base, orderOf, orderedProvince, unitKey, unitText, type AdjustmentDone, type Group, type RetreatDone } from './outcomes.js';

export interface Compared {
  notes: PlacedNote[];
  /** Movement phases compared (both games played them, the positions had not parted before). */
  phases: number;
  /** The movement phase after which the positions part (`fall 1903`), if they do. */
  parted?: string;
}

const MOVEMENT = new Set(['hold', 'move', 'support', 'convoy']);

export function compareGames(source: readonly Group[], target: readonly Group[], from: string, to: string): Compared {
  const notes: PlacedNote[] = [];
  const byPhase = new Map(target.map((g) => [key(g), g]));
  let phases = 0;
  for (const s of source) {
    const t = byPhase.get(key(s));
    if (!t) break;
    phases++;
    const before = notes.length;
    compareOrders(s, t, from, to, notes);
    compareRetreats(s, t, from, to, notes);
    compareAdjustments(s, t, from, to, notes);
    // A game that ends before its retreats or adjustments were played is compared no further than its moves.
    if (s.after.phase.kind !== 'movement' || t.after.phase.kind !== 'movement') break;
    const apart = positionDifference(s.after, t.after);
    if (apart === undefined) continue;
    if (notes.length === before) {
      const line = t.movement.section?.phase ?? t.movement.section;
      if (line) notes.push(note('convertPositionsPart', line, `after ${key(s)} the positions part: ${apart} (under ${to}, against ${from})`));
    }
    return { notes, phases, parted: key(s) };
  }
  return { notes, phases };
}

function key(g: Group): string {
  return `${g.movement.phase.season} ${g.movement.phase.year}`;
}

function note(code: PlacedNote['code'], node: G.Node, message: string): PlacedNote {
  return { code, message, start: node.range.start.offset, end: node.range.end.offset };
}

function status(o: OrderRun): string {
  const r = o.result;
  if (!r) return 'no result';
  return r.reason ? `${r.status} (${r.reason})` : r.status;
}

function compareOrders(s: Group, t: Group, from: string, to: string, notes: PlacedNote[]): void {
  for (const o of s.movement.orders) {
    if (!MOVEMENT.has(o.order.type)) continue;
    const province = orderedProvince(o.order);
    if (province === undefined) continue;
    const other = orderOf(t.movement.orders, o.order.power, province);
    if (!other || !o.result || !other.result || other.result.status === o.result.status) continue;
    notes.push(note('convertResultChanged', other.line.text, `${other.line.text.text}: ${status(other)} under ${to}; under ${from} it ${status(o)}`));
  }
}

/** What became of a dislodged unit, in words (`retreats to boh`, `disbanded`, `not dislodged`). */
export function retreatText(r: RetreatDone | undefined): string {
  if (!r) return 'not dislodged';
  if (r.outcome === 'retreats') return `retreats to ${r.to}`;
  return r.outcome === 'destroyed' ? `destroyed (two units retreat to ${r.to})` : 'disbanded';
}

/** Whether a dislodged unit came to the same in both games: retreated to the same province, or disbanded, or destroyed. */
export function sameRetreat(r: RetreatDone, other: RetreatDone): boolean {
  return other.outcome === r.outcome && (r.outcome !== 'retreats' || base(other.to ?? '') === base(r.to ?? ''));
}

function compareRetreats(s: Group, t: Group, from: string, to: string, notes: PlacedNote[]): void {
  const theirs = new Map((t.retreats ?? []).map((r) => [unitKey(r.unit), r]));
  for (const r of s.retreats ?? []) {
    const other = theirs.get(unitKey(r.unit));
    if (other !== undefined && sameRetreat(r, other)) continue;
    const where = other?.line?.text ?? t.retreatRun?.section?.phase ?? t.movement.section?.phase;
    if (where) notes.push(note('convertResultChanged', where, `${unitText(r.unit)} ${retreatText(other)} under ${to}; under ${from} it ${retreatText(r)}`));
  }
}

/** A power's adjustments in words (`builds A mun, disbands F kie`, `nothing`). */
export function adjustmentText(a: AdjustmentDone | undefined): string {
  if (!a) return 'nothing';
  const parts = [
    ...[...a.built, ...a.autoBuilt].map((u) => `builds ${unitText(u)}`),
    ...[...a.disbanded, ...a.removed].map((u) => `disbands ${unitText(u)}`),
  ];
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/** A power's adjustments as what they built and disbanded, for comparing (the order written does not count). */
export function signature(a: AdjustmentDone | undefined): string {
  if (!a) return '|';
  const built = [...a.built, ...a.autoBuilt].map(unitKey).sort();
  const gone = [...a.disbanded, ...a.removed].map(unitKey).sort();
  return `${built.join(',')}|${gone.join(',')}`;
}

function compareAdjustments(s: Group, t: Group, from: string, to: string, notes: PlacedNote[]): void {
  const mine = new Map((s.adjustments ?? []).map((a) => [a.power, a]));
  const theirs = new Map((t.adjustments ?? []).map((a) => [a.power, a]));
  for (const power of new Set([...mine.keys(), ...theirs.keys()])) {
    const a = mine.get(power);
    const b = theirs.get(power);
    if (signature(a) === signature(b)) continue;
    const where = b?.lines[0]?.text ?? t.adjustmentRun?.section?.phase ?? t.movement.section?.phase;
    if (where) notes.push(note('convertResultChanged', where, `${power}'s adjustments: ${adjustmentText(b)} under ${to}; ${adjustmentText(a)} under ${from}`));
  }
}

/** What differs between two positions (units, centre owners), briefly; undefined when nothing does. */
export function positionDifference(a: Position, b: Position): string | undefined {
  const ua = new Set(a.units.map(unitKey));
  const ub = new Set(b.units.map(unitKey));
  const parts: string[] = [];
  const onlyA = [...ua].filter((k) => !ub.has(k));
  const onlyB = [...ub].filter((k) => !ua.has(k));
  if (onlyA.length > 0) parts.push(`only in the original: ${onlyA.join(', ')}`);
  if (onlyB.length > 0) parts.push(`only here: ${onlyB.join(', ')}`);
  const centres = new Set([...Object.keys(a.owners), ...Object.keys(b.owners)]);
  const owners = [...centres].filter((c) => a.owners[c] !== b.owners[c]).sort();
  if (owners.length > 0) parts.push(`owners of ${owners.join(', ')}`);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** Movement phases of a run compared with another's, for the round trip: the positions after each until they part. */
export function samePositionsUntil(a: GameRun, b: GameRun): { compared: number; parted?: string } {
  let compared = 0;
  const bs = new Map(b.phases.map((p) => [`${p.phase.season} ${p.phase.year} ${p.phase.kind}`, p]));
  for (const p of a.phases) {
    const q = bs.get(`${p.phase.season} ${p.phase.year} ${p.phase.kind}`);
    if (!q) continue;
    if (positionDifference(p.result.next, q.result.next) !== undefined) return { compared, parted: `${p.phase.season} ${p.phase.year} ${p.phase.kind}` };
    compared++;
  }
  return { compared };
}
