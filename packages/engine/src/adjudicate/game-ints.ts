/**
 * A game's state between phases as integer columns, and one phase played on
 * it through the integer adjudicators (`adjudicateMovementInts`,
 * `adjudicateRetreatInts`, `adjudicateAdjustmentInts`): for replaying many
 * games (`many/replay-ints.ts`), where building a `Position` and order
 * objects for every phase cost more than adjudicating it.
 *
 * The state says exactly what a `Position` says, in the same order (units,
 * dislodged units, the order in which centres got their first owner, standoffs),
 * so that `toPosition` gives what `adjudicatePhase` would have given, field
 * for field. Columns are allocated once per state; a phase allocates nothing
 * but the next `Phase` (and what the rules' rarer cases need, see the
 * adjudicators).
 */
import { FLEET, ARMY } from '../board/codes.js';
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import { NEUTRAL_POWER } from '../config/variant-config.js';
import { nextPhase, ownershipChangesAfter } from '../game/phases.js';
import type { DislodgedUnit, Phase, Position, Unit } from '../game/position.js';
import {
  ADJUSTMENT_ORDER,
  adjudicateAdjustmentInts,
  adjustmentOrderColumns,
  type AdjustmentOrderColumns,
  type AdjustmentOrdersInts,
  type AdjustmentResultInts,
} from './adjustment/ints.js';
import { adjustmentsDueOn, balances } from './adjustment/index.js';
import { adjudicateMovementInts, type MovementResultInts } from './movement/index.js';
import { MOVEMENT_STATUS } from './movement/codes.js';
import { usesConvoy } from './movement/paths.js';
import type { MovementOrdersInts } from './movement/validate.js';
import { lastMovementWorkspace } from './movement/workspace.js';
import { inAdvance } from './postal.js';
import { Slab } from './slab.js';
import { adjudicateRetreatInts, RETREAT_DISBAND, RETREAT_NONE, type RetreatOrdersInts, type RetreatResultInts } from './retreat-ints.js';
import type { Order, UnitRef } from '../orders/order.js';

/** A dislodged unit's `byConvoy` when the position did not say. */
const UNSAID = 2;

/*
 * The columns are instances of classes, not object literals: V8 gives every
 * literal with the same keys one hidden class, so a caller making its own
 * `{ n, power, kind, loc }` of other arrays (as `MovementInts` does) changed
 * what the adjudicators' optimized code had assumed of these fields, and V8
 * threw that code away in the middle of a run, to run cold until compiled
 * again.
 */

/** Units as columns: unit `u` has `power[u]`, `kind[u]` (ARMY or FLEET), `loc[u]`; `n` of them. */
export class UnitColumns {
  n = 0;
  constructor(
    readonly power: Int32Array,
    readonly kind: Uint8Array,
    readonly loc: Int32Array,
  ) {}
}

/** Dislodged units as columns, with the province each attacker came from (-1: not said) and whether by convoy (1, 0, or 2: not said). */
export class DislodgedColumns extends UnitColumns {
  constructor(
    power: Int32Array,
    kind: Uint8Array,
    loc: Int32Array,
    readonly attackFrom: Int32Array,
    readonly byConvoy: Uint8Array,
  ) {
    super(power, kind, loc);
  }
}

export class GameStateInts {
  readonly board: Board;
  /** The units on the board: unit `u` has `power[u]`, `kind[u]` (ARMY or FLEET), `loc[u]`. */
  readonly units: UnitColumns;
  /** The dislodged units, with the province each attacker came from (-1: not said) and whether by convoy (1, 0, or 2: not said). */
  readonly dislodged: DislodgedColumns;
  /** Per province: the power owning it (the neutral power's index for a neutral unit's centre), or -1. */
  readonly owner: Int32Array;
  /** The provinces that have an owner, in the order they first got one (the order of `Position.owners`). */
  readonly ownerKeys: Int32Array;
  ownerCount = 0;
  /** Provinces left empty by a standoff: `standoffs[0 .. standoffCount)`. */
  readonly standoffs: Int32Array;
  standoffCount = 0;
  phase: Phase = { year: 0, season: '', kind: 'movement' };
  /** Per province: a unit there, or -1 (`markUnits`); all -1 between uses. */
  readonly unitAt: Int32Array;
  /** Per province: a dislodged unit there, or -1 (`markUnits`). */
  readonly dislodgedAt: Int32Array;
  /** Spare columns the next units are written to, then swapped in. */
  private readonly spare: { readonly power: Int32Array; readonly kind: Uint8Array; readonly loc: Int32Array };
  private readonly balance: Int32Array;
  private readonly ownerOf = (prov: number): number => this.owner[prov]!;

