/**
 * Adjustments written in advance (000 §11, `adjustments priority-list`): each
 * power writes its builds and disbands with the fall movement orders (plain
 * `Build F ven` / `A sil D` orders and `Build …, …` / `Disband …, …` lists, one
 * priority list of each in the order written); they are carried out after the
 * fall moves and retreats, on the centres owned then.
 *
 * - A power with more units than centres disbands the first N entries of its
 *   disband list that name a unit of its own (N = units − centres); what the
 *   list leaves out is removed by `removal-order`.
 * - No voluntary disbands beyond what the count requires: with
 *   `voluntary-disbands`, a further disband entry is carried out only when the
 *   power builds in that province in the same adjustments (disbands come before
 *   builds, so a unit can be rebuilt as the other kind); without it, never.
 * - A power with more centres than units builds the first entries of its build
 *   list that can legally be built (a build site of its own, unoccupied once
 *   the disbands are done, one build per province), as many as the difference.
 */
import type { Board } from '../../board/board.js';
import type { RuleOptions } from '../../config/rules.js';
import type { Unit } from '../../game/position.js';
import type { BuildEntry, UnitRef } from '../../orders/order.js';
import type { Rng } from '../prng.js';
import type { AdjustmentEntryResult, OrderStatus, PowerAdjustment } from '../result.js';
import { reasonText, type Reason } from '../reasons.js';
import { findUnit } from '../refs.js';
import { buildUnitTable } from '../units.js';
import { buildSiteReason, readBuild, type Build } from './builds.js';
import { civilDisorderRemovals } from './civil-disorder.js';
import { balances } from './index.js';
import { ownerTable } from './owners.js';

/** An entry as written, with the index of the order it was written in. */
export interface Written<E> {
  entry: E;
  orderIndex: number;
}

export interface AdjustmentsCarriedOut {
  /** The units after the adjustments. */
  units: Unit[];
  /** Powers with something to adjust or that wrote builds or disbands, in power order. */
  adjustments: PowerAdjustment[];
  /** Units removed by `removal-order`, every power together. */
  removed: Unit[];
}

function entryResult<E>(w: Written<E>, status: OrderStatus, reason?: Reason): AdjustmentEntryResult<E> {
  return reason === undefined ? { entry: w.entry, orderIndex: w.orderIndex, status } : { entry: w.entry, orderIndex: w.orderIndex, status, reason, detail: reasonText(reason) };
}

/**
 * Carries out every power's written builds and disbands (`builds[p]`,
 * `disbands[p]` by power index, in the order written) on `units` and the
 * centre `owners` after the fall.
 */
