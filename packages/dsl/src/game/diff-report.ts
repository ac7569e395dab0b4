/**
 * A comparison of two editions (`GameDiff`) for its readers: the JSON
 * document `dipforge diff --json` writes and the editor's Compare Editions
 * reads (`dipforge-diff/1`, docs/GAME-LANGUAGE.md), and the text for people
 * that both print.
 */
import type { Phase } from '@dipforge/engine';
import { echo, LINE_LENGTH } from '@dipforge/engine/config';
import type { ConversionNote, DiffResult, FurtherPlay, GameDiff, PositionDiff } from './diff.js';
import { phaseText } from './phases.js';
import type { GameRun } from './run.js';

/** `spring 1901 movement`, or `the start` for null. */
export function phaseOrStart(p: Phase | null): string {
  return p ? phaseText(p) : 'the start';
}

/** The JSON format name of a diff, as `dipforge diff --json` and the editor write it. */
export const DIFF_FORMAT = 'dipforge-diff/1';

/** A diff as JSON (`dipforge-diff/1`, docs/GAME-LANGUAGE.md): what `dipforge diff --json` writes and the editor's Compare Editions reads. */
export interface DiffDocument {
  format: string;
  file: string;
  a: { edition: string | null; complete: boolean };
  b: { edition: string | null; complete: boolean };
  /** Present when the editions' years have different shapes: the conversion made to compare them, or why none could be. */
  conversion: ConversionNote | null;
  orders: {
    phase: Phase;
    name: string;
    power: string;
    source: string;
    /** 1-based, as the CLI prints it. */
    line: number;
    unit: string | null;
    a: { status: string; reason: string | null; detail: string | null };
    b: { status: string; reason: string | null; detail: string | null };
  }[];
  /** Retreats and adjustments compared by what they came to (two shapes of the year); empty otherwise. */
  outcomes: {
    kind: 'retreat' | 'adjustment';
    movement: Phase;
    phase: Phase;
    name: string;
    power: string;
    unit: string | null;
    source: string | null;
    /** 1-based; null when the file has no line for it. */
    line: number | null;
    a: string;
    b: string;
  }[];
  parted: {
    after: Phase | null;
    at: Phase | null;
    onlyA: string[];
    onlyB: string[];
    dislodgedOnlyA: string[];
    dislodgedOnlyB: string[];
    owners: { centre: string; a: string | null; b: string | null }[];
  } | null;
  /** One game played further than the other at the end (two shapes of the year): the end positions are compared after `after`; null otherwise. */
  further: {
    side: 'a' | 'b';
    after: Phase;
    name: string;
    movement: Phase;
    outcomes: { kind: 'retreat' | 'adjustment'; power: string; unit: string | null; outcome: string }[];
  } | null;
}

