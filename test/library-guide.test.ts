/**
 * docs/LIBRARY.md cannot rot: every JavaScript example in it is written to a folder of its own
 * (with the workspace's packages linked as its node_modules) and run with node (one process for
 * all of them, each example a module of its own: test/helpers/run-modules.mjs), and every Python
 * example is run with Debian's python3 against `dipforge serve --stdio`; each must exit 0 with
 * nothing on standard error (the examples assert what they claim). The guide's table of the
 * protocol's methods is the schema's list.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GUIDE = readFileSync(join(ROOT, 'docs', 'LIBRARY.md'), 'utf8');
/** Debian's python3 where it is; otherwise the first on the path. */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** The fenced blocks of a language, with the line each starts on. */
function blocks(language: string): { line: number; code: string }[] {
  const out: { line: number; code: string }[] = [];
  const lines = GUIDE.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```' + language) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end] !== '```') end++;
    out.push({ line: start, code: lines.slice(start, end).join('\n') });
    i = end;
  }
  return out;
}

describe('docs/LIBRARY.md', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dipforge-guide-'));
  mkdirSync(join(dir, 'node_modules', '@dipforge'), { recursive: true });
  for (const p of ['engine', 'dsl']) symlinkSync(join(ROOT, 'packages', p), join(dir, 'node_modules', '@dipforge', p), 'dir');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const js = blocks('js');
  it('has the examples the guide promises', () => {
    expect(js.length).toBeGreaterThanOrEqual(10);
    expect(blocks('python').length).toBe(1);
  });

  // One node process runs every example in turn, each as its own module file (test/helpers/run-modules.mjs);
  // that process must end by itself, as each example's own `node FILE` would.
  let ran: Map<string, { stdout: string; stderr: string; threw: string | null }> | undefined;
  const examples = (): NonNullable<typeof ran> => {
    if (ran) return ran;
    const files = js.map(({ line, code }) => {
      const file = join(dir, `example-${line}.mjs`);
      writeFileSync(file, code);
      return file;
    });
    const run = spawnSync(process.execPath, [join(ROOT, 'test', 'helpers', 'run-modules.mjs'), ...files], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toBe('');
    expect(run.status, 'the process running the examples ends by itself').toBe(0);
    const results = JSON.parse(run.stdout) as { file: string; stdout: string; stderr: string; threw: string | null }[];
    ran = new Map(results.map((r) => [r.file, r]));
    return ran;
  };

  for (const { line } of js) {
    it(`runs the JavaScript example at line ${line}`, () => {
      const run = examples().get(join(dir, `example-${line}.mjs`));
      expect(run).toBeDefined();
      expect(run!.threw).toBeNull();
      expect(run!.stderr).toBe('');
      expect(run!.stdout.length).toBeGreaterThan(0);
    });
  }

  it('runs the Python client against dipforge serve', () => {
    const [python] = blocks('python');
    const file = join(dir, 'client.py');
    writeFileSync(file, python!.code);
    const command = `${process.execPath} ${join(ROOT, 'packages', 'cli', 'bin', 'dipforge.js')}`;
    const run = spawnSync(PYTHON, [file], { cwd: dir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, DIPFORGE: command } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^France may order \d+ orders$/m);
    expect(run.stdout).toMatch(/^A par - bur fails bounced$/m);
    expect(run.stdout).toMatch(/^refused: DF8082 bad-order: /m);
  });

  it("lists the protocol's methods as the schema does", () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'packages', 'engine', 'schema', 'serve-protocol.schema.json'), 'utf8')) as { $defs: Record<string, unknown> };
    const methods = Object.keys(schema.$defs).filter((k) => k.startsWith('params.')).map((k) => k.slice('params.'.length));
    const section = GUIDE.slice(GUIDE.indexOf('| method | params | result |'));
    const listed = [...section.matchAll(/^\| `([a-z]+)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual(methods);
  });
});
