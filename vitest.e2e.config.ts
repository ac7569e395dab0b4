import { defineConfig } from 'vitest/config';

// Real-editor tests: headless Neovim as a language-server client (needs `nvim`).
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    testTimeout: 180_000,
  },
});
