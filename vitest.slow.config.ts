import { defineConfig } from 'vitest/config';
import { DEPTH_SUITES, SLOW_SUITES } from './vitest.slow-suites.js';
import { sharedTestSettings } from './vitest.shared.js';

// `npm run test:slow`: the suites `npm test` leaves out (vitest.slow-suites.ts), and the suites
// `npm test` runs on a sample of their cases, here at full depth (test/helpers/depth.ts); CI runs
// them right after `npm test`.
export default defineConfig({
  test: {
    ...sharedTestSettings,
    include: [...SLOW_SUITES, ...DEPTH_SUITES],
    env: { DIPFORGE_TEST_DEPTH: 'full' },
  },
});
