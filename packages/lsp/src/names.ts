/**
 * Where provinces, coasts and powers are named in a document, resolved to
 * their ids and to their declarations. Definition, references, rename,
 * semantic tokens and hover all read these lists.
 *
 * A symbol's key is where it is declared (`province:FILE:OFFSET`), so a
 * province that a deriving variant re-declares is another symbol than the base's.
 */
import type { GameAst, VariantModel } from '@dipforge/dsl';
import { nameKey, placeSpans, type NameIndex } from '@dipforge/engine';
import type { GameDoc, MapDoc } from './workspace.js';
import type { TokenGame } from './features/token-game.js';

type MapAst = MapDoc['parsed']['ast'];
type Ident = { text: string; value: string; range: { start: { offset: number }; end: { offset: number } } };

export type SymbolKind = 'province' | 'power' | 'coast';

export interface Occurrence {
  kind: SymbolKind;
  /** Province or power id; for a coast `prov/coast`. */
  id: string;
  start: number;
  end: number;
  /** As written. */
  text: string;
  /** The declaring id itself. */
  decl: boolean;
}

/** Other words the tools colour or explain in maps and game headers. */
export interface Mark {
  kind: 'rule' | 'ruleValue' | 'edition' | 'alias' | 'keyword' | 'variant';
  start: number;
  end: number;
  /** For a rule value: its option; for a rule: the option key. */
  key?: string;
  text: string;
}

export interface Declaration {
  file: string;
  start: number;
  end: number;
}

// ------------------------------------------------------------------ models

/** Names of the provinces and powers of a bound model (ids, titles, aliases, localized names). */
export class ModelNames {
  private readonly provinces = new Map<string, string>();
  private readonly powers = new Map<string, string>();

  constructor(readonly model: VariantModel) {
    for (const [id, { decl }] of model.provinces) {
      this.add(this.provinces, id, id);
      if (decl.title) this.add(this.provinces, decl.title.value, id);
      for (const a of decl.aliases) this.add(this.provinces, a.value, id);
      for (const n of decl.names) for (const v of n.values) this.add(this.provinces, v.value, id);
    }
    for (const [id, { decl }] of model.powers) {
      this.add(this.powers, id, id);
      if (decl.title) this.add(this.powers, decl.title.value, id);
      for (const a of decl.aliases) this.add(this.powers, a.value, id);
      for (const n of decl.names) for (const v of n.values) this.add(this.powers, v.value, id);
    }
  }

  private add(map: Map<string, string>, name: string, id: string): void {
    const k = nameKey(name);
    if (k && !map.has(k)) map.set(k, id);
  }

  province(name: string): string | undefined {
    return this.model.provinces.has(name.toLowerCase()) ? name.toLowerCase() : this.provinces.get(nameKey(name));
  }

  power(name: string): string | undefined {
    return this.model.powers.has(name.toLowerCase()) ? name.toLowerCase() : this.powers.get(nameKey(name));
  }
}

/** Where a symbol is declared in a model. */
export function declarationOf(model: VariantModel | undefined, kind: SymbolKind, id: string): Declaration | undefined {
  if (!model) return undefined;
  if (kind === 'power') {
    const d = model.powers.get(id);
    return d?.decl.id ? { file: d.file, start: d.decl.id.range.start.offset, end: d.decl.id.range.end.offset } : undefined;
  }
  const [prov, coast] = id.split('/') as [string, string | undefined];
  const d = model.provinces.get(prov);
  if (!d?.decl.id) return undefined;
  if (kind === 'coast' && coast) {
    const c = d.decl.coasts.find((c) => c.id?.value === coast);
    return c?.id ? { file: d.file, start: c.id.range.start.offset, end: c.id.range.end.offset } : undefined;
  }
  return { file: d.file, start: d.decl.id.range.start.offset, end: d.decl.id.range.end.offset };
}

export function symbolKey(model: VariantModel | undefined, kind: SymbolKind, id: string): string | undefined {
  const d = declarationOf(model, kind, id);
  return d ? `${kind}:${d.file}:${d.start}` : undefined;
}

// -------------------------------------------------------------------- maps

export interface MapNames {
  occurrences: Occurrence[];
  marks: Mark[];
}

