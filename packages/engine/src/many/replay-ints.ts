/**
 * Replaying a batch of games in wire form on the integer path: each phase's
 * orders are read from the batch's integers straight into the integer orders
 * of the phase's adjudicator (`adjudicateMovementInts`, `adjudicateRetreatInts`,
 * `adjudicateAdjustmentInts`) and played on a `GameStateInts`, and only the
 * final state becomes a `Position`. No order objects, positions or results
 * are made on the way, so the worker threads of `adjudicateMany` no longer
 * contend for the garbage collector's threads.
 *
 * Results are those of `replayGame`, field for field. A phase whose orders do
 * not say exactly in integer form what they say as written (an order for a
 * unit written wrong or not there, a second order for a unit, a convoy route,
 * a retreat list, an order of another phase, …), and a movement phase that
 * carries out retreats or adjustments in advance (postal years), is played by
 * `adjudicatePhase` instead, from and back to the integer state; so is a whole
 * game whose start position the integer state cannot hold.
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import { ADJUSTMENT_ORDER } from '../adjudicate/adjustment/ints.js';
import { countIllegal, GameStateInts } from '../adjudicate/game-ints.js';
import { MOVEMENT_ORDER } from '../adjudicate/movement/codes.js';
import { adjudicatePhase } from '../adjudicate/phase.js';
import { RETREAT_DISBAND, RETREAT_NONE } from '../adjudicate/retreat-ints.js';
import type { Position } from '../game/position.js';
import { initialPosition } from '../game/runner.js';
import { replayGame, type ManyGameResult } from './replay.js';
import { WIRE_NONE, WIRE_ORDER, WireOrderView, WireReader, type WireBatch } from './wire.js';

/** Replays batches of one board and rules on the integer path; keeps its columns between batches. */
export class IntReplayer {
  private readonly state: GameStateInts;
  private readonly view = new WireOrderView();
  // Integer orders, per unit (movement), per dislodged unit (retreats), per order (adjustments).
  private readonly move: { kind: Uint8Array; dst: Int32Array; target: Int32Array; via: Uint8Array };
  private readonly retreat: { to: Int32Array };
  private adjust = { n: 0, type: new Uint8Array(64), power: new Int32Array(64), unit: new Int32Array(64), loc: new Int32Array(64) };
  /** Phases played by `adjudicatePhase` since the replayer was made, for tests and the bench. */
  fallbackPhases = 0;

  constructor(
    readonly board: Board,
    readonly rules: RuleOptions,
  ) {
    const P = board.provinceCount;
    this.state = new GameStateInts(board);
    this.move = { kind: new Uint8Array(P), dst: new Int32Array(P), target: new Int32Array(P), via: new Uint8Array(P) };
    this.retreat = { to: new Int32Array(P) };
  }

  // A name of the board travels as its id; anything below 0 (absent, or a string the board
  // does not know) names no location, power or unit kind.

  /** The location a code names, or -1. */
  private loc(s: number): number {
    return s < 0 ? -1 : s;
  }

  /** The power a code names, or -1. */
  private power(s: number): number {
    return s < 0 ? -1 : s;
  }

  /** The games of a batch, replayed; `strings` is the worker's copy of the table of strings the board does not know. */
  replayBatch(batch: WireBatch, strings: readonly string[]): ManyGameResult[] {
    const r = new WireReader(batch, this.board, strings);
    const count = r.int();
    const results: ManyGameResult[] = [];
    for (let g = 0; g < count; g++) results.push(this.replayGame(r));
    return results;
  }

