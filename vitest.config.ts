import { defineConfig } from 'vitest/config';
import { SLOW_SUITES } from './vitest.slow-suites.js';
import { sharedTestSettings } from './vitest.shared.js';

// `npm test`: every package's tests and the cross-package tests in test/, but the slow suites
// (vitest.slow-suites.ts), which `npm run test:slow` runs (vitest.slow.config.ts) and CI runs
// right after. Tests import the built packages (dist/), so `npm test` builds first. Tests that
// drive real editors (test/e2e/) need programs a fresh machine may lack, so they run apart, with
// `npm run test:e2e` (see vitest.e2e.config.ts). How the files share workers: vitest.shared.ts.
export default defineConfig({
  test: {
    ...sharedTestSettings,
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/e2e/**', '**/node_modules/**', ...SLOW_SUITES],
  },
});
