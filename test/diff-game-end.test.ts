/**
 * `dipforge diff` across the two forms of the year at the end of a game that stops before its
 * retreats or adjustments were played in one form: the postal year carries them out with the
 * movement phase, where the game of separate phases has still to play them. The end positions are
 * compared where both games stand (after the moves, or after the retreats), and what the postal
 * game played further is said, with what it came to. The games are in test/convert/diff/
 * (`ends-*.dipgame`): one year stopped after its moves, its retreats and its adjustments, a postal
 * game whose conversion stops before its adjustment phase, and two games whose moves go otherwise.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dipforgeIn, type Run } from './cli-in-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GAMES = join(ROOT, 'test/convert/diff');

const dipforge = (...args: string[]): Promise<Run> => dipforgeIn(GAMES, ...args);

interface Doc {
  conversion: { made: boolean; side?: string } | null;
  orders: unknown[];
  outcomes: { kind: string; name: string; power: string; unit: string | null; a: string; b: string }[];
  parted: { after: unknown; at: unknown; onlyA: string[]; onlyB: string[]; dislodgedOnlyA: string[]; dislodgedOnlyB: string[]; owners: unknown[] } | null;
  further: { side: string; after: unknown; name: string; movement: unknown; outcomes: { kind: string; power: string; unit: string | null; outcome: string }[] } | null;
}

async function json(...args: string[]): Promise<Doc> {
  const r = await dipforge('diff', ...args, '--json');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as Doc;
}

/** What `dipforge diff` prints between its counts and the conversion's warnings: what was played further, and the positions. */
async function ending(...args: string[]): Promise<string[]> {
  const r = await dipforge('diff', ...args);
  expect(r.code).toBe(0);
  expect(r.err).toBe('');
  const lines = r.out.split('\n');
  const from = lines.findIndex((l) => / comes? to something else$/.test(l));
  const to = lines.findIndex((l) => l.startsWith('the conversion gave'));
  return lines.slice(from + 1, to);
}

const fall = { year: 1901, season: 'fall', kind: 'movement' };
const fallRetreat = { year: 1901, season: 'fall', kind: 'retreat' };

/** The `further` of a document: side `side` has played the fall movement's retreats or adjustments beyond `after`, coming to `outcomes`. */
const furtherThan = (side: string, after: typeof fall, outcomes: unknown[]): Doc['further'] =>
  ({ side, after, name: `${after.season} ${after.year} ${after.kind}`, movement: fall, outcomes }) as Doc['further'];
/** Both ways round: the file's own edition as side A, then as side B (`--edition old-rules`, the converted game as A). */
const BOTH = [
  { args: ['--vs', 'old-rules'], postal: 'b' },
  { args: ['--edition', 'old-rules', '--vs', '2023'], postal: 'a' },
] as const;

describe('a year of separate phases (2023) against its postal conversion (old-rules)', () => {
  it('played to its end, after its adjustments: nothing played further, the positions compared at the next spring', async () => {
    for (const { args } of BOTH) {
      const doc = await json('ends-after-adjustments.dipgame', ...args);
      expect(doc.conversion?.made).toBe(true);
      expect(doc.further).toBeNull();
      expect(doc.parted).toBeNull();
      expect(await ending('ends-after-adjustments.dipgame', ...args)).toEqual(['the positions never part']);
    }
  });

  it('stopped after a movement phase with a dislodgement: the postal game has played the retreat and the adjustments further; the positions are compared after the moves', async () => {
    for (const { args, postal } of BOTH) {
      const doc = await json('ends-after-moves.dipgame', ...args);
      expect(doc.orders).toEqual([]);
      expect(doc.outcomes).toEqual([]);
      expect(doc.parted).toBeNull();
      expect(doc.further).toEqual(
        furtherThan(postal, fall, [
          { kind: 'retreat', power: 'germany', unit: 'A ber', outcome: 'retreats to kie' },
          { kind: 'adjustment', power: 'russia', unit: null, outcome: 'nothing (5 centres, 2 units)' },
        ]),
      );
      expect(await ending('ends-after-moves.dipgame', ...args)).toEqual([
        'old-rules has played further than 2023, which stops after fall 1901 movement: the retreats and adjustments after fall 1901 movement, still to play under 2023; under old-rules they came to:',
        '  germany, A ber dislodged: retreats to kie',
        '  russia, adjustments: nothing (5 centres, 2 units)',
        'the positions never part, as far as both games go',
      ]);
    }
  });

  it('stopped after its retreats: the postal game has played the adjustments further (Russia builds nothing without a list); the retreat itself is compared', async () => {
    for (const { args, postal } of BOTH) {
      const doc = await json('ends-after-retreats.dipgame', ...args);
      expect(doc.outcomes).toEqual([]);
      expect(doc.parted).toBeNull();
      expect(doc.further).toEqual(furtherThan(postal, fallRetreat, [{ kind: 'adjustment', power: 'russia', unit: null, outcome: 'nothing (5 centres, 2 units)' }]));
      expect((await ending('ends-after-retreats.dipgame', ...args))[0]).toBe(
        'old-rules has played further than 2023, which stops after fall 1901 retreat: the adjustments after fall 1901 movement, still to play under 2023; under old-rules they came to:',
      );
    }
  });
});

