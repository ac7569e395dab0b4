/**
 * Playing a game file under another edition (`dipforge adjudicate --edition`)
 * and comparing two editions (`dipforge diff --edition A --vs B`), both ways
 * between the five-phase year and the postal year of the old rules: a phase
 * or an order the other edition's year does not have is set aside with a note
 * (DF9001, info), and what is missing then (retreats, adjustments) follows that
 * edition's defaults; `dipforge diff` across the two years compares the game
 * converted instead (more in test/diff-across-forms.test.ts). The games are
 * written to a temporary folder; the diff of a rule case uses
 * test/rules/1971-convoy-adjacent-swap-only.dipgame.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { diffGameRuns, GameWorkspace, runGameFile, type GameRun } from '@dipforge/dsl';
import { main } from '@dipforge/cli';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = mkdtempSync(join(tmpdir(), 'dipforge-switch-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** A five-phase game: a dislodgement, its retreat, a build. */
const FIVE = `// A five-phase game.
variant classic
edition 2023

position spring 1901 movement
  germany: A ber, A mun
  russia: A sil, A pru
  owners germany: ber, kie, mun
  owners russia: war, mos, sev, stp

phase spring 1901 movement
  germany:
    A ber H   [fails]
    A mun H   [succeeds]
  russia:
    A sil - ber           [succeeds]
    A pru S A sil - ber   [succeeds]

phase spring 1901 retreat
  germany:
    A ber - kie   [succeeds]

phase fall 1901 movement
  russia:
    A ber H

phase winter 1901 adjustment
  russia:
    Build A war   [succeeds]

expect
  units germany: A kie, A mun
  units russia: A ber, A pru, A war
`;

/** The same game in the postal year of the old rules: a retreat list and a build list written with the moves. */
const POSTAL = `// A postal game (text 000).
variant classic
edition old-rules

position spring 1901 movement
  germany: A ber, A mun
  russia: A sil, A pru
  owners germany: ber, kie, mun
  owners russia: war, mos, sev, stp

phase spring 1901 movement
  germany:
    A ber H retreat kie
    A mun H
  russia:
    A sil - ber
    A pru S A sil - ber

phase fall 1901 movement
  russia:
    A ber H
    Build A war, A mos
`;

function file(name: string, text: string): string {
  const path = join(DIR, name);
  writeFileSync(path, text);
  return path;
}

const five = file('five.dipgame', FIVE);
const postal = file('postal.dipgame', POSTAL);
writeFileSync(join(DIR, 'package.json'), '{}');

async function dipforge(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), cwd: DIR });
  return { code, out, err };
}

function notes(run: GameRun): string[] {
  return run.diagnostics.filter((d) => d.code === 'DF9001').map((d) => `${d.range.start.line + 1}: ${d.message}`);
}

const units = (run: GameRun): string[] => (run.final?.units ?? []).map((u) => `${u.power} ${u.kind === 'army' ? 'A' : 'F'} ${u.at}`).sort();

