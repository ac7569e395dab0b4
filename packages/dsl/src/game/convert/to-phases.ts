/**
 * The postal year → separate phases: what each movement phase's retreat lists
 * and (in the fall) build and disband lists came to, as the postal game played
 * them, becomes a retreat phase and an adjustment phase written after it; the
 * lists go from the movement orders, and the movement's expectations (but its
 * dislodged units) move to the last phase inserted.
 */
import { nextPhase, type Order, type Phase } from '@dipforge/engine';
import type * as G from '../ast.js';
import { editions, printOrder, when, writesInLanguage, type ConvertContext } from './context.js';
import { moveAfterInserted } from './expect.js';
import { adjustsAnything, unitText, type AdjustmentDone, type Group, type RetreatDone } from './outcomes.js';
import type { LineNote, SectionRef } from './writer.js';

export function toPhases(ctx: ConvertContext, groups: readonly Group[]): void {
  stripRetreatLists(ctx);
  let previous: G.PhaseSection | undefined;
  for (const g of groups) {
    const m = g.movement.section ?? previous;
    previous = m;
    const retreats = (g.retreats ?? []).filter((r) => r.how !== 'no-retreat');
    // In the order the file wrote them (the powers that wrote nothing last).
    const written = (a: AdjustmentDone): number => a.lines[0]?.range.start.offset ?? Number.MAX_SAFE_INTEGER;
    const adjustments = (g.adjustments ?? []).filter((a) => adjustsAnything(a) || a.unused.length > 0).sort((a, b) => written(a) - written(b));
    for (const a of g.adjustments ?? []) for (const line of a.lines) removeAdjustmentLine(ctx, line);
    if (retreats.length === 0 && adjustments.length === 0) continue;
    if (!m) {
      ctx.loose.push({ code: 'convertLeftOut', message: `${when(g.movement.phase)} movement is not written in the file, so its retreats and adjustments are left to ${ctx.target}'s defaults` });
      continue;
    }
    // A movement phase the file does not write (no orders; played because a later phase is written) is written, empty, after the phase before it, so that its retreats and adjustments have a place.
    if (!g.movement.section) {
      ctx.writer.newSectionAfter(m, g.movement.phase);
      ctx.counts.phasesInserted++;
    }
    const retreatPhase = nextPhase(ctx.targetBoard, ctx.targetRules, g.movement.phase);
    let last: SectionRef | undefined;
    if (retreats.length > 0 && retreatPhase.kind === 'retreat') {
      last = ctx.writer.newSectionAfter(m, retreatPhase);
      ctx.counts.phasesInserted++;
      for (const r of retreats) retreatOrder(ctx, last, r);
    }
    const adjustmentPhase = adjustmentAfter(ctx, retreatPhase);
    if (adjustments.length > 0 && adjustmentPhase) {
      last = ctx.writer.newSectionAfter(m, adjustmentPhase);
      ctx.counts.phasesInserted++;
      for (const a of adjustments) adjustmentOrders(ctx, last, a);
    }
    if (last && g.movement.section) moveAfterInserted(ctx.writer, m, last, ctx.counts);
  }
}

/** The adjustment phase after a movement phase's retreats in the target year, if there is one before the next movement. */
function adjustmentAfter(ctx: ConvertContext, next: Phase): Phase | undefined {
  let p = next;
  for (let i = 0; i < 4 && p.kind !== 'movement'; i++) {
    if (p.kind === 'adjustment') return p;
    p = nextPhase(ctx.targetBoard, ctx.targetRules, p);
  }
  return undefined;
}

/** Every retreat list goes from the movement orders: the separate year reads a list as an illegal order. */
function stripRetreatLists(ctx: ConvertContext): void {
  const done = new Set<G.OrderLine>();
  for (const p of ctx.source.phases) {
    for (const o of p.orders) {
      const list = 'retreat' in o.order ? o.order.retreat : undefined;
      if (list === undefined || done.has(o.line)) continue;
      done.add(o.line);
      const text = o.line.text.text;
      const at = /\s+retreat\b/iu.exec(text);
      if (!at) {
        // A list in another language has no `retreat` word to cut at: the order is written again without it, in that language.
        if (writesInLanguage(ctx, o.order.power)) rewriteWithoutList(ctx, o.line, { ...o.order, retreat: undefined } as Order);
        continue;
      }
      const start = o.line.text.range.start.offset + at.index;
      const end = o.line.text.range.end.offset;
      // A `[result]` or comment after the order keeps its column.
      const follows = o.line.range.end.offset > end || ctx.writer.commentOf(o.line) !== undefined;
      ctx.writer.replace(start, end, follows ? ' '.repeat(end - start) : '');
    }
  }
}

