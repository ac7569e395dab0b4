/**
 * `dipforge bench --serve` as a user runs it: movement phases timed through `dipforge serve`
 * beside the same calls in process, with the same results. A benchmark's own check, so a slow
 * suite (vitest.slow-suites.ts); the protocol itself is tested in serve.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'packages', 'cli', 'bin', 'dipforge.js');

describe('dipforge bench --serve', () => {
  it('measures movement phases through serve beside the calls in process, with the same results', () => {
    const r = spawnSync(process.execPath, [BIN, 'bench', '--games', '2', '--phases', '8', '--warmup', '0', '--serve', '--json'], { encoding: 'utf8', timeout: 300_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const serve = (JSON.parse(r.stdout) as { serve: Record<string, any> }).serve;
    expect(serve['mismatches']).toBe(0);
    expect(serve['movementPhases']).toBeGreaterThan(0);
    for (const x of [serve['inProcessUs'], serve['gameObjectUs'], serve['perRequestUs'].median, serve['perRequestUs'].mean, serve['requestsPerSecond']]) expect(x).toBeGreaterThan(0);
    expect(serve['batched'].games).toBe(2);
    expect(serve['batched'].phases).toBeGreaterThanOrEqual(serve['movementPhases']);
    expect(serve['batched'].phasesPerSecond).toBeGreaterThan(0);
    expect(serve['batched'].inProcessPerPhaseUs).toBeGreaterThan(0);
  });
});
