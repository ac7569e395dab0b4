#!/usr/bin/env node
// The VS Code extension in a real VS Code: code-server (VS Code in the browser)
// with the packaged extension installed into a fresh profile, driven by
// playwright-core through Debian's Chromium, headless.
//
//   node test/e2e/code-server/run.mjs [--vsix FILE] [--code-server BIN] [--out DIR] [--keep]
//
// Defaults: the newest extension/*.vsix (`npm run package`), the code-server
// that scripts/install-code-server.sh puts in .cache/code-server, output in
// test/e2e/code-server/out/ (a screenshot per step, results.json, the server's
// and the extension host's logs). Environment: DIPFORGE_VSIX, DIPFORGE_CODE_SERVER,
// CHROMIUM (default /usr/bin/chromium), E2E_HEADED=1 to watch.
//
// Each run gets its own temporary HOME, XDG folders, VS Code profile, extensions
// folder, Chromium profile and workspace folder (a copy of the classic 1901
// example and the games in ./workspace/), and a free port on 127.0.0.1; the
// server is started with --auth none and stopped at the end. Prints one line per
// check, then `N passed, N failed`; exits 1 when any check fails.
//
// Past 500 lines on purpose: this is the run, top to bottom in the order it
// happens (arguments, folders, install, server, browser, then the editor's
// steps, which share the page, the run's folders, the game's text and the
// oracle); the conversion steps are convert.mjs, the workbench's helpers
// workbench.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { conversionSteps } from './convert.mjs';
import { lineOf, poll, same, sleep, workbench } from './workbench.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../..');
const t0 = performance.now();
const log = (...a) => console.error(`[${((performance.now() - t0) / 1000).toFixed(1)}s]`, ...a);

// ---------------------------------------------------------------- arguments
const args = process.argv.slice(2);
const opt = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const OUT = resolve(opt('--out') ?? join(HERE, 'out'));
const KEEP = args.includes('--keep');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CODE_SERVER = resolve(opt('--code-server') ?? process.env.DIPFORGE_CODE_SERVER ?? join(ROOT, '.cache/code-server/node_modules/.bin/code-server'));
const INSTALL_HELP = 'install with: apt-get update && apt-get install -y chromium ripgrep libkrb5-dev python3 make g++ && scripts/install-code-server.sh';

function newestVsix() {
  const dir = join(ROOT, 'extension');
  const found = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.vsix')).map((f) => join(dir, f)) : [];
  found.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return found[0];
}
const VSIX = opt('--vsix') ?? process.env.DIPFORGE_VSIX ?? newestVsix();

