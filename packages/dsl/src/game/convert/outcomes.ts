/**
 * What a played game's retreats and adjustments came to, the same way for
 * both forms of the year: read from a retreat phase and an adjustment phase
 * (the separate form), or from what a postal movement phase carried out at once
 * (its `retreats` and `adjustments`). The conversion writes these outcomes in
 * the other form, and checks the converted game by reading them again.
 */
import { legalOrders, type Board, type DislodgedUnit, type Order, type Position, type RuleOptions, type Unit } from '@dipforge/engine';
import type * as G from '../ast.js';
import type { GameRun, OrderRun, PhaseRun } from '../run.js';

/** What became of one dislodged unit. */
export interface RetreatDone {
  unit: DislodgedUnit;
  outcome: 'retreats' | 'disbanded' | 'destroyed';
  /** Where it went (`retreats`), or where it tried to go (`destroyed`, or a retreat order that could not be carried out). */
  to?: string;
  /** By an order or list entry, by `retreat-default`, or because it had no legal retreat. */
  how: 'order' | 'default' | 'no-retreat';
  /** A priority list whose first choices were passed over (its outcome depended on the moment). */
  passed: string[];
  /** The line that ordered it (a retreat order, or the movement order carrying the list). */
  line?: G.OrderLine;
}

/** What one power's adjustments came to. */
export interface AdjustmentDone {
  power: string;
  /** Units built, in the order written. */
  built: Unit[];
  /** Units disbanded by the power's own orders. */
  disbanded: Unit[];
  /** Units removed by `removal-order` (not ordered). */
  removed: Unit[];
  /** Units built without an order (`auto-builds`). */
  autoBuilt: Unit[];
  waived: boolean;
  /** Entries written that were not carried out (illegal, or beyond the count). */
  unused: string[];
  /** The lines of its adjustment orders. */
  lines: G.OrderLine[];
  /** Whether one of those lines stated a result. */
  marked: boolean;
}

/** A movement phase and what followed it up to the next movement phase. */
export interface Group {
  movement: PhaseRun;
  retreatRun?: PhaseRun;
  adjustmentRun?: PhaseRun;
  /** Present when the group had retreats to carry out. */
  retreats?: RetreatDone[];
  /** Present when the group had adjustments (an adjustment phase, or a postal fall that carried them out). */
  adjustments?: AdjustmentDone[];
  /** The position after the group: the next movement phase's, or the game's last. */
  after: Position;
}

export function base(loc: string): string {
  const slash = loc.indexOf('/');
  return slash < 0 ? loc : loc.slice(0, slash);
}

export function unitKey(u: Pick<Unit, 'power' | 'kind' | 'at'>): string {
  return `${u.power} ${u.kind === 'army' ? 'A' : 'F'} ${u.at}`;
}

export function unitText(u: Pick<Unit, 'kind' | 'at'>): string {
  return `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`;
}

/** The unit an order is for (none for builds and waives). */
export function orderedProvince(order: Order): string | undefined {
  return 'unit' in order ? base(order.unit.at) : undefined;
}

/** The order run of a unit of `power` standing in `province` (the first with a result that is not illegal, else the first). */
export function orderOf(orders: readonly OrderRun[], power: string, province: string): OrderRun | undefined {
  const mine = orders.filter((o) => o.order.power === power && orderedProvince(o.order) === province && o.order.type !== 'disband-list');
  return mine.find((o) => o.result?.status !== 'illegal') ?? mine[0];
}

const ADJUSTMENT_TYPES: ReadonlySet<string> = new Set(['build', 'disband', 'waive', 'build-list', 'disband-list']);

export function isAdjustmentOrder(order: Order): boolean {
  return ADJUSTMENT_TYPES.has(order.type);
}

/** The game's phases grouped by movement phase; the phases before the first movement phase, if any, apart. */
export function groupsOf(run: GameRun, board: Board, rules: RuleOptions): { leading: PhaseRun[]; groups: Group[] } {
  const leading: PhaseRun[] = [];
  const groups: Group[] = [];
  const runs = run.phases;
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i] as PhaseRun;
    if (r.phase.kind !== 'movement') {
      const g = groups[groups.length - 1];
      if (!g) leading.push(r);
      else if (r.phase.kind === 'retreat') g.retreatRun = r;
      else g.adjustmentRun = r;
      continue;
    }
    groups.push({ movement: r, after: r.result.next });
  }
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i] as Group;
    const next = groups[i + 1];
    g.after = next ? next.movement.before : (run.final ?? g.movement.result.next);
    if (g.retreatRun) g.retreats = separateRetreats(g.retreatRun, board, rules);
    else if (g.movement.result.retreats) g.retreats = postalRetreats(g.movement);
    if (g.adjustmentRun) g.adjustments = separateAdjustments(g.adjustmentRun);
    else if (g.movement.result.adjustments) g.adjustments = postalAdjustments(g.movement);
  }
  return { leading, groups };
}

// ------------------------------------------------------------ separate phases

