/**
 * A small seeded pseudo-random generator (mulberry32) for everything the rules
 * draw by lot. The stream of a phase depends on the game seed and the phase, so
 * replaying a game with the same seed gives the same draws.
 */
import type { Phase } from '../game/position.js';

export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generator for one phase of a game with `seed`. */
export function phaseRng(seed: number, phase: Phase): Rng {
  let h = (seed | 0) ^ 0x9e3779b9;
  for (const ch of `${phase.year}/${phase.season}/${phase.kind}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return mulberry32(h);
}

/** A uniformly drawn element index below `n`. */
export function drawIndex(rng: Rng, n: number): number {
  return Math.min(n - 1, Math.floor(rng() * n));
}

/**
 * The draws of one phase: set for each adjudication, the generator made at
 * the first draw, so that a phase that draws nothing makes none (the integer
 * adjudicators keep one and allocate nothing then).
 */
export class PhaseDraws {
  private seed = 0;
  private phase: Phase | undefined;
  private rng: Rng | undefined;

  reset(seed: number, phase: Phase): void {
    this.seed = seed;
    this.phase = phase;
    this.rng = undefined;
  }

  /** The phase's generator. */
  readonly get = (): Rng => (this.rng ??= phaseRng(this.seed, this.phase!));
}
