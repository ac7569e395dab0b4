/**
 * readLocalizedOrders: what a player wrote in a language → canonical orders, or
 * every reading when it reads several ways, or the word that was not understood.
 * Segmentation (`./lattice.ts`) and the grammar (`./grammar.ts`) find every
 * reading; this module gives each its power and the unit kinds the position
 * knows, lets the position choose when it can, and words the diagnostics.
 */
import type { Board } from '../../board/board.js';
import { formatOrder } from '../format.js';
import type { DisbandEntry, Order, UnitRef } from '../order.js';
import { parseOrder } from '../parse.js';
import { Grammar, type Alt, type Draft, type TextReading } from './grammar.js';
import { orderVocabulary } from './languages/index.js';
import { exactEdges, looseEdges, skipBlank, type Edge, type Edges } from './lattice.js';
import { lexiconFor, type Lexicon } from './lexicon.js';
import type { LocalizedReadContext, LocalizedReadResult, LocalizedWarning, Reading } from './result.js';
import { normalText, originalSpan, type NormalText } from './text.js';
import { quoted } from '../../config/echo.js';
import { didYouMeanOf } from '../../config/suggest.js';
import { spellingIn, spellingSuggestions, type SpellingSuggestion } from './spellings.js';

/**
 * The longest line the reader reads. It tries every way a line can be read, in
 * time and stack depth that grow with the length of the line (lists and routes
 * are read by recursion), so a line is bounded; a line of orders is far shorter.
 */
export const MAX_LOCALIZED_LENGTH = 1000;

export function readLocalizedOrders(board: Board, language: string, text: string, context: LocalizedReadContext = {}): LocalizedReadResult {
  const written = typeof text === 'string' ? text : String(text);
  try {
    return read(board, String(language), written, context);
  } catch (e) {
    // A bug in the reader must not take the caller down with it.
    const detail = e instanceof Error ? e.message : String(e);
    return { ok: false, code: 'internal', message: `could not read the order: ${detail}`, start: 0, end: written.length };
  }
}

function read(board: Board, language: string, written: string, context: LocalizedReadContext): LocalizedReadResult {
  const vocabulary = orderVocabulary(language);
  if (vocabulary === undefined) {
    return { ok: false, code: 'unknown-language', message: `no order vocabulary for the language ${quoted(language)}`, start: 0, end: written.length };
  }
  if (written.trim() === '') return { ok: false, code: 'empty', message: 'empty order', start: 0, end: written.length };
  if (written.length > MAX_LOCALIZED_LENGTH) {
    const message = `the line is ${written.length} characters long; orders in ${language} are read up to ${MAX_LOCALIZED_LENGTH} characters a line: write them on several lines`;
    return { ok: false, code: 'too-long', message, start: MAX_LOCALIZED_LENGTH, end: written.length };
  }
  const lexicon = lexiconFor(board, vocabulary);
  const norm = normalText(written, lexicon.fold);
  const exact = exactEdges(norm, lexicon);
  let edges: Edges = exact;
  let grammar = new Grammar(norm, lexicon, edges);
  let alts = grammar.readings();
  if (alts.length === 0) {
    edges = looseEdges(norm, lexicon, exact, context.guessNames !== false);
    grammar = new Grammar(norm, lexicon, edges);
    alts = grammar.readings();
  }
  if (alts.length === 0) {
    // Text in the standard notation that the shared words do not cover is still read as the English reader reads it.
    const english = parseOrder(lexicon.names, written, context);
    if (english.ok) {
      const warnings = (english.warnings ?? []).map((w): LocalizedWarning => {
        // The English reader says `read 'X' as id (Name)`: the id is the guess.
        const guess = /' as (\S+)/u.exec(w.message)?.[1] ?? '';
        return { code: 'guessed-name', message: w.message, written: written.slice(w.start, w.end), guess, start: w.start, end: w.end };
      });
      return warnings.length === 0 ? { ok: true, orders: [english.order] } : { ok: true, orders: [english.order], warnings };
    }
    return failure(norm, lexicon, edges, grammar);
  }
  return choose(norm, lexicon, alts, context);
}

interface Candidate {
  reading: Reading;
  alt: Alt<TextReading>;
  fit: number;
}

