/**
 * A phase as a `.dipgame` file that reproduces it: one position line per unit and one order line
 * per order, in the order the engine received them (the engine's answer may depend on it), with the
 * results the oracle expects as `[succeeds]` / `[fails]` and, when it expects every decision, the
 * dislodged units. `dipforge test` on the file then fails exactly where the engine disagrees.
 */
import type { Board } from '@dipforge/engine';
import { Equations } from './equations.js';
import type { Verdict } from './judge.js';
import { orderText, unitText, type OraclePhase } from './phase.js';

/** `header`: the game's rule lines (`edition 2023`, `rule convoy-paradox all-hold`). */
export function snippet(board: Board, phase: OraclePhase, verdict: Verdict, header: readonly string[], title: string): string {
  const { facts, expected } = verdict;
  const lines = [...title.split('\n').map((l) => `// ${l}`), ...verdict.problems.map((p) => `//   ${p}`)];
  lines.push('variant classic', ...header, '', 'position spring 1901 movement');
  for (const u of phase.units) lines.push(`  ${u.power}: ${unitText(board, u)}`);
  lines.push('', 'phase spring 1901 movement');
  for (const i of phase.sequence) {
    const d = facts.decisionOf[i]!;
    const tag = d >= 0 && expected.known & (1 << d) ? `   [${expected.value & (1 << d) ? 'succeeds' : 'fails'}]` : '';
    lines.push(`  ${phase.units[i]!.power}: ${orderText(board, phase, i)}${tag}`);
  }
  const all = (1 << facts.decisions.length) - 1;
  if ((expected.known & all) === all) {
    const eq = new Equations(facts);
    const out = phase.units.flatMap((u, i) => {
      if (!eq.dislodgedUnder(expected.value, i)) return [];
      const by = (facts.movesInto.get(facts.province[i]!) ?? []).find((w) => expected.value & (1 << facts.decisionOf[w]!))!;
      return [`dislodged ${u.power}: ${unitText(board, u)} from ${board.provinceName(facts.province[by]!)}`];
    });
    lines.push('', 'expect', ...(out.length ? out : ['dislodged none']).map((l) => `  ${l}`));
  }
  return `${lines.join('\n')}\n`;
}