describe('dipforge adjudicate --edition: five-phase to postal', () => {
  const run = runGameFile(five, new GameWorkspace(), { edition: 'old-rules' });

  it('plays the whole game with no error', () => {
    expect(run.edition).toBe('old-rules');
    expect(run.complete).toBe(true);
    expect(run.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });

  it('sets aside the retreat and adjustment phases the postal year lacks, each with a note naming the defaults', () => {
    expect(notes(run)).toEqual([
      expect.stringMatching(/^19: spring 1901 retreat is set aside with its 1 order: the year of edition old-rules has no spring retreat phase \(.*retreat-default gm-order\)$/),
      expect.stringMatching(/^27: winter 1901 adjustment is set aside with its 1 order: the year of edition old-rules has no winter adjustment phase \(.*removal-order abroad-first\)$/),
    ]);
    expect(run.diagnostics.find((d) => d.code === 'DF9001')?.severity).toBe('info');
    expect(run.phases.map((p) => `${p.phase.season} ${p.phase.kind}`)).toEqual(['spring movement', 'fall movement']);
  });

  it("falls back on the postal year's defaults: the game master retreats the army to its own centre, and no unit is built", () => {
    expect(run.final?.phase).toEqual({ year: 1902, season: 'spring', kind: 'movement' });
    expect(units(run)).toEqual(['germany A kie', 'germany A mun', 'russia A ber', 'russia A pru']);
  });

  it('the file played under its own edition has no note', () => {
    expect(notes(runGameFile(five, new GameWorkspace()))).toEqual([]);
  });
});

describe('dipforge adjudicate --edition: postal to five-phase', () => {
  const run = runGameFile(postal, new GameWorkspace(), { edition: '2023' });

  it('plays the whole game with no error, through the fall retreat and winter adjustment to spring 1902', () => {
    expect(run.complete).toBe(true);
    expect(run.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(run.phases.map((p) => `${p.phase.season} ${p.phase.kind}${p.section ? '' : ' (defaults)'}`)).toEqual([
      'spring movement',
      'spring retreat (defaults)',
      'fall movement',
      'fall retreat (defaults)',
      'winter adjustment (defaults)',
    ]);
    expect(run.final?.phase).toEqual({ year: 1902, season: 'spring', kind: 'movement' });
  });

  it('sets aside the retreat list and the build list, and notes the phases the postal year lacks', () => {
    expect(notes(run)).toEqual([
      expect.stringMatching(/^13: A ber H retreat kie: the retreat list is set aside: under edition 2023 retreats are ordered in the retreat phase \(dislodged units are disbanded\)$/),
      expect.stringMatching(/^19: spring 1901 retreat is not in the file \(its year has no such phase\): under edition 2023 it is adjudicated with no orders/),
      expect.stringMatching(/^19: winter 1901 adjustment is not in the file \(its year has no such phase\): under edition 2023 it is adjudicated with no orders \(no unit is built/),
      expect.stringMatching(/^22: Build A war, A mos: set aside: under edition 2023 builds and disbands are ordered in the adjustment phase/),
    ]);
    // The order with the list still stands, without it.
    const held = run.phases[0]!.orders.find((o) => o.line.text.text === 'A ber H retreat kie');
    expect(held?.order).toEqual({ type: 'hold', power: 'germany', unit: { kind: 'army', at: 'ber' } });
    expect(held?.result?.status).toBe('fails');
  });

  it("falls back on the 2023 defaults: the unordered retreat disbands, the unordered builds are not made", () => {
    expect(units(run)).toEqual(['germany A mun', 'russia A ber', 'russia A pru']);
  });

  it('under its own edition the lists count: the army retreats to Kiel and Russia builds two armies', () => {
    const own = runGameFile(postal, new GameWorkspace());
    expect(own.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(units(own)).toEqual(['germany A kie', 'germany A mun', 'russia A ber', 'russia A mos', 'russia A pru', 'russia A war']);
  });

  it('dipforge adjudicate prints the notes on standard error and exits 0', async () => {
    const r = await dipforge('adjudicate', 'postal.dipgame', '--edition', '2023');
    expect(r.code).toBe(0);
    expect(r.err).toContain('postal.dipgame:13:5: info: A ber H retreat kie: the retreat list is set aside');
    expect(r.out).toContain('postal.dipgame: Classic (classic), edition 2023');
    expect(r.out).toContain('winter 1901 adjustment   (not in the file: no orders)');
  });
});

describe('dipforge diff', () => {
  it('lists each order whose result differs and where the positions part (a rule case, 1971 against 1982)', async () => {
    const path = join(ROOT, 'test', 'rules', '1971-convoy-adjacent-swap-only.dipgame');
    const text = readFileSync(path, 'utf8').split('\n');
    const lineOf = (order: string): number => text.findIndex((l) => l.trimStart().startsWith(order)) + 1;
    const r = await dipforge('diff', path, '--edition', '1971', '--vs', '1982');
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const lines = r.out.trimEnd().split('\n');
    expect(lines.slice(1)).toEqual([
      '',
      'spring 1901 movement',
      `  italy: A apu - nap   (line ${lineOf('A apu - nap')})`,
      '    1971: succeeds',
      '    1982: fails (no-convoy: the convoy route was not there or was disrupted)',
      `  france: A nap H   (line ${lineOf('A nap H')})`,
      '    1971: fails (dislodged: the unit was dislodged)',
      '    1982: succeeds',
      '',
      '2 order results differ',
      'the positions part after spring 1901 movement, seen at spring 1901 retreat:',
      '  units only under 1971: italy A nap',
      '  units only under 1982: france A nap, italy A apu',
      '  dislodged only under 1971: france A nap',
    ]);
  });

  it('says so when nothing differs, and exits 0', async () => {
    const r = await dipforge('diff', 'five.dipgame', '--edition', '2023', '--vs', '1971');
    expect(r).toEqual({ code: 0, err: '', out: 'five.dipgame: edition 2023 vs edition 1971\n\nno order result differs\nthe positions never part\n' });
  });

  it("without --edition, compares the file's own edition; across two shapes of the year, with the game converted to the other", async () => {
    const r = await dipforge('diff', 'five.dipgame', '--vs', 'old-rules');
    expect(r.code).toBe(0);
    // Nothing is set aside: the retreat and the build are compared with the retreat list and the build list they become.
    expect(r.err).toBe('');
    expect(r.out).toBe(
      [
        'five.dipgame: edition 2023 vs edition old-rules',
        'the years differ in shape: compared with the game converted to old-rules (separate phases to the postal year), by what happened',
        '',
        'no order result differs',
        'no retreat or adjustment comes to something else',
        'the positions never part',
        'the conversion gave no warnings',
        '',
      ].join('\n'),
    );
  });

  it('--json: one document with both editions, the conversion, the orders and where the positions part', async () => {
    const r = await dipforge('diff', 'postal.dipgame', '--vs', '2023', '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as Record<string, unknown>;
    // The postal file builds A war and A mos from its list; the converted 2023 game's winter phase builds the same.
    expect(doc).toEqual({
      format: 'dipforge-diff/1',
      file: 'postal.dipgame',
      a: { edition: 'old-rules', complete: true },
      b: { edition: '2023', complete: true },
      conversion: { made: true, side: 'b', edition: '2023', from: 'postal', to: 'separate', warnings: [], byCode: {} },
      orders: [],
      outcomes: [],
      parted: null,
      further: null,
    });
  });

  it('the library function agrees with the command', () => {
    const a = runGameFile(postal, new GameWorkspace());
    const b = runGameFile(postal, new GameWorkspace(), { edition: '2023' });
    const d = diffGameRuns(a, b);
    expect(d.orders.map((o) => o.source)).toEqual(['Build A war, A mos']);
    expect(d.parted?.differences.onlyA).toEqual(['germany A kie']);
  });

  it('exits 2 on a wrong command line, an unknown edition included (named with its flag, before any result)', async () => {
    expect((await dipforge('diff', 'five.dipgame')).code).toBe(2);
    expect((await dipforge('diff', '--vs', '1971')).code).toBe(2);
    expect((await dipforge('diff', 'five.dipgame', 'postal.dipgame', '--vs', '1971')).code).toBe(2);
    const r = await dipforge('diff', 'five.dipgame', '--vs', 'nonesuch');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^dipforge diff: --vs 'nonesuch' is no edition of this game's variant; the editions are 1971, 1982, 2000, 2023, /);
  });

  it('is listed in the usage', async () => {
    const r = await dipforge('--help');
    expect(r.out).toContain('dipforge diff GAME.dipgame [--edition A] --vs B [--json]');
  });
});
