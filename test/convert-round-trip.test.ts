/**
 * The round trip, measured, both ways: every game file of the repository on
 * the classic map under a separate-phase edition (the example game, the
 * imported real games, the DATC and rule cases) is converted to the old rules'
 * postal year and back; every one written in the postal year (the rule cases
 * of text 000, games in other order languages) to 2023 and to 2000 and back
 * (test/convert/round-trip.ts says what must hold). Files left out:
 * those with errors of their own (cases of bad input), and those the postal
 * year cannot hold: a game that starts in a retreat or adjustment phase (most
 * DATC retreat and build cases give such a position, which no movement
 * phase of the file made). The counts are printed. Each file is played once,
 * for all three round trips. `npm test` takes one file in four (and the files
 * the checks name), the slow run every file (test/helpers/depth.ts).
 */
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GameWorkspace, type YearForm } from '@dipforge/dsl';
import { playOriginal, roundTrip, type Played, type RoundTrip } from './convert/round-trip.js';
import { depthSample, FULL_DEPTH } from './helpers/depth.js';
import { gameFiles } from './helpers/game-files.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

type Done = Extract<RoundTrip, { kind: 'done' }>;

/** The files the checks below look for by name: the example game, imported real games, rule cases of text 000, a whole game in Chinese orders. */
const NAMED = ['1901.dipgame', 'diplomacy-network-1.dipgame', 'random-sample-1.dipgame', '000-s03-postal-year.dipgame', '000-s11h-fall-retreat-takes-centre-before-builds.dipgame', 'zh-whole-game-000-appendix-orders.dipgame'];

const workspace = new GameWorkspace();
const files = depthSample([...gameFiles(join(ROOT, 'test')), ...gameFiles(join(ROOT, 'variants'))].filter((f) => !f.includes(join('test', 'convert'))), 4, (f) => NAMED.some((name) => f.endsWith(`/${name}`)));
/** Each file as written, played once (on first use) for every round trip below. */
const played = new Map<string, Played>();
const original = (f: string): Played => {
  let p = played.get(f);
  if (!p) played.set(f, (p = playOriginal(f, workspace)));
  return p;
};

/** The round trips of every classic game file written in `from`'s form, via `via`, with their counts printed. */
function measure(from: YearForm, via: string): { done: Done[]; problems: string[]; compared: number; warnings: Record<string, number> } {
  const results: RoundTrip[] = files.map((f) => roundTrip(f, workspace, from, via, original(f)));
  const done = results.filter((r): r is Done => r.kind === 'done');
  const excluded = results.filter((r): r is Extract<RoundTrip, { kind: 'excluded' }> => r.kind === 'excluded' && !r.why.startsWith('not '));
  const why: Record<string, number> = {};
  for (const r of excluded) {
    const reason = r.why.includes('The game starts in') ? 'starts in a phase the postal year lacks' : r.why.includes('rules cannot work') ? `its rule lines conflict with ${via}` : r.why;
    why[reason] = (why[reason] ?? 0) + 1;
  }
  const warnings: Record<string, number> = {};
  for (const r of done) for (const [code, n] of Object.entries(r.warnings)) warnings[code] = (warnings[code] ?? 0) + n;
  const phases = done.reduce((n, r) => n + r.phases, 0);
  const compared = done.reduce((n, r) => n + r.compared, 0);
  const clean = done.filter((r) => r.compared === r.phases).length;
  console.log(
    [
      `round trip from the ${from} form via ${via}: ${done.length} files converted and back (${clean} with every phase compared), ${excluded.length} left out ${JSON.stringify(why)}`,
      `phases: ${phases} played, ${compared} compared with equal positions`,
      `warnings by code: ${JSON.stringify(Object.fromEntries(Object.entries(warnings).sort()))}`,
      ...done.filter((r) => !r.file.includes(join('test', 'rules')) && !r.file.includes(join('test', 'datc'))).map((r) => `  ${relative(ROOT, r.file)}: ${r.compared} of ${r.phases} phases compared; ${JSON.stringify(r.warnings)}`),
    ].join('\n'),
  );
  const problems = done.flatMap((r) => [
    ...r.differ.map((d) => `${relative(ROOT, r.file)}: ${d}`),
    ...r.errors.map((e) => `${relative(ROOT, r.file)}:${e.range.start.line + 1}: ${e.message} [${e.code}]`),
  ]);
  return { done, problems, compared, warnings };
}

describe('round trip: separate phases → old-rules → separate phases', () => {
  it('keeps every position up to the first warning that the game goes otherwise, and every converted file checks', () => {
    const { done, problems, compared } = measure('separate', 'old-rules');
    expect(problems).toEqual([]);
    // The example game and the imported real games are among them.
    for (const name of ['1901.dipgame', 'diplomacy-network-1.dipgame', 'random-sample-1.dipgame']) expect(done.some((r) => r.file.endsWith(name))).toBe(true);
    expect(compared).toBeGreaterThan(0);
  });
});

describe('round trip: the postal year → separate phases → the postal year', () => {
  for (const via of ['2023', '2000']) {
    it(`via ${via}: keeps every position up to the first warning that the game goes otherwise, and every converted file checks`, () => {
      const { done, problems, compared } = measure('postal', via);
      expect(problems).toEqual([]);
      // The rule cases of text 000 (§3, §10, §11) and the whole game in Chinese orders are among them.
      for (const name of ['000-s03-postal-year.dipgame', '000-s11h-fall-retreat-takes-centre-before-builds.dipgame', 'zh-whole-game-000-appendix-orders.dipgame']) {
        expect(done.some((r) => r.file.endsWith(name))).toBe(true);
      }
      expect(done.length).toBeGreaterThanOrEqual(FULL_DEPTH ? 40 : 10);
      // Most cases go back unchanged: a warning that the game goes otherwise is the exception.
      expect(done.filter((r) => r.compared === r.phases).length).toBeGreaterThan(done.length * 0.8);
      expect(compared).toBeGreaterThan(0);
    });
  }
});
