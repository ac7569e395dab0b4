/**
 * The headless run (`dipforge test`: `GameOptions.headless`, messages of expectations made when
 * read) and the editor's full run give the same results and problems on every game file of the
 * project (test/ and variants/): the same diagnostics (code, severity, file, range, message), the
 * same expectations (phase, range, what, met or not, message), the same phases, orders and
 * results, and the same failures as `dipforge test` prints them (position and message); and its
 * expectations written as JSON are the full run's, words and ranges included. The two runs go through the files in opposite orders, each with a workspace of its own,
 * so that nothing one file leaves in the shared caches (compiled variants, order readings) can
 * change what another file comes to. `npm test` compares one file in three, the slow run every
 * one (test/helpers/depth.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { depthSample, FULL_DEPTH } from './helpers/depth.js';
import { gameFiles } from './helpers/game-files.js';
import { formatFailure, GameWorkspace, runGameText, testGameFile, type GameRun, type Range } from '@dipforge/dsl';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A range as plain data (the headless run's ranges of nodes on one line are made when read). */
function plain(range: Range): Range {
  return { start: range.start, end: range.end };
}

/** Everything a run came to, as plain data (a lazy message read). */
function summary(run: GameRun): unknown {
  return {
    complete: run.complete,
    winner: run.winner,
    edition: run.edition,
    final: run.final,
    diagnostics: run.diagnostics.map((d) => ({ code: d.code, severity: d.severity, file: d.file, range: plain(d.range), message: d.message })),
    expectations: run.expectations.map((e) => ({ phase: e.phase, range: plain(e.range), what: e.what, ok: e.ok, message: e.message })),
    phases: run.phases.map((p) => ({
      phase: p.phase,
      written: p.section !== undefined,
      incomplete: p.incomplete,
      orders: p.orders.map((o) => ({ line: plain(o.line.range), power: o.power, order: o.order, status: o.result?.status, reason: o.result?.reason })),
    })),
  };
}

describe('the headless run and the full run', () => {
  const files = [...gameFiles(join(ROOT, 'test')), ...gameFiles(join(ROOT, 'variants'))];

  it('find game files to compare', () => {
    expect(files.length).toBeGreaterThan(500);
  });

  it('give the same results, expectations and problems on every game file', () => {
    // The sample keeps the one game file with expectations that are not met, so unmet ones are compared too.
    const compared = depthSample(files, 3, (f) => f.endsWith(join('test', 'click', 'movement-orders.dipgame')));
    const headlessSpace = new GameWorkspace();
    const headless = new Map<string, unknown>();
    const headlessFailures = new Map<string, string[]>();
    for (const f of [...compared].reverse()) {
      const result = testGameFile(f, headlessSpace, { headless: true });
      headless.set(f, summary(result.run));
      headlessFailures.set(f, result.failures.map((x) => formatFailure(x)));
    }
    const full = new GameWorkspace();
    let expectations = 0;
    let failed = 0;
    for (const f of compared) {
      const result = testGameFile(f, full);
      const run = result.run;
      expectations += run.expectations.length;
      failed += run.expectations.filter((e) => !e.ok).length;
      expect(headless.get(f), f).toEqual(summary(run));
      // What `dipforge test` prints of a file: its failures, each with its position and message.
      expect(headlessFailures.get(f), f).toEqual(result.failures.map((x) => formatFailure(x)));
    }
    // The comparison covered met and unmet expectations (the latter in files that test failures).
    expect(expectations).toBeGreaterThan(FULL_DEPTH ? 1000 : 300);
    expect(failed).toBeGreaterThan(0);
  }, 600_000);

  it('writes its expectations as JSON as the full run does, words and ranges included', () => {
    // A real game with every kind of expectation unmet as well as met: results flipped, and units
    // and owners lines whose places are swapped (the words and ranges are made when read).
    const path = join(ROOT, 'test', 'click', 'movement-orders.dipgame');
    const game = files.find((f) => f.includes(join('test', 'games'))) ?? path;
    const broken = readFileSync(game, 'utf8')
      .replace(/\[succeeds\]/g, '[fails]')
      .replace(/^(\s+units \w+: )(.*)$/m, (_m, head: string, list: string) => head + list.split(', ').reverse().slice(1).join(', '))
      .replace(/^(\s+owners \w+: )(\w+)/m, '$1none');
    let unmet = 0;
    for (const [f, text] of [[path, readFileSync(path, 'utf8')], [game, broken]] as const) {
      const headless = runGameText(text, f, new GameWorkspace(), { headless: true }).expectations;
      const full = runGameText(text, f, new GameWorkspace()).expectations;
      const asJson = (xs: readonly unknown[]): unknown => JSON.parse(JSON.stringify(xs));
      expect(asJson(headless), f).toEqual(asJson(full));
      expect(asJson(headless), f).toEqual(full.map((e) => ({ phase: e.phase, range: e.range, what: e.what, ok: e.ok, message: e.message })));
      unmet += headless.filter((e) => !e.ok).length;
    }
    expect(unmet).toBeGreaterThan(2);
  });
});
