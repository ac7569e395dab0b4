// The VS Code workbench as a user drives it, for run.mjs and the steps it runs:
// Quick Open, the command palette, Go to Line, the rendered lines of an editor,
// the hover, the suggest widget, the status bar, the Problems panel and
// webviews, read through the DOM of code-server's page (playwright-core).

export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Calls fn until it returns a truthy value (that value) or the time is up (the last value). */
export async function poll(fn, { timeout = 15000, interval = 250 } = {}) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try { last = await fn(); } catch (e) { last = undefined; }
    if (last || Date.now() > end) return last;
    await sleep(interval);
  }
}
/** The 1-based number of the first line holding needle (0: none). */
export const lineOf = (text, needle) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

/** The helpers bound to one page of the workbench. */
export function workbench(page) {
  const esc = (s) => s.replace(/["\\]/g, '\\$&');
  async function quickInput(prefixKey, text) {
    await page.keyboard.press(prefixKey);
    const input = page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible', timeout: 10000 });
    await input.fill(text);
  }
  /**
   * Opens a workspace file with Quick Open and waits until its editor is the active one. Quick Open
   * lists files once the workspace search has run, which a loaded machine can hold up for long: then
   * the file is opened from the Explorer, as a user would.
   */
  async function openFile(name) {
    await quickInput('Control+P', name);
    const listed = await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().click({ timeout: 15000 }).then(() => true, () => false);
    if (!listed) {
      await page.keyboard.press('Escape');
      await page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first().dblclick({ timeout: 15000 });
    }
    await page.locator(`.tab.active[data-resource-name="${esc(name)}"]`).waitFor({ timeout: 15000 });
    await editor(name).locator('.view-lines').waitFor({ timeout: 15000 });
    await sleep(300);
  }
  /** The code editor showing a workspace file. */
  const editor = (name) => page.locator(`.editor-instance .monaco-editor[data-uri$="/${esc(name)}"]`).first();
  /** Runs a command from the palette by its full title ("dipforge: Show Board"); false when the palette has no such entry. */
  async function runCommand(title) {
    await quickInput('F1', `>${title}`);
    const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.monaco-icon-label', { hasText: title }) }).first();
    const found = await row.waitFor({ timeout: 10000 }).then(() => true, () => false);
    const label = found ? (await row.getAttribute('aria-label')) ?? '' : '';
    if (!found || !label.startsWith(title)) { await page.keyboard.press('Escape'); return false; }
    await row.click();
    return true;
  }
  /** The titles the command palette lists for a query. */
  async function paletteEntries(query) {
    await quickInput('F1', `>${query}`);
    await sleep(500);
    const rows = await page.$$eval('.quick-input-widget .quick-input-list .monaco-list-row', (rs) =>
      rs.filter((r) => r.offsetParent).map((r) => r.querySelector('.monaco-icon-label')?.textContent?.trim() ?? ''));
    await page.keyboard.press('Escape');
    return rows;
  }
  /** Moves the cursor of the active editor to a line and column (1-based). */
  async function goTo(line, col = 1) {
    await quickInput('Control+G', `:${line}:${col}`);
    await page.keyboard.press('Enter');
    await sleep(150);
  }
  /** The text of the rendered lines of a file's editor, by line number (only lines in view). */
  async function viewLines(name) {
    return editor(name).evaluate((ed) => {
      const out = {};
      const numbers = [...ed.querySelectorAll('.margin-view-overlays .line-numbers')];
      const lines = [...ed.querySelectorAll('.view-lines .view-line')];
      // Pair line numbers and lines by their vertical position.
      const byTop = new Map(numbers.map((n) => [Math.round(n.parentElement.getBoundingClientRect().top), Number(n.textContent)]));
      for (const l of lines) {
        const n = byTop.get(Math.round(l.getBoundingClientRect().top));
        if (n) out[n] = l.textContent.replace(/\u00a0/g, ' ');
      }
      return out;
    });
  }
  /** The text of the hover shown at the cursor (editor.action.showHover), or ''. */
  async function hoverAtCursor() {
    // The pointer out of the way first: left over a tab (where a quick-open row was clicked), its tooltip,
    // also a .monaco-hover, would be read instead of the editor's hover.
    await page.mouse.move(200, 600);
    await sleep(200);
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const hover = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content, .monaco-hover:not(.hidden) .hover-contents').first();
    const text = (await poll(async () => ((await hover.innerText({ timeout: 1000 })) || '').trim(), { timeout: 15000 })) ?? '';
    await sleep(400); // the hover fades in: let the screenshot show it whole
    return text;
  }
  /** The rows of the open suggest widget (`label`, or `label (snippet)` for a snippet's row), once the list stops changing. */
  async function suggestionLabels() {
    const read = () => page.$$eval('.suggest-widget.visible .monaco-list-row', (rows) => rows.map((r) => {
      const label = (r.querySelector('.label-name')?.textContent ?? r.getAttribute('aria-label') ?? '').trim();
      return r.querySelector('.suggest-icon.codicon-symbol-snippet') ? `${label} (snippet)` : label;
    }));
    let prev = null;
    return poll(async () => {
      const now = await read();
      const stable = now.length > 0 && same(now, prev);
      prev = now;
      return stable ? now : undefined;
    }, { timeout: 15000, interval: 400 });
  }
  /** Status bar items' texts. */
  const statusTexts = () => page.$$eval('.statusbar-item', (els) => els.map((e) => e.innerText.trim()).filter(Boolean));
  /** The workspace status bar item "variant · edition · phase". */
  async function dipforgeStatus(re = /·.*·/) {
    return poll(async () => (await statusTexts()).find((t) => re.test(t)), { timeout: 15000 });
  }
  /** The frame of a webview whose document holds an svg.dipforge-board (webviews are nested iframes). */
  async function boardFrame() {
    return poll(async () => {
      for (const f of page.frames()) {
        if (f === page.mainFrame()) continue;
        if (await f.locator('svg.dipforge-board').count().catch(() => 0)) return f;
      }
      return undefined;
    }, { timeout: 30000 });
  }
  /** The colour the editor paints the first occurrence of a word in a line with. */
  async function colourOf(name, lineText, word) {
    return editor(name).evaluate((ed, [lineText, word]) => {
      for (const l of ed.querySelectorAll('.view-lines .view-line')) {
        // startsWith: an inlay hint (an order's result) may follow the text.
        const text = l.textContent.replace(/\u00a0/g, ' ');
        if (!text.startsWith(lineText) || /^[\w/]/.test(text.slice(lineText.length))) continue;
        for (const span of l.querySelectorAll('span > span')) {
          if (span.textContent.replace(/\u00a0/g, ' ').includes(word)) return getComputedStyle(span).color;
        }
      }
      return null;
    }, [lineText, word]);
  }
  const lineOf = (text, needle) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

  /** Types into the open quick pick until its first row is the text (its label), the rows then shown; Enter takes that row. */
  async function typeInPick(text) {
    const input = page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible', timeout: 10000 });
    await input.fill(text);
    const first = (row) => row.startsWith(text) && !/^[\w-]/.test(row.slice(text.length));
    const rows = await poll(async () => {
      const shown = await page.$$eval('.quick-input-widget .quick-input-list .monaco-list-row', (rs) =>
        rs.filter((r) => r.offsetParent).map((r) => r.getAttribute('aria-label') ?? r.textContent));
      return shown.length && first(shown[0].trim()) ? shown : undefined;
    }, { timeout: 10000 });
    if (!rows) throw new Error(`the quick pick offers no ${text} first`);
    return rows;
  }
  /** Puts the keyboard focus in a file's editor without moving its cursor (a click could land on a code lens). */
  const focusEditor = (name) => editor(name).locator('textarea').first().focus();
  /** The number of the first line whose top is in view in a file's editor (lines under the sticky scroll count as in view). */
  const firstLineInView = (name) => editor(name).evaluate((el) => {
    const top = el.querySelector('.overflow-guard').getBoundingClientRect().top;
    const rows = [...el.querySelectorAll('.margin-view-overlays .line-numbers')]
      .map((n) => ({ n: Number(n.textContent), top: n.parentElement.getBoundingClientRect().top }))
      .filter((r) => r.n > 0 && r.top >= top - 1).sort((a, b) => a.top - b.top);
    return rows[0]?.n ?? 0;
  });
  /**
   * Scrolls a file's editor until a line is the first one in view, with Ctrl+Down and Ctrl+Up (Scroll
   * Line Down/Up: the cursor stays); a code lens above the line may leave it one line lower.
   */
  async function scrollTo(name, line) {
    await focusEditor(name);
    let first = 0;
    for (let i = 0; i < 6; i++) {
      first = await firstLineInView(name);
      if (first === line || (i > 0 && first === line - 1)) return;
      for (let k = 0; k < Math.abs(line - first); k++) await page.keyboard.press(line > first ? 'Control+ArrowDown' : 'Control+ArrowUp');
      await sleep(300);
    }
    throw new Error(`${name} did not scroll to line ${line} (the first line in view: ${first})`);
  }
  /** View: Close All Editors, answering Don't Save for files a step changed and left unsaved. */
  async function closeAllEditors() {
    await runCommand('View: Close All Editors');
    for (;;) {
      const dontSave = page.locator('.monaco-dialog-box .dialog-buttons .monaco-button', { hasText: "Don't Save" });
      if (!(await dontSave.first().waitFor({ timeout: 2000 }).then(() => true, () => false))) break;
      await dontSave.first().click();
    }
    await poll(async () => (await page.locator('.tab').count()) === 0, { timeout: 10000 });
  }
  /** Hides the panel (Problems, Output, …), giving its room back to the editors. */
  async function hidePanel() {
    await runCommand('View: Hide Panel');
    await poll(async () => (await page.locator('.part.panel').first().isVisible().catch(() => false)) === false, { timeout: 5000 });
  }
  /** Opens the Problems panel. */
  async function showProblems() {
    if (!(await runCommand('View: Focus Problems (Errors, Warnings, Infos)'))) throw new Error('the palette has no View: Focus Problems');
    await page.locator('.markers-panel').first().waitFor({ timeout: 10000 });
  }
  /** The rows of the Problems panel: { label, severity } (error, warning, info for a problem, by its accessible label; '' for a file's row). */
  async function problems() {
    return page.$$eval('.markers-panel .monaco-list-row', (rows) => rows.filter((r) => r.offsetParent).map((r) => {
      const label = r.getAttribute('aria-label') ?? r.textContent ?? '';
      const kind = /^(Error|Warning|Info|Problem): /.exec(label)?.[1].toLowerCase();
      return { label, severity: kind ?? (r.querySelector('.marker-icon') ? 'other' : '') };
    }));
  }

  return {
    quickInput, typeInPick, closeAllEditors, focusEditor, scrollTo, showProblems, hidePanel, problems, openFile, editor, runCommand, paletteEntries, goTo, viewLines, hoverAtCursor,
    suggestionLabels, statusTexts, dipforgeStatus, boardFrame, colourOf,
  };
}
