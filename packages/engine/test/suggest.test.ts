/**
 * "Did you mean" hints (config/suggest.ts). The fuzzer found a 200,000-letter
 * word in an expect line holding a game check for minutes: every known name was
 * compared with it letter by letter, though no name of another length can be
 * within a third of its length in edits.
 */
import { describe, expect, it } from 'vitest';
import { closest, didYouMean } from '../src/config/suggest.js';

describe('closest names', () => {
  it('offers the names within a third of the written length in edits, best first', () => {
    expect(closest('burgundyy', ['burgundy', 'bur', 'picardy', 'burgandy'])).toEqual(['burgundy', 'burgandy']);
    expect(didYouMean('parr', ['par', 'bur'])).toBe("; did you mean 'par'?");
    expect(closest('xyz', ['par', 'bur'])).toEqual([]);
  });

  it('still offers a name whose length differs by no more than the limit', () => {
    expect(closest('stpetersbur', ['stpetersburg', 'st'])).toEqual(['stpetersburg']);
  });

  it('gives a 200,000-letter word no name at once, however many names there are', () => {
    // Compared letter by letter, this is 200,000 × 30 × 2,000 steps: minutes, not milliseconds.
    const known = Array.from({ length: 2000 }, (_, i) => `province${i}`.padEnd(30, 'x'));
    const started = performance.now();
    expect(closest('x'.repeat(200_000), known)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
