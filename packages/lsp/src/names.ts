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
import { scanRelative, type Token } from './name-scan.js';

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
  /** When given, each order text is handed to it; one in the standard notation (`standard`) is then not read here (the semantic tokens read such texts their own way). */
  orderText?(t: GameAst.Text, standard: boolean): void;
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
  // Indexed loops over the order lines, most of a game: a loop over an iterator makes an object a turn in code not optimized yet (the first tokens request).
  for (const section of ast.phases) {
    if (outside(section)) continue;
    for (const w of section.powers) power(w);
    const orders = section.orders;
    for (let k = 0; k < orders.length; k++) {
      const o = orders[k] as GameAst.OrderLine;
      let language = languages.get(o.power.text);
      if (language === undefined && !languages.has(o.power.text)) languages.set(o.power.text, (language = localizedLine(doc, o)));
      if (language === undefined && !visit.orderText) places(o.text, true);
      else if (!outside(o.text)) {
        visit.orderText?.(o.text, language === undefined);
        if (language !== undefined) for (const n of localizedNames(doc, language, o.text)) visit.name(n, 0);
      }
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
