/**
 * Bad input gets a clear, bounded error: input echoed in a message is cut and
 * its control characters escaped; a number too large for its field says so; a
 * path that is no file says what it is; a file that is not UTF-8, or a JSON
 * text that is not JSON, is reported where it goes wrong; an edition the
 * variant lacks is a wrong command line; and dipforge's own failures (a stack
 * overflow anywhere) exit 3, never 1. The command runs in this process, on
 * files written to a scratch folder. `npm test` takes a tenth of the token's length and a
 * quarter of the random byte strings, the slow run all of them (test/helpers/depth.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { firstInvalidByte, jsonSyntaxError } from '@dipforge/dsl';
import { ECHO_LENGTH, echo, MESSAGE_LENGTH, SEED_FIELD, YEAR_FIELD, COORDINATE_FIELD } from '@dipforge/engine/config';
import { dipforgeIn, longestLine, scratchFolder, type Run } from './cli-in-process.js';
import { depth } from './helpers/depth.js';
import { decisionChain } from './long-inputs.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'packages', 'cli', 'bin', 'dipforge.js');
const scratch = scratchFolder();
afterAll(() => scratch.remove());
const dipforge = (...args: string[]): Promise<Run> => dipforgeIn(scratch.dir, ...args);

/** A C0 or C1 control character other than the line feed that ends each line of output. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

const GAME = 'variant classic\n\nphase spring 1901 movement\n  england:\n';

describe('input echoed in a message', () => {
  const TOKEN = depth(500_000, 5_000_000);
  it(`a token of ${TOKEN} characters is shown cut, with an ellipsis, in a game and in a map`, async () => {
    const token = 'x'.repeat(TOKEN);
    scratch.write('token.dipgame', `${GAME}    A ${token} - yor\n`);
    scratch.write('token.dipmap', `province a land\nadjacency {\n  army a: ${'z'.repeat(TOKEN)}\n}\n`);
    const r = await dipforge('check', 'token.dipgame', 'token.dipmap');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`'${'x'.repeat(ECHO_LENGTH)}…'`);
    expect(r.err).toContain(`'${'z'.repeat(ECHO_LENGTH)}…'`);
    expect(longestLine(r.err)).toBeLessThan(ECHO_LENGTH + 150);
  });

  it('control characters are escaped, never written raw: in a token, a file name and an option', async () => {
    scratch.write('control.dipgame', `${GAME}    A lvp - yor [succ\u0007eeds]\n`);
    scratch.write('control.dipmap', 'province a\u0001b land\n');
    scratch.write('bad\u001bname.dipgame', 'x\n');
    const r = await dipforge('check', 'control.dipgame', 'control.dipmap', 'bad\u001bname.dipgame');
    expect(r.code).toBe(1);
    expect(r.err).not.toMatch(RAW_CONTROL);
    expect(r.err).toContain('not [succ\\u0007eeds]');
    expect(r.err).toContain("Unexpected character '\\u0001'");
    expect(r.err).toContain('bad\\u001bname.dipgame:1:1:');
    const option = await dipforge('check', '--we\u0007ird\tone');
    expect(option.code).toBe(2);
    expect(option.err).toContain('unknown option --we\\u0007ird\\tone');
    expect(option.err).not.toMatch(RAW_CONTROL);
  });

  it('echo: cut after its length, surrogate pairs whole, controls and lone halves escaped', () => {
    expect(echo('a\tb\nc\rd')).toBe('a\\tb\\nc\\rd');
    expect(echo('y'.repeat(ECHO_LENGTH))).toBe('y'.repeat(ECHO_LENGTH));
    expect(echo('y'.repeat(ECHO_LENGTH + 1))).toBe(`${'y'.repeat(ECHO_LENGTH)}…`);
    // A pair is two UTF-16 units: an odd length cuts before the pair, never inside it.
    const faces = echo('😀'.repeat(ECHO_LENGTH));
    expect(faces).toBe(`${'😀'.repeat(Math.floor(ECHO_LENGTH / 2))}…`);
    expect(echo('a\ud800b')).toBe('a\\ud800b');
    expect(echo('\u202eevil\u2066')).toBe('\\u202eevil\\u2066');
    expect(echo('\u0085\u009f\u007f')).toBe('\\u0085\\u009f\\u007f');
    // Only as much as is shown is looked at, but the bound on a whole message is larger.
    expect(echo('m'.repeat(5_000), MESSAGE_LENGTH)).toHaveLength(MESSAGE_LENGTH + 1);
  });
});

describe('numbers too large for their field', () => {
  const huge = '9'.repeat(400);

  it('years, seeds, rule values and scores of a game, years and coordinates of a map say so, never Infinity', async () => {
    const seed = String(SEED_FIELD.max + 1);
    scratch.write('numbers.dipgame', `variant classic\nseed ${seed}\nrule victory-centres ${huge}\n\nphase spring 99999999999 movement\n\nexpect\n  score england ${huge}\n`);
    const province = `province a land { at 12 ${huge} }`;
    scratch.write('numbers.dipmap', `variant big "Big" {\n  start ${huge} spring movement\n}\n${province}\n`);
    const r = await dipforge('check', 'numbers.dipgame', 'numbers.dipmap');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${seed} is too large for the seed (at most ${SEED_FIELD.max})`);
    expect(r.err).toContain(`${echo(huge)} is too large for victory-centres (at most ${Number.MAX_SAFE_INTEGER})`);
    expect(r.err).toContain(`99999999999 is too large for a year (at most ${YEAR_FIELD.max})`);
    expect(r.err).toContain(`${echo(huge)} is too large for a score`);
    expect(r.err).toContain(`numbers.dipmap:2:9: error: ${echo(huge)} is too large for a year (at most ${YEAR_FIELD.max}) [DF2013]`);
    expect(r.err).toContain(`numbers.dipmap:4:${province.indexOf(huge) + 1}: error: ${echo(huge)} is too large for a coordinate (at most ${COORDINATE_FIELD.max}) [DF2013]`);
    expect(r.err).not.toMatch(/Infinity|\de\+\d/);
  });

  it('a number option of dipforge bench too large is a wrong command line that says so', async () => {
    const games = await dipforge('bench', '--games', huge);
    expect(games.code).toBe(2);
    expect(games.err).toMatch(/^dipforge bench: 9{60}… is too large for --games \(at most \d+\)\n/);
    const seed = await dipforge('bench', '--seed', String(SEED_FIELD.max + 1));
    expect(seed.code).toBe(2);
    expect(seed.err).toContain(`${SEED_FIELD.max + 1} is too large for --seed (at most ${SEED_FIELD.max})`);
  });

  it('import-map: a BEGIN year and a VICTORY count too large', async () => {
    scratch.write('numbers.map', `BEGIN SPRING ${huge} MOVEMENT\nVICTORY ${huge}\nA = aa\nLAND A ABUTS\n`);
    const r = await dipforge('import-map', 'numbers.map', '-o', 'numbers.out.dipmap');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`numbers.map:1:14: error: ${echo(huge)} is too large for a year`);
    expect(r.err).toContain(`numbers.map:2:9: error: ${echo(huge)} is too large for a VICTORY count`);
  });
});

describe('files that cannot be read', () => {
  it('a folder, a named pipe and a loop of symbolic links say which (the pipe is never opened)', async () => {
    mkdirSync(join(scratch.dir, 'folder.dipgame'));
    mkdirSync(join(scratch.dir, 'folder.json'));
    for (const name of ['pipe.dipgame', 'pipe.json', 'pipe.map', 'pipe.dipmap']) expect(spawnSync('mkfifo', [join(scratch.dir, name)]).status).toBe(0);
    symlinkSync('loop-b.dipgame', join(scratch.dir, 'loop-a.dipgame'));
    symlinkSync('loop-a.dipgame', join(scratch.dir, 'loop-b.dipgame'));
    symlinkSync('loop-b.json', join(scratch.dir, 'loop-a.json'));
    symlinkSync('loop-a.json', join(scratch.dir, 'loop-b.json'));
    const check = await dipforge('check', 'folder.dipgame', 'pipe.dipgame', 'loop-a.dipgame');
    expect(check.code).toBe(1);
    expect(check.err).toMatch(/^folder\.dipgame:1:1: error: Cannot read .*folder\.dipgame: a folder, not a file \[DF5001\]$/m);
    expect(check.err).toMatch(/^pipe\.dipgame:1:1: error: Cannot read .*pipe\.dipgame: a named pipe \(FIFO\), not a file \[DF5001\]$/m);
    expect(check.err).toMatch(/^loop-a\.dipgame:1:1: error: Cannot read .*loop-a\.dipgame: a loop of symbolic links, which leads to no file \[DF5001\]$/m);
    for (const [args, why] of [
      [['adjudicate', 'pipe.dipgame'], 'a named pipe (FIFO), not a file'],
      [['test', 'pipe.dipgame'], 'a named pipe (FIFO), not a file'],
    ] as const) {
      const r = await dipforge(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(`${r.out}${r.err}`).toContain(why);
    }
    for (const [file, why] of [
      ['folder.json', 'a folder, not a file'],
      ['pipe.json', 'a named pipe (FIFO), not a file'],
      ['loop-a.json', 'a loop of symbolic links, which leads to no file'],
    ]) {
      const r = await dipforge('import', file as string);
      expect(r).toEqual({ code: 1, out: '', err: `${file}: error: cannot read: ${why}\n` });
    }
    const map = await dipforge('import-map', 'pipe.map');
    expect(map).toEqual({ code: 1, out: '', err: 'pipe.map: error: cannot read: a named pipe (FIFO), not a file\n' });
    // An imported file: the diagnostic stands where it is imported.
    scratch.write('imports-pipe.dipmap', 'import "pipe.dipmap"\nprovince a land\n');
    const imported = await dipforge('check', 'imports-pipe.dipmap');
    expect(imported.err).toContain(`imports-pipe.dipmap:1:8: error: Cannot read 'pipe.dipmap': a named pipe (FIFO), not a file [DF5001]`);
  });

  it('a file that is not UTF-8 gets DF5009 at its first bad byte: checked, imported, or read by import', async () => {
    const before = 'variant classic\n// caf';
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    scratch.write('latin1.dipgame', Buffer.concat([Buffer.from(before), Buffer.from([0xe9, 0x0a])]));
    const r = await dipforge('check', 'latin1.dipgame');
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      `latin1.dipgame:${line}:${column}: error: The file is not UTF-8 text: the byte 0xE9 at byte offset ${Buffer.byteLength(before)} (line ${line}, column ${column}) is not valid UTF-8 [DF5009]`,
    );
    // Bytes before it that are UTF-8 count as bytes in the offset and as characters in the column.
    const wide = 'province é land\n// ';
    scratch.write('bad-import.dipmap', Buffer.concat([Buffer.from(wide), Buffer.from([0xc3, 0x28])]));
    scratch.write('imports-bad.dipmap', 'import "bad-import.dipmap"\n');
    const imported = await dipforge('check', 'imports-bad.dipmap');
    expect(imported.err).toContain(
      `imports-bad.dipmap:1:8: error: Cannot read 'bad-import.dipmap': not UTF-8 text: the byte 0xC3 at byte offset ${Buffer.byteLength(wide)} (line 2, column 4) is not valid UTF-8 [DF5009]`,
    );
    scratch.write('latin1.json', Buffer.concat([Buffer.from('{"id": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]));
    const json = await dipforge('import', 'latin1.json');
    expect(json).toEqual({ code: 1, out: '', err: 'latin1.json:1:12: error: not UTF-8 text: the byte 0xE9 at byte offset 11 (line 1, column 12) is not valid UTF-8\n' });
  });

  it('firstInvalidByte finds what the strict decoder refuses, and nothing in what it takes', () => {
    let seed = 0x9e3779b9;
    const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (let n = 0, count = depth(5_000, 20_000); n < count; n++) {
      const bytes = Uint8Array.from({ length: 1 + (n % 9) }, next);
      let valid = true;
      try {
        decoder.decode(bytes);
      } catch {
        valid = false;
      }
      const at = firstInvalidByte(bytes);
      expect(at === bytes.length, `bytes ${[...bytes].join(' ')}`).toBe(valid);
      // The bytes before the one it names are UTF-8 themselves.
      if (!valid) expect(() => decoder.decode(bytes.subarray(0, at))).not.toThrow();
    }
  });
});

describe('JSON that is not JSON', () => {
  it('says the line and column, a text cut short included', async () => {
    const cut = '{"id": "g",\n "map": "standard",\n "phases": [ {"name": ';
    scratch.write('cut.json', cut);
    const lines = cut.split('\n');
    const r = await dipforge('import', 'cut.json');
    expect(r).toEqual({ code: 1, out: '', err: `cut.json:${lines.length}:${(lines[lines.length - 1] as string).length + 1}: error: not JSON: the text ends inside an object: it is cut short\n` });
    const bad = '{"a": [1, 2,\n  3 x]}';
    scratch.write('bad.json', bad);
    const x = await dipforge('import', 'bad.json');
    expect(x.err).toBe(`bad.json:2:${bad.length - bad.lastIndexOf('\n') - 3}: error: not JSON: expected ',' or ']', not 'x'\n`);
  });

  it('the scanner calls JSON exactly what JSON.parse does, on thousands of broken texts', () => {
    const base = JSON.stringify({ a: [1, -2.5e3, 'x\n\u00e9', true, false, null, { b: {} }], 'c d': '\u0041\\' });
    const alphabet = '{}[]":,0123456789-+.eEtrufalsn \\u\n\tx';
    let seed = 7;
    const next = (n: number): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    for (let k = 0; k < 20_000; k++) {
      let s = base;
      for (let m = 1 + next(3); m > 0; m--) {
        const p = next(s.length + 1);
        const op = next(3);
        s = op === 0 ? s.slice(0, p) + s.slice(p + 1) : op === 1 ? s.slice(0, p) + (alphabet[next(alphabet.length)] as string) + s.slice(p) : s.slice(0, p);
      }
      let valid = true;
      try {
        JSON.parse(s);
      } catch {
        valid = false;
      }
      expect(jsonSyntaxError(s) === undefined, JSON.stringify(s)).toBe(valid);
    }
  });
});

describe('an edition the variant does not have', () => {
  const editions = readdirSync(join(ROOT, 'variants', 'editions'))
    .flatMap((f) => [...readFileSync(join(ROOT, 'variants', 'editions', f), 'utf8').matchAll(/^ruleset (\S+)/gm)].map((m) => m[1] as string))
    .sort();

  it('is a wrong command line, named with its flag, before any result', async () => {
    scratch.write('game.dipgame', `${GAME}    F lon - nth\n`);
    for (const [args, flag] of [
      [['adjudicate', 'game.dipgame', '--edition', 'nonesuch'], '--edition'],
      [['adjudicate', 'game.dipgame', '--edition', 'nonesuch', '--json'], '--edition'],
      [['diff', 'game.dipgame', '--vs', 'nonesuch'], '--vs'],
      [['diff', 'game.dipgame', '--edition', 'nonesuch', '--vs', '2000'], '--edition'],
    ] as const) {
      const r = await dipforge(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.out).toBe('');
      expect(r.err.split('\n')[0]).toBe(`dipforge ${args[0]}: ${flag} 'nonesuch' is no edition of this game's variant; the editions are ${editions.join(', ')}`);
    }
  });
});

describe("dipforge's own failures", () => {
  it('a stack overflow inside a command exits 3 with a short message, never 1', async () => {
    // 900 decisions waiting on one another: within the adjudicator's bound, but deeper than a small stack holds.
    const chain = decisionChain(900);
    scratch.write(chain.mapName, chain.map);
    scratch.write('chain.dipgame', chain.game);
    const roomy = await dipforge('check', 'chain.dipgame');
    expect(roomy.code, roomy.err).toBe(0);
    const env = { ...process.env };
    delete env['DIPFORGE_DEBUG'];
    const small = spawnSync(process.execPath, ['--stack-size=200', BIN, 'check', 'chain.dipgame'], { cwd: scratch.dir, encoding: 'utf8', env, timeout: 120_000 });
    expect(small.status, small.stderr).toBe(3);
    expect(small.stdout).toBe('');
    expect(small.stderr).toMatch(/^chain\.dipgame:\d+:\d+: error: The engine failed on spring 1901 movement: Maximum call stack size exceeded \[DF6009\]\n1 error, 0 warnings\n$/);
  });
});
