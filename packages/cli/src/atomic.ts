/**
 * Writing a file all or nothing: the text goes to a temporary file beside the
 * file it replaces, which is then renamed over it, so a failure part-way (a
 * full disk, an interrupted run) never leaves half a file.
 *
 * What a user set up is kept: a file that exists keeps its mode (permissions);
 * a symbolic link is written through (the file it leads to is replaced, beside
 * itself, and the link stays a link); a file that may not be written (no write
 * permission) is not replaced; a device such as `/dev/null` is written to, not
 * replaced. A link that leads to no file or round in a loop is not written.
 */
import { accessSync, chmodSync, constants, lstatSync, realpathSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Where the text goes: a file to replace by a rename (with the mode to keep), or a device to write to. */
type Destination = { kind: 'replace'; path: string; mode?: number } | { kind: 'device'; path: string } | { kind: 'refused'; why: string };

/** Writes `text` (or bytes, such as a PNG picture) to `target` whole or not at all; true, or why it was not written. */
export function writeFileAtomic(target: string, text: string | Uint8Array): true | string {
  const to = destination(target);
  if (to.kind === 'refused') return to.why;
  if (to.kind === 'device') return attempt(() => writeFileSync(to.path, text, 'utf8'));
  const temp = join(dirname(to.path), `.${basename(to.path)}.${process.pid}.tmp`);
  const done = attempt(() => {
    // A temporary file left by an earlier run of the same process id is stale; a new one is created, never followed.
    rmSync(temp, { force: true });
    writeFileSync(temp, text, { encoding: 'utf8', flag: 'wx' });
    if (to.mode !== undefined) chmodSync(temp, to.mode);
    renameSync(temp, to.path);
  });
  if (done !== true) rmSync(temp, { force: true });
  return done;
}

/** The file a write to `target` replaces: the target, or the file its symbolic link leads to. */
function destination(target: string): Destination {
  let stats: Stats;
  try {
    stats = lstatSync(target);
  } catch (e) {
    return errorCode(e) === 'ENOENT' ? { kind: 'replace', path: target } : { kind: 'refused', why: reason(e) };
  }
  let path = target;
  if (stats.isSymbolicLink()) {
    try {
      path = realpathSync.native(target);
      stats = statSync(path);
    } catch (e) {
      const code = errorCode(e);
      if (code === 'ENOENT') return { kind: 'refused', why: 'it is a symbolic link to a file that does not exist' };
      if (code === 'ELOOP') return { kind: 'refused', why: 'it is a symbolic link that leads round in a loop' };
      return { kind: 'refused', why: reason(e) };
    }
  }
  if (stats.isDirectory()) return { kind: 'refused', why: 'a folder, not a file' };
  if (!stats.isFile()) return { kind: 'device', path };
  try {
    // The rename would replace a file its owner made read-only; a plain write would be refused, and so is this.
    accessSync(path, constants.W_OK);
  } catch (e) {
    return { kind: 'refused', why: reason(e) };
  }
  return { kind: 'replace', path, mode: stats.mode & 0o7777 };
}

function attempt(write: () => void): true | string {
  try {
    write();
    return true;
  } catch (e) {
    return reason(e);
  }
}

function errorCode(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException | undefined)?.code;
}

/** A system error's message without its code prefix (`EACCES: permission denied, …` → `permission denied, …`). */
function reason(e: unknown): string {
  return e instanceof Error ? e.message.replace(/^[A-Z]+: /, '') : String(e);
}
