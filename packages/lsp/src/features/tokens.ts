/**
 * Semantic tokens: keywords, provinces, coasts, powers, rule options and
 * values, strings, numbers, comments, arrows. Tokens never overlap and never
 * span lines. The whole document's are computed once per document state; a
 * range of a game (what the editor shows) reads only the phase sections and
 * lines it covers.
 */
import { type SemanticTokens, type SemanticTokensLegend } from 'vscode-languageserver';
import { cached, namesOfGame, namesOfMap } from '../context.js';
import { MAP_KEYWORDS, scanMap } from '../maplex.js';
import { gameNames, tokens as wordTokens } from '../names.js';
import type { GameAst } from '@dipforge/dsl';
import type { GameDoc, MapDoc } from '../workspace.js';
import type { Lines } from '../text.js';

export const TOKEN_TYPES = ['keyword', 'variable', 'type', 'property', 'enumMember', 'string', 'number', 'comment', 'operator', 'namespace', 'event'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly'] as const;
export const legend: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

type TokenType = (typeof TOKEN_TYPES)[number];

interface Span {
  start: number;
  end: number;
  type: TokenType;
  declaration?: boolean;
}

type TokenSpan = { line: number; character: number; length: number; type: TokenType; declaration: boolean };

/** The lines `from`..`to` (inclusive) of a game: the spans of those lines only. */
interface Window {
  from: number;
  to: number;
}

/** The spans as raw data: [line, char, length, type, modifiers] per token (for tests and tools); with `window`, those of its lines. */
export function tokenSpans(doc: GameDoc | MapDoc, window?: Window): TokenSpan[] {
  if (!window) return cached(doc, 'tokenSpans', () => flatten(doc.kind === 'game' ? gameSpans(doc) : mapSpans(doc), doc.lines));
  const inside = (t: TokenSpan): boolean => t.line >= window.from && t.line <= window.to;
  // A map is small and read whole; a game only where the window is.
  if (doc.kind === 'map') return tokenSpans(doc).filter(inside);
  return flatten(gameSpans(doc, window), doc.lines).filter(inside);
}

/** The tokens of the whole document, kept per document state. */
export function semanticTokens(doc: GameDoc | MapDoc): SemanticTokens {
  return cached(doc, 'semanticTokens', () => encode(tokenSpans(doc)));
}

/** The tokens of the lines a range covers (`textDocument/semanticTokens/range`). */
export function semanticTokensRange(doc: GameDoc | MapDoc, range: { start: { line: number }; end: { line: number } }): SemanticTokens {
  return encode(tokenSpans(doc, { from: range.start.line, to: range.end.line }));
}

/** The protocol's relative encoding, written straight into one array (each token five integers). */
function encode(spans: readonly TokenSpan[]): SemanticTokens {
  const data = new Array<number>(spans.length * 5);
  let line = 0;
  let character = 0;
  let k = 0;
  for (const t of spans) {
    const dl = t.line - line;
    data[k++] = dl;
    data[k++] = dl === 0 ? t.character - character : t.character;
    data[k++] = t.length;
    data[k++] = TYPE_INDEX.get(t.type) ?? 0;
    data[k++] = t.declaration ? 1 : 0;
    line = t.line;
    character = t.character;
  }
  return { data };
}

const TYPE_INDEX = new Map<TokenType, number>(TOKEN_TYPES.map((t, i) => [t, i]));

/** The spans in order, overlaps dropped, split at line breaks; their lines found by one walk down the text (they come sorted). */
function flatten(spans: Span[], lines: Lines): TokenSpan[] {
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: TokenSpan[] = [];
  const count = lines.count;
  let last = 0;
  let cursor = 0;
  for (const s of spans) {
    if (s.end <= s.start || s.start < last) continue;
    last = s.end;
    while (cursor + 1 < count && lines.lineStart(cursor + 1) <= s.start) cursor++;
    let line = cursor;
    let from = s.start;
    for (;;) {
      const lineEnd = Math.min(lines.lineEnd(line), s.end);
      if (lineEnd > from) out.push({ line, character: from - lines.lineStart(line), length: lineEnd - from, type: s.type, declaration: !!s.declaration });
      if (line + 1 >= count) break;
      from = lines.lineStart(++line);
      if (from >= s.end) break;
    }
  }
  return out;
}

const GAME_KEYWORDS = new Set(['variant', 'edition', 'rule', 'seed', 'player', 'language', 'position', 'phase', 'expect', 'units', 'dislodged', 'owners', 'standoffs', 'winner']);
/** Words of the expect lines about the result of the game (`winner`, `draw`, `score`, `result`), outside the powers they name. */
const EXPECT_WORDS = new Set(['winner', 'draw', 'score', 'result', 'none']);
/** Words of declarations, outside the powers they name. */
const DECLARE_WORDS = new Set(['alliance', 'allies', 'draw', 'concede', 'by', 'end', 'none']);

/** The spans of a game; with `window`, those of the phase sections, declare blocks and lines it overlaps (and the header's). */
function gameSpans(doc: GameDoc, window?: Window): Span[] {
  const spans: Span[] = [];
  const outside = (n: { range: { start: { line: number }; end: { line: number } } }): boolean => !!window && (n.range.end.line < window.from || n.range.start.line > window.to);
  // Comments and the first keyword of each line.
  for (let l = window ? Math.max(0, window.from) : 0; l < (window ? Math.min(doc.lines.count, window.to + 1) : doc.lines.count); l++) {
    const start = doc.lines.lineStart(l);
    const line = doc.lines.lineText(l);
    let inString = false;
    // Most lines have no comment: the character walk (strings may hold `//`) only for those that may.
    for (let i = line.includes('//') ? 0 : line.length; i < line.length; i++) {
      const c = line[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '/' && line[i + 1] === '/') {
        spans.push({ start: start + i, end: start + line.length, type: 'comment' });
        break;
      }
    }
    const m = /^(\s*)([\p{L}]+)/u.exec(line);
    if (m && GAME_KEYWORDS.has((m[2] as string).toLowerCase()) && !/^\s*[\p{L}]+\s*:/u.test(line)) {
      spans.push({ start: start + (m[1] as string).length, end: start + (m[1] as string).length + (m[2] as string).length, type: 'keyword' });
    }
  }
  const ast = doc.parsed.ast;
  const r = (x: { range: { start: { offset: number }; end: { offset: number } } } | undefined, type: TokenType): void => {
    if (x) spans.push({ start: x.range.start.offset, end: x.range.end.offset, type });
  };
  for (const h of ast.header) {
    if (h.kind === 'Variant') {
      r(h.name, 'namespace');
      r(h.path, 'string');
    } else if (h.kind === 'Edition') r(h.name, 'enumMember');
    else if (h.kind === 'Rule') {
      r(h.key, 'property');
      for (const v of h.values) r(v, v.kind === 'number' ? 'number' : v.kind === 'string' ? 'string' : 'enumMember');
    } else if (h.kind === 'Seed') r(h.value, 'number');
    else if (h.kind === 'Player') r(h.name, 'string');
  }
  const phaseName = (p: GameAst.PhaseName | undefined): void => {
    if (!p) return;
    r(p.season, 'event');
    r(p.year, 'number');
    r(p.kind, 'event');
  };
  if (ast.position) phaseName(ast.position.phase);
  for (const s of ast.phases) {
    if (outside(s)) continue;
    phaseName(s.phase);
    for (const o of s.orders) {
      if (o.expected) spans.push({ start: o.expected.range.start.offset, end: o.expected.range.end.offset, type: 'enumMember' });
      for (const t of wordTokens(o.text.text, o.text.range.start.offset)) if (t.kind === 'punct' && /^[-=]+>?$/.test(t.text)) spans.push({ start: t.start, end: t.end, type: 'operator' });
    }
  }
  // Expect lines of the result of the game, and `declare` blocks: their words (`draw`, `by`, `none`…) as keywords.
  const words = (node: { range: { start: { offset: number }; end: { offset: number } } }, set: ReadonlySet<string>, skip: readonly GameAst.Word[]): void => {
    const from = node.range.start.offset;
    for (const t of wordTokens(doc.text.slice(from, node.range.end.offset), from)) {
      if (t.kind !== 'word' || !set.has(t.text.toLowerCase())) continue;
      if (skip.some((w) => t.start < w.range.end.offset && t.end > w.range.start.offset)) continue;
      spans.push({ start: t.start, end: t.end, type: 'keyword' });
    }
  };
  const expect = (e: GameAst.ExpectSection): void => {
    for (const s of e.winner) words(s, EXPECT_WORDS, s.powers);
    for (const s of e.draw) words(s, EXPECT_WORDS, s.powers);
    for (const s of e.score) {
      words(s, EXPECT_WORDS, [s.power]);
      r(s.value, 'number');
    }
    for (const s of e.result) {
      words({ range: { start: s.range.start, end: s.result.range.start } }, EXPECT_WORDS, []);
      r(s.result, 'enumMember');
      r(s.year, 'number');
    }
  };
  for (const s of ast.phases) if (!outside(s)) for (const e of s.expect) expect(e);
  for (const d of ast.declare) {
    if (outside(d)) continue;
    r(d.keyword, 'keyword');
    for (const s of d.statements) {
      const named = s.kind === 'Allies' ? [s.power, ...(s.ally ? [s.ally] : [])] : s.kind === 'End' ? [] : [...s.powers, ...(s.kind === 'Alliance' ? [] : (s.voters ?? []))];
      words(s, DECLARE_WORDS, named);
    }
    for (const e of d.expect) expect(e);
  }
  const names = window ? gameNames(doc, { start: doc.lines.lineStart(window.from), end: doc.lines.lineEnd(Math.min(window.to, doc.lines.count - 1)) }) : namesOfGame(doc);
  for (const o of names.occurrences) spans.push({ start: o.start, end: o.end, type: o.kind === 'province' ? 'variable' : o.kind === 'coast' ? 'property' : 'type' });
  for (const w of names.orderWords) spans.push({ start: w.start, end: w.end, type: 'keyword' });
  return spans;
}

function mapSpans(doc: MapDoc): Span[] {
  const { occurrences, marks } = namesOfMap(doc);
  const byStart = new Map<number, Span>();
  for (const o of occurrences) byStart.set(o.start, { start: o.start, end: o.end, type: o.kind === 'province' ? 'variable' : o.kind === 'coast' ? 'property' : 'type', declaration: o.decl });
  for (const m of marks) {
    const type: TokenType = m.kind === 'rule' ? 'property' : m.kind === 'ruleValue' || m.kind === 'edition' ? 'enumMember' : m.kind === 'variant' ? 'namespace' : 'variable';
    if (!byStart.has(m.start)) byStart.set(m.start, { start: m.start, end: m.end, type });
  }
  const spans: Span[] = [];
  for (const t of scanMap(doc.text)) {
    const known = byStart.get(t.start);
    if (known) {
      spans.push(known);
      continue;
    }
    switch (t.kind) {
      case 'comment':
        spans.push({ start: t.start, end: t.end, type: 'comment' });
        break;
      case 'string':
        spans.push({ start: t.start, end: t.end, type: 'string' });
        break;
      case 'number':
      case 'colour':
        spans.push({ start: t.start, end: t.end, type: 'number' });
        break;
      case 'name':
        if (MAP_KEYWORDS.has(t.text.toLowerCase())) spans.push({ start: t.start, end: t.end, type: 'keyword' });
        break;
      case 'punct':
        if (t.text === '->' || t.text === '=>' || t.text === '→' || t.text === ':') spans.push({ start: t.start, end: t.end, type: 'operator' });
        break;
      default:
        break;
    }
  }
  return spans;
}
