/**
 * The extension's board page in a real browser (headless Chromium driven by
 * playwright-core): it shows the board it is sent under its strict Content
 * Security Policy. Needs Chromium, so it runs with the real-editor tests
 * (`npm run test:e2e`), not with `npm test`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { boardAt, Workspace } from '@dipforge/lsp';
import { boardHtml, makeNonce } from '../../extension/src/html.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLE = join(ROOT, 'variants/classic/examples/1901.dipgame');

// ------------------------------------------------------------------ the board page in a browser

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

describe('the board page', () => {
  it('shows the board it is sent under its strict policy, zooms, and keeps its state', async () => {
    expect(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM)`).toBe(true);
    const { chromium } = await import('playwright-core');
    const home = mkdtempSync(join(tmpdir(), 'dipforge-chromium-'));
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home },
    });
    try {
      const page = await browser.newPage();
      // Polls an expression with page.evaluate: Playwright's waitForFunction compiles its predicate
      // in the page, which the board page's policy (no 'unsafe-eval') rightly refuses.
      const waitUntil = async (expression: string, timeout = 10_000): Promise<void> => {
        const end = Date.now() + timeout;
        while (!(await page.evaluate(expression))) {
          if (Date.now() > end) throw new Error(`timed out waiting for: ${expression}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console: ${m.text()}`);
      });
      // What VS Code gives a webview: acquireVsCodeApi with postMessage and the state. (Scripts are
      // strings, so that nothing the test's compiler adds travels to the browser.)
      await page.addInitScript(`
        window.posted = [];
        window.violations = [];
        document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));
        window.acquireVsCodeApi = () => ({
          postMessage: (m) => window.posted.push(m),
          getState: () => window.state,
          setState: (s) => { window.state = s; },
        });
      `);
      const html = boardHtml(makeNonce());
      await page.route('http://board.invalid/', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
      await page.goto('http://board.invalid/');
      await waitUntil('window.posted.some((m) => m.type === "ready")');
      // The server's picture of the 1901 example's fall, as the extension posts it.
      const ws = new Workspace();
      const uri = pathToFileURL(EXAMPLE).href;
      const text = readFileSync(EXAMPLE, 'utf8');
      ws.openDocument(uri, text, 1);
      const position = { line: text.split('\n').indexOf('phase fall 1901 movement') + 2, character: 0 };
      const r = boardAt(ws, ws.docByUri(uri)!, position);
      const message = { type: 'board', uri, svg: r.svg, phase: r.phase, variant: r.variant, edition: r.edition, position };
      await page.evaluate(`window.postMessage(${JSON.stringify(message)}, '*')`);
      await page.waitForSelector('#board svg.dipforge-board');
      const shown = (await page.evaluate(`({
        title: document.getElementById('title').textContent,
        phase: document.querySelector('#board svg').getAttribute('data-phase'),
        units: document.querySelectorAll('#board svg g.unit').length,
        orders: document.querySelectorAll('#board svg g.order').length,
        viewBox: document.querySelector('#board svg').getAttribute('viewBox'),
        width: document.querySelector('#board svg').getBoundingClientRect().width,
        state: window.state,
      })`)) as { title: string; phase: string; units: number; orders: number; viewBox: string; width: number; state: unknown };
      expect(shown.title).toBe('classic · 2023 · fall 1901 movement');
      expect(shown.phase).toBe('fall 1901 movement');
      expect(shown.units).toBe((r.svg!.match(/<g class="unit /g) ?? []).length);
      expect(shown.units).toBeGreaterThan(20);
      expect(shown.orders).toBeGreaterThan(20);
      expect(shown.width).toBeGreaterThan(100);
      expect(shown.state).toEqual({ uri, position });
      // Zoom in: the picture shows less of the board; Fit shows it all again.
      await page.click('#zoom-in');
      const viewBox = (): Promise<string> => page.evaluate(`document.querySelector('#board svg').getAttribute('viewBox')`) as Promise<string>;
      const zoomed = await viewBox();
      expect(zoomed).not.toBe(shown.viewBox);
      expect(Number(zoomed.split(' ')[2])).toBeLessThan(Number(shown.viewBox.split(' ')[2]));
      await page.click('#zoom-fit');
      expect(await viewBox()).toBe(shown.viewBox);
      // A message with no picture says why, and keeps the last board.
      await page.evaluate(`window.postMessage(${JSON.stringify({ ...message, svg: null, message: 'The variant has 2 errors: nothing to draw' })}, '*')`);
      await waitUntil(`document.getElementById('message').textContent.includes('nothing to draw')`);
      expect(await page.evaluate(`document.querySelectorAll('#board svg').length`)).toBe(1);
      expect(await page.evaluate('window.violations')).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);
});
