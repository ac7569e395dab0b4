/**
 * Games sent to a worker as one `Int32Array` (transferred, not copied)
 * instead of as order objects. Structured cloning of order objects cost more
 * than the adjudication itself: on the main thread, to serialize (about 15 ms
 * for 20 classic games of 40 phases), and on the worker, to rebuild the
 * objects (about 40 ms); see docs/PERFORMANCE.md.
 *
 * Every field of every order kind is written. A name the board knows travels
 * as the board's own id (a location, a power, a unit kind), which the workers'
 * boards share, so the integer replay reads ids with no table between; any
 * other string (a misspelt place, an unknown power) as an index into a table
 * that grows over the pool's life (a worker is sent only the strings it has
 * not seen), written `OTHER - index` so that it cannot be taken for an id.
 * A value of another shape than the order model's (an unknown order type) and
 * a game's start position travel as objects beside the integers.
 *
 * One file past 500 lines on purpose: the writer (`WireEncoder`) and the
 * readers (`WireReader`, `WireOrderView`) are the two ends of one layout (the
 * order codes, where each field of each kind sits, the table of other
 * strings), kept side by side so that a field is read where it was written;
 * packages/engine/test/many-wire.test.ts sends every order kind through both.
 */
import type { Board } from '../board/board.js';
import { ARMY, FLEET } from '../board/codes.js';
import { NEUTRAL_POWER } from '../config/variant-config.js';
import type { Position } from '../game/position.js';
import type { BuildEntry, DisbandEntry, Order, RetreatList, UnitRef } from '../orders/order.js';
import type { ManyGame } from './replay.js';

const HOLD = 0;
const MOVE = 1;
const SUPPORT = 2;
const CONVOY = 3;
const RETREAT = 4;
const DISBAND = 5;
const BUILD = 6;
const WAIVE = 7;
const BUILD_LIST = 8;
const DISBAND_LIST = 9;
const OBJECT = 10;

/** Absent value (a name or a flag). */
const NONE = -1;
/** String `i` of the table is written `OTHER - i`: below every id and NONE. */
const OTHER = -2;

/** Strings that are not names of the board: each gets an index, in the order first seen. */
export class StringTable {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();

  id(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.index.set(s, i);
    }
    return i;
  }
}

/** A batch of games in wire form. */
export interface WireBatch {
  ints: Int32Array;
  /** Objects that travel as such (start positions, orders of no known shape). */
  objects: unknown[];
}

/** Most orders take at most this many integers; longer ones (routes, retreat lists, build lists) make room for themselves. */
const ORDER_INTS = 16;