export function adjustmentsInAdvance(
  board: Board,
  rules: RuleOptions,
  units: readonly Unit[],
  owners: Readonly<Record<string, string>>,
  builds: readonly (readonly Written<BuildEntry>[])[],
  disbands: readonly (readonly Written<UnitRef>[])[],
  rng: Rng,
): AdjustmentsCarriedOut {
  const table = buildUnitTable(board, units);
  const owner = ownerTable(board, owners);
  const ownerOf = (prov: number): number => owner[prov]!;
  const balance = balances(board, owner, table);
  const removed = new Uint8Array(table.n);
  const removedByRule: Unit[] = [];
  const built: Unit[] = [];
  const adjustments: PowerAdjustment[] = [];

  for (let p = 0; p < board.powerCount; p++) {
    const writtenBuilds = builds[p] ?? [];
    const writtenDisbands = disbands[p] ?? [];
    const unitCount = table.power.reduce((n, q) => n + (q === p ? 1 : 0), 0);
    if (balance[p] === 0 && writtenBuilds.length === 0 && writtenDisbands.length === 0) continue;
    const report: PowerAdjustment = {
      power: board.powerIds[p]!,
      centres: unitCount + balance[p]!,
      units: unitCount,
      builds: [],
      disbands: [],
      built: [],
      disbanded: [],
      removed: [],
    };

    // Disbands: the entries naming a unit of the power, each unit once.
    const disbandResults: (AdjustmentEntryResult<UnitRef> | undefined)[] = writtenDisbands.map(() => undefined);
    const legal: { i: number; unit: number }[] = [];
    writtenDisbands.forEach((w, i) => {
      const f = findUnit(board, rules, table, w.entry, p, false);
      if (!f.ok) disbandResults[i] = entryResult(w, 'illegal', f.reason);
      else if (table.power[f.unit] !== p) disbandResults[i] = entryResult(w, 'illegal', 'wrong-power');
      else if (legal.some((d) => d.unit === f.unit)) disbandResults[i] = entryResult(w, 'illegal', 'duplicate-order');
      else legal.push({ i, unit: f.unit });
    });
    const required = Math.max(0, -balance[p]!);
    const needed = legal.slice(0, required);
    for (const d of needed) {
      removed[d.unit] = 1;
      disbandResults[d.i] = entryResult(writtenDisbands[d.i]!, 'succeeds');
    }
    const shortfall = required - needed.length;
    if (shortfall > 0) {
      const candidates: number[] = [];
      for (let u = 0; u < table.n; u++) if (table.power[u] === p && !removed[u]) candidates.push(u);
      for (const u of civilDisorderRemovals(board, rules, table, ownerOf, candidates, shortfall, rng)) {
        removed[u] = 1;
        report.removed.push({ ...table.units[u]! });
      }
    }

    // Builds: the unit each entry makes and whether the site is the power's.
    const buildResults: (AdjustmentEntryResult<BuildEntry> | undefined)[] = writtenBuilds.map(() => undefined);
    const candidates: { i: number; build: Build }[] = [];
    writtenBuilds.forEach((w, i) => {
      const read = readBuild(board, rules, { type: 'build', power: report.power, ...w.entry });
      if ('reason' in read) return void (buildResults[i] = entryResult(w, 'illegal', read.reason));
      const site = buildSiteReason(board, rules, ownerOf, p, read.prov);
      if (site) return void (buildResults[i] = entryResult(w, 'illegal', site));
      candidates.push({ i, build: read });
    });

    // Disbands beyond the count stand only when the power builds in the same province.
    const extras = legal.slice(required);
    let kept = rules['voluntary-disbands'] ? extras.filter((d) => candidates.some((c) => c.build.prov === table.prov[d.unit])) : [];
    let chosen: Map<number, { status: OrderStatus; reason?: Reason }>;
    for (;;) {
      chosen = selectBuilds(table.unitAt, removed, new Set(kept.map((d) => d.unit)), candidates, Math.max(0, balance[p]!) + kept.length);
      const builtAt = new Set(candidates.filter((c) => chosen.get(c.i)?.status === 'succeeds').map((c) => c.build.prov));
      const still = kept.filter((d) => builtAt.has(table.prov[d.unit]!));
      if (still.length === kept.length) break;
      kept = still;
    }
    for (const d of extras) {
      if (kept.includes(d)) {
        removed[d.unit] = 1;
        disbandResults[d.i] = entryResult(writtenDisbands[d.i]!, 'succeeds');
      } else {
        disbandResults[d.i] = entryResult(writtenDisbands[d.i]!, 'fails', required === 0 ? 'no-disbands' : 'too-many-disbands');
      }
    }
    for (const c of candidates) {
      const r = chosen.get(c.i)!;
      buildResults[c.i] = entryResult(writtenBuilds[c.i]!, r.status, r.reason);
      if (r.status === 'succeeds') report.built.push({ power: report.power, kind: c.build.kind, at: board.locName(c.build.loc) });
    }
    for (const d of legal) if (removed[d.unit]) report.disbanded.push({ ...table.units[d.unit]! });
    report.builds = buildResults.map((r) => r!);
    report.disbands = disbandResults.map((r) => r!);
    // One by one, not push(...): a variant may have more units than a call takes arguments.
    for (const u of report.built) built.push(u);
    for (const u of report.removed) removedByRule.push(u);
    adjustments.push(report);
  }

  return { units: [...table.units.filter((_, u) => !removed[u]).map((u) => ({ ...u })), ...built], adjustments, removed: removedByRule };
}

/**
 * The first `allowed` candidates that can be built, in order: a site is free
 * when no unit stands there or its unit is removed (or disbanded to be
 * rebuilt), and takes one build.
 */
function selectBuilds(
  unitAt: Int32Array,
  removed: Uint8Array,
  rebuilt: ReadonlySet<number>,
  candidates: readonly { i: number; build: Build }[],
  allowed: number,
): Map<number, { status: OrderStatus; reason?: Reason }> {
  const out = new Map<number, { status: OrderStatus; reason?: Reason }>();
  const used = new Set<number>();
  let count = 0;
  for (const c of candidates) {
    const there = unitAt[c.build.prov]!;
    if (there >= 0 && !removed[there] && !rebuilt.has(there)) out.set(c.i, { status: 'illegal', reason: 'occupied' });
    else if (used.has(c.build.prov)) out.set(c.i, { status: 'fails', reason: 'build-site-taken' });
    else if (count >= allowed) out.set(c.i, { status: 'fails', reason: allowed === 0 ? 'no-builds' : 'too-many-builds' });
    else {
      used.add(c.build.prov);
      count++;
      out.set(c.i, { status: 'succeeds' });
    }
  }
  return out;
}
