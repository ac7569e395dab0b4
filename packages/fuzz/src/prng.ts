/**
 * Seeded randomness for the fuzzers. Every input and every language-server
 * step is a function of the run's seed and its own number, so a failure is
 * reproduced from two numbers (`--seed S --input N`), whatever ran before it.
 */
import { mulberry32 } from '@dipforge/engine';

/** The seed of item `n` of a run: neighbouring items get unrelated streams. */
export function itemSeed(seed: number, n: number): number {
  let h = (seed ^ Math.imul(n + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

export class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    // The engine's generator (the one its rules draw lots with): small and fast, good enough to choose mutations.
    this.next = mulberry32(seed);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer in [0, n) (0 when n < 1). */
  int(n: number): number {
    return n < 1 ? 0 : Math.floor(this.next() * n);
  }

  /** An integer in [lo, hi]. */
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('pick from an empty list');
    return list[this.int(list.length)] as T;
  }
}
