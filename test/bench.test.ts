/**
 * `dipforge bench` as users run it: it runs, prints the documented JSON
 * (docs/PERFORMANCE.md) or a readable table, rejects bad arguments, and
 * `--write-games` writes games that `dipforge test` and `dipforge check` read
 * without errors. No timing is asserted: the figures are benchmarks, not tests.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stdioLine } from '../packages/cli/src/commands/bench-stdio.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'packages', 'cli', 'bin', 'dipforge.js');

function dipforge(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const env = { ...process.env };
  delete env['DIPFORGE_DEBUG'];
  // --editor drives a language server over stdio besides its checks: on a loaded machine it takes minutes.
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', env, timeout: args.includes('--editor') ? 280_000 : 120_000 });
  const run = { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
  expect(run.stderr, 'stack frame on stderr').not.toContain('    at ');
  return run;
}

const KINDS = ['movement', 'retreat', 'adjustment'] as const;

/** A stats object: null without samples, else positive figures in order. */
function checkStats(s: unknown, what: string, required: boolean): void {
  if (s === null) {
    expect(required, `${what} has samples`).toBe(false);
    return;
  }
  const st = s as Record<string, number>;
  expect(Object.keys(st).sort(), what).toEqual(['count', 'meanUs', 'medianUs', 'p10Us', 'p90Us']);
  for (const k of Object.keys(st)) {
    expect(typeof st[k], `${what}.${k}`).toBe('number');
    expect(st[k]!, `${what}.${k}`).toBeGreaterThan(0);
  }
  expect(st['p10Us']!).toBeLessThanOrEqual(st['medianUs']!);
  expect(st['medianUs']!).toBeLessThanOrEqual(st['p90Us']!);
}

