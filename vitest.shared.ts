/**
 * How vitest runs the test files of `npm test` and `npm run test:slow` (docs/TESTING.md gives the
 * figures). Most of a small test file's cost was its own start: a fresh worker importing the
 * packages again (`@dipforge/dsl` alone takes about a second). So:
 * - worker threads, and files share a worker with its loaded modules (`isolate: false`). Safe
 *   because no test mocks a module, stubs a global or changes the working folder, and the
 *   packages' module-level state is caches keyed by their inputs. A test that needs a fresh
 *   process spawns one itself.
 * - the built packages (`dist/`) are loaded by Node itself, not transformed by vite: they are
 *   plain JavaScript already, and vite resolves the workspace links to these real paths, which
 *   it would otherwise treat as sources to transform.
 */
import type { ViteUserConfig } from 'vitest/config';

type TestSettings = NonNullable<ViteUserConfig['test']>;

export const sharedTestSettings: TestSettings = {
  pool: 'threads',
  isolate: false,
  server: { deps: { external: [/\/packages\/[^/]+\/dist\//, /\/test\/oracle\/dist\//] } },
  // A hang guard, not a speed check: a loaded 2-core machine can take minutes over the larger suites,
  // and over a suite's set-up (building a long input, starting a server).
  testTimeout: 300_000,
  hookTimeout: 300_000,
};
