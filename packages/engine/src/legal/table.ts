/**
 * `LegalOrderTable`: every legal order of a phase as packed integers
 * (`codes.ts`), in buffers owned by the table and reused from one phase to the
 * next, so that filling it allocates nothing once the buffers have grown.
 *
 * The table has one slot per place that takes orders, in the order of the
 * friendly `legalOrders` (whose map is decoded from it):
 * - movement: one slot per unit, in the order of `position.units`;
 * - retreat: one slot per dislodged unit, in the order of `position.dislodged`;
 * - adjustment: per power in turn, a slot per unit it may disband, a slot per
 *   free build site (`slotLoc` the province), and a `Waive` slot
 *   (`slotLoc` -1).
 *
 * The unit columns (`n`, `power`, `kind`, `loc`, `prov`) hold the units the
 * slots and codes refer to: `position.units`, except in a retreat phase, where
 * they hold `position.dislodged`.
 */
import type { Board } from '../board/board.js';
import { unitKindCode } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import type { PhaseKind, Position, Unit } from '../game/position.js';
import { PositionError } from '../adjudicate/units.js';
import { LEGAL_MAX_LOCATIONS, LEGAL_MAX_UNITS } from './codes.js';
import { fillMovement } from './movement.js';
import { fillRetreat } from './retreat.js';
import { fillAdjustment } from './adjustment.js';
import { powerIndex } from './power-index.js';

export class LegalOrderTable {
  readonly board: Board;
  /** The kind of the phase last filled. */
  phase: PhaseKind = 'movement';
  /** Units: count, power index, kind (0 army, 1 fleet), location, province. */
  n = 0;
  power: Int32Array;
  kind: Uint8Array;
  loc: Int32Array;
  prov: Int32Array;
  /** Per province: the unit of `position.units` standing there, or -1 (every phase). */
  readonly unitAt: Int32Array;
  /** Slots: count; the codes of slot `s` are `codes[slotOff[s] .. slotOff[s + 1])`. */
  slots = 0;
  slotOff: Int32Array;
  /** The slot's unit (a disband slot's too), or -1 for a build site or a waive. */
  slotUnit: Int32Array;
  /** The slot's place: its unit's location, or a build site's province; -1 for a waive. */
  slotLoc: Int32Array;
  slotPower: Int32Array;
  codes: Int32Array;
  /** Bumped by each fill: lets decoders cache per fill. */
  generation = 0;
  /** Provinces set in `unitAt` by the last load, to clear them. */
  private readonly unitAtSet: Int32Array;
  private unitAtCount = 0;

  constructor(board: Board) {
    if (board.locationCount > LEGAL_MAX_LOCATIONS || board.provinceCount > LEGAL_MAX_UNITS) {
      throw new RangeError(`a board of ${board.locationCount} locations and ${board.provinceCount} provinces is too large for packed legal orders`);
    }
    this.board = board;
    const P = board.provinceCount;
    this.power = new Int32Array(P);
    this.kind = new Uint8Array(P);
    this.loc = new Int32Array(P);
    this.prov = new Int32Array(P);
    this.unitAt = new Int32Array(P).fill(-1);
    this.unitAtSet = new Int32Array(P);
    this.slotOff = new Int32Array(P + 1);
    this.slotUnit = new Int32Array(P);
    this.slotLoc = new Int32Array(P);
    this.slotPower = new Int32Array(P);
    this.codes = new Int32Array(1024);
  }

  /** Fills the table with every legal order of the position's phase. Throws `PositionError` on a position the board does not know. */
  fill(position: Position, rules: RuleOptions): this {
    this.generation++;
    // Each kind set as its literal: a position's kind, read from the variant, is a string of its own (not the literal's interned copy), which an optimized comparison with the literal (`decodeLegalTable`'s) does not expect and deoptimizes on.
    switch (position.phase.kind) {
      case 'movement':
        this.phase = 'movement';
        this.loadUnits(position.units, true);
        fillMovement(this, rules);
        this.dropNeutralSlots();
        break;
      case 'retreat':
        this.phase = 'retreat';
        this.loadUnits(position.units, true);
        this.loadUnits(position.dislodged, false);
        fillRetreat(this, rules, position);
        this.dropNeutralSlots();
        break;
      case 'adjustment':
        this.phase = 'adjustment';
        this.loadUnits(position.units, true);
        fillAdjustment(this, rules, position);
        break;
    }
    return this;
  }

