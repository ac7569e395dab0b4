/**
 * A game file compared under two editions, as `dipforge diff` and the
 * editor's Compare Editions ask for it. When both editions' years have the
 * same shape, the file is played under both and compared line by line
 * (`diffGameRuns`). When one has separate retreat and adjustment phases and
 * the other the postal year, reading one file under both would only set aside
 * what the other year lacks; instead the side whose shape is not the file's
 * plays the file converted to its edition (`convertGame`, what `dipforge
 * convert` writes), and the two games are compared by what happened
 * (`diffAcrossForms`). The conversion's own warnings are kept apart from the
 * differences in outcome.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { convertGame, type ConvertResult } from './convert/index.js';
import { yearForm, type YearForm } from './convert/form.js';
import { diffAcrossForms } from './diff-forms.js';
import { diffGameRuns, type ConversionNote, type ConversionWarning, type GameDiff } from './diff.js';
import type { ParsedGame } from './parse.js';
import { phaseText } from './phases.js';
import { runGame, type GameRun } from './run.js';
import type { GameWorkspace } from './workspace.js';

export interface CompareOptions {
  /** Side A's edition: the file's own when absent. */
  editionA?: string;
  editionB: string;
  /** Asked between phases (an editor request that was cancelled). */
  cancelled?: () => boolean;
}

export interface EditionsCompared {
  /** What each side played: the file under that edition, or the file converted to it. */
  a: GameRun;
  b: GameRun;
  diff: GameDiff;
  /** The file's problems (positions in the file): both runs' when the file was played under both, else its own run's. */
  diagnostics: Diagnostic[];
  /** A run stopped because the request was cancelled. */
  cancelled: boolean;
}

/** Codes of a conversion that say where the converted game goes otherwise: the diff reports those differences itself. */
const OUTCOME_CODES: ReadonlySet<string> = new Set(['DF8060', 'DF8061']);

export function compareEditions(parsed: ParsedGame, workspace: GameWorkspace, options: CompareOptions): EditionsCompared {
  const { editionA, editionB, cancelled } = options;
  const play = (edition: string | undefined): GameRun => runGame(parsed, workspace, { ...(edition !== undefined ? { edition } : {}), ...(cancelled ? { cancelled } : {}) });
  const a = play(editionA);
  const b = play(editionB);
  const lineByLine = (conversion?: ConversionNote): EditionsCompared => ({
    a,
    b,
    diff: { ...diffGameRuns(a, b), ...(conversion ? { conversion } : {}) },
    diagnostics: mergeDiagnostics(a.diagnostics, b.diagnostics),
    cancelled: a.cancelled === true || b.cancelled === true,
  });
  if (a.cancelled || b.cancelled || a.unknownEdition || b.unknownEdition) return lineByLine();
  const fa = formOf(a, workspace);
  const fb = formOf(b, workspace);
  if (!fa || !fb || fa === fb) return lineByLine();

  const own = editionA === undefined ? a : play(undefined);
  const fo = formOf(own, workspace);
  const side: 'a' | 'b' = fa === fo ? 'b' : 'a';
  const edition = (side === 'a' ? (editionA ?? a.edition) : editionB) ?? editionB;
  if (!fo) return lineByLine({ made: false, edition, why: `the year of the file's own edition is neither separate phases nor the postal year` });
  if (cancelled?.()) return { ...lineByLine(), cancelled: true };
  const converted = convertGame(parsed.text, parsed.file, edition, workspace);
  if (!converted.ok) return lineByLine({ made: false, edition, why: notConverted(converted) });

  const fileRun = side === 'a' ? b : a;
  const [ra, rb] = side === 'a' ? [converted.run, b] : [a, converted.run];
  const sideOf = (run: GameRun, file: boolean) => ({ run, board: workspace.board(run.variant!, run.config!), rules: run.rules!, file });
  const compared = diffAcrossForms(sideOf(ra, side === 'b'), sideOf(rb, side === 'a'));
  const warnings = conversionWarnings(converted);
  const byCode: Record<string, number> = {};
  for (const w of warnings) byCode[w.code] = (byCode[w.code] ?? 0) + 1;
  const conversion: ConversionNote = { made: true, side, edition, from: fo, to: fo === 'separate' ? 'postal' : 'separate', warnings, byCode };
  return { a: ra, b: rb, diff: { ...compared, conversion }, diagnostics: [...fileRun.diagnostics], cancelled: false };
}

function formOf(run: GameRun, workspace: GameWorkspace): YearForm | undefined {
  if (!run.variant || !run.config || !run.rules) return undefined;
  return yearForm(workspace.board(run.variant, run.config), run.rules);
}

function notConverted(r: Extract<ConvertResult, { ok: false }>): string {
  if (r.why === 'input') return 'the file has errors';
  if (r.why === 'edition') return 'the variant has no such edition';
  return r.diagnostics[0]?.message ?? 'the game cannot be converted';
}

/** The conversion's warnings that are not differences in outcome, each with the phase of the converted game it is in. */
function conversionWarnings(r: Extract<ConvertResult, { ok: true }>): ConversionWarning[] {
  const sections = r.run.parsed.ast.phases;
  return r.warnings
    .filter((w) => !OUTCOME_CODES.has(w.code))
    .map((w) => {
      let phase: string | null = null;
      for (const s of sections) {
        if (s.range.start.offset > w.range.start.offset) break;
        const p = s.phase;
        if (p?.kind.phase) phase = phaseText({ year: p.year.value, season: p.season.value, kind: p.kind.phase });
      }
      return { code: w.code, severity: w.severity, phase, line: w.range.start.line + 1, message: w.message };
    });
}

/** Both runs' diagnostics, each once (most are the same file's problems). */
export function mergeDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of [...a, ...b]) {
    const k = `${d.file}:${d.range.start.offset}:${d.code}:${d.message}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(d);
  }
  return out;
}
