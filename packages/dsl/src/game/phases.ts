/**
 * Phase names and order for game files, over the engine's year (rule
 * `year-shape`, `custom-phases`): what a `phase` line may name, and whether it
 * comes after the game's current phase.
 */
import { phaseIndex, type Phase, type YearPhase } from '@dipforge/engine';

export type { YearPhase };

/** A number that orders phases: year first, then the place in the year. */
export function phaseKey(list: readonly YearPhase[], phase: Phase): number {
  const i = phaseIndex(list, phase);
  return phase.year * 1000 + (i < 0 ? 999 : i);
}

/** `spring 1901 movement`. */
export function phaseText(phase: Phase): string {
  return `${phase.season} ${phase.year} ${phase.kind}`;
}
