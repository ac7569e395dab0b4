/**
 * Separate phases → the postal year (000 §3, §10, §11): what each retreat
 * phase came to becomes the retreat lists of the dislodged units' movement
 * orders, what each adjustment phase came to becomes the build and disband
 * lists written with the fall orders, and the retreat and adjustment sections
 * go (their expectations move up to the movement phase).
 *
 * The lists are written from the outcomes, so that the postal year carries out
 * the same: a retreat that was carried out is the list's only entry; one that
 * failed (two units to one province, or an illegal retreat) ends in `disband`,
 * which is what became of the unit; a unit disbanded by the edition's default
 * is written `retreat disband`, since the old rules' default is the game
 * master's choice.
 */
import { inAdvance, type Order, type RetreatList, type Unit } from '@dipforge/engine';
import type * as G from '../ast.js';
import { editions, printOrder, when, writesInLanguage, type ConvertContext } from './context.js';
import { lineStart } from './edits.js';
import { mergeIntoMovement } from './expect.js';
import { adjustsAnything, base, orderOf, unitText, type AdjustmentDone, type Group, type RetreatDone } from './outcomes.js';
import type { LineNote } from './writer.js';

export function toPostal(ctx: ConvertContext, groups: readonly Group[]): void {
  for (const g of groups) {
    const m = g.movement.section;
    const later = [g.retreatRun?.section, g.adjustmentRun?.section].filter((s): s is G.PhaseSection => s !== undefined);
    if (!m) {
      if (later.length > 0 || (g.retreats ?? []).some((r) => r.how !== 'no-retreat') || (g.adjustments ?? []).some(adjustsAnything)) {
        ctx.loose.push({ code: 'convertLeftOut', message: `${when(g.movement.phase)} movement is not written in the file, so its retreats and adjustments are left to ${ctx.target}'s defaults` });
      }
      continue;
    }
    // The file ends before this movement's retreats or adjustments were played: the postal year carries them out at once, by its defaults.
    const pendingRetreats = g.after.phase.kind === 'retreat' && g.after.dislodged.length > 0;
    const pendingAdjustments = g.after.phase.kind !== 'movement' && inAdvance(ctx.targetBoard, ctx.targetRules, g.movement.phase).adjustments;
    if (pendingRetreats || pendingAdjustments) {
      ctx.writer.noteAt(m.phase ?? m, {
        code: 'convertLeftOut',
        message: `the file ends before the ${g.after.phase.season} ${g.after.phase.kind} phase after this movement was played; in the postal year of ${ctx.target} this movement carries it out at once, by that edition's defaults`,
      });
    }
    // Comments after the retreat orders go with the lists (their lines are taken, not kept where the phase was).
    const carried = new Set<number>();
    for (const r of g.retreats ?? []) if (retreatList(ctx, g, m, r) && r.line) carried.add(lineStart(ctx.writer.text, r.line.range.start.offset));
    for (const a of g.adjustments ?? []) for (const at of adjustmentLists(ctx, m, a)) carried.add(at);
    if (later.length === 0) continue;
    const moved = mergeIntoMovement(ctx.writer, m, later, ctx.counts);
    for (const at of carried) moved.add(at);
    for (const s of later) {
      ctx.writer.removeSection(s, moved);
      ctx.counts.phasesRemoved++;
    }
  }
}

/** The list that carries out what became of a dislodged unit. */
export function listFor(r: RetreatDone): RetreatList | undefined {
  if (r.how === 'no-retreat') return undefined;
  if (r.outcome === 'retreats' && r.to !== undefined) return { to: [r.to], otherwise: 'default' };
  if (r.to !== undefined) return { to: [r.to], otherwise: 'disband' };
  return { to: [], otherwise: 'disband' };
}

/** Writes the unit's list; true when a comment after its retreat order went with it. */
function retreatList(ctx: ConvertContext, g: Group, m: G.PhaseSection, r: RetreatDone): boolean {
  const list = listFor(r);
  if (!list) return false;
  const comment = r.line ? ctx.writer.commentOf(r.line) : undefined;
  if (r.line) ctx.counts.ordersMoved++;
  const note = defaultNote(ctx, r);
  const entries = [...list.to, ...(list.otherwise === 'disband' ? ['disband'] : [])].join(', ');
  const o = orderOf(g.movement.orders, r.unit.power, base(r.unit.at));
  const order = o?.order;
  if (o && order && m.orders.includes(o.line) && !('retreat' in order && order.retreat !== undefined)) {
    if (ctx.source.languages?.of(r.unit.power) === undefined) ctx.writer.appendToOrder(o.line, ` retreat ${entries}`, note);
    // An order in another language is rewritten in the standard notation (which every reader reads) to carry the list.
    else ctx.writer.replace(o.line.text.range.start.offset, o.line.text.range.end.offset, printOrder(ctx, { ...order, retreat: list } as Order), note);
    if (comment === undefined || ctx.writer.commentOf(o.line) !== undefined) return false;
    ctx.writer.appendComment(o.line, comment);
    return true;
  }
  const hold: Order = { type: 'hold', power: r.unit.power, unit: { kind: r.unit.kind, at: r.unit.at }, retreat: list };
  ctx.writer.addOrder({ section: m }, r.unit.power, `${printOrder(ctx, hold)}${comment === undefined ? '' : `   ${comment}`}`, note);
  ctx.counts.linesAdded++;
  return comment !== undefined;
}

