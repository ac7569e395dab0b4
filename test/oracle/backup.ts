/**
 * The check of a phase whose equations have several consistent assignments or none, where the
 * DATC's backup rules decide (§5.B.9, §4.A.2 with the Szykman rule).
 *
 * A backup rule applies to the decisions of a circular dependency, not to the phase: a position may
 * hold a circular movement and, apart from it, orders with one answer; or two independent
 * dependencies. So the check works per strongly connected component of the dependency graph (d
 * depends on x when flipping x can change d's equation, found from the table of all assignments),
 * taking the components in order, each after those it depends on:
 *
 * 1. The decisions the component depends on outside itself are fixed at the engine's values (those
 *    components were checked before, so a wrong upstream value has already been reported).
 * 2. Enumerate the component's own assignments; keep those where each of its decisions equals its
 *    equation.
 * 3. Exactly one: it is the answer; the engine must give it and must not apply the paradox rule in
 *    the component (DATC 5.B.9: "if there is only one solution that solution must be taken").
 * 4. None or several, and no convoy decision in the component: a circular movement. The answer is
 *    the consistent assignment in which every move of the component succeeds; there must be
 *    exactly one such (else the oracle cannot explain the component: reported as a problem).
 * 5. None or several with convoy decisions: a convoy paradox. Under the Szykman rule the engine must
 *    report at least one of the component's convoys as resolved by the paradox rule (reason
 *    `paradox`); steps 3 and 4 see that it reports none outside such a component. Those convoys are
 *    forced to fail (their own equation is dropped, DATC 5.B.9: "ignoring the original condition for
 *    CONVOY order"); the remaining equations of the component must then have exactly one consistent
 *    assignment, and the engine must give it. Which convoys form the core of the paradox (4.A.2) is
 *    the engine's choice; the check asks only that they are convoys of the paradox and that failing
 *    them leaves one answer. Under `all-hold` (4.A.2 d) the same, with the moves of the component
 *    the engine reports in place of the convoys: "all the moves part of the paradoxical situation
 *    fail", while a convoy stands when its fleet is not dislodged. The army of a convoy of the
 *    paradox, and an attack on one of its fleets, are part of it even when their move is no part of
 *    the cycle (a move that cannot succeed changes nothing, so nothing depends on it): they may be
 *    forced to fail too, each in its own component. A `paradox` reason on a decision of the other kind is the engine's explanation of a
 *    consequence (the army of a failed convoy) and is checked only as a result.
 *
 * A convoy the engine forced must also really have been in a paradox: when the phase as a whole has
 * several consistent assignments, its decision must differ between them (with none, every decision
 * is in question). `judge.ts` checks that, as it sees the whole phase.
 */
import type { ParadoxRule } from './assumptions.js';
import type { Enumeration } from './enumerate.js';
import { components, dependencies, isCycle } from './enumerate.js';
import type { Facts } from './facts.js';

/** What the oracle expects of some decisions: `value` on the bits of `known`. */
export interface Expected {
  known: number;
  value: number;
}

export interface BackupCheck {
  expected: Expected;
  problems: string[];
  /** Whether a circular movement was met (no convoy in its cycle). */
  circular: boolean;
  /** Whether a convoy paradox was met. */
  paradox: boolean;
}

function kindMask(facts: Facts, kind: string, within: number): number {
  let m = 0;
  facts.decisions.forEach((d, i) => {
    if (d.kind === kind && within & (1 << i)) m |= 1 << i;
  });
  return m;
}

/** The component's assignments (its bits only) where each decision of `free` equals its equation and the bits of `forced` are 0. */
function solutions(e: Enumeration, engine: number, component: number, forced: number): number[] {
  const out: number[] = [];
  const free = component & ~forced;
  // Enumerate the subsets of `component` (the standard sub-mask walk).
  for (let sub = component; ; sub = (sub - 1) & component) {
    const a = (engine & ~component) | sub;
    if ((sub & forced) === 0 && ((e.table[a]! ^ a) & free) === 0) out.push(sub);
    if (sub === 0) break;
  }
  return out.reverse();
}

