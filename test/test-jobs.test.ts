/**
 * `dipforge test --jobs N` prints the same bytes and exits with the same code as one thread, over
 * a folder of passing and failing games (changed results, broken lines, a file that is no text),
 * nested in sub-folders so that the order of the report is the walk's, not the finishing order.
 * The command uses fewer threads than N where more would not pay (`threadsFor`); the runs here
 * are made to use N, as well as the number the command picks.
 */
import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { dipforgeIn, scratchFolder, type Run } from './cli-in-process.js';
import { test } from '../packages/cli/dist/commands/test.js';
import { CORES_PER_THREAD, CROWDED_THREAD_BYTES, ROOMY_THREAD_BYTES, fileSizes, largestFirst, roomyThreads, threadsFor } from '../packages/cli/dist/commands/test-jobs.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RULES = join(ROOT, 'test', 'rules');

/** `dipforge test ARGS…` in `cwd` on exactly the threads `--jobs` asks for, however few the cores or the bytes. */
async function testOnJobs(cwd: string, ...args: string[]): Promise<Run> {
  let out = '';
  let err = '';
  let asked = 0;
  const exactly = (jobs: number): number => {
    asked++;
    return jobs;
  };
  const code = await test(args, { out: (s) => (out += s), err: (s) => (err += s), cwd }, exactly);
  // The run took its threads from here (so that they are the N asked for).
  expect(asked).toBe(1);
  return { code, out, err };
}

