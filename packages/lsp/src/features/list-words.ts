/**
 * The lists of the old rules (a retreat list written with a movement order,
 * build and disband lists; text 000 §3, §10, §11) in hover, in a game's
 * language: what became of a list and of each entry, in the words of the
 * report tables (`packages/engine/src/words/`), as `dipforge adjudicate`
 * writes them (`撤退到基尔（按优先撤退顺序；跳过柏林（区块已被占据））`).
 * English games keep hover's own sentences (`hover.ts`, `listText`).
 */
import type { OrderRun, PhaseRun } from '@dipforge/dsl';
import { say, type AdjustmentEntryResult, type RetreatOutcome } from '@dipforge/engine';
import { base } from '../context.js';
import type { Speech } from './editor-words.js';

type Entry = AdjustmentEntryResult<{ kind?: string; at: string }>;

/** A retreat list's unit, if the phase carried out its retreats at once: what became of it. */
export function retreatOutcome(run: PhaseRun, o: OrderRun): RetreatOutcome | undefined {
  const order = o.order;
  if (!('unit' in order)) return undefined;
  return run.result.retreats?.find((r) => r.unit.power === o.power && base(r.unit.at) === base(order.unit.at));
}

/** The entries of a build or disband list order, as the phase's adjustments carried them out. */
export function adjustmentEntries(run: PhaseRun, o: OrderRun): { builds: Entry[]; disbands: Entry[] } {
  const i = run.orders.indexOf(o);
  const adj = run.result.adjustments?.find((a) => a.power === o.power);
  return { builds: adj?.builds.filter((b) => b.orderIndex === i) ?? [], disbands: adj?.disbands.filter((d) => d.orderIndex === i) ?? [] };
}

/** What became of a dislodged unit with a retreat list, in the speech's words. */
function retreatWords(r: RetreatOutcome, s: Speech): string {
  const names = s.names;
  const t = names.messages.text;
  const passed = r.passed.length === 0 ? '' : say(t.passedOver, { places: r.passed.map((p) => `${names.place(p.to)} (${names.messages.reasons[p.reason]})`).join(t.listJoin) });
  const by = (b: 'list' | 'default'): string => (b === 'list' ? t.fromList : t.byDefault);
  if (r.outcome === 'retreats') return say(t.retreatsTo, { place: names.place(r.to), how: `${by(r.by)}${passed}` });
  if (r.outcome === 'destroyed') return say(t.destroyed, { place: names.place(r.to), how: `${by(r.by)}${passed}` });
  return say(t.disbanded, { how: `${r.why === 'ordered' ? t.asListSays : r.why === 'no-retreat' ? t.noLegalRetreat : t.byDefault}${passed}` });
}

/** A build or disband entry and its result: `生产布达佩斯陆军`, `生产的里雅斯特舰队：生产数已满`. */
function entryWords(e: Entry, build: boolean, s: Speech): string {
  const names = s.names;
  const t = names.messages.text;
  const entry = e.entry.kind === undefined ? names.place(e.entry.at) : names.unit({ kind: e.entry.kind, at: e.entry.at });
  if (e.status === 'succeeds') return say(build ? t.builds : t.disbands, { units: entry });
  const why = e.reason !== undefined && Object.hasOwn(names.messages.reasons, e.reason) ? names.messages.reasons[e.reason as keyof typeof names.messages.reasons] : (e.reason ?? t[e.status]);
  return say(build ? t.buildEntry : t.disbandEntry, { entry, why });
}

/** What became of a list (and the unit it was for), in a language; none for an order without one. */
export function listWords(run: PhaseRun, o: OrderRun, s: Speech): string[] {
  const t = s.names.messages.text;
  const order = o.order;
  const label = (status: string, words: string): string => say(t.statusWords, { status, words });
  if ((order.type === 'hold' || order.type === 'move' || order.type === 'support' || order.type === 'convoy') && order.retreat) {
    const list = order.retreat;
    const otherwise = list.otherwise === 'disband' ? [say(t.disbanded, { how: t.asListSays })] : list.otherwise === 'default' ? [t.byDefault] : [];
    const written = label(t.retreat, [...list.to.map((p) => s.names.place(p)), ...otherwise].join(t.listJoin));
    if (!run.result.retreats) return [written, label(t.retreat, t.notCarriedOut)];
    const r = retreatOutcome(run, o);
    if (!r) return [written, label(t.retreat, s.names.messages.reasons['not-dislodged'])];
    return [written, label(t.dislodged, retreatWords(r, s))];
  }
  if (order.type === 'build-list' || order.type === 'disband-list') {
    const build = order.type === 'build-list';
    const { builds, disbands } = adjustmentEntries(run, o);
    const entries = build ? builds : disbands;
    if (entries.length === 0) return [label(t.adjustments, t.notCarriedOut)];
    return [entries.map((e) => `- ${entryWords(e, build, s)}`).join('\n')];
  }
  return [];
}

/** What became of the list entry naming `province`, in a language; undefined when the name is no entry. */
export function listEntryWords(run: PhaseRun, o: OrderRun, province: string, s: Speech): string | undefined {
  const t = s.names.messages.text;
  const order = o.order;
  if ((order.type === 'hold' || order.type === 'move' || order.type === 'support' || order.type === 'convoy') && order.retreat) {
    if (!order.retreat.to.some((p) => base(p) === province)) return undefined;
    if (!run.result.retreats) return say(t.statusWords, { status: t.retreat, words: t.notCarriedOut });
    const r = retreatOutcome(run, o);
    return say(t.statusWords, { status: t.retreat, words: r ? retreatWords(r, s) : s.names.messages.reasons['not-dislodged'] });
  }
  if (order.type === 'build-list' || order.type === 'disband-list') {
    const build = order.type === 'build-list';
    const { builds, disbands } = adjustmentEntries(run, o);
    const e = (build ? builds : disbands).find((x) => base(x.entry.at) === province);
    return e ? entryWords(e, build, s) : run.result.adjustments ? say(t.statusWords, { status: t.adjustments, words: t.notCarriedOut }) : undefined;
  }
  return undefined;
}