describe('a postal game (old-rules) whose conversion to 2023 stops before its winter adjustment phase', () => {
  it('the postal game, the file, has played the adjustments further, both ways round', async () => {
    for (const [args, postal] of [
      [['--vs', '2023'], 'a'],
      [['--edition', '2023', '--vs', 'old-rules'], 'b'],
    ] as const) {
      const doc = await json('ends-postal-fall.dipgame', ...args);
      expect(doc.conversion?.made).toBe(true);
      expect(doc.outcomes).toEqual([]);
      expect(doc.parted).toBeNull();
      expect(doc.further).toMatchObject({ side: postal, name: 'fall 1901 retreat', outcomes: [{ kind: 'adjustment', power: 'russia', outcome: 'nothing (5 centres, 2 units)' }] });
    }
  });
});

describe('moves that go otherwise, in a game that stops before its retreats or adjustments', () => {
  it('stopped after the moves: the positions part there, the units and the dislodged units after the moves (not what the postal game did after them)', async () => {
    const doc = await json('ends-parted-after-moves.dipgame', '--vs', 'old-rules');
    expect(doc.parted).toEqual({
      after: fall,
      at: null,
      onlyA: ['italy A tun'],
      onlyB: ['france A tun', 'italy A nap'],
      dislodgedOnlyA: ['france A tun'],
      dislodgedOnlyB: [],
      owners: [],
    });
    expect(doc.further?.outcomes.map((o) => `${o.power} ${o.unit ?? ''} ${o.outcome}`)).toEqual([
      'italy F tys retreats to rom',
      'france  nothing (4 centres, 3 units)',
      'italy  disbands A naf (3 centres, 4 units)',
    ]);
    const other = await json('ends-parted-after-moves.dipgame', '--edition', 'old-rules', '--vs', '2023');
    expect(other.parted).toMatchObject({ onlyA: ['france A tun', 'italy A nap'], onlyB: ['italy A tun'], dislodgedOnlyA: [], dislodgedOnlyB: ['france A tun'] });
    expect(other.further?.side).toBe('a');
    const lines = await ending('ends-parted-after-moves.dipgame', '--vs', 'old-rules');
    expect(lines.slice(4)).toEqual([
      'the positions part after fall 1901 movement, seen where both games stand:',
      '  units only under 2023: italy A tun',
      '  units only under old-rules: france A tun, italy A nap',
      '  dislodged only under 2023: france A tun',
    ]);
  });

  it('stopped after the retreats: the positions part there, with the centres owned after the fall', async () => {
    const doc = await json('ends-parted-after-retreats.dipgame', '--vs', 'old-rules');
    expect(doc.outcomes).toEqual([expect.objectContaining({ kind: 'retreat', name: 'fall 1901 retreat', power: 'france', unit: 'A tun', a: 'disbanded', b: 'not dislodged' })]);
    expect(doc.parted).toEqual({
      after: fallRetreat,
      at: null,
      onlyA: ['italy A tun'],
      onlyB: ['france A tun', 'italy A nap'],
      dislodgedOnlyA: [],
      dislodgedOnlyB: [],
      owners: [{ centre: 'tun', a: 'italy', b: 'france' }],
    });
    expect(doc.further).toMatchObject({ side: 'b', name: 'fall 1901 retreat', outcomes: [{ power: 'france' }, { power: 'italy', outcome: 'disbands A naf (3 centres, 4 units)' }] });
    expect(await ending('ends-parted-after-retreats.dipgame', '--vs', 'old-rules')).toContain('  tun: owned by italy under 2023, by france under old-rules');
  });
});
