/**
 * The one grammar of localized orders, over the meanings of lexemes (never over
 * words, so every language shares it). Each rule returns every way it can read
 * from a position (a list of successes), so ambiguity is found, not hidden: the
 * reader keeps the readings that take the whole text.
 *
 *   text   := [POWER [:]] order ([; 。 、] order)* [end marks]
 *   unit   := [POWER [:]] (KIND place | place [KIND] [(COAST)])
 *   place  := NAME [COAST | (COAST) | (NAME of the same place)]
 *   order  := unit HOLD | unit moves [retreat list] | unit route | unit SUPPORT unit [HOLD | moves]
 *           | unit (、|AND unit)* CONVOY unit moves | unit (、|AND unit)+ (HOLD | DISBAND)
 *           | unit RETREAT place | unit RETREAT-LIST places
 *           | unit DISBAND | DISBAND unit | unit BUILD [KIND] | BUILD unit | BUILD-LIST units
 *           | DISBAND-LIST units | WAIVE | unit unit [moves | HOLD] SUPPORT | unit unit moves CONVOY
 *   moves  := (MOVE | DASH | VIA-CONVOY)+ place (DASH place)* MOVE* | place MOVE+ | place in a case saying "to"
 *   route  := (VIA seas | seas VIA)+ moves | MOVE+ (VIA seas | seas VIA)+ place
 *   seas   := place | sea ((、|AND) sea)+          (a list of places a fleet may convoy in)
 *
 * Filler words (`的`, `の`, `uusi`) may stand anywhere between lexemes.
 *
 * One file past 500 lines on purpose: the rules above call one another (an
 * order reads units, a unit places, moves places again) and share the memo of
 * readings by position and the furthest point reached (`stuck`, for the
 * message when nothing reads), so they are the methods of one class and read
 * as the grammar in this comment; the words are the lexicon's (lexicon.ts),
 * the ways the text segments into lexemes, lattice.ts.
 */
import type { UnitKind } from '../../game/position.js';
import type { Order, RetreatList, UnitRef } from '../order.js';
import type { Edge, Edges } from './lattice.js';
import { skipBlank } from './lattice.js';
import type { Lexeme, Lexicon, PunctRole } from './lexicon.js';
import type { NormalText } from './text.js';
import type { Meaning } from './vocabulary.js';

/** An order before its power is known. */
export type Draft = { [T in Order['type']]: Omit<Extract<Order, { type: T }>, 'power'> }[Order['type']];
type MovementDraft = Extract<Draft, { type: 'hold' | 'move' | 'support' | 'convoy' }>;

/** One way to read from a position: where it ends, what it read, its penalty and the loose edges it used. */
export interface Alt<T> {
  end: number;
  v: T;
  pen: number;
  loose: readonly Edge[];
}

interface Place {
  province: string;
  at: string;
  role?: string;
}

interface WrittenUnit {
  ref: UnitRef;
  /** The power written before the unit, if any. */
  power?: string;
}

interface Moves {
  to: Place;
  path: Place[];
  viaConvoy: boolean;
}

export interface TextReading {
  /** The power written before the orders, if any. */
  power?: string;
  drafts: Draft[];
  /** For each draft, the power written before its own unit, if any. */
  unitPowers: (string | undefined)[];
}

/** Where the reading got furthest and what it expected there. */
export interface Stuck {
  pos: number;
  expected: Set<string>;
}

function then<A, B>(a: Alt<A>, b: Alt<unknown>, v: B): Alt<B> {
  return { end: b.end, v, pen: a.pen + b.pen, loose: b.loose.length === 0 ? a.loose : [...a.loose, ...b.loose] };
}

/**
 * Verbs that several units may share, written once after them (`挪威海舰队、挪威舰队防守`):
 * the meaning is the order type, and each unit gets one order. (Convoys share theirs too,
 * with the army and its destination after the verb.)
 */
const SHARED_VERBS = ['hold', 'disband'] as const satisfies readonly (Meaning & Order['type'])[];

