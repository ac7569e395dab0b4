/**
 * Victory, alliances, draws and scoring in the game language: the `declare`
 * block and its declarations (alliance, allies, draw, concede, end), the
 * expectations `winner`, `draw`, `score` and `result`, their diagnostics, and
 * the result a run reports (outcome, scores, declarations).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { variantsDir } from '@dipforge/variants';
import { describe, expect, it } from 'vitest';
import type * as G from '../src/game/ast.js';
import { runGameFile } from '../src/game/api.js';
import { parseGame } from '../src/game/parse.js';
import type { GameRun } from '../src/game/run.js';
import { GameWorkspace } from '../src/game/workspace.js';
import { MemoryHost } from '../src/workspace/host.js';
import { VariantLoader } from '../src/workspace/loader.js';
import { codes, expectExactly, locate, span } from './helpers.js';

const FILE = '/proj/game.dipgame';
const BUILTIN = '/builtin';

function workspace(text: string): GameWorkspace {
  const files: Record<string, string> = {
    '/proj/package.json': '{}',
    [`${BUILTIN}/classic/classic.dipmap`]: readFileSync(join(variantsDir, 'classic', 'classic.dipmap'), 'utf8'),
    [FILE]: text,
  };
  for (const f of readdirSync(join(variantsDir, 'editions'))) {
    if (f.endsWith('.dipmap')) files[`${BUILTIN}/editions/${f}`] = readFileSync(join(variantsDir, 'editions', f), 'utf8');
  }
  return new GameWorkspace(new VariantLoader({ host: new MemoryHost(files), builtinDir: BUILTIN }));
}

function play(text: string): GameRun {
  return runGameFile(FILE, workspace(text));
}

function clean(text: string): G.GameFile {
  const p = parseGame(text, FILE);
  expect(p.diagnostics).toEqual([]);
  return p.ast;
}

/** England 9 and France 8 (17 together), Germany 5; France can take Portugal in the fall of 1905. */
const SETUP = `variant classic
rule alliance-victory solo-threshold
rule victory-ties extend
rule scoring centres-plus-bonus

position fall 1905 movement
  england: F nth
  france: F mao
  germany: A mun
  owners england: lon, edi, lvp, bel, hol, den, swe, nwy, stp
  owners france: par, bre, mar, spa, tun, ven, rom, nap
  owners germany: ber, kie, mun, war, mos
`;

const FALL = `
phase fall 1905 movement
  france: F mao - por
phase fall 1905 retreat
`;

