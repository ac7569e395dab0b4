/**
 * Games sent to a worker as one `Int32Array` (transferred, not copied) and the
 * strings it names, instead of as order objects. Structured cloning of order
 * objects cost more than the adjudication itself: on the main thread, to
 * serialize (about 15 ms for 20 classic games of 40 phases), and on the
 * worker, to rebuild the objects (about 40 ms); see docs/PERFORMANCE.md.
 *
 * Every field of every order kind is written, strings as indexes into a table
 * that grows over the pool's life (a worker is sent only the strings it has not
 * seen); a value of another shape than the order model's (an unknown order
 * type) and a game's start position travel as objects beside the integers.
 */
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

/** Absent value (a string index or a flag). */
const NONE = -1;

/** The main thread's string table: every string sent so far gets an index. */
export class StringTable {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();

  id(s: string | undefined): number {
    if (s === undefined) return NONE;
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.index.set(s, i);
    }
    return i;
  }

  // Encoding is the calling thread's share of `adjudicateMany`, done while the
  // workers replay, so it bounds the speed-up: the two unit kinds and the last
  // power are answered without a map look-up (orders come grouped by power).
  private armyId = -2;
  private fleetId = -2;
  private lastPower: string | undefined;
  private lastPowerId = NONE;

  /** `id` of a unit kind. */
  kind(s: string | undefined): number {
    if (s === 'army') return this.armyId >= 0 ? this.armyId : (this.armyId = this.id(s));
    if (s === 'fleet') return this.fleetId >= 0 ? this.fleetId : (this.fleetId = this.id(s));
    return this.id(s);
  }

  /** `id` of a power's name. */
  power(s: string | undefined): number {
    if (s === undefined) return NONE;
    if (s !== this.lastPower) {
      this.lastPowerId = this.id(s);
      this.lastPower = s;
    }
    return this.lastPowerId;
  }
}

/** A batch of games in wire form. */
export interface WireBatch {
  ints: Int32Array;
  /** Objects that travel as such (start positions, orders of no known shape). */
  objects: unknown[];
}

class Writer {
  buf: Int32Array;
  n = 0;
  readonly objects: unknown[] = [];
  constructor(
    readonly strings: StringTable,
    size: number,
  ) {
    this.buf = new Int32Array(Math.max(64, size));
  }

  push(v: number): void {
    if (this.n === this.buf.length) {
      const b = new Int32Array(this.buf.length * 2);
      b.set(this.buf);
      this.buf = b;
    }
    this.buf[this.n++] = v;
  }

  str(s: string | undefined): void {
    this.push(this.strings.id(s));
  }

  object(o: unknown): void {
    this.push(this.objects.length);
    this.objects.push(o);
  }

  unit(u: UnitRef | DisbandEntry): void {
    this.push(this.strings.kind(u.kind));
    this.str(u.at);
    this.push(this.strings.power((u as UnitRef).power));
  }

  power(s: string): void {
    this.push(this.strings.power(s));
  }

  retreat(r: RetreatList | undefined): void {
    if (r === undefined) return this.push(NONE);
    this.push(r.to.length);
    for (const t of r.to) this.str(t);
    this.str(r.otherwise);
  }