/** How a mark is named in a message. */
const MARK_LABELS: Record<PunctRole, string> = { list: ',', colon: ':', open: '(', close: ')', dash: '-', end: '.', separator: ';' };

/** The same reading with another value. */
function lift<A>(a: Alt<unknown>, v: A): Alt<A> {
  return { end: a.end, v, pen: a.pen, loose: a.loose };
}

function at<A>(pos: number, v: A): Alt<A> {
  return { end: pos, v, pen: 0, loose: [] };
}

export class Grammar {
  private readonly memo = new Map<string, Alt<unknown>[]>();
  private readonly locations: ReadonlySet<string>;
  readonly stuck: Stuck = { pos: -1, expected: new Set() };

  constructor(
    private readonly text: NormalText,
    private readonly lexicon: Lexicon,
    private readonly edges: Edges,
  ) {
    this.locations = new Set(lexicon.board.locationIds);
  }

  /** Every reading of the whole text. */
  readings(): Alt<TextReading>[] {
    const n = this.text.chars.length;
    const out: Alt<TextReading>[] = [];
    const starts: Alt<string | undefined>[] = [at(0, undefined), ...this.powerPrefix(0)];
    for (const s of starts) {
      for (const list of this.orderList(s.end)) {
        for (const e of this.trailing(list.end)) {
          if (skipBlank(this.text, this.lexicon, e.end) < n) {
            this.fail(e.end, 'the end of the order');
            continue;
          }
          const v: TextReading = { drafts: list.v.map((x) => x.draft), unitPowers: list.v.map((x) => x.power) };
          if (s.v !== undefined) v.power = s.v;
          out.push(then(then(s, list, null), e, v));
        }
      }
    }
    return out;
  }

  // ---- lexemes

  private fail(pos: number, expected: string): void {
    const p = skipBlank(this.text, this.lexicon, pos);
    if (p > this.stuck.pos) {
      this.stuck.pos = p;
      this.stuck.expected = new Set([expected]);
    } else if (p === this.stuck.pos) this.stuck.expected.add(expected);
  }

  /** Positions reachable from `pos` over filler words. */
  private fillers(pos: number): Alt<null>[] {
    return this.cached(`fill:${pos}`, () => {
      const out: Alt<null>[] = [at(pos, null)];
      const seen = new Set([pos]);
      for (let i = 0; i < out.length; i++) {
        const cur = out[i] as Alt<null>;
        const p = skipBlank(this.text, this.lexicon, cur.end);
        for (const e of this.edges[p] ?? []) {
          if (e.lex.kind === 'word' && e.lex.meaning === 'filler' && !seen.has(e.to)) {
            seen.add(e.to);
            out.push({ end: e.to, v: null, pen: cur.pen + e.penalty, loose: e.guess ? [...cur.loose, e] : cur.loose });
          }
        }
      }
      return out;
    });
  }

  private tok(pos: number, expected: string, pred: (lex: Lexeme) => boolean): Alt<Lexeme>[] {
    const out: Alt<Lexeme>[] = [];
    for (const f of this.fillers(pos)) {
      const p = skipBlank(this.text, this.lexicon, f.end);
      for (const e of this.edges[p] ?? []) {
        if (pred(e.lex)) out.push({ end: e.to, v: e.lex, pen: f.pen + e.penalty, loose: e.guess ? [...f.loose, e] : f.loose });
      }
      if (out.length === 0) this.fail(p, expected);
    }
    return out;
  }

  private word(pos: number, meaning: Meaning): Alt<Lexeme>[] {
    return this.tok(pos, meaning.replace('-', ' '), (l) => l.kind === 'word' && l.meaning === meaning);
  }

  private punct(pos: number, ...roles: PunctRole[]): Alt<Lexeme>[] {
    return this.tok(pos, roles.map((r) => `'${MARK_LABELS[r]}'`).join(' or '), (l) => l.kind === 'punct' && roles.includes(l.role));
  }