/** What each dislodged unit of a retreat phase came to, from its orders and the position after it. */
export function separateRetreats(r: PhaseRun, board: Board, rules: RuleOptions): RetreatDone[] {
  const before = new Set(r.before.units.map(unitKey));
  // Units on the board after the phase that were not before: the retreated units.
  const arrived = r.result.next.units.filter((u) => !before.has(unitKey(u)));
  const taken = new Set<Unit>();
  let legal: Map<string, Order[]> | undefined;
  const out: RetreatDone[] = [];
  for (const d of r.before.dislodged) {
    const o = orderOf(r.orders, d.power, base(d.at));
    const order = o && o.result?.status !== 'illegal' ? o.order : undefined;
    const line = o?.line;
    const arrival = (to: string | undefined): Unit | undefined =>
      arrived.find((u) => !taken.has(u) && u.power === d.power && u.kind === d.kind && (to === undefined || base(u.at) === base(to)));
    if (order?.type === 'retreat') {
      const u = arrival(order.to);
      if (u && o?.result?.status === 'succeeds') {
        taken.add(u);
        out.push({ unit: d, outcome: 'retreats', to: u.at, how: 'order', passed: [], ...(line ? { line } : {}) });
      } else out.push({ unit: d, outcome: 'destroyed', to: order.to, how: 'order', passed: [], ...(line ? { line } : {}) });
      continue;
    }
    if (order?.type === 'disband') {
      out.push({ unit: d, outcome: 'disbanded', how: 'order', passed: [], ...(line ? { line } : {}) });
      continue;
    }
    // No usable order: retreat-default, or no legal retreat at all.
    const tried = o?.order.type === 'retreat' ? { to: o.order.to } : {};
    legal ??= legalOrders(board, r.before, rules);
    const options = (legal.get(d.at) ?? []).filter((x) => x.type === 'retreat');
    if (options.length === 0) {
      out.push({ unit: d, outcome: 'disbanded', how: 'no-retreat', passed: [], ...tried, ...(line ? { line } : {}) });
      continue;
    }
    const u = arrival(undefined);
    if (u) {
      taken.add(u);
      out.push({ unit: d, outcome: 'retreats', to: u.at, how: 'default', passed: [], ...(line ? { line } : {}) });
    } else out.push({ unit: d, outcome: 'disbanded', how: 'default', passed: [], ...tried, ...(line ? { line } : {}) });
  }
  return out;
}

/** Each power's builds, disbands and removals of an adjustment phase. */
export function separateAdjustments(r: PhaseRun): AdjustmentDone[] {
  const byPower = new Map<string, AdjustmentDone>();
  const of = (power: string): AdjustmentDone => {
    let a = byPower.get(power);
    if (!a) byPower.set(power, (a = { power, built: [], disbanded: [], removed: [], autoBuilt: [], waived: false, unused: [], lines: [], marked: false }));
    return a;
  };
  const after = r.result.next.units;
  for (const o of r.orders) {
    const a = of(o.order.power);
    if (!a.lines.includes(o.line)) a.lines.push(o.line);
    if (o.line.expected) a.marked = true;
    const ok = o.result?.status === 'succeeds';
    const order = o.order;
    if (order.type === 'waive') a.waived = true;
    else if (order.type === 'build' && ok) {
      const u = after.find((x) => x.power === order.power && base(x.at) === base(order.at));
      a.built.push(u ? { ...u } : { power: order.power, kind: order.kind ?? 'army', at: order.at });
    } else if (order.type === 'disband' && ok) {
      const u = r.before.units.find((x) => x.power === order.power && base(x.at) === base(order.unit.at));
      a.disbanded.push(u ? { ...u } : { power: order.power, kind: order.unit.kind ?? 'army', at: order.unit.at });
    } else a.unused.push(o.line.text.text);
  }
  for (const u of r.result.removed ?? []) of(u.power).removed.push({ ...u });
  for (const u of r.result.built ?? []) of(u.power).autoBuilt.push({ ...u });
  return [...byPower.values()];
}

// ---------------------------------------------------------------- postal year

/** What each dislodged unit came to in a movement phase that carried out its retreats at once. */
export function postalRetreats(m: PhaseRun): RetreatDone[] {
  return (m.result.retreats ?? []).map((r) => {
    const o = orderOf(m.orders, r.unit.power, base(r.unit.at));
    const line = o?.line;
    const passed = r.passed.map((p) => p.to);
    const common = { unit: r.unit, passed, ...(line ? { line } : {}) };
    if (r.outcome === 'disbanded') return { ...common, outcome: 'disbanded', how: r.why === 'ordered' ? 'order' : r.why };
    return { ...common, outcome: r.outcome, to: r.to, how: r.by === 'list' ? 'order' : 'default' };
  });
}

/** Each power's adjustments carried out with a postal fall movement. */
export function postalAdjustments(m: PhaseRun): AdjustmentDone[] {
  return (m.result.adjustments ?? []).map((a) => {
    const lines: G.OrderLine[] = [];
    let waived = false;
    for (const o of m.orders) {
      if (o.order.power !== a.power || !isAdjustmentOrder(o.order)) continue;
      if (o.order.type === 'waive') waived = true;
      if (!lines.includes(o.line)) lines.push(o.line);
    }
    const unused = [
      ...a.builds.filter((b) => b.status !== 'succeeds').map((b) => `Build ${b.entry.kind === undefined ? '' : b.entry.kind === 'army' ? 'A ' : 'F '}${b.entry.at}`),
      ...a.disbands.filter((b) => b.status !== 'succeeds').map((b) => `Disband ${b.entry.kind === undefined ? '' : b.entry.kind === 'army' ? 'A ' : 'F '}${b.entry.at}`),
    ];
    return {
      power: a.power,
      built: a.built.map((u) => ({ ...u })),
      disbanded: a.disbanded.map((u) => ({ ...u })),
      removed: a.removed.map((u) => ({ ...u })),
      autoBuilt: [],
      waived,
      unused,
      lines,
      marked: lines.some((l) => l.expected !== undefined),
    };
  });
}

/** Whether an adjustment came to anything (a unit built, disbanded or removed, or a waive written). */
export function adjustsAnything(a: AdjustmentDone): boolean {
  return a.built.length + a.disbanded.length + a.removed.length + a.autoBuilt.length > 0 || a.waived;
}
