/**
 * What a phase gave, in a form no layout changes: each order's result keyed
 * by its power and canonical text (a sorted list, so that two identical
 * orders count twice and are matched by what they say, never by index), and
 * positions as sorted sets of units, dislodged units, owners and standoffs.
 * Two adjudications of one game laid out two ways must give equal summaries.
 */
import type { GameRun } from '@dipforge/dsl';
import { formatOrder, type Order, type OrderResult, type PhaseResult, type Position, type Unit } from '@dipforge/engine';

export interface PhaseSummary {
  phase: string;
  results: string[];
  /** The rest of the phase's result (dislodged, removed, built, retreats and adjustments carried out), each as a sorted set. */
  extra: string[];
  next: string[];
}

/**
 * Texts made once per object: the engine shares unit, order and owner objects
 * between phases and the layouts share the orders, so most are asked for many
 * times (the metamorphic suites compare thousands of phases).
 */
function memo<K extends object>(f: (k: K) => string): (k: K) => string {
  const made = new WeakMap<K, string>();
  return (k) => {
    let text = made.get(k);
    if (text === undefined) made.set(k, (text = f(k)));
    return text;
  };
}

export const orderKey = memo((o: Order): string => `${o.power}: ${formatOrder(o)}`);
const unitLine = memo((u: Unit): string => `unit ${u.power} ${u.kind} ${u.at}`);
const ownerLines = memo((owners: Readonly<Record<string, string>>): string =>
  Object.keys(owners)
    .map((c) => `owner ${c} ${owners[c]}`)
    .sort()
    .join('\n'),
);

export function resultKey(r: OrderResult): string {
  return `${orderKey(r.order)} => ${r.status}${r.reason ? ` (${r.reason}: ${r.detail ?? ''})` : ''}${r.implicit ? ' implicit' : ''}`;
}

/** A position as sorted lines. */
export function positionSet(p: Position): string[] {
  const phase = `${p.phase.season} ${p.phase.year} ${p.phase.kind}`;
  return [
    `phase ${phase}`,
    ...p.units.map(unitLine).sort(),
    ...p.dislodged.map((d) => `dislodged ${d.power} ${d.kind} ${d.at} from ${d.from ?? '?'}${d.byConvoy === undefined ? '' : d.byConvoy ? ' by convoy' : ' by land'}`).sort(),
    // The owners as one line: they change only at the end of a year, and are compared as one.
    ownerLines(p.owners),
    ...p.standoffs.map((s) => `standoff ${s}`).sort(),
  ];
}

/** A phase's result as sorted sets; `orders` are the phase's orders, for the adjustments' entries (which name them by index). */
export function phaseSummary(result: PhaseResult, orders: readonly Order[], phase: Position['phase']): PhaseSummary {
  const extra: string[] = [
    ...result.dislodged.map((d) => `dislodged ${JSON.stringify(d)}`),
    ...(result.removed ?? []).map((u) => `removed ${JSON.stringify(u)}`),
    ...(result.built ?? []).map((u) => `built ${JSON.stringify(u)}`),
    ...(result.retreats ?? []).map((r) => `retreat ${JSON.stringify(r)}`),
    ...(result.adjustments ?? []).map((a) => {
      const entries = <E>(list: readonly { entry: E; orderIndex: number; status: string; reason?: string }[]): unknown[] =>
        list.map(({ orderIndex, ...rest }) => ({ ...rest, order: orderKey(orders[orderIndex]!) }));
      return `adjustment ${JSON.stringify({ ...a, builds: entries(a.builds), disbands: entries(a.disbands) })}`;
    }),
  ].sort();
  return {
    phase: `${phase.season} ${phase.year} ${phase.kind}`,
    results: result.results.map(resultKey).sort(),
    extra,
    next: positionSet(result.next),
  };
}

/** Every adjudicated phase of a game run, summarized. */
export function runSummary(run: GameRun): PhaseSummary[] {
  return run.phases.map((p) => phaseSummary(p.result, p.orders.map((o) => o.order), p.phase));
}

/**
 * The first difference between two runs' summaries, as a line for a failing
 * test (which phase, what only one of them has), or undefined when equal.
 */
export function firstDifference(a: readonly PhaseSummary[], b: readonly PhaseSummary[]): string | undefined {
  if (a.length !== b.length) return `${a.length} phases against ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.phase !== y.phase) return `phase ${i}: ${x.phase} against ${y.phase}`;
    for (const field of ['results', 'extra', 'next'] as const) {
      if (sameList(x[field], y[field])) continue;
      const only = (p: string[], q: string[]): string[] => {
        const left = [...q];
        return p.filter((s) => {
          const k = left.indexOf(s);
          if (k < 0) return true;
          left.splice(k, 1);
          return false;
        });
      };
      const onlyA = only(x[field], y[field]);
      const onlyB = only(y[field], x[field]);
      if (onlyA.length > 0 || onlyB.length > 0) {
        return `${x.phase}, ${field}: first layout only [${onlyA.join('; ')}], other layout only [${onlyB.join('; ')}]`;
      }
    }
  }
  return undefined;
}

/** Whether two lists hold the same strings in the same order (sorted lists: the same multiset). */
function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
