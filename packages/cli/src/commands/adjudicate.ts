import { resolve } from 'node:path';
import { GameWorkspace, phaseText, runGameFile, type Diagnostic, type GameRun, type PhaseRun } from '@dipforge/dsl';
import { formatOrder, type Order, type OrderResult, type Position } from '@dipforge/engine';
import { parseArgs } from '../args.js';
import { Exit, type Io } from '../io.js';
import { displayPath, printDiagnostics, summary } from '../report.js';

export const adjudicateUsage = 'dipforge adjudicate GAME.dipgame [--edition NAME] [--json]   every phase with its results, the final position and the winner';

/** The version of the `--json` document (docs/ADJUDICATE-JSON.md). */
export const ADJUDICATION_FORMAT = 'dipforge-adjudication/1';

export function adjudicate(args: string[], io: Io): number {
  const parsed = parseArgs(args, [
    { name: 'edition', takesValue: true },
    { name: 'json', takesValue: false },
  ]);
  if (!parsed.ok || parsed.positional.length !== 1) {
    const why = !parsed.ok ? parsed.message : parsed.positional.length === 0 ? 'no game file given' : 'give one game file';
    io.err(`dipforge adjudicate: ${why}\nusage: ${adjudicateUsage}\n`);
    return Exit.usage;
  }
  const edition = parsed.options.get('edition');
  const path = resolve(io.cwd, parsed.positional[0] as string);
  const run = runGameFile(path, new GameWorkspace(), typeof edition === 'string' ? { edition } : {});
  const errors = run.diagnostics.some((d) => d.severity === 'error');
  if (parsed.options.has('json')) {
    io.out(`${JSON.stringify(adjudicationJson(run, io.cwd), null, 2)}\n`);
    if (errors) printDiagnostics(run.diagnostics, io);
  } else {
    printDiagnostics(run.diagnostics, io);
    io.out(humanReport(run, io.cwd));
    if (errors) io.err(`dipforge adjudicate: ${summary(run.diagnostics)}${run.complete ? '' : '; not every phase was adjudicated'}\n`);
  }
  return errors ? Exit.errors : Exit.ok;
}

// ------------------------------------------------------------------ shared

interface ResultRow {
  power: string;
  order: Order;
  text: string;
  /** The order as written in the file, and its 1-based line; absent for orders the engine added. */
  source?: { text: string; line: number };
  status: OrderResult['status'] | 'unresolved';
  reason?: string;
  detail?: string;
  expected?: string;
}

/** Every order of a phase with its result: the file's orders first, then any the engine added. */
function rows(phase: PhaseRun): ResultRow[] {
  const out: ResultRow[] = [];
  const seen = new Set<OrderResult>();
  for (const o of phase.orders) {
    const r = o.result;
    if (r) seen.add(r);
    const row: ResultRow = {
      power: o.power,
      order: o.order,
      text: formatOrder(o.order),
      source: { text: o.line.text.text, line: o.line.range.start.line + 1 },
      status: r?.status ?? 'unresolved',
    };
    if (r?.reason !== undefined) row.reason = r.reason;
    if (r?.detail !== undefined) row.detail = r.detail;
    if (o.line.expected) row.expected = o.line.expected.value;
    out.push(row);
  }
  for (const r of phase.result.results) {
    if (seen.has(r)) continue;
    const row: ResultRow = { power: r.order.power, order: r.order, text: formatOrder(r.order), status: r.status };
    if (r.reason !== undefined) row.reason = r.reason;
    if (r.detail !== undefined) row.detail = r.detail;
    out.push(row);
  }
  return out;
}

function centres(position: Position, powers: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of powers) out[p] = 0;
  for (const owner of Object.values(position.owners)) out[owner] = (out[owner] ?? 0) + 1;
  return out;
}

function powersOf(run: GameRun): string[] {
  return run.config?.powers.map((p) => p.id) ?? [];
}

function sameOwners(a: Position, b: Position): boolean {
  const ka = Object.keys(a.owners);
  return ka.length === Object.keys(b.owners).length && ka.every((k) => a.owners[k] === b.owners[k]);
}

// ------------------------------------------------------------------- human

function pad(s: string, n: number): string {
  return s.length >= n ? `${s} ` : s + ' '.repeat(n - s.length);
}

function unitText(u: { kind: string; at: string }): string {
  return `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`;
}

function centreLine(position: Position, powers: readonly string[]): string {
  const c = centres(position, powers);
  return Object.entries(c)
    .map(([p, n]) => `${p} ${n}`)
    .join(', ');
}

