/**
 * Whole games played by the Python engine `diplomacy` (v1.1.2, a DATC-compliant
 * peer), imported with `dipforge import` into test/games/: three games between
 * people from that engine's own test data and one game of random orders. Each
 * file holds every played phase with its orders and, after it, the units,
 * dislodged units and centre owners the Python engine reached (and the order
 * results the record makes certain). Each game is run through the code path of
 * `dipforge test` (testGameFile, one workspace for all) and must pass — except
 * the games listed in `knownFailures`, which must fail, first in the phase
 * given there. A game that starts passing, or fails elsewhere first, fails this
 * test until the list is brought up to date, so the list is always exactly the
 * open differences between our adjudicator and the Python engine.
 *
 * To import a game again:
 *   dipforge import RECORD.json -o test/games/NAME.dipgame --origin "Origin: …"
 * (the records themselves are not in this repository: the three network games
 * are AGPL-3.0 test data of diplomacy/diplomacy, used as test input only).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameWorkspace, runGameText, testGameFile, type GameRun, type GameTestResult } from '@dipforge/dsl';
import { main } from '@dipforge/cli';
import { START_CENTERS, START_UNITS } from './saved-games.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = join(ROOT, 'test', 'games');

/**
 * Game (the file name without `.dipgame`) → the record's name of its first
 * failing phase (`F1905M`) and why it fails, in one line: whether the
 * difference lies in the importer, the game language or the engine.
 */
const knownFailures: Record<string, { phase: string; reason: string }> = {};

const GAMES = ['diplomacy-network-1', 'diplomacy-network-2', 'diplomacy-network-3', 'random-sample-1'];

/** Played phases of each record (its phases less the current one), as the header says. */
const PLAYED: Record<string, { record: number; played: number }> = {
  'diplomacy-network-1': { record: 57, played: 56 },
  'diplomacy-network-2': { record: 53, played: 52 },
  'diplomacy-network-3': { record: 52, played: 51 },
  'random-sample-1': { record: 41, played: 40 },
};

const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.dipgame'))
  .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
const ids = files.map((f) => f.replace(/\.dipgame$/, ''));

/** `spring 1905 movement` → `S1905M`, the record's name of a phase. */
function recordName(p: { season: string; year: number; kind: string }): string {
  return `${p.season.charAt(0).toUpperCase()}${p.year}${p.kind === 'movement' ? 'M' : p.kind === 'retreat' ? 'R' : 'A'}`;
}

/** The phase of the first failure (an error in the file, or an unmet expectation) and what it says. */
function firstFailure(result: GameTestResult): { phase: string; message: string } | undefined {
  const first = result.failures[0];
  if (!first) return undefined;
  const run: GameRun = result.run;
  const failed = run.expectations.find((e) => !e.ok && e.range.start.offset === first.range.start.offset);
  const fromExpectation = failed ? run.phases[failed.phase]?.phase : undefined;
  if (fromExpectation) return { phase: recordName(fromExpectation), message: first.message };
  // An error in the file: the phase section it is in.
  const section = [...run.parsed.ast.phases].reverse().find((s) => s.range.start.offset <= first.range.start.offset);
  const name = section?.phase;
  const phase = name?.kind.phase ? recordName({ season: name.season.value, year: name.year.value, kind: name.kind.phase }) : 'header';
  return { phase, message: first.message };
}

