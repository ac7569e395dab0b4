/**
 * Playing a game file: the variant and its rules are resolved, the position is
 * built and checked, orders are read against the position of their phase (their
 * errors mapped back onto the file), the engine adjudicates, and the
 * expectations are checked. Every bad input is a diagnostic with a code and a
 * range; nothing throws.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { variantsDir } from '@dipforge/variants';
import { describe, expect, it } from 'vitest';
import { runGameFile, testGameFile } from '../src/game/api.js';
import type { GameRun } from '../src/game/run.js';
import { GameWorkspace } from '../src/game/workspace.js';
import { MemoryHost } from '../src/workspace/host.js';
import { VariantLoader } from '../src/workspace/loader.js';
import { codes, expectExactly, locate, TOY } from './helpers.js';

const BUILTIN = '/builtin';
const GAME = '/proj/game.dipgame';

/** The real classic map and editions, the toy map beside the game, all in memory. */
function workspace(more: Record<string, string> = {}): GameWorkspace {
  const files: Record<string, string> = {
    '/proj/package.json': '{}',
    [`${BUILTIN}/classic/classic.dipmap`]: readFileSync(join(variantsDir, 'classic', 'classic.dipmap'), 'utf8'),
    '/proj/toy.dipmap': TOY,
    ...more,
  };
  for (const f of readdirSync(join(variantsDir, 'editions'))) {
    if (f.endsWith('.dipmap')) files[`${BUILTIN}/editions/${f}`] = readFileSync(join(variantsDir, 'editions', f), 'utf8');
  }
  return new GameWorkspace(new VariantLoader({ host: new MemoryHost(files), builtinDir: BUILTIN }));
}

function play(text: string, options: { edition?: string } = {}, more: Record<string, string> = {}): GameRun {
  return runGameFile(GAME, workspace({ [GAME]: text, ...more }), options);
}

/** Diagnostics of the game file only, as [code, span]. */
function problems(run: GameRun) {
  return run.diagnostics.filter((d) => d.file === GAME);
}

const OPENING = `variant classic
phase spring 1901 movement
  england:
    F lon - nth [succeeds]
    F edi - nwg
    A lvp - yor
  france: A par - bur
  germany: A mun - bur
expect
  units england: F nth, F nwg, A yor
  units france: F bre, A mar, A par
  units germany: F kie, A ber, A mun
  units austria: F tri, A bud, A vie
  units italy: F nap, A rom, A ven
  units russia: F sev, F stp/sc, A mos, A war
  units turkey: F ank, A con, A smy
  dislodged none
`;