  /**
   * Neutral units take no orders: they always hold, and a dislodged one is
   * disbanded. Their slots go (orders of others that name them stay: a neutral
   * unit's hold may be supported).
   */
  private dropNeutralSlots(): void {
    const neutral = this.board.neutralPower;
    if (neutral < 0) return;
    const { slotOff, slotUnit, slotLoc, slotPower, codes } = this;
    let kept = 0;
    let at = 0;
    for (let s = 0; s < this.slots; s++) {
      const from = slotOff[s]!;
      const to = slotOff[s + 1]!;
      if (slotPower[s] === neutral) continue;
      // Slot `kept` <= `s`: what is moved down was read already.
      slotOff[kept] = at;
      slotUnit[kept] = slotUnit[s]!;
      slotLoc[kept] = slotLoc[s]!;
      slotPower[kept] = slotPower[s]!;
      codes.copyWithin(at, from, to);
      at += to - from;
      kept++;
    }
    slotOff[kept] = at;
    this.slots = kept;
  }

  /** Codes in all. */
  get count(): number {
    return this.slotOff[this.slots]!;
  }

  /**
   * Reads units into the columns, with the errors of `buildUnitTable`. With
   * `onBoard`, also records them in `unitAt`; otherwise (dislodged units) only
   * checks that no two share a province.
   */
  private loadUnits(units: readonly Unit[], onBoard: boolean): void {
    const { board } = this;
    const n = units.length;
    if (n > board.provinceCount) this.growUnits(n);
    const { power, kind, loc, prov } = this;
    const unitAt = onBoard ? this.unitAt : this.scratchAt().fill(-1);
    if (onBoard) {
      for (let i = 0; i < this.unitAtCount; i++) unitAt[this.unitAtSet[i]!] = -1;
      this.unitAtCount = 0;
    }
    for (let i = 0; i < n; i++) {
      const u = units[i]!;
      const l = board.locId(u.at);
      const p = powerIndex(board, u.power);
      if (l < 0) throw new PositionError(`unknown location "${u.at}"`);
      if (p < 0) throw new PositionError(`unknown power "${u.power}"`);
      const pr = board.locProvince[l]!;
      power[i] = p;
      kind[i] = unitKindCode(u.kind);
      loc[i] = l;
      prov[i] = pr;
      if (unitAt[pr]! >= 0) throw new PositionError(`two units in ${board.provinceName(pr)}`);
      unitAt[pr] = i;
      if (onBoard) this.unitAtSet[this.unitAtCount++] = pr;
    }
    this.n = n;
  }

  private scratch: Int32Array | undefined;
  private scratchAt(): Int32Array {
    return (this.scratch ??= new Int32Array(this.board.provinceCount).fill(-1));
  }

  /** More units than provinces only happens in a position that is about to be rejected; room for the error to be found. */
  private growUnits(n: number): void {
    this.power = new Int32Array(n);
    this.kind = new Uint8Array(n);
    this.loc = new Int32Array(n);
    this.prov = new Int32Array(n);
  }

  /** Makes room for `size` slots. */
  ensureSlots(size: number): void {
    if (size <= this.slotUnit.length) return;
    const cap = Math.max(size, this.slotUnit.length * 2);
    const grow = (a: Int32Array, k: number): Int32Array => {
      const b = new Int32Array(k);
      b.set(a);
      return b;
    };
    this.slotOff = grow(this.slotOff, cap + 1);
    this.slotUnit = grow(this.slotUnit, cap);
    this.slotLoc = grow(this.slotLoc, cap);
    this.slotPower = grow(this.slotPower, cap);
  }

  /** Makes room for `size` codes, keeping those written. */
  ensureCodes(size: number): void {
    if (size <= this.codes.length) return;
    const b = new Int32Array(Math.max(size, this.codes.length * 2));
    b.set(this.codes);
    this.codes = b;
  }
}

const tables = new WeakMap<Board, LegalOrderTable>();

/** The board's shared table (one per board, reused by `legalOrders`). */
export function sharedLegalTable(board: Board): LegalOrderTable {
  let t = tables.get(board);
  if (!t) {
    t = new LegalOrderTable(board);
    tables.set(board, t);
  }
  return t;
}
