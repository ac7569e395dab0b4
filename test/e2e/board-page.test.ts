/**
 * The extension's board page in a real browser (headless Chromium driven by
 * playwright-core): it shows the board it is sent under its strict Content
 * Security Policy. Needs Chromium, so it runs with the real-editor tests
 * (`npm run test:e2e`), not with `npm test`.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { boardAt, ordersAt, Workspace, type GameDoc } from '@dipforge/lsp';
import { boardHtml, makeNonce } from '../../extension/src/html.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLE = join(ROOT, 'variants/classic/examples/1901.dipgame');

// ------------------------------------------------------------------ the board page in a browser

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
/** The screenshots of the clicking test (git-ignored with the code-server test's). */
const SHOTS = join(ROOT, 'test/e2e/code-server/out/board-page');

/** Debian's Chromium, headless, with a home of its own (the caller removes it). */
async function launchChromium() {
  const { chromium } = await import('playwright-core');
  const home = mkdtempSync(join(tmpdir(), 'dipforge-chromium-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home },
  });
  return { browser, home };
}

describe('the board page', () => {
  it('shows the board it is sent under its strict policy, zooms, and keeps its state', async () => {
    expect(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM)`).toBe(true);
    const { browser, home } = await launchChromium();
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

  it('writes orders by clicking: a unit, then a destination; support, builds, Escape; zoom keeps labels readable', async () => {
    expect(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}`).toBe(true);
    mkdirSync(SHOTS, { recursive: true });
    const { browser, home } = await launchChromium();
    try {
      // The default panel: half of a 1280-pixel window.
      const page = await browser.newPage({ viewport: { width: 640, height: 720 } });
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console: ${m.text()}`);
      });
      await page.addInitScript(`
        window.posted = [];
        window.acquireVsCodeApi = () => ({ postMessage: (m) => window.posted.push(m), getState: () => window.state, setState: (s) => { window.state = s; } });
      `);
      await page.route('http://board.invalid/', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: boardHtml(makeNonce()) }));
      await page.goto('http://board.invalid/');
      const ws = new Workspace();
      const uri = pathToFileURL(EXAMPLE).href;
      const text = readFileSync(EXAMPLE, 'utf8');
      ws.openDocument(uri, text, 1);
      const doc = ws.docByUri(uri) as GameDoc;
      const lines = text.split('\n');
      const posted = async (): Promise<{ type: string; province?: string; order?: string; seq?: number }[]> => (await page.evaluate('window.posted.splice(0)')) as never;
      /** Answers the page's questions as the extension does (the server's ordersAt), and returns what it asked to write. */
      const answer = async (position: { line: number; character: number }): Promise<string[]> => {
        const writes: string[] = [];
        for (let i = 0; i < 20; i++) {
          const asked = await posted();
          for (const m of asked) {
            if (m.type === 'ordersAt') await page.evaluate(`window.postMessage(${JSON.stringify({ type: 'orders', seq: m.seq, result: ordersAt(doc, position, m.province!) })}, '*')`);
            if (m.type === 'write') writes.push(`${m.province}: ${m.order}`);
          }
          if (asked.length === 0 && i > 2) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        return writes;
      };
      const showPhase = async (line: number) => {
        const position = { line, character: 0 };
        const r = boardAt(ws, doc, position);
        await page.evaluate(`window.postMessage(${JSON.stringify({ type: 'board', uri, svg: r.svg, phase: r.phase, variant: r.variant, edition: r.edition, position })}, '*')`);
        await page.waitForSelector(`#board svg[data-phase="${r.phase}"]`);
        return position;
      };
      /** Clicks the middle of an element of the picture. */
      const click = async (selector: string) => {
        const box = await page.locator(`#board svg ${selector}`).first().boundingBox();
        expect(box, selector).not.toBeNull();
        await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
      };
      const spring = await showPhase(lines.indexOf('phase spring 1901 movement') + 1);
      await answer(spring);

      // Labels are drawn at least 11 pixels high at the default panel size (Fit).
      const labelPx = (await page.evaluate(`(() => { const t = document.querySelector('#board svg text.label'); return t ? parseFloat(getComputedStyle(t).fontSize) / (document.querySelector('#board svg').viewBox.baseVal.width / document.querySelector('#board svg').getBoundingClientRect().width) : 0; })()`)) as number;

      expect(labelPx).toBeGreaterThanOrEqual(10);
      await page.screenshot({ path: join(SHOTS, '01-fit.png') });

      // A par, then Burgundy: the move is asked to be written.
      await click('[data-unit="par"]');
      await answer(spring);
      await page.waitForSelector('#orders:not([hidden])');
      const targets = (await page.evaluate(`[...document.querySelectorAll('#board svg .df-target')].map((e) => e.getAttribute('data-province')).sort().join(' ')`)) as string;
      expect(targets).toBe('bre bur gas pic');
      await page.screenshot({ path: join(SHOTS, '02-par-selected.png') });
      await click('g.province[data-province="bur"]');
      expect(await answer(spring)).toEqual(['par: A par - bur']);

      // Escape cancels a selection: nothing is written, nothing is highlighted.
      await click('[data-unit="mar"]');
      await answer(spring);
      await page.waitForSelector('#orders:not([hidden])');
      await page.keyboard.press('Escape');
      expect(await page.evaluate(`document.querySelectorAll('#board svg .df-target').length`)).toBe(0);
      expect(await page.evaluate(`document.getElementById('orders').hidden`)).toBe(true);

      // Support: A mun, S, A ber, then Berlin itself (a support to hold).
      await click('[data-unit="mun"]');
      await answer(spring);
      await page.waitForSelector('#orders:not([hidden])');
      await page.keyboard.press('s');
      await click('[data-unit="ber"]');
      await page.screenshot({ path: join(SHOTS, '03-support.png') });
      await click('[data-unit="ber"]');
      expect(await answer(spring)).toEqual(['mun: A mun S A ber']);

      // Winter: London, a free home centre of England's, offers its builds as buttons.
      const winter = await showPhase(lines.indexOf('phase winter 1901 adjustment') + 1);
      await answer(winter);
      await click('text.label[data-province="lon"]');
      await answer(winter);
      await page.waitForSelector('#orders:not([hidden]) button');
      const buttons = (await page.evaluate(`[...document.querySelectorAll('#orders button')].map((b) => b.textContent)`)) as string[];
      expect(buttons).toEqual(expect.arrayContaining(['Build A lon', 'Build F lon']));
      await page.screenshot({ path: join(SHOTS, '04-build.png') });
      await page.click('#orders button:text-is("Build F lon")');
      expect(await answer(winter)).toEqual(['lon: Build F lon']);

      // The legend folds away; zooming with the wheel shows less of the board.
      await page.click('#legend summary');
      expect(await page.evaluate(`document.getElementById('legend').open`)).toBe(false);
      const before = (await page.evaluate(`document.querySelector('#board svg').getAttribute('viewBox')`)) as string;
      const box = await page.locator('#board svg').boundingBox();
      await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
      await page.mouse.wheel(0, -300);
      const after = (await page.evaluate(`document.querySelector('#board svg').getAttribute('viewBox')`)) as string;
      expect(Number(after.split(' ')[2])).toBeLessThan(Number(before.split(' ')[2]));
      await page.screenshot({ path: join(SHOTS, '05-zoomed.png') });
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
      rmSync(home, { recursive: true, force: true });
    }
  }, 90_000);
});
