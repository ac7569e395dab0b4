/**
 * `dipforge adjudicate` on a game of the old rules' postal year (text 000 §3,
 * §10, §11): besides each order's result it prints the retreats carried out
 * from the lists (or by the default) and each power's adjustments, and the
 * JSON document holds them as the engine reports them.
 */
import { join } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '@dipforge/cli';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const YEAR = 'test/rules/000-s03-postal-year.dipgame';

async function dipforge(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), cwd: ROOT });
  return { code, out, err };
}

describe('dipforge adjudicate, postal year', () => {
  it('prints the retreats and the adjustments carried out with the movement phases', async () => {
    const r = await dipforge('adjudicate', YEAR);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const lines = r.out.split('\n');
    const fall = lines.slice(lines.indexOf('fall 1901 movement'));
    expect(fall).toEqual(
      expect.arrayContaining([
        '  dislodged: turkey A bul (attacked from ser)',
        '  retreat: turkey A bul retreats to con (from its list; passed over gre (occupied))',
        '  adjustments: austria (5 centres, 3 units) builds A bud, F tri',
        '  adjustments: england (4 centres, 3 units) builds F lon',
        '    not carried out: build A lvp: no builds left',
        '  adjustments: france (5 centres, 3 units) no builds (2 allowed, none made)',
        '  adjustments: germany (5 centres, 3 units) builds A mun, F kie',
        '    not carried out: build A ber: occupied',
      ]),
    );
    expect(lines).toContain('position at spring 1902 movement:');
    expect(lines.some((l) => /^(spring|fall|winter) 1901 (retreat|adjustment)/.test(l))).toBe(false);
  });

  it('prints retreats by the default and disbands and removals', async () => {
    const retreat = await dipforge('adjudicate', 'test/rules/000-s10-default-a-own-centre.dipgame');
    expect(retreat.out).toContain('  retreat: germany A mun retreats to kie (by retreat-default)\n');
    const destroyed = await dipforge('adjudicate', 'test/rules/000-s10e-two-retreats-to-one-province-both-destroyed.dipgame');
    expect(destroyed.out).toContain('  retreat: germany A mun destroyed: another unit retreated to sil too (from its list)\n');
    const removed = await dipforge('adjudicate', 'test/rules/000-s11-disband-list-short-then-removal-order.dipgame');
    expect(removed.out).toContain('  adjustments: germany (2 centres, 4 units) disbands A ruh; removes A sil (removal-order)\n');
  });

  it('--json holds the retreats and adjustments of each phase', async () => {
    const r = await dipforge('adjudicate', YEAR, '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as { phases: { name: string; retreats?: unknown[]; adjustments?: { power: string; built: unknown[] }[] }[] };
    expect(doc.phases.map((p) => p.name)).toEqual(['spring 1901 movement', 'fall 1901 movement']);
    expect(doc.phases[0]?.retreats).toEqual([]);
    expect(doc.phases[0]?.adjustments).toBeUndefined();
    expect(doc.phases[1]?.retreats).toEqual([
      { unit: { power: 'turkey', kind: 'army', at: 'bul', from: 'ser', byConvoy: false }, passed: [{ to: 'gre', reason: 'occupied' }], outcome: 'retreats', to: 'con', by: 'list' },
    ]);
    expect(doc.phases[1]?.adjustments?.find((a) => a.power === 'russia')?.built).toEqual([
      { power: 'russia', kind: 'fleet', at: 'sev' },
      { power: 'russia', kind: 'army', at: 'mos' },
    ]);
  });
});
