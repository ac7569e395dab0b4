/**
 * The arrows of order texts (`-`, `->`, `=>`, `--`…) as semantic tokens: a punctuation token of
 * `tokens` (name-scan.ts) made of `-` and `=` with at most a `>` at its end. The scanner of order
 * texts in the standard notation (token-orders.ts) finds them in its one pass over the text's
 * characters (`isArrowRun`); the texts of lines in another language are read here (`arrowsOf`).
 */
import { tokens as wordTokens } from '../name-scan.js';

/** Whether the characters `from`..`to` of `text` (a run of `-`, `=` and `>` from a `-` or `=`, as `tokens` reads one) are an arrow: no `>` before the last. */
export function isArrowRun(text: string, from: number, to: number): boolean {
  for (let k = from + 1; k < to - 1; k++) if (text.charCodeAt(k) === 62) return false;
  return true;
}

/** The arrows of a text: start and end pairs from its start, by its tokens; kept per text. */
export function arrowsOf(text: string): readonly number[] {
  if (text.indexOf('-') < 0 && text.indexOf('=') < 0) return NONE;
  let found = memo.get(text);
  if (!found) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    found = [];
    for (const t of wordTokens(text)) if (t.kind === 'punct' && (t.text.startsWith('-') || t.text.startsWith('=')) && isArrowRun(t.text, 0, t.text.length)) found.push(t.start, t.end);
    memo.set(text, found);
  }
  return found;
}

const NONE: readonly number[] = [];
const memo = new Map<string, number[]>();
/** Distinct texts whose arrows are kept before the memo starts again (a bound on its memory). */
const MEMO_LIMIT = 50_000;
