/**
 * What docs/LSP.md promises of formatting, checked on an answer: edits that
 * do not overlap, which change only whitespace (never a character of
 * meaning); and, on a second pass over its own output, no change at all.
 */
import { Mirror, wellFormed, type LspRange } from './lsp-doc.js';

export interface FormatCheck {
  /** What is wrong with the edits, if anything. */
  problem?: string;
  detail: string;
  /** The text after the edits (when they apply). */
  formatted?: string;
  /** When the edits change the text: where first (for the second pass, where no change is due). */
  changed?: string;
}

/** The text after a list of LSP text edits, or undefined when two of them overlap. */
export function applyTextEdits(text: string, result: readonly { range: LspRange; newText: string }[]): string | undefined {
  const doc = new Mirror('', '', text);
  const edits = result
    .map((e) => {
      const r = wellFormed(e.range);
      return { from: doc.offsetAt(r.start), to: doc.offsetAt(r.end), text: e.newText };
    })
    .sort((a, b) => a.from - b.from || a.to - b.to);
  let out = '';
  let at = 0;
  for (const e of edits) {
    if (e.from < at) return undefined;
    out += text.slice(at, e.from) + e.text;
    at = e.to;
  }
  return out + text.slice(at);
}

export function formatProblems(text: string, result: unknown): FormatCheck {
  if (result === null) return { detail: '', formatted: text };
  if (!Array.isArray(result)) return { problem: 'the answer is no list of edits', detail: JSON.stringify(result).slice(0, 400) };
  const formatted = applyTextEdits(text, result as { range: LspRange; newText: string }[]);
  if (formatted === undefined) return { problem: 'overlapping edits', detail: JSON.stringify(result).slice(0, 2000) };
  const squeeze = (s: string): string => s.replace(/\s+/g, '');
  if (squeeze(formatted) !== squeeze(text)) {
    const a = squeeze(text);
    const b = squeeze(formatted);
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    return { problem: 'changes more than whitespace', detail: `first difference at non-space character ${i}: ${JSON.stringify(a.slice(i, i + 40))} became ${JSON.stringify(b.slice(i, i + 40))}` };
  }
  const check: FormatCheck = { detail: '', formatted };
  if (formatted !== text) {
    let i = 0;
    while (i < text.length && text[i] === formatted[i]) i++;
    check.changed = `first change at offset ${i}: ${JSON.stringify(text.slice(Math.max(0, i - 20), i + 40))} became ${JSON.stringify(formatted.slice(Math.max(0, i - 20), i + 40))}`;
  }
  return check;
}
