/**
 * The VS Code extension in a real VS Code: test/e2e/code-server/run.sh packages
 * the extension (`npm run package`), installs the .vsix into a fresh
 * code-server profile and drives it with headless Chromium (playwright-core):
 * the language modes, syntax colours, the status bar item, a hover, completion
 * after `A par - `, the board webview's units, a planted error's squiggle,
 * Switch Edition changing a result (DATC 6.G.8 under 2023 and 2000), and Switch
 * Edition converting the 1901 example to the old rules (the winter builds become
 * Build lists in the fall, no errors, one Undo) and back (the winter phase again);
 * a game in Chinese drawn with Chinese labels and legend, each character a glyph
 * of its own and none a missing glyph's box.
 * Screenshots of each step: test/e2e/code-server/out/.
 *
 * Chromium and code-server are part of the test machine (CI installs them in
 * .ci/run); without them this test fails with the commands to install them. It
 * is never skipped.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT = join(ROOT, 'test/e2e/code-server/run.sh');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CODE_SERVER = process.env.DIPFORGE_CODE_SERVER ?? join(ROOT, '.cache/code-server/node_modules/.bin/code-server');
const INSTALL = [
  'apt-get update && apt-get install -y chromium ripgrep libkrb5-dev python3 make g++',
  'scripts/install-code-server.sh    # code-server 4.100.3 into .cache/code-server (about 2 minutes, npm registry only)',
].join('\n  ');
/** The checks run.mjs makes; all of them must pass. */
const CHECKS = 35;

const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

describe('the VS Code extension in code-server', () => {
  it('Chromium and code-server are installed', () => {
    const missing = [
      ...(executable(CHROMIUM) ? [] : [`Chromium (${CHROMIUM})`]),
      ...(executable(CODE_SERVER) ? [] : [`code-server (${CODE_SERVER})`]),
    ];
    if (missing.length > 0) {
      expect.fail(`${missing.join(' and ')} missing, so the VS Code end-to-end test cannot run. Install with:\n  ${INSTALL}\n(CI: .ci/run installs them before npm run test:e2e)`);
    }
  });

  it('language modes, colours, status bar, hover, completion, board, squiggles, Switch Edition and its conversion work in VS Code', () => {
    // run.sh gives run.mjs 600 s at most (a loaded machine); packaging comes before it.
    const run = spawnSync('bash', [SCRIPT], { cwd: ROOT, encoding: 'utf8', timeout: 720_000 });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    const last = (run.stdout ?? '').trim().split('\n').pop() ?? '';
    if (run.status !== 0) {
      const hint = /no Chromium|no code-server/.test(output) ? `\nInstall with:\n  ${INSTALL}` : '';
      expect.fail(`test/e2e/code-server/run.sh exited with ${String(run.status ?? run.signal)} (screenshots in test/e2e/code-server/out/):\n${output}${hint}`);
    }
    expect(last).toBe(`${CHECKS} passed, 0 failed`);
  }, 730_000);
});
