/**
 * parseOrder: a tolerant reader of the standard order notation (docs/GAME-LANGUAGE.md).
 *
 *   [POWER:] UNIT H | UNIT - PLACE [- PLACE…] [via convoy] | UNIT S UNIT [- PLACE]
 *          | UNIT C UNIT - PLACE | UNIT R PLACE | UNIT D | Build [KIND] PLACE | Waive
 *          | Build [KIND] PLACE, [KIND] PLACE… | Disband UNIT, UNIT…
 *
 * and, after H, a move, S or C, a retreat priority list (000 §10):
 * `retreat PLACE, PLACE…[, disband]` or `retreat disband`.
 *
 * plus the usual variations: spelled-out verbs ("moves to", "supports", "Remove"),
 * command-first forms ("move lvp to edi", "Build an Army in Berlin"), arrows `->`,
 * `=>`, `-->`, the unit kind left out. The reader resolves names only; whether an
 * order is legal is for the adjudicator, so a support in a retreat phase reads as
 * a support (DATC 6.H.1) and a unit kind is kept as written or left out (4.C.1).
 *
 * A province or power name that is not known may be read as the one name it is
 * clearly close to (`../board/guess.ts`); the result then lists a `guessed-name`
 * warning for it, so nothing is changed silently. `guessNames: false` turns this off.
 *
 * Plain orders (`A ber - kie`, ids and one-letter verbs) are read by a shortcut
 * that gives what this reader gives (`./plain.ts`).
 */
import { nameWords, type NameIndex } from '../board/names.js';
import type { PhaseKind, UnitKind } from '../game/position.js';
import {
  ARROWS,
  ARTICLES,
  BUILD,
  CONVOY,
  CONVOY_WORD,
  DISBAND,
  HOLD,
  MOVE,
  MOVE_ALONE,
  MOVE_LINKS,
  NOTATION_WORDS,
  RETREAT,
  SUPPORT,
  TRAILING,
  VIA,
  WAIVE,
  WAIVE_TAIL,
} from './keywords.js';
import type { Order, RetreatList, UnitRef } from './order.js';
import { foreignUnitRef, location, unitRef } from './places.js';
import { readPlainOrder } from './plain.js';
import { Failure, Reader, type ParseErrorCode, type ParseWarning } from './reader.js';
import { tokenize } from './tokens.js';
import { quoted } from '../config/echo.js';

export type { ParseErrorCode, ParseWarning, ParseWarningCode } from './reader.js';

export interface ParseContext {
  /** The power giving the order, when the order does not say. */
  power?: string;
  /** Decides what `A tri - alb` is: a move, or in a retreat phase a retreat. Default: movement. */
  phase?: PhaseKind;
  /**
   * The unit at a location, to tell whose order it is when neither the order nor
   * `power` says. Asked with the location as written, then with its province.
   */
  unitAt?: (loc: string) => { power: string; kind: UnitKind; at: string } | undefined;
  /**
   * Whether a province or power name that is not known may be read as the one name
   * it is clearly close to, with a `guessed-name` warning (docs/GAME-LANGUAGE.md,
   * "Misspelt names"). Default: true; strict callers pass false and get an
   * `unknown-province` or `unknown-power` failure instead.
   */
  guessNames?: boolean;
  /**
   * Whether the unit at `from` (a location as the order names it) can move to the
   * province `to`: a misspelt destination is suggested with the provinces the unit
   * can reach first (`rankSuggestions`).
   */
  reaches?: (from: string, to: string) => boolean;
}

export type ParseResult =
  /** `warnings` is there only when there is one: each guessed name, with its span. */
  | { ok: true; order: Order; warnings?: ParseWarning[] }
  /** `suggestions`: ids that could replace the text from `start` to `end`, best first (an unknown name's did-you-mean). */
  | { ok: false; message: string; start: number; end: number; code: ParseErrorCode; suggestions?: readonly string[] };

/** An order before its power is known. */
type Draft = { [T in Order['type']]: Omit<Extract<Order, { type: T }>, 'power'> }[Order['type']];
/** A draft of an order that may carry a retreat priority list. */
type MovementDraft = Extract<Draft, { type: 'hold' | 'move' | 'support' | 'convoy' }>;