  private cached<T>(key: string, compute: () => Alt<T>[]): Alt<T>[] {
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit as Alt<T>[];
    const value = compute();
    this.memo.set(key, value as Alt<unknown>[]);
    return value;
  }

  // ---- names

  private powerPrefix(pos: number): Alt<string>[] {
    const out: Alt<string>[] = [];
    for (const w of this.tok(pos, 'a power', (l) => l.kind === 'power')) {
      const power = w.v.kind === 'power' ? w.v.power : '';
      out.push(lift(w, power));
      for (const c of this.punct(w.end, 'colon')) out.push(then(w, c, power));
    }
    return out;
  }

  private coastOf(province: string, lex: Lexeme): string | undefined {
    if (lex.kind !== 'coast') return undefined;
    if (lex.province !== undefined && lex.province !== province) return undefined;
    const loc = `${province}/${lex.coast}`;
    return this.locations.has(loc) ? loc : undefined;
  }

  /** A coast written after a place or unit, bare or in brackets. */
  private coastAfter(pos: number, province: string): Alt<string>[] {
    const out: Alt<string>[] = [];
    const direct = (p: number, wrap: Alt<unknown> | undefined): Alt<string>[] => {
      const found: Alt<string>[] = [];
      for (const c of this.tok(p, 'a coast', (l) => l.kind === 'coast')) {
        const loc = this.coastOf(province, c.v);
        if (loc !== undefined) found.push(wrap ? then(wrap, c, loc) : lift(c, loc));
      }
      return found;
    };
    out.push(...direct(pos, undefined));
    for (const o of this.punct(pos, 'open')) {
      for (const c of direct(o.end, o)) for (const cl of this.punct(c.end, 'close')) out.push(then(c, cl, c.v));
    }
    return out;
  }

  private place(pos: number): Alt<Place>[] {
    return this.cached(`place:${pos}`, () => {
      const out: Alt<Place>[] = [];
      for (const n of this.tok(pos, 'a place', (l) => l.kind === 'place')) {
        if (n.v.kind !== 'place') continue;
        const base: Place = { province: n.v.province, at: n.v.province };
        if (n.v.role !== undefined) base.role = n.v.role;
        const plain = lift(n, base);
        const withSecond: Alt<Place>[] = [plain];
        // `North Sea(北海)`: the same place in another language, in brackets.
        for (const o of this.punct(n.end, 'open')) {
          for (const m of this.tok(o.end, 'a place', (l) => l.kind === 'place' && l.province === base.province)) {
            for (const cl of this.punct(m.end, 'close')) withSecond.push(then(then(plain, m, base), cl, base));
          }
        }
        for (const w of withSecond) {
          out.push(w);
          for (const c of this.coastAfter(w.end, base.province)) out.push(then(w, c, { ...w.v, at: c.v }));
        }
      }
      return out;
    });
  }

  private kind(pos: number): Alt<UnitKind | undefined>[] {
    const out: Alt<UnitKind | undefined>[] = [];
    for (const k of this.tok(pos, 'a unit kind', (l) => l.kind === 'word' && (l.meaning === 'army' || l.meaning === 'fleet' || l.meaning === 'unit'))) {
      const meaning = k.v.kind === 'word' ? k.v.meaning : 'unit';
      out.push(lift(k, meaning === 'army' ? 'army' : meaning === 'fleet' ? 'fleet' : undefined));
    }
    return out;
  }

  private unit(pos: number): Alt<WrittenUnit>[] {
    return this.cached(`unit:${pos}`, () => {
      const out: Alt<WrittenUnit>[] = [];
      const starts: Alt<string | undefined>[] = [at(pos, undefined), ...this.powerPrefix(pos)];
      const make = (power: string | undefined, kind: UnitKind | undefined, where: string): WrittenUnit => {
        const ref: UnitRef = kind === undefined ? { at: where } : { kind, at: where };
        return power === undefined ? { ref } : { ref, power };
      };
      for (const s of starts) {
        for (const k of this.kind(s.end)) {
          for (const p of this.place(k.end)) out.push(then(then(s, k, null), p, make(s.v, k.v, p.v.at)));
        }
        for (const p of this.place(s.end)) {
          out.push(then(s, p, make(s.v, undefined, p.v.at)));
          for (const k of this.kind(p.end)) {
            const unit = then(then(s, p, null), k, make(s.v, k.v, p.v.at));
            out.push(unit);
            // `西班牙舰队（北岸）`: the coast after the unit.
            if (p.v.at === p.v.province) for (const c of this.coastAfter(k.end, p.v.province)) out.push(then(unit, c, make(s.v, k.v, c.v)));
          }
        }
      }
      return out;
    });
  }

