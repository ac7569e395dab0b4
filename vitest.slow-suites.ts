/**
 * The test files `npm test` leaves to `npm run test:slow`: each costs much more time than what it
 * adds to a change's feedback loop (seeded fuzzing, the brute-force oracle, the benchmarks' own
 * checks, the packed install, random play). CI runs them right after `npm test` (.ci/run), so
 * every test still runs there; docs/TESTING.md gives their times.
 */
export const SLOW_SUITES: readonly string[] = [
  // Seeded fuzzing in worker processes, and the fuzzers' detectors on planted hangs and crashes.
  'test/fuzz.test.ts',
  'test/fuzz-detectors.test.ts',
  // The movement oracle: every assignment of the decisions tried, on generated phases.
  'test/oracle.test.ts',
  // The benchmarks' own checks: `dipforge bench` run as a user runs it, whole processes timed.
  'test/bench.test.ts',
  'test/bench-process.test.ts',
  'test/bench-serve.test.ts',
  'test/python-engine-bench.test.ts',
  // Random play of the built-in variants through `dipforge bench --variant … --check`.
  'test/variants-random-play.test.ts',
  // npm pack and an offline install into an empty folder.
  'test/packed.test.ts',
  // Every game under test/ played with the store of built-in files and without it.
  'test/builtin-stored-games.test.ts',
  // The language server's bundle written afresh and compared with the server's own modules over stdio.
  'test/lsp-bundle.test.ts',
  // The check command's bundle written afresh and compared with the command's own modules.
  'test/cli-bundle.test.ts',
];

/**
 * The test files that check a sample of their seeded or generated cases, or of the data files they
 * go over, in `npm test` and every case in the slow run (`depth` and `depthSample` in test/helpers/depth.ts): the slow configuration runs them again
 * with `DIPFORGE_TEST_DEPTH=full`. `test/depth-suites.test.ts` checks that every file calling
 * `depth` is listed here.
 */
export const DEPTH_SUITES: readonly string[] = [
  'packages/engine/test/legal-decode.test.ts',
  'packages/engine/test/legal-ints.test.ts',
  'packages/engine/test/legal-random.test.ts',
  'packages/engine/test/spelling-suggestions.test.ts',
  'test/bad-input.test.ts',
  'test/convert-round-trip.test.ts',
  'test/diff-across-forms.test.ts',
  'test/headless-run.test.ts',
  'test/legal-ints.test.ts',
  'test/long-input.test.ts',
  'test/lsp-completion-cursor.test.ts',
  'test/lsp-incremental-server.test.ts',
  'test/lsp-incremental.test.ts',
  'test/lsp-parse-after-edit.test.ts',
  'test/lsp-robustness.test.ts',
  'test/lsp-stdio.test.ts',
  'test/lsp-tokens-after-edits.test.ts',
  'test/lsp-workspace-index.test.ts',
  'test/metamorphic/case-files.test.ts',
  'test/metamorphic/random-games.test.ts',
  'test/order-line-reading.test.ts',
  'test/robustness.test.ts',
  'test/wrong-words.test.ts',
];
