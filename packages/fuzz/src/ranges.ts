/**
 * Is a DSL diagnostic well formed against the text of its file? A range must
 * hold non-negative integers, end at or after its start and inside the text,
 * and its line and column must agree with its offset (worked out here again,
 * independently of the DSL's own line index). The code must be registered,
 * with its registered severity, and the message must say something.
 */
import { Codes, type Diagnostic } from '@dipforge/dsl';

const REGISTRY = new Map<string, string>(Object.values(Codes).map((c) => [c.code, c.severity]));

/** Where lines start: after \n, after \r\n, after a lone \r (the DSL's and the protocol's line ends). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

/** The line and column of an offset, by binary search over the line starts. */
export function positionOf(starts: readonly number[], offset: number): [line: number, column: number] {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return [lo, offset - (starts[lo] as number)];
}

export interface DiagnosticProblem {
  /** `range` for a position that is wrong, `shape` for a code, severity or message that is. */
  kind: 'range' | 'shape';
  text: string;
}

/**
 * The problems of one diagnostic (none when it is well formed). `textOf` gives
 * the text of a file (undefined: not known, and only the shape of the range is checked).
 */
export function diagnosticProblems(d: Diagnostic, textOf: (file: string) => string | undefined, starts: Map<string, number[]> = new Map()): DiagnosticProblem[] {
  const out: DiagnosticProblem[] = [];
  const say = (kind: DiagnosticProblem['kind'], what: string): void => {
    out.push({ kind, text: `${d.code} ${JSON.stringify(String(d.message).slice(0, 80))} @${d.range?.start?.offset}-${d.range?.end?.offset}: ${what}` });
  };
  if (!REGISTRY.has(d.code)) say('shape', 'code not in the registry');
  else if (REGISTRY.get(d.code) !== d.severity) say('shape', `severity ${d.severity}, registry says ${REGISTRY.get(d.code)}`);
  if (typeof d.message !== 'string' || d.message.length === 0) say('shape', 'empty message');
  const { start, end } = d.range ?? {};
  if (!start || !end) {
    say('range', 'no range');
    return out;
  }
  let numbers = true;
  for (const [name, p] of [
    ['start', start],
    ['end', end],
  ] as const) {
    for (const k of ['offset', 'line', 'column'] as const) {
      if (!Number.isInteger(p[k]) || p[k] < 0) {
        say('range', `${name}.${k} = ${p[k]} is not a non-negative integer`);
        numbers = false;
      }
    }
  }
  if (!numbers) return out;
  if (start.offset > end.offset) say('range', 'end before start');
  const text = textOf(d.file);
  if (text === undefined) return out;
  if (end.offset > text.length) {
    say('range', `end ${end.offset} beyond the text (${text.length})`);
    return out;
  }
  let ls = starts.get(d.file);
  if (!ls) {
    ls = lineStarts(text);
    starts.set(d.file, ls);
  }
  for (const [name, p] of [
    ['start', start],
    ['end', end],
  ] as const) {
    const [line, column] = positionOf(ls, p.offset);
    if (p.line !== line || p.column !== column) say('range', `${name} is ${p.line}:${p.column}, offset ${p.offset} is ${line}:${column}`);
  }
  return out;
}

/** The problems of a list of diagnostics, line starts computed once per file. */
export function diagnosticsProblems(list: readonly Diagnostic[], textOf: (file: string) => string | undefined): DiagnosticProblem[] {
  const starts = new Map<string, number[]>();
  return list.flatMap((d) => diagnosticProblems(d, textOf, starts));
}