  private list<T>(pos: number, item: (p: number) => Alt<T>[]): Alt<T[]>[] {
    const out: Alt<T[]>[] = [];
    const grow = (cur: Alt<T[]>): void => {
      out.push(cur);
      const seps: Alt<unknown>[] = [...this.punct(cur.end, 'list'), ...this.word(cur.end, 'and')];
      for (const s of [...seps]) seps.push(...this.word(s.end, 'and'));
      for (const s of seps) for (const i of item(s.end)) grow(then(then(cur, s, null), i, [...cur.v, i.v]));
    };
    for (const first of item(pos)) grow(lift(first, [first.v]));
    return out;
  }

  // ---- moves

  /**
   * One or more move words, dashes or via-convoy words; whether a via-convoy word
   * was among them. After the place (`ノルウェーへ移動`) only words: a dash there begins a route.
   */
  private movers(pos: number, dashes = true): Alt<boolean>[] {
    return this.cached(`movers:${pos}:${dashes}`, () => {
      const out: Alt<boolean>[] = [];
      const step = (p: number): Alt<boolean>[] => [
        ...this.word(p, 'move').map((a) => lift(a, false)),
        ...(dashes ? this.punct(p, 'dash').map((a) => lift(a, false)) : []),
        ...this.word(p, 'via-convoy').map((a) => lift(a, true)),
      ];
      const grow = (cur: Alt<boolean>): void => {
        out.push(cur);
        for (const s of step(cur.end)) grow(then(cur, s, cur.v || s.v));
      };
      for (const s of step(pos)) grow(s);
      return out;
    });
  }

  private moves(pos: number): Alt<Moves>[] {
    return this.cached(`moves:${pos}`, () => {
      const out: Alt<Moves>[] = [];
      const afterwards = (a: Alt<Moves>): void => {
        out.push(a);
        for (const m of this.movers(a.end, false)) out.push(then(a, m, { ...a.v, viaConvoy: a.v.viaConvoy || m.v }));
      };
      for (const m of this.movers(pos)) {
        const chain = (cur: Alt<Place[]>): void => {
          const places = cur.v;
          const to = places[places.length - 1] as Place;
          afterwards(lift(cur, { to, path: places.slice(0, -1), viaConvoy: m.v }));
          for (const d of this.punct(cur.end, 'dash')) for (const p of this.place(d.end)) chain(then(then(cur, d, null), p, [...places, p.v]));
        };
        for (const p of this.place(m.end)) chain(then(m, p, [p.v]));
      }
      for (const p of this.place(pos)) {
        // `ノルウェーへ移動`: the place before the verb; `Norjaan`: a case that says "to".
        for (const m of this.movers(p.end, false)) out.push(then(p, m, { to: p.v, path: [], viaConvoy: m.v }));
        if (p.v.role === 'to') afterwards(lift(p, { to: p.v, path: [], viaConvoy: false }));
      }
      return out;
    });
  }