/** `engineParadox`: the decisions the engine gave reason `paradox`, of any kind. */
export function checkBackup(
  facts: Facts,
  e: Enumeration,
  engine: number,
  engineParadox: number,
  name: (d: number) => string,
  rule: ParadoxRule = 'szykman',
): BackupCheck {
  const deps = dependencies(e);
  const forceable = kindMask(facts, rule === 'szykman' ? 'convoy' : 'move', (1 << e.k) - 1);
  const problems: string[] = [];
  const expected: Expected = { known: 0, value: 0 };
  const names = (mask: number): string =>
    facts.decisions.flatMap((_, i) => (mask & (1 << i) ? [name(i)] : [])).join(', ');
  const expect = (component: number, value: number, why: string): void => {
    expected.known |= component;
    expected.value |= value;
    const wrong = (engine ^ value) & component;
    if (wrong) problems.push(`${why}: the engine differs on ${names(wrong)}`);
  };
  let circular = false;
  let paradox = false;
  const order = components(deps);
  // The convoys of paradoxes, known before the loop: an army that cannot succeed depends on nothing,
  // so its component may come before its paradox's.
  let paradoxConvoys = 0;
  for (const component of order) {
    const convoys = kindMask(facts, 'convoy', component);
    if (convoys && isCycle(component, deps) && solutions(e, engine, component, 0).length !== 1) paradoxConvoys |= convoys;
  }
  const inParadox = (unit: number): boolean => (paradoxConvoys & (1 << facts.decisionOf[unit]!)) !== 0;
  // Under all-hold, moves outside the cycle that are still part of the paradox: its armies, and
  // attacks on its fleets that cannot succeed (so nothing depends on them).
  const partOfParadox = (d: number): boolean => {
    const unit = facts.decisions[d]!.unit;
    const attacked = facts.occupant.get(facts.dest[unit]!);
    return (facts.routes.get(unit)?.fleets ?? []).some(inParadox) || (attacked !== undefined && inParadox(attacked));
  };
  for (const component of order) {
    const forced = engineParadox & forceable & component;
    const sols = solutions(e, engine, component, 0);
    if (sols.length === 1 || !isCycle(component, deps)) {
      const part = rule === 'all-hold' && facts.decisions.every((_, d) => !(forced & (1 << d)) || partOfParadox(d));
      if (forced && !part) problems.push(`the paradox rule was applied to ${names(forced)}, whose cycle has one answer`);
      if (forced && part) expect(component, solutions(e, engine, component, forced)[0] ?? 0, `all-hold: ${names(forced)} failing`);
      else expect(component, sols[0] ?? 0, 'one answer');
      continue;
    }
    const convoys = kindMask(facts, 'convoy', component);
    if (convoys === 0) {
      circular = true;
      const moves = kindMask(facts, 'move', component);
      const all = sols.filter((s) => (s & moves) === moves);
      if (forced) problems.push(`the paradox rule was applied to ${names(forced)} in a circular movement`);
      if (all.length !== 1) problems.push(`circular dependency of ${names(component)} with ${sols.length} answers, ${all.length} of them with every move succeeding`);
      else expect(component, all[0]!, 'circular movement: every move of the cycle succeeds');
      continue;
    }
    paradox = true;
    if (forced === 0) {
      problems.push(`convoy paradox of ${names(component)} (${sols.length} answers) without the paradox rule`);
      continue;
    }
    const after = solutions(e, engine, component, forced);
    if (after.length !== 1) problems.push(`convoy paradox of ${names(component)}: with ${names(forced)} failing there are ${after.length} answers`);
    else expect(component, after[0]!, `convoy paradox, ${names(forced)} failing`);
  }
  return { expected, problems, circular, paradox };
}