  constructor(board: Board) {
    const P = board.provinceCount;
    this.board = board;
    // One buffer, the columns an adjustment or retreat phase reads first (units, owners) at its start.
    const slab = new Slab(12 * P + board.powerCount, 4 * P);
    this.units = new UnitColumns(slab.int32(P), slab.uint8(P), slab.int32(P));
    this.owner = slab.int32(P, -1);
    this.dislodged = new DislodgedColumns(slab.int32(P), slab.uint8(P), slab.int32(P), slab.int32(P), slab.uint8(P));
    this.standoffs = slab.int32(P);
    this.ownerKeys = slab.int32(P);
    this.unitAt = slab.int32(P, -1);
    this.dislodgedAt = slab.int32(P, -1);
    this.spare = { power: slab.int32(P), kind: slab.uint8(P), loc: slab.int32(P) };
    this.balance = slab.int32(board.powerCount);
  }

  /**
   * Takes a position; false (the state then undefined) when the integer form
   * cannot say exactly what it says: an unknown location, power, unit kind or
   * province, two units in a province, more units than provinces.
   */
  load(position: Position): boolean {
    const { board } = this;
    const P = board.provinceCount;
    const U = this.units;
    const D = this.dislodged;
    // All of it: `takeColumns` writes owners without their keys.
    this.owner.fill(-1);
    this.ownerCount = U.n = D.n = this.standoffCount = 0;
    if (position.units.length > P || position.dislodged.length > P || position.standoffs.length > P) return false;
    let ok = true;
    const read = (list: readonly Unit[], cols: { power: Int32Array; kind: Uint8Array; loc: Int32Array }, at: Int32Array): number => {
      let n = 0;
      for (const u of list) {
        const loc = board.locId(u.at);
        const power = board.powerId(u.power);
        if (loc < 0 || power < 0 || (u.kind !== 'army' && u.kind !== 'fleet') || at[board.locProvince[loc]!]! >= 0) {
          ok = false;
          break;
        }
        cols.power[n] = power;
        cols.kind[n] = u.kind === 'fleet' ? FLEET : ARMY;
        cols.loc[n] = loc;
        at[board.locProvince[loc]!] = n++;
      }
      for (let k = 0; k < n; k++) at[board.locProvince[cols.loc[k]!]!] = -1;
      return n;
    };
    U.n = read(position.units, U, this.unitAt);
    D.n = read(position.dislodged, D, this.dislodgedAt);
    if (!ok) return false;
    position.dislodged.forEach((d: DislodgedUnit, k) => {
      const from = d.from === undefined ? -1 : board.provinceId(d.from);
      if (d.from !== undefined && from < 0) ok = false;
      D.attackFrom[k] = from;
      D.byConvoy[k] = d.byConvoy === undefined ? UNSAID : d.byConvoy ? 1 : 0;
    });
    for (const key of Object.keys(position.owners)) {
      const prov = board.provinceId(key);
      const power = board.powerId(position.owners[key]!);
      if (prov < 0 || power < 0) return false;
      this.setOwner(prov, power);
    }
    for (const s of position.standoffs) {
      const prov = board.provinceId(s);
      if (prov < 0) return false;
      this.standoffs[this.standoffCount++] = prov;
    }
    const { year, season, kind } = position.phase;
    this.phase = { year, season, kind };
    return ok;
  }

