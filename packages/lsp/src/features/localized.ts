/**
 * The editor's side of orders in other languages (docs/GAME-LANGUAGE.md,
 * "Orders in other languages"): which language an order line is read in, the
 * canonical orders a localized line holds (hover), rewriting a line into the
 * canonical notation or another language and choosing one reading of an
 * ambiguous line (code actions), and completion of the language's order words
 * and place names (the vocabulary's words and the variant's `name TAG` items).
 */
import { readOrderLine, type OrderRun } from '@dipforge/dsl';
import {
  csrRow,
  formatLocalizedOrder,
  formatOrder,
  LOCALIZED_DIAGNOSTIC_CODES,
  orderLanguages,
  orderVocabulary,
  say,
  statusWords,
  type Board,
  type Meaning,
  type Order,
  type Position as GamePosition,
  type Reading,
  type Unit,
  type VariantConfig,
  type Vocabulary,
} from '@dipforge/engine';
import { CodeActionKind, CompletionItemKind, type CompletionItem, type Diagnostic as LspDiagnostic, type TextEdit } from 'vscode-languageserver';
import { base, positionOf, type GameContext } from '../context.js';
import type { GameDoc } from '../workspace.js';
import type { Speech } from './editor-words.js';

type PhaseContext = Extract<GameContext, { kind: 'phase' }>;
type Edit = (title: string, kind: string, edits: TextEdit[], preferred?: boolean, diagnostics?: LspDiagnostic[]) => void;

/** The language a power's order lines are read in, or undefined for the standard notation. */
export function powerLanguage(doc: GameDoc, powerWord: { text: string } | undefined): string | undefined {
  const power = powerWord && doc.index ? doc.index.power(powerWord.text) : undefined;
  return power ? doc.run.languages?.of(power) : undefined;
}

/** The orders read from the order line under the context (a localized line may hold several). */
export function lineRuns(ctx: PhaseContext): OrderRun[] {
  const order = ctx.order;
  if (!order || !ctx.run) return [];
  return ctx.run.orders.filter((r) => r.line.range.start.offset === order.range.start.offset);
}

/** The unit standing at a location before the phase (the dislodged one first in a retreat phase). */
function unitAtOf(position: GamePosition): (loc: string) => Unit | undefined {
  return (loc) => {
    const b = base(loc);
    const find = (list: readonly Unit[]): Unit | undefined => list.find((u) => base(u.at) === b);
    return position.phase.kind === 'retreat' ? (find(position.dislodged) ?? find(position.units)) : find(position.units);
  };
}

/** An order in `language` when it reads back to that very order before the phase, else undefined. */
function printed(doc: GameDoc, language: string, order: Order, power: string, position: GamePosition): string | undefined {
  const board = doc.board;
  if (!board || !doc.index) return undefined;
  let text: string;
  try {
    text = formatLocalizedOrder(board, language, order, order.power !== power ? { power: true } : {});
  } catch {
    return undefined;
  }
  const back = readOrderLine(board, doc.index, language, text, { power, phase: position.phase.kind, unitAt: unitAtOf(position) });
  return back.ok && back.orders.length === 1 && canonical(back.orders[0] as Order) === canonical(order) ? text : undefined;
}

function canonical(order: Order): string {
  try {
    return `${order.power} ${formatOrder(order)}`;
  } catch {
    return JSON.stringify(order);
  }
}

/** Orders written one a line, at the indentation of the line they replace. */
function joined(doc: GameDoc, ctx: PhaseContext, texts: string[]): string {
  const order = ctx.order as NonNullable<PhaseContext['order']>;
  const lineStart = doc.lines.lineStart(order.range.start.line);
  const indent = /^[ \t]*/.exec(doc.text.slice(lineStart, order.range.start.offset))?.[0] ?? '';
  const eol = doc.text.includes('\r\n') ? '\r\n' : '\n';
  return texts.join(`${eol}${indent}`);
}

function languageName(tag: string): string {
  return `${orderVocabulary(tag)?.englishName ?? tag} (${tag})`;
}

/**
 * Code actions of an order line: rewrite it in the canonical notation and in
 * each language dipforge reads; on an ambiguous line, one quick fix per reading.
 * Only for lines of a power that writes in another language; returns whether it does.
 */
