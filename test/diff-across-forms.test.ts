/**
 * `dipforge diff` and Compare Editions across two shapes of the year
 * (separate phases against the postal year): the side whose shape is not the
 * file's plays the file converted to its edition, and the two games are
 * compared by what happened, not phase line by phase line. The twins in
 * test/convert/diff/ are the same year written by hand in both forms (an
 * oracle that shares nothing with the conversion).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareEditions, convertGame, GameWorkspace, parseGame, runGameFile, type GameDiff } from '@dipforge/dsl';
import { diffEditions, Workspace } from '@dipforge/lsp';
import { dipforgeIn, type Run } from './cli-in-process.js';
import { depthSample, FULL_DEPTH } from './helpers/depth.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLE = join(ROOT, 'variants/classic/examples/1901.dipgame');
const TWINS = join(ROOT, 'test/convert/diff');
const RULES = join(ROOT, 'test/rules');

/** The command's `main` in this process, from the repository root. */
const dipforge = (...args: string[]): Promise<Run> => dipforgeIn(ROOT, ...args);

interface Doc {
  conversion: { made: boolean; side?: string; edition: string; from?: string; to?: string; byCode?: Record<string, number>; warnings?: { code: string }[] } | null;
  orders: { name: string; power: string; source: string; a: { status: string }; b: { status: string } }[];
  outcomes: { kind: string; name: string; power: string; unit: string | null; a: string; b: string }[];
  parted: { at: unknown; onlyA: string[]; onlyB: string[] } | null;
}

async function json(...args: string[]): Promise<Doc> {
  const r = await dipforge('diff', ...args, '--json');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as Doc;
}

const units = (path: string, edition?: string): string[] =>
  (runGameFile(path, new GameWorkspace(), edition ? { edition } : {}).final?.units ?? []).map((u) => `${u.power} ${u.kind} ${u.at}`).sort();

describe('the example game, 2023 against old-rules', () => {
  it('is compared with its postal conversion: no set-aside phases, no difference, the conversion said', async () => {
    const r = await dipforge('diff', EXAMPLE, '--vs', 'old-rules');
    expect(r.code).toBe(0);
    // No phase of the file is set aside any more (DF9001): the winter builds are build lists of the converted fall.
    expect(r.err).toBe('');
    expect(r.out).not.toMatch(/set aside|not played/);
    expect(r.out).toContain('compared with the game converted to old-rules (separate phases to the postal year), by what happened');
    const doc = await json(EXAMPLE, '--vs', 'old-rules');
    expect(doc.conversion).toMatchObject({ made: true, side: 'b', edition: 'old-rules', from: 'separate', to: 'postal', byCode: {} });
    expect(doc.orders).toEqual([]);
    expect(doc.outcomes).toEqual([]);
    expect(doc.parted).toBeNull();
  });

  it('the other way round (--edition old-rules --vs 2023): side A is the converted game', async () => {
    const doc = await json(EXAMPLE, '--edition', 'old-rules', '--vs', '2023');
    expect(doc.conversion).toMatchObject({ made: true, side: 'a', edition: 'old-rules' });
    expect(doc.orders).toEqual([]);
    expect(doc.outcomes).toEqual([]);
    expect(doc.parted).toBeNull();
  });

  it('two editions of one shape are still compared line by line, with no conversion', async () => {
    const doc = await json(EXAMPLE, '--vs', '2000');
    expect(doc.conversion).toBeNull();
  });
});

