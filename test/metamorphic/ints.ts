/**
 * A game's phases played on the integer path: the state between phases in a
 * `GameStateInts`, movement phases through `adjudicateMovementInts` (encoded
 * by `MovementInts`), retreat and adjustment phases through
 * `adjudicateRetreatInts` and `adjudicateAdjustmentInts` (encoded by
 * `PhaseInts`). A phase whose written orders the integer form cannot say
 * exactly (an order for a unit not there, a second order for a unit, a
 * postal movement that carries out its retreats…) is played by
 * `adjudicatePhase` from and back to the state, as the engine's own integer
 * replay does. Each phase is summarized by unit (the integer results name no
 * order), so two layouts of one game compare as sets.
 */
import {
  adjudicatePhase,
  FLEET,
  GameStateInts,
  MOVEMENT_STATUS,
  MovementInts,
  PhaseInts,
  type Board,
  type Order,
  type Position,
  type Rng,
  type RuleOptions,
} from '@dipforge/engine';
import { orderKey, phaseSummary, positionSet, type PhaseSummary } from './summary.js';
import { shuffledPosition } from './shuffle.js';

const STATUS = new Map<number, string>(Object.entries(MOVEMENT_STATUS).map(([name, code]) => [code, name.toLowerCase()]));
const status = (code: number, reason: string | undefined): string => `${STATUS.get(code) ?? code}${reason ? ` (${reason})` : ''}`;

/** Encoders and the state, made once per board and reused for every game on it. */
export class IntsPlayer {
  private readonly phaseInts: PhaseInts;
  private readonly movement: MovementInts;
  /** Phases the integer form could not say and `adjudicatePhase` played. */
  fallbacks = 0;
  played = 0;

  constructor(readonly board: Board) {
    this.phaseInts = new PhaseInts(board);
    this.movement = new MovementInts(board);
  }

  /**
   * Plays `phases` (each phase's orders, in turn) from `start`; with `rng`,
   * the position is listed in a new order before every phase (units,
   * dislodged units, standoffs; the owners at the start), which must change nothing.
   */
  play(rules: RuleOptions, seed: number, start: Position, phases: readonly (readonly Order[])[], rng?: Rng): PhaseSummary[] {
    const out: PhaseSummary[] = [];
    let position = start;
    for (const orders of phases) {
      if (rng) position = shuffledPosition(position, rng, position === start);
      const played = this.phase(rules, seed, position, orders);
      out.push(played.summary);
      position = played.next;
    }
    return out;
  }

  private phase(rules: RuleOptions, seed: number, position: Position, orders: readonly Order[]): { summary: PhaseSummary; next: Position } {
    const { board, phaseInts, movement } = this;
    const state: GameStateInts = phaseInts.state;
    const phase = position.phase;
    const name = `${phase.season} ${phase.year} ${phase.kind}`;
    this.played++;
    if (phase.kind === 'movement') {
      if (state.load(position) && state.plainMovement(rules) && movement.encode(position, orders, rules)) {
        const U = movement.units;
        const before = Array.from({ length: U.n }, (_, u) => describeUnit(board, U.power[u]!, U.kind[u]!, U.loc[u]!));
        const r = state.playMovement(rules, movement.orders);
        const results: string[] = [];
        const extra: string[] = [];
        for (let u = 0; u < r.n; u++) {
          results.push(`${before[u]} => ${status(r.status[u]!, r.illegalReason[u])}${r.implicit[u] ? ' implicit' : ''}`);
          if (r.dislodgedBy[u]! >= 0) extra.push(`${before[u]} dislodged by ${before[r.dislodgedBy[u]!]}`);
        }
        const next = state.toPosition();
        return { summary: { phase: name, results: results.sort(), extra: extra.sort(), next: positionSet(next) }, next };
      }
    } else if (phaseInts.encode(position, orders)) {
      if (phase.kind === 'retreat') {
        const D = state.dislodged;
        const before = Array.from({ length: D.n }, (_, u) => describeUnit(board, D.power[u]!, D.kind[u]!, D.loc[u]!));
        const r = state.playRetreat(rules, phaseInts.retreat, seed);
        const results = before.map((d, u) => `${d} => ${status(r.status[u]!, r.reason[u])} to ${r.final[u]! < 0 ? 'none' : board.locName(r.final[u]!)}`);
        const next = state.toPosition();
        return { summary: { phase: name, results: results.sort(), extra: [], next: positionSet(next) }, next };
      }
      const U = state.units;
      const before = Array.from({ length: U.n }, (_, u) => describeUnit(board, U.power[u]!, U.kind[u]!, U.loc[u]!));
      const r = state.playAdjustment(rules, phaseInts.adjustment, seed);
      const results = orders.map((o, i) => `${orderKey(o)} => ${status(r.status[i]!, r.reason[i])}`);
      const extra = [
        ...before.filter((_, u) => r.removed[u] === 1).map((d) => `removed ${d}`),
        ...Array.from({ length: r.builtCount }, (_, k) => `built ${describeUnit(board, r.builtPower[k]!, r.builtKind[k]!, r.builtLoc[k]!)}`),
      ];
      const next = state.toPosition();
      return { summary: { phase: name, results: results.sort(), extra: extra.sort(), next: positionSet(next) }, next };
    }
    this.fallbacks++;
    const result = adjudicatePhase(board, position, orders, rules, { seed });
    return { summary: phaseSummary(result, orders, phase), next: result.next };
  }
}

const described = new WeakMap<Board, (string | undefined)[]>();

/** `power A|F location`, made once per board and unit (a phase names every unit). */
function describeUnit(board: Board, power: number, kind: number, loc: number): string {
  let texts = described.get(board);
  if (!texts) described.set(board, (texts = []));
  const key = (loc * 2 + kind) * (board.powerCount + 1) + power;
  return (texts[key] ??= `${power === board.neutralPower ? 'neutral' : board.powerIds[power]!} ${kind === FLEET ? 'F' : 'A'} ${board.locName(loc)}`);
}
