/**
 * What a thread of `dipforge test` loads to test game files, and nothing more: the entry point of
 * dist/test-bundle.js (scripts/cli-bundle.mjs), so that each worker thread compiles one module.
 */
export { GameWorkspace } from '@dipforge/dsl';
export { testOneFile, type FileOutcome } from './test-file.js';