describe('an old-rules game against 2000', () => {
  it('the postal twin and the separate twin written by hand: no difference either way, and the converted side plays like the hand-written twin', async () => {
    const postal = join(TWINS, 'twins-postal.dipgame');
    const separate = join(TWINS, 'twins-separate.dipgame');
    for (const [file, vs] of [
      [postal, '2000'],
      [postal, '2023'],
      [separate, 'old-rules'],
    ] as const) {
      const doc = await json(file, '--vs', vs);
      expect(doc.conversion?.made).toBe(true);
      expect(doc.orders).toEqual([]);
      expect(doc.outcomes).toEqual([]);
      expect(doc.parted).toBeNull();
    }
    // The hand-written twins end in the same position; the diff's converted side ends there too.
    expect(units(postal)).toEqual(units(separate));
    const compared = compareEditions(parseGame(readFileSync(postal, 'utf8'), postal), new GameWorkspace(), { editionB: '2000' });
    expect((compared.b.final?.units ?? []).map((u) => `${u.power} ${u.kind} ${u.at}`).sort()).toEqual(units(separate));
    const played = compared.b.phases.map((p) => `${p.phase.season} ${p.phase.kind}`);
    expect(played).toContain('spring retreat');
    expect(played).toContain('winter adjustment');
  });

  it('text 000 §3 (a whole postal year with retreat lists and build lists): the lists compared with the phases they became; the conversion warnings by code apart', async () => {
    const file = join(RULES, '000-s03-postal-year.dipgame');
    const r = await dipforge('diff', file, '--vs', '2000');
    expect(r.code).toBe(0);
    const doc = await json(file, '--vs', '2000');
    expect(doc.conversion).toMatchObject({ made: true, side: 'b', from: 'postal', to: 'separate' });
    // Lists whose entries were passed over are written as what they came to (DF8062): said, and not counted as differences.
    expect(doc.conversion?.byCode?.DF8062).toBeGreaterThan(0);
    expect(doc.conversion?.warnings?.every((w) => w.code !== 'DF8060' && w.code !== 'DF8061')).toBe(true);
    expect(doc.orders).toEqual([]);
    expect(doc.outcomes).toEqual([]);
    expect(doc.parted).toBeNull();
    const warned = r.out.split('\n').findIndex((l) => l.startsWith('the conversion gave'));
    const never = r.out.split('\n').indexOf('the positions never part');
    expect(never).toBeGreaterThan(0);
    expect(warned).toBeGreaterThan(never);
    expect(r.out).toMatch(/the conversion gave \d+ warnings \(what the converted game writes otherwise; not differences in outcome\): DF8062 ×\d+/);
  });
});

describe('editions that really differ in outcome', () => {
  it('000 §11: the postal year disbands and builds in one province; 2000 has no disband to go with a build', async () => {
    const doc = await json(join(RULES, '000-s11-disband-then-build-same-province.dipgame'), '--vs', '2000');
    expect(doc.conversion?.made).toBe(true);
    expect(doc.outcomes).toEqual([
      expect.objectContaining({ kind: 'adjustment', name: 'fall 1901 movement', power: 'germany', a: 'builds F ber, disbands A ber', b: 'nothing' }),
    ]);
    expect(doc.parted).toMatchObject({ onlyA: ['germany F ber'], onlyB: ['germany A ber'] });
  });

  it('DATC 4.A.5: under 2023 an army retreats to where the convoyed attacker came from, under old-rules it cannot (a retreat order against a retreat list)', async () => {
    const r = await dipforge('diff', join(RULES, '4A5-retreat-to-convoy-origin-allowed.dipgame'), '--vs', 'old-rules');
    expect(r.out).toContain('spring 1901 retreat\n  france, A nap dislodged: A nap - apu   (line 25)\n    2023: retreats to apu\n    old-rules: disbanded\n');
    expect(r.out).toContain('1 retreat or adjustment comes to something else');
    expect(r.out).toContain('the positions part after spring 1901 retreat, seen at fall 1901 movement:\n  units only under 2023: france A apu\n');
  });

  it('a convoy by every route (2023) against the old rules: a movement order whose result differs', async () => {
    const doc = await json(join(RULES, '2023-convoy-multi-route-all-routes.dipgame'), '--vs', 'old-rules');
    expect(doc.orders).toEqual([expect.objectContaining({ name: 'spring 1901 movement', power: 'italy', source: 'A nap - tun', a: expect.objectContaining({ status: 'succeeds' }), b: expect.objectContaining({ status: 'fails' }) })]);
  });
});