/** Every province, coast and power named in a map file, and its rule words. */
export function mapNames(doc: MapDoc): MapNames {
  const names = new ModelNames(doc.model);
  const occ: Occurrence[] = [];
  const marks: Mark[] = [];
  const push = (kind: SymbolKind, id: string | undefined, ident: Ident | undefined, decl = false): void => {
    if (!ident || id === undefined) return;
    occ.push({ kind, id, start: ident.range.start.offset, end: ident.range.end.offset, text: ident.text, decl });
  };
  const province = (i: Ident | undefined): string | undefined => (i ? names.province(i.value) : undefined);
  const location = (loc: { province: Ident; coast?: Ident } | undefined): void => {
    if (!loc) return;
    const id = province(loc.province);
    push('province', id, loc.province);
    if (id && loc.coast) push('coast', `${id}/${loc.coast.value}`, loc.coast);
  };
  const mark = (kind: Mark['kind'], i: Ident | { value: string; range: Ident['range'] } | undefined, key?: string): void => {
    if (!i) return;
    const text = 'text' in i ? (i as Ident).text : i.value;
    marks.push({ kind, start: i.range.start.offset, end: i.range.end.offset, text, ...(key ? { key } : {}) });
  };
  const options = (list: { key: Ident; values: { kind: string; value: unknown; text: string; range: Ident['range'] }[] }[]): void => {
    for (const o of list) {
      mark('rule', o.key, o.key.value);
      for (const v of o.values) marks.push({ kind: o.key.value === 'edition' ? 'edition' : 'ruleValue', start: v.range.start.offset, end: v.range.end.offset, text: v.text, key: o.key.value });
    }
  };
  const ast: MapAst = doc.parsed.ast;
  for (const d of ast.decls) {
    switch (d.kind) {
      case 'Variant':
        mark('variant', d.id);
        for (const e of d.extends) if (e.kind === 'builtin') mark('variant', e.name);
        break;
      case 'Province': {
        const id = d.id?.value;
        push('province', id, d.id, true);
        for (const a of d.aliases) mark('alias', a);
        if (id) for (const c of d.coasts) push('coast', c.id ? `${id}/${c.id.value}` : undefined, c.id, true);
        break;
      }
      case 'Adjacency':
        for (const line of d.lines) {
          location(line.from);
          for (const t of line.to) location(t);
        }
        break;
      case 'Power':
        push('power', d.id?.value, d.id, true);
        for (const a of d.aliases) mark('alias', a);
        for (const h of d.home) push('province', province(h), h);
        for (const c of d.country) push('province', province(c), c);
        for (const o of d.owns) push('province', province(o), o);
        for (const u of d.units) location(u.at);
        break;
      case 'Neutral':
        for (const c of d.centres) push('province', province(c), c);
        break;
      case 'Rules':
        options(d.options);
        break;
      case 'Ruleset':
        mark('edition', d.name);
        mark('edition', d.extends);
        options(d.options);
        break;
      case 'Remove':
        if (d.what === 'province') push('province', province(d.id), d.id);
        else if (d.what === 'power' && d.id !== undefined) push('power', d.id ? names.power(d.id.value) : undefined, d.id);
        else if (d.what === 'adjacency' && d.line) {
          location(d.line.from);
          for (const t of d.line.to) location(t);
        } else if (d.what === 'neutral centres') for (const c of d.centres) push('province', province(c), c);
        break;
      case 'Import':
        break;
    }
  }
  occ.sort((a, b) => a.start - b.start);
  marks.sort((a, b) => a.start - b.start);
  return { occurrences: occ, marks };
}

// ------------------------------------------------------------------- games

/** Order words: never a province where they stand alone (`A`, `S`, `via`…). */
export const ORDER_KEYWORDS = new Set([
  'a', 'f', 'army', 'fleet', 'an', 'one', 'the', 'in', 'at',
  'h', 'hold', 'holds', 'stand', 'stands',
  'm', 'mv', 'move', 'moves', 'moving', 'attack', 'attacks', 'attacking', 'to', 'into', 'on', 'of',
  'via', 'by', 'convoy', 's', 'sup', 'supp', 'support', 'supports', 'supporting',
  'c', 'convoys', 'convoying', 'r', 'retreat', 'retreats', 'd', 'disband', 'disbands', 'remove', 'removes',
  'b', 'build', 'builds', 'waive', 'waives',
]);

export interface Token {
  kind: 'word' | 'punct';
  text: string;
  start: number;
  end: number;
}

const WORD_RE = /[\p{L}\p{M}\p{Nd}_]+(?:-[\p{L}\p{M}\p{Nd}_]+)*/uy;

