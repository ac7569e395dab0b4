/**
 * The movement phase as columns indexed by unit: each unit's one effective
 * order (after illegal and duplicate orders are set aside) and the per-phase
 * lists the decisions walk (moves into each province, supports of each unit,
 * convoying fleets of each army), as CSR rows in buffers that are reused from
 * phase to phase. Built by `validate.ts` and `validate-ints.ts` (with `legality.ts`, `one-order.ts`, `phase-table.ts`, `filing.ts`), read by the decisions.
 *
 * One table per board (`workspace.ts`), sized for the most units a board can
 * hold (one per province), so a phase allocates nothing here.
 */
import type { Board } from '../../board/board.js';
import type { RuleOptions } from '../../config/rules.js';
import type { Slab } from '../slab.js';
import { UnitColumns } from '../units.js';
import { MovementFlags } from './flags.js';

/** Effective order kinds. An illegal or missing order is a HOLD. */
export const HOLD = 0;
export const MOVE = 1;
export const SUPPORT_HOLD = 2;
export const SUPPORT_MOVE = 3;
export const CONVOY = 4;
export type OrderCode = typeof HOLD | typeof MOVE | typeof SUPPORT_HOLD | typeof SUPPORT_MOVE | typeof CONVOY;

/** How an army's move travels (DATC 4.A.3). */
export const ROUTE_LAND = 0;
/** Only by convoy: the destination is not adjacent, or the convoy route was chosen. */
export const ROUTE_CONVOY = 1;
/** By convoy when a convoy route gets through, otherwise over land (the 1971 swap, `swap-only`). */
export const ROUTE_EITHER = 2;
export type RouteCode = typeof ROUTE_LAND | typeof ROUTE_CONVOY | typeof ROUTE_EITHER;

/** Why an unmatched support or convoy fails (`MovementTable.unmatchedReason`). */
export const UNMATCHED_NONE = 0;
export const UNMATCHED = 1;
export const UNMATCHED_CIVIL_DISORDER = 2;

/**
 * Orders as columns, one slot each: where a legality check writes an order it
 * accepts (`set`). The written path keeps one slot per written order and picks
 * each unit's order among them (`one-order.ts`); the integer path has one order
 * per unit, so its checks write straight into the table's own columns
 * (`MovementTable.slots`, slot = unit) and nothing is copied.
 */
export class OrderSlots {
  constructor(
    /** The unit ordered. */
    readonly unit: Int32Array,
    readonly code: Uint8Array,
    readonly dstLoc: Int32Array,
    readonly dstProv: Int32Array,
    readonly target: Int32Array,
    readonly supportCoast: Int32Array,
    readonly via: Uint8Array,
    readonly path: (readonly number[] | undefined)[],
  ) {}

  static sized(n: number): OrderSlots {
    return new OrderSlots(
      new Int32Array(n),
      new Uint8Array(n),
      new Int32Array(n),
      new Int32Array(n),
      new Int32Array(n),
      new Int32Array(n),
      new Uint8Array(n),
      new Array<readonly number[] | undefined>(n).fill(undefined),
    );
  }

  /** Writes the order in slot `i` (-1 for what does not apply); a written sea path is set afterwards. */
  set(i: number, u: number, code: number, dstLoc: number, dstProv: number, target: number, supportCoast: number, via: number): void {
    this.unit[i] = u;
    this.code[i] = code;
    this.dstLoc[i] = dstLoc;
    this.dstProv[i] = dstProv;
    this.target[i] = target;
    this.supportCoast[i] = supportCoast;
    this.via[i] = via;
    // Read before written: paths are rare, and a store into this plain array costs
    // several times a load (about 5% of an integer-API adjudication, measured).
    if (this.path[i] !== undefined) this.path[i] = undefined;
  }
}