describe('parsing declarations', () => {
  it('a declare block holds alliance, allies, draw, concede and end, each with its range', () => {
    const text = `phase fall 1901 retreat
declare
  alliance england, france
  germany allies russia
  Great Britain allies none
  draw england, france by england, france, germany
  concede england
  end
expect
  result draw
`;
    const ast = clean(text);
    expect(ast.declare).toHaveLength(1);
    const d = ast.declare[0]!;
    expect(d.after).toBe(0);
    expect(d.statements.map((s) => s.kind)).toEqual(['Alliance', 'Allies', 'Allies', 'Draw', 'Concede', 'End']);
    const [alliance, allies, none, draw, concede] = d.statements as [G.AllianceStmt, G.AlliesStmt, G.AlliesStmt, G.DrawStmt, G.ConcedeStmt];
    expect(alliance.powers.map((w) => w.value)).toEqual(['england', 'france']);
    expect([allies.power.value, allies.ally?.value]).toEqual(['germany', 'russia']);
    expect([none.power.value, none.ally]).toEqual(['great britain', undefined]);
    expect(draw.powers.map((w) => w.value)).toEqual(['england', 'france']);
    expect(draw.voters?.map((w) => w.value)).toEqual(['england', 'france', 'germany']);
    expect(concede.powers.map((w) => w.value)).toEqual(['england']);
    expect(concede.voters).toBeUndefined();
    expect(span(draw.range)).toEqual(locate(text, 'draw england, france by england, france, germany'));
    expect(d.expect).toHaveLength(1);
    expect(d.expect[0]!.result[0]!.result.value).toBe('draw');
    expect(ast.phases[0]!.expect).toHaveLength(0);
    expect(span(d.range).slice(2)).toEqual(locate(text, 'result draw').slice(2));
  });

  it('`declare STATEMENT` on one line; blocks before the first phase come after -1; the header and position stay', () => {
    const ast = clean(`variant classic\ndeclare alliance england, france\nposition spring 1901 movement\n  england: F lon\ndeclare end\nphase spring 1901 movement\ndeclare end\n`);
    expect(ast.declare.map((d) => [d.after, d.statements.map((s) => s.kind)])).toEqual([
      [-1, ['Alliance']],
      [-1, ['End']],
      [0, ['End']],
    ]);
    expect(ast.position?.units).toHaveLength(1);
  });

  it('expectations: winner lists, draw, score in three forms, result with a year', () => {
    const ast = clean(`phase fall 1901 retreat
expect
  winner england, france
  winner none
  draw england, Great Britain
  draw none
  score england 28
  score Great Britain 33.33
  score france 1/3
  result solo 1905
  result extended
`);
    const e = ast.phases[0]!.expect[0]!;
    expect(e.winner.map((w) => w.powers.map((p) => p.value))).toEqual([['england', 'france'], []]);
    expect(e.winner[0]!.power?.value).toBe('england');
    expect(e.draw.map((d) => d.powers.map((p) => p.value))).toEqual([['england', 'great britain'], []]);
    expect(e.score.map((s) => [s.power.value, s.value.value, s.value.text])).toEqual([
      ['england', 28, '28'],
      ['great britain', 33.33, '33.33'],
      ['france', 1 / 3, '1/3'],
    ]);
    expect(e.score.map((s) => s.value.tolerance)).toEqual([1e-9, 0.005, 1e-9]);
    expect(e.result.map((r) => [r.result.value, r.year?.value])).toEqual([
      ['solo', 1905],
      ['extended', undefined],
    ]);
  });

  it('bad lines: an unknown result, a score without a number, a line that is no declaration, a declaration among orders', () => {
    const text = `phase fall 1901 movement
  england: F nth H
  draw england, france
expect
  result victory
  score england
declare
  england: F nth H
  truce england, france
phase fall 1901 retreat
`;
    const p = parseGame(text, FILE);
    expectExactly(p.diagnostics, [
      ['DF6002', locate(text, 'draw england, france')],
      ['DF2013', locate(text, 'victory')],
      ['DF6001', locate(text, 'score england')],
      ['DF6001', locate(text, 'england: F nth H', 'england: F nth H', 1)],
      ['DF6001', locate(text, 'truce england, france')],
    ]);
  });

  it('a position after a declare block that follows a phase is misplaced', () => {
    const p = parseGame(`phase spring 1901 movement\ndeclare end\nposition spring 1901 movement\n`, FILE);
    expect(codes(p.diagnostics)).toEqual(['DF6002']);
  });
});

