/**
 * Completion of a `phase` line: the phases the game's year has under its rules
 * (`year-shape`, `custom-phases`, `adjustment-interval`), starting from the one
 * due at that line. A postal year has only `spring YEAR movement` and
 * `fall YEAR movement`; a year with phases of its own for retreats and
 * adjustments has those too. A phase before the due one would be an error
 * (DF6005), so the list starts at the due phase and runs one year on.
 *
 * `phase ` offers whole names (`fall 1901 movement`); `phase fall ` the rest
 * of the names with that season (`1901 movement`); `phase fall 1901 ` the
 * kinds. A year after the list's last still gets the phases that year has
 * (`phase spring 1905 ` → `movement`, …); the year first (`phase 1902 `, as a
 * map's `start` writes it) gets season and kind.
 */
import { adjudicatePhase, nextPhase, phaseIsEmpty, yearPhases, type Board, type Phase, type Position as GamePosition, type RuleOptions } from '@dipforge/engine';
import { CompletionItemKind } from 'vscode-languageserver';
import { cached, phaseLabel } from '../../context.js';
import type { GameDoc } from '../../workspace.js';
import type { Candidate } from './items.js';

/** `phase` and the words after it written so far (the word being typed aside). */
const PHASE_LINE = /^\s*phase\s+((?:\S+\s+)*)$/iu;

/** Candidates for a `phase` line, or undefined when the line is none (`before`: the line up to the word being typed). */
export function phaseLineCandidates(doc: GameDoc, line: number, before: string): Candidate[] | undefined {
  const m = PHASE_LINE.exec(before);
  if (!m) return undefined;
  const board = doc.board;
  const rules: RuleOptions | undefined = doc.run.rules ?? doc.config?.rules;
  if (!board || !rules) return [];
  const words = (m[1] as string).trim().split(/\s+/u).filter((w) => w !== '').map((w) => w.toLowerCase());
  const list = cached(doc, `phases:${line}`, () => phasesFrom(board, rules, doc, line));
  if (list.length === 0) return [];
  const due = list[0] as Phase;
  // A year past the list's still has its phases; one the list reaches has those listed (the earlier ones are past).
  const lastYear = (list[list.length - 1] as Phase).year;
  const item = (p: Phase, label: string): Candidate => ({ label, kind: CompletionItemKind.EnumMember, ...(p === due ? { detail: 'the phase due next' } : {}) });
  if (words.length === 0) return list.map((p) => item(p, phaseLabel(p)));
  const season = words[0] as string;
  const year = words.length > 1 ? Number(words[1]) : undefined;
  if (words.length > 2 || (year !== undefined && !Number.isInteger(year))) return [];
  // The year first, as a map's `start` writes it: `phase 1902 ` → `spring movement`.
  if (/^\d+$/u.test(season)) {
    if (words.length > 1) return [];
    const y = Number(season);
    const phases = y > lastYear ? yearPhases(board, rules, y).map((p) => ({ year: y, ...p })) : list.filter((p) => p.year === y);
    return phases.map((p) => item(p, `${p.season} ${p.kind}`));
  }
  const listed = list.filter((p) => p.season === season && (year === undefined || p.year === year));
  if (year === undefined) return listed.map((p) => item(p, `${p.year} ${p.kind}`));
  const phases = year > lastYear ? yearPhases(board, rules, year).filter((p) => p.season === season).map((p) => ({ year, ...p })) : listed;
  return phases.map((p) => item(p, p.kind));
}

/**
 * The phase due at `line` first, then the phases after it for one year. The
 * due phase is the one after the last phase section written before the line
 * (the start without one), passing over phases with nothing to order, as the
 * game file would (they are played with no orders).
 */
function phasesFrom(board: Board, rules: RuleOptions, doc: GameDoc, line: number): Phase[] {
  let position: GamePosition | undefined = doc.run.start;
  for (const r of doc.run.phases) {
    if (r.section && r.section.range.start.line >= line) break;
    if (r.section) position = r.result.next;
  }
  if (!position) return [];
  const length = Math.max(1, yearPhases(board, rules).length);
  const seed = doc.run.seed !== undefined ? { seed: doc.run.seed } : {};
  try {
    for (let i = 0; i < length && phaseIsEmpty(board, rules, position); i++) position = adjudicatePhase(board, position, [], rules, seed).next;
  } catch {
    // A position the engine cannot play on: the phase after it is still due.
  }
  const out: Phase[] = [position.phase];
  while (out.length < length) out.push(nextPhase(board, rules, out[out.length - 1] as Phase));
  return out;
}
