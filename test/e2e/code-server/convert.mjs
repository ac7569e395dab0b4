// Switch Edition as a conversion, in the real editor: the classic 1901 example
// (a workspace copy) goes to the old rules, where a year has no winter phase
// and the builds are lists written with the fall orders, and back to the
// edition it was written for. What the file holds is read back from disk after
// File: Save and judged by the plain text reading below, which shares no code
// with the converter; `dipforge check` and `dipforge test` read the saved
// files as well. Each state is screenshotted with the converted lines in view.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lineOf, poll, same, sleep } from './workbench.mjs';

/** The game's phases by their header line (`phase fall 1901 movement`), each with its lines. */
export function phasesOf(text) {
  const phases = new Map();
  let lines;
  for (const line of text.split('\n')) {
    const header = /^phase\s+(.+?)\s*(\/\/.*)?$/.exec(line);
    if (header) phases.set(header[1], (lines = []));
    else if (/^\S/.test(line)) lines = undefined;   // edition, expect …: outside any phase
    else if (lines && line.trim() && !line.trim().startsWith('//')) lines.push(line);
  }
  return phases;
}

/** The builds each power writes in a phase, `power → ['A ber', 'A mun']` sorted: one per `Build` line, or a list after `Build`. */
export function buildsIn(lines = []) {
  const builds = {};
  let power;
  for (const line of lines) {
    const head = /^\s*([a-z][\w-]*):\s*$/.exec(line);
    if (head) { power = head[1]; continue; }
    const build = /^\s*Build\s+(.+?)\s*(\/\/.*)?$/.exec(line);
    if (build && power) (builds[power] ??= []).push(...build[1].split(',').map((u) => u.trim().replace(/\s+/g, ' ')));
  }
  for (const p of Object.keys(builds)) builds[p].sort();
  return Object.fromEntries(Object.entries(builds).sort(([a], [b]) => a.localeCompare(b)));
}

/** A phase's order lines other than builds, as written (what a conversion must not touch). */
const movementOrders = (lines = []) => lines.filter((l) => !/^\s*Build\b/.test(l)).map((l) => l.trim());
const editionOf = (text) => /^edition\s+(\S+)/m.exec(text)?.[1];

/**
 * The conversion steps. `ctx`: the page, its workbench helpers (`wb`), run.mjs's
 * `step`, `check` and `screenshot`, the workspace folder and the repository root.
 */