/** A note when the unit's outcome was the source edition's default and the target's default is another. */
function defaultNote(ctx: ConvertContext, r: RetreatDone): LineNote | undefined {
  const was = ctx.sourceRules['retreat-default'];
  const now = ctx.targetRules['retreat-default'];
  if (r.how !== 'default' || was === now) return undefined;
  const { from, to } = editions(ctx);
  const outcome = r.outcome === 'retreats' ? `retreated to ${r.to}` : 'disbanded';
  return {
    code: 'convertDefaultWritten',
    message: `${unitText(r.unit)} had no retreat order: under ${from} it was ${outcome} by retreat-default ${was}; ${to} would use retreat-default ${now}, so what it came to is written as its list`,
  };
}

/** Writes the power's lists; the line starts of the adjustment orders whose comments went with them. */
function adjustmentLists(ctx: ConvertContext, m: G.PhaseSection, a: AdjustmentDone): number[] {
  const { from, to } = editions(ctx);
  // The comments after the adjustment orders go after the first list written.
  const commented = a.lines.flatMap((l) => {
    const c = ctx.writer.commentOf(l);
    return c === undefined ? [] : [{ at: lineStart(ctx.writer.text, l.range.start.offset), text: c.replace(/^\/\/\s*/u, '') }];
  });
  const comment = commented.length > 0 ? `   // ${commented.map((c) => c.text).join('; ')}` : '';
  const mark = a.marked ? '   [succeeds]' : '';
  let taken = false;
  const takeComment = (): string => {
    if (taken) return '';
    taken = true;
    return comment;
  };
  const tail = (): string => `${mark}${takeComment()}`;
  const builds = [...a.built, ...a.autoBuilt];
  const disbands = [...a.disbanded, ...a.removed];
  ctx.counts.ordersMoved += a.lines.length;
  let first = true;
  const unused = (): LineNote | undefined => {
    if (!first || a.unused.length === 0) return undefined;
    first = false;
    return { code: 'convertResolved', message: `not carried out under ${from}, so not written: ${a.unused.join('; ')}` };
  };
  if (disbands.length > 0) {
    const removedByRule = a.removed.length > 0 && ctx.sourceRules['removal-order'] !== ctx.targetRules['removal-order'];
    const note: LineNote | undefined = removedByRule
      ? { code: 'convertDefaultWritten', message: `${a.removed.map(unitText).join(', ')}: removed under ${from} by removal-order ${ctx.sourceRules['removal-order']}; ${to} would use removal-order ${ctx.targetRules['removal-order']}, so the removals are written in the disband list` }
      : unused();
    ctx.writer.addOrder({ section: m }, a.power, `${disbandText(ctx, a.power, disbands)}${tail()}`, note);
  }
  if (builds.length > 0) {
    const note: LineNote | undefined = a.autoBuilt.length > 0
      ? { code: 'convertDefaultWritten', message: `${a.autoBuilt.map(unitText).join(', ')}: built under ${from} by auto-builds; written in the build list` }
      : unused();
    ctx.writer.addOrder({ section: m }, a.power, `${buildText(ctx, a.power, builds)}${tail()}`, note);
  }
  if (a.waived) ctx.writer.addOrder({ section: m }, a.power, `${printOrder(ctx, { type: 'waive', power: a.power })}${takeComment()}`, unused());
  const left = unused();
  if (left) ctx.writer.addOrder({ section: m }, a.power, `// ${left.message}`, left);
  // Comments of orders that came to nothing stay where they were.
  return taken ? commented.map((c) => c.at) : [];
}

/** `Build F lon` or `Build F lon, A mun` (a build list). */
export function buildText(ctx: ConvertContext, power: string, units: readonly Unit[]): string {
  const entries = units.map((u) => ({ kind: u.kind, at: u.at }));
  const [a, b, ...rest] = entries;
  if (!a) return '';
  return b ? printOrder(ctx, { type: 'build-list', power, builds: [a, b, ...rest] }) : printOrder(ctx, { type: 'build', power, kind: a.kind, at: a.at });
}

/** `Disband A sil` or `Disband A sil, A ber` (a disband list). */
export function disbandText(ctx: ConvertContext, power: string, units: readonly Unit[]): string {
  const entries = units.map((u) => ({ kind: u.kind, at: u.at }));
  const [a, b, ...rest] = entries;
  if (!a) return '';
  return b ? printOrder(ctx, { type: 'disband-list', power, units: [a, b, ...rest] }) : writesInLanguage(ctx, power) ? printOrder(ctx, { type: 'disband', power, unit: a }) : `Disband ${unitText(a)}`;
}
