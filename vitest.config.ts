import { defineConfig } from 'vitest/config';

// One run covers every package's tests and the cross-package tests in test/.
// Tests import the built packages (dist/), so `npm test` builds first.
export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
