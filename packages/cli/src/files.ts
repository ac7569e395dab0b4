import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Writes all of a file or none of it: a temporary file beside the target, then a rename. */
export function writeFileAtomic(target: string, text: string): true | string {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text, 'utf8');
    renameSync(temp, target);
    return true;
  } catch (e) {
    rmSync(temp, { force: true });
    return e instanceof Error ? e.message.replace(/^[A-Z]+: /, '') : String(e);
  }
}

/** Reads an input file, or says why it cannot be read (`no such file`, `a folder, not a file`, …). */
export function readInputFile(path: string): { text: string } | { error: string } {
  try {
    return { text: readFileSync(path, 'utf8') };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { error: code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : e instanceof Error ? e.message : String(e) };
  }
}