export function parseOrder(index: NameIndex, text: string, context: ParseContext = {}): ParseResult {
  try {
    const written = String(text);
    // Most orders are written plainly (`A ber - kie`): read without tokens when the power is known.
    const plain = context.power === undefined ? undefined : readPlainOrder(index, written, context.power, context.phase ?? 'movement');
    if (plain !== undefined) return { ok: true, order: plain };
    const r = new Reader(written, tokenize(written), context.guessNames ?? true, context.reaches);
    // A unit's place fits where there is a unit (of the power, when it is known).
    const unitAt = context.unitAt;
    if (unitAt !== undefined) r.fits = (province) => { const u = unitAt(province); return u !== undefined && (context.power === undefined || u.power === context.power); };
    const order = readOrder(r, index, context);
    return r.warnings.length === 0 ? { ok: true, order } : { ok: true, order, warnings: [...r.warnings] };
  } catch (e) {
    if (e instanceof Failure) {
      const failed = { ok: false as const, code: e.code, message: e.message, start: e.start, end: e.end };
      return e.suggestions !== undefined && e.suggestions.length > 0 ? { ...failed, suggestions: e.suggestions } : failed;
    }
    // A bug in the reader must not take the caller down with it.
    const detail = e instanceof Error ? e.message : String(e);
    return { ok: false, code: 'internal', message: `could not read the order: ${detail}`, start: 0, end: typeof text === 'string' ? text.length : 0 };
  }
}

function readOrder(r: Reader, index: NameIndex, context: ParseContext): Order {
  if (r.atEnd()) throw r.failure('empty', 'empty order', { start: 0, end: r.text.length });
  const prefix = powerPrefix(r, index);
  if (r.atEnd()) throw r.failure('empty', 'no order after the power', r.endSpan());
  const bodyStart = r.pos;
  const draft = readBody(r, index, context.phase ?? 'movement');
  const power = prefix ?? context.power ?? ownerOf(draft, context);
  if (power === undefined) {
    const hint = context.unitAt !== undefined && 'unit' in draft ? ` (no unit is in ${draft.unit.at})` : '';
    const message = `can't tell which power gives this order${hint}; begin it with the power and a colon, as in 'POWER: ORDER'`;
    throw r.failure('no-power', message, r.spanOf(bodyStart, r.tokens.length));
  }
  return { power, ...draft };
}

/** `England:`, `eng:`, `f:` — the power named before the first colon, if there is one. */
function powerPrefix(r: Reader, index: NameIndex): string | undefined {
  const colon = r.tokens.findIndex((t) => t.kind === 'punct' && t.norm === ':');
  if (colon < 0) return undefined;
  if (colon === 0) throw r.failure('unknown-power', "expected a power before ':'", r.spanOf(0, 1));
  const written = r.textOf(0, colon);
  const power = index.power(written) ?? guessPower(r, index, colon);
  if (power === undefined) {
    const list = index.suggestPower(written);
    const hint = list.length === 0 ? '' : `; did you mean ${list.map((s) => quoted(s.id)).join(' or ')}?`;
    throw r.failure('unknown-power', `unknown power ${quoted(written)}${hint}`, r.spanOf(0, colon));
  }
  r.pos = colon + 1;
  return power;
}

/** A misspelt power before the colon, read with a warning when it is close to exactly one power's name. */
function guessPower(r: Reader, index: NameIndex, colon: number): string | undefined {
  if (!r.guessNames) return undefined;
  const written = r.textOf(0, colon);
  const words = nameWords(written);
  if (words.length === 0 || words.some((w) => NOTATION_WORDS.has(w))) return undefined;
  const [id, ...more] = index.guessPower(words);
  if (id === undefined || more.length > 0) return undefined;
  r.warn('guessed-name', `read ${quoted(written)} as ${id} (${index.powerName(id) ?? id})`, r.spanOf(0, colon));
  return id;
}

function ownerOf(draft: Draft, context: ParseContext): string | undefined {
  if (context.unitAt === undefined || !('unit' in draft)) return undefined;
  const at = draft.unit.at;
  const unit = context.unitAt(at) ?? (at.includes('/') ? context.unitAt(at.slice(0, at.indexOf('/'))) : undefined);
  return unit?.power;
}