function giveUp(message) {
  console.log(`code-server e2e: ${message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
if (!existsSync(CHROMIUM)) giveUp(`no Chromium at ${CHROMIUM}; ${INSTALL_HELP}`);
if (!existsSync(CODE_SERVER)) giveUp(`no code-server at ${CODE_SERVER}; ${INSTALL_HELP}`);
if (!VSIX || !existsSync(VSIX)) giveUp('no extension/*.vsix: build it with `npm run package`');

let chromium;
try { ({ chromium } = await import('playwright-core')); } catch { giveUp('playwright-core is not installed (it is a root devDependency: npm ci)'); }

// ---------------------------------------------------------------- checks
const results = [];
function check(name, ok, detail = '') {
  results.push({ name, ok: !!ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
  return !!ok;
}
// ---------------------------------------------------------------- the run's folders
// The output folder keeps the last run only: what an earlier run left there goes (only what a run writes).
mkdirSync(OUT, { recursive: true });
for (const f of readdirSync(OUT)) {
  if (/\.png$|^(results\.json|server\.log|install\.log|logs)$/.test(f)) rmSync(join(OUT, f), { recursive: true, force: true });
}
const RUN = mkdtempSync(join(tmpdir(), 'dipforge-cs-'));
const D = {
  home: join(RUN, 'home'), config: join(RUN, 'config'), data: join(RUN, 'data'), cache: join(RUN, 'cache'),
  user: join(RUN, 'user-data'), ext: join(RUN, 'extensions'), browser: join(RUN, 'chromium'), work: join(RUN, 'workspace'),
};
for (const d of Object.values(D)) mkdirSync(d, { recursive: true });
cpSync(join(HERE, 'workspace'), D.work, { recursive: true });
copyFileSync(join(ROOT, 'variants/classic/examples/1901.dipgame'), join(D.work, '1901.dipgame'));
mkdirSync(join(D.user, 'User'), { recursive: true });
writeFileSync(join(D.user, 'User/settings.json'), JSON.stringify({
  'workbench.startupEditor': 'none',
  'workbench.colorTheme': 'Default Light Modern',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'files.hotExit': 'off',
  'files.autoSave': 'off',
  'chat.disableAIFeatures': true,
  'editor.minimap.enabled': false,
}, null, 2));

const ENV = {
  PATH: process.env.PATH, LANG: 'C.UTF-8', HOME: D.home,
  XDG_CONFIG_HOME: D.config, XDG_DATA_HOME: D.data, XDG_CACHE_HOME: D.cache, XDG_STATE_HOME: D.data,
};
const COMMON = ['--user-data-dir', D.user, '--extensions-dir', D.ext];

// ---------------------------------------------------------------- install the .vsix
log(`installing ${basename(VSIX)}`);
const inst = spawnSync(CODE_SERVER, [...COMMON, '--install-extension', VSIX, '--force'], { env: ENV, encoding: 'utf8', timeout: 120000 });
writeFileSync(join(OUT, 'install.log'), `${inst.stdout ?? ''}${inst.stderr ?? ''}`);
const installed = readdirSync(D.ext).filter((d) => existsSync(join(D.ext, d, 'package.json')));
if (!check('the .vsix installs into a fresh profile', inst.status === 0 && installed.length === 1, `${basename(VSIX)} → ${installed.join(', ') || (inst.stderr ?? '').trim()}`)) finish(1);
const manifest = JSON.parse(readFileSync(join(D.ext, installed[0], 'package.json'), 'utf8'));
const languageName = (ext) => {
  const lang = (manifest.contributes?.languages ?? []).find((l) => (l.extensions ?? []).includes(ext));
  return lang ? (lang.aliases?.[0] ?? lang.id) : undefined;
};

// ---------------------------------------------------------------- start code-server
function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => res(port)); });
  });
}
let server;
let serverLog = '';
async function startServer() {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    serverLog = '';
    server = spawn(CODE_SERVER, [...COMMON, '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none',
      '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override', D.work],
    { env: ENV, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout.on('data', (b) => { serverLog += b; });
    server.stderr.on('data', (b) => { serverLog += b; });
    const up = await poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, { timeout: 30000, interval: 300 });
    if (up) return port;
    stopServer();
    if (!/EADDRINUSE/.test(serverLog)) break;
  }
  writeFileSync(join(OUT, 'server.log'), serverLog);
  check('code-server starts', false, serverLog.trim().split('\n').slice(-5).join(' | '));
  finish(1);
}
function stopServer() {
  if (server && server.exitCode === null) { try { process.kill(-server.pid, 'SIGTERM'); } catch { /* gone */ } }
}
process.on('exit', stopServer);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { stopServer(); process.exit(1); });

function finish(code) {
  stopServer();
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  writeFileSync(join(OUT, 'results.json'), JSON.stringify({ vsix: VSIX, seconds: (performance.now() - t0) / 1000, results }, null, 2));
  if (serverLog) writeFileSync(join(OUT, 'server.log'), serverLog);
  // The extension host's log (the language client's output lands there too).
  const logs = join(D.user, 'logs');
  if (existsSync(logs)) cpSync(logs, join(OUT, 'logs'), { recursive: true });
  if (!KEEP) rmSync(RUN, { recursive: true, force: true }); else log(`kept ${RUN}`);
  console.log(`${passed} passed, ${failed + (code && !failed ? 1 : 0)} failed`);
  process.exit(code || failed ? 1 : 0);
}

const port = await startServer();
log(`code-server on 127.0.0.1:${port}`);

// ---------------------------------------------------------------- the browser
// Debian's Chromium (playwright-core downloads no browser); no sandbox (root in a container), no GPU,
// nothing fetched in the background. A fresh profile in the run's folder.
let ctx;
try {
  ctx = await chromium.launchPersistentContext(D.browser, {
    executablePath: CHROMIUM,
    headless: process.env.E2E_HEADED !== '1',
    viewport: { width: 1400, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-default-apps', '--password-store=basic'],
  });
} catch (e) {
  check('Chromium starts', false, String(e?.message ?? e).split('\n')[0]);
  finish(1);
}
const page = ctx.pages()[0] ?? await ctx.newPage();
const wb = workbench(page);
const {
  openFile, editor, runCommand, typeInPick, paletteEntries, goTo, viewLines, hoverAtCursor, suggestionLabels, dipforgeStatus, boardFrame, colourOf,
} = wb;
let shot = 0;
async function screenshot(name) {
  const file = `${String(++shot).padStart(2, '0')}-${name}.png`;
  await page.screenshot({ path: join(OUT, file) }).catch(() => {});
  return file;
}

// -- the oracle
/** The dipforge oracle: the units of a game file at a phase, as `dipforge render` draws them. */
function unitsByCli(file, phase) {
  const r = spawnSync(process.execPath, [join(ROOT, 'packages/cli/bin/dipforge.js'), 'render', file, '--phase', phase], { encoding: 'utf8' });
  return [...r.stdout.matchAll(/<g class="unit (army|fleet)[^"]*"[^>]*data-location="([^"]+)"/g)].map((m) => `${m[1] === 'army' ? 'A' : 'F'} ${m[2]}`).sort();
}

/** Runs one step; a step that throws fails (with its screenshot) and the next one starts from a clean slate. */
async function step(name, body) {
  log(`step: ${name}`);
  try {
    await body();
  } catch (e) {
    check(`${name}: the step runs to the end`, false, String(e?.message ?? e).split('\n')[0]);
    await screenshot(`${name.replace(/\W+/g, '-')}-error`);
  }
  // Dismiss whatever is open: a dialog, a quick pick, a hover, a suggest widget.
  for (let i = 0; i < 3; i++) {
    if (await page.locator('.monaco-dialog-box').count().catch(() => 0)) await page.locator('.monaco-dialog-box').press('Escape').catch(() => {});
    await page.keyboard.press('Escape').catch(() => {});
  }
}

// ---------------------------------------------------------------- the steps
const GAME = '1901.dipgame';
const gameText = readFileSync(join(D.work, GAME), 'utf8');
const gameLines = gameText.split('\n');
const mode = page.locator('#status\\.editor\\.mode');
const languageMode = () => poll(async () => (await mode.innerText({ timeout: 1000 })).trim(), { timeout: 15000 });
let dipgameMode;

const loaded = await (async () => {
  try {
    // A loaded machine serves the workbench's scripts slowly: the page's own load event is not waited for.
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(D.work)}`, { waitUntil: 'domcontentloaded', timeout: 120000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: GAME }).waitFor({ timeout: 30000 });
    await sleep(1000);
    return true;
  } catch (e) {
    return String(e?.message ?? e).split('\n')[0];
  }
})();
check('the workbench loads with the workspace folder', loaded === true, loaded === true ? `folder ${D.work}` : loaded);
await screenshot('workbench');
if (loaded !== true) { await ctx.close().catch(() => {}); finish(1); }