describe('header and rules', () => {
  it('plays the classic opening from the variant start and meets its expectations', () => {
    const run = play(OPENING);
    expect(run.diagnostics).toEqual([]);
    expect(run.complete).toBe(true);
    expect(run.variant?.config?.id).toBe('classic');
    expect(run.start?.units).toHaveLength(22);
    expect(run.phases).toHaveLength(1);
    expect(run.expectations.filter((e) => !e.ok)).toEqual([]);
    expect(run.expectations.map((e) => e.what)).toContain('F lon - nth [succeeds]');
  });

  it('the game edition replaces the variant edition; the variant overrides and the game rule lines stay on top', () => {
    const run = play('variant classic\nedition 2000\nrule convoy-paradox 1982\n');
    expect(problems(run)).toEqual([]);
    expect(run.rules?.edition).toBe('2000');
    expect(run.rules?.['removal-order']).toBe('home-distance'); // the 2000 edition's (DATC v2.4), not 2023's owned-distance
    expect(run.rules?.['victory-centres']).toBe(18);
    expect(run.rules?.['convoy-paradox']).toBe('1982');
  });

  it('--edition replaces the file edition and keeps its rule lines', () => {
    const run = play('edition 2000\nrule convoy-paradox 1982\n', { edition: '1971' });
    expect(problems(run)).toEqual([]);
    expect(run.rules?.edition).toBe('1971');
    expect(run.rules?.['convoy-paradox']).toBe('1982');
  });

  it('DF2004: an unknown --edition, naming the editions there are; the file edition stays', () => {
    const run = play('edition 2000\n', { edition: '2099' });
    expect(codes(problems(run))).toEqual(['DF2004']);
    expect(problems(run)[0]?.message).toContain('1971, 1982, 2000, 2023, old-rules, online-5');
    expect(run.rules?.edition).toBe('2000');
  });

  it('DF2004, DF2005, DF2006: an unknown edition, rule option or value, on the word written', () => {
    const text = 'edition 2099\nrule convoy-paradoxx 1982\nrule convoy-paradox sometimes\n';
    expectExactly(problems(play(text)), [
      ['DF2004', locate(text, '2099')],
      ['DF2005', locate(text, 'convoy-paradoxx')],
      ['DF2006', locate(text, 'sometimes')],
    ]);
  });

  it('DF2012: a second variant, edition or seed line', () => {
    const text = 'variant classic\nvariant classic\nedition 2000\nedition 1982\nseed 1\nseed 2\n';
    expect(codes(problems(play(text)))).toEqual(['DF2012', 'DF2012', 'DF2012']);
  });

  it('a variant by path, relative to the game file', () => {
    const run = play('variant "toy.dipmap"\nposition spring 1901 movement\n  north: A alp\n');
    expect(problems(run)).toEqual([]);
    expect(run.config?.id).toBe('toy');
    expect(run.start?.units).toEqual([{ power: 'north', kind: 'army', at: 'alp' }]);
  });

  it('DF5004, DF5001, DF5003: no such built-in variant, no such file, a file outside the project', () => {
    expectExactly(problems(play('variant atlantis\n')), [['DF5004', locate('variant atlantis\n', 'atlantis')]]);
    expectExactly(problems(play('variant "nope.dipmap"\n')), [['DF5001', locate('variant "nope.dipmap"\n', '"nope.dipmap"')]]);
    expectExactly(problems(play('variant "../x.dipmap"\n')), [['DF5003', locate('variant "../x.dipmap"\n', '"../x.dipmap"')]]);
  });

  it("DF6010: a variant that does not compile, with the map's errors", () => {
    const run = play('variant "bad.dipmap"\n', {}, { '/proj/bad.dipmap': 'variant bad "Bad" { }\nprovince a "A" coast\n' });
    expect(codes(problems(run))).toEqual(['DF6010']);
    expect(run.diagnostics.some((d) => d.file === '/proj/bad.dipmap' && d.severity === 'error')).toBe(true);
    expect(run.complete).toBe(false);
  });

  it('players are resolved to power ids; an unknown power is DF2002', () => {
    const text = 'player England "Alice"\nplayer fra "Bob"\nplayer atlantis "Eve"\n';
    const run = play(text);
    expect(run.players).toEqual({ england: 'Alice', france: 'Bob' });
    expectExactly(problems(run), [['DF2002', locate(text, 'atlantis')]]);
  });

  it('a later run on the same variant finds the powers again and reports an unknown one again', () => {
    // The powers found are kept per name index for every run on it (run-names.ts); those not found are each run's own.
    const text = 'player England "Alice"\nplayer atlantis "Eve"\n';
    const ws = workspace({ [GAME]: text });
    for (let i = 0; i < 2; i++) {
      const run = runGameFile(GAME, ws);
      expect(run.players).toEqual({ england: 'Alice' });
      expectExactly(problems(run), [['DF2002', locate(text, 'atlantis')]]);
    }
  });
});