function choose(text: NormalText, lexicon: Lexicon, alts: Alt<TextReading>[], context: LocalizedReadContext): LocalizedReadResult {
  // The fewest guesses first; then the fewest orders, so a route is not also read as two moves.
  // reduce, not Math.min(...list): a line can read more ways than a call takes arguments.
  const best = alts.reduce((m, a) => Math.min(m, a.pen), Infinity);
  const fewest = alts.reduce((m, a) => (a.pen === best ? Math.min(m, a.v.drafts.length) : m), Infinity);
  const byText = new Map<string, Candidate>();
  let powerless = false;
  for (const alt of alts.filter((a) => a.pen === best && a.v.drafts.length === fewest)) {
    const orders = toOrders(alt.v, context);
    if (orders === null) continue;
    if (orders === undefined) {
      powerless = true;
      continue;
    }
    const reading: Reading = { orders, text: orders.map((o) => formatOrder(o, { power: true })).join('; ') };
    if (!byText.has(reading.text)) byText.set(reading.text, { reading, alt, fit: fit(orders, context) });
  }
  let candidates = [...byText.values()];
  if (candidates.length === 0) {
    const message = powerless
      ? "can't tell which power gives this order; begin it with the power and a colon, as in 'POWER: ORDER'"
      : 'no reading of the order';
    return { ok: false, code: 'no-power', message, start: 0, end: text.original.length };
  }
  if (candidates.length > 1 && context.unitAt !== undefined) {
    const top = candidates.reduce((m, c) => Math.max(m, c.fit), -Infinity);
    candidates = candidates.filter((c) => c.fit === top);
  }
  const [only, ...others] = candidates;
  if (only !== undefined && others.length === 0) {
    const warnings = only.alt.loose.filter((e) => e.penalty >= 2).map((e) => warning(text, lexicon, e));
    return warnings.length === 0 ? { ok: true, orders: only.reading.orders } : { ok: true, orders: only.reading.orders, warnings };
  }
  const readings = candidates.map((c) => c.reading);
  const message = `the order reads ${readings.length} ways: ${readings.map((r) => quoted(r.text)).join(' or ')}`;
  return { ok: false, code: 'ambiguous', message, start: 0, end: text.original.length, readings };
}

function warning(text: NormalText, lexicon: Lexicon, e: Edge): LocalizedWarning {
  const { start, end } = originalSpan(text, e.from, e.to);
  const written = e.guess?.written ?? text.original.slice(start, end);
  const id = e.guess?.id ?? '';
  // A place is named as the order's language writes it (in the case written), the id after it.
  const spelling = e.lex.kind === 'place' ? spellingIn(lexicon.board, lexicon.vocabulary.language, id, written, e.lex.case) : undefined;
  const what =
    spelling !== undefined
      ? `${quoted(spelling)} (${id}, ${lexicon.names.provinceName(id) ?? id})`
      : e.lex.kind === 'power'
        ? `${id} (${lexicon.names.powerName(id) ?? id})`
        : `the word for ${quoted(id)}`;
  return { code: 'guessed-name', message: `read ${quoted(written)} as ${what}`, written, guess: id, ...(spelling !== undefined ? { spelling } : {}), start, end };
}

type UnitLookup = NonNullable<LocalizedReadContext['unitAt']>;

function lookup(unitAt: UnitLookup, at: string): ReturnType<UnitLookup> {
  const slash = at.indexOf('/');
  return unitAt(at) ?? (slash >= 0 ? unitAt(at.slice(0, slash)) : undefined);
}

function filled<T extends Pick<UnitRef, 'kind' | 'at'>>(ref: T, unitAt: UnitLookup | undefined): T {
  if (ref.kind !== undefined || unitAt === undefined) return ref;
  const unit = lookup(unitAt, ref.at);
  return unit === undefined ? ref : { ...ref, kind: unit.kind };
}

/**
 * The orders of a reading with their powers; undefined when a power cannot be told, null when
 * the reading contradicts itself (the power before the text is not the one before a unit:
 * `德国柏林陆军、法国巴黎陆军防守` is not all Germany's).
 */
function toOrders(reading: TextReading, context: LocalizedReadContext): Order[] | undefined | null {
  const unitAt = context.unitAt;
  const orders: Order[] = [];
  for (const [i, draft] of reading.drafts.entries()) {
    const written = reading.unitPowers[i];
    if (reading.power !== undefined && written !== undefined && written !== reading.power) return null;
    const own = 'unit' in draft ? draft.unit : undefined;
    const owner = own !== undefined && unitAt !== undefined ? lookup(unitAt, own.at)?.power : undefined;
    const power = reading.power ?? reading.unitPowers[i] ?? context.power ?? owner;
    if (power === undefined) return undefined;
    orders.push({ power, ...complete(draft, context) } as Order);
  }
  return orders;
}

/** A draft with the unit kinds the position knows, and a plain move in a retreat phase read as a retreat. */
function complete(draft: Draft, context: LocalizedReadContext): Draft {
  const u = context.unitAt;
  switch (draft.type) {
    case 'move': {
      const unit = filled(draft.unit, u);
      if (context.phase === 'retreat' && draft.path === undefined && !draft.viaConvoy) return { type: 'retreat', unit, to: draft.to };
      return { ...draft, unit };
    }
    case 'support':
      return { ...draft, unit: filled(draft.unit, u), supported: filled(draft.supported, u) };
    case 'convoy':
      return { ...draft, unit: filled(draft.unit, u), army: filled(draft.army, u) };
    case 'hold':
    case 'retreat':
    case 'disband':
      return { ...draft, unit: filled(draft.unit, u) };
    case 'disband-list': {
      const [a, b, ...rest] = draft.units.map((x) => filled<DisbandEntry>(x, u));
      return a === undefined || b === undefined ? draft : { type: 'disband-list', units: [a, b, ...rest] };
    }
    default:
      return draft;
  }
}

