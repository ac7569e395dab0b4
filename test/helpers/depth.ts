/**
 * How many of its seeded or generated cases a suite checks. `npm test` is a change's feedback
 * loop, so a suite whose cost is repetition (thousands of mutants, random edits, random games)
 * checks a fixed sample there; the slow run (`vitest.slow.config.ts`, which CI runs right after
 * `npm test`) sets `DIPFORGE_TEST_DEPTH=full` and runs the same files at their full count. The
 * sample is the first cases of the full run (the seeds do not depend on the count), so whatever
 * fails in `npm test` fails the same way in the slow run.
 *
 * A suite over every data file of a kind samples the files with `depthSample` instead: a spread
 * of them (one in every few, in the full run's order, and the ones its checks name) in `npm test`,
 * every one in the slow run.
 *
 * A file that calls `depth` or `depthSample` must be listed in `DEPTH_SUITES` (`vitest.slow-suites.ts`), or its
 * full count would run nowhere: `test/depth-suites.test.ts` checks that.
 */

/** Whether this run checks every case (the slow run) or a sample (`npm test`). */
export const FULL_DEPTH: boolean = process.env.DIPFORGE_TEST_DEPTH === 'full';

/** `full` in the slow run, `sample` in `npm test`. */
export function depth(sample: number, full: number): number {
  if (!(Number.isInteger(sample) && Number.isInteger(full) && sample > 0 && sample <= full)) {
    throw new RangeError(`depth(${sample}, ${full}): the sample must be a positive integer no larger than the full count`);
  }
  return FULL_DEPTH ? full : sample;
}

/**
 * The items a suite over every data file of a kind checks: every one in the slow run; in `npm test`
 * the first, then one in every `stride` after it, in the same order (so they spread over the
 * folders the list walks), and every item `keep` names (the files a check looks for by name).
 */
export function depthSample<T>(items: readonly T[], stride: number, keep: (item: T) => boolean = () => false): T[] {
  if (!(Number.isInteger(stride) && stride > 0)) throw new RangeError(`depthSample(…, ${stride}): the stride must be a positive integer`);
  return FULL_DEPTH ? [...items] : items.filter((item, i) => i % stride === 0 || keep(item));
}