/** The order itself; every reading must take the whole text (then trailing "." and the like). */
function readBody(r: Reader, index: NameIndex, phase: PhaseKind): Draft {
  const whole = (read: () => Draft) => (): Draft => {
    const draft = read();
    while (r.peek()?.kind === 'punct' && TRAILING.has(r.peek()?.norm ?? '')) r.take();
    if (!r.atEnd()) {
      throw r.failure('unexpected', `unexpected ${quoted(r.textOf(r.pos, r.tokens.length))} after the order`, r.spanOf(r.pos, r.tokens.length));
    }
    return draft;
  };
  if (r.isWord(WAIVE)) return whole(() => waive(r))();
  const command = r.word();
  const unitFirst = whole(() => afterUnit(r, index, unitRef(r, index), phase));
  if (command !== undefined && isCommand(command)) return r.firstOf(whole(() => commandFirst(r, index, phase)), unitFirst);
  return unitFirst();
}

function isCommand(word: string): boolean {
  return BUILD.has(word) || DISBAND.has(word) || RETREAT.has(word) || MOVE.has(word) || HOLD.has(word);
}

function waive(r: Reader): Draft {
  r.take();
  if (r.isWord(ARTICLES) && r.isWord(WAIVE_TAIL, 1)) r.take();
  r.takeWord(WAIVE_TAIL);
  return { type: 'waive' };
}

/** Orders that begin with their verb: `Build F lon`, `Remove A war`, `move lvp to edi`, `R A tri alb`. */
function commandFirst(r: Reader, index: NameIndex, phase: PhaseKind): Draft {
  const verb = r.take().norm;
  const unit = unitRef(r, index);
  if (BUILD.has(verb)) return buildList(r, index, unit);
  if (DISBAND.has(verb)) return disbandList(r, index, unit);
  if (HOLD.has(verb)) return withRetreatList(r, index, { type: 'hold', unit });
  if (RETREAT.has(verb)) {
    moveVerb(r);
    return { type: 'retreat', unit, to: r.fitting(r.reachFrom(unit.at), () => location(r, index)).at };
  }
  if (!moveVerb(r)) throw r.failure('expected-move', "expected '-' or 'to' and where the unit moves", r.hereSpan());
  const moved = move(r, index, unit, phase);
  return moved.type === 'retreat' ? moved : withRetreatList(r, index, moved);
}

/** More items of a comma list (`, A rom, F nap`); a comma at the very end is trailing punctuation. */
function moreItems<T>(r: Reader, read: () => T): T[] {
  const out: T[] = [];
  while (r.isPunct(',') && r.peek(1) !== undefined) {
    r.take();
    out.push(read());
  }
  return out;
}

/** `Build F ven, A rom, F nap`: a build priority list (000 §11); one entry is a plain build. */
function buildList(r: Reader, index: NameIndex, first: UnitRef): Draft {
  const single = build(first);
  const more = moreItems(r, () => unitRef(r, index));
  const [second, ...rest] = more;
  if (second === undefined) return single;
  const entry = (u: UnitRef) => (u.kind === undefined ? { at: u.at } : { kind: u.kind, at: u.at });
  return { type: 'build-list', builds: [entry(first), entry(second), ...rest.map(entry)] };
}

/** `Disband A sil, A ber, F den`: a disband priority list (000 §11); one entry is a plain disband. */
function disbandList(r: Reader, index: NameIndex, first: UnitRef): Draft {
  const [second, ...rest] = moreItems(r, () => unitRef(r, index));
  if (second === undefined) return { type: 'disband', unit: first };
  return { type: 'disband-list', units: [first, second, ...rest] };
}

/**
 * ` retreat ber, kie[, disband]` or ` retreat disband` after a movement order:
 * the unit's retreat priority list (000 §10). `disband` may only end the list.
 */
function withRetreatList(r: Reader, index: NameIndex, draft: MovementDraft): Draft {
  if (r.isPunct(',') && r.isWord(RETREAT, 1)) r.take();
  if (!r.takeWord(RETREAT)) return draft;
  moveVerb(r);
  const to: string[] = [];
  let disband = false;
  for (;;) {
    if (r.isWord(DISBAND) && (r.peek(1) === undefined || r.isPunct(',', 1) || r.isPunct('.', 1) || r.isPunct(';', 1))) {
      r.take();
      disband = true;
      if (r.isPunct(',') && r.peek(1) !== undefined) {
        throw r.failure('unexpected', "'disband' ends a retreat list: nothing may follow it", r.spanOf(r.pos, r.tokens.length));
      }
      break;
    }
    to.push(r.fitting(r.reachFrom(draft.unit.at), () => location(r, index)).at);
    if (!r.isPunct(',') || r.peek(1) === undefined) break;
    r.take();
  }
  const [head, ...tail] = to;
  const list: RetreatList =
    head === undefined ? { to: [], otherwise: 'disband' } : { to: [head, ...tail], otherwise: disband ? 'disband' : 'default' };
  return { ...draft, retreat: list };
}

