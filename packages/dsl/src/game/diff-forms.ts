/**
 * A game compared under two editions whose years have different shapes
 * (separate retreat and adjustment phases against the postal year's lists):
 * one side is the file as written, the other the file converted to that
 * edition (`convertGame`). Lines cannot be matched across the two texts, so
 * the comparison goes by what happened, movement phase by movement phase: each
 * movement order by its power and unit, each dislodged unit by what became of
 * it (a retreat phase's order against a retreat list entry), each power's
 * adjustments by the units built and disbanded (a winter build against a build
 * list), and the positions at the start of each next movement phase. At the
 * end one game may have played further (the postal year carries out the last
 * movement phase's retreats and adjustments, which the other game has still to
 * play): the positions are compared where both stand, and what the one ahead
 * played beyond that is said (`further`). Pure: it reads two `GameRun`s and
 * their boards.
 */
import type { Board, Phase, Position, RuleOptions, Unit } from '@dipforge/engine';
import type { GameRun } from './run.js';
import { base, orderOf, orderedProvince, unitKey, unitText, groupsOf, type Group } from './convert/outcomes.js';
import { adjustmentText, retreatText, signature, sameRetreat } from './convert/verify.js';
import { comparePositions, orderedUnit, resultOf, sameResult, type FurtherOutcome, type FurtherPlay, type GameDiff, type OrderDiff, type OutcomeDiff, type PositionsPart } from './diff.js';

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
export function diffAcrossForms(a: Side, b: Side): Pick<GameDiff, 'orders' | 'outcomes' | 'parted' | 'further'> {
  const ga = groupsOf(a.run, a.board, a.rules).groups;
  const gb = groupsOf(b.run, b.board, b.rules).groups;
  const file = a.file ? 'a' : 'b';
  const byKey = new Map((file === 'a' ? gb : ga).map((g) => [groupKey(g), g]));
  const orders: OrderDiff[] = [];
  const outcomes: OutcomeDiff[] = [];
  let parted: PositionsPart | null = null;
  let further: FurtherPlay | undefined;
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
    // Retreats and adjustments only one game has played (it ends before them in the other) are not compared, but said (`further`).
    const retreats = retreatsPlayed(x) && retreatsPlayed(y);
    const adjustments = adjustmentsPlayed(x) && adjustmentsPlayed(y);
    if (retreats) compareRetreats(x, y, mine, outcomes);
    if (adjustments) compareAdjustments(x, y, mine, outcomes);
    // The positions where both games stand: after the next movement phase's start, or, where one ends sooner, after what both played.
    const stage = Math.min(stageOf(x), stageOf(y)) as Stage;
    if (stageOf(x) !== stageOf(y)) further = furtherPlay(stageOf(x) > stageOf(y) ? 'a' : 'b', x, y, stage, !retreats, !adjustments) ?? further;
    if (parted) continue;
    const px = positionAt(x, stage);
    const py = positionAt(y, stage);
    const d = px && py ? comparePositions(px, py) : undefined;
    if (d) parted = { after: lastPhaseAt(x, stage), at: stage === Stage.complete ? x.after.phase : null, differences: d };
  }
  return { orders, outcomes, parted, ...(further ? { further } : {}) };
}

/**
 * How far a group was played: its moves only (the game ends at its retreat phase), its retreats
 * too (the game ends at its adjustment phase), or up to the next movement phase.
 */
const Stage = { moves: 0, retreats: 1, complete: 2 } as const;
type Stage = (typeof Stage)[keyof typeof Stage];

function stageOf(g: Group): Stage {
  const kind = g.after.phase.kind;
  return kind === 'movement' ? Stage.complete : kind === 'adjustment' ? Stage.retreats : Stage.moves;
}

/** The last phase a group played up to `stage`: the movement phase, its retreat phase, or its adjustment phase (each when it has one). */
function lastPhaseAt(g: Group, stage: Stage): Phase {
  if (stage === Stage.moves) return g.movement.phase;
  if (stage === Stage.retreats) return (g.retreatRun ?? g.movement).phase;
  return (g.adjustmentRun ?? g.retreatRun ?? g.movement).phase;
}

/**
 * The position a group reached at `stage`, when it went further: where its next phase started
 * (separate phases), or, for a movement phase that carried out its retreats and adjustments at once
 * (the postal year), its position after with those undone: the units built taken off and the units
 * disbanded put back, then (after the moves alone) the retreated units taken off, the dislodged units
 * and the owners before the phase back.
 */
function positionAt(g: Group, stage: Stage): Position | undefined {
  if (stage === stageOf(g)) return g.after;
  const done = g.movement.result;
  if (done.retreats === undefined) return stage === Stage.moves ? done.next : (g.adjustmentRun?.before ?? g.retreatRun?.result.next);
  let units = [...done.next.units];
  const take = (match: (u: Unit) => boolean): void => {
    const i = units.findIndex(match);
    if (i >= 0) units.splice(i, 1);
  };
  for (const adj of g.adjustments ?? []) {
    for (const u of [...adj.built, ...adj.autoBuilt]) take((v) => unitKey(v) === unitKey(u));
    units = [...units, ...adj.disbanded, ...adj.removed];
  }
  if (stage === Stage.retreats) return { ...done.next, units };
  for (const r of g.retreats ?? []) {
    if (r.outcome === 'retreats') take((v) => v.power === r.unit.power && v.kind === r.unit.kind && base(v.at) === base(r.to ?? ''));
  }
  return { ...done.next, units, dislodged: done.dislodged, owners: g.movement.before.owners };
}

/** What the game of side `ahead` played beyond `stage` that the other has still to play, with what each came to; undefined when it came to nothing to say. */
function furtherPlay(ahead: 'a' | 'b', x: Group, y: Group, stage: Stage, retreats: boolean, adjustments: boolean): FurtherPlay | undefined {
  const [g, behind] = ahead === 'a' ? [x, y] : [y, x];
  const outcomes: FurtherOutcome[] = [];
  if (retreats) for (const r of g.retreats ?? []) outcomes.push({ kind: 'retreat', power: r.unit.power, unit: unitText(r.unit), outcome: retreatText(r) });
  // A postal fall's adjustments with the counts they were made on: what the other edition still has to build or disband from.
  const counts = new Map((g.movement.result.adjustments ?? []).map((p) => [p.power, ` (${p.centres} centres, ${p.units} units)`]));
  if (adjustments) for (const adj of g.adjustments ?? []) outcomes.push({ kind: 'adjustment', power: adj.power, outcome: `${adjustmentText(adj)}${counts.get(adj.power) ?? ''}` });
  if (outcomes.length === 0) return undefined;
  return { side: ahead, after: lastPhaseAt(behind, stage), movement: g.movement.phase, outcomes };
}

/** Whether a group's retreats were carried out (or it had none to carry out). */
function retreatsPlayed(g: Group): boolean {
  return g.retreats !== undefined || g.movement.result.next.dislodged.length === 0;
}

/** Whether a group's adjustments were carried out (or its year had none before the next movement phase). */
function adjustmentsPlayed(g: Group): boolean {
  return g.adjustments !== undefined || g.after.phase.kind === 'movement';
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