describe('dipforge test --jobs', () => {
  const scratch = scratchFolder();
  afterAll(() => scratch.remove());
  const names = readdirSync(RULES).filter((n) => n.endsWith('.dipgame')).sort().slice(0, 40);
  let broken = 0;
  names.forEach((name, i) => {
    const text = readFileSync(join(RULES, name), 'utf8');
    const folder = `part-${i % 3}`;
    mkdirSync(join(scratch.dir, folder), { recursive: true });
    // Every fourth game with its first result turned round; every seventh with a line that is no statement.
    let changed = text;
    if (i % 4 === 1 && /\[succeeds\]|\[fails\]/.test(text)) changed = text.replace(/\[(succeeds|fails)\]/, (_, r) => (r === 'succeeds' ? '[fails]' : '[succeeds]'));
    if (i % 7 === 3) changed = `${changed}\nphase spring 1901 movement\n  england:\n    F lon ~~ nth\n`;
    if (changed !== text) broken++;
    scratch.write(join(folder, name), changed);
  });
  scratch.write('not-text.dipgame', new Uint8Array([0x76, 0xff, 0xfe, 0x0a]));

  it('gives one thread\'s output, byte for byte, on 2 and 3 threads', async () => {
    const one = await dipforgeIn(scratch.dir, 'test', '.');
    // Failures are in it, so the comparison is not of empty reports.
    expect(one.code).toBe(1);
    const failedLines = one.out.split('\n').filter((l) => /^part-\d\/|^not-text/.test(l));
    expect(failedLines.length).toBeGreaterThanOrEqual(broken);
    expect(one.out).toMatch(new RegExp(`${names.length + 1 - failedLines.length} passed, ${failedLines.length} failed\\n$`));
    for (const jobs of ['2', '3']) {
      const many = await testOnJobs(scratch.dir, '.', '--jobs', jobs);
      expect(many.code).toBe(one.code);
      expect(many.out).toBe(one.out);
      expect(many.err).toBe(one.err);
      // And on as many threads as the command picks for this machine.
      expect(await dipforgeIn(scratch.dir, 'test', '.', '--jobs', jobs)).toEqual(one);
    }
  });

  it('gives the same for files named one by one, a file named twice and a missing one', async () => {
    const files = ['part-1/' + names[1], 'missing.dipgame', 'part-0/' + names[0], 'part-1/' + names[1], 'part-2/' + names[5]];
    const one = await dipforgeIn(scratch.dir, 'test', ...files);
    const many = await testOnJobs(scratch.dir, '-j', '4', ...files);
    expect(one.out).toContain('missing.dipgame: cannot read');
    expect(many).toEqual(one);
  });

  it('gives the same over many files whose sizes run against their names, one failing and one with errors', async () => {
    // Files are handed out largest first: here the largest come last by name, so the threads
    // finish in an order far from the report's.
    const many = scratchFolder();
    try {
      const count = 36;
      const texts = names.slice(0, 12).map((name) => readFileSync(join(RULES, name), 'utf8'));
      const pad = '// padding to make this file larger than the ones named before it\n';
      // Each file longer than the one before it by more than any of the games.
      const step = Math.ceil(Math.max(...texts.map((t) => t.length)) / pad.length) + 1;
      // The file whose first result is turned round: one (past the first twelve) whose game has a result.
      const flipped = 12 + texts.findIndex((t) => /\[(succeeds|fails)\]/.test(t));
      expect(flipped).toBeGreaterThanOrEqual(12);
      for (let i = 0; i < count; i++) {
        let body = `${texts[i % texts.length]!}\n${pad.repeat(i * step)}`;
        if (i === flipped) body = body.replace(/\[(succeeds|fails)\]/, (_, r) => (r === 'succeeds' ? '[fails]' : '[succeeds]'));
        if (i === 29) body = `${body}\nphase spring 1901 movement\n  england:\n    F lon ~~ nth\n`;
        many.write(`game-${String(i).padStart(2, '0')}.dipgame`, body);
      }
      const files = readdirSync(many.dir).filter((n) => n.endsWith('.dipgame')).sort();
      expect(largestFirst(fileSizes(files.map((n) => join(many.dir, n))))).toEqual(files.map((_, i) => count - 1 - i));
      const one = await dipforgeIn(many.dir, 'test', '.');
      expect(one.code).toBe(1);
      expect(one.out).toMatch(new RegExp(`^game-${flipped}\\.dipgame:\\d+:\\d+: .*\ngame-29\\.dipgame:\\d+:\\d+: .*\n34 passed, 2 failed\n$`));
      for (const jobs of ['2', '5']) expect(await testOnJobs(many.dir, '.', '--jobs', jobs)).toEqual(one);
    } finally {
      many.remove();
    }
  });

  it('hands files out largest first, ties and unreadable files in their order', () => {
    const sized = scratchFolder();
    try {
      const lengths = [5, 300, 5, 0, 42, 300, 1];
      const files = lengths.map((n, i) => sized.write(`f${i}.dipgame`, 'x'.repeat(n)));
      files.push(join(sized.dir, 'missing.dipgame'));
      const sizes = fileSizes(files);
      expect(sizes).toEqual([...lengths, 0]);
      const order = largestFirst(sizes);
      // A permutation of the files, by size from the largest, ties in the files' order.
      expect([...order].sort((a, b) => a - b)).toEqual(files.map((_, i) => i));
      expect(order).toEqual([1, 5, 4, 0, 2, 6, 3, 7]);
    } finally {
      sized.remove();
    }
  });

  it('uses threads beyond what the cores hold only for runs that pay for their warm-up', () => {
    // Sizes of so many files, adding up to `bytes`.
    const files = (count: number, bytes: number): number[] => Array.from({ length: count }, (_, i) => Math.floor(bytes / count) + (i < bytes % count ? 1 : 0));
    const mb = 1 << 20;
    // Two cores hold one thread (with its compiler threads); a second pays only on a long run.
    expect(roomyThreads(2, 2)).toBe(1);
    expect(threadsFor(2, files(300, 9.4 * mb), 2)).toBe(1);
    expect(threadsFor(2, files(300, 2 * CROWDED_THREAD_BYTES - 1), 2)).toBe(1);
    expect(threadsFor(2, files(300, 2 * CROWDED_THREAD_BYTES), 2)).toBe(2);
    expect(threadsFor(8, files(300, 100 * CROWDED_THREAD_BYTES), 2)).toBe(2);
    // Many cores: the threads that have about one and a half cores each, when each has a megabyte.
    expect(roomyThreads(16, 8)).toBe(Math.floor(8 / CORES_PER_THREAD));
    expect(roomyThreads(3, 8)).toBe(3);
    expect(threadsFor(4, files(300, 9.4 * mb), 8)).toBe(4);
    expect(threadsFor(4, files(300, 3 * ROOMY_THREAD_BYTES), 8)).toBe(3);
    expect(threadsFor(16, files(300, 9.4 * mb), 8)).toBe(5);
    expect(threadsFor(16, files(300, 9 * CROWDED_THREAD_BYTES), 8)).toBe(8);
    // Never more than asked for or than the files, never none.
    expect(threadsFor(1, files(300, 100 * CROWDED_THREAD_BYTES), 8)).toBe(1);
    expect(threadsFor(8, files(3, 100 * CROWDED_THREAD_BYTES), 8)).toBe(3);
    expect(threadsFor(4, [], 8)).toBe(1);
    expect(threadsFor(4, files(10, 1000), 8)).toBe(1);
  });

  it('refuses a count that is no whole number or out of range, with the usage', async () => {
    for (const bad of ['0', '65', 'two', '1.5']) {
      const r = await dipforgeIn(scratch.dir, 'test', '.', '--jobs', bad);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(/^dipforge test: .*--jobs.*\nusage: dipforge test/);
    }
  });
});
