/**
 * The semantic tokens of a game file but for its order texts in the standard notation, as spans:
 * comments and the keyword that starts a line, the header's values, phase names, order results,
 * the words of expect lines about the game's result and of declare blocks, the provinces, coasts
 * and powers the names walk finds, and the names and arrows of order lines in other languages.
 * The lines a search of the text finds (a comment, a keyword after a line's blanks) and one pass
 * over the parsed game. The order texts in the standard notation, most of a game, are listed, not
 * read: what each holds is kept per distinct text (token-orders.ts) and written in place among
 * the spans (token-lines.ts).
 */
import type { GameAst } from '@dipforge/dsl';
import { tokens as wordTokens } from '../name-scan.js';
import { visitGameNames, type Occurrence } from '../names.js';
import { lineComment } from '../text.js';
import { arrowsOf } from './token-arrows.js';
import type { TokenGame } from './token-game.js';
import { SpanBuffer, TYPE } from './token-spans.js';

/** The lines `from`..`to` (inclusive) of a game. */
export interface Window {
  from: number;
  to: number;
}

const GAME_KEYWORDS = new Set(['variant', 'edition', 'rule', 'seed', 'player', 'language', 'position', 'phase', 'expect', 'units', 'dislodged', 'owners', 'standoffs', 'winner']);
/** Words of the expect lines about the result of the game (`winner`, `draw`, `score`, `result`), outside the powers they name. */
const EXPECT_WORDS = new Set(['winner', 'draw', 'score', 'result', 'none']);
/** Words of declarations, outside the powers they name. */
const DECLARE_WORDS = new Set(['alliance', 'allies', 'draw', 'concede', 'by', 'end', 'none']);

type Ranged = { range: { start: { offset: number }; end: { offset: number } } };

/** A game's spans, and its order texts in the standard notation in the order of the text. */
export interface GameSpans {
  spans: SpanBuffer;
  texts: GameAst.Text[];
}

/** The spans of a game; with `window`, those of the phase sections, declare blocks and lines it overlaps (and the header's). */
export function gameSpans(doc: TokenGame, window?: Window): GameSpans {
  const spans = new SpanBuffer();
  const texts: GameAst.Text[] = [];
  const arrows = (t: GameAst.Text): void => {
    const found = arrowsOf(t.text);
    const base = t.range.start.offset;
    for (let k = 0; k < found.length; k += 2) spans.push(base + (found[k] as number), base + (found[k + 1] as number), TYPE.operator);
  };
  lineSpans(doc, spans, window);
  const outside = (n: { range: { start: { line: number }; end: { line: number } } }): boolean => !!window && (n.range.end.line < window.from || n.range.start.line > window.to);
  const r = (x: Ranged | undefined, type: number): void => {
    if (x) spans.push(x.range.start.offset, x.range.end.offset, type);
  };
  const ast = doc.parsed.ast;
  for (const h of ast.header) {
    if (h.kind === 'Variant') {
      r(h.name, TYPE.namespace);
      r(h.path, TYPE.string);
    } else if (h.kind === 'Edition') r(h.name, TYPE.enumMember);
    else if (h.kind === 'Rule') {
      r(h.key, TYPE.property);
      for (const v of h.values) r(v, v.kind === 'number' ? TYPE.number : v.kind === 'string' ? TYPE.string : TYPE.enumMember);
    } else if (h.kind === 'Seed') r(h.value, TYPE.number);
    else if (h.kind === 'Player') r(h.name, TYPE.string);
  }
  const phaseName = (p: GameAst.PhaseName | undefined): void => {
    if (!p) return;
    r(p.season, TYPE.event);
    r(p.year, TYPE.number);
    r(p.kind, TYPE.event);
  };
  if (ast.position) phaseName(ast.position.phase);
  for (const s of ast.phases) {
    if (outside(s)) continue;
    phaseName(s.phase);
    // Indexed: a loop over an iterator makes an object a turn in code not optimized yet.
    const orders = s.orders;
    for (let k = 0; k < orders.length; k++) {
      const o = orders[k] as GameAst.OrderLine;
      // Without a name index no order text is read for names: its arrows are found here.
      if (!doc.index) arrows(o.text);
      if (o.expected) spans.push(o.expected.range.start.offset, o.expected.range.end.offset, TYPE.enumMember);
    }
  }
  // Expect lines of the result of the game, and `declare` blocks: their words (`draw`, `by`, `none`…) as keywords.
  const words = (node: Ranged, set: ReadonlySet<string>, skip: readonly GameAst.Word[]): void => {
    const from = node.range.start.offset;
    for (const t of wordTokens(doc.text.slice(from, node.range.end.offset), from)) {
      if (t.kind !== 'word' || !set.has(t.text.toLowerCase())) continue;
      if (skip.some((w) => t.start < w.range.end.offset && t.end > w.range.start.offset)) continue;
      spans.push(t.start, t.end, TYPE.keyword);
    }
  };
  const expect = (e: GameAst.ExpectSection): void => {
    for (const s of e.winner) words(s, EXPECT_WORDS, s.powers);
    for (const s of e.draw) words(s, EXPECT_WORDS, s.powers);
    for (const s of e.score) {
      words(s, EXPECT_WORDS, [s.power]);
      r(s.value, TYPE.number);
    }
    for (const s of e.result) {
      words({ range: { start: s.range.start, end: s.result.range.start } }, EXPECT_WORDS, []);
      r(s.result, TYPE.enumMember);
      r(s.year, TYPE.number);
    }
  };
  for (const s of ast.phases) if (!outside(s)) for (const e of s.expect) expect(e);
  for (const d of ast.declare) {
    if (outside(d)) continue;
    r(d.keyword, TYPE.keyword);
    for (const s of d.statements) {
      const named = s.kind === 'Allies' ? [s.power, ...(s.ally ? [s.ally] : [])] : s.kind === 'End' ? [] : [...s.powers, ...(s.kind === 'Alliance' ? [] : (s.voters ?? []))];
      words(s, DECLARE_WORDS, named);
    }
    for (const e of d.expect) expect(e);
  }
  const names = window ? { start: doc.lines.lineStart(window.from), end: doc.lines.lineEnd(Math.min(window.to, doc.lines.count - 1)) } : undefined;
  visitGameNames(doc, names, {
    name: (o: Occurrence, shift: number) => spans.push(o.start + shift, o.end + shift, o.kind === 'province' ? TYPE.variable : o.kind === 'coast' ? TYPE.property : TYPE.type),
    orderWord: (w, shift) => spans.push(w.start + shift, w.end + shift, TYPE.keyword),
    // A text in the standard notation is written in place; another language's has its arrows here, its names from the walk.
    orderText: (t, standard) => {
      if (standard) texts.push(t);
      else arrows(t);
    },
  });
  return { spans, texts };
}

