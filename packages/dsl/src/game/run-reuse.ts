/**
 * The editor's incremental re-check: a game run that takes phases over from the previous run of
 * the same file instead of adjudicating them again. From the start, the phases of the sections
 * before the first changed one (`reusePhases`); at the end, once the game is back in the state the
 * previous run was in before text both share, the rest of that run with its ranges moved (early
 * cutoff, `catchUp`). A run that takes nothing over is the same as one played from the start.
 */
import type { Position, RuleOptions } from '@dipforge/engine';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type * as G from './ast.js';
import { commonSuffix, sameData, shiftRange, type Shift } from './cutoff.js';
import type { OrderLanguages } from './order-language.js';
import type { ParsedGame } from './parse.js';
import type { GameOptions, GameRun, PhaseRun } from './run-types.js';
import type { VictoryKeeper, VictoryState } from './victory.js';

/** What the re-use reads and sets of a game runner (run.ts). */
export interface ReuseHost {
  readonly file: string;
  readonly parsed: ParsedGame;
  readonly options: GameOptions;
  readonly out: GameRun;
  readonly diagnostics: Diagnostic[];
  readonly rules: RuleOptions;
  readonly languages: OrderLanguages;
  readonly victory: VictoryKeeper;
  /** What the early cutoff compares with (null: no cutoff for this run); computed when first needed. */
  tail?: Tail | null;
  /** The `declare` blocks played so far go up to this section. */
  declaredUpTo: number;
  noteVictory(state: VictoryState): void;
  noteWinner(run: PhaseRun): void;
}

/** A re-used run's declarations and result (reusePhases): the state after its last re-used phase. */
export function reuseVictory(r: ReuseHost, prev: GameRun, runs: readonly PhaseRun[], sections: number): void {
  const end = runs.length;
  for (const d of prev.declarations) if (d.after < end) r.victory.declarations.push(d);
  const state = runs[end - 1]?.victory;
  if (state) {
    r.victory.restore(state, runs[end - 1]?.phase);
    r.noteVictory(state);
  }
  // Diagnostics of the declare blocks before the first phase (reusePhases copies those from the first phase on).
  for (const block of r.parsed.ast.declare) {
    if (block.after !== -1) continue;
    for (const d of prev.diagnostics) {
      if (d.file === r.file && d.range.start.offset >= block.range.start.offset && d.range.start.offset <= block.range.end.offset) r.diagnostics.push(d);
    }
  }
  r.declaredUpTo = sections - 1;
}

/**
 * Takes the phases of the first sections from `options.reuse` when the text
 * before the next section is unchanged (so were their orders, results,
 * diagnostics and expectations); the position to go on from, or undefined.
 */
export function reusePhases(r: ReuseHost, start: Position): { sections: number; position: Position } | undefined {
  const reuse = r.options.reuse;
  const sections = r.parsed.ast.phases;
  const count = Math.min(reuse?.sections ?? 0, sections.length);
  if (!reuse || count <= 0) return undefined;
  const prev = reuse.run;
  const cut = sections[count]?.range.start.offset ?? r.parsed.text.length;
  const same =
    prev.file === r.file &&
    prev.variant === r.out.variant &&
    prev.seed === r.out.seed &&
    prev.parsed.text.slice(0, cut) === r.parsed.text.slice(0, cut) &&
    (sections[count] !== undefined || prev.parsed.text.length === cut) &&
    JSON.stringify(prev.rules) === JSON.stringify(r.rules) &&
    JSON.stringify(prev.start) === JSON.stringify(start);
  if (!same) return undefined;
  // The phase runs of sections 0..count-1, with the skipped phases before each.
  let written = 0;
  let end = 0;
  let last: G.PhaseSection | undefined;
  while (end < prev.phases.length && written < count) {
    const section = prev.phases[end++]?.section;
    if (section) {
      written++;
      last = section;
    }
  }
  // The last reused section must have ended where it ends now (no line of it after the cut).
  if (written < count || last?.range.end.offset !== sections[count - 1]?.range.end.offset) return undefined;
  const first = sections[0]?.range.start.offset ?? cut;
  for (const d of prev.diagnostics) {
    if (d.file === r.file && d.range.start.offset >= first && d.range.start.offset < cut) r.diagnostics.push(d);
  }
  const runs = prev.phases.slice(0, end);
  for (const run of runs) {
    r.out.phases.push(run);
    if (run.section) r.noteWinner(run);
  }
  for (const e of prev.expectations) if (e.phase < end) r.out.expectations.push(e);
  reuseVictory(r, prev, runs, count);
  const position = (runs[runs.length - 1] as PhaseRun).result.next;
  r.out.final = position;
  r.out.reused = end;
  return { sections: count, position };
}