/** How well a reading fits the board: units where it says there are, of the kind it says. */
function fit(orders: Order[], context: LocalizedReadContext): number {
  const unitAt = context.unitAt;
  if (unitAt === undefined) return 0;
  let score = 0;
  const check = (ref: Pick<UnitRef, 'kind' | 'at'>, weight: number): void => {
    const unit = lookup(unitAt, ref.at);
    if (unit === undefined) score -= weight;
    else score += ref.kind === undefined || ref.kind === unit.kind ? weight : -weight;
  };
  for (const o of orders) {
    if ('unit' in o) check(o.unit, 2);
    if (o.type === 'support') check(o.supported, 1);
    if (o.type === 'convoy') check(o.army, 1);
    if (o.type === 'disband-list') for (const x of o.units) check(x, 2);
  }
  return score;
}

/** How many letters before a word not understood, in a script without spaces, may begin the name it misspells. */
const UNSPACED_BACK = 6;

/** Where no reading took the whole text: the word not understood, or where the order stops short. */
function failure(text: NormalText, lexicon: Lexicon, edges: Edges, grammar: Grammar): LocalizedReadResult {
  const n = text.chars.length;
  const reach = new Array<boolean>(n + 1).fill(false);
  reach[skipBlank(text, lexicon, 0)] = true;
  let furthest = 0;
  for (let p = 0; p <= n; p++) {
    if (!reach[p]) continue;
    furthest = p;
    for (const e of edges[p] ?? []) reach[skipBlank(text, lexicon, e.to)] = true;
  }
  const language = lexicon.vocabulary.englishName;
  if (!reach[n]) {
    const from = furthest;
    let to = from + 1;
    if (text.spacedScript[from] === true) while (text.spacedScript[to] === true) to++;
    else while (to < n && (edges[to]?.length ?? 0) === 0 && text.classes[to] !== 'space' && text.spacedScript[to] !== true) to++;
    // Every spelling of every province, in every language, is a candidate; each suggestion is written as this language writes it.
    const suggest = (f: number): { f: number; word: string; start: number; end: number; found: SpellingSuggestion[] } => {
      const span = originalSpan(text, f, to);
      const word = text.original.slice(span.start, span.end);
      return { f, word, ...span, found: spellingSuggestions(lexicon.board, lexicon.vocabulary.language, word) };
    };
    let best = suggest(from);
    // Without spaces, a misspelt name may begin inside what the reader took for a word (`陸軍 パル`: `陸軍 パ`
    // read as a slip of the army word, `ル` not understood): the stretches that begin up to a few letters
    // earlier (never across a space or a mark) are tried too, and the one closest to a name is the word not understood.
    const cost = (x: typeof best): number => x.found[0]?.cost ?? Infinity;
    for (let p = from - 1; p >= Math.max(0, from - UNSPACED_BACK) && text.classes[p] === 'letter' && text.spacedScript[p] !== true && text.spacedScript[from] !== true; p--) {
      const other = suggest(p);
      if (cost(other) < cost(best)) best = other;
    }
    const { start, end, word } = best;
    const suggestions = [...new Set(best.found.map((x) => x.spelling))];
    return {
      ok: false,
      code: 'not-understood',
      message: `${quoted(word)} is not understood: no ${language} order word and no name on the map${didYouMeanOf(suggestions)}`,
      start,
      end,
      word,
      ...(suggestions.length > 0 ? { suggestions } : {}),
    };
  }
  const stuck = Math.max(0, grammar.stuck.pos);
  const expected = [...grammar.stuck.expected].join(', ');
  if (stuck >= n) {
    // The whole order is the range (an editor shows it), and at most three of what could follow.
    // A place first (what most orders lack at their end), then order words, then the other kinds of
    // name; punctuation last, as it is seldom what is missing.
    const rank = (e: string): number => (e === 'a place' ? 0 : e.startsWith("'") ? 3 : e.startsWith('a ') ? 2 : 1);
    const all = [...grammar.stuck.expected].sort((x, y) => rank(x) - rank(y));
    const shown = all.length > 3 ? `${all.slice(0, 3).join(', ')} or ${all.length - 3} more` : all.join(', ');
    const start = text.original.length - text.original.trimStart().length;
    const end = text.original.trimEnd().length;
    return { ok: false, code: 'incomplete', message: `the order ends too early; expected ${shown}`, start: Math.min(start, end), end };
  }
  const longest = (edges[stuck] ?? []).reduce((m, e) => Math.max(m, e.to), stuck + 1);
  const { start, end } = originalSpan(text, stuck, longest);
  const word = text.original.slice(start, end);
  return { ok: false, code: 'not-understood', message: `${quoted(word)} is not understood here; expected ${expected}`, start, end, word };
}
