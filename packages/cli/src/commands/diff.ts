/**
 * `dipforge diff GAME --edition A --vs B [--json]`: plays one game file under
 * two editions (as `dipforge adjudicate --edition` does) and lists each order
 * whose result differs, then the first phase after which the positions part.
 * Differences are the answer, not a failure: the exit code is 0 unless the file
 * has errors (1) or the command line is wrong (2).
 */
import { resolve } from 'node:path';
import {
  diffGameRuns,
  GameWorkspace,
  phaseOrStart,
  phaseText,
  runGameFile,
  type Diagnostic,
  type DiffResult,
  type GameDiff,
  type GameRun,
  type PositionDiff,
} from '@dipforge/dsl';
import { parseArgs } from '../args.js';
import { Exit, type Io } from '../io.js';
import { displayPath, printDiagnostics, summary } from '../report.js';

export const diffUsage = 'dipforge diff GAME.dipgame [--edition A] --vs B [--json]   the orders whose results differ under two editions, and where the positions part';

/** The version of the `--json` document (docs/GAME-LANGUAGE.md, "dipforge diff"). */
export const DIFF_FORMAT = 'dipforge-diff/1';

export function diff(args: string[], io: Io): number {
  const parsed = parseArgs(args, [
    { name: 'edition', takesValue: true },
    { name: 'vs', takesValue: true },
    { name: 'json', takesValue: false },
  ]);
  const vs = parsed.ok ? parsed.options.get('vs') : undefined;
  if (!parsed.ok || parsed.positional.length !== 1 || typeof vs !== 'string') {
    const why = !parsed.ok
      ? parsed.message
      : parsed.positional.length === 0
        ? 'no game file given'
        : parsed.positional.length > 1
          ? 'give one game file'
          : 'say which edition to compare with: --vs NAME';
    io.err(`dipforge diff: ${why}\nusage: ${diffUsage}\n`);
    return Exit.usage;
  }
  const path = resolve(io.cwd, parsed.positional[0] as string);
  const edition = parsed.options.get('edition');
  const workspace = new GameWorkspace();
  const a = runGameFile(path, workspace, typeof edition === 'string' ? { edition } : {});
  const b = runGameFile(path, workspace, { edition: vs });
  const diagnostics = mergeDiagnostics(a.diagnostics, b.diagnostics);
  const errors = diagnostics.some((d) => d.severity === 'error');
  const result = diffGameRuns(a, b);
  printDiagnostics(diagnostics, io);
  if (parsed.options.has('json')) io.out(`${JSON.stringify(diffJson(a, b, result, io.cwd), null, 2)}\n`);
  else io.out(humanDiff(a, b, result, io.cwd));
  if (errors) io.err(`dipforge diff: ${summary(diagnostics)}${a.complete && b.complete ? '' : '; not every phase was adjudicated'}\n`);
  return errors ? Exit.errors : Exit.ok;
}

/** Both runs' diagnostics, each once (most are the same file's problems). */
function mergeDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): Diagnostic[] {
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

function resultText(r: DiffResult): string {
  if (r.status === 'set-aside') return 'set aside';
  if (r.status === 'not-played') return 'not played';
  return r.reason ? `${r.status} (${r.reason}${r.detail ? `: ${r.detail}` : ''})` : r.status;
}

function positionLines(d: PositionDiff, a: string, b: string): string[] {
  const lines: string[] = [];
  if (d.onlyA.length > 0) lines.push(`  units only under ${a}: ${d.onlyA.join(', ')}`);
  if (d.onlyB.length > 0) lines.push(`  units only under ${b}: ${d.onlyB.join(', ')}`);
  if (d.dislodgedOnlyA.length > 0) lines.push(`  dislodged only under ${a}: ${d.dislodgedOnlyA.join(', ')}`);
  if (d.dislodgedOnlyB.length > 0) lines.push(`  dislodged only under ${b}: ${d.dislodgedOnlyB.join(', ')}`);
  for (const o of d.owners) lines.push(`  ${o.centre}: owned by ${o.a ?? 'none'} under ${a}, by ${o.b ?? 'none'} under ${b}`);
  return lines;
}

function humanDiff(a: GameRun, b: GameRun, d: GameDiff, cwd: string): string {
  const ea = a.edition ?? '?';
  const eb = b.edition ?? '?';
  const lines: string[] = [`${displayPath(a.file, cwd)}: edition ${ea} vs edition ${eb}`];
  if (!a.start || !b.start) return `${lines[0]}: not adjudicated\n`;
  let phase: string | undefined;
  for (const o of d.orders) {
    const name = phaseText(o.phase);
    if (name !== phase) {
      phase = name;
      lines.push('', name);
    }
    lines.push(`  ${o.power}: ${o.source}   (line ${o.line + 1})`);
    lines.push(`    ${ea}: ${resultText(o.a)}`);
    lines.push(`    ${eb}: ${resultText(o.b)}`);
  }
  lines.push('');
  const n = d.orders.length;
  lines.push(n === 0 ? 'no order result differs' : `${n} order result${n === 1 ? ' differs' : 's differ'}`);
  if (!d.parted) lines.push('the positions never part');
  else {
    const at = d.parted.at ? `, seen at ${phaseText(d.parted.at)}` : ', seen at the end';
    lines.push(`the positions part after ${phaseOrStart(d.parted.after)}${at}:`);
    lines.push(...positionLines(d.parted.differences, ea, eb));
  }
  return `${lines.join('\n')}\n`;
}

function diffJson(a: GameRun, b: GameRun, d: GameDiff, cwd: string): Record<string, unknown> {
  const result = (r: DiffResult): Record<string, unknown> => ({ status: r.status, reason: r.reason ?? null, detail: r.detail ?? null });
  return {
    format: DIFF_FORMAT,
    file: displayPath(a.file, cwd),
    a: { edition: a.edition ?? null, complete: a.complete },
    b: { edition: b.edition ?? null, complete: b.complete },
    orders: d.orders.map((o) => ({
      phase: o.phase,
      name: phaseText(o.phase),
      power: o.power,
      source: o.source,
      line: o.line + 1,
      a: result(o.a),
      b: result(o.b),
    })),
    parted: d.parted
      ? {
          after: d.parted.after,
          at: d.parted.at,
          onlyA: d.parted.differences.onlyA,
          onlyB: d.parted.differences.onlyB,
          dislodgedOnlyA: d.parted.differences.dislodgedOnlyA,
          dislodgedOnlyB: d.parted.differences.dislodgedOnlyB,
          owners: d.parted.differences.owners,
        }
      : null,
  };
}