  /** The state as a `Position`, built as `adjudicatePhase` builds its next position. */
  toPosition(): Position {
    const { board } = this;
    const U = this.units;
    const D = this.dislodged;
    const units: Unit[] = [];
    for (let u = 0; u < U.n; u++) units.push({ power: this.powerName(U.power[u]!), kind: U.kind[u] === FLEET ? 'fleet' : 'army', at: board.locName(U.loc[u]!) });
    const dislodged: DislodgedUnit[] = [];
    for (let u = 0; u < D.n; u++) {
      const d: DislodgedUnit = { power: this.powerName(D.power[u]!), kind: D.kind[u] === FLEET ? 'fleet' : 'army', at: board.locName(D.loc[u]!) };
      if (D.attackFrom[u]! >= 0) d.from = board.provinceName(D.attackFrom[u]!);
      if (D.byConvoy[u] !== UNSAID) d.byConvoy = D.byConvoy[u] === 1;
      dislodged.push(d);
    }
    const owners: Record<string, string> = {};
    for (let k = 0; k < this.ownerCount; k++) {
      const prov = this.ownerKeys[k]!;
      owners[board.provinceName(prov)] = this.powerName(this.owner[prov]!);
    }
    const standoffs: string[] = [];
    for (let k = 0; k < this.standoffCount; k++) standoffs.push(board.provinceName(this.standoffs[k]!));
    const { year, season, kind } = this.phase;
    return { units, dislodged, owners, standoffs, phase: { year, season, kind } };
  }

  private powerName(p: number): string {
    return p === this.board.neutralPower ? NEUTRAL_POWER : this.board.powerIds[p]!;
  }

  setOwner(prov: number, power: number): void {
    if (this.owner[prov]! < 0) this.ownerKeys[this.ownerCount++] = prov;
    this.owner[prov] = power;
  }

  /** Each supply centre a unit stands on goes to the unit's power (`updateOwners`). */
  takeCentres(): void {
    const { board } = this;
    const U = this.units;
    for (let u = 0; u < U.n; u++) {
      const prov = board.locProvince[U.loc[u]!]!;
      if (board.supplyCentre[prov]) this.setOwner(prov, U.power[u]!);
    }
  }

  /** Fills `unitAt` and `dislodgedAt`; `unmarkUnits` clears them. */
  markUnits(): void {
    const lp = this.board.locProvince;
    for (let u = 0; u < this.units.n; u++) this.unitAt[lp[this.units.loc[u]!]!] = u;
    for (let u = 0; u < this.dislodged.n; u++) this.dislodgedAt[lp[this.dislodged.loc[u]!]!] = u;
  }

  unmarkUnits(): void {
    const lp = this.board.locProvince;
    for (let u = 0; u < this.units.n; u++) this.unitAt[lp[this.units.loc[u]!]!] = -1;
    for (let u = 0; u < this.dislodged.n; u++) this.dislodgedAt[lp[this.dislodged.loc[u]!]!] = -1;
  }

  /** `phaseIsEmpty`: nothing to order in this phase, so a game may pass over it unlisted. */
  isEmpty(rules: RuleOptions): boolean {
    switch (this.phase.kind) {
      case 'movement':
        return false;
      case 'retreat':
        for (let u = 0; u < this.dislodged.n; u++) if (this.dislodged.power[u] !== this.board.neutralPower) return false;
        return true;
      case 'adjustment': {
        const balance = balances(this.board, this.owner, this.units, this.balance);
        this.markUnits();
        try {
          return !adjustmentsDueOn(this.board, rules, this.unitAt, this.ownerOf, balance);
        } finally {
          this.unmarkUnits();
        }
      }
    }
  }

  /** Whether this movement phase can be played by `playMovement`: it carries out no retreats or adjustments in advance (postal years, `postal.ts`). */
  plainMovement(rules: RuleOptions): boolean {
    return this.phase.kind === 'movement' && !inAdvance(this.board, rules, this.phase).retreats;
  }