  private replayGame(r: WireReader): ManyGameResult {
    const { board, rules, state } = this;
    const { seed, start, phaseCount } = r.gameHeader();
    const first = r.i;
    const position = start ?? initialPosition(board.config);
    if (phaseCount === 0) return { final: position, adjudicated: 0, illegal: 0 };
    if (!state.load(position)) {
      // The start cannot be held in integer form: the whole game as written.
      r.i = first;
      const phases = [];
      for (let p = 0; p < phaseCount; p++) phases.push(r.orders(r.int()));
      this.fallbackPhases += phaseCount;
      return replayGame(board, rules, { phases, seed, start: position });
    }
    let adjudicated = 0;
    let illegal = 0;
    /** The last phase's next position when `adjudicatePhase` played it (returned as it is if it is the last). */
    let written: Position | undefined;
    for (let p = 0; p < phaseCount; p++) {
      const n = r.int();
      const from = r.i;
      for (let skipped = 0; skipped < 64 && state.isEmpty(rules); skipped++) {
        this.playEmpty(seed);
        written = undefined;
        adjudicated++;
      }
      adjudicated++;
      const played = this.playPhase(r, n, seed);
      if (played >= 0) {
        illegal += played;
        written = undefined;
        continue;
      }
      r.i = from;
      const orders = r.orders(n);
      this.fallbackPhases++;
      const result = adjudicatePhase(board, written ?? state.toPosition(), orders, rules, { seed });
      for (const x of result.results) if (x.status === 'illegal') illegal++;
      written = result.next;
      if (!state.load(written)) throw new Error('a position the adjudicator made does not fit the integer state');
    }
    return { final: written ?? state.toPosition(), adjudicated, illegal };
  }

  /** A phase with nothing to order, played without orders. */
  private playEmpty(seed: number): void {
    const { state, rules } = this;
    if (state.phase.kind === 'retreat') {
      this.retreat.to.fill(RETREAT_NONE, 0, state.dislodged.n);
      state.playRetreat(rules, this.retreat, seed);
    } else {
      this.adjust.n = 0;
      state.playAdjustment(rules, this.adjust, seed);
    }
  }

  /**
   * Reads the phase's `n` orders and plays it; returns the illegal orders, or
   * -1 when the orders do not fit the integer form exactly (nothing is played
   * then, and the reader is somewhere in the phase's orders).
   */
  private playPhase(r: WireReader, n: number, seed: number): number {
    const { state, rules } = this;
    state.markUnits();
    let exact: boolean;
    try {
      switch (state.phase.kind) {
        case 'movement':
          exact = state.plainMovement(rules) && this.readMovement(r, n);
          break;
        case 'retreat':
          exact = this.readRetreats(r, n);
          break;
        case 'adjustment':
          exact = this.readAdjustments(r, n);
          break;
      }
    } finally {
      state.unmarkUnits();
    }
    if (!exact) return -1;
    switch (state.phase.kind) {
      case 'movement': {
        const res = state.playMovement(rules, this.move);
        return countIllegal(res.status, res.n);
      }
      case 'retreat': {
        const res = state.playRetreat(rules, this.retreat, seed);
        return countIllegal(res.status, res.n);
      }
      case 'adjustment': {
        const res = state.playAdjustment(rules, this.adjust, seed);
        return countIllegal(res.status, n);
      }
    }
  }

  /**
   * The unit of the state (`at`: `unitAt` or `dislodgedAt`) a reference names
   * exactly: its location with the right coast and its kind written; with
   * `power` (a code, or NONE) matching the unit's when written, or,
   * when not written and `ownPower` is given (>= 0), the unit's power that one.
   * -1 otherwise.
   */
  private unitNamed(at: Int32Array, locs: Int32Array, kinds: Uint8Array, powers: Int32Array, kind: number, loc: number, power: number, ownPower: number): number {
    if (loc === WIRE_NONE || kind === WIRE_NONE) return -1;
    const l = this.loc(loc);
    if (l < 0) return -1;
    const u = at[this.board.locProvince[l]!]!;
    if (u < 0 || locs[u] !== l || kinds[u] !== kind) return -1;
    if (power !== WIRE_NONE) return this.power(power) === powers[u] ? u : -1;
    return ownPower >= 0 && powers[u] !== ownPower ? -1 : u;
  }

