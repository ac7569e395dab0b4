/**
 * The parse of a game's text after an edit inside one phase section, re-using
 * the last check's parse of the sections before it (completion at a cursor:
 * `Workspace.gameUpTo`). The game reader reads a file a line at a time and a
 * `phase` line starts its section afresh, so the sections before the edited
 * one read the same as before; only the header (small) and the text from the
 * edited section's `phase` line on are read again. The text in between is
 * given to the reader as comment lines of the same lengths, so every offset,
 * line and column it reports is the real text's; the nodes and diagnostics of
 * that stretch are taken from the last parse.
 */
import { parseGame, type ParsedGame } from '@dipforge/dsl';

type Located = { range: { start: { offset: number; column: number } } };

/**
 * `text` parsed, re-using `prev` (the parse of an earlier text of the same file) for the
 * sections before the one the first change falls in; undefined when that is not safe (the
 * change is on or before a `phase` line, or before the first section), and the caller
 * parses the whole text.
 */
export function parseAfterEdit(prev: ParsedGame, text: string, file: string): ParsedGame | undefined {
  const old = prev.ast;
  if (old.position && lineStartOf(old.position) >= firstSectionStart(prev)) return undefined;
  const changedLine = lineStartBefore(text, firstDifference(prev.text, text));
  // The section the change is in: its `phase` line starts before the changed line (it is not the changed line).
  let cut = -1;
  for (const s of old.phases) {
    const start = lineStartOf(s);
    if (start >= changedLine) break;
    cut = start;
  }
  const region = firstSectionStart(prev);
  if (cut <= region) return undefined;
  const masked = text.slice(0, region) + blank(text, region, cut) + text.slice(cut);
  const fresh = parseGame(masked, file);
  const kept = (n: Located): boolean => n.range.start.offset >= region && n.range.start.offset < cut;
  const phases = old.phases.filter(kept);
  // A declare block counts the phase sections before it: the re-used ones too.
  const declare = fresh.ast.declare.map((d) => (d.range.start.offset >= cut ? { ...d, after: d.after + phases.length } : d));
  return {
    file: fresh.file,
    text,
    ast: {
      ...fresh.ast,
      phases: [...phases, ...fresh.ast.phases],
      declare: [...old.declare.filter(kept), ...declare],
    },
    diagnostics: [...fresh.diagnostics.filter((d) => d.range.start.offset < region), ...prev.diagnostics.filter(kept), ...fresh.diagnostics.filter((d) => d.range.start.offset >= cut)],
    // The masked text's line index: the same line starts and length, over the real text.
    lines: Object.assign(Object.create(Object.getPrototypeOf(fresh.lines) as object) as ParsedGame['lines'], fresh.lines, { text }),
  };
}

/** Where the first phase section or declare block starts (its line); the header ends there. */
function firstSectionStart(p: ParsedGame): number {
  const firsts = [p.ast.phases[0], p.ast.declare[0]].filter((n): n is NonNullable<typeof n> => n !== undefined);
  return firsts.length === 0 ? p.text.length : Math.min(...firsts.map(lineStartOf));
}

function lineStartOf(n: Located): number {
  return n.range.start.offset - n.range.start.column;
}

/**
 * `text`'s characters `from`..`to` as lines the reader skips at once: each line
 * of the same length, `//` and spaces (a comment), its line breaks kept.
 */
function blank(text: string, from: number, to: number): string {
  // A text with carriage returns (rare) is blanked by a slower expression that keeps every kind of line break.
  if (text.lastIndexOf('\r', to) >= from) return text.slice(from, to).replace(/[^\r\n]+/g, (run) => (run.length < 2 ? ' ' : `//${' '.repeat(run.length - 2)}`));
  let out = '';
  for (let i = from; i < to; ) {
    let end = text.indexOf('\n', i);
    if (end < 0 || end > to) end = to;
    out += end - i < 2 ? ' '.repeat(end - i) : `//${spaces(end - i - 2)}`;
    if (end < to) out += '\n';
    i = end + 1;
  }
  return out;
}

const SPACES = ' '.repeat(256);
const spaces = (n: number): string => (n <= SPACES.length ? SPACES.slice(0, n) : ' '.repeat(n));

/** Where `a` and `b` first differ (the shorter one's length when one starts the other). */
export function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  // Equal stretches are passed a block at a time: comparing two slices is one call, not a call per character.
  while (i + DIFF_BLOCK <= n && a.slice(i, i + DIFF_BLOCK) === b.slice(i, i + DIFF_BLOCK)) i += DIFF_BLOCK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

const DIFF_BLOCK = 512;

export function lineStartBefore(text: string, offset: number): number {
  let i = Math.min(offset, text.length);
  while (i > 0) {
    const c = text.charCodeAt(i - 1);
    if (c === 10 || c === 13) break;
    i--;
  }
  return i;
}
