/**
 * `dipforge adjudicate` reports the result of a game: the declare blocks after
 * the phase they follow, the winner and how, the result with its year and the
 * phase after which it came, the alliances in force and the scores; `--json`
 * holds the same as `final.outcome`, `final.scores` and `declarations`
 * (docs/ADJUDICATE-JSON.md).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '@dipforge/cli';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

async function dipforge(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), cwd: ROOT });
  return { code, out, err };
}

describe('dipforge adjudicate: victory, draws and scores', () => {
  it('prints the declarations, the alliance win with its year and the +6 scores', async () => {
    const r = await dipforge('adjudicate', 'test/rules/000-s4b-alliance-two-powers.dipgame');
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const lines = r.out.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'declare (at the start)',
        '  alliance england, france: the alliance of england and france is in force',
        'winner: england, france (alliance)',
        'result: england and france won as allies with 18 centres in 1905, after fall 1905 retreat',
        'alliances: england and france',
        'scores (centres-plus-bonus): austria 0, england 15, france 15, germany 5, italy 0, russia 0, turkey 0',
      ]),
    );
  });

  it('prints a draw, a vote that was not agreed, and draw-size scores as fractions of 1', async () => {
    const r = await dipforge('adjudicate', 'test/rules/003-draw-any-subset-by-all-survivors.dipgame');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/warning: This draw does not take effect: every surviving power must agree; germany did not vote for it \[DF8020\]/);
    expect(r.out).toContain('declare (after fall 1910 retreat)\n  draw england, france: not agreed: every surviving power must agree; germany did not vote for it\n');
    expect(r.out).toContain('winner: none\nresult: a draw of england, france in 1910, after fall 1910 retreat\n');
    expect(r.out).toContain('scores (draw-size): austria 0, england 0.5, france 0.5, germany 0, italy 0, russia 0, turkey 0\n');
  });

  it('a game that goes on: no winner; an ended game extended by a tie, then won', async () => {
    const r = await dipforge('adjudicate', 'test/rules/000-s4a-solo-not-alone-in-lead.dipgame');
    expect(r.out).toContain('winner: none\nresult: the game goes on\n');
    const tie = await dipforge('adjudicate', 'test/rules/000-s4-tie-at-time-limit-extends.dipgame');
    expect(tie.out).toContain('  end: the game ends, but a tie between england, france: the game goes on a year at a time\n');
    expect(tie.out).toContain('winner: france (leader)\n');
  });

  it('--json: final.outcome, final.scores and declarations', async () => {
    const r = await dipforge('adjudicate', 'test/rules/000-s4b-alliance-needs-both-declarations.dipgame', '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as { final: { winner: unknown; outcome: Record<string, unknown>; scores: unknown }; declarations: unknown[] };
    expect(doc.final.winner).toBeNull();
    expect(doc.final.outcome).toEqual({
      over: true,
      result: 'alliance',
      winners: ['england', 'france'],
      draw: [],
      year: 1905,
      after: 'fall 1905 retreat',
      contenders: [{ powers: ['england', 'france'], condition: 'alliance', centres: 18 }],
      alliances: [['england', 'france']],
      ended: false,
      survivors: ['england', 'france', 'germany'],
    });
    expect(doc.final.scores).toBeNull();
    expect(doc.declarations).toEqual([
      { after: null, block: 0, line: 13, text: 'england allies france', effect: 'england declares france its ally; in force once france declares england' },
      {
        after: 'fall 1905 retreat',
        block: 1,
        line: 32,
        text: 'france allies england',
        effect: 'the alliance of england and france is in force: england and france won as allies with 18 centres in 1905',
      },
    ]);
  });

  it('--json: a solo winner, sum-of-squares scores that are not rounded', async () => {
    const r = await dipforge('adjudicate', 'test/rules/002-sum-of-squares-at-time-limit.dipgame', '--json');
    const doc = JSON.parse(r.out) as { final: { outcome: { result: string; winners: string[] }; scores: { system: string; final: boolean; points: Record<string, number> } } };
    expect(doc.final.outcome.result).toBe('ended');
    expect(doc.final.outcome.winners).toEqual([]);
    expect(doc.final.scores.system).toBe('sum-of-squares');
    expect(doc.final.scores.final).toBe(true);
    expect(doc.final.scores.points.england).toBeCloseTo((100 * 64) / 116, 12);
    const solo = JSON.parse((await dipforge('adjudicate', 'test/rules/000-s4a-solo-at-n-centres.dipgame', '--json')).out) as { final: { winner: string; outcome: { result: string; year: number } } };
    expect(solo.final.winner).toBe('england');
    expect(solo.final.outcome).toMatchObject({ result: 'solo', year: 1903 });
  });
});
