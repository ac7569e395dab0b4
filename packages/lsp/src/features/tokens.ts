/**
 * Semantic tokens: keywords, provinces, coasts, powers, rule options and
 * values, strings, numbers, comments, arrows. Tokens never overlap and never
 * span lines. The whole document's are computed once per document state; a
 * range of a game (what the editor shows) reads only the phase sections and
 * lines it covers.
 */
import { type SemanticTokens, type SemanticTokensLegend } from 'vscode-languageserver';
import { cached, namesOfMap } from '../context.js';
import { MAP_KEYWORDS, scanMap } from '../maplex.js';
import type { MapDoc } from '../workspace.js';
import type { TokenGame } from './token-game.js';
import type { Window } from './game-tokens.js';
import { gameTokens } from './token-lines.js';
import { DECLARATION, SpanBuffer, TOKEN_MODIFIERS, TOKEN_TYPES, TYPE, type TokenType } from './token-spans.js';

export { TOKEN_MODIFIERS, TOKEN_TYPES } from './token-spans.js';
export const legend: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

type TokenSpan = { line: number; character: number; length: number; type: TokenType; declaration: boolean };

/** The spans as raw data: [line, char, length, type, modifiers] per token (for tests and tools); with `window`, those of its lines. */
export function tokenSpans(doc: TokenGame | MapDoc, window?: Window): TokenSpan[] {
  return decode(window ? encodeWindow(doc, window) : semanticTokens(doc).data);
}

/** The tokens of the whole document, kept per document state. */
export function semanticTokens(doc: TokenGame | MapDoc): SemanticTokens {
  return cached(doc, 'semanticTokens', () => ({ data: doc.kind === 'game' ? gameTokens(doc) : mapSpans(doc).encode(doc.lines) }));
}

/** The tokens of the lines a range covers (`textDocument/semanticTokens/range`). */
export function semanticTokensRange(doc: TokenGame | MapDoc, range: { start: { line: number }; end: { line: number } }): SemanticTokens {
  return { data: encodeWindow(doc, { from: range.start.line, to: range.end.line }) };
}

/** A map is small and read whole; a game only where the window is. */
function encodeWindow(doc: TokenGame | MapDoc, window: Window): number[] {
  if (doc.kind === 'game') return gameTokens(doc, window);
  return cached(doc, 'tokenSpans', () => mapSpans(doc)).encode(doc.lines, window.from, window.to);
}

/** The protocol's relative integers back to tokens. */
function decode(data: readonly number[]): TokenSpan[] {
  const out: TokenSpan[] = [];
  let line = 0;
  let character = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    const dl = data[i] as number;
    line += dl;
    character = dl === 0 ? character + (data[i + 1] as number) : (data[i + 1] as number);
    out.push({ line, character, length: data[i + 2] as number, type: TOKEN_TYPES[data[i + 3] as number] as TokenType, declaration: ((data[i + 4] as number) & DECLARATION) !== 0 });
  }
  return out;
}

function mapSpans(doc: MapDoc): SpanBuffer {
  const { occurrences, marks } = namesOfMap(doc);
  const byStart = new Map<number, { end: number; type: number; declaration: boolean }>();
  for (const o of occurrences) byStart.set(o.start, { end: o.end, type: o.kind === 'province' ? TYPE.variable : o.kind === 'coast' ? TYPE.property : TYPE.type, declaration: o.decl });
  for (const m of marks) {
    const type = m.kind === 'rule' ? TYPE.property : m.kind === 'ruleValue' || m.kind === 'edition' ? TYPE.enumMember : m.kind === 'variant' ? TYPE.namespace : TYPE.variable;
    if (!byStart.has(m.start)) byStart.set(m.start, { end: m.end, type, declaration: false });
  }
  const spans = new SpanBuffer();
  for (const t of scanMap(doc.text)) {
    const known = byStart.get(t.start);
    if (known) {
      spans.push(t.start, known.end, known.type, known.declaration ? DECLARATION : 0);
      continue;
    }
    switch (t.kind) {
      case 'comment':
        spans.push(t.start, t.end, TYPE.comment);
        break;
      case 'string':
        spans.push(t.start, t.end, TYPE.string);
        break;
      case 'number':
      case 'colour':
        spans.push(t.start, t.end, TYPE.number);
        break;
      case 'name':
        if (MAP_KEYWORDS.has(t.text.toLowerCase())) spans.push(t.start, t.end, TYPE.keyword);
        break;
      case 'punct':
        if (t.text === '->' || t.text === '=>' || t.text === '→' || t.text === ':') spans.push(t.start, t.end, TYPE.operator);
        break;
      default:
        break;
    }
  }
  return spans;
}
