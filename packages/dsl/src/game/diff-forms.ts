/**
 * A game compared under two editions whose years have different shapes
 * (separate retreat and adjustment phases against the postal year's lists):
 * one side is the file as written, the other the file converted to that
 * edition (`convertGame`). Lines cannot be matched across the two texts, so
 * the comparison goes by what happened, movement phase by movement phase: each
 * movement order by its power and unit, each dislodged unit by what became of
 * it (a retreat phase's order against a retreat list entry), each power's
 * adjustments by the units built and disbanded (a winter build against a build
 * list), and the positions at the start of each next movement phase. Pure: it
 * reads two `GameRun`s and their boards.
 */
import type { Board, Phase, RuleOptions } from '@dipforge/engine';
import type { GameRun } from './run.js';
import { orderOf, orderedProvince, unitKey, unitText, groupsOf, type Group } from './convert/outcomes.js';
import { adjustmentText, retreatText, signature, sameRetreat } from './convert/verify.js';
import { comparePositions, orderedUnit, resultOf, sameResult, type GameDiff, type OrderDiff, type OutcomeDiff, type PositionsPart } from './diff.js';

/** One side of the comparison: a run, its board and rules, and whether it is the file as written (its lines are the file's). */
export interface Side {
  run: GameRun;
  board: Board;
  rules: RuleOptions;
  file: boolean;
}

const MOVEMENT = new Set(['hold', 'move', 'support', 'convoy']);

const groupKey = (g: Group): string => `${g.movement.phase.season} ${g.movement.phase.year}`;

/** Orders, retreats, adjustments and positions of two runs of different year shapes, matched by what happened. */
export function diffAcrossForms(a: Side, b: Side): Pick<GameDiff, 'orders' | 'outcomes' | 'parted'> {
  const ga = groupsOf(a.run, a.board, a.rules).groups;
  const gb = groupsOf(b.run, b.board, b.rules).groups;
  const file = a.file ? 'a' : 'b';
  const byKey = new Map((file === 'a' ? gb : ga).map((g) => [groupKey(g), g]));
  const orders: OrderDiff[] = [];
  const outcomes: OutcomeDiff[] = [];
  let parted: PositionsPart | null = null;
  // The positions at the start: the same text in both games, compared all the same.
  const startA = ga[0]?.movement.before;
  const startB = gb[0]?.movement.before;
  const atStart = startA && startB ? comparePositions(startA, startB) : undefined;
  if (atStart && ga[0]) parted = { after: null, at: ga[0].movement.phase, differences: atStart };
  for (const mine of file === 'a' ? ga : gb) {
    const theirs = byKey.get(groupKey(mine));
    const [x, y] = file === 'a' ? [mine, theirs] : [theirs, mine];
    compareMoves(mine, theirs, file, orders);
    if (!x || !y) continue;
    // A game that ends before its retreats or adjustments were played is not compared on them.
    if (retreatsPlayed(x) && retreatsPlayed(y)) compareRetreats(x, y, mine, outcomes);
    if (adjustmentsPlayed(x) && adjustmentsPlayed(y)) compareAdjustments(x, y, mine, outcomes);
    // Nor on the positions after them.
    const comparable = x.after.phase.kind === 'movement' && y.after.phase.kind === 'movement';
    if (!parted && comparable) {
      const d = comparePositions(x.after, y.after);
      if (d) parted = { after: lastPhase(x), at: x.after.phase, differences: d };
    }
  }
  return { orders, outcomes, parted };
}

/** Whether a group's retreats were carried out (or it had none to carry out). */
function retreatsPlayed(g: Group): boolean {
  return g.retreats !== undefined || g.movement.result.next.dislodged.length === 0;
}

/** Whether a group's adjustments were carried out (or its year had none before the next movement phase). */
function adjustmentsPlayed(g: Group): boolean {
  return g.adjustments !== undefined || g.after.phase.kind === 'movement';
}

/** The last phase a group of side A played: its adjustment phase, its retreat phase, or the movement phase. */
function lastPhase(g: Group): Phase {
  return (g.adjustmentRun ?? g.retreatRun ?? g.movement).phase;
}

/** The file's movement orders against the other game's order for the same unit (an order line the conversion added is no order of the file's). */
function compareMoves(mine: Group, theirs: Group | undefined, file: 'a' | 'b', out: OrderDiff[]): void {
  for (const o of mine.movement.orders) {
    if (!MOVEMENT.has(o.order.type)) continue;
    const province = orderedProvince(o.order);
    if (province === undefined) continue;
    const other = theirs ? orderOf(theirs.movement.orders, o.order.power, province) : undefined;
    if (theirs && !other) continue;
    const r = resultOf(o, true);
    const s = resultOf(other, false);
    if (sameResult(r, s)) continue;
    const unit = orderedUnit(o);
    out.push({
      phase: mine.movement.phase,
      power: o.order.power,
      source: o.line.text.text,
      line: o.line.range.start.line,
      ...(unit !== undefined ? { unit } : {}),
      a: file === 'a' ? r : s,
      b: file === 'a' ? s : r,
    });
  }
}

function compareRetreats(x: Group, y: Group, mine: Group, out: OutcomeDiff[]): void {
  const ra = new Map((x.retreats ?? []).map((r) => [unitKey(r.unit), r]));
  const rb = new Map((y.retreats ?? []).map((r) => [unitKey(r.unit), r]));
  const ours = x === mine ? ra : rb;
  for (const key of new Set([...ra.keys(), ...rb.keys()])) {
    const p = ra.get(key);
    const q = rb.get(key);
    if (p && q && sameRetreat(p, q)) continue;
    const unit = (p ?? q)!.unit;
    const line = ours.get(key)?.line;
    out.push({
      kind: 'retreat',
      movement: mine.movement.phase,
      phase: (mine.retreatRun ?? mine.movement).phase,
      power: unit.power,
      unit: unitText(unit),
      source: line ? line.text.text : null,
      line: line ? line.range.start.line : null,
      a: retreatText(p),
      b: retreatText(q),
    });
  }
}

function compareAdjustments(x: Group, y: Group, mine: Group, out: OutcomeDiff[]): void {
  const aa = new Map((x.adjustments ?? []).map((a) => [a.power, a]));
  const ab = new Map((y.adjustments ?? []).map((a) => [a.power, a]));
  const ours = x === mine ? aa : ab;
  for (const power of new Set([...aa.keys(), ...ab.keys()])) {
    const p = aa.get(power);
    const q = ab.get(power);
    if (signature(p) === signature(q)) continue;
    const line = ours.get(power)?.lines[0];
    out.push({
      kind: 'adjustment',
      movement: mine.movement.phase,
      phase: (mine.adjustmentRun ?? mine.movement).phase,
      power,
      source: line ? line.text.text : null,
      line: line ? line.range.start.line : null,
      a: adjustmentText(p),
      b: adjustmentText(q),
    });
  }
}