describe('playing declarations', () => {
  it('an alliance declared by both wins with 18 after the fall; the run reports outcome, scores and declarations', () => {
    const run = play(`${SETUP}declare alliance england, france\n${FALL}expect\n  winner england, france\n  result alliance 1905\n  score france 15\n`);
    expect(run.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(run.expectations.every((e) => e.ok)).toBe(true);
    expect(run.outcome).toMatchObject({ over: true, kind: 'alliance', winners: ['england', 'france'], year: 1905 });
    expect(run.scores?.points).toMatchObject({ england: 15, france: 15, germany: 5 });
    expect(run.victory?.decidedAfter).toEqual({ year: 1905, season: 'fall', kind: 'retreat' });
    expect(run.winner).toBeUndefined();
    expect(run.declarations.map((d) => [d.after, d.text, d.effect])).toEqual([[-1, 'alliance england, france', 'the alliance of england and france is in force']]);
  });

  it('one side only: no alliance until the other declares, then a win at once', () => {
    const run = play(`${SETUP}declare england allies france\n${FALL}expect\n  winner none\ndeclare france allies england\nexpect\n  winner england, france\n`);
    expect(run.expectations.map((e) => [e.what, e.ok])).toEqual([
      ['winner', true],
      ['winner', true],
    ]);
    expect(run.declarations.map((d) => d.after)).toEqual([-1, 1]);
  });

  it('DF6020: an alliance of three, a power allied with itself, a draw of one, a power named twice, a power out of the game', () => {
    const text = `${SETUP}declare
  alliance england, france, germany
  england allies england
  draw england
  draw england, france, england
  concede england by italy
  concede england, france, germany
`;
    const run = play(text);
    expectExactly(
      run.diagnostics.filter((d) => d.file === FILE),
      [
        ['DF6020', locate(text, 'alliance england, france, germany')],
        ['DF6020', locate(text, 'england allies england')],
        ['DF6020', locate(text, 'draw england', 'draw england', 0)],
        ['DF6020', locate(text, 'draw england, france, england')],
        ['DF6020', locate(text, 'concede england by italy')],
        ['DF6020', locate(text, 'concede england, france, germany')],
      ],
      FILE,
    );
    expect(run.declarations).toEqual([]);
    const msgs = run.diagnostics.map((d) => d.message).join('\n');
    expect(msgs).toMatch(/exactly two powers/);
    expect(msgs).toMatch(/italy is out of the game/);
  });

  it('DF2002 for an unknown power; DF8020 for alliances under alliance-victory off, a vote not agreed, draws none', () => {
    const text = `variant classic
rule draws none
position fall 1905 movement
  england: F nth
  france: F mao
  owners england: lon
  owners france: par
declare
  alliance england, atlantis
  alliance england, france
  draw england, france
`;
    const run = play(text);
    expectExactly(
      run.diagnostics.filter((d) => d.file === FILE),
      [
        ['DF2002', locate(text, 'atlantis')],
        ['DF8020', locate(text, 'alliance england, france')],
        ['DF8020', locate(text, 'draw england, france')],
      ],
      FILE,
    );
    expect(run.diagnostics.find((d) => d.code === 'DF8020' && /draw/.test(d.message))?.message).toMatch(/draws none/);
    expect(run.outcome?.over).toBe(false);
  });

  it('a result stands: declarations after it change nothing (DF8020), a phase after it warns (DF8021) and keeps the winner', () => {
    const text = `${SETUP}declare alliance england, france\n${FALL}declare
  france allies none
  draw england, france, germany
phase winter 1905 adjustment
expect
  winner england, france
`;
    const run = play(text);
    expect(codes(run.diagnostics.filter((d) => d.file === FILE))).toEqual(['DF8020', 'DF8020', 'DF8021']);
    expect(run.expectations.every((e) => e.ok)).toBe(true);
    expect(run.declarations.slice(1).map((d) => d.effect)).toEqual(['none: the game is over', 'none: the game is over']);
  });

  it('declarations of one block take effect together, before it is judged', () => {
    // Alone, either alliance would win with 16; together neither has more than the other.
    const text = `variant classic
rule alliance-victory 16
rule victory-ties extend
position fall 1905 movement
  england: F nth
  owners england: lon, edi, lvp, bel, hol, den, stp, mos
  owners france: par, bre, mar, spa, por, tun, war, sev
  owners germany: ber, kie, mun, vie, bud, tri, ank, con
  owners italy: rom, nap, ven, gre, ser, bul, rum, smy
declare
  alliance england, france
  alliance germany, italy
expect
  result none
declare
  germany allies none
expect
  winner england, france
`;
    const run = play(text);
    expect(run.expectations.map((e) => e.ok)).toEqual([true, true]);
  });

  it('failed expectations say what was found', () => {
    const run = play(`${SETUP}${FALL}expect\n  winner england\n  draw england, france\n  score england 20\n  result solo 1905\n`);
    const failed = run.expectations.filter((e) => !e.ok).map((e) => e.message);
    expect(failed).toEqual([
      'winner: expected england, got none',
      'draw: expected england, france, got no draw (the game goes on)',
      'score england: expected 20, got 9 (provisional: the game goes on) (centres-plus-bonus)',
      'result: expected solo 1905, got none (the game goes on)',
    ]);
  });

  it('score under scoring none fails; an expect block of a declare block before any phase checks the start', () => {
    const run = play(`variant classic\nposition spring 1901 movement\n  england: F lon\n  owners england: lon\ndeclare end\nexpect\n  result ended\n  score england 1\n  units england: F lon\n`);
    expect(run.expectations.map((e) => [e.what, e.ok, e.phase])).toEqual([
      ['units england', true, -1],
      ['score england', false, -1],
      ['result', true, -1],
    ]);
    expect(run.expectations[1]!.message).toMatch(/scoring none/);
  });
});
