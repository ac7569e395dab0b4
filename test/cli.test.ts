/**
 * The `dipforge` command as users run it, from the repository root. Exit codes (0 fine, 1 input
 * errors, 2 wrong command line), the diagnostic line format with its positions, JSON on standard
 * output or written with -o (all or nothing), and never a stack trace. What only a process shows
 * runs the real binary as a child process: an exit status of each kind (0, 1, 2), output on the
 * right stream, paths printed relative to the process's working folder, a closed pipe. The rest
 * calls the command's `main` in this process (test/cli-in-process.ts): the same code from the
 * arguments to the exit code.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateVariantConfig } from '@dipforge/engine/config';
import { dipforgeIn } from './cli-in-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'packages', 'cli', 'bin', 'dipforge.js');
const CLASSIC = 'variants/classic/classic.dipmap';

const DIAGNOSTIC_LINE = /^[^:]+:\d+:\d+: (error|warning|info): .+ \[DF\d{4}\]$/;
const SUMMARY_LINE = /^\d+ errors?, \d+ warnings?$/;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real binary as a child process in `cwd` (without DIPFORGE_DEBUG, so no stack may ever show). */
function dipforgeProcess(cwd: string, ...args: string[]): Run {
  const env = { ...process.env };
  delete env['DIPFORGE_DEBUG'];
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env, timeout: 60_000 });
  const run = { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
  // No output, on any stream, of any command, may hold a stack frame.
  expect(run.stdout, 'stack frame on stdout').not.toContain('    at ');
  expect(run.stderr, 'stack frame on stderr').not.toContain('    at ');
  return run;
}

/** Runs the command's `main` in this process, from the repository root. */
async function dipforge(...args: string[]): Promise<Run> {
  const r = await dipforgeIn(ROOT, ...args);
  expect(r.out, 'stack frame on stdout').not.toContain('    at ');
  expect(r.err, 'stack frame on stderr').not.toContain('    at ');
  return { status: r.code, stdout: r.out, stderr: r.err };
}

function lines(s: string): string[] {
  return s.split('\n').filter((l) => l !== '');
}

/** `line:col` (1-based) of the `nth` occurrence of `needle` in `text`. */
function where(text: string, needle: string, nth = 0): string {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' is not in the text`);
  }
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return `${line}:${at - before.lastIndexOf('\n')}`;
}

/** A small variant with problems at known places: a stray character, an unknown province, an army into the sea. */
const BROKEN = `// A variant with errors.
variant broken "Broken" {
  start 1901 spring movement
}

province aaa "Alpha" land supply
province bbb "Beta" coast supply @
province sss "Sea" sea

adjacency {
  army aaa: bbb
  army aaa: sss
  army bbb: zzz
  fleet bbb: sss
}

power one "One" {
  home aaa
  units A aaa
}
`;

let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'dipforge-cli-'));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