/** The diff `d` of runs `a` and `b` of the file shown as `file`, as JSON. */
export function diffDocument(file: string, a: GameRun, b: GameRun, d: GameDiff): DiffDocument {
  const result = (r: DiffResult) => ({ status: r.status, reason: r.reason ?? null, detail: r.detail ?? null });
  return {
    format: DIFF_FORMAT,
    file,
    a: { edition: a.edition ?? null, complete: a.complete },
    b: { edition: b.edition ?? null, complete: b.complete },
    conversion: d.conversion ?? null,
    orders: d.orders.map((o) => ({ phase: o.phase, name: phaseText(o.phase), power: o.power, source: o.source, line: o.line + 1, unit: o.unit ?? null, a: result(o.a), b: result(o.b) })),
    outcomes: d.outcomes.map((o) => ({
      kind: o.kind,
      movement: o.movement,
      phase: o.phase,
      name: phaseText(o.phase),
      power: o.power,
      unit: o.unit ?? null,
      source: o.source,
      line: o.line === null ? null : o.line + 1,
      a: o.a,
      b: o.b,
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
    further: d.further
      ? {
          side: d.further.side,
          after: d.further.after,
          name: phaseText(d.further.after),
          movement: d.further.movement,
          outcomes: d.further.outcomes.map((o) => ({ kind: o.kind, power: o.power, unit: o.unit ?? null, outcome: o.outcome })),
        }
      : null,
  };
}

/** One side's result of an order, in words. */
export function diffResultText(r: DiffResult): string {
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

/** What one game played beyond the other's end, and what it came to there. */
function furtherLines(f: FurtherPlay, ea: string, eb: string): string[] {
  const [ahead, behind] = f.side === 'a' ? [ea, eb] : [eb, ea];
  const kinds = new Set(f.outcomes.map((o) => o.kind));
  const what = kinds.size === 2 ? 'the retreats and adjustments' : kinds.has('retreat') ? 'the retreats' : 'the adjustments';
  const lines = [`${ahead} has played further than ${behind}, which stops after ${phaseText(f.after)}: ${what} after ${phaseText(f.movement)}, still to play under ${behind}; under ${ahead} they came to:`];
  for (const o of f.outcomes) lines.push(o.kind === 'retreat' ? `  ${o.power}, ${o.unit ?? '?'} dislodged: ${o.outcome}` : `  ${o.power}, adjustments: ${o.outcome}`);
  return lines;
}

const FORM = { separate: 'separate phases', postal: 'the postal year' } as const;

/** What was converted to compare the two shapes of the year (or why nothing was), before the differences. */
function conversionHead(c: ConversionNote): string {
  if (!c.made) return `the years differ in shape, but the game was not converted to ${c.edition} (${c.why}): compared line by line`;
  return `the years differ in shape: compared with the game converted to ${c.edition} (${FORM[c.from]} to ${FORM[c.to]}), by what happened`;
}

/** The conversion's own warnings, apart from the differences: by code, then one line each. */
function conversionTail(c: ConversionNote): string[] {
  if (!c.made) return [];
  const codes = Object.entries(c.byCode).sort(([x], [y]) => x.localeCompare(y));
  if (codes.length === 0) return ['the conversion gave no warnings'];
  const n = c.warnings.length;
  const lines = [`the conversion gave ${n} warning${n === 1 ? '' : 's'} (what the converted game writes otherwise; not differences in outcome): ${codes.map(([code, k]) => `${code} ×${k}`).join(', ')}`];
  for (const w of c.warnings) lines.push(`  ${w.code} ${w.phase ?? 'header'} (converted line ${w.line}): ${w.message}`);
  return lines;
}

/** The comparison for people, as `dipforge diff` prints it and the editor shows it; `file` as it should be shown. */
export function diffText(file: string, a: GameRun, b: GameRun, d: GameDiff): string {
  const ea = a.edition ?? '?';
  const eb = b.edition ?? '?';
  const lines: string[] = [`${file}: edition ${ea} vs edition ${eb}`];
  if (!a.start || !b.start) return `${lines[0]}: not adjudicated\n`;
  if (d.conversion) lines.push(conversionHead(d.conversion));
  let phase: string | undefined;
  const heading = (p: Phase): void => {
    const name = phaseText(p);
    if (name === phase) return;
    phase = name;
    lines.push('', name);
  };
  for (const o of d.orders) {
    heading(o.phase);
    lines.push(`  ${o.power}: ${echo(o.source, LINE_LENGTH)}   (line ${o.line + 1})`);
    lines.push(`    ${ea}: ${diffResultText(o.a)}`);
    lines.push(`    ${eb}: ${diffResultText(o.b)}`);
  }
  for (const o of d.outcomes) {
    heading(o.phase);
    const what = o.kind === 'retreat' ? `${o.unit ?? '?'} dislodged` : 'adjustments';
    const where = o.source !== null && o.line !== null ? `: ${echo(o.source, LINE_LENGTH)}   (line ${o.line + 1})` : '';
    lines.push(`  ${o.power}, ${what}${where}`);
    lines.push(`    ${ea}: ${o.a}`);
    lines.push(`    ${eb}: ${o.b}`);
  }
  lines.push('');
  const n = d.orders.length;
  lines.push(n === 0 ? 'no order result differs' : `${n} order result${n === 1 ? ' differs' : 's differ'}`);
  if (d.conversion?.made) {
    const m = d.outcomes.length;
    lines.push(m === 0 ? 'no retreat or adjustment comes to something else' : `${m} retreat${m === 1 ? ' or adjustment comes' : 's or adjustments come'} to something else`);
  }
  if (d.further) lines.push(...furtherLines(d.further, ea, eb));
  if (!d.parted) lines.push(d.further ? 'the positions never part, as far as both games go' : 'the positions never part');
  else {
    const at = d.parted.at ? `, seen at ${phaseText(d.parted.at)}` : d.further ? ', seen where both games stand' : ', seen at the end';
    lines.push(`the positions part after ${phaseOrStart(d.parted.after)}${at}:`);
    for (const line of positionLines(d.parted.differences, ea, eb)) lines.push(line);
  }
  if (d.conversion) lines.push(...conversionTail(d.conversion));
  return `${lines.join('\n')}\n`;
}
