/**
 * Runs the oracle over many generated phases: each phase has its own generator seed, drawn from the
 * run's seed and its number, so any one of them can be made again alone. Counts the verdicts per
 * class and keeps the disagreements as `.dipgame` snippets.
 */
import type { Board, RuleOptions } from '@dipforge/engine';
import { generatePhase } from './generator.js';
import { judge, type OracleClass } from './judge.js';
import type { OraclePhase } from './phase.js';
import { random } from './random.js';
import { snippet } from './snippet.js';

export type RunClass = OracleClass | 'illegal';
export const RUN_CLASSES: readonly RunClass[] = ['unique', 'several', 'none', 'illegal'];

export interface Disagreement {
  /** The phase's number in the run. */
  index: number;
  cls: RunClass;
  problems: string[];
  /** A `.dipgame` file that reproduces it. */
  text: string;
}

/** Per class: phases the engine agrees on or not; phases with a dependency cycle, with a convoy in a cycle. */
export interface ClassCount {
  agree: number;
  disagree: number;
  cycle: number;
  convoyCycle: number;
}

export interface OracleSummary {
  count: number;
  seed: number;
  counts: Record<RunClass, ClassCount>;
  /** The first disagreements (at most `keep`). */
  disagreements: Disagreement[];
}

export interface RunOptions {
  count: number;
  seed: number;
  /** The rule lines of the snippets; by default the rules' edition and their paradox rule if not Szykman's. */
  header?: string[];
  /** How many disagreements to keep as snippets (default 20). */
  keep?: number;
}

/** The generator seed of phase `index` of a run: a 32-bit mix of both, so neighbouring runs do not share phases. */
export function phaseSeed(seed: number, index: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  return (h ^ (h >>> 15)) >>> 0;
}

export function oraclePhase(board: Board, seed: number, index: number): OraclePhase {
  return generatePhase(board, random(phaseSeed(seed, index)));
}

export function runOracle(board: Board, rules: RuleOptions, options: RunOptions): OracleSummary {
  const counts = Object.fromEntries(RUN_CLASSES.map((c) => [c, { agree: 0, disagree: 0, cycle: 0, convoyCycle: 0 }])) as OracleSummary['counts'];
  const summary: OracleSummary = { count: options.count, seed: options.seed, counts, disagreements: [] };
  const keep = options.keep ?? 20;
  const paradox = rules['convoy-paradox'];
  const header = options.header ?? [`edition ${rules.edition}`, ...(paradox === 'szykman' ? [] : [`rule convoy-paradox ${paradox}`])];
  for (let index = 0; index < options.count; index++) {
    const phase = oraclePhase(board, options.seed, index);
    const v = judge(board, phase, rules);
    const c = counts[v.cls];
    c[v.agree ? 'agree' : 'disagree']++;
    if (v.cycle) c.cycle++;
    if (v.convoyCycle) c.convoyCycle++;
    if (!v.agree && summary.disagreements.length < keep) {
      const title = `oracle seed ${options.seed}, phase ${index}: ${v.cls}, the engine disagrees`;
      summary.disagreements.push({ index, cls: v.cls, problems: v.problems, text: snippet(board, phase, v, header, title) });
    }
  }
  return summary;
}

/** The counts as a small table, then each kept disagreement. */
export function formatSummary(s: OracleSummary): string {
  const lines = [`${s.count} phases, seed ${s.seed}`, 'class      agree  disagree   cycle  convoy-cycle'];
  const cell = (n: number, width: number): string => String(n).padStart(width);
  for (const c of RUN_CLASSES) {
    const n = s.counts[c];
    lines.push(`${c.padEnd(9)} ${cell(n.agree, 6)} ${cell(n.disagree, 9)} ${cell(n.cycle, 7)} ${cell(n.convoyCycle, 13)}`);
  }
  lines.push('cycle: decisions that depend on each other in a cycle; convoy-cycle: a convoy among them.');
  lines.push('several/none: a cycle without a convoy is a circular movement, with one a convoy paradox.');
  for (const d of s.disagreements) lines.push('', d.text.trimEnd());
  return `${lines.join('\n')}\n`;
}