/** Words and punctuation of a piece of text (whitespace dropped), offsets from `base`. */
export function tokens(text: string, base = 0): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9 || ((code > 127 || (code >= 10 && code <= 13)) && /\s/u.test(text[i] as string))) {
      i++;
      continue;
    }
    // Most words are ASCII letters and digits: read them without the expression, which takes over at any other letter.
    const end = asciiWordEnd(text, i);
    if (end > i) {
      out.push({ kind: 'word', text: text.slice(i, end), start: base + i, end: base + end });
      i = end;
      continue;
    }
    if (end < 0 || code > 127) {
      WORD_RE.lastIndex = i;
      const m = WORD_RE.exec(text);
      if (m) {
        out.push({ kind: 'word', text: m[0], start: base + i, end: base + i + m[0].length });
        i += m[0].length;
        continue;
      }
    }
    if (code === 45 || code === 61) {
      let j = i + 1;
      while (j < text.length && (text[j] === '-' || text[j] === '=' || text[j] === '>')) j++;
      out.push({ kind: 'punct', text: text.slice(i, j), start: base + i, end: base + j });
      i = j;
      continue;
    }
    const len = (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    out.push({ kind: 'punct', text: text.slice(i, i + len), start: base + i, end: base + i + len });
    i += len;
  }
  return out;
}

const isAsciiWordChar = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;

/**
 * The end of the word `WORD_RE` reads at `i` when it is made of ASCII letters, digits,
 * underscores and inner hyphens only; `i` when no ASCII word starts there; -1 when the
 * word goes on with another character (the expression reads it).
 */
function asciiWordEnd(text: string, i: number): number {
  let j = i;
  for (;;) {
    const from = j;
    while (j < text.length && isAsciiWordChar(text.charCodeAt(j))) j++;
    if (j === from) return from === i ? (text.charCodeAt(i) > 127 ? -1 : i) : -1;
    const next = j < text.length ? text.charCodeAt(j) : 0;
    if (next > 127) return -1;
    if (next !== 45) return j;
    const after = j + 1 < text.length ? text.charCodeAt(j + 1) : 0;
    if (after > 127) return -1;
    if (!isAsciiWordChar(after)) return j;
    j++;
  }
}

/**
 * Provinces, coasts and powers in a piece of game text (an order, a unit, a
 * list of provinces): longest names first, order words skipped.
 */
export function scanPlaces(text: string, base: number, index: NameIndex, keywords: boolean, source: string): { occ: Occurrence[]; words: Token[] } {
  if (source.length >= base + text.length && source.startsWith(text, base)) {
    const found = scanRelative(text, index, keywords);
    return {
      occ: found.occ.map((o) => ({ ...o, start: o.start + base, end: o.end + base })),
      words: found.words.map((w) => ({ ...w, start: w.start + base, end: w.end + base })),
    };
  }
  return scanText(text, base, index, keywords, source);
}

/**
 * What `scanPlaces` finds in `text` at offset 0, shared (not to be changed): what is found
 * depends on the text alone (the source only says what lies between its tokens, which is the
 * text's own), so it is kept per text: a game repeats its order texts, and the semantic tokens
 * and the names of a whole game read every one of them.
 */
export function scanRelative(text: string, index: NameIndex, keywords: boolean): { readonly occ: readonly Occurrence[]; readonly words: readonly Token[] } {
  let memos = scanMemo.get(index);
  if (!memos) scanMemo.set(index, (memos = { keywords: new Map(), places: new Map() }));
  const memo = keywords ? memos.keywords : memos.places;
  let found = memo.get(text);
  if (!found) {
    if (memo.size >= SCAN_MEMO_LIMIT) memo.clear();
    found = scanText(text, 0, index, keywords, text);
    memo.set(text, found);
  }
  return found;
}

type Found = { occ: Occurrence[]; words: Token[] };
/** Texts scanned, per name index (so per compiled variant), as order texts (order words skipped) or as places: found at offset 0. */
const scanMemo = new WeakMap<NameIndex, { keywords: Map<string, Found>; places: Map<string, Found> }>();
/** Distinct texts kept per name index before the memo starts again (a bound on its memory). */
const SCAN_MEMO_LIMIT = 50_000;