  /** As `MovementInts.encode` judges written orders exact. */
  private readMovement(r: WireReader, n: number): boolean {
    const { state, view: v, move: o } = this;
    const U = state.units;
    for (let u = 0; u < U.n; u++) {
      o.kind[u] = MOVEMENT_ORDER.NONE;
      o.dst[u] = -1;
      o.target[u] = -1;
      o.via[u] = 0;
    }
    const nationalityNeeded = this.rules['missing-nationality'] === 'invalid';
    for (let k = 0; k < n; k++) {
      r.view(v);
      if (v.type !== WIRE_ORDER.HOLD && v.type !== WIRE_ORDER.MOVE && v.type !== WIRE_ORDER.SUPPORT && v.type !== WIRE_ORDER.CONVOY) return false;
      const p = this.power(v.power);
      // The ordered unit: its nationality as written is not read.
      const u = this.unitNamed(state.unitAt, U.loc, U.kind, U.power, v.uKind, v.uAt, WIRE_NONE, -1);
      if (u < 0 || U.power[u] !== p || o.kind[u] !== MOVEMENT_ORDER.NONE || v.retreat !== WIRE_NONE) return false;
      switch (v.type) {
        case WIRE_ORDER.HOLD:
          o.kind[u] = MOVEMENT_ORDER.HOLD;
          break;
        case WIRE_ORDER.MOVE: {
          const dst = this.loc(v.to);
          if (dst < 0 || (v.path !== WIRE_NONE && v.path > 0)) return false;
          o.kind[u] = MOVEMENT_ORDER.MOVE;
          o.dst[u] = dst;
          o.via[u] = v.via === 1 ? 1 : 0;
          break;
        }
        default: {
          const t = this.unitNamed(state.unitAt, U.loc, U.kind, U.power, v.tKind, v.tAt, v.tPower, nationalityNeeded ? p : -1);
          const dst = this.loc(v.to);
          if (t < 0 || (v.to !== WIRE_NONE && dst < 0)) return false;
          if (v.type === WIRE_ORDER.CONVOY) {
            if (dst < 0) return false;
            o.kind[u] = MOVEMENT_ORDER.CONVOY;
          } else o.kind[u] = dst < 0 ? MOVEMENT_ORDER.SUPPORT_HOLD : MOVEMENT_ORDER.SUPPORT_MOVE;
          o.target[u] = t;
          o.dst[u] = dst;
        }
      }
    }
    return true;
  }

  /** Retreat and disband orders, each naming a dislodged unit of its power exactly, one per unit. */
  private readRetreats(r: WireReader, n: number): boolean {
    const { state, view: v } = this;
    const D = state.dislodged;
    const to = this.retreat.to;
    to.fill(RETREAT_NONE, 0, D.n);
    for (let k = 0; k < n; k++) {
      r.view(v);
      if (v.type !== WIRE_ORDER.RETREAT && v.type !== WIRE_ORDER.DISBAND) return false;
      const u = this.unitNamed(state.dislodgedAt, D.loc, D.kind, D.power, v.uKind, v.uAt, WIRE_NONE, -1);
      if (u < 0 || D.power[u] !== this.power(v.power) || to[u] !== RETREAT_NONE) return false;
      if (v.type === WIRE_ORDER.DISBAND) to[u] = RETREAT_DISBAND;
      else {
        const l = this.loc(v.to);
        if (l < 0) return false;
        to[u] = l;
      }
    }
    return true;
  }

  /** Builds, waives and disbands of known powers; a disband naming a unit on the board exactly, a build a known location. */
  private readAdjustments(r: WireReader, n: number): boolean {
    const { state, view: v } = this;
    const U = state.units;
    if (n > this.adjust.type.length) {
      const k = Math.max(n, this.adjust.type.length * 2);
      this.adjust = { n: 0, type: new Uint8Array(k), power: new Int32Array(k), unit: new Int32Array(k), loc: new Int32Array(k) };
    }
    const o = this.adjust;
    o.n = n;
    for (let k = 0; k < n; k++) {
      r.view(v);
      const p = this.power(v.power);
      if (v.power === WIRE_NONE || p < 0) return false;
      o.power[k] = p;
      o.unit[k] = -1;
      o.loc[k] = -1;
      switch (v.type) {
        case WIRE_ORDER.DISBAND: {
          const u = this.unitNamed(state.unitAt, U.loc, U.kind, U.power, v.uKind, v.uAt, WIRE_NONE, -1);
          if (u < 0) return false;
          o.type[k] = ADJUSTMENT_ORDER.DISBAND;
          o.unit[k] = u;
          break;
        }
        case WIRE_ORDER.BUILD: {
          const l = this.loc(v.uAt);
          const kind = v.uKind;
          if (l < 0 || kind < WIRE_NONE) return false;
          o.type[k] = ADJUSTMENT_ORDER.BUILD;
          o.unit[k] = kind;
          o.loc[k] = l;
          break;
        }
        case WIRE_ORDER.WAIVE:
          o.type[k] = ADJUSTMENT_ORDER.WAIVE;
          break;
        default:
          return false;
      }
    }
    return true;
  }
}