  /**
   * A convoy route: `经英吉利海峡`, `Pohjanmeren kautta`, then where the army goes. One via
   * word may take a list of seas (`经北海、挪威海、巴伦茨海`, `Pohjanmeren ja Norjanmeren kautta`).
   */
  private route(pos: number): Alt<Moves>[] {
    const out: Alt<Moves>[] = [];
    const vias = (p: number): Alt<Place[]>[] => [
      ...this.word(p, 'via').flatMap((v) => this.seas(v.end).map((pl) => then(v, pl, pl.v))),
      ...this.seas(p).flatMap((pl) => this.word(pl.end, 'via').map((v) => then(pl, v, pl.v))),
    ];
    const grow = (cur: Alt<Place[]>, ending: (p: number) => Alt<Moves>[]): void => {
      for (const m of ending(cur.end)) out.push(then(cur, m, { to: m.v.to, path: [...cur.v, ...m.v.path], viaConvoy: true }));
      for (const v of vias(cur.end)) grow(then(cur, v, [...cur.v, ...v.v]), ending);
    };
    const direct = (p: number): Alt<Moves>[] => this.place(p).map((pl) => lift(pl, { to: pl.v, path: [], viaConvoy: true }));
    for (const v of vias(pos)) grow(v, (p) => this.moves(p));
    for (const m of this.movers(pos)) for (const v of vias(m.end)) grow(then(m, v, v.v), direct);
    return out;
  }

  /** The places of a route after one via word: one place, or a list of places that are all seas a fleet may convoy in. */
  private seas(pos: number): Alt<Place[]>[] {
    return this.cached(`seas:${pos}`, () =>
      this.list(pos, (p) => this.place(p)).filter((l) => l.v.length === 1 || l.v.every((pl) => this.convoySea(pl.province))),
    );
  }

  private convoySea(province: string): boolean {
    const board = this.lexicon.board;
    const i = board.provinceId(province);
    return i >= 0 && board.convoySea[i] === 1;
  }

  // ---- orders

  private orderList(pos: number): Alt<{ draft: Draft; power?: string }[]>[] {
    const out: Alt<{ draft: Draft; power?: string }[]>[] = [];
    const grow = (cur: Alt<{ draft: Draft; power?: string }[]>): void => {
      out.push(cur);
      const seps: Alt<unknown>[] = [at(cur.end, null), ...this.punct(cur.end, 'separator', 'end', 'list')];
      for (const s of seps) for (const o of this.order(s.end)) grow(then(then(cur, s, null), o, [...cur.v, ...o.v]));
    };
    for (const o of this.order(pos)) grow(o);
    return out;
  }

  /** Marks and filler words after the last order (`。`, `する`). */
  private trailing(pos: number): Alt<null>[] {
    const out: Alt<null>[] = [...this.fillers(pos)];
    for (let i = 0; i < out.length; i++) {
      const cur = out[i] as Alt<null>;
      for (const p of this.punct(cur.end, 'end', 'separator', 'list')) for (const f of this.fillers(p.end)) out.push(then(then(cur, p, null), f, null));
    }
    return out;
  }