function humanReport(run: GameRun, cwd: string): string {
  const lines: string[] = [];
  const powers = powersOf(run);
  if (!run.config || !run.start) return `${displayPath(run.file, cwd)}: not adjudicated\n`;
  lines.push(`${displayPath(run.file, cwd)}: ${run.config.name} (${run.config.id}), edition ${run.edition ?? '?'}${run.seed !== undefined ? `, seed ${run.seed}` : ''}`);
  for (const phase of run.phases) {
    lines.push('');
    lines.push(`${phaseText(phase.phase)}${phase.section ? '' : '   (not in the file: no orders)'}`);
    const all = rows(phase);
    const width = Math.max(24, ...all.map((r) => r.text.length + 2));
    let power: string | undefined;
    for (const r of all) {
      if (r.power !== power) {
        power = r.power;
        lines.push(`  ${power}:`);
      }
      const why = r.reason ? ` (${r.reason}${r.detail ? `: ${r.detail}` : ''})` : r.detail ? ` (${r.detail})` : '';
      const mismatch = r.expected && r.expected !== r.status ? `   [expected ${r.expected}]` : '';
      lines.push(`    ${pad(r.text, width)}${r.status}${why}${mismatch}`);
    }
    if (all.length === 0) lines.push('  no orders');
    for (const d of phase.result.dislodged) {
      lines.push(`  dislodged: ${d.power} ${unitText(d)}${d.from ? ` (attacked from ${d.from}${d.byConvoy ? ' by convoy' : ''})` : ''}`);
    }
    if (phase.phase.kind !== 'retreat' && !sameOwners(phase.before, phase.result.next)) lines.push(`  centres: ${centreLine(phase.result.next, powers)}`);
    if (phase.incomplete) lines.push('  (some orders of this phase could not be read and were left out)');
  }
  const final = run.final as Position;
  lines.push('');
  lines.push(`position at ${phaseText(final.phase)}:`);
  const byPower = new Map<string, string[]>();
  for (const u of final.units) byPower.set(u.power, [...(byPower.get(u.power) ?? []), unitText(u)]);
  for (const p of [...powers, ...[...byPower.keys()].filter((k) => !powers.includes(k))]) {
    const units = byPower.get(p);
    if (units) lines.push(`  ${p}: ${units.join(', ')}`);
  }
  for (const d of final.dislodged) lines.push(`  dislodged ${d.power}: ${unitText(d)}`);
  lines.push(`centres: ${centreLine(final, powers)}`);
  lines.push(`winner: ${run.winner ?? 'none'}`);
  if (run.expectations.length > 0) {
    const failed = run.expectations.filter((e) => !e.ok);
    lines.push(`expectations: ${run.expectations.length - failed.length} met, ${failed.length} failed`);
    for (const e of failed) lines.push(`  ${displayPath(run.file, cwd)}:${e.range.start.line + 1}:${e.range.start.column + 1}: ${e.message} [DF6007]`);
  }
  return `${lines.join('\n')}\n`;
}

// -------------------------------------------------------------------- JSON

function diagnosticJson(d: Diagnostic, cwd: string): Record<string, unknown> {
  return {
    file: displayPath(d.file, cwd),
    line: d.range.start.line + 1,
    column: d.range.start.column + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.column + 1,
    severity: d.severity,
    code: d.code,
    message: d.message,
  };
}

/** The `--json` document; its shape is described in docs/ADJUDICATE-JSON.md. */
export function adjudicationJson(run: GameRun, cwd: string): Record<string, unknown> {
  const powers = powersOf(run);
  return {
    format: ADJUDICATION_FORMAT,
    file: displayPath(run.file, cwd),
    variant: run.config?.id ?? null,
    edition: run.edition ?? null,
    seed: run.seed ?? null,
    players: run.players,
    complete: run.complete,
    diagnostics: run.diagnostics.map((d) => diagnosticJson(d, cwd)),
    start: run.start ?? null,
    phases: run.phases.map((phase) => ({
      phase: phase.phase,
      name: phaseText(phase.phase),
      written: phase.section !== undefined,
      incomplete: phase.incomplete,
      results: rows(phase).map((r) => ({
        power: r.power,
        order: r.order,
        text: r.text,
        source: r.source?.text ?? null,
        line: r.source?.line ?? null,
        status: r.status,
        reason: r.reason ?? null,
        detail: r.detail ?? null,
        expected: r.expected ?? null,
      })),
      dislodged: phase.result.dislodged,
      position: phase.result.next,
      centres: centres(phase.result.next, powers),
    })),
    final: run.final
      ? { position: run.final, centres: centres(run.final, powers), winner: run.winner ?? null }
      : null,
    expectations: run.expectations.map((e) => ({
      phase: e.phase,
      line: e.range.start.line + 1,
      column: e.range.start.column + 1,
      what: e.what,
      ok: e.ok,
      message: e.message,
    })),
  };
}