/** What follows the unit in `UNIT VERB …`. */
function afterUnit(r: Reader, index: NameIndex, unit: UnitRef, phase: PhaseKind): Draft {
  if (r.takeWord(HOLD)) return withRetreatList(r, index, { type: 'hold', unit });
  if (r.takeWord(SUPPORT)) return withRetreatList(r, index, support(r, index, unit));
  if (r.takeWord(CONVOY)) {
    const army = foreignUnitRef(r, index);
    if (!moveVerb(r)) throw r.failure('expected-move', "expected '-' and where the convoyed army goes", r.hereSpan());
    return withRetreatList(r, index, { type: 'convoy', unit, army, to: r.fitting(undefined, () => location(r, index)).at });
  }
  if (r.takeWord(RETREAT)) {
    moveVerb(r);
    return { type: 'retreat', unit, to: r.fitting(r.reachFrom(unit.at), () => location(r, index)).at };
  }
  if (r.takeWord(DISBAND)) return { type: 'disband', unit };
  if (r.takeWord(BUILD)) return build(unit);
  if (moveVerb(r)) {
    const moved = move(r, index, unit, phase);
    return moved.type === 'retreat' ? moved : withRetreatList(r, index, moved);
  }
  const t = r.peek();
  const what = t === undefined ? 'the order ends after the unit' : `${quoted(t.text)} is not an order`;
  throw r.failure('expected-order', `${what}; expected H, - PLACE, S, C, R or D`, r.hereSpan());
}

/** A build names its unit like any order; the kind stays out when not written (4.C.3). */
function build(unit: UnitRef): Draft {
  return unit.kind === undefined ? { type: 'build', at: unit.at } : { type: 'build', kind: unit.kind, at: unit.at };
}

function support(r: Reader, index: NameIndex, unit: UnitRef): Extract<Draft, { type: 'support' }> {
  const supported = foreignUnitRef(r, index);
  if (moveVerb(r)) return { type: 'support', unit, supported, to: r.fitting(r.reachFrom(supported.at), () => location(r, index)).at };
  r.takeWord(HOLD);
  return { type: 'support', unit, supported };
}

/**
 * After the move verb: a destination, or a convoy route ending in one
 * (`A lon - nth - nwy`, 4.A.6), and `via convoy`. A written route is a convoy,
 * so it sets `viaConvoy` too. In a retreat phase a plain move is a retreat.
 */
function move(r: Reader, index: NameIndex, unit: UnitRef, phase: PhaseKind): Extract<Draft, { type: 'move' | 'retreat' }> {
  const places = [r.fitting(r.reachFrom(unit.at), () => location(r, index))];
  while (r.peek()?.kind === 'arrow') {
    moveVerb(r);
    places.push(r.fitting(undefined, () => location(r, index)));
  }
  let viaConvoy = false;
  if (r.isWord(VIA) && r.word(1) === CONVOY_WORD) {
    r.take();
    r.take();
    viaConvoy = true;
  }
  const last = places[places.length - 1];
  const to = last?.at ?? '';
  if (places.length > 1) {
    return { type: 'move', unit, to, viaConvoy: true, path: places.slice(0, -1).map((p) => p.province) };
  }
  if (phase === 'retreat' && !viaConvoy) return { type: 'retreat', unit, to };
  return { type: 'move', unit, to, viaConvoy };
}

/** Takes a move verb or arrow if there is one; a malformed arrow (`--->`) is an error. */
function moveVerb(r: Reader): boolean {
  const t = r.peek();
  if (t?.kind === 'arrow') {
    if (!ARROWS.has(t.norm)) throw r.failure('bad-arrow', `${quoted(t.text)} is not a move arrow; write '-' or '->'`, r.hereSpan());
    r.take();
    return true;
  }
  if (r.takeWord(MOVE)) {
    r.takeWord(MOVE_LINKS);
    return true;
  }
  return r.takeWord(MOVE_ALONE) !== undefined;
}