export class MovementTable {
  readonly board: Board;
  /** The rules of this adjudication, and the options the hot paths read, as flags (`bindRules`). */
  rules: RuleOptions;
  f: MovementFlags;
  readonly units: UnitColumns;
  /** Per unit: its effective order. */
  readonly order: Uint8Array;
  /** Per unit: index of its effective order in the order list, -1 when it holds unordered or an implicit order stands. */
  readonly orderIndex: Int32Array;
  /** MOVE: destination location (a coast for a fleet on a split-coast province). */
  readonly dstLoc: Int32Array;
  /** MOVE: destination province; SUPPORT_MOVE: the supported move's destination; CONVOY: the army's destination. */
  readonly dstProv: Int32Array;
  /** SUPPORT_*, CONVOY: the supported or convoyed unit. */
  readonly target: Int32Array;
  /** SUPPORT_MOVE: the coast the support names, or -1. */
  readonly supportCoast: Int32Array;
  /** MOVE of an army: how it travels. */
  readonly route: Uint8Array;
  /** MOVE: the sea route written in the order, when the rules use it (4.A.6). Entries beyond `n` are stale. */
  readonly pathSpec: (readonly number[] | undefined)[];
  /** SUPPORT_*, CONVOY: 1 when the supported or convoyed unit was ordered to match. Unmatched ones fail. */
  readonly matched: Uint8Array;
  /** Why an unmatched support fails (UNMATCHED_*). */
  readonly unmatchedReason: Uint8Array;
  /** Per unit: 1 when it may not receive hold support (an illegal move under `deny-hold-support`; kept and read only under that rule). */
  readonly noHoldSupport: Uint8Array;
  /** Per unit: 1 when an implicit order (4.E.3) was deduced for it. */
  readonly implicit: Uint8Array;
  /** Per unit: 1 when its move was written "via convoy" (and the rules know the words). */
  readonly viaConvoy: Uint8Array;
  /**
   * Per unit: the matched supports of its order, in unit order, as a linked
   * list: `supHead[u]`, then `supNext[s]` until -1. Lists rather than CSR rows
   * so that they are filed in the one pass that matches the orders (no counting
   * pass, prefix sums or filling pass). `supHead` is cleared for every unit
   * with its other columns.
   */
  readonly supHead: Int32Array;
  readonly supNext: Int32Array;
  /**
   * Per province: the units ordered to move there, in unit order, as a linked
   * list: `firstInto(p)`, then `intoNext[u]` until -1. A list per province
   * rather than CSR rows, because rows over the provinces need a pass over all
   * of them each phase, and most provinces have no move into them. A head
   * counts only if `intoStamp[p]` is this phase's `stamp`, so nothing is cleared.
   */
  readonly intoHead: Int32Array;
  readonly intoStamp: Int32Array;
  readonly intoNext: Int32Array;
  stamp = 0;
  /** Per army: the fleets with matched convoy orders for its move, in unit order: `cvyHead[a]`, then `cvyNext[f]` until -1. */
  readonly cvyHead: Int32Array;
  readonly cvyNext: Int32Array;
  /** Matched convoy orders this phase. */
  matchedConvoys = 0;
  /** Per province: 1 when a fleet stands on a convoy sea there at the start of the phase. */
  readonly fleetSea: Uint8Array;
  /** The table's order columns as slots (slot = unit), for checks that write straight into it. */
  readonly slots: OrderSlots;
  /**
   * The units by effective order, each list in unit order: `moves[0 ..
   * moveCount)`, `supports` (to hold or to move), `convoys`, and `active` (all
   * three together). Built as the orders are set (`listOrders`), so that the
   * passes after validation walk only the units they concern instead of
   * branching on every unit's order: on random orders that branch mispredicts
   * about once per unit, which cost more than the work of some passes.
   */
  readonly moves: Int32Array;
  moveCount = 0;
  readonly supports: Int32Array;
  supportCount = 0;
  readonly convoys: Int32Array;
  convoyCount = 0;
  readonly active: Int32Array;
  activeCount = 0;
  /** "A par", "F stp/sc" by `2 * location + (fleet ? 1 : 0)`, made on first use: the unit names of result sentences. */
  readonly unitLabels: (string | undefined)[];

  /** What the constructor carves from its slab: Int32 elements and bytes (each byte column rounded up to 4). */
  static slabNeeds(capacity: number, provinceCount: number): { int32s: number; bytes: number } {
    return { int32s: 15 * capacity + 2 * provinceCount, bytes: 7 * roundUp4(capacity) + roundUp4(provinceCount) };
  }