/** A line's order text replaced by `order` printed in its power's language; a `[result]` after it keeps its column where it can. */
function rewriteWithoutList(ctx: ConvertContext, line: G.OrderLine, order: Order): void {
  const { start, end } = { start: line.text.range.start.offset, end: line.text.range.end.offset };
  const text = printOrder(ctx, order);
  const follows = line.range.end.offset > end || ctx.writer.commentOf(line) !== undefined;
  const pad = follows ? ' '.repeat(Math.max(0, end - start - text.length)) : '';
  ctx.writer.replace(start, end, `${text}${pad}`);
}

/** A build or disband line of the fall moves goes (its comment stays); `POWER: Build …` keeps its power. */
function removeAdjustmentLine(ctx: ConvertContext, line: G.OrderLine): void {
  if (line.power.range.start.line === line.range.start.line) ctx.writer.replace(line.text.range.start.offset, line.range.end.offset, '');
  else ctx.writer.removeLine(line.range.start.offset);
}

function retreatOrder(ctx: ConvertContext, to: SectionRef, r: RetreatDone): void {
  const unit = { kind: r.unit.kind, at: r.unit.at };
  const text =
    r.outcome === 'disbanded' || r.to === undefined
      ? printOrder(ctx, { type: 'disband', power: r.unit.power, unit })
      : printOrder(ctx, { type: 'retreat', power: r.unit.power, unit, to: r.to });
  ctx.writer.addOrder(to, r.unit.power, text, retreatNote(ctx, r));
  if (r.line) ctx.counts.ordersMoved++;
  else ctx.counts.linesAdded++;
}

function retreatNote(ctx: ConvertContext, r: RetreatDone): LineNote | undefined {
  const { from, to } = editions(ctx);
  const was = ctx.sourceRules['retreat-default'];
  const now = ctx.targetRules['retreat-default'];
  if (r.how === 'default' && was !== now) {
    const outcome = r.outcome === 'retreats' ? `retreated to ${r.to}` : r.outcome === 'destroyed' ? `sent to ${r.to} (and destroyed there)` : 'disbanded';
    return { code: 'convertDefaultWritten', message: `${unitText(r.unit)}: no usable retreat list, so under ${from} it was ${outcome} by retreat-default ${was}; ${to} has retreat-default ${now}, so what it came to is written as its order` };
  }
  if (r.passed.length > 0) {
    return { code: 'convertResolved', message: `${unitText(r.unit)}: its retreat list passed over ${r.passed.join(', ')} (no legal retreat there in this game); written as what the list came to` };
  }
  return undefined;
}

function adjustmentOrders(ctx: ConvertContext, to: SectionRef, a: AdjustmentDone): void {
  const { from, to: target } = editions(ctx);
  const mark = a.marked ? '   [succeeds]' : '';
  let pending: LineNote | undefined = a.unused.length > 0 ? { code: 'convertResolved', message: `entries not carried out under ${from}, so not written: ${a.unused.join('; ')}` } : undefined;
  const take = (): LineNote | undefined => {
    const n = pending;
    pending = undefined;
    return n;
  };
  const removalDiffers = ctx.sourceRules['removal-order'] !== ctx.targetRules['removal-order'];
  for (const u of a.disbanded) ctx.writer.addOrder(to, a.power, `${printOrder(ctx, { type: 'disband', power: a.power, unit: { kind: u.kind, at: u.at } })}${mark}`, take());
  for (const u of a.removed) {
    const note: LineNote | undefined = removalDiffers
      ? { code: 'convertDefaultWritten', message: `${unitText(u)}: removed under ${from} by removal-order ${ctx.sourceRules['removal-order']}; ${target} has removal-order ${ctx.targetRules['removal-order']}, so the removal is written as an order` }
      : take();
    ctx.writer.addOrder(to, a.power, printOrder(ctx, { type: 'disband', power: a.power, unit: { kind: u.kind, at: u.at } }), note);
    ctx.counts.linesAdded++;
  }
  for (const u of a.built) ctx.writer.addOrder(to, a.power, `${printOrder(ctx, { type: 'build', power: a.power, kind: u.kind, at: u.at })}${mark}`, take());
  if (a.waived) ctx.writer.addOrder(to, a.power, printOrder(ctx, { type: 'waive', power: a.power }), take());
  const left = take();
  if (left) ctx.writer.addOrder(to, a.power, `// ${left.message}`, left);
  ctx.counts.ordersMoved += a.lines.length;
}
