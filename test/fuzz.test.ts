/**
 * A short seeded run of both fuzzers (docs/TESTING.md, "Fuzzing"): mutated
 * maps and games through check, compile, play and the CLI, each in a worker
 * process with a time and heap limit; and the real language server under
 * random edits and requests. Nothing may crash, hang, answer with a range
 * outside its text, or fall out of step with the client. The long run is
 * `node scripts/fuzz.mjs`; a failure here prints where its reproducer is.
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeFailure, describeLspFailure, fuzzFiles, fuzzLsp } from '@dipforge/fuzz';
import { ROOT } from '../packages/lsp/test/harness.js';

/** The imported games are long (hundreds of phases): the long run takes them, this one keeps to the short files. */
const LONG_GAMES = (rel: string): boolean => rel.startsWith('test/games/');

describe('fuzzing, a short seeded run', () => {
  it('files: 12 mutants of the corpus through check, compile, play and the CLI', async () => {
    const report = await fuzzFiles({ root: ROOT, seed: 20_240_601, count: 12, exclude: LONG_GAMES, minimizeSeconds: 10 });
    const failures = report.failures.map(describeFailure);
    // The reproducers stay when something failed (the message names them).
    if (failures.length === 0) rmSync(report.out, { recursive: true, force: true });
    expect(failures).toEqual([]);
    expect(report.inputs).toBe(12);
    expect([report.crashes, report.hangs, report.invalidRanges, report.malformed, report.exits, report.memory]).toEqual([0, 0, 0, 0, 0, 0]);
    // The mutants reach the checks: they make the readers report problems, whose ranges were checked.
    expect(report.diagnostics).toBeGreaterThan(12);
    expect(report.peakHeapBytes).toBeGreaterThan(0);
  }, 300_000);

  it('language server: 200 steps of edits and requests over stdio', async () => {
    const report = await fuzzLsp({ root: ROOT, seed: 20_240_601, steps: 200, sessionSteps: 200, documents: 2, exclude: LONG_GAMES, minimizeSeconds: 10 });
    const failures = report.failures.map(describeLspFailure);
    if (failures.length === 0) rmSync(report.out, { recursive: true, force: true });
    expect(failures).toEqual([]);
    expect(report.steps).toBe(200);
    expect(report.edits).toBeGreaterThan(50);
    expect(report.requests).toBeGreaterThan(80);
    expect([report.crashes, report.errors, report.invalidParams, report.hangs, report.invalidRanges, report.protocol, report.format, report.desync, report.memory]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    if (process.platform === 'linux') expect(report.peakRssBytes).toBeGreaterThan(0);
  }, 300_000);
});