describe('position', () => {
  it('builds units, dislodged units with their attackers, owners and standoffs', () => {
    const text = `position spring 1901 retreat
  england: F nth, A lon
  france: F spa/sc
  dislodged germany: F hol from nth, A bel from lon via convoy
  owners england: lon, edi
  standoffs ruh
`;
    const run = play(text);
    expect(problems(run)).toEqual([]);
    expect(run.start).toEqual({
      phase: { year: 1901, season: 'spring', kind: 'retreat' },
      units: [
        { power: 'england', kind: 'fleet', at: 'nth' },
        { power: 'england', kind: 'army', at: 'lon' },
        { power: 'france', kind: 'fleet', at: 'spa/sc' },
      ],
      dislodged: [
        { power: 'germany', kind: 'fleet', at: 'hol', from: 'nth' },
        { power: 'germany', kind: 'army', at: 'bel', from: 'lon', byConvoy: true },
      ],
      owners: { lon: 'england', edi: 'england' },
      standoffs: ['ruh'],
    });
  });

  it('names, aliases and coasts are read as orders read them', () => {
    const run = play('position spring 1901 movement\n  England: Fleet North Sea, F mid, A Liverpool\n  russia: F stp nc\n');
    expect(problems(run)).toEqual([]);
    expect(run.start?.units.map((u) => u.at)).toEqual(['nth', 'mao', 'lvp', 'stp/nc']);
  });

  it('every unit that cannot stand where it is put has its code and range', () => {
    const text = `position spring 1901 movement
  england: F par, A nth, F spa, A spa/nc, A lon, F lon, A lon/nc, A xyz, F stp/wc
  atlantis: A bur
  owners france: bur, par
  owners germany: par
  dislodged france: A pic
  standoffs ruh
`;
    expectExactly(problems(play(text)), [
      ['DF4003', locate(text, 'F par')],
      ['DF4003', locate(text, 'A nth')],
      ['DF4004', locate(text, 'F spa', 'spa')],
      ['DF3003', locate(text, 'spa/nc')],
      ['DF4005', locate(text, 'F lon')],
      ['DF3001', locate(text, 'lon/nc')],
      ['DF2001', locate(text, 'xyz')],
      ['DF2003', locate(text, 'stp/wc')],
      ['DF2002', locate(text, 'atlantis')],
      ['DF4006', locate(text, 'bur, par', 'bur')],
      ['DF4007', locate(text, 'germany: par', 'par')],
      ['DF6002', locate(text, 'dislodged france: A pic')],
      ['DF6002', locate(text, 'standoffs ruh')],
    ]);
  });

  it('a position gives no centre owners unless it lists them', () => {
    const run = play('position spring 1901 movement\n  england: F lon\n');
    expect(run.start?.owners).toEqual({});
  });
});

describe('phases and orders', () => {
  it('DF6005: a phase the year does not have', () => {
    const text = 'phase summer 1901 movement\n';
    expectExactly(problems(play(text)), [['DF6005', locate(text, 'summer 1901 movement')]]);
  });

  it('DF6005: a phase before the current one', () => {
    const text = 'position fall 1901 movement\n  england: F lon\nphase spring 1901 movement\n';
    expectExactly(problems(play(text)), [['DF6005', locate(text, 'spring 1901 movement')]]);
  });

  it('an adjustment phase may be named by the season before it', () => {
    const run = play('position fall 1901 adjustment\n  england: F lon\n  owners england: lon, edi\nphase fall 1901 adjustment\n  england: Build F edi\nexpect\n  units england: F lon, F edi\n');
    expect(problems(run)).toEqual([]);
    expect(run.phases[0]?.phase).toEqual({ year: 1901, season: 'winter', kind: 'adjustment' });
  });

  it('DF8006: a phase left out with something to order is adjudicated with no orders, with a warning', () => {
    const text = 'phase fall 1901 movement\n  england: F lon - nth\n';
    const run = play(text);
    expectExactly(problems(run), [['DF8006', locate(text, 'fall 1901 movement')]]);
    expect(run.phases.map((p) => [p.phase.season, p.phase.kind, p.section !== undefined])).toEqual([
      ['spring', 'movement', false],
      ['spring', 'retreat', false],
      ['fall', 'movement', true],
    ]);
  });

  it("order errors are mapped onto the file: the engine's range inside the order text", () => {
    const text = 'phase spring 1901 movement\n  england:\n    F lon - xyz\n    F edi -\n  atlantis: A par H\n';
    const run = play(text);
    const found = problems(run).map((d) => d.code);
    expect(found).toContain('DF2001');
    expect(found).toContain('DF2002');
    const unknown = problems(run).find((d) => d.code === 'DF2001')!;
    expect([unknown.range.start.line, unknown.range.start.column]).toEqual(locate(text, 'xyz').slice(0, 2));
    expect(problems(run).some((d) => d.code === 'DF6003' && d.range.start.line === 3)).toBe(true);
    expect(run.phases[0]?.incomplete).toBe(true);
  });

  it('orders are read in the phase kind: A tri - alb is a retreat in a retreat phase', () => {
    const run = play('position spring 1901 retreat\n  italy: A tri\n  dislodged austria: A ser from tri\nphase spring 1901 retreat\n  austria: A ser - alb\n');
    expect(problems(run)).toEqual([]);
    expect(run.phases[0]?.orders[0]?.order.type).toBe('retreat');
  });
});