describe('dipforge bench --json', () => {
  it('runs 2 games × 6 phases, exits 0 and prints the documented JSON with positive figures', () => {
    const r = dipforge('bench', '--games', '2', '--phases', '6', '--json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout) as Record<string, any>;
    expect(Object.keys(j).sort()).toEqual(
      ['adjudicate', 'adjudicateInts', 'edition', 'editor', 'format', 'games', 'legalOrders', 'machine', 'mix', 'orderChoice', 'orders', 'phases', 'phasesPerGame', 'process', 'render', 'seed', 'settled', 'threads', 'throughput', 'variant', 'warmupGames'].sort(),
    );
    // The integer APIs agree with adjudicatePhase on every phase; --threads and --editor were not asked for.
    expect(Object.keys(j.adjudicateInts).sort()).toEqual(['adjustment', 'mismatches', 'movement', 'movementReused', 'retreat']);
    checkStats(j.adjudicateInts.movementReused, 'adjudicateInts.movementReused', true);
    expect(j.adjudicateInts.movementReused.count).toBe(j.phases.movement);
    for (const k of ['movement', 'retreat', 'adjustment']) {
      checkStats(j.adjudicateInts[k], `adjudicateInts.${k}`, k === 'movement');
      expect(j.adjudicateInts[k]?.count ?? 0, k).toBe(j.phases[k]);
    }
    expect(j.adjudicateInts.mismatches).toBe(0);
    // Settled figures: per kind, a positive time where the games had phases of that kind, null where they had none.
    expect(Object.keys(j.settled).sort()).toEqual(['adjudicate', 'adjudicateInts', 'calls']);
    expect(j.settled.calls).toBe(5);
    for (const api of ['adjudicate', 'adjudicateInts']) {
      expect(Object.keys(j.settled[api]).sort(), api).toEqual(['adjustment', 'movement', 'retreat']);
      for (const k of ['movement', 'retreat', 'adjustment']) {
        const v = j.settled[api][k];
        if (j.phases[k] === 0) expect(v, `${api}.${k}`).toBe(null);
        else {
          expect(typeof v, `${api}.${k}`).toBe('number');
          expect(Number.isFinite(v) && v > 0, `${api}.${k} = ${v}`).toBe(true);
        }
      }
    }
    expect(j.threads).toBe(null);
    expect(j.editor).toBe(null);
    expect(j.process).toBe(null);
    expect(j.format).toBe('dipforge-bench/1');
    expect(j.variant).toBe('classic');
    expect(j.edition).toBe('2023');
    expect([j.games, j.phasesPerGame, j.seed, j.warmupGames]).toEqual([2, 6, 1, 20]);
    expect(Object.keys(j.machine).sort()).toEqual(['arch', 'cores', 'cpu', 'node', 'platform']);
    expect(j.machine.cores).toBeGreaterThan(0);
    expect(j.orderChoice).toBe('mix');
    expect(j.mix).toEqual({ move: 0.4, support: 0.3, convoy: 0.1, hold: 0.2 });

    const p = j.phases as Record<string, number>;
    expect(Object.keys(p).sort()).toEqual(['adjustment', 'movement', 'retreat', 'total']);
    expect(p['total']).toBe(p['movement']! + p['retreat']! + p['adjustment']!);
    expect(p['total']).toBeGreaterThan(0);
    expect(p['total']).toBeLessThanOrEqual(12);
    expect(p['movement']).toBeGreaterThanOrEqual(4); // spring and fall of the first two years at least

    expect(Object.keys(j.orders).sort()).toEqual(['build', 'convoy', 'disband', 'hold', 'illegal', 'move', 'retreat', 'support', 'waive']);
    expect(j.orders.illegal).toBe(0);
    expect(j.orders.move).toBeGreaterThan(0);

    for (const k of KINDS) {
      checkStats(j.adjudicate[k], `adjudicate.${k}`, k === 'movement');
      expect(j.adjudicate[k]?.count ?? 0).toBe(p[k]);
      checkStats(j.legalOrders[k], `legalOrders.${k}`, k === 'movement');
    }
    checkStats(j.legalOrders.all, 'legalOrders.all', true);
    expect(j.legalOrders.all.count).toBe(p['total']);
    // The integer legal-order API, timed on the same positions.
    for (const k of KINDS) checkStats(j.legalOrders.integerApi[k], `legalOrders.integerApi.${k}`, k === 'movement');
    checkStats(j.legalOrders.integerApi.all, 'legalOrders.integerApi.all', true);
    expect(j.legalOrders.integerApi.all.count).toBe(p['total']);
    expect(j.legalOrders.ordersPerPhase).toBeGreaterThan(0);
    expect(Object.keys(j.throughput).sort()).toEqual(['gamesWon', 'phasesPerSecond', 'seconds']);
    expect(j.throughput.seconds).toBeGreaterThan(0);
    expect(j.throughput.phasesPerSecond).toBeGreaterThan(0);
  });

  it('the same seed plays the same games (the counts agree), another seed other games', () => {
    const counts = (seed: string): unknown => {
      const j = JSON.parse(dipforge('bench', '--games', '2', '--phases', '6', '--warmup', '0', '--seed', seed, '--json').stdout) as Record<string, any>;
      return [j.phases, j.orders];
    };
    const five = counts('5');
    expect(counts('5')).toEqual(five);
    expect(counts('6')).not.toEqual(five);
  });

  it('--threads replays the games with adjudicateMany on worker threads, with the same results', () => {
    const r = dipforge('bench', '--games', '2', '--phases', '6', '--warmup', '0', '--threads', '2', '--json');
    expect(r.status).toBe(0);
    const t = (JSON.parse(r.stdout) as Record<string, any>).threads;
    const row = ['nPhasesPerSecond', 'nSeconds', 'onePhasesPerSecond', 'oneSeconds', 'singlePhasesPerSecond', 'singleSeconds', 'speedup', 'speedupOverSingle'];
    expect(Object.keys(t).sort()).toEqual([...row, 'cores', 'identical', 'phases', 'prepared', 'repeat', 'samplesMs', 'threads'].sort());
    expect(t.threads).toBe(2);
    expect(t.identical).toBe(true);
    // A sample replays the games often enough to last about 200 ms in one thread (these games take well under 1 ms).
    expect(t.repeat).toBeGreaterThan(1);
    expect(t.phases % t.repeat).toBe(0);
    // What 2 spinning threads got: at most the 2 cores they can use (a little over for rounding and start-up).
    expect(Object.keys(t.cores).sort()).toEqual(['after', 'before']);
    for (const v of Object.values(t.cores) as number[]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(2.5);
    }
    // With encoding (adjudicateMany) and prepared (adjudicatePrepared), each with no workers, 1 and 2.
    expect(Object.keys(t.prepared).sort()).toEqual(row);
    for (const x of [t, t.prepared]) {
      for (const k of row) expect(x[k]).toBeGreaterThan(0);
      expect(x.speedup).toBeCloseTo(x.oneSeconds / x.nSeconds, 1);
      expect(x.speedupOverSingle).toBeCloseTo(x.singleSeconds / x.nSeconds, 1);
      expect((x.singlePhasesPerSecond * x.singleSeconds) / t.phases).toBeCloseTo(1, 3);
    }
    // Every timed sample is reported, and the medians are among them.
    expect(Object.keys(t.samplesMs).sort()).toEqual(['n', 'one', 'preparedN', 'preparedOne', 'preparedSingle', 'single']);
    for (const xs of Object.values(t.samplesMs) as number[][]) {
      expect(xs).toHaveLength(7);
      for (const x of xs) expect(x).toBeGreaterThan(0);
    }
    expect(t.samplesMs.preparedOne).toContain(Math.round(t.prepared.oneSeconds * 1e5) / 100);
    expect(t.samplesMs.n).toContain(Math.round(t.nSeconds * 1e5) / 100);
    expect(t.samplesMs.single).toContain(Math.round(t.singleSeconds * 1e5) / 100);
  });

  it('--threads prints a row with encoding and a row for prepared games', () => {
    const r = dipforge('bench', '--games', '2', '--phases', '4', '--warmup', '0', '--threads', '2');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/adjudicateMany \(with encoding\): \d+ phases \(the games ×\d+\) in 1 thread .* on 1 worker .* on 2 workers .* speed-up [\d.]+× over 1 thread, [\d.]+× over 1 worker; results identical/);
    expect(r.stdout).toMatch(/adjudicatePrepared \(encoded once\): \d+ phases \(the games ×\d+\) in 1 thread .* on 2 workers .* speed-up [\d.]+× over 1 thread, [\d.]+× over 1 worker/);
    expect(r.stdout).toMatch(/cores: 2 spinning threads got [\d.]+ before the samples, [\d.]+ after/);
  });

  it('--editor times a first check of a 10,000-line game (cold and warm), an edit and the server\'s re-check', () => {
    const r = dipforge('bench', '--games', '1', '--phases', '2', '--editor', '--json');
    expect(r.status).toBe(0);
    const e = (JSON.parse(r.stdout) as Record<string, any>).editor;
    expect(Object.keys(e).sort()).toEqual(['check', 'edit', 'server', 'stdio']);
    // The stdio server on a game of about 150 phases: every field there, no timing asserted beyond being a figure.
    const s = e.stdio;
    expect(Object.keys(s).sort()).toEqual(['completionAfterEditMs', 'editToDiagnostics', 'firstDiagnosticsMs', 'lines', 'phases', 'semanticTokens']);
    expect(s.phases).toBeGreaterThanOrEqual(100);
    expect(s.lines).toBeGreaterThan(2_000);
    expect(s.firstDiagnosticsMs).toBeGreaterThan(0);
    expect(Object.keys(s.editToDiagnostics).sort()).toEqual(['edits', 'median', 'p90']);
    // 12 orders made holds and back, 4 destinations deleted and typed again (the keystroke with a completion timed apart).
    expect(s.editToDiagnostics.edits).toBeGreaterThanOrEqual(30);
    expect(s.editToDiagnostics.median).toBeLessThanOrEqual(s.editToDiagnostics.p90);
    expect(s.completionAfterEditMs).toBeGreaterThan(0);
    expect(Object.keys(s.semanticTokens).sort()).toEqual(['deltaMs', 'fullBytes', 'fullMs', 'rangeMs']);
    for (const k of ['fullMs', 'rangeMs', 'deltaMs']) expect(s.semanticTokens[k], k).toBeGreaterThan(0);
    expect(s.semanticTokens.fullBytes).toBeGreaterThan(10_000);
    // The report's line for these figures (what the table prints).
    expect(stdioLine(s)).toMatch(/^editor: stdio server on a \d+-phase game \(\d+ lines\): first diagnostics \d+ ms; edit → diagnostics median [\d.]+ ms, p90 [\d.]+ ms \(\d+ edits\); completion after an edit [\d.]+ ms; semantic tokens full [\d.]+ ms, range [\d.]+ ms, delta [\d.]+ ms$/);
    expect(Object.keys(e.check).sort()).toEqual(['errors', 'firstMs', 'lines', 'medianMs', 'minMs', 'phases']);
    expect(e.check.lines).toBeGreaterThanOrEqual(10_000);
    expect(e.check.errors).toBe(0);
    expect(e.check.phases).toBeGreaterThan(100);
    for (const part of ['check', 'edit', 'server']) {
      expect(e[part].minMs, part).toBeGreaterThan(0);
      expect(e[part].minMs, part).toBeLessThanOrEqual(e[part].medianMs);
    }
    expect(e.check.firstMs).toBeGreaterThan(0);
    expect([e.edit.phases, e.edit.editedPhase]).toEqual([100, 50]);
    expect(e.edit.adjudicated).toBeGreaterThanOrEqual(51);
    expect(e.server.adjudicated + e.server.reused).toBeGreaterThan(0);
  });

  it('--uniform draws each order uniformly from the legal ones (the peers\' protocol): still no illegal order', () => {
    const r = dipforge('bench', '--games', '2', '--phases', '6', '--warmup', '0', '--uniform', '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout) as Record<string, any>;
    expect(j.orderChoice).toBe('uniform');
    expect(j.orders.illegal).toBe(0);
    expect(j.orders.support).toBeGreaterThan(j.orders.hold);
  });
});

describe('dipforge bench, human-readable and bad arguments', () => {
  it('prints a table of the figures', () => {
    const r = dipforge('bench', '--games', '1', '--phases', '3', '--warmup', '1');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('adjudicate movement');
    expect(r.stdout).toContain('legal orders, all phases');
    expect(r.stdout).toMatch(/settled \(median of each phase's fastest of 5 calls\): adjudicatePhase movement [\d.]+ µs/);
    expect(r.stdout).toMatch(/throughput: \d+ phases in [\d.]+ s = \d+ phases\/s/);
    expect(r.stdout).toContain('illegal: 0');
  });

  it('rejects bad values and unknown options with exit 2 and the usage', () => {
    for (const args of [['--games', 'x'], ['--games', '0'], ['--phases', '-3'], ['--seed', '1.5'], ['--threads', '0'], ['--frobnicate'], ['extra']]) {
      const r = dipforge('bench', ...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('usage: dipforge bench');
    }
  });

  it('a variant that does not exist is an input error (exit 1)', () => {
    const r = dipforge('bench', '--variant', 'no/such/map.dipmap', '--games', '1', '--phases', '1');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
  });
});

describe('dipforge bench --write-games', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'dipforge-bench-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('writes one .dipgame per game that dipforge test and dipforge check read without errors', () => {
    const dir = join(tmp, 'games');
    const r = dipforge('bench', '--games', '2', '--phases', '6', '--warmup', '0', '--seed', '9', '--write-games', dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('wrote 2 games');
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['game-1-seed-9.dipgame', 'game-2-seed-10.dipgame']);
    const text = readFileSync(join(dir, files[0]!), 'utf8');
    expect(text).toMatch(/^\/\/ A random game written by `dipforge bench`: game 1 of 2, seed 9\./);
    expect(text).toContain('\nvariant classic\nseed 9\n');
    expect(text).toContain('\nphase spring 1901 movement\n');
    expect(text).not.toContain('['); // orders only: no expected results

    const t = dipforge('test', dir);
    expect(t.stdout.trim().split('\n').at(-1)).toBe('2 passed, 0 failed');
    expect(t.status).toBe(0);
    // Replayed through the game language, every order reads back and none is illegal.
    const a = dipforge('adjudicate', join(dir, files[0]!), '--json');
    expect(a.status).toBe(0);
    expect(a.stdout).toContain('"status": "succeeds"');
    expect(a.stdout).not.toContain('"status": "illegal"');
    const c = dipforge('check', ...files.map((f) => join(dir, f)));
    expect(c.stderr.trim()).toBe('0 errors, 0 warnings');
    expect(c.status).toBe(0);
  });

  it('with --variant, the games name the map by a path relative to them', () => {
    const project = join(tmp, 'project');
    const dir = join(project, 'games');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, 'dipforge.json'), '{}\n');
    copyFileSync(join(ROOT, 'variants', 'classic', 'classic.dipmap'), join(project, 'map.dipmap'));
    const r = dipforge('bench', '--games', '1', '--phases', '4', '--warmup', '0', '--variant', join(project, 'map.dipmap'), '--write-games', dir, '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).format).toBe('dipforge-bench/1');
    const [file] = readdirSync(dir);
    expect(readFileSync(join(dir, file!), 'utf8')).toContain('\nvariant "../map.dipmap"\n');
    const t = dipforge('test', dir);
    expect(t.stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed');
  });
});