// ------------------------------------------------------------ early cutoff

/**
 * What the early cutoff compares with: the previous run (complete, same
 * file, variant, seed and rules, played without another edition), where the
 * text both share at their end starts, and how far that text moved. Null
 * when there is nothing to compare with.
 */
export function tailInfo(r: ReuseHost): Tail | null {
  const reuse = r.options.reuse;
  if (!reuse || reuse.cutoff === false || r.options.edition !== undefined) return null;
  const prev = reuse.run;
  if (
    prev.file !== r.file ||
    !prev.complete ||
    prev.cancelled ||
    prev.variant !== r.out.variant ||
    prev.seed !== r.out.seed ||
    !prev.victory ||
    JSON.stringify(prev.rules) !== JSON.stringify(r.rules) ||
    !r.languages.equals(prev.languages)
  ) {
    return null;
  }
  const a = prev.parsed.text;
  const b = r.parsed.text;
  const same = commonSuffix(a, b);
  if (same === 0) return null;
  // The runs of each section of the previous run: every section was played once (the run is complete).
  const groupStart: number[] = [];
  let first = 0;
  prev.phases.forEach((run, i) => {
    if (!run.section) return;
    groupStart.push(first);
    first = i + 1;
  });
  const oldSections = prev.parsed.ast.phases;
  if (groupStart.length !== oldSections.length) return null;
  const lastLine = (p: ParsedGame): number => p.lines.position(p.text.length).line;
  return {
    prev,
    suffixStart: b.length - same,
    shift: { offset: b.length - a.length, line: lastLine(r.parsed) - lastLine(prev.parsed) },
    groupStart,
    sectionAt: new Map(oldSections.map((s, i) => [s.range.start.offset, i])),
    checked: false,
  };
}

/**
 * Early cutoff, before playing section `s` (its `declare` blocks before it
 * played): when the text from the line of section `s` to the end is the
 * previous run's, moved, and the game is in the state the previous run was
 * in before that text, the previous run's phases from there on are taken
 * over: the same phase runs with this text's sections and order lines, their
 * diagnostics, expectations and declarations with their ranges moved. Nothing
 * after that is adjudicated. True when taken over.
 */
