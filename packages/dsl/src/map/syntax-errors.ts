/**
 * The `.dipmap` parser's syntax errors as diagnostics: where each is (a token
 * invented in recovery has no place, so just after the last real one), what
 * was expected in our words rather than chevrotain's, and a bounded list.
 */
import type { IRecognitionException, IToken } from 'chevrotain';
import { quoted } from '@dipforge/engine/config';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { LineIndex, Range } from '../text/range.js';

/** Past this many, syntax errors say little more: a file of noise gets a bounded list. */
export const MAX_SYNTAX_DIAGNOSTICS = 500;

/** The diagnostics, at most `MAX_SYNTAX_DIAGNOSTICS` of them in text order, then one that says how many more. */
export function capped(list: Diagnostic[], file: string, lines: LineIndex): Diagnostic[] {
  if (list.length <= MAX_SYNTAX_DIAGNOSTICS) return list;
  const kept = list.sort((a, b) => a.range.start.offset - b.range.start.offset).slice(0, MAX_SYNTAX_DIAGNOSTICS);
  const last = kept[kept.length - 1] as Diagnostic;
  const rest = list.length - kept.length;
  kept.push(diagnostic('tooManyErrors', file, lines.range(last.range.end.offset, lines.text.length), `${rest} more syntax errors after this point are not listed`));
  return kept;
}

/** A token's range in the text. */
export function tokenRange(lines: LineIndex, t: IToken): Range {
  return lines.range(t.startOffset, (t.endOffset ?? t.startOffset) + 1);
}

/** A token of the text, not one chevrotain invented in recovery (which has no offsets). */
export function isReal(t: IToken): boolean {
  return Number.isFinite(t.startOffset) && t.startOffset >= 0 && !t.isInsertedInRecovery;
}

function describe(t: IToken): string {
  if (!isReal(t) || t.tokenType.name === 'EOF') return 'the end of the file';
  return quoted(t.image);
}

/** A parser error as a diagnostic: at its token (or just after the last real one), with what was expected in our words. */
export function syntaxDiagnostic(e: IRecognitionException, file: string, lines: LineIndex, tokens: IToken[], text: string): Diagnostic {
  const t = e.token;
  let range: Range;
  if (isReal(t)) range = tokenRange(lines, t);
  else {
    // chevrotain reports the end of input (and inserted tokens) without offsets:
    // point just after the last real token instead.
    const before = (e as { previousToken?: IToken }).previousToken;
    const previous = before && isReal(before) ? before : tokens[tokens.length - 1];
    const end = previous ? (previous.endOffset ?? previous.startOffset) + 1 : text.length;
    range = lines.range(end, end);
  }
  const expected = expectedFrom(e.message);
  const message = expected ? `Unexpected ${describe(t)}: expected ${expected}` : `Unexpected ${describe(t)}`;
  return diagnostic('syntaxError', file, range, message);
}

/** chevrotain's messages list the expected tokens; keep that part, phrased our way. */
function expectedFrom(message: string): string | undefined {
  const one = /Expecting token of type --> (.+?) <--/.exec(message) ?? /Expecting --> (.+?) <--/.exec(message);
  if (one?.[1]) return readable(one[1]);
  const alts = /one of these possible Token sequences:\s*([\s\S]*?)\s*but found/.exec(message);
  if (alts?.[1]) {
    const firsts = new Set<string>();
    for (const m of alts[1].matchAll(/\[([^\]]*)\]/g)) {
      const first = m[1]?.split(',')[0]?.trim();
      if (first) firsts.add(readable(first));
    }
    const list = [...firsts].slice(0, 8);
    if (list.length > 0) return list.length === 1 ? (list[0] as string) : `one of ${list.join(', ')}`;
  }
  return undefined;
}

function readable(tokenName: string): string {
  switch (tokenName) {
    case 'Name':
    case 'Identifier':
      return 'a name';
    case 'String':
      return 'a string';
    case 'Number':
      return 'a number';
    case 'Colour':
      return 'a colour (#rrggbb)';
    case 'EOF':
      return 'the end of the file';
    default:
      return tokenName.startsWith('Kw_') ? `'${tokenName.slice(3)}'` : tokenName;
  }
}
