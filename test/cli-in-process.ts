/**
 * The `dipforge` command run in this process (as `main` is called by the
 * binary), in a folder of its own with files a test writes there: faster than
 * a child process, and the same code path from the arguments to the exit code.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { main } from '@dipforge/cli';

export interface Run {
  code: number;
  out: string;
  err: string;
}

/** Runs the command in `cwd`; no output may ever hold a stack frame. */
export async function dipforgeIn(cwd: string, ...args: string[]): Promise<Run> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), cwd });
  expect(`${out}${err}`, 'a stack frame in the output').not.toMatch(/\n\s+at .+:\d+:\d+/);
  return { code, out, err };
}

/** A scratch folder with a project marker (so imports resolve inside it); `remove` deletes it. */
export function scratchFolder(): { dir: string; write: (name: string, content: string | Uint8Array) => string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'dipforge-bad-input-'));
  writeFileSync(join(dir, 'package.json'), '{}');
  return {
    dir,
    write: (name, content) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The length of the longest line of a text. */
export function longestLine(text: string): number {
  let most = 0;
  for (const line of text.split('\n')) most = Math.max(most, line.length);
  return most;
}