export function localizedActions(doc: GameDoc, ctx: PhaseContext, diagnostics: LspDiagnostic[], edit: Edit): boolean {
  const order = ctx.order;
  const board = doc.board;
  if (!order || !board || !doc.index) return false;
  const language = powerLanguage(doc, order.power);
  // A power that writes the standard notation could not read a line rewritten in another language.
  if (language === undefined) return false;
  const power = doc.index.power(order.power.text);
  const position = positionOf(doc, ctx.index);
  if (!power || !position) return true;
  const range = doc.lines.range(order.text.range.start.offset, order.text.range.end.offset);
  const runs = lineRuns(ctx);
  if (runs.length > 0) {
    const orders = runs.map((r) => r.order);
    const standard = orders.map((o) => {
      try {
        return formatOrder(o);
      } catch {
        return undefined;
      }
    });
    if (standard.every((t) => t !== undefined) && standard.join(' ') !== order.text.text) {
      edit('Rewrite in canonical notation', CodeActionKind.RefactorRewrite, [{ range, newText: joined(doc, ctx, standard as string[]) }]);
    }
    // The power's own language first: the one its lines are read in.
    const tags = orderLanguages().sort((a, b) => (a === language ? -1 : b === language ? 1 : a.localeCompare(b)));
    for (const tag of tags) {
      const texts = orders.map((o) => printed(doc, tag, o, power, position));
      if (texts.some((t) => t === undefined)) continue;
      const newText = joined(doc, ctx, texts as string[]);
      if (newText === order.text.text) continue;
      edit(`Rewrite in ${languageName(tag)}`, CodeActionKind.RefactorRewrite, [{ range, newText }]);
    }
  }
  // An ambiguous line: one quick fix per reading, in the line's language when that reads one way, else canonical.
  const ambiguous = diagnostics.filter((d) => d.code === LOCALIZED_DIAGNOSTIC_CODES.ambiguous && d.range.start.line === order.range.start.line);
  if (ambiguous.length > 0) {
    for (const reading of readings(doc, language, order.text.text, power, position)) {
      const texts = reading.orders.map((o) => printed(doc, language, o, power, position) ?? safeFormat(o));
      edit(`Read as ${reading.text}`, CodeActionKind.QuickFix, [{ range, newText: joined(doc, ctx, texts) }], false, ambiguous);
    }
  }
  return true;
}

function safeFormat(o: Order): string {
  try {
    return formatOrder(o);
  } catch {
    return JSON.stringify(o);
  }
}

/** The readings of an ambiguous line (none when it reads one way or none). */
function readings(doc: GameDoc, language: string, text: string, power: string, position: GamePosition): Reading[] {
  if (!doc.board || !doc.index) return [];
  const read = readOrderLine(doc.board, doc.index, language, text, { power, phase: position.phase.kind, unitAt: unitAtOf(position) });
  return !read.ok && read.readings ? read.readings : [];
}

/**
 * Hover lines for a localized order line, in the speech given (the line's language): each canonical
 * order it holds, its result and why; undefined for other lines.
 */
export function localizedHover(doc: GameDoc, ctx: PhaseContext, s: Speech, why: (o: OrderRun) => string | undefined): string[] | undefined {
  const order = ctx.order;
  if (!order) return undefined;
  const language = powerLanguage(doc, order.power);
  if (language === undefined) return undefined;
  const t = s.words.text;
  const runs = lineRuns(ctx);
  const out: string[] = [say(t.writtenIn, { language: s.words.languages[language.toLowerCase().split('-')[0] as string] ?? languageName(language) })];
  for (const r of runs) {
    const words = r.result ? statusWords(r.result, s.names, doc.board) : t.notAdjudicated;
    const because = r.result && r.result.status !== 'succeeds' ? ` — ${why(r) ?? ''}` : '';
    out.push(say(t.canonical, { order: safeFormat(r.order), power: r.power, words, why: because }));
  }
  if (runs.length === 0) out.push(t.unreadable);
  if (order.expected) out.push(say(t.expected, { value: order.expected.value }));
  return out;
}

// ------------------------------------------------------------------ completion

type Category = Meaning | 'place' | 'coast' | 'dash' | 'list' | 'colon';

interface Token {
  text: string;
  key: string;
  category: Category;
}