function scanText(text: string, base: number, index: NameIndex, keywords: boolean, source: string): { occ: Occurrence[]; words: Token[] } {
  const toks = tokens(text, base);
  // The tokens' texts, looked up by index span (`provinceWords(texts, from, to)`): no array per word.
  const texts = toks.map((x) => x.text);
  const occ: Occurrence[] = [];
  const used: Token[] = [];
  const longest = Math.max(index.maxProvinceWords, index.maxPowerWords);
  let i = 0;
  while (i < toks.length) {
    const t = toks[i] as Token;
    if (t.kind !== 'word') {
      i++;
      continue;
    }
    // Consecutive words (separated by spaces only), up to the longest province name: tokens `i`..`runEnd - 1`.
    let runEnd = i + 1;
    while (runEnd < toks.length && runEnd - i < longest) {
      const n = toks[runEnd] as Token;
      if (n.kind !== 'word' || !adjacent(source, toks[runEnd - 1] as Token, n)) break;
      runEnd++;
    }
    const orderWord = keywords && ORDER_KEYWORDS.has(t.text.toLowerCase());
    let matched = 0;
    let id: string | undefined;
    for (let n = runEnd - i; n >= 1 && !matched; n--) {
      if (n === 1 && orderWord) break;
      const ids = index.provinceWords(texts, i, i + n);
      if (ids.length === 1) {
        matched = n;
        id = ids[0];
      }
    }
    if (matched && id) {
      const last = toks[i + matched - 1] as Token;
      occ.push({ kind: 'province', id, start: t.start, end: last.end, text: source.slice(t.start, last.end), decl: false });
      i += matched;
      // A coast: `/nc`, `(nc)`, `(north coast)`, or ` nc`.
      const next = toks[i];
      if (next && index.hasCoasts(id)) {
        if ((next.text === '/' || next.text === '(') && toks[i + 1]?.kind === 'word') {
          const close = next.text === '(' ? toks.findIndex((x, k) => k > i && x.text === ')') : -1;
          const coastToks = next.text === '(' && close > i ? toks.slice(i + 1, close) : [toks[i + 1] as Token];
          const coast = index.coastWords(id, coastToks.map((x) => x.text));
          if (coast) {
            const first = coastToks[0] as Token;
            const lastC = coastToks[coastToks.length - 1] as Token;
            occ.push({ kind: 'coast', id: `${id}/${coast}`, start: first.start, end: lastC.end, text: source.slice(first.start, lastC.end), decl: false });
            i += 1 + coastToks.length + (close > i ? 1 : 0);
          }
        } else if (next.kind === 'word' && !ORDER_KEYWORDS.has(next.text.toLowerCase())) {
          const coast = index.coast(id, next.text);
          if (coast) {
            occ.push({ kind: 'coast', id: `${id}/${coast}`, start: next.start, end: next.end, text: next.text, decl: false });
            i++;
          }
        }
      }
      continue;
    }
    if (orderWord) {
      used.push(t);
      i++;
      continue;
    }
    let power = 0;
    let pid: string | undefined;
    for (let n = Math.min(runEnd - i, index.maxPowerWords); n >= 1 && !power; n--) {
      const ids = index.powerWords(texts, i, i + n);
      if (ids.length === 1) {
        power = n;
        pid = ids[0];
      }
    }
    if (power && pid) {
      const last = toks[i + power - 1] as Token;
      occ.push({ kind: 'power', id: pid, start: t.start, end: last.end, text: source.slice(t.start, last.end), decl: false });
      i += power;
      continue;
    }
    i++;
  }
  return { occ, words: used };
}

/** Words next to each other in `source`: blanks only between them (most often one space). */
function adjacent(source: string, a: Token, b: Token): boolean {
  return (b.start === a.end + 1 && source.charCodeAt(a.end) === 32) || /^\s+$/u.test(source.slice(a.end, b.start));
}

export interface GameNames {
  occurrences: Occurrence[];
  /** Order words (`A`, `S`, `via`) found in order text, for colouring. */
  orderWords: Token[];
}

/** Every province, coast and power named in a game file (only in lines `window` overlaps, when given). */
export function gameNames(doc: GameDoc, window?: { start: number; end: number }): GameNames {
  const occ: Occurrence[] = [];
  const orderWords: Token[] = [];
  visitGameNames(doc, window, {
    name: (o, shift) => occ.push({ ...o, start: o.start + shift, end: o.end + shift }),
    orderWord: (w, shift) => orderWords.push({ ...w, start: w.start + shift, end: w.end + shift }),
  });
  occ.sort((a, b) => a.start - b.start);
  return { occurrences: occ, orderWords };
}

/**
 * What a walk over a game's names meets: each name and order word with the shift that puts it
 * in place in the document (a name found in an order text is shared by every order of that
 * text, found at offset 0: the visitor copies it if it keeps it).
 */
export interface NameVisitor {
  name(o: Occurrence, shift: number): void;
  orderWord(w: Token, shift: number): void;
}