describe('expectations', () => {
  it('reports what differed: missing and unexpected units, a wrong order result, an unlisted power', () => {
    const text = `position spring 1901 movement
  england: F lon
  france: A par
phase spring 1901 movement
  england: F lon - nth [fails]
  france: A par H
expect
  units england: F lon
  dislodged england: F nth
  winner england
`;
    const run = play(text);
    const failed = run.expectations.filter((e) => !e.ok).map((e) => [e.range.start.line, e.message]);
    expect(failed).toEqual([
      [4, 'F lon - nth: expected fails, got succeeds'],
      [7, 'units england: missing F lon; unexpected F nth (expected F lon; got F nth)'],
      [7, 'units france: unexpected A par (expected none; got A par)'],
      [8, 'dislodged england: missing F nth (expected F nth; got none)'],
      [9, 'winner: expected england, got none'],
    ]);
    const result = testGameFile(GAME, workspace({ [GAME]: text }));
    expect(result.passed).toBe(false);
    expect(result.failures).toHaveLength(5);
  });

  it('owners after a year, and units none', () => {
    const text = `position fall 1901 movement
  england: F nth
  owners england: lon
phase fall 1901 movement
  england: F nth - nwy
expect
  owners england: lon
phase winter 1901 adjustment
expect
  owners england: lon, nwy
  owners france:
`;
    const run = play(text);
    expect(problems(run)).toEqual([]);
    expect(run.expectations.filter((e) => !e.ok)).toEqual([]);
  });

  it('a centre or a unit written twice, or under another name, is still the one; one left out or added fails', () => {
    const text = `position fall 1901 movement
  england: F nth, A lvp
  owners england: lon, edi
phase fall 1901 movement
  england: F nth H
expect
  units england: F nth, A lvp, F nth, A liverpool
  owners england: lon, edi, lon, London, edinburgh
phase winter 1901 adjustment
expect
  units england: F nth
  owners england: lon, edi, lon
`;
    for (const headless of [false, true]) {
      const run = runGameFile(GAME, workspace({ [GAME]: text }), { headless });
      expect(problems(run)).toEqual([]);
      expect(run.expectations.map((e) => [e.phase, e.what, e.ok, e.message])).toEqual([
        [0, 'units england', true, 'units england: F nth, A lvp'],
        [0, 'owners england', true, 'owners england: edi, lon'],
        // The winter adjustment (a retreat phase with nothing to order comes between): lvp was taken in the fall.
        [2, 'units england', false, 'units england: unexpected A lvp (expected F nth; got F nth, A lvp)'],
        [2, 'owners england', false, 'owners england: unexpected lvp (expected edi, lon, lon; got edi, lon, lvp)'],
      ]);
    }
  });

  it('a headless run gives its diagnostics as plain data, as the full run does (copied, sent to a thread, compared)', () => {
    // A name on an expect line and in an order: the runner reports them at the nodes' ranges,
    // which a headless read makes when read (line-range.ts); a diagnostic must not keep such a range.
    const text = `variant classic
phase spring 1901 movement
england:
  A lon - xyz [fails]
expect
  units england: A lon, F xyz
`;
    const full = runGameFile(GAME, workspace({ [GAME]: text }));
    const headless = runGameFile(GAME, workspace({ [GAME]: text }), { headless: true });
    expect(full.diagnostics.length).toBeGreaterThanOrEqual(2);
    // What a worker thread's message or structuredClone keeps of them, and a deep comparison.
    expect(structuredClone(headless.diagnostics)).toEqual(full.diagnostics);
    expect(headless.diagnostics).toEqual(full.diagnostics);
  });

  it('a file that cannot be read is one diagnostic, never a throw', () => {
    const run = runGameFile('/proj/none.dipgame', workspace());
    expect(codes(run.diagnostics)).toEqual(['DF5001']);
    expect(testGameFile('/proj/none.dipgame', workspace()).passed).toBe(false);
  });
});