/** A fresh folder inside the temporary folder, for one test. */
function folder(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe('dipforge check', () => {
  it('the classic map: exit 0, nothing on stdout, a clean summary (a process)', () => {
    const r = dipforgeProcess(ROOT, 'check', CLASSIC);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual(['0 errors, 0 warnings']);
  });

  it('a file with errors: exit 1, one well-formed line per problem, at the right line and column (a process)', () => {
    const file = join(folder('check-errors'), 'broken.dipmap');
    writeFileSync(file, BROKEN);
    const r = dipforgeProcess(ROOT, 'check', file);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const out = lines(r.stderr);
    const summary = out.pop();
    expect(summary).toMatch(SUMMARY_LINE);
    expect(out.length).toBeGreaterThanOrEqual(3);
    for (const l of out) expect(l).toMatch(DIAGNOSTIC_LINE);
    const at = (code: string): string[] =>
      out.filter((l) => l.endsWith(`[${code}]`)).map((l) => /^(.*):(\d+):(\d+): /.exec(l)!.slice(1).join(':'));
    expect(at('DF1001')).toEqual([`${file}:${where(BROKEN, '@')}`]);
    expect(at('DF2001')).toEqual([`${file}:${where(BROKEN, 'zzz')}`]);
    expect(at('DF3005')).toEqual([`${file}:${where(BROKEN, 'sss', 1)}`]);
    const errors = out.filter((l) => / error: /.test(l)).length;
    expect(summary).toMatch(new RegExp(`^${errors} errors?, `));
  });

  it('a path inside the working folder is printed relative to it (a process)', () => {
    const dir = folder('check-relative');
    writeFileSync(join(dir, 'broken.dipmap'), BROKEN);
    const r = dipforgeProcess(dir, 'check', 'broken.dipmap');
    expect(r.status).toBe(1);
    const out = lines(r.stderr).slice(0, -1);
    for (const l of out) expect(l.startsWith('broken.dipmap:'), l).toBe(true);
    expect(out.find((l) => l.endsWith('[DF2001]'))).toMatch(new RegExp(`^broken\\.dipmap:${where(BROKEN, 'zzz')}: error: .*'zzz'`));
  });

  it('a file with over 250,000 problems: exit 1, a bounded list ending with the count of the rest, no internal error', async () => {
    const file = join(folder('check-huge'), 'huge.dipmap');
    writeFileSync(file, ',:;/-'.repeat(1 << 18));
    const r = await dipforge('check', file);
    expect(r.stderr).not.toContain('internal error');
    expect(r.status).toBe(1);
    const out = lines(r.stderr);
    const summary = /^(\d+) errors?, 0 warnings$/.exec(out[out.length - 1] ?? '');
    expect(summary).not.toBeNull();
    expect(Number(summary![1])).toBe(out.length - 1);
    expect(out.length - 1).toBe(501);
    expect(out[0]).toMatch(DIAGNOSTIC_LINE);
    expect(out[out.length - 2]).toMatch(/: error: \d{6} more syntax errors after this point are not listed \[DF1005\]$/);
  });

  it('a missing file: exit 1 and a diagnostic with a code, not a stack trace', async () => {
    const missing = join(tmp, 'no-such-file.dipmap');
    const r = await dipforge('check', missing);
    expect(r.status).toBe(1);
    const out = lines(r.stderr);
    expect(out[0]).toMatch(DIAGNOSTIC_LINE);
    expect(out[0]).toContain(missing);
    expect(out[0]).toMatch(/\[DF5001\]$/);
  });
});

describe('dipforge compile', () => {
  let stdoutJson = '';

  it('the classic map to standard output: exit 0 and JSON that validates', async () => {
    const r = await dipforge('compile', CLASSIC);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    stdoutJson = r.stdout;
    const config = JSON.parse(r.stdout) as { id: string; provinces: unknown[] };
    const v = validateVariantConfig(config);
    expect(v.ok ? [] : v.errors).toEqual([]);
    expect(config.id).toBe('classic');
    expect(config.provinces).toHaveLength(75);
  });

  it('-o out.json writes the same JSON, prints nothing and leaves no temporary file', async () => {
    const dir = folder('compile-out');
    const out = join(dir, 'out.json');
    const r = await dipforge('compile', CLASSIC, '-o', out);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('');
    const written = readFileSync(out, 'utf8');
    expect(validateVariantConfig(JSON.parse(written)).ok).toBe(true);
    expect(written).toBe(stdoutJson || (await dipforge('compile', CLASSIC)).stdout);
    expect(readdirSync(dir)).toEqual(['out.json']);
  });

  it('--output=FILE works like -o FILE, and replaces an existing file', async () => {
    const dir = folder('compile-output-eq');
    const out = join(dir, 'out.json');
    writeFileSync(out, 'old');
    const r = await dipforge('compile', `--output=${out}`, CLASSIC);
    expect(r.status).toBe(0);
    expect(validateVariantConfig(JSON.parse(readFileSync(out, 'utf8'))).ok).toBe(true);
  });

  it('a broken map: exit 1, diagnostics, and the -o file is neither created nor overwritten', async () => {
    const dir = folder('compile-broken');
    const map = join(dir, 'broken.dipmap');
    writeFileSync(map, BROKEN);
    const fresh = join(dir, 'fresh.json');
    const r = await dipforge('compile', map, '-o', fresh);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(existsSync(fresh)).toBe(false);
    const diagnostics = lines(r.stderr).filter((l) => !l.startsWith('dipforge compile:'));
    expect(diagnostics.length).toBeGreaterThanOrEqual(3);
    for (const l of diagnostics) expect(l).toMatch(DIAGNOSTIC_LINE);

    const kept = join(dir, 'kept.json');
    writeFileSync(kept, 'KEEP');
    const again = await dipforge('compile', map, '-o', kept);
    expect(again.status).toBe(1);
    expect(readFileSync(kept, 'utf8')).toBe('KEEP');
    expect(readdirSync(dir).sort()).toEqual(['broken.dipmap', 'kept.json']);
  });

  it('a broken map without -o prints no JSON', async () => {
    const map = join(folder('compile-broken-stdout'), 'broken.dipmap');
    writeFileSync(map, BROKEN);
    const r = await dipforge('compile', map);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
  });

  it('-o naming a directory: exit 1, a clear message, the directory untouched, no temporary file left', async () => {
    const dir = folder('compile-dir');
    const target = join(dir, 'adir');
    mkdirSync(target);
    const r = await dipforge('compile', CLASSIC, '-o', target);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/^dipforge compile: cannot write /);
    expect(r.stderr).toContain(target);
    expect(statSync(target).isDirectory()).toBe(true);
    expect(readdirSync(target)).toEqual([]);
    expect(readdirSync(dir)).toEqual(['adir']);
  });

  it('-o in a folder that does not exist: exit 1 and a clear message', async () => {
    const target = join(tmp, 'no', 'such', 'folder', 'out.json');
    const r = await dipforge('compile', CLASSIC, '-o', target);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^dipforge compile: cannot write .*out\.json/);
    expect(existsSync(join(tmp, 'no'))).toBe(false);
  });

  it('a missing input file: exit 1 and a diagnostic with a code', async () => {
    const out = join(folder('compile-missing'), 'out.json');
    const r = await dipforge('compile', join(tmp, 'missing.dipmap'), '-o', out);
    expect(r.status).toBe(1);
    expect(lines(r.stderr)[0]).toMatch(DIAGNOSTIC_LINE);
    expect(lines(r.stderr)[0]).toMatch(/\[DF5001\]$/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('dipforge command line mistakes', () => {
  const usage = /usage: dipforge/;

  it('no arguments: exit 2 and the usage text (a process)', () => {
    const r = dipforgeProcess(ROOT);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(usage);
    expect(r.stderr).toContain('check');
    expect(r.stderr).toContain('compile');
  });

  it('an unknown command: exit 2, the command named, and the usage text', async () => {
    const r = await dipforge('frobnicate', CLASSIC);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("'frobnicate'");
    expect(r.stderr).toMatch(usage);
  });

  it('an unknown option: exit 2, the option named, and the usage text (check and compile)', async () => {
    for (const command of ['check', 'compile']) {
      const r = await dipforge(command, '--bogus', CLASSIC);
      expect(r.status, command).toBe(2);
      expect(r.stderr).toContain('--bogus');
      expect(r.stderr).toMatch(usage);
      expect(r.stdout).toBe('');
    }
  });

  it('a command without its file, or -o without a value: exit 2 and the usage text', async () => {
    for (const args of [['check'], ['compile'], ['compile', CLASSIC, '-o'], ['compile', CLASSIC, CLASSIC]]) {
      const r = await dipforge(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(usage);
    }
  });

  it('--help and --version: exit 0 on standard output (a process)', () => {
    const help = dipforgeProcess(ROOT, '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(usage);
    const version = dipforgeProcess(ROOT, '--version');
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^dipforge \d+\.\d+\.\d+\n$/);
  });
});

describe('a reader that stops early', () => {
  it('`dipforge adjudicate … | head`: the closed pipe ends the command quietly, exit 0, no stack', async () => {
    const env = { ...process.env };
    delete env['DIPFORGE_DEBUG'];
    const child = spawn(process.execPath, [BIN, 'adjudicate', 'variants/classic/examples/1901.dipgame'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader goes away before the command writes anything, so its first write meets a closed pipe.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const status = await new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    expect(stderr).not.toContain('EPIPE');
    expect(stderr).not.toContain('    at ');
    expect(status).toBe(0);
  });
});
