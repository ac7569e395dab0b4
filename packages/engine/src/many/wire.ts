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
}

/** A batch of games in wire form. */
export interface WireBatch {
  ints: Int32Array;
  /** Objects that travel as such (start positions, orders of no known shape). */
  objects: unknown[];
}

class Writer {
  buf = new Int32Array(4096);
  n = 0;
  readonly objects: unknown[] = [];
  constructor(readonly strings: StringTable) {}

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
    this.str(u.kind);
    this.str(u.at);
    this.str((u as UnitRef).power);
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
        this.str(o.power);
        this.unit(o.unit);
        this.retreat(o.retreat);
        return;
      case 'move':
        this.push(MOVE);
        this.str(o.power);
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
        this.str(o.power);
        this.unit(o.unit);
        this.unit(o.supported);
        this.str(o.to);
        this.retreat(o.retreat);
        return;
      case 'convoy':
        this.push(CONVOY);
        this.str(o.power);
        this.unit(o.unit);
        this.unit(o.army);
        this.str(o.to);
        this.retreat(o.retreat);
        return;
      case 'retreat':
        this.push(RETREAT);
        this.str(o.power);
        this.unit(o.unit);
        this.str(o.to);
        return;
      case 'disband':
        this.push(DISBAND);
        this.str(o.power);
        this.unit(o.unit);
        return;
      case 'build':
        this.push(BUILD);
        this.str(o.power);
        this.str(o.kind);
        this.str(o.at);
        return;
      case 'waive':
        this.push(WAIVE);
        this.str(o.power);
        return;
      case 'build-list':
        this.push(BUILD_LIST);
        this.str(o.power);
        this.push(o.builds.length);
        for (const b of o.builds) {
          this.str(b.kind);
          this.str(b.at);
        }
        return;
      case 'disband-list':
        this.push(DISBAND_LIST);
        this.str(o.power);
        this.push(o.units.length);
        for (const u of o.units) {
          this.str(u.kind);
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
  const w = new Writer(strings);
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
  const a = batch.ints;
  let i = 0;
  const str = (): string | undefined => {
    const v = a[i++]!;
    return v === NONE ? undefined : strings[v];
  };
  const req = (): string => strings[a[i++]!]!;
  const unit = (): UnitRef => {
    const kind = str() as UnitRef['kind'];
    const at = req();
    const power = str();
    const u: UnitRef = { at };
    if (kind !== undefined) u.kind = kind;
    if (power !== undefined) u.power = power;
    return u;
  };
  const entry = (): DisbandEntry & BuildEntry => {
    const kind = str() as UnitRef['kind'];
    const at = req();
    return kind === undefined ? { at } : { kind, at };
  };
  const retreat = (): RetreatList | undefined => {
    const n = a[i++]!;
    if (n === NONE) return undefined;
    const to: string[] = [];
    for (let k = 0; k < n; k++) to.push(req());
    return { to, otherwise: req() } as RetreatList;
  };
  const withRetreat = <T extends Order>(o: T, r: RetreatList | undefined): T => {
    if (r !== undefined) (o as { retreat?: RetreatList }).retreat = r;
    return o;
  };
  const order = (): Order => {
    const type = a[i++]!;
    if (type === OBJECT) return batch.objects[a[i++]!] as Order;
    const power = req();
    switch (type) {
      case HOLD: {
        const u = unit();
        return withRetreat({ type: 'hold', power, unit: u }, retreat());
      }
      case MOVE: {
        const u = unit();
        const to = req();
        const via = a[i++]!;
        const o = { type: 'move', power, unit: u, to } as Extract<Order, { type: 'move' }>;
        if (via !== NONE) o.viaConvoy = via === 1;
        const n = a[i++]!;
        if (n !== NONE) {
          const path: string[] = [];
          for (let k = 0; k < n; k++) path.push(req());
          o.path = path;
        }
        return withRetreat(o, retreat());
      }
      case SUPPORT: {
        const u = unit();
        const supported = unit();
        const to = str();
        const o: Order = to === undefined ? { type: 'support', power, unit: u, supported } : { type: 'support', power, unit: u, supported, to };
        return withRetreat(o, retreat());
      }
      case CONVOY: {
        const u = unit();
        const army = unit();
        return withRetreat({ type: 'convoy', power, unit: u, army, to: req() }, retreat());
      }
      case RETREAT: {
        const u = unit();
        return { type: 'retreat', power, unit: u, to: req() };
      }
      case DISBAND:
        return { type: 'disband', power, unit: unit() };
      case BUILD: {
        const kind = str() as UnitRef['kind'];
        const at = req();
        return kind === undefined ? { type: 'build', power, at } : { type: 'build', power, kind, at };
      }
      case WAIVE:
        return { type: 'waive', power };
      case BUILD_LIST: {
        const n = a[i++]!;
        const builds: BuildEntry[] = [];
        for (let k = 0; k < n; k++) builds.push(entry());
        return { type: 'build-list', power, builds: builds as [BuildEntry, BuildEntry, ...BuildEntry[]] };
      }
      default: {
        const n = a[i++]!;
        const units: DisbandEntry[] = [];
        for (let k = 0; k < n; k++) units.push(entry());
        return { type: 'disband-list', power, units: units as [DisbandEntry, DisbandEntry, ...DisbandEntry[]] };
      }
    }
  };
  const games: ManyGame[] = [];
  const count = a[i++]!;
  for (let g = 0; g < count; g++) {
    const seedKind = a[i++]!;
    const seed = seedKind === 0 ? a[i++]! >>> 0 : (batch.objects[a[i++]!] as number);
    const s = a[i++]!;
    const start = s === NONE ? undefined : (batch.objects[s] as Position);
    const phaseCount = a[i++]!;
    const phases: Order[][] = [];
    for (let p = 0; p < phaseCount; p++) {
      const n = a[i++]!;
      const orders: Order[] = [];
      for (let k = 0; k < n; k++) orders.push(order());
      phases.push(orders);
    }
    const game: ManyGame = start === undefined ? { phases, seed } : { phases, seed, start };
    games.push(game);
  }
  return games;
}
