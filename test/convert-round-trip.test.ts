/**
 * The round trip, measured: every game file of the repository on the classic
 * map under a separate-phase edition (the example game, the imported real
 * games, the DATC and rule cases) is converted to the old rules' postal year
 * and back (test/convert/round-trip.ts says what must hold). Files left out:
 * those with errors of their own (cases of bad input), and those the postal
 * year cannot hold: a game that starts in a retreat or adjustment phase (most
 * DATC retreat and build cases give such a position, which no movement
 * phase of the file made). The counts are printed.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GameWorkspace } from '@dipforge/dsl';
import { roundTrip, type RoundTrip } from './convert/round-trip.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function gameFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...gameFiles(path));
    else if (name.endsWith('.dipgame') && !path.includes(`${join('test', 'convert')}`)) out.push(path);
  }
  return out;
}

describe('round trip: separate phases → old-rules → separate phases', () => {
  it('keeps every position up to the first warning that the game goes otherwise, and every converted file checks', () => {
    const workspace = new GameWorkspace();
    const files = [...gameFiles(join(ROOT, 'test')), ...gameFiles(join(ROOT, 'variants'))];
    const results: RoundTrip[] = files.map((f) => roundTrip(f, workspace));
    const done = results.filter((r): r is Extract<RoundTrip, { kind: 'done' }> => r.kind === 'done');
    const excluded = results.filter((r): r is Extract<RoundTrip, { kind: 'excluded' }> => r.kind === 'excluded');
    const why: Record<string, number> = {};
    for (const r of excluded) {
      const reason = r.why.includes('The game starts in') ? 'starts in a phase the postal year lacks' : r.why.includes('rules cannot work') ? 'its rule lines conflict with old-rules' : r.why;
      why[reason] = (why[reason] ?? 0) + 1;
    }
    const warnings: Record<string, number> = {};
    for (const r of done) for (const [code, n] of Object.entries(r.warnings)) warnings[code] = (warnings[code] ?? 0) + n;
    const phases = done.reduce((n, r) => n + r.phases, 0);
    const compared = done.reduce((n, r) => n + r.compared, 0);
    const clean = done.filter((r) => r.compared === r.phases).length;
    console.log(
      [
        `round trip: ${done.length} files converted and back (${clean} with every phase compared), ${excluded.length} left out ${JSON.stringify(why)}`,
        `phases: ${phases} played, ${compared} compared with equal positions`,
        `warnings by code: ${JSON.stringify(Object.fromEntries(Object.entries(warnings).sort()))}`,
        ...done.filter((r) => !r.file.includes(join('test', 'rules')) && !r.file.includes(join('test', 'datc'))).map((r) => `  ${relative(ROOT, r.file)}: ${r.compared} of ${r.phases} phases compared; ${JSON.stringify(r.warnings)}`),
      ].join('\n'),
    );
    const problems = done.flatMap((r) => [
      ...r.differ.map((d) => `${relative(ROOT, r.file)}: ${d}`),
      ...r.errors.map((e) => `${relative(ROOT, r.file)}:${e.range.start.line + 1}: ${e.message} [${e.code}]`),
    ]);
    expect(problems).toEqual([]);
    // The example game and the imported real games are among them.
    for (const name of ['1901.dipgame', 'diplomacy-network-1.dipgame', 'random-sample-1.dipgame']) expect(done.some((r) => r.file.endsWith(name))).toBe(true);
    expect(compared).toBeGreaterThan(0);
  });
});