  /** Plays a movement phase that `plainMovement` allows; returns the adjudicator's outcome (a view, see `adjudicateMovementInts`). */
  playMovement(rules: RuleOptions, orders: MovementOrdersInts): MovementResultInts {
    const { board } = this;
    const U = this.units;
    const D = this.dislodged;
    const r = adjudicateMovementInts(board, rules, U, orders);
    const m = lastMovementWorkspace(board)!.m;
    const next = this.spare;
    let n = 0;
    D.n = 0;
    for (let u = 0; u < r.n; u++) {
      const a = r.dislodgedBy[u]!;
      if (a >= 0) {
        const k = D.n++;
        D.power[k] = U.power[u]!;
        D.kind[k] = U.kind[u]!;
        D.loc[k] = U.loc[u]!;
        D.attackFrom[k] = board.locProvince[U.loc[a]!]!;
        D.byConvoy[k] = usesConvoy(m, a) ? 1 : 0;
      } else {
        next.power[n] = U.power[u]!;
        next.kind[n] = U.kind[u]!;
        next.loc[n++] = r.finalLoc[u]!;
      }
    }
    this.swapIn(n);
    this.standoffCount = r.standoffCount;
    for (let k = 0; k < r.standoffCount; k++) this.standoffs[k] = r.standoffs[k]!;
    this.advance(rules);
    return r;
  }

  /** Plays a retreat phase; returns the adjudicator's outcome (a view, see `adjudicateRetreatInts`). */
  playRetreat(rules: RuleOptions, orders: RetreatOrdersInts, seed: number): RetreatResultInts {
    const U = this.units;
    const D = this.dislodged;
    const r = adjudicateRetreatInts(this.board, rules, this, orders, seed);
    for (let u = 0; u < D.n; u++) {
      if (r.final[u]! < 0) continue;
      const k = U.n++;
      U.power[k] = D.power[u]!;
      U.kind[k] = D.kind[u]!;
      U.loc[k] = r.final[u]!;
    }
    D.n = 0;
    this.standoffCount = 0;
    this.advance(rules);
    return r;
  }

  /** Plays an adjustment phase; returns the adjudicator's outcome (a view, see `adjudicateAdjustmentInts`). */
  playAdjustment(rules: RuleOptions, orders: AdjustmentOrdersInts, seed: number): AdjustmentResultInts {
    const U = this.units;
    const r = adjudicateAdjustmentInts(this.board, rules, this, orders, seed);
    const next = this.spare;
    let n = 0;
    for (let u = 0; u < U.n; u++) {
      if (r.removed[u]) continue;
      next.power[n] = U.power[u]!;
      next.kind[n] = U.kind[u]!;
      next.loc[n++] = U.loc[u]!;
    }
    for (let k = 0; k < r.builtCount; k++) {
      next.power[n] = r.builtPower[k]!;
      next.kind[n] = r.builtKind[k]!;
      next.loc[n++] = r.builtLoc[k]!;
    }
    this.swapIn(n);
    this.dislodged.n = 0;
    this.standoffCount = 0;
    this.advance(rules);
    return r;
  }

  /**
   * The spare columns, holding `n` units, become the units: copied, not
   * swapped. Reassigning the columns' fields would make V8 throw away the
   * optimized code of every adjudicator that read them while they had never
   * changed (it treats a field written once as a constant and drops code that
   * relied on that at the second write): the first game played after a
   * warm-up then ran on unoptimized code until it was compiled again.
   */
  private swapIn(n: number): void {
    const { power, kind, loc } = this.units;
    const S = this.spare;
    for (let k = 0; k < n; k++) {
      power[k] = S.power[k]!;
      kind[k] = S.kind[k]!;
      loc[k] = S.loc[k]!;
    }
    this.units.n = n;
  }

  /** To the next phase, the centres changing owner when the year says so (`positionAfter`). */
  private advance(rules: RuleOptions): void {
    if (ownershipChangesAfter(this.board, rules, this.phase)) this.takeCentres();
    this.phase = nextPhase(this.board, rules, this.phase);
  }
}

/** Illegal orders in a phase's outcome: units (or orders) whose status is ILLEGAL. */
export function countIllegal(status: Uint8Array, n: number): number {
  let c = 0;
  for (let k = 0; k < n; k++) if (status[k] === MOVEMENT_STATUS.ILLEGAL) c++;
  return c;
}