await step('dipgame', async () => {
  await openFile(GAME);
  dipgameMode = await languageMode();
  check('language mode of a .dipgame file', dipgameMode && dipgameMode === languageName('.dipgame') && dipgameMode !== 'Plain Text',
    `status bar "${dipgameMode}", manifest "${languageName('.dipgame')}"`);
  // The grammar (and the server's semantic tokens) paint the parts of a line in distinct colours.
  await sleep(1500);
  const colours = {
    comment: await colourOf(GAME, gameLines[0].trimEnd(), '//'),
    'keyword variant': await colourOf(GAME, 'variant classic', 'variant'),
    'keyword phase': await colourOf(GAME, 'phase spring 1901 movement', 'phase'),
    'year 1901': await colourOf(GAME, 'phase spring 1901 movement', '1901'),
    'power france': await colourOf(GAME, '  france:', 'france'),
    'unit A': await colourOf(GAME, '    A par - bur', 'A'),
    'province par': await colourOf(GAME, '    A par - bur', 'par'),
  };
  const distinct = new Set(Object.values(colours).filter(Boolean));
  check('syntax colouring: tokens have distinct colours',
    distinct.size >= 4 && colours.comment !== colours['keyword variant'] && colours['keyword variant'] !== colours['province par'],
    `${distinct.size} colours: ${Object.entries(colours).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const status = await dipforgeStatus();
  check('status bar item "variant · edition · phase"', status && /^classic · 2023 · .+/.test(status), `"${status}"`);
  await screenshot('dipgame-open');
});

const parLine = lineOf(gameText, 'A par - bur');
await step('hover', async () => {
  await goTo(parLine, gameLines[parLine - 1].indexOf('par') + 1);
  const hover = await hoverAtCursor();
  check('hover on `par` shows the province', /Paris/.test(hover) && /\bbur\b|Burgundy/i.test(hover), JSON.stringify(hover.slice(0, 160)));
  await screenshot('hover-province');
  const errors = await editor(GAME).locator('.squiggly-error').count();
  check('the 1901 example has no error squiggles', errors === 0, `${errors} error squiggles`);
});

await step('completion', async () => {
  await goTo(parLine, 1);
  await page.keyboard.press('Home');        // the first character of the order
  await page.keyboard.press('Shift+End');
  await page.keyboard.type('A par - ', { delay: 30 });
  await sleep(300);
  await page.keyboard.press('Escape');      // close what quick suggestions opened, then ask
  await page.keyboard.press('Control+Space');
  const items = (await suggestionLabels()) ?? [];
  const fromServer = items.filter((i) => !i.endsWith(' (snippet)'));
  check('completion after `A par - ` (spring 1901 movement): the server offers exactly bre, bur, gas, pic', same(fromServer, ['bre', 'bur', 'gas', 'pic']), JSON.stringify(fromServer));
  check('the completion list after `A par - ` holds nothing else (no snippets)', same(items, ['bre', 'bur', 'gas', 'pic']), JSON.stringify(items));
  await screenshot('completion');
  await page.keyboard.press('Escape');
  await runCommand('File: Revert File');
  const restored = await poll(async () => (await viewLines(GAME))[parLine]?.trim().startsWith('A par - bur'), { timeout: 5000 });
  if (!restored) throw new Error('File: Revert File did not restore the line');
});

await step('board', async () => {
  await goTo(lineOf(gameText, 'phase fall 1901 movement') + 2, 5);
  const status = await dipforgeStatus(/fall 1901/);
  check('the status bar item follows the cursor into the fall phase', status === 'classic · 2023 · fall 1901 movement', `"${status}"`);
  const listed = await paletteEntries('dipforge:');
  const wanted = ['Show Board', 'Switch Edition', 'Compare Editions', 'Next Phase', 'New Variant'].map((t) => `dipforge: ${t}`);
  check('the palette lists the dipforge commands', wanted.every((w) => listed.includes(w)), listed.join(', '));
  const ran = await runCommand('dipforge: Show Board');
  check('command "dipforge: Show Board" is in the palette', ran);
  if (!ran) return;
  const frame = await boardFrame();
  if (!frame) {
    check('the board webview shows the units of the phase under the cursor', false, 'no svg.dipforge-board in any webview frame');
  } else {
    await sleep(500);
    const board = frame.locator('svg.dipforge-board').first();
    const phase = await board.getAttribute('data-phase');
    const variant = await board.getAttribute('data-variant');
    const units = (await frame.$$eval('svg.dipforge-board g.unit[data-unit]', (gs) => gs.map((g) => `${g.classList.contains('army') ? 'A' : 'F'} ${g.getAttribute('data-location')}`))).sort();
    const expected = phase ? unitsByCli(join(D.work, GAME), phase) : [];
    check('the board webview shows the units of the phase under the cursor',
      variant === 'classic' && phase === 'fall 1901 movement' && units.length === 22 && same(units, expected),
      `phase "${phase}", ${units.length} units: ${units.join(', ')}${same(units, expected) ? '' : `; dipforge render: ${expected.join(', ')}`}`);
  }
  await screenshot('board');
});
await step('click', async () => {
  // The spring order of A par made a hold, so that the click has something to change.
  await goTo(parLine, 1);
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
  await page.keyboard.type('A par H', { delay: 20 });
  await goTo(lineOf(gameText, 'phase spring 1901 movement') + 1, 1);
  const frame = await boardFrame();
  if (!frame) throw new Error('no board webview');
  const spring = await poll(async () => (await frame.locator('svg.dipforge-board').first().getAttribute('data-phase')) === 'spring 1901 movement', { timeout: 15000 });
  if (!spring) throw new Error('the board did not follow the cursor into spring 1901');
  await sleep(500);
  // A par: the unit glyph (data-unit names its province), then Burgundy's shape (data-province).
  await frame.locator('svg.dipforge-board [data-unit="par"]').first().click();
  const lit = await poll(async () => {
    const provinces = await frame.$$eval('svg.dipforge-board .df-target', (els) => els.map((e) => e.getAttribute('data-province')));
    return provinces.length ? [...new Set(provinces)].sort() : undefined;
  }, { timeout: 10000 });
  check('clicking A par on the board highlights its legal moves (bre, bur, gas, pic)', same(lit, ['bre', 'bur', 'gas', 'pic']), JSON.stringify(lit));
  await screenshot('click-par');
  await frame.locator('svg.dipforge-board .df-target[data-province="bur"]').first().click();
  const written = await poll(async () => {
    const l = (await viewLines(GAME))[parLine];
    return l && l.trim().startsWith('A par - bur') ? l : undefined;
  }, { timeout: 15000 });
  const lines = await viewLines(GAME);
  const inSpring = Object.entries(lines).filter(([n, l]) => Number(n) < lineOf(gameText, 'phase fall 1901 movement') && /^\s*A par\b/.test(l)).map(([n, l]) => `${n}: ${l.trim()}`);
  check('then clicking Burgundy writes `A par - bur` on A par\'s line of spring 1901 (France\'s block), replacing its order',
    !!written && inSpring.length === 1 && lines[parLine - 1]?.trim() === 'france:', `line ${parLine}: "${written?.trim()}"; A par lines in spring: ${inSpring.join(' | ')}`);
  await sleep(600);
  await screenshot('click-bur-written');
  // The edit is the editor's own: one undo brings the hold back (the focus, in the board after the clicks, goes back to the text first).
  await editor(GAME).locator('.view-lines').click();
  await goTo(parLine, 1);
  await page.keyboard.press('Control+Z');
  const undone = await poll(async () => ((await viewLines(GAME))[parLine] ?? '').trim().startsWith('A par H'), { timeout: 5000 });
  check('the written order is one undoable edit', !!undone, `after undo: "${((await viewLines(GAME))[parLine] ?? '').trim()}"`);
  await editor(GAME).locator('.view-lines').click();
  await runCommand('File: Revert File');
  const reverted = await poll(async () => ((await viewLines(GAME))[parLine] ?? '').trim().startsWith('A par - bur'), { timeout: 5000 });
  if (!reverted) throw new Error('File: Revert File did not restore the file');
});
await step('chinese board', async () => {
  // A game in Chinese: its board draws Chinese labels and legend (the game's language).
  await openFile('chinese.dipgame');
  await goTo(lineOf(readFileSync(join(D.work, 'chinese.dipgame'), 'utf8'), 'phase spring 1901 movement') + 2, 5);
  if (!(await runCommand('dipforge: Show Board'))) throw new Error('dipforge: Show Board did not run');
  const frame = await poll(async () => {
    const f = await boardFrame();
    if (!f) return undefined;
    const text = await f.locator('svg.dipforge-board text.label[data-province="par"]').first().textContent().catch(() => null);
    return text === '巴黎' ? f : undefined;
  }, { timeout: 30000 });
  if (!frame) {
    check('a game in Chinese: the board labels its provinces in Chinese', false, 'no board with Paris labelled 巴黎');
    await screenshot('chinese-board');
    return;
  }
  await sleep(500);
  // Every character of the labels and the page's legend headings, drawn on a canvas in the page with the
  // board's own font list, against a private-use character no font has (what a missing glyph draws):
  // a box would draw the same pixels as it, and glyphs of different characters draw different pixels.
  const seen = await frame.evaluate(() => {
    const svg = document.querySelector('svg.dipforge-board');
    const family = svg.getAttribute('font-family') || 'sans-serif';
    const texts = [...svg.querySelectorAll('text.label')].map((t) => t.textContent)
      .concat([...document.querySelectorAll('#legend .legend-row span')].map((s) => s.textContent));
    const chars = [...new Set(texts.join('').replace(/[\s\x00-\x7f]/g, ''))].slice(0, 60);
    const canvas = document.createElement('canvas');
    canvas.width = 40; canvas.height = 40;
    const c = canvas.getContext('2d', { willReadFrequently: true });
    const pattern = (ch) => {
      c.fillStyle = '#fff'; c.fillRect(0, 0, 40, 40);
      c.fillStyle = '#000'; c.font = `32px ${family}`; c.textBaseline = 'middle'; c.fillText(ch, 4, 20);
      const d = c.getImageData(0, 0, 40, 40).data;
      let bits = '';
      for (let i = 0; i < d.length; i += 4) bits += d[i] < 128 ? '1' : '0';
      return bits;
    };
    const missing = pattern('\ue000');
    const patterns = chars.map(pattern);
    return {
      chars: chars.join(''),
      boxes: chars.filter((_, i) => patterns[i] === missing).join(''),
      blank: chars.filter((_, i) => !patterns[i].includes('1')).join(''),
      distinct: new Set(patterns).size,
      heads: [...document.querySelectorAll('#legend .legend-head span')].map((s) => s.textContent).filter(Boolean),
      names: [...document.querySelectorAll('#legend .legend-row:not(.legend-head) span:nth-child(2)')].map((s) => s.textContent),
      summary: document.querySelector('#legend summary')?.textContent ?? '',
    };
  });
  check('a game in Chinese: labels and legend in Chinese (巴黎; 国家 资源点 部队, 图例, 奥匈帝国 …)',
    seen.chars.length >= 40 && seen.heads.join(' ') === '国家 资源点 部队' && seen.summary === '图例' && seen.names[0] === '奥匈帝国' && seen.names.includes('法国'),
    `${seen.chars.length} characters; legend ${JSON.stringify(seen.heads)} "${seen.summary}", powers ${seen.names.join(' ')}`);
  check('the Chinese labels are drawn as glyphs: none as a missing glyph\'s box, each character its own',
    seen.boxes === '' && seen.blank === '' && seen.distinct === seen.chars.length,
    `boxes "${seen.boxes}", blank "${seen.blank}", ${seen.distinct} distinct of ${seen.chars.length}`);
  await frame.locator('svg.dipforge-board').first().screenshot({ path: join(OUT, 'chinese-board-map.png') }).catch(() => {});
  await screenshot('chinese-board');
});

await wb.closeAllEditors().catch(() => {});

await step('planted error', async () => {
  const NAME = 'broken.dipgame';
  await openFile(NAME);
  const text = readFileSync(join(D.work, NAME), 'utf8');
  const line = lineOf(text, 'A par - xyz');
  const shown = await poll(async () => (await editor(NAME).locator('.squiggly-error').count()) > 0, { timeout: 30000 });
  // On its line: a squiggle's middle lies within the line's box, both measured at once (code lenses
  // arriving late move the lines).
  const onLine = shown && await poll(() => editor(NAME).evaluate((ed, planted) => {
    const line = [...ed.querySelectorAll('.view-lines .view-line')].find((l) => l.textContent.replace(/\u00a0/g, ' ').includes(planted));
    if (!line) return false;
    const box = line.getBoundingClientRect();
    return [...ed.querySelectorAll('.squiggly-error')].some((sq) => {
      const r = sq.getBoundingClientRect();
      const middle = (r.top + r.bottom) / 2;
      return middle >= box.top && middle <= box.bottom;
    });
  }, 'A par - xyz'), { timeout: 10000 });
  await goTo(line, text.split('\n')[line - 1].indexOf('xyz') + 2);
  const hover = await hoverAtCursor();
  check('squiggle for the planted error, on its line, with its message', shown && onLine && /unknown province 'xyz'/i.test(hover),
    `squiggle ${shown ? 'shown' : 'missing'}${onLine ? ` on line ${line}` : ''}; hover ${JSON.stringify(hover.slice(0, 120))}`);
  await screenshot('planted-error');
});

await step('dipmap', async () => {
  await openFile('tiny.dipmap');
  const dipmapMode = await languageMode();
  check('language mode of a .dipmap file', dipmapMode && dipmapMode === languageName('.dipmap') && dipmapMode !== dipgameMode,
    `status bar "${dipmapMode}", manifest "${languageName('.dipmap')}"`);
  const status = await dipforgeStatus(/^isles · /);
  check('status bar item of a map: "variant · edition"', status === 'isles · 2023', `"${status}"`);
  await screenshot('dipmap-open');
});

await step('switch edition', async () => {
  // DATC 6.G.8: under 2023 an army ordered via convoy with no convoy stays; under 2000 it takes the land route.
  const NAME = 'convoy.dipgame';
  await openFile(NAME);
  const text = readFileSync(join(D.work, NAME), 'utf8');
  const line = lineOf(text, 'A bel - hol via convoy');
  const col = text.split('\n')[line - 1].indexOf('A bel') + 1;
  await goTo(line, col);
  const before = await hoverAtCursor();
  const beforeStatus = await dipforgeStatus();
  const beforeLine = (await viewLines(NAME))[line]?.trim();  // the order with its inlay hint
  check('under 2023 the army ordered via convoy stays (fails, no-convoy)', /fails/.test(before) && /no-convoy/.test(before),
    `hover ${JSON.stringify(before.slice(0, 100))}; line "${beforeLine}"`);
  await screenshot('edition-2023');
  await page.keyboard.press('Escape');
  const ran = await runCommand('dipforge: Switch Edition');
  check('command "dipforge: Switch Edition" is in the palette', ran);
  if (!ran) return;
  // The edition is picked as a user would: type it, take the first match.
  await typeInPick('2000');
  await screenshot('edition-pick');
  await page.keyboard.press('Enter');
  const afterStatus = await poll(async () => { const s = await dipforgeStatus(); return s && /\b2000\b/.test(s) ? s : undefined; }, { timeout: 15000 });
  const editionLine = await poll(async () => Object.values(await viewLines(NAME)).find((l) => /^edition 2000\b/.test(l)), { timeout: 5000 });
  check('the edition line and the status bar change to 2000', editionLine?.trim() === 'edition 2000' && afterStatus === 'classic · 2000 · spring 1901 movement',
    `status "${beforeStatus}" → "${afterStatus}"; edition line "${editionLine}"`);
  await goTo(line, col);
  const after = await poll(async () => {
    const h = await hoverAtCursor();
    if (/succeeds/.test(h)) return h;
    await page.keyboard.press('Escape');
    return undefined;
  }, { timeout: 20000, interval: 500 }) ?? '';
  const afterLine = (await viewLines(NAME))[line]?.trim();
  check('under 2000 the same order takes the land route (succeeds)', /succeeds/.test(after), `hover ${JSON.stringify(after.slice(0, 100))}; line "${afterLine}"`);
  await screenshot('edition-2000');
});


await conversionSteps({ page, wb, step, check, screenshot, work: D.work, root: ROOT });

await ctx.close().catch(() => {});
finish(0);