interface Lexicon {
  vocabulary: Vocabulary;
  tokens: Token[];
  /** Province id → the names to offer, the language's own first (else the display name). */
  names: Map<string, string>;
  /** Province id → the language's other spellings of it (the map's second names), offered when typed. */
  others: Map<string, string[]>;
  /** Every name of a province, lower-cased, → its id. */
  placeOf: Map<string, string>;
  /** The preferred word for each meaning: the one the language's printer writes. */
  preferred: Map<Category, string>;
}

const lexicons = new WeakMap<VariantConfig, Map<string, Lexicon>>();

/** The text between two placeholders of a printing template (`{unit}移动到{to}` → `移动到`). */
function between(template: string, after: string | undefined, before: string | undefined): string | undefined {
  const from = after ? template.indexOf(after) : 0;
  if (from < 0) return undefined;
  const start = after ? from + after.length : 0;
  const end = before ? template.indexOf(before, start) : template.length;
  if (end < 0) return undefined;
  const text = template
    .slice(start, end)
    .replace(/^[\s,，:：]+|[\s,，:：]+$/gu, '')
    .trim();
  return text === '' ? undefined : text;
}

function lexicon(config: VariantConfig, language: string): Lexicon | undefined {
  const vocabulary = orderVocabulary(language);
  if (!vocabulary) return undefined;
  let per = lexicons.get(config);
  if (!per) {
    per = new Map();
    lexicons.set(config, per);
  }
  const kept = per.get(vocabulary.language);
  if (kept) return kept;
  const tag = vocabulary.language;
  const tokens: Token[] = [];
  const add = (text: string, category: Category): void => {
    if (text) tokens.push({ text, key: text.toLowerCase(), category });
  };
  for (const [word, meanings] of Object.entries(vocabulary.words)) for (const m of meanings) add(word, m);
  for (const c of vocabulary.coasts) add(c.word, 'coast');
  for (const c of vocabulary.punctuation.dash) add(c, 'dash');
  for (const c of vocabulary.punctuation.list + vocabulary.punctuation.separator) add(c, 'list');
  add(vocabulary.punctuation.colon, 'colon');
  const names = new Map<string, string>();
  const placeOf = new Map<string, string>();
  const others = new Map<string, string[]>();
  for (const p of config.provinces) {
    const own = Object.entries(p.names ?? {}).find(([t]) => t.split('-')[0] === tag)?.[1] ?? [];
    names.set(p.id, own[0] ?? p.name);
    if (own.length > 1) others.set(p.id, own.slice(1));
    for (const n of [p.id, p.name, ...(p.aliases ?? []), ...own]) {
      placeOf.set(n.toLowerCase(), p.id);
      add(n, 'place');
    }
  }
  // Longest first, so that the last token of a text is its longest reading.
  tokens.sort((a, b) => b.text.length - a.text.length);
  const t = vocabulary.print;
  const preferred = new Map<Category, string>();
  const prefer = (c: Category, text: string | undefined): void => {
    if (text && !preferred.has(c)) preferred.set(c, text);
  };
  prefer('hold', between(t.hold, '{unit}', undefined));
  prefer('move', between(t.move, '{unit}', '{to}'));
  prefer('support', between(t.supportMove, '{unit}', '{supported}'));
  prefer('convoy', between(t.convoy, '{unit}', '{army}'));
  prefer('retreat', between(t.retreat, '{unit}', '{to}'));
  prefer('disband', between(t.disband, '{unit}', undefined));
  prefer('build', t.build.startsWith('{') ? between(t.build, '{place}', '{kind}') : between(t.build, undefined, '{kind}'));
  prefer('waive', t.waive);
  prefer('build-list', between(t.buildList, undefined, '{entries}'));
  prefer('disband-list', between(t.disbandList, undefined, '{entries}'));
  prefer('army', vocabulary.kinds.army);
  prefer('fleet', vocabulary.kinds.fleet);
  const lex = { vocabulary, tokens, names, others, placeOf, preferred };
  per.set(tag, lex);
  return lex;
}

