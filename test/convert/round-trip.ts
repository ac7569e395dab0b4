/**
 * The round trip of a game file: converted to the other form of the year (a
 * separate-phase game to the old rules' postal year, a postal game to a
 * separate-phase edition) and back to its own edition, then played. The positions after every phase must
 * be the original's up to the first phase on which either conversion warned
 * that the game now goes otherwise (DF8060, DF8061, DF8065); the other
 * warnings (a list written as what it came to, a default written as orders,
 * an expectation kept as a comment) change no position.
 */
import { readFileSync } from 'node:fs';
import { convertGame, parseGame, runGameText, yearForm, type ConvertResult, type Diagnostic, type GameRun, type GameWorkspace, type YearForm } from '@dipforge/dsl';

/** Codes that say the converted game goes otherwise from there on. */
export const PARTING = new Set(['DF8060', 'DF8061', 'DF8065']);

export type RoundTrip =
  | { file: string; kind: 'excluded'; why: string }
  | {
      file: string;
      kind: 'done';
      /** Phases of the original played. */
      phases: number;
      /** Phases whose positions were compared (before the first parting warning). */
      compared: number;
      /** Phases compared whose positions differ (must be none). */
      differ: string[];
      /** Errors in the converted files (must be none). */
      errors: Diagnostic[];
      warnings: Record<string, number>;
    };

const SEASONS: Record<string, number> = { spring: 0, fall: 2, autumn: 2, winter: 4 };

/** An order of phases: the year, then spring, its retreats, fall, its retreats, winter. */
function ordinal(p: { year: number; season: string; kind: string }): number {
  return p.year * 10 + (SEASONS[p.season] ?? 0) + (p.kind === 'retreat' ? 1 : 0);
}

/** The phase a warning is in (its section), as an ordinal; the header counts as the start. */
function warnedAt(text: string, w: Diagnostic): number {
  const ast = parseGame(text, 'x').ast;
  // DF8065 on a movement phase is about what comes after it (the file ends before its retreats or adjustments).
  const after = w.code === 'DF8065' ? 1 : 0;
  let at = -1;
  for (const s of ast.phases) {
    if (s.range.start.offset > w.range.start.offset || !s.phase?.kind.phase) continue;
    at = ordinal({ year: s.phase.year.value, season: s.phase.season.value, kind: s.phase.kind.phase }) + after;
  }
  return at;
}

/** A game file's text and its run as written: what every round trip of it starts from. */
export interface Played {
  text: string;
  run: GameRun;
}

/** Reads and plays a game file as it is written (a suite trying several round trips of a file plays it once). */
export function playOriginal(path: string, workspace: GameWorkspace): Played {
  const text = readFileSync(path, 'utf8');
  return { text, run: runGameText(text, path, workspace) };
}

/**
 * `played`: the file already played (`playOriginal`), when the caller has it.
 * `from`: the form the file must be written in to take part; `via`: the
 * edition of the other form it is converted to and back from.
 */
export function roundTrip(path: string, workspace: GameWorkspace, from: YearForm = 'separate', via = 'old-rules', played?: Played): RoundTrip {
  const file = path;
  const { text, run: original } = played ?? playOriginal(path, workspace);
  if (original.diagnostics.some((d) => d.severity === 'error')) return { file, kind: 'excluded', why: 'has errors' };
  if (!original.variant || !original.config || !original.rules) return { file, kind: 'excluded', why: 'no variant' };
  if (!/[/\\]classic[/\\]classic\.dipmap$/u.test(original.variant.path)) return { file, kind: 'excluded', why: 'not the classic map' };
  if (yearForm(workspace.board(original.variant, original.config), original.rules) !== from) return { file, kind: 'excluded', why: `not written in the ${from} form` };
  const edition = original.rules.edition;
  const there = convertGame(text, path, via, workspace);
  if (!there.ok) return { file, kind: 'excluded', why: `cannot be converted: ${there.diagnostics[0]?.message ?? there.why}` };
  const back = convertGame(there.text, path, edition, workspace);
  if (!back.ok) return { file, kind: 'done', phases: original.phases.length, compared: 0, differ: [`the ${via} form does not convert back`], errors: back.diagnostics, warnings: {} };
  const warnings: Record<string, number> = {};
  for (const r of [there, back]) for (const [code, n] of Object.entries(r.summary.warnings)) warnings[code] = (warnings[code] ?? 0) + n;
  const stop = Math.min(firstParting(there), firstParting(back));
  const { compared, differ } = comparePhases(original, back.run, stop, from);
  const errors = [...there.warnings, ...back.warnings].filter((d) => d.severity === 'error');
  return { file, kind: 'done', phases: original.phases.length, compared, differ, errors, warnings };
}

function firstParting(r: Extract<ConvertResult, { ok: true }>): number {
  let first = Number.POSITIVE_INFINITY;
  for (const w of r.warnings) if (PARTING.has(w.code)) first = Math.min(first, warnedAt(r.text, w));
  return first;
}

function key(u: { power: string; kind: string; at: string }): string {
  return `${u.power} ${u.kind} ${u.at}`;
}

/**
 * The last phase of the separate form a phase stands for: itself, or for a
 * postal movement phase the retreats it carries out (and, in the fall, the
 * adjustments).
 */
function reach(p: { year: number; season: string; kind: string }, form: YearForm): number {
  if (form === 'separate') return ordinal(p);
  return ordinal(p) + (SEASONS[p.season] === 2 ? 2 : 1);
}

/** The original's phases before `stop`: the position after each must be the round trip's. */
function comparePhases(a: GameRun, b: GameRun, stop: number, form: YearForm): { compared: number; differ: string[] } {
  const theirs = new Map(b.phases.map((p) => [ordinal(p.phase), p]));
  let compared = 0;
  const differ: string[] = [];
  for (const p of a.phases) {
    if (reach(p.phase, form) >= stop) break;
    const q = theirs.get(ordinal(p.phase));
    const name = `${p.phase.season} ${p.phase.year} ${p.phase.kind}`;
    if (!q) {
      differ.push(`${name}: not played after the round trip`);
      continue;
    }
    compared++;
    const x = p.result.next;
    const y = q.result.next;
    const units = (pos: typeof x): string => pos.units.map(key).sort().join(', ');
    const owners = (pos: typeof x): string => JSON.stringify(Object.entries(pos.owners).sort());
    if (units(x) !== units(y) || owners(x) !== owners(y)) differ.push(`${name}: ${units(x)} / ${units(y)}`);
  }
  return { compared, differ };
}