  order(o: Order): void {
    switch (o.type) {
      case 'hold':
        this.push(HOLD);
        this.power(o.power);
        this.unit(o.unit);
        this.retreat(o.retreat);
        return;
      case 'move':
        this.push(MOVE);
        this.power(o.power);
        this.unit(o.unit);
        this.str(o.to);
        this.push(o.viaConvoy === undefined ? NONE : o.viaConvoy ? 1 : 0);
        if (o.path === undefined) this.push(NONE);
        else {
          this.push(o.path.length);
          for (const s of o.path) this.str(s);
        }
        this.retreat(o.retreat);
        return;
      case 'support':
        this.push(SUPPORT);
        this.power(o.power);
        this.unit(o.unit);
        this.unit(o.supported);
        this.str(o.to);
        this.retreat(o.retreat);
        return;
      case 'convoy':
        this.push(CONVOY);
        this.power(o.power);
        this.unit(o.unit);
        this.unit(o.army);
        this.str(o.to);
        this.retreat(o.retreat);
        return;
      case 'retreat':
        this.push(RETREAT);
        this.power(o.power);
        this.unit(o.unit);
        this.str(o.to);
        return;
      case 'disband':
        this.push(DISBAND);
        this.power(o.power);
        this.unit(o.unit);
        return;
      case 'build':
        this.push(BUILD);
        this.power(o.power);
        this.push(this.strings.kind(o.kind));
        this.str(o.at);
        return;
      case 'waive':
        this.push(WAIVE);
        this.power(o.power);
        return;
      case 'build-list':
        this.push(BUILD_LIST);
        this.power(o.power);
        this.push(o.builds.length);
        for (const b of o.builds) {
          this.push(this.strings.kind(b.kind));
          this.str(b.at);
        }
        return;
      case 'disband-list':
        this.push(DISBAND_LIST);
        this.power(o.power);
        this.push(o.units.length);
        for (const u of o.units) {
          this.push(this.strings.kind(u.kind));
          this.str(u.at);
        }
        return;
      default:
        this.push(OBJECT);
        this.object(o);
    }
  }
}

/** Games `games[from .. to)` in wire form (strings added to `strings`). */
export function encodeGames(games: readonly ManyGame[], from: number, to: number, strings: StringTable): WireBatch {
  // Sized for the usual dozen integers an order, so that it seldom grows.
  let orders = 0;
  for (let g = from; g < to; g++) for (const p of games[g]!.phases) orders += p.length + 1;
  const w = new Writer(strings, orders * 12 + (to - from) * 8);
  w.push(to - from);
  for (let g = from; g < to; g++) {
    const game = games[g]!;
    const seed = game.seed ?? 0;
    // A seed is a 32-bit unsigned integer in practice; any other number travels as an object.
    if (Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff) {
      w.push(0);
      w.push(seed | 0);
    } else {
      w.push(1);
      w.object(seed);
    }
    if (game.start === undefined) w.push(NONE);
    else w.object(game.start);
    w.push(game.phases.length);
    for (const orders of game.phases) {
      w.push(orders.length);
      for (const o of orders) w.order(o);
    }
  }
  return { ints: w.buf.subarray(0, w.n), objects: w.objects };
}

/** The games of a batch, read back with the worker's copy of the string table. */
export function decodeGames(batch: WireBatch, strings: readonly string[]): ManyGame[] {
  const r = new WireReader(batch, strings);
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
 * order objects (`orders`) or, without making any, as the string indexes they
 * hold (`view`).
 */
export class WireReader {
  readonly a: Int32Array;
  i = 0;

  constructor(
    readonly batch: WireBatch,
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

  private str(): string | undefined {
    const v = this.a[this.i++]!;
    return v === NONE ? undefined : this.strings[v];
  }

  private req(): string {
    return this.strings[this.a[this.i++]!]!;
  }

  private unit(): UnitRef {
    const kind = this.str() as UnitRef['kind'];
    const at = this.req();
    const power = this.str();
    const u: UnitRef = { at };
    if (kind !== undefined) u.kind = kind;
    if (power !== undefined) u.power = power;
    return u;
  }

  private entry(): DisbandEntry & BuildEntry {
    const kind = this.str() as UnitRef['kind'];
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
    const power = this.req();
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
        const to = this.str();
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
        const kind = this.str() as UnitRef['kind'];
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

  /** The next order as the string indexes it holds (NONE where absent), into `v`; no objects made. */
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
        // Build and disband lists: passed over (two strings an entry).
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
 * One order of a batch as the string indexes it holds, NONE where absent
 * (`WireReader.view`). The ordered unit is `uKind`/`uAt`/`uPower` (a build's
 * kind and place too); the supported or convoyed unit `tKind`/`tAt`/`tPower`;
 * `path` and `retreat` are the lengths of a written route and retreat list.
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
