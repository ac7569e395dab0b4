/**
 * Helpers for the early cutoff of the editor's incremental re-check (run.ts,
 * `GameOptions.reuse`): once a re-played game is back in the state a previous
 * run was in before the same, unchanged text, the rest of the previous run is
 * taken over, its ranges moved to where that text is now. Pure data helpers:
 * equality of plain data, equality of syntax trees moved by a shift, shifting.
 */
import type { Range } from '../text/range.js';

/** How far text moved: offsets by `offset` code units, lines by `line` (columns stay: whole lines moved). */
export interface Shift {
  offset: number;
  line: number;
}

export function shiftRange(r: Range, d: Shift): Range {
  return {
    start: { offset: r.start.offset + d.offset, line: r.start.line + d.line, column: r.start.column },
    end: { offset: r.end.offset + d.offset, line: r.end.line + d.line, column: r.end.column },
  };
}

function isTextPosition(v: object): v is { offset: number; line: number; column: number } {
  const o = v as { offset?: unknown; line?: unknown; column?: unknown };
  return typeof o.offset === 'number' && typeof o.line === 'number' && typeof o.column === 'number';
}

const has = Object.prototype.hasOwnProperty;

/**
 * Deep equality of plain data (objects by their own enumerable keys in any
 * order, arrays in order). With a shift, a text position `{ offset, line,
 * column }` of `b` must be that of `a` moved by it: `b` is `a` written further on.
 */
export function sameData(a: unknown, b: unknown, shift?: Shift): boolean {
  if (a === b) return !shift || (shift.offset === 0 && shift.line === 0) || typeof a !== 'object' || a === null || !containsPosition(a);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i], shift)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  if (shift && isTextPosition(a)) {
    return isTextPosition(b) && b.offset === a.offset + shift.offset && b.line === a.line + shift.line && b.column === a.column;
  }
  const oa = a as Record<string, unknown>;
  const ob = b as Record<string, unknown>;
  let count = 0;
  for (const k in oa) {
    if (!has.call(oa, k)) continue;
    count++;
    if (!has.call(ob, k) || !sameData(oa[k], ob[k], shift)) return false;
  }
  for (const k in ob) if (has.call(ob, k)) count--;
  return count === 0;
}

/** Whether a value holds a text position somewhere (one object compared with itself under a shift is not moved). */
function containsPosition(v: object): boolean {
  if (isTextPosition(v)) return true;
  for (const x of Array.isArray(v) ? v : Object.values(v)) if (typeof x === 'object' && x !== null && containsPosition(x)) return true;
  return false;
}

/** The length of the longest common end of two texts. */
export function commonSuffix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}
