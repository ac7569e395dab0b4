/**
 * The engine's answer for a phase, read back into the oracle's terms: one bit per decision, the
 * convoys it reports as resolved by the paradox rule, the orders it found illegal, the dislodged
 * units and the units after the phase. Only the engine's public entry `adjudicatePhase` is used.
 */
import { adjudicatePhase, type Board, type OrderResult, type PhaseResult, type RuleOptions } from '@dipforge/engine';
import type { Facts } from './facts.js';
import { engineOrders, enginePosition, type OraclePhase } from './phase.js';

export interface EngineAnswer {
  result: PhaseResult;
  /** Per unit: the result of its order. */
  byUnit: OrderResult[];
  /** Bit set over the decisions: the engine says the order succeeds. */
  decisions: number;
  /** Bit set over the decisions the engine gave reason `paradox` (resolved by, or failing through, the paradox rule). */
  paradox: number;
  /** Units whose order the engine called illegal (the generator should make none). */
  illegal: number[];
}

export function askEngine(board: Board, phase: OraclePhase, facts: Facts, rules: RuleOptions): EngineAnswer {
  const result = adjudicatePhase(board, enginePosition(board, phase), engineOrders(board, phase), rules);
  const byUnit: OrderResult[] = [];
  phase.sequence.forEach((unit, i) => {
    byUnit[unit] = result.results[i]!;
  });
  let decisions = 0;
  let paradox = 0;
  facts.decisions.forEach((d, i) => {
    const r = byUnit[d.unit]!;
    if (r.status === 'succeeds') decisions |= 1 << i;
    if (r.reason === 'paradox') paradox |= 1 << i;
  });
  const illegal = byUnit.flatMap((r, unit) => (r.status === 'illegal' ? [unit] : []));
  return { result, byUnit, decisions, paradox, illegal };
}