export async function conversionSteps({ page, wb, step, check, screenshot, work, root }) {
  const NAME = '1901.dipgame';
  const FILE = join(work, NAME);
  const original = readFileSync(FILE, 'utf8');
  const originalEdition = editionOf(original);
  const before = phasesOf(original);
  const winter = [...before.keys()].find((p) => /^winter 1901\b/.test(p));
  const fall = [...before.keys()].find((p) => /^fall 1901 movement$/.test(p));
  const wantedBuilds = buildsIn(before.get(winter));
  /** `dipforge check` and `dipforge test` on the saved file: whether both pass, and what they said. */
  function cliVerdict() {
    const run = (cmd) => spawnSync(process.execPath, [join(root, 'packages/cli/bin/dipforge.js'), cmd, FILE], { encoding: 'utf8' });
    const said = (r) => `${r.status}: ${`${r.stdout}${r.stderr}`.trim().split('\n').pop()}`;
    const checked = run('check');
    const tested = run('test');
    return { ok: checked.status === 0 && tested.status === 0, detail: `dipforge check ${said(checked)}; dipforge test ${said(tested)}` };
  }

  /** Saves the game's editor (Ctrl+S) and reads the file back once it holds what `ready` wants. */
  async function saved(ready) {
    await wb.focusEditor(NAME);
    await page.keyboard.press('Control+S');
    return (await poll(() => { const t = readFileSync(FILE, 'utf8'); return ready(t) ? t : undefined; }, { timeout: 10000 })) ?? readFileSync(FILE, 'utf8');
  }

  /**
   * The game has no errors: none in the Problems panel (watched for a while, so that late diagnostics
   * count), no error squiggle in its editor, and `dipforge check` and `dipforge test` pass on the saved file.
   */
  async function noErrors(edition) {
    await wb.showProblems();
    let errors = [];
    for (let i = 0; i < 6; i++) {
      const now = (await wb.problems()).filter((r) => r.severity === 'error');
      if (now.length > errors.length) errors = now;
      await sleep(400);
    }
    const squiggles = await wb.editor(NAME).locator('.squiggly-error').count();
    check(`under ${edition} the Problems panel shows no error for the game, nor its editor a squiggle`, errors.length === 0 && squiggles === 0,
      `${errors.length} errors${errors.length ? `: ${errors.map((e) => e.label).join(' | ')}` : ''}; ${squiggles} squiggles`);
    const cli = cliVerdict();
    check(`under ${edition} dipforge check and dipforge test pass on the saved file`, cli.ok, cli.detail);
    await wb.hidePanel();
  }

  /** Runs Switch Edition from the palette, picks the edition, and answers the confirmation with Convert; the dialog's texts. */
  async function switchTo(edition, shot) {
    if (!(await wb.runCommand('dipforge: Switch Edition'))) throw new Error('the palette has no dipforge: Switch Edition');
    await wb.typeInPick(edition);
    await page.keyboard.press('Enter');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 15000 });
    const message = (await dialog.locator('.dialog-message-text').innerText()).trim();
    const detail = (await dialog.locator('.dialog-message-detail').innerText().catch(() => '')).trim();
    await screenshot(shot);
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: 'Convert' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10000 });
    await wb.dipforgeStatus(new RegExp(`· ${edition} ·`));
    return { message, detail };
  }

  let converted;
  await step('convert to old-rules', async () => {
    // The panel is read right: it lists the error planted in broken.dipgame while that file is open.
    await wb.openFile('broken.dipgame');
    await wb.showProblems();
    const planted = await poll(async () => (await wb.problems()).find((r) => r.severity === 'error' && /unknown province 'xyz'/.test(r.label)), { timeout: 15000 });
    check('the Problems panel lists the error planted in broken.dipgame', planted, planted ? JSON.stringify(planted.label) : JSON.stringify(await wb.problems()));
    await wb.closeAllEditors();
    await wb.openFile(NAME);
    const asked = await switchTo('old-rules', 'convert-confirm');
    check('Switch Edition to old-rules asks first, with the conversion\'s summary', /convert 1901\.dipgame to old-rules/.test(asked.message) && /orders moved/i.test(asked.detail),
      `${JSON.stringify(asked.message)}; ${JSON.stringify(asked.detail.split('\n')[0])}`);
    converted = await saved((t) => editionOf(t) === 'old-rules');
    const after = phasesOf(converted);
    const builds = buildsIn(after.get(fall));
    const listLines = (after.get(fall) ?? []).filter((l) => /^\s*Build\s/.test(l)).map((l) => l.trim());
    const kept = [...before.keys()].filter((p) => p !== winter).every((p) => same(movementOrders(after.get(p)), movementOrders(before.get(p))));
    check('the file holds the winter builds as Build lists in the fall phase, and no winter phase',
      editionOf(converted) === 'old-rules' && Object.keys(wantedBuilds).length > 0 && same(builds, wantedBuilds)
        && ![...after.keys()].some((p) => /winter|adjustment/.test(p)) && kept,
      `phases ${[...after.keys()].join(' | ')}; fall lists ${listLines.join(' | ')}; movement orders ${kept ? 'kept' : 'changed'}`);
    await noErrors('old-rules');
    await wb.scrollTo(NAME, lineOf(converted, `phase ${fall}`));
    await screenshot('old-rules-fall-builds');
  });

  await step('undo the conversion', async () => {
    if (!converted) throw new Error('nothing converted');
    await wb.focusEditor(NAME);
    await page.keyboard.press('Control+Z');
    const undone = await saved((t) => editionOf(t) === originalEdition);
    await wb.focusEditor(NAME);
    await page.keyboard.press('Control+Shift+Z');
    const redone = await saved((t) => editionOf(t) === 'old-rules');
    check('one Undo takes the conversion back whole (and Redo brings it again)', undone === original && redone === converted,
      `after Undo ${undone === original ? 'the original' : `edition ${editionOf(undone)}, ${phasesOf(undone).size} phases`}; after Redo ${redone === converted ? 'the converted game' : 'other text'}`);
  });

  await step(`convert back to ${originalEdition}`, async () => {
    if (!converted) throw new Error('nothing converted');
    const asked = await switchTo(originalEdition, 'convert-back-confirm');
    const back = await saved((t) => editionOf(t) === originalEdition);
    const after = phasesOf(back);
    const order = [...after.keys()];
    const kept = [...before.keys()].filter((p) => p !== winter).every((p) => same(movementOrders(after.get(p)), movementOrders(before.get(p))));
    check(`Switch Edition back to ${originalEdition} restores the winter adjustment phase with the builds`,
      /convert 1901\.dipgame to/.test(asked.message) && same(order, [...before.keys()]) && same(buildsIn(after.get(winter)), wantedBuilds)
        && Object.keys(buildsIn(after.get(fall))).length === 0 && kept,
      `phases ${order.join(' | ')}; winter builds ${JSON.stringify(buildsIn(after.get(winter)))}`);
    await noErrors(originalEdition);
    // The end of the fall (its orders without builds) and the whole winter phase.
    await wb.scrollTo(NAME, Math.max(1, lineOf(back, `phase ${winter}`) - 12));
    // The cursor on a restored build (in view, so nothing scrolls): the status bar follows it into the winter.
    const build = lineOf(back, 'Build A mun');
    await wb.goTo(build, back.split('\n')[build - 1].indexOf('Build') + 1);
    const status = await wb.dipforgeStatus(/winter 1901/);
    check('the status bar follows the cursor into the restored winter phase', status === `classic · ${originalEdition} · winter 1901 adjustment`, `"${status}"`);
    await screenshot(`${originalEdition}-winter-builds`);
  });
}
