/**
 * Between two editions with the same year: where the game left something to
 * the edition's defaults and the other edition's default is another
 * (`retreat-default`: 2023 disbands, online-5's game master retreats the unit;
 * `removal-order`; `auto-builds`), what the default came to is written as
 * orders in the retreat or adjustment phase, so the game stays the same.
 */
import { type Phase } from '@dipforge/engine';
import type * as G from '../ast.js';
import { editions, printOrder, type ConvertContext } from './context.js';
import type { Group } from './outcomes.js';
import { unitText } from './outcomes.js';
import type { SectionRef } from './writer.js';

export function writeDefaults(ctx: ConvertContext, groups: readonly Group[]): void {
  const { from, to } = editions(ctx);
  const retreatDiffers = ctx.sourceRules['retreat-default'] !== ctx.targetRules['retreat-default'];
  const removalDiffers = ctx.sourceRules['removal-order'] !== ctx.targetRules['removal-order'];
  const autoDiffers = ctx.sourceRules['auto-builds'] !== ctx.targetRules['auto-builds'];
  for (const g of groups) {
    const m = g.movement.section;
    let retreatSection: SectionRef | undefined;
    const retreatRun = g.retreatRun;
    if (retreatDiffers && retreatRun) {
      for (const r of g.retreats ?? []) {
        if (r.how !== 'default') continue;
        retreatSection ??= sectionFor(ctx, retreatRun.section, m, retreatRun.phase);
        if (!retreatSection) break;
        const unit = { kind: r.unit.kind, at: r.unit.at };
        const order = r.outcome === 'disbanded' || r.to === undefined ? printOrder(ctx, { type: 'disband', power: r.unit.power, unit }) : printOrder(ctx, { type: 'retreat', power: r.unit.power, unit, to: r.to });
        const outcome = r.outcome === 'disbanded' ? 'disbanded' : `retreated to ${r.to}`;
        ctx.writer.addOrder(retreatSection, r.unit.power, order, {
          code: 'convertDefaultWritten',
          message: `${unitText(r.unit)} had no retreat order: under ${from} it was ${outcome} by retreat-default ${ctx.sourceRules['retreat-default']}; ${to} has retreat-default ${ctx.targetRules['retreat-default']}, so what it came to is written as its order`,
        });
        ctx.counts.linesAdded++;
      }
    }
    const adjustmentRun = g.adjustmentRun;
    if (!adjustmentRun) continue;
    let adjustmentSection: SectionRef | undefined;
    for (const a of g.adjustments ?? []) {
      const written = [
        ...(removalDiffers ? a.removed.map((u) => ({ order: printOrder(ctx, { type: 'disband', power: a.power, unit: { kind: u.kind, at: u.at } }), why: `removed by removal-order ${ctx.sourceRules['removal-order']}; ${to} has removal-order ${ctx.targetRules['removal-order']}`, u })) : []),
        ...(autoDiffers ? a.autoBuilt.map((u) => ({ order: printOrder(ctx, { type: 'build', power: a.power, kind: u.kind, at: u.at }), why: `built by auto-builds ${ctx.sourceRules['auto-builds']}; ${to} has auto-builds ${ctx.targetRules['auto-builds']}`, u })) : []),
      ];
      for (const w of written) {
        adjustmentSection ??= sectionFor(ctx, adjustmentRun.section, g.retreatRun?.section ?? m, adjustmentRun.phase);
        if (!adjustmentSection) break;
        ctx.writer.addOrder(adjustmentSection, a.power, w.order, { code: 'convertDefaultWritten', message: `${unitText(w.u)}: under ${from} ${w.why}, so it is written as an order` });
        ctx.counts.linesAdded++;
      }
    }
  }
}

/** The phase's own section, or a new one after `after` (none when neither is written). */
function sectionFor(ctx: ConvertContext, own: G.PhaseSection | undefined, after: G.PhaseSection | undefined, phase: Phase): SectionRef | undefined {
  if (own) return { section: own };
  if (!after) return undefined;
  ctx.counts.phasesInserted++;
  return ctx.writer.newSectionAfter(after, phase);
}
