import { defineConfig } from 'vitest/config';
import { SLOW_SUITES } from './vitest.slow-suites.js';
import { sharedTestSettings } from './vitest.shared.js';

// `npm run test:slow`: the suites `npm test` leaves out (vitest.slow-suites.ts); CI runs them
// right after `npm test`.
export default defineConfig({
  test: {
    ...sharedTestSettings,
    include: [...SLOW_SUITES],
  },
});
