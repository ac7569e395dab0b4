/**
 * Retreats written in advance (000 §10): with `retreats priority-list`, each
 * unit that may be dislodged is given, with its movement order, a list of
 * provinces in order of preference. A dislodged unit goes to the first listed
 * province that is a legal retreat; when none is (or no list was given) it
 * disbands if its list says so, else `retreat-default` decides. The usual
 * limits hold (not into an occupied province, not where the attack came from,
 * not into a province left empty by a standoff, never by convoy), and units
 * retreating to one province are all destroyed. Years without a retreat phase
 * use this too, with `retreat-default` alone when lists are not used.
 */
import type { Unit } from '../game/position.js';
import type { RetreatList } from '../orders/order.js';
import type { Rng } from './prng.js';
import { readDestination } from './refs.js';
import type { PassedRetreat, RetreatOutcome } from './result.js';
import { DISBAND, defaultRetreat, inProvinceOrder, retreatOptions, retreatTarget, type RetreatCtx } from './retreat.js';

export interface RetreatsCarriedOut {
  /** The units on the board after the retreats. */
  units: Unit[];
  /** One per dislodged unit, in the order of the context's dislodged units. */
  outcomes: RetreatOutcome[];
}

/** Carries out the retreats of `ctx`'s dislodged units; `lists[u]` is unit u's list, if it has one. */
export function retreatsInAdvance(ctx: RetreatCtx, lists: readonly (RetreatList | undefined)[], rng: Rng): RetreatsCarriedOut {
  const { board, dislodged } = ctx;
  type Choice = { target: number; by: 'list' | 'default' } | { target: typeof DISBAND; why: 'ordered' | 'no-retreat' | 'default' };
  const choices: (Choice | undefined)[] = [];
  const passed: PassedRetreat[][] = [];
  for (let u = 0; u < dislodged.n; u++) {
    const list = lists[u];
    const skipped: PassedRetreat[] = [];
    passed.push(skipped);
    let choice: Choice | undefined;
    for (const to of list?.to ?? []) {
      const dest = readDestination(board, ctx.rules, to, dislodged.kind[u]!);
      const target = dest.ok ? retreatTarget(ctx, u, dest.prov, dest.coast) : { reason: dest.reason };
      if (typeof target === 'number') {
        choice = { target, by: 'list' };
        break;
      }
      skipped.push({ to, reason: target.reason });
    }
    if (choice === undefined && list?.otherwise === 'disband') choice = { target: DISBAND, why: 'ordered' };
    if (choice === undefined && retreatOptions(ctx, u).length === 0) choice = { target: DISBAND, why: 'no-retreat' };
    choices.push(choice);
  }
  // The rest by `retreat-default`, in the order `inProvinceOrder` gives (it may draw by lot).
  for (const u of inProvinceOrder(dislodged, (u) => choices[u] === undefined)) {
    const target = defaultRetreat(ctx, u, () => rng);
    choices[u] = target === DISBAND ? { target: DISBAND, why: 'default' } : { target, by: 'default' };
  }

  const made = choices as Choice[]; // every unit has its choice now

  // Two or more units retreating to one province are all destroyed.
  const count = new Int32Array(board.provinceCount);
  for (const c of made) if (c.target >= 0) count[board.provinceOf(c.target)]! += 1;
  const units: Unit[] = ctx.onBoard.units.map((u) => ({ ...u }));
  const outcomes: RetreatOutcome[] = made.map((c, u) => {
    const unit = { ...ctx.from[u]! };
    const common = { unit, passed: passed[u]! };
    if ('why' in c) return { ...common, outcome: 'disbanded', why: c.why };
    const to = board.locName(c.target);
    if (count[board.provinceOf(c.target)]! > 1) return { ...common, outcome: 'destroyed', to, by: c.by };
    units.push({ power: unit.power, kind: unit.kind, at: to });
    return { ...common, outcome: 'retreats', to, by: c.by };
  });
  return { units, outcomes };
}