  private order(pos: number): Alt<{ draft: Draft; power?: string }[]>[] {
    return this.cached(`order:${pos}`, () => {
      const out: Alt<{ draft: Draft; power?: string }[]>[] = [];
      const one = (a: Alt<unknown>, draft: Draft, power?: string): void => {
        out.push(lift(a, [power === undefined ? { draft } : { draft, power }]));
      };
      for (const u of this.unit(pos)) this.afterUnit(u, one);
      // Several units before one verb: one order each. Fleets before one convoy word, and
      // units before one of the verbs that take nothing after them (`挪威海舰队、挪威舰队防守`).
      for (const fleets of this.list(pos, (p) => this.unit(p))) {
        if (fleets.v.length > 1) {
          for (const meaning of SHARED_VERBS) {
            for (const w of this.word(fleets.end, meaning)) {
              out.push(then(fleets, w, fleets.v.map((u) => ({ draft: { type: meaning, unit: u.ref } as Draft, ...(u.power ? { power: u.power } : {}) }))));
            }
          }
        }
        for (const c of this.word(fleets.end, 'convoy')) {
          for (const army of this.unit(c.end)) {
            // Where the army goes: after a move word, or the bare place (`kuljettaa armeija Yorkshiren Norjaan`).
            const destinations: Alt<string>[] = [
              ...this.moves(army.end).map((m) => lift(m, m.v.to.at)),
              ...this.place(army.end).map((p) => lift(p, p.v.at)),
            ];
            for (const m of destinations) {
              const drafts = fleets.v.map((f) => ({ draft: { type: 'convoy', unit: f.ref, army: withPower(army.v), to: m.v } as Draft, ...(f.power ? { power: f.power } : {}) }));
              out.push(then(then(then(fleets, c, null), army, null), m, drafts));
            }
          }
        }
      }
      for (const d of this.word(pos, 'disband')) {
        for (const units of this.list(d.end, (p) => this.unit(p))) one(then(d, units, null), disbands(units.v.map((u) => u.ref)));
      }
      for (const d of this.word(pos, 'disband-list')) {
        const starts = [d, ...this.punct(d.end, 'colon').map((c) => then(d, c, null))];
        for (const s of starts) for (const units of this.list(s.end, (p) => this.unit(p))) one(then(s, units, null), disbands(units.v.map((u) => u.ref)));
      }
      for (const b of [...this.word(pos, 'build'), ...this.word(pos, 'build-list')]) {
        const starts = [b, ...this.punct(b.end, 'colon').map((c) => then(b, c, null))];
        for (const s of starts) {
          for (const units of this.list(s.end, (p) => this.unit(p))) {
            if (units.v.some((u) => u.power !== undefined)) continue;
            one(then(s, units, null), builds(units.v.map((u) => u.ref)));
          }
        }
      }
      for (const w of this.word(pos, 'waive')) {
        one(w, { type: 'waive' });
        for (const b of this.word(w.end, 'build')) one(then(w, b, null), { type: 'waive' });
      }
      return out;
    });
  }

  /** What may follow a unit that begins an order. */
  private afterUnit(u: Alt<WrittenUnit>, one: (a: Alt<unknown>, draft: Draft, power?: string) => void): void {
    const unit = u.v.ref;
    const power = u.v.power;
    const movement = (a: Alt<unknown>, draft: MovementDraft): void => {
      one(a, draft, power);
      for (const r of this.retreatList(a.end)) one(then(a, r, null), { ...draft, retreat: r.v }, power);
    };
    for (const h of this.word(u.end, 'hold')) movement(then(u, h, null), { type: 'hold', unit });
    for (const m of this.moves(u.end)) movement(then(u, m, null), moveDraft(unit, m.v));
    for (const m of this.route(u.end)) movement(then(u, m, null), moveDraft(unit, m.v));
    for (const s of this.word(u.end, 'support')) {
      for (const su of this.unit(s.end)) {
        const supported = withPower(su.v);
        const base = then(then(u, s, null), su, null);
        movement(base, { type: 'support', unit, supported });
        for (const h of this.word(su.end, 'hold')) movement(then(base, h, null), { type: 'support', unit, supported });
        for (const m of this.moves(su.end)) movement(then(base, m, null), { type: 'support', unit, supported, to: m.v.to.at });
      }
    }
    // Verb last, as Japanese writes it: `北海の海軍はキールの陸軍のオランダへの移動を支援`,
    // `北海の海軍はロンドンの陸軍をノルウェーへ輸送`.
    for (const su of this.unit(u.end)) {
      const other = withPower(su.v);
      const base = then(u, su, null);
      for (const s of this.word(su.end, 'support')) movement(then(base, s, null), { type: 'support', unit, supported: other });
      for (const h of this.word(su.end, 'hold')) {
        for (const s of this.word(h.end, 'support')) movement(then(then(base, h, null), s, null), { type: 'support', unit, supported: other });
      }
      for (const m of this.moves(su.end)) {
        const moved = then(base, m, null);
        for (const s of this.word(m.end, 'support')) movement(then(moved, s, null), { type: 'support', unit, supported: other, to: m.v.to.at });
        for (const c of this.word(m.end, 'convoy')) movement(then(moved, c, null), { type: 'convoy', unit, army: other, to: m.v.to.at });
      }
    }
    for (const r of this.word(u.end, 'retreat')) {
      const starts: Alt<unknown>[] = [r, ...this.movers(r.end).map((m) => then(r, m, null))];
      for (const s of starts) for (const p of this.place(s.end)) one(then(then(u, s, null), p, null), { type: 'retreat', unit, to: p.v.at }, power);
    }
    for (const r of this.retreatList(u.end, false)) one(then(u, r, null), { type: 'hold', unit, retreat: r.v }, power);
    for (const d of this.word(u.end, 'disband')) one(then(u, d, null), { type: 'disband', unit }, power);
    if (power === undefined) {
      for (const b of this.word(u.end, 'build')) {
        const built = then(u, b, null);
        one(built, unit.kind === undefined ? { type: 'build', at: unit.at } : { type: 'build', kind: unit.kind, at: unit.at });
        if (unit.kind === undefined) {
          for (const k of this.kind(b.end)) if (k.v !== undefined) one(then(built, k, null), { type: 'build', kind: k.v, at: unit.at });
        }
      }
    }
  }