describe('games of the Python engine', () => {
  const results = new Map<string, GameTestResult>();

  beforeAll(() => {
    const workspace = new GameWorkspace();
    for (const f of files) results.set(f.replace(/\.dipgame$/, ''), testGameFile(join(DIR, f), workspace));
  });

  it('has the four imported games', () => {
    expect(ids).toEqual(GAMES);
  });

  it('lists as known failures only games that exist, each with its phase and a reason', () => {
    for (const [id, known] of Object.entries(knownFailures)) {
      expect(ids, `known failure ${id} is no game`).toContain(id);
      expect(known.phase, `known failure ${id} needs the record's phase name`).toMatch(/^[SFW]\d{4}[MRA]$|^header$/);
      expect(known.reason.trim().length, `known failure ${id} needs a reason`).toBeGreaterThan(0);
    }
  });

  it.each(ids)('%s: replays as the Python engine played it', (id) => {
    const result = results.get(id)!;
    const first = firstFailure(result);
    const known = knownFailures[id];
    if (known) {
      expect(result.passed, `${id} passes now: take it off knownFailures (${known.phase}: ${known.reason})`).toBe(false);
      expect(first?.phase, `${id} fails first in ${first?.phase} (${first?.message}), not in ${known.phase}`).toBe(known.phase);
    } else {
      const why = result.failures
        .slice(0, 10)
        .map((f) => `${f.range.start.line + 1}:${f.range.start.column + 1}: ${f.message}`)
        .join('\n');
      expect(result.passed, `${id} fails first in ${first?.phase} (${result.failures.length} failures):\n${why}`).toBe(true);
    }
  });

  it.each(ids)('%s: every written phase is adjudicated and checked', (id) => {
    const result = results.get(id)!;
    const written = result.run.phases.filter((p) => p.section !== undefined);
    if (knownFailures[id]) return expect(result.passed).toBe(false);
    expect(result.run.complete).toBe(true);
    expect(result.run.diagnostics).toEqual([]);
    // Every written phase has its expectations: units and owners of all seven powers.
    for (const p of written) {
      expect(p.section?.expect.length, `${recordName(p.phase)} has no expect block`).toBe(1);
    }
    const kinds = new Set(result.run.expectations.map((e) => e.what.split(' ')[0]));
    expect([...kinds]).toEqual(expect.arrayContaining(['units', 'owners']));
  });

  it.each(ids)('%s: a file of orders and positions, with its origin and phase count in the header', (id) => {
    const text = readFileSync(join(DIR, `${id}.dipgame`), 'utf8');
    const lines = text.split('\n');
    const header = lines.slice(0, lines.findIndex((l) => !l.startsWith('//')));
    const { record, played } = PLAYED[id]!;
    expect(header.join('\n')).toContain('saved game of the Python engine diplomacy');
    expect(header.some((l) => l.startsWith('// Origin:'))).toBe(true);
    if (id.startsWith('diplomacy-network-')) expect(header.join('\n')).toContain(`diplomacy/tests/network/${id.slice(-1)}.json`);
    expect(header.join('\n')).toContain(`The record has ${record} phases`);
    expect(header.join('\n')).toContain(`${played} played`);
    // Orders and positions only: every line is a comment or a statement of the game language, no press.
    const statement =
      /^(variant classic|edition 2000|phase (spring|fall|winter) \d{4} (movement|retreat|adjustment)|expect|(austria|england|france|germany|italy|russia|turkey):|(units|dislodged|owners) (austria|england|france|germany|italy|russia|turkey):[A-Za-z/ ,]*|(Build [AF] [a-z/]+|Waive|[AF] [a-z/]+ ([HD]|- [a-z/]+( via convoy)?|R [a-z/]+|S [AF] [a-z/]+( - [a-z/]+)?|C A [a-z/]+ - [a-z/]+))( \[(succeeds|fails)\])?)$/;
    for (const [i, line] of lines.entries()) {
      const s = line.trim();
      if (s === '' || s.startsWith('//')) continue;
      expect(s, `${id}.dipgame:${i + 1}`).toMatch(statement);
    }
    // Every played phase of the record is written (plus the retreat phases the record skips).
    const phases = lines.filter((l) => l.startsWith('phase '));
    const added = lines.filter((l) => l.startsWith('// Not in the record')).length;
    expect(phases.length - added).toBe(played);
  });

  /** A changed copy of the first game, run as `dipforge test` would (errors, then unmet expectations). */
  function runChanged(from: string, to: string): GameTestResult {
    const text = readFileSync(join(DIR, `${GAMES[0]}.dipgame`), 'utf8');
    const changed = text.replace(from, to);
    expect(changed).not.toBe(text);
    const run = runGameText(changed, join(DIR, 'changed.dipgame'), new GameWorkspace());
    const failures = [
      ...run.diagnostics.filter((d) => d.severity === 'error').map((d) => ({ file: d.file, range: d.range, message: d.message })),
      ...run.expectations.filter((e) => !e.ok).map((e) => ({ file: run.file, range: e.range, message: e.message })),
    ].sort((a, b) => a.range.start.offset - b.range.start.offset);
    return { file: run.file, passed: failures.length === 0, failures, run };
  }

  it('catches a position that differs from the record, in its phase', () => {
    // England's units after the first phase: one fleet put elsewhere.
    const result = runChanged('units england: F nth, F nwg, A yor', 'units england: F nth, F nwy, A yor');
    expect(result.run.expectations.filter((e) => !e.ok).map((e) => e.what)).toEqual(['units england']);
    const first = firstFailure(result);
    expect(first?.phase).toBe('S1901M');
    expect(first?.message).toContain('units england: missing F nwy; unexpected F nwg');
  });

  it('catches an order that cannot be read, in its phase', () => {
    const result = runChanged('    F nwg - nwy [succeeds]', '    F nwg - xyz');
    expect(result.passed).toBe(false);
    expect(firstFailure(result)?.phase).toBe('F1901M');
  });

  it('dipforge test test/games reports the same: one line per known failure, then the count', async () => {
    let out = '';
    const code = await main(['test', DIR], { out: (s) => (out += s), err: (s) => (out += s), cwd: ROOT });
    const lines = out.trimEnd().split('\n');
    const failed = Object.keys(knownFailures).length;
    expect(lines[lines.length - 1]).toBe(`${ids.length - failed} passed, ${failed} failed`);
    const failing = lines.slice(0, -1).map((l) => /games\/([^:]+)\.dipgame:/.exec(l)?.[1]);
    expect(failing.sort()).toEqual(Object.keys(knownFailures).sort());
    expect(code).toBe(failed > 0 ? 1 : 0);
  });
});