/**
 * A retreat or adjustment phase in integer form, from a position and its
 * written orders (as `MovementInts` is for movement phases): for callers that
 * hold written orders, once, outside any timed or repeated adjudication.
 */
export class PhaseInts {
  readonly state: GameStateInts;
  /** Retreat phases: per dislodged unit, RETREAT_NONE, RETREAT_DISBAND or a location. */
  readonly retreat: { to: Int32Array };
  /** Adjustment phases: the orders as `adjudicateAdjustmentInts` takes them. */
  adjustment: AdjustmentOrderColumns;

  constructor(readonly board: Board) {
    this.state = new GameStateInts(board);
    this.retreat = { to: new Int32Array(board.provinceCount) };
    this.adjustment = adjustmentOrderColumns(0);
  }

  /**
   * Encodes a retreat or adjustment phase's position and orders. Returns true
   * when the integer form says exactly what the orders say: each names a unit
   * exactly (location, coast and unit kind written) and of the power giving it,
   * at most one order per dislodged unit, places the board knows, and only
   * orders of the phase (retreats and disbands; builds, waives and disbands).
   * False also when the position does not fit (`GameStateInts.load`).
   */
  encode(position: Position, orders: readonly Order[]): boolean {
    const { state } = this;
    if (!state.load(position)) return false;
    state.markUnits();
    try {
      return position.phase.kind === 'retreat' ? this.encodeRetreats(orders) : position.phase.kind === 'adjustment' && this.encodeAdjustments(orders);
    } finally {
      state.unmarkUnits();
    }
  }

  private unitNamed(at: Int32Array, cols: { loc: Int32Array; kind: Uint8Array }, ref: UnitRef): number {
    const l = this.board.locId(ref.at);
    if (l < 0 || (ref.kind !== 'army' && ref.kind !== 'fleet')) return -1;
    const u = at[this.board.locProvince[l]!]!;
    return u >= 0 && cols.loc[u] === l && cols.kind[u] === (ref.kind === 'fleet' ? FLEET : ARMY) ? u : -1;
  }

  private encodeRetreats(orders: readonly Order[]): boolean {
    const { board, state } = this;
    const D = state.dislodged;
    const to = this.retreat.to;
    to.fill(RETREAT_NONE, 0, D.n);
    for (const o of orders) {
      if (o.type !== 'retreat' && o.type !== 'disband') return false;
      const u = this.unitNamed(state.dislodgedAt, D, o.unit);
      if (u < 0 || D.power[u] !== board.powerId(o.power) || to[u] !== RETREAT_NONE) return false;
      if (o.type === 'disband') to[u] = RETREAT_DISBAND;
      else {
        const l = board.locId(o.to);
        if (l < 0) return false;
        to[u] = l;
      }
    }
    return true;
  }

  private encodeAdjustments(orders: readonly Order[]): boolean {
    const { board, state } = this;
    const n = orders.length;
    if (n > this.adjustment.type.length) this.adjustment = adjustmentOrderColumns(n);
    const a = this.adjustment;
    a.n = n;
    for (let k = 0; k < n; k++) {
      const o = orders[k]!;
      const p = board.powerId(o.power);
      if (p < 0 || p >= board.powerCount) return false;
      a.power[k] = p;
      a.unit[k] = -1;
      a.loc[k] = -1;
      if (o.type === 'disband') {
        const u = this.unitNamed(state.unitAt, state.units, o.unit);
        if (u < 0) return false;
        a.type[k] = ADJUSTMENT_ORDER.DISBAND;
        a.unit[k] = u;
      } else if (o.type === 'build') {
        const l = board.locId(o.at);
        if (l < 0 || (o.kind !== undefined && o.kind !== 'army' && o.kind !== 'fleet')) return false;
        a.type[k] = ADJUSTMENT_ORDER.BUILD;
        a.unit[k] = o.kind === undefined ? -1 : o.kind === 'fleet' ? FLEET : ARMY;
        a.loc[k] = l;
      } else if (o.type === 'waive') a.type[k] = ADJUSTMENT_ORDER.WAIVE;
      else return false;
    }
    return true;
  }
}