/** The longest token the text ends with (for spaced languages, a whole word), or undefined. */
function lastToken(lex: Lexicon, text: string): Token | undefined {
  const s = text.replace(/\s+$/u, '').toLowerCase();
  if (s === '') return undefined;
  for (const t of lex.tokens) {
    if (!s.endsWith(t.key)) continue;
    const before = s[s.length - t.key.length - 1];
    if (lex.vocabulary.spaced && before !== undefined && /[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(t.key[0] ?? '')) continue;
    return t;
  }
  return undefined;
}

/** The categories of the tokens found in the text, in order (greedy, longest first). */
function categoriesIn(lex: Lexicon, text: string): Category[] {
  const s = text.toLowerCase();
  const out: Category[] = [];
  let i = 0;
  while (i < s.length) {
    const t = lex.tokens.find((x) => s.startsWith(x.key, i));
    if (t) {
      out.push(t.category);
      i += t.key.length;
    } else i++;
  }
  return out;
}

/** The first place the text names: the unit the order is for. */
function firstPlace(lex: Lexicon, text: string): string | undefined {
  const s = text.toLowerCase();
  for (let i = 0; i < s.length; i++) {
    const t = lex.tokens.find((x) => x.category === 'place' && s.startsWith(x.key, i));
    if (t) return lex.placeOf.get(t.key);
  }
  return undefined;
}

interface Offer {
  label: string;
  /** The same offer in the place's other spellings: shown instead of the label when the typed text begins one. */
  also?: string[];
  detail: string;
  kind: CompletionItemKind;
}

function targets(board: Board, u: { kind: string; at: string }): string[] {
  const loc = board.locId(u.at);
  if (loc < 0) return [];
  const adj = u.kind === 'fleet' ? board.fleetAdj : board.armyAdj;
  return [...new Set([...csrRow(adj, loc)].map((t) => base(board.locName(t))))];
}

/**
 * Completion in an order line of a power that writes in `language`: what can
 * come next after the text before the cursor, in that language. Undefined when
 * dipforge has no vocabulary for it.
 */
export function localizedCompletion(doc: GameDoc, language: string, power: string, position: GamePosition, orderStart: number, offset: number): CompletionItem[] | undefined {
  const board = doc.board;
  const config = doc.config;
  if (!board || !config) return undefined;
  const lex = lexicon(config, language);
  if (!lex) return undefined;
  const vocab = lex.vocabulary;
  const before = doc.text.slice(orderStart, offset);
  const unitFirst = vocab.print.unit.indexOf('{kind}') < vocab.print.unit.indexOf('{place}');
  const unitLabel = (u: Unit, name = lex.names.get(base(u.at)) ?? u.at): string => {
    const text = vocab.print.unit.replace('{kind}', vocab.kinds[u.kind]).replace('{place}', name);
    return vocab.print.capitalize ? text.charAt(0).toUpperCase() + text.slice(1) : text;
  };
  const place = (id: string): Offer => ({ label: lex.names.get(id) ?? id, also: lex.others.get(id), detail: id, kind: CompletionItemKind.Value });
  const unit = (u: Unit): Offer => ({
    label: unitLabel(u),
    also: lex.others.get(base(u.at))?.map((name) => unitLabel(u, name)),
    detail: `${u.kind === 'fleet' ? 'F' : 'A'} ${u.at} (${u.power})`,
    kind: CompletionItemKind.Value,
  });
  const words = (...meanings: Category[]): Offer[] => {
    const out: Offer[] = [];
    for (const m of meanings) {
      const first = lex.preferred.get(m);
      if (first) out.push({ label: first, detail: m, kind: CompletionItemKind.Keyword });
      for (const t of lex.tokens) if (t.category === m && t.text !== first && /[^\x00-\x7f]|^[a-zäö]{3,}/iu.test(t.text)) out.push({ label: t.text, detail: m, kind: CompletionItemKind.Keyword });
    }
    return out;
  };
  const phase = position.phase.kind;
  const own = (phase === 'retreat' ? position.dislodged : position.units).filter((u) => u.power === power);
  const verbs = (): Offer[] =>
    phase === 'retreat' ? words('retreat', 'disband') : phase === 'adjustment' ? words('build', 'disband') : words('move', 'support', 'hold', 'convoy');
  const homes = (): Offer[] => config.powers.find((p) => p.id === power)?.home.map(place) ?? [];
  const unitAtPlace = (id: string | undefined): Unit | undefined => (id ? unitAtOf(position)(id) : undefined);

  /** What may follow `text` (the order up to where the word being typed starts). */
  const next = (written: string): Offer[] | undefined => {
    // A second name of the same place in brackets (`North Sea(北海)`) adds nothing to what comes next.
    const text = written.replace(/[(（][^()（）]*[)）]\s*$/u, '');
    const last = lastToken(lex, text);
    const seen = categoriesIn(lex, text);
    const has = (...c: Category[]): boolean => seen.some((x) => c.includes(x));
    const first = unitAtPlace(firstPlace(lex, text));
    if (!last || last.category === 'colon' || last.category === 'filler') {
      if (text.trim() !== '' && !last) return undefined;
      if (phase === 'adjustment') return [...words('build', 'waive', 'build-list', 'disband-list'), ...own.map(unit), ...homes()];
      return own.map(unit);
    }
    switch (last.category) {
      case 'list':
      case 'and':
        if (has('retreat-list')) return first ? targets(board, first).map(place) : undefined;
        if (has('build-list')) return homes();
        return position.units.map(unit);
      case 'army':
      case 'fleet':
      case 'unit':
        if (has('build', 'build-list') && unitFirst) return homes();
        if (has('build', 'build-list')) return [];
        if (!unitFirst) return has('support') && !has('move', 'hold') ? words('move', 'hold') : verbs();
        return (has('support', 'convoy') ? position.units.filter((u) => u !== first) : own).map((u) => place(base(u.at)));
      case 'place':
      case 'coast': {
        const complete = has('move', 'dash', 'retreat', 'hold');
        if (complete) return [];
        if (has('build')) return unitFirst ? [] : words('army', 'fleet');
        // After a place that holds a unit, only the word of that unit's kind (no fleet words after inland Paris).
        const kindOf = (u: Unit | undefined): Offer[] => (u ? words(u.kind) : words('army', 'fleet'));
        const named = last.category === 'place' ? unitAtPlace(lex.placeOf.get(last.key)) : undefined;
        if (has('support') && !unitFirst) return [...kindOf(named), ...words('move', 'hold')];
        if (has('support', 'convoy')) return words('move', 'hold');
        return unitFirst ? verbs() : [...kindOf(first), ...verbs()];
      }
      case 'move':
      case 'dash':
      case 'retreat':
      case 'via':
      case 'retreat-list': {
        // A support or convoy's destination: where the supporting unit could go; a move's: where its unit can.
        const reach = first ? targets(board, first) : config.provinces.map((p) => p.id);
        return reach.map(place);
      }
      case 'support':
      case 'convoy':
        return position.units.filter((u) => u !== first).map(unit);
      case 'build':
        return words('army', 'fleet');
      case 'build-list':
      case 'disband-list':
        return has('build-list') ? homes() : own.map(unit);
      default:
        return [];
    }
  };

  // What is being typed: for spaced languages the word before the cursor; without spaces, any
  // tail of the text that begins an offered word (each offer replaces just what it continues).
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  const push = (offers: Offer[], typed: string): void => {
    const key = typed.toLowerCase();
    for (const o of offers) {
      // Only what continues the typed text (not what is already written in full), in the spelling being typed.
      const continues = (l: string): boolean => key === '' || (l.toLowerCase().startsWith(key) && l.toLowerCase() !== key);
      const label = continues(o.label) ? o.label : key === '' ? undefined : o.also?.find(continues);
      if (label === undefined || seen.has(label)) continue;
      seen.add(label);
      items.push({
        label,
        kind: o.kind,
        detail: o.detail,
        textEdit: { range: doc.lines.range(offset - typed.length, offset), newText: label },
        filterText: label,
        sortText: String(items.length).padStart(4, '0'),
      });
    }
  };
  if (vocab.spaced) {
    const typed = /[\p{L}\p{M}\p{N}]*$/u.exec(before)?.[0] ?? '';
    push(next(before.slice(0, before.length - typed.length)) ?? [], typed);
  } else {
    const chars = [...before];
    for (let k = Math.min(8, chars.length); k >= 0; k--) {
      const typed = chars.slice(chars.length - k).join('');
      if (/\s/u.test(typed)) continue;
      const offers = next(chars.slice(0, chars.length - k).join(''));
      if (offers) push(offers, typed);
    }
  }
  return items;
}