describe('dipforge import', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'dipforge-import-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  const units = START_UNITS;
  const centers = START_CENTERS;
  const game = {
    id: 'cli-test',
    map: 'standard',
    rules: ['NO_PRESS'],
    phases: [
      {
        name: 'S1901M',
        state: { name: 'S1901M', units, centers },
        orders: { FRANCE: ['A PAR - BUR'] },
        results: { 'A PAR': [] },
        messages: [{ sender: 'FRANCE', recipient: 'ENGLAND', message: 'hello' }],
      },
      { name: 'F1901M', state: { name: 'F1901M', units: { ...units, FRANCE: ['F BRE', 'A MAR', 'A BUR'] }, centers }, orders: {}, results: {} },
    ],
  };

  async function dipforge(...args: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const code = await main(['import', ...args], { out: (s) => (out += s), err: (s) => (err += s), cwd: tmp });
    return { code, out, err };
  }

  function file(name: string, text: string): string {
    writeFileSync(join(tmp, name), text);
    return name;
  }

  it('prints the game file to standard output, one that dipforge test passes', async () => {
    const r = await dipforge(file('game.json', JSON.stringify(game)));
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toContain('variant classic\nedition 2000\n');
    expect(r.out).toContain('    A par - bur [succeeds]');
    expect(r.out).not.toContain('hello');
    writeFileSync(join(tmp, 'game.dipgame'), r.out);
    expect(testGameFile(join(tmp, 'game.dipgame'), new GameWorkspace()).passed).toBe(true);
  });

  it('writes the file with -o, with the origin in the header; --positions-only states no results', async () => {
    const r = await dipforge(file('game.json', JSON.stringify(game)), '-o', 'out.dipgame', '--origin', 'Origin: a test.', '--positions-only');
    expect(r).toEqual({ code: 0, out: '', err: '' });
    const text = readFileSync(join(tmp, 'out.dipgame'), 'utf8');
    expect(text).toContain('\n// Origin: a test.\n');
    expect(text).toContain('    A par - bur\n');
    expect(readdirSync(tmp).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('reports malformed input with the JSON path, writes nothing and exits 1', async () => {
    const bad = { ...game, phases: [{ ...game.phases[0], orders: { FRANCE: ['A PAR - XYZ'] } }, game.phases[1]] };
    const r = await dipforge(file('bad.json', JSON.stringify(bad)), '-o', 'bad.dipgame');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      "bad.json: error: $.phases[0].orders.FRANCE[0]: cannot convert the order 'A PAR - XYZ': unknown province 'XYZ'\n" +
        'dipforge import: not imported (1 error, 0 warnings)\n',
    );
    expect(existsSync(join(tmp, 'bad.dipgame'))).toBe(false);
  });

  it('prints warnings and still imports', async () => {
    const r = await dipforge(file('warn.json', JSON.stringify({ ...game, rules: ['NO_PRESS', 'MYSTERY'] })));
    expect(r.code).toBe(0);
    expect(r.err).toBe("warn.json: warning: $.rules[1]: rule 'MYSTERY' of the Python engine is not known here; the game is imported without it\n");
    expect(r.out).toContain('phase spring 1901 movement');
  });

  it('says what is wrong with a file that is no saved game', async () => {
    expect(await dipforge(file('broken.json', '{'))).toMatchObject({ code: 1, out: '', err: 'broken.json:1:2: error: not JSON: the text ends inside an object: it is cut short\n' });
    expect(await dipforge(file('list.json', '[]'))).toMatchObject({ code: 1, out: '', err: expect.stringContaining('list.json: error: $: expected a saved game') });
    expect(await dipforge('missing.json')).toMatchObject({ code: 1, err: 'missing.json: error: cannot read: no such file\n' });
  });

  it('exits 2 for a wrong command line', async () => {
    expect((await dipforge()).code).toBe(2);
    expect((await dipforge('a.json', 'b.json')).code).toBe(2);
    expect((await dipforge('a.json', '--bogus')).code).toBe(2);
    expect((await dipforge('a.json', '-o')).code).toBe(2);
  });
});