/** The walk behind `gameNames`, in the order of the game's nodes (not sorted); for the semantic tokens, which keep no objects. */
export function visitGameNames(doc: TokenGame, window: { start: number; end: number } | undefined, visit: NameVisitor): void {
  const index = doc.index;
  if (!index) return;
  const power = (w: GameAst.Word | undefined): void => {
    if (!w || outside(w)) return;
    const id = index.power(w.text);
    if (id) visit.name({ kind: 'power', id, start: w.range.start.offset, end: w.range.end.offset, text: w.text, decl: false }, 0);
  };
  const outside = (n: { range: { start: { offset: number }; end: { offset: number } } }): boolean =>
    !!window && (n.range.end.offset < window.start || n.range.start.offset > window.end);
  const places = (t: GameAst.Text | undefined, keywords = false): void => {
    if (!t || outside(t)) return;
    const found = scanRelative(t.text, index, keywords);
    const base = t.range.start.offset;
    for (const o of found.occ) visit.name(o, base);
    for (const w of found.words) visit.orderWord(w, base);
  };
  const units = (list: GameAst.UnitItem[]): void => {
    for (const u of list) {
      places(u.location);
      places(u.from);
    }
  };
  const ast = doc.parsed.ast;
  for (const h of ast.header) if (h.kind === 'Player') power(h.power);
  const pos = ast.position;
  if (pos) {
    for (const s of pos.units) {
      power(s.power);
      units(s.units);
    }
    for (const s of pos.dislodged) {
      power(s.power);
      units(s.units);
    }
    for (const s of pos.owners) {
      power(s.power);
      for (const p of s.provinces) places(p);
    }
    for (const s of pos.standoffs) for (const p of s.provinces) places(p);
  }
  const expect = (e: GameAst.ExpectSection): void => {
    for (const s of e.units) {
      power(s.power);
      units(s.units);
    }
    for (const s of e.dislodged) {
      power(s.power);
      units(s.units);
    }
    for (const s of e.owners) {
      power(s.power);
      for (const p of s.provinces) places(p);
    }
    for (const s of e.winner) for (const w of s.powers.length > 0 ? s.powers : s.power ? [s.power] : []) power(w);
    for (const s of e.draw) for (const w of s.powers) power(w);
    for (const s of e.score) power(s.power);
  };
  // The language of each power as written (a game names a few powers over thousands of order lines).
  const languages = new Map<string, string | undefined>();
  for (const section of ast.phases) {
    if (outside(section)) continue;
    for (const w of section.powers) power(w);
    for (const o of section.orders) {
      let language = languages.get(o.power.text);
      if (language === undefined && !languages.has(o.power.text)) languages.set(o.power.text, (language = localizedLine(doc, o)));
      if (language === undefined) places(o.text, true);
      else if (!outside(o.text)) for (const n of localizedNames(doc, language, o.text)) visit.name(n, 0);
    }
    for (const e of section.expect) expect(e);
  }
  // `declare` blocks: the powers of each declaration (`by` lists too), and their expect blocks.
  for (const d of ast.declare) {
    if (outside(d)) continue;
    for (const s of d.statements) {
      if (s.kind === 'Allies') {
        power(s.power);
        power(s.ally);
      } else if (s.kind !== 'End') {
        for (const w of s.powers) power(w);
        if (s.kind !== 'Alliance') for (const w of s.voters ?? []) power(w);
      }
    }
    for (const e of d.expect) expect(e);
  }
}

/** The language an order line is read in, when it is not the standard notation and the board compiled. */
function localizedLine(doc: TokenGame, o: GameAst.OrderLine): string | undefined {
  const power = doc.index?.power(o.power.text);
  return power && doc.board ? doc.run.languages?.of(power) : undefined;
}

/**
 * The provinces and powers of an order line in another language, found as its
 * reader finds them: in a Chinese or Japanese line without spaces, in a Finnish
 * name in any case (`Münchenistä`).
 */
function localizedNames(doc: TokenGame, language: string, t: GameAst.Text): Occurrence[] {
  const board = doc.board;
  if (!board) return [];
  const at = t.range.start.offset;
  return placeSpans(board, language, t.text).map((n) => ({ kind: n.kind, id: n.id, start: at + n.start, end: at + n.end, text: t.text.slice(n.start, n.end), decl: false }));
}

export function occurrenceAt(list: readonly Occurrence[], offset: number): Occurrence | undefined {
  return list.find((o) => offset >= o.start && offset <= o.end);
}