describe('the language server agrees with the command line', () => {
  for (const [file, vs] of [
    [EXAMPLE, 'old-rules'],
    [join(RULES, '4A5-retreat-to-convoy-origin-allowed.dipgame'), 'old-rules'],
    // A game that ends before its retreats: the postal side has played further (test/diff-game-end.test.ts).
    [join(TWINS, 'ends-parted-after-moves.dipgame'), 'old-rules'],
  ] as const) {
    it(`${file.split('/').pop()} against ${vs}: the same document and text`, async () => {
      const ws = new Workspace();
      const uri = pathToFileURL(file).href;
      ws.openDocument(uri, readFileSync(file, 'utf8'), 1);
      const doc = ws.docByUri(uri);
      if (doc?.kind !== 'game') throw new Error('not a game');
      const r = diffEditions(ws, doc, undefined, vs);
      const cli = await dipforgeIn(dirname(file), 'diff', file, '--vs', vs, '--json');
      expect(cli.code).toBe(0);
      const answer = JSON.parse(cli.out) as Record<string, unknown>;
      for (const k of ['format', 'a', 'b', 'conversion', 'orders', 'outcomes', 'parted', 'further'] as const) expect(r[k]).toEqual(answer[k]);
      const human = await dipforgeIn(dirname(file), 'diff', file, '--vs', vs);
      expect(r.text).toBe(human.out);
    });
  }
});

/** What a diff found, in terms both shapes of the year share: movement phases, powers, units, outcomes. */
function found(d: GameDiff): { orders: string[]; outcomes: string[]; parted: string | null } {
  return {
    orders: d.orders.map((o) => `${o.phase.season} ${o.phase.year}|${o.power}|${o.unit}|${JSON.stringify(o.a)}|${JSON.stringify(o.b)}`).sort(),
    outcomes: d.outcomes.map((o) => `${o.movement.season} ${o.movement.year}|${o.kind}|${o.power}|${o.unit}|${o.a}|${o.b}`).sort(),
    parted: d.parted ? JSON.stringify([d.parted.at, d.parted.differences]) : null,
  };
}

describe('property: diff of a game against edition B agrees with the diff of its conversion to B', () => {
  it('for every classic rule case in 2023, 2000 or old-rules: the same movement orders differ; retreats, adjustments and positions too wherever the conversion found no outcome going otherwise', () => {
    const ws = new GameWorkspace();
    let compared = 0;
    let withDifferences = 0;
    const problems: string[] = [];
    // `npm test` takes one rule case in three, the slow run every one (test/helpers/depth.ts).
    for (const name of depthSample(readdirSync(RULES).filter((n) => n.endsWith('.dipgame')).sort(), 3)) {
      const path = join(RULES, name);
      const text = readFileSync(path, 'utf8');
      const own = /^edition (2023|2000|old-rules)\s*$/mu.exec(text)?.[1];
      if (!own) continue;
      const other = own === 'old-rules' ? '2023' : 'old-rules';
      const direct = compareEditions(parseGame(text, path), ws, { editionB: other });
      if (!direct.diff.conversion?.made) continue;
      const converted = convertGame(text, path, other, ws);
      if (!converted.ok) continue;
      // The converted file, written in B's shape: its side A is now the converted one.
      const back = compareEditions(parseGame(converted.text, path), ws, { editionA: own, editionB: other });
      expect(back.diff.conversion).toMatchObject({ made: true, side: 'a' });
      const x = found(direct.diff);
      const y = found(back.diff);
      compared++;
      if (x.orders.length + x.outcomes.length > 0) withDifferences++;
      if (JSON.stringify(x.orders) !== JSON.stringify(y.orders)) problems.push(`${name}: orders ${JSON.stringify(x.orders)} / ${JSON.stringify(y.orders)}`);
      // A retreat or adjustment that goes otherwise is written in the converted file as what it came to under B (DF8060): past it the two diffs may part.
      const lossless = !Object.keys(converted.summary.warnings).some((c) => c === 'DF8060' || c === 'DF8061');
      if (lossless && (JSON.stringify(x.outcomes) !== JSON.stringify(y.outcomes) || x.parted !== y.parted)) problems.push(`${name}: ${JSON.stringify(x)} / ${JSON.stringify(y)}`);
    }
    expect(problems).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(FULL_DEPTH ? 50 : 15);
    expect(withDifferences).toBeGreaterThan(0);
  });
});
