/**
 * The entry point of dist/test-bundle.js (scripts/cli-bundle.mjs): the `dipforge test` command, and
 * what a worker thread of it loads to test game files, so that each thread compiles one script.
 */
export { test, testUsage } from './test.js';
export { GameWorkspace } from '@dipforge/dsl';
export { testOneFile, testFileAnswer, type FileOutcome } from './test-file.js';