/**
 * Comments, and the keyword a line starts with (not a `word:` line), of the lines in the window.
 * Most lines hold neither (order lines): the lines that may are found by searching the text
 * (`//`, and a keyword after a line's blanks, by `KEYWORD_LINE`), and only those are read.
 */
function lineSpans(doc: TokenGame, spans: SpanBuffer, window?: Window): void {
  const { text, lines } = doc;
  const first = window ? Math.max(0, window.from) : 0;
  const last = window ? Math.min(lines.count, window.to + 1) : lines.count;
  if (first >= last) return;
  const from = lines.lineStart(first);
  // A line is read once, though the search may find a keyword on it twice (after U+2028, a line start to it but not to `Lines`).
  let read = -1;
  KEYWORD_LINE.lastIndex = from;
  for (let m = KEYWORD_LINE.exec(text); m; m = KEYWORD_LINE.exec(text)) {
    const l = lines.lineOf(m.index + m[0].length - 1);
    if (l >= last) break;
    if (l === read) continue;
    read = l;
    const start = lines.lineStart(l);
    const keyword = leadingKeyword(text, start, lines.lineEnd(l));
    if (keyword >= 0) spans.push(keyword, keywordEnd(text, keyword, lines.lineEnd(l)), TYPE.keyword);
  }
  for (let slash = text.indexOf('//', from); slash >= 0; ) {
    const l = lines.lineOf(slash);
    if (l >= last) break;
    const start = lines.lineStart(l);
    const end = lines.lineEnd(l);
    const { comment } = lineComment(text.slice(start, end));
    if (comment >= 0) spans.push(start + comment, end, TYPE.comment);
    slash = text.indexOf('//', end);
  }
}

const LEADING_WORD = /^(\s*)(\p{L}+)(\s*:)?/u;
/**
 * Where a line may start with a keyword: at a line start, blanks then a keyword's letters in any
 * case (case-insensitive matching takes in every text whose lower case is a keyword). More lines
 * than those that do (`phases`, `phase:`), which `leadingKeyword` then reads.
 */
const KEYWORD_LINE = new RegExp(`^[^\\S\\r\\n]*(?:${[...GAME_KEYWORDS].join('|')})`, 'gimu');

/**
 * Where the line's first word starts when it is a game keyword (`phase`, `expect`, `units`…)
 * not followed by a colon (`units:` is no statement), or -1. A line that starts with
 * ASCII blanks and letters is read without the expression.
 */
function leadingKeyword(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  const wordStart = i;
  while (i < end && isAsciiLetter(text.charCodeAt(i))) i++;
  const next = i < end ? text.charCodeAt(i) : 32;
  if (next > 127 || (i === wordStart && next !== 32 && next !== 9 && i < end && isOtherBlank(next))) return slowKeyword(text, start, end);
  if (i - wordStart < SHORTEST_KEYWORD || i - wordStart > LONGEST_KEYWORD || !GAME_KEYWORDS.has(text.slice(wordStart, i).toLowerCase())) return -1;
  let j = i;
  while (j < end && isBlankCode(text.charCodeAt(j))) j++;
  if (j < end && text.charCodeAt(j) > 127) return slowKeyword(text, start, end);
  return j < end && text.charCodeAt(j) === 58 ? -1 : wordStart;
}

/** The keyword's end: the run of letters from `at`. */
function keywordEnd(text: string, at: number, end: number): number {
  let i = at;
  while (i < end && isAsciiLetter(text.charCodeAt(i))) i++;
  if (i < end && text.charCodeAt(i) > 127) {
    const m = LEADING_WORD.exec(text.slice(at, end));
    return at + (m?.[2]?.length ?? i - at);
  }
  return i;
}

/** `leadingKeyword` by the expression, for lines with other letters or blanks. */
function slowKeyword(text: string, start: number, end: number): number {
  const m = LEADING_WORD.exec(text.slice(start, end));
  if (!m || m[3] !== undefined || !GAME_KEYWORDS.has((m[2] as string).toLowerCase())) return -1;
  return start + (m[1] as string).length;
}

const LONGEST_KEYWORD = Math.max(...[...GAME_KEYWORDS].map((k) => k.length));
/** No keyword is shorter: an order line's `A` or `F` is no keyword, and is not looked up. */
const SHORTEST_KEYWORD = Math.min(...[...GAME_KEYWORDS].map((k) => k.length));
const isAsciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** Blanks `\s` matches below 128 besides space and tab. */
const isOtherBlank = (c: number): boolean => c === 10 || c === 11 || c === 12 || c === 13;
const isBlankCode = (c: number): boolean => c === 32 || c === 9 || isOtherBlank(c);
