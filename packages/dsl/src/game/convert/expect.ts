/**
 * Expectations follow the phases they check. In the postal year a movement
 * phase's expect block sees the position after its retreats and (in the fall)
 * the adjustments, so the expectations of a retreat or adjustment phase move up
 * to the movement phase, and the movement phase's own that they supersede go;
 * into separate phases, a postal movement's expectations (but the dislodged
 * units, which still belong to the movement) move down to the last phase
 * inserted after it.
 */
import type * as G from '../ast.js';
import type { ConvertCounts } from './context.js';
import { lineStart } from './edits.js';
import type { GameWriter, SectionRef } from './writer.js';

type StmtKind = 'units' | 'dislodged' | 'owners' | 'winner' | 'draw' | 'score' | 'result';

interface Stmt {
  block: G.ExpectSection;
  kind: StmtKind;
  /** What a later statement of the same key replaces (units: a block's whole list). */
  key: string;
  node: G.Node;
}

function statements(block: G.ExpectSection): Stmt[] {
  const out: Stmt[] = [];
  const add = (kind: StmtKind, nodes: readonly G.Node[], key: (n: G.Node) => string): void => {
    for (const node of nodes) out.push({ block, kind, key: key(node), node });
  };
  add('units', block.units, () => 'units');
  add('dislodged', block.dislodged, () => 'dislodged');
  add('owners', block.owners, (n) => `owners ${(n as G.OwnersStmt).power.value}`);
  add('winner', block.winner, () => 'winner');
  add('draw', block.draw, () => 'draw');
  add('score', block.score, (n) => `score ${(n as G.ScoreExpect).power.value}`);
  add('result', block.result, () => 'result');
  return out.sort((a, b) => a.node.range.start.offset - b.node.range.start.offset);
}

/**
 * Into the postal year: the statements of the later phases' blocks (`later`,
 * sections that are removed) and the movement phase's own are merged: for each
 * key the last statement stands (a block's units lines stand together), the
 * dislodged units only from the movement phase. The movement's superseded
 * statements are removed; the later ones that stand are added to its expect
 * blocks. Returns the line starts taken from the removed sections.
 */
export function mergeIntoMovement(w: GameWriter, movement: G.PhaseSection, later: readonly G.PhaseSection[], counts: ConvertCounts): Set<number> {
  const own = movement.expect.flatMap(statements);
  const theirs = later.flatMap((s) => s.expect.flatMap(statements));
  const rest = theirs.filter((s) => s.kind !== 'dislodged');
  const all = [...own, ...rest];
  const lastUnitsBlock = [...all].reverse().find((s) => s.kind === 'units')?.block;
  const standing = new Set<Stmt>();
  const lastOfKey = new Map<string, Stmt>();
  for (const s of all) if (s.kind !== 'units') lastOfKey.set(s.key, s);
  for (const s of all) {
    if (s.kind === 'units' ? s.block === lastUnitsBlock : s.kind === 'dislodged' || lastOfKey.get(s.key) === s) standing.add(s);
  }
  counts.expectationsDropped += [...own, ...theirs].filter((s) => !standing.has(s)).length;
  const moved = new Set<number>();
  const lines: string[] = [];
  for (const s of rest) {
    if (!standing.has(s)) continue;
    const chunk = w.linesOf(s.node, lineStart(w.text, s.block.range.start.offset));
    for (const at of chunk.starts) moved.add(at);
    lines.push(...chunk.text);
    counts.expectationsMoved++;
  }
  // The block the moved lines go to keeps its expect line even when none of its own statements stands.
  const keep = lines.length > 0 ? movement.expect[movement.expect.length - 1] : undefined;
  removeStatements(w, movement, own.filter((s) => !standing.has(s)), false, keep);
  w.addExpect({ section: movement }, lines);
  return moved;
}

/**
 * Into separate phases: the movement phase's statements but its dislodged
 * units go to the expect block of `to`, the last phase inserted after it.
 */
export function moveAfterInserted(w: GameWriter, movement: G.PhaseSection, to: SectionRef, counts: ConvertCounts): void {
  const own = movement.expect.flatMap(statements);
  const going = own.filter((s) => s.kind !== 'dislodged');
  if (going.length === 0) return;
  const lines: string[] = [];
  for (const s of going) {
    lines.push(...w.linesOf(s.node, lineStart(w.text, s.block.range.start.offset)).text);
    counts.expectationsMoved++;
  }
  removeStatements(w, movement, going, true);
  w.addExpect(to, lines);
}

/** Removes statements (with the comment lines just above them); an expect line whose block is left empty goes too. */
function removeStatements(w: GameWriter, section: G.PhaseSection, gone: readonly Stmt[], moving: boolean, keep?: G.ExpectSection): void {
  if (gone.length === 0) return;
  const set = new Set(gone.map((s) => s.node));
  // A moved line takes its comment along; a line that goes leaves its comment in place.
  for (const s of gone) for (const at of w.linesOf(s.node, lineStart(w.text, s.block.range.start.offset)).starts) w.removeLine(at, !moving);
  for (const block of section.expect) {
    const left = statements(block).filter((s) => !set.has(s.node));
    if (block !== keep && left.length === 0 && statements(block).length > 0) w.removeLine(block.keyword.range.start.offset, true, true);
  }
}