  /** `slab`: the workspace's buffer (see `slabNeeds`). */
  constructor(board: Board, rules: RuleOptions, units: UnitColumns, capacity: number, slab: Slab) {
    const P = board.provinceCount;
    this.board = board;
    this.rules = rules;
    this.f = new MovementFlags(rules);
    this.units = units;
    this.order = slab.uint8(capacity);
    this.orderIndex = slab.int32(capacity);
    this.route = slab.uint8(capacity);
    this.noHoldSupport = slab.uint8(capacity);
    this.supHead = slab.int32(capacity, -1);
    this.cvyHead = slab.int32(capacity, -1);
    this.dstLoc = slab.int32(capacity);
    this.dstProv = slab.int32(capacity);
    this.target = slab.int32(capacity);
    this.supportCoast = slab.int32(capacity);
    this.viaConvoy = slab.uint8(capacity);
    this.pathSpec = new Array<readonly number[] | undefined>(capacity).fill(undefined);
    this.moves = slab.int32(capacity);
    this.supports = slab.int32(capacity);
    this.convoys = slab.int32(capacity);
    this.active = slab.int32(capacity);
    this.matched = slab.uint8(capacity);
    this.unmatchedReason = slab.uint8(capacity);
    this.implicit = slab.uint8(capacity);
    this.supNext = slab.int32(capacity);
    this.intoHead = slab.int32(P);
    this.intoStamp = slab.int32(P);
    this.intoNext = slab.int32(capacity);
    this.cvyNext = slab.int32(capacity);
    this.fleetSea = slab.uint8(P);
    this.unitLabels = new Array<string | undefined>(2 * board.locationCount).fill(undefined);
    const unitOf = slab.int32(capacity);
    for (let u = 0; u < capacity; u++) unitOf[u] = u;
    this.slots = new OrderSlots(unitOf, this.order, this.dstLoc, this.dstProv, this.target, this.supportCoast, this.viaConvoy, this.pathSpec);
  }

  /** Empties the lists of units by order (`moves`, `supports`, `convoys`, `active`). */
  clearOrderLists(): void {
    this.moveCount = 0;
    this.supportCount = 0;
    this.convoyCount = 0;
    this.activeCount = 0;
  }

  /** Adds unit `u`, whose effective order is now set, to the list of its order; units must come in unit order. */
  listOrder(u: number): void {
    const code = this.order[u];
    if (code === HOLD) return;
    if (code === MOVE) this.listMove(u);
    else if (code === CONVOY) {
      this.active[this.activeCount++] = u;
      this.convoys[this.convoyCount++] = u;
    } else this.listSupport(u);
  }

  /** `listOrder` for a unit known to move. */
  listMove(u: number): void {
    this.active[this.activeCount++] = u;
    this.moves[this.moveCount++] = u;
  }

  /** `listOrder` for a unit known to support. */
  listSupport(u: number): void {
    this.active[this.activeCount++] = u;
    this.supports[this.supportCount++] = u;
  }

  /** Lists every unit's effective order again, in unit order (after orders were set out of order). */
  relistOrders(): void {
    this.clearOrderLists();
    for (let u = 0; u < this.units.n; u++) this.listOrder(u);
  }

  /** The first unit ordered to move into province `p` (then `intoNext`), or -1. */
  firstInto(p: number): number {
    return this.intoStamp[p] === this.stamp ? this.intoHead[p]! : -1;
  }

  /** Starts this phase's lists of moves into provinces (all empty). */
  newIntoLists(): void {
    if (this.stamp === 0x7fffffff) {
      this.intoStamp.fill(0);
      this.stamp = 0;
    }
    this.stamp++;
  }

  /**
   * Binds the rules of an adjudication. A `RuleOptions` object is readonly, so
   * its flags are read again only when another object comes.
   */
  bindRules(rules: RuleOptions): void {
    if (rules === this.rules) return;
    this.rules = rules;
    this.f = new MovementFlags(rules);
  }
}

/** `n` rounded up to a multiple of 4: the room a byte column takes in a `Slab`. */
export function roundUp4(n: number): number {
  return (n + 3) & ~3;
}
