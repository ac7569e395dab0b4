/**
 * The language server in a second real client: headless Neovim runs
 * `dipforge lsp --stdio` (test/e2e/nvim.sh, with test/e2e/nvim-lsp.lua and
 * test/e2e/nvim-check.mjs): diagnostics of a game with an illegal order, a
 * hover, an edit and the diagnostics after it, completion after `A par - `, a
 * hover on a province. Neovim is part of the test machine: CI installs it
 * (`.ci/run`: apt-get install neovim); without it this test fails, it is not skipped.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../packages/lsp/test/harness.js';

const SCRIPT = join(ROOT, 'test/e2e/nvim.sh');

describe('headless Neovim as a language client', () => {
  it('nvim is installed (Debian: apt-get install -y neovim; CI installs it in .ci/run)', () => {
    const found = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
    if (found.error || found.status !== 0) {
      expect.fail('nvim is not installed, so the Neovim end-to-end test cannot run: install it with `apt-get install -y neovim` (CI: .ci/run installs it before npm test)');
    }
    expect(found.stdout).toMatch(/^NVIM v0\.(\d+)/);
  });

  it('diagnostics, hover, an edit, completion after `A par - ` and hover come back as expected', () => {
    const run = spawnSync('bash', [SCRIPT], { cwd: ROOT, encoding: 'utf8', timeout: 170_000 });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    const last = (run.stdout ?? '').trim().split('\n').pop() ?? '';
    if (run.status !== 0) expect.fail(`test/e2e/nvim.sh exited with ${String(run.status ?? run.signal)}:\n${output}`);
    expect(last).toBe('12 passed, 0 failed');
  }, 180_000);
});
