/**
 * The oracle's verdict on one phase: it classifies the phase by the number of consistent
 * assignments of the DATC §5.B equations and compares the engine's answer with what the DATC
 * requires.
 *
 * - `unique` (one consistent assignment): the engine's decisions must be exactly that assignment,
 *   with no paradox rule applied.
 * - `several` / `none`: the backup rules decide, per circular dependency, as `backup.ts` describes.
 *   Also, under the Szykman rule with several consistent assignments, each convoy the engine
 *   resolved by the paradox rule must have a decision that differs between them: a convoy with the
 *   same value in every answer was in no paradox. (Under `all-hold` the moves of a paradox fail,
 *   the army's too, which may fail in every answer.)
 * - `illegal`: the engine called one of the orders illegal. The generator makes only legal orders,
 *   so this is counted apart and shown, as a fault of the generator or of the engine's validation.
 *
 * When the decisions agree, what follows from them must agree too: the dislodged units (a unit that
 * stays while a move into its province succeeds, with where the attack came from), the units after
 * the phase, and the result of each support or convoy that matches no order (void: it fails).
 */
import type { Board, RuleOptions } from '@dipforge/engine';
import { paradoxRule } from './assumptions.js';
import { checkBackup, type Expected } from './backup.js';
import { askEngine, type EngineAnswer } from './engine-side.js';
import { components, dependencies, enumerate, isCycle } from './enumerate.js';
import { Equations } from './equations.js';
import { phaseFacts, type Facts } from './facts.js';
import { orderText, type OraclePhase } from './phase.js';

export type OracleClass = 'unique' | 'several' | 'none';

export interface Verdict {
  cls: OracleClass | 'illegal';
  agree: boolean;
  problems: string[];
  /** What the oracle expects of the decisions it could decide. */
  expected: Expected;
  engine: EngineAnswer;
  facts: Facts;
  /** The consistent assignments. */
  consistent: number[];
  /** Whether a backup rule was due: a circular movement, a convoy paradox. */
  circular: boolean;
  paradox: boolean;
  /** Whether some decisions depend on each other in a cycle, and whether a convoy is in one: where adjudicators go wrong. */
  cycle: boolean;
  convoyCycle: boolean;
}

function sameList(what: string, expected: string[], actual: string[], problems: string[]): void {
  const e = [...expected].sort().join(', ');
  const a = [...actual].sort().join(', ');
  if (e !== a) problems.push(`${what}: expected ${e || 'none'}, the engine gives ${a || 'none'}`);
}

/** Dislodged units, units after the phase and void orders, on the decisions the engine took. */
function checkConsequences(board: Board, phase: OraclePhase, eq: Equations, engine: EngineAnswer, problems: string[]): void {
  const f = eq.facts;
  const moved = (u: number): boolean => f.dest[u]! >= 0 && (engine.decisions & (1 << f.decisionOf[u]!)) !== 0;
  const label = (u: number, at: string): string => `${phase.units[u]!.power} ${phase.units[u]!.kind} ${at}`;
  const dislodged: string[] = [];
  const after: string[] = [];
  phase.units.forEach((u, i) => {
    const o = phase.orders[i]!;
    if (moved(i) && o.type === 'move') after.push(label(i, board.locName(o.to)));
    else if (eq.dislodgedUnder(engine.decisions, i)) {
      const by = (f.movesInto.get(f.province[i]!) ?? []).find(moved)!;
      dislodged.push(`${label(i, board.locName(u.loc))} from ${board.provinceName(f.province[by]!)}`);
    } else after.push(label(i, board.locName(u.loc)));
    if ((o.type === 'support' || o.type === 'convoy') && f.decisionOf[i] === -1 && engine.byUnit[i]!.status !== 'fails') {
      problems.push(`${orderText(board, phase, i)} matches no order, yet the engine says it ${engine.byUnit[i]!.status}`);
    }
  });
  const r = engine.result;
  sameList('dislodged', dislodged, r.dislodged.map((d) => `${d.power} ${d.kind} ${d.at} from ${d.from ?? '?'}`), problems);
  sameList('units after the phase', after, r.next.units.map((u) => `${u.power} ${u.kind} ${u.at}`), problems);
}

export function judge(board: Board, phase: OraclePhase, rules: RuleOptions): Verdict {
  const facts = phaseFacts(board, phase);
  const eq = new Equations(facts);
  const e = enumerate(eq);
  const engine = askEngine(board, phase, facts, rules);
  const name = (d: number): string => orderText(board, phase, facts.decisions[d]!.unit);
  const deps = dependencies(e);
  const cycles = components(deps).filter((c) => isCycle(c, deps));
  const convoyCycle = cycles.some((c) => facts.decisions.some((d, i) => d.kind === 'convoy' && c & (1 << i)));
  const base = { engine, facts, consistent: e.consistent, circular: false, paradox: false, cycle: cycles.length > 0, convoyCycle };
  if (engine.illegal.length) {
    const problems = engine.illegal.map((u) => `${orderText(board, phase, u)} is illegal (${engine.byUnit[u]!.reason ?? '?'})`);
    return { ...base, cls: 'illegal', agree: false, problems, expected: { known: 0, value: 0 } };
  }
  const all = (1 << e.k) - 1;
  const rule = paradoxRule(rules);
  // The decisions the paradox rule forces to fail: convoys under Szykman, moves under all-hold.
  const forceKind = rule === 'szykman' ? 'convoy' : 'move';
  const forced = facts.decisions.reduce((m, d, i) => (d.kind === forceKind && engine.paradox & (1 << i) ? m | (1 << i) : m), 0);
  const problems: string[] = [];
  let cls: OracleClass;
  let expected: Expected;
  if (e.consistent.length === 1) {
    cls = 'unique';
    expected = { known: all, value: e.consistent[0]! };
    const wrong = (engine.decisions ^ expected.value) & all;
    facts.decisions.forEach((_, d) => {
      if (wrong & (1 << d)) problems.push(`${name(d)}: the equations' one answer is ${expected.value & (1 << d) ? 'succeeds' : 'fails'}, the engine says ${engine.byUnit[facts.decisions[d]!.unit]!.status}`);
    });
    facts.decisions.forEach((_, d) => {
      if (forced & (1 << d)) problems.push(`${name(d)}: the paradox rule was applied, but the equations have one answer`);
    });
  } else {
    cls = e.consistent.length === 0 ? 'none' : 'several';
    const backup = checkBackup(facts, e, engine.decisions, engine.paradox, name, rule);
    expected = backup.expected;
    problems.push(...backup.problems);
    base.circular = backup.circular;
    base.paradox = backup.paradox;
    if (cls === 'several' && rule === 'szykman') {
      const differ = e.consistent.reduce((m, a) => m | (a ^ e.consistent[0]!), 0);
      facts.decisions.forEach((_, d) => {
        if (forced & ~differ & (1 << d)) problems.push(`${name(d)}: resolved by the paradox rule, but it is the same in every answer`);
      });
    }
  }
  if (problems.length === 0) checkConsequences(board, phase, eq, engine, problems);
  return { ...base, cls, agree: problems.length === 0, problems, expected };
}