/** A copy of `a` with room for at least `need` integers. */
function grow(a: Int32Array<ArrayBuffer>, need: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/**
 * Writes batches of games in wire form with one board's ids; keeps the table
 * of other strings between batches. Encoding is the calling thread's share of
 * `adjudicateMany`, serial while the workers replay, so it is written for
 * speed: one pass, the buffer in a local, names looked up once each.
 */
export class WireEncoder {
  /** Strings of the games that are not names of the board. */
  readonly strings = new StringTable();
  // Orders come grouped by power: the last power is answered without a look-up.
  private lastPower: string | undefined;
  private lastPowerCode = NONE;

  // The board's names as keys of prototype-less objects: a look-up there costs about two
  // thirds of one in the board's `Map`s (whose keys are compared character by character
  // when the strings are not internalized, as names cut from a map file are not).
  private readonly locs: Record<string, number> = Object.create(null) as Record<string, number>;
  private readonly powers: Record<string, number> = Object.create(null) as Record<string, number>;

  constructor(readonly board: Board) {
    board.locationIds.forEach((name, id) => (this.locs[name] = id));
    board.powerIds.forEach((name, id) => (this.powers[name] = id));
    if (board.neutralPower >= 0) this.powers[NEUTRAL_POWER] = board.neutralPower;
  }

  /** A location name's code. */
  private loc(s: string | undefined): number {
    if (typeof s !== 'string') return s === undefined ? NONE : OTHER - this.strings.id(s);
    const l = this.locs[s];
    return l !== undefined ? l : OTHER - this.strings.id(s);
  }

  /** A power name's code. */
  private power(s: string | undefined): number {
    if (s === this.lastPower) return this.lastPowerCode;
    if (typeof s !== 'string') return s === undefined ? NONE : OTHER - this.strings.id(s);
    const p = this.powers[s];
    this.lastPower = s;
    return (this.lastPowerCode = p !== undefined ? p : OTHER - this.strings.id(s));
  }

  /** A unit kind's code. */
  private kind(s: string | undefined): number {
    return s === 'army' ? ARMY : s === 'fleet' ? FLEET : s === undefined ? NONE : OTHER - this.strings.id(s);
  }

  /** Games `games[from .. to)` in wire form. */
  encode(games: readonly ManyGame[], from: number, to: number): WireBatch {
    // Sized for the usual dozen integers an order, so that it seldom grows.
    let orders = 0;
    for (let g = from; g < to; g++) for (const p of games[g]!.phases) orders += p.length + 1;
    let a = new Int32Array(Math.max(64, orders * 10 + (to - from) * 8));
    let n = 0;
    const objects: unknown[] = [];
    a[n++] = to - from;
    for (let g = from; g < to; g++) {
      const game = games[g]!;
      const phases = game.phases;
      if (n + 8 > a.length) a = grow(a, n + 8);
      const seed = game.seed ?? 0;
      // A seed is a 32-bit unsigned integer in practice; any other number travels as an object.
      if (Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff) {
        a[n++] = 0;
        a[n++] = seed | 0;
      } else {
        a[n++] = 1;
        a[n++] = objects.length;
        objects.push(seed);
      }
      if (game.start === undefined) a[n++] = NONE;
      else {
        a[n++] = objects.length;
        objects.push(game.start);
      }
      a[n++] = phases.length;
      for (let p = 0; p < phases.length; p++) {
        const list = phases[p]!;
        if (n + 1 > a.length) a = grow(a, n + 1);
        a[n++] = list.length;
        for (let k = 0; k < list.length; k++) {
          const o = list[k]!;
          if (n + ORDER_INTS > a.length) a = grow(a, n + ORDER_INTS);
          // Each case reads its order through a variable of its own: V8 shares one feedback slot
          // among the loads of a property from the same variable, and the shapes of every order
          // kind would make it megamorphic (a slow look-up) where each kind alone has one or two.
          switch (o.type) {
            case 'move': {
              const m = o;
              const u = m.unit;
              a[n] = MOVE;
              a[n + 1] = this.power(m.power);
              a[n + 2] = this.kind(u.kind);
              a[n + 3] = this.loc(u.at);
              a[n + 4] = this.power(u.power);
              a[n + 5] = this.loc(m.to);
              a[n + 6] = m.viaConvoy === undefined ? NONE : m.viaConvoy ? 1 : 0;
              n += 7;
              const path = m.path;
              if (path === undefined) a[n++] = NONE;
              else {
                if (n + path.length + 1 > a.length) a = grow(a, n + path.length + ORDER_INTS);
                a[n++] = path.length;
                for (let i = 0; i < path.length; i++) a[n++] = this.loc(path[i]!);
              }
              if (m.retreat === undefined) a[n++] = NONE;
              else [a, n] = this.retreat(a, n, m.retreat);
              break;
            }
            case 'hold': {
              const h = o;
              const u = h.unit;
              a[n] = HOLD;
              a[n + 1] = this.power(h.power);
              a[n + 2] = this.kind(u.kind);
              a[n + 3] = this.loc(u.at);
              a[n + 4] = this.power(u.power);
              n += 5;
              if (h.retreat === undefined) a[n++] = NONE;
              else [a, n] = this.retreat(a, n, h.retreat);
              break;
            }
            case 'support':
            case 'convoy': {
              const s = o;
              const u = s.unit;
              const t = s.type === 'support' ? s.supported : s.army;
              a[n] = s.type === 'support' ? SUPPORT : CONVOY;
              a[n + 1] = this.power(s.power);
              a[n + 2] = this.kind(u.kind);
              a[n + 3] = this.loc(u.at);
              a[n + 4] = this.power(u.power);
              a[n + 5] = this.kind(t.kind);
              a[n + 6] = this.loc(t.at);
              a[n + 7] = this.power(t.power);
              a[n + 8] = this.loc(s.to);
              n += 9;
              if (s.retreat === undefined) a[n++] = NONE;
              else [a, n] = this.retreat(a, n, s.retreat);
              break;
            }
            case 'retreat':
            case 'disband': {
              const r = o;
              const u = r.unit;
              a[n] = r.type === 'retreat' ? RETREAT : DISBAND;
              a[n + 1] = this.power(r.power);
              a[n + 2] = this.kind(u.kind);
              a[n + 3] = this.loc(u.at);
              a[n + 4] = this.power((u as UnitRef).power);
              n += 5;
              if (r.type === 'retreat') a[n++] = this.loc(r.to);
              break;
            }
            case 'build': {
              const b = o;
              a[n] = BUILD;
              a[n + 1] = this.power(b.power);
              a[n + 2] = this.kind(b.kind);
              a[n + 3] = this.loc(b.at);
              n += 4;
              break;
            }
            case 'waive': {
              const w = o;
              a[n] = WAIVE;
              a[n + 1] = this.power(w.power);
              n += 2;
              break;
            }
            case 'build-list':
            case 'disband-list': {
              const l = o;
              const entries: readonly (BuildEntry | DisbandEntry)[] = l.type === 'build-list' ? l.builds : l.units;
              if (n + 2 * entries.length + 3 > a.length) a = grow(a, n + 2 * entries.length + ORDER_INTS);
              a[n++] = l.type === 'build-list' ? BUILD_LIST : DISBAND_LIST;
              a[n++] = this.power(l.power);
              a[n++] = entries.length;
              for (const e of entries) {
                a[n++] = this.kind(e.kind);
                a[n++] = this.loc(e.at);
              }
              break;
            }
            default:
              a[n++] = OBJECT;
              a[n++] = objects.length;
              objects.push(o);
          }
        }
      }
    }
    return { ints: a.subarray(0, n), objects };
  }

  /** A retreat list at `a[n]`; the buffer (grown if need be) and the next index. */
  private retreat(a: Int32Array<ArrayBuffer>, n: number, r: RetreatList): [Int32Array<ArrayBuffer>, number] {
    if (n + r.to.length + 2 > a.length) a = grow(a, n + r.to.length + ORDER_INTS);
    a[n++] = r.to.length;
    for (const t of r.to) a[n++] = this.loc(t);
    a[n++] = this.loc(r.otherwise);
    return [a, n];
  }
}

/** The games of a batch, read back with the worker's board and copy of the string table. */
export function decodeGames(batch: WireBatch, board: Board, strings: readonly string[]): ManyGame[] {
  const r = new WireReader(batch, board, strings);
  const games: ManyGame[] = [];
  const count = r.int();
  for (let g = 0; g < count; g++) {
    const { seed, start, phaseCount } = r.gameHeader();
    const phases: Order[][] = [];
    for (let p = 0; p < phaseCount; p++) phases.push(r.orders(r.int()));
    const game: ManyGame = start === undefined ? { phases, seed } : { phases, seed, start };
    games.push(game);
  }
  return games;
}

/** The header of a game in a batch. */
export interface WireGameHeader {
  seed: number;
  start: Position | undefined;
  phaseCount: number;
}

/**
 * Reads a batch from `i` on: integers, game headers, and orders either as
 * order objects (`orders`, names as written) or, without making any, as the
 * codes they hold (`view`).
 */
export class WireReader {
  readonly a: Int32Array;
  i = 0;

  constructor(
    readonly batch: WireBatch,
    readonly board: Board,
    readonly strings: readonly string[],
  ) {
    this.a = batch.ints;
  }

  int(): number {
    return this.a[this.i++]!;
  }

  gameHeader(): WireGameHeader {
    const seedKind = this.int();
    const seed = seedKind === 0 ? this.int() >>> 0 : (this.batch.objects[this.int()] as number);
    const s = this.int();
    const start = s === NONE ? undefined : (this.batch.objects[s] as Position);
    return { seed, start, phaseCount: this.int() };
  }

  /** `n` orders as objects. */
  orders(n: number): Order[] {
    const orders: Order[] = [];
    for (let k = 0; k < n; k++) orders.push(this.order());
    return orders;
  }

  /** The string of the table a code below NONE stands for; undefined for NONE. */
  private other(v: number): string | undefined {
    return v === NONE ? undefined : this.strings[OTHER - v];
  }

  private loc(): string | undefined {
    const v = this.a[this.i++]!;
    return v >= 0 ? this.board.locationIds[v] : this.other(v);
  }

  private req(): string {
    return this.loc()!;
  }

  private power(): string | undefined {
    const v = this.a[this.i++]!;
    return v < 0 ? this.other(v) : v === this.board.neutralPower ? NEUTRAL_POWER : this.board.powerIds[v];
  }

  private kind(): UnitRef['kind'] {
    const v = this.a[this.i++]!;
    return (v === ARMY ? 'army' : v === FLEET ? 'fleet' : this.other(v)) as UnitRef['kind'];
  }

  private unit(): UnitRef {
    const kind = this.kind();
    const at = this.req();
    const power = this.power();
    const u: UnitRef = { at };
    if (kind !== undefined) u.kind = kind;
    if (power !== undefined) u.power = power;
    return u;
  }

  private entry(): DisbandEntry & BuildEntry {
    const kind = this.kind();
    const at = this.req();
    return kind === undefined ? { at } : { kind, at };
  }

  private retreat(): RetreatList | undefined {
    const n = this.int();
    if (n === NONE) return undefined;
    const to: string[] = [];
    for (let k = 0; k < n; k++) to.push(this.req());
    return { to, otherwise: this.req() } as RetreatList;
  }

  private withRetreat<T extends Order>(o: T): T {
    const r = this.retreat();
    if (r !== undefined) (o as { retreat?: RetreatList }).retreat = r;
    return o;
  }

  order(): Order {
    const type = this.int();
    if (type === OBJECT) return this.batch.objects[this.int()] as Order;
    const power = this.power()!;
    switch (type) {
      case HOLD:
        return this.withRetreat({ type: 'hold', power, unit: this.unit() });
      case MOVE: {
        const unit = this.unit();
        const to = this.req();
        const via = this.int();
        const o = { type: 'move', power, unit, to } as Extract<Order, { type: 'move' }>;
        if (via !== NONE) o.viaConvoy = via === 1;
        const n = this.int();
        if (n !== NONE) {
          const path: string[] = [];
          for (let k = 0; k < n; k++) path.push(this.req());
          o.path = path;
        }
        return this.withRetreat(o);
      }
      case SUPPORT: {
        const unit = this.unit();
        const supported = this.unit();
        const to = this.loc();
        const o: Order = to === undefined ? { type: 'support', power, unit, supported } : { type: 'support', power, unit, supported, to };
        return this.withRetreat(o);
      }
      case CONVOY: {
        const unit = this.unit();
        const army = this.unit();
        return this.withRetreat({ type: 'convoy', power, unit, army, to: this.req() });
      }
      case RETREAT: {
        const unit = this.unit();
        return { type: 'retreat', power, unit, to: this.req() };
      }
      case DISBAND:
        return { type: 'disband', power, unit: this.unit() };
      case BUILD: {
        const kind = this.kind();
        const at = this.req();
        return kind === undefined ? { type: 'build', power, at } : { type: 'build', power, kind, at };
      }
      case WAIVE:
        return { type: 'waive', power };
      case BUILD_LIST: {
        const n = this.int();
        const builds: BuildEntry[] = [];
        for (let k = 0; k < n; k++) builds.push(this.entry());
        return { type: 'build-list', power, builds: builds as [BuildEntry, BuildEntry, ...BuildEntry[]] };
      }
      default: {
        const n = this.int();
        const units: DisbandEntry[] = [];
        for (let k = 0; k < n; k++) units.push(this.entry());
        return { type: 'disband-list', power, units: units as [DisbandEntry, DisbandEntry, ...DisbandEntry[]] };
      }
    }
  }

  /** The next order as the codes it holds (NONE where absent), into `v`; no objects made. */
  view(v: WireOrderView): void {
    const a = this.a;
    v.type = a[this.i++]!;
    v.power = v.uKind = v.uAt = v.uPower = v.to = v.via = v.path = v.retreat = v.tKind = v.tAt = v.tPower = NONE;
    if (v.type === OBJECT) {
      this.i++;
      return;
    }
    v.power = a[this.i++]!;
    switch (v.type) {
      case HOLD:
        this.viewUnit(v);
        this.viewRetreat(v);
        return;
      case MOVE: {
        this.viewUnit(v);
        v.to = a[this.i++]!;
        v.via = a[this.i++]!;
        const n = a[this.i++]!;
        v.path = n;
        if (n !== NONE) this.i += n;
        this.viewRetreat(v);
        return;
      }
      case SUPPORT:
      case CONVOY:
        this.viewUnit(v);
        v.tKind = a[this.i++]!;
        v.tAt = a[this.i++]!;
        v.tPower = a[this.i++]!;
        v.to = a[this.i++]!;
        this.viewRetreat(v);
        return;
      case RETREAT:
        this.viewUnit(v);
        v.to = a[this.i++]!;
        return;
      case DISBAND:
        this.viewUnit(v);
        return;
      case BUILD:
        v.uKind = a[this.i++]!;
        v.uAt = a[this.i++]!;
        return;
      case WAIVE:
        return;
      default: {
        // Build and disband lists: passed over (two codes an entry).
        const n = a[this.i++]!;
        this.i += 2 * n;
      }
    }
  }

  private viewUnit(v: WireOrderView): void {
    v.uKind = this.a[this.i++]!;
    v.uAt = this.a[this.i++]!;
    v.uPower = this.a[this.i++]!;
  }

  private viewRetreat(v: WireOrderView): void {
    const n = this.a[this.i++]!;
    v.retreat = n;
    if (n !== NONE) this.i += n + 1;
  }
}

/**
 * One order of a batch as the codes it holds (`WireReader.view`): a board id
 * (location, power, or unit kind `ARMY`/`FLEET`) where the name is the
 * board's, NONE where absent, below NONE for any other string. The ordered
 * unit is `uKind`/`uAt`/`uPower` (a build's kind and place too); the
 * supported or convoyed unit `tKind`/`tAt`/`tPower`; `path` and `retreat` are
 * the lengths of a written route and retreat list.
 */
export class WireOrderView {
  type = NONE;
  power = NONE;
  uKind = NONE;
  uAt = NONE;
  uPower = NONE;
  to = NONE;
  via = NONE;
  path = NONE;
  retreat = NONE;
  tKind = NONE;
  tAt = NONE;
  tPower = NONE;
}

/** Order types of the wire form, for readers of `WireOrderView.type`. */
export const WIRE_ORDER = Object.freeze({ HOLD, MOVE, SUPPORT, CONVOY, RETREAT, DISBAND, BUILD, WAIVE, BUILD_LIST, DISBAND_LIST, OBJECT } as const);
/** Absent value in the wire form. */
export const WIRE_NONE = NONE;