  /** `，优先撤退到葡萄牙、西地中海、马赛` after a movement order (000 §10). */
  private retreatList(pos: number, separated = true): Alt<RetreatList>[] {
    const out: Alt<RetreatList>[] = [];
    const starts: Alt<unknown>[] = [at(pos, null), ...(separated ? this.punct(pos, 'list', 'separator') : [])];
    for (const s of starts) {
      for (const r of this.word(s.end, 'retreat-list')) {
        const listed = then(s, r, null);
        const heads: Alt<unknown>[] = [
          listed,
          ...this.punct(r.end, 'colon').map((c) => then(listed, c, null)),
          ...this.movers(r.end).map((m) => then(listed, m, null)),
        ];
        for (const h of heads) {
          for (const d of this.word(h.end, 'disband')) out.push(then(h, d, { to: [], otherwise: 'disband' }));
          for (const places of this.list(h.end, (p) => this.retreatItem(p))) {
            const items = places.v;
            const disbandAt = items.indexOf('disband');
            if (disbandAt >= 0 && disbandAt !== items.length - 1) continue;
            const to = items.filter((x) => x !== 'disband');
            const [first, ...rest] = to;
            if (first === undefined) continue;
            out.push(then(h, places, { to: [first, ...rest], otherwise: disbandAt >= 0 ? 'disband' : 'default' }));
          }
        }
      }
    }
    return out;
  }

  private retreatItem(pos: number): Alt<string>[] {
    return [...this.place(pos).map((p) => lift(p, p.v.at)), ...this.word(pos, 'disband').map((d) => lift(d, 'disband'))];
  }
}

function withPower(u: WrittenUnit): UnitRef {
  return u.power === undefined ? u.ref : { ...u.ref, power: u.power };
}

function moveDraft(unit: UnitRef, m: Moves): MovementDraft {
  if (m.path.length > 0) return { type: 'move', unit, to: m.to.at, viaConvoy: true, path: m.path.map((p) => p.province) };
  return { type: 'move', unit, to: m.to.at, viaConvoy: m.viaConvoy };
}

function disbands(units: UnitRef[]): Draft {
  const entry = (u: UnitRef) => (u.kind === undefined ? { at: u.at } : { kind: u.kind, at: u.at });
  const [first, second, ...rest] = units;
  if (first === undefined) throw new Error('a disband names a unit');
  if (second === undefined) return { type: 'disband', unit: first };
  return { type: 'disband-list', units: [entry(first), entry(second), ...rest.map(entry)] };
}

function builds(units: UnitRef[]): Draft {
  const entry = (u: UnitRef) => (u.kind === undefined ? { at: u.at } : { kind: u.kind, at: u.at });
  const [first, second, ...rest] = units;
  if (first === undefined) throw new Error('a build names a place');
  if (second === undefined) return { type: 'build', ...entry(first) };
  return { type: 'build-list', builds: [entry(first), entry(second), ...rest.map(entry)] };
}