export function catchUp(r: ReuseHost, s: number, position: Position): boolean {
  if (r.tail === undefined) r.tail = tailInfo(r);
  const tail = r.tail;
  if (!tail) return false;
  const sections = r.parsed.ast.phases;
  const section = sections[s] as G.PhaseSection;
  const lineStart = section.range.start.offset - section.range.start.column;
  if (s < 1 || lineStart < tail.suffixStart) return false;
  const prev = tail.prev;
  const old = tail.sectionAt.get(section.range.start.offset - tail.shift.offset);
  if (old === undefined) return false;
  const oldSections = prev.parsed.ast.phases;
  const oldSection = oldSections[old] as G.PhaseSection;
  const g = tail.groupStart[old] as number;
  if (oldSection.range.start.column !== section.range.start.column || g < 1 || sections.length - s !== oldSections.length - old) return false;
  const before = prev.phases[g - 1] as PhaseRun;
  if (!sameData(before.result.next, position) || !sameData(before.victory, r.victory.snapshot())) return false;

  const shift = tail.shift;
  const oldStart = lineStart - shift.offset;
  if (!tail.checked) {
    // The sections and declare blocks from here on read the same, moved (the parse of a line may depend on the lines before it).
    tail.checked = true;
    const oldDeclare = prev.parsed.ast.declare.filter((d) => d.after >= old);
    const newDeclare = r.parsed.ast.declare.filter((d) => d.after >= s);
    const same =
      sameData(oldSections.slice(old), sections.slice(s), shift) &&
      sameData(
        oldDeclare.map((d) => ({ ...d, after: d.after - old })),
        newDeclare.map((d) => ({ ...d, after: d.after - s })),
        shift,
      ) &&
      oldDeclare.every((d) => d.range.start.offset >= oldStart) &&
      prev.expectations.every((e) => e.phase < g || e.range.start.offset >= oldStart) &&
      prev.declarations.every((d) => d.after < g || d.block.range.start.offset >= oldStart);
    if (!same) {
      r.tail = null;
      return false;
    }
  }

  const runs = r.out.phases.length - g;
  // Phase runs: the same positions, orders and results, with this text's sections and order lines
  // (the written run of section old + j is the j-th from g; runs of phases left out have none).
  let j = s;
  for (let i = g; i < prev.phases.length; i++) {
    const taken = prev.phases[i] as PhaseRun;
    const run: PhaseRun = { ...taken };
    if (taken.section) {
      const now = sections[j++] as G.PhaseSection;
      const was = taken.section.orders;
      run.section = now;
      // Orders follow their lines in order: each line is looked for from the previous one on.
      let k = 0;
      run.orders = taken.orders.map((o) => {
        if (was[k] !== o.line) {
          const next = was.indexOf(o.line, k);
          k = next >= 0 ? next : was.indexOf(o.line);
        }
        return { ...o, line: now.orders[k] as G.OrderLine };
      });
    }
    r.out.phases.push(run);
  }
  for (const e of prev.expectations) if (e.phase >= g) r.out.expectations.push({ phase: e.phase + runs, range: shiftRange(e.range, shift), what: e.what, ok: e.ok, message: e.message });
  const blocks = new Map(r.parsed.ast.declare.map((d) => [d.range.start.offset, d]));
  for (const d of prev.declarations) {
    if (d.after < g) continue;
    const block = blocks.get(d.block.range.start.offset + shift.offset) as G.DeclareSection;
    const statement = block.statements[d.block.statements.indexOf(d.statement)] as G.DeclarationStmt;
    r.victory.declarations.push({ ...d, block, statement, after: d.after + runs });
  }
  // Diagnostics of the game's play from here on (this text's parse gave its own).
  const parsedKeys = new Set(prev.parsed.diagnostics.map(diagnosticKey));
  for (const d of prev.diagnostics) {
    if (d.file !== r.file || d.range.start.offset < oldStart || parsedKeys.has(diagnosticKey(d))) continue;
    r.diagnostics.push({ ...d, range: shiftRange(d.range, shift) });
  }
  if (prev.final) r.out.final = prev.final;
  r.noteVictory(prev.victory as VictoryState);
  r.out.cutoff = prev.phases.length - g;
  r.out.complete = true;
  return true;
}

/** The early cutoff's view of the previous run (GameRunner.tailInfo). */
export interface Tail {
  prev: GameRun;
  /** Where the text this run shares with the previous one at their end starts (an offset in this text). */
  suffixStart: number;
  /** How far that text moved. */
  shift: Shift;
  /** Per section of the previous run, the index of its first phase run (phases left out before it come first). */
  groupStart: number[];
  /** The previous run's sections by where they start. */
  sectionAt: Map<number, number>;
  /** Whether the sections from the first candidate on were found to read the same. */
  checked: boolean;
}

function diagnosticKey(d: Diagnostic): string {
  return `${d.file}:${d.range.start.offset}:${d.range.end.offset}:${d.code}:${d.message}`;
}
