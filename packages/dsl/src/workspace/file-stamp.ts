/**
 * What a file's metadata says of its content, so that a loader kept across many
 * games (a whole `dipforge test` run) can tell a file it has read is unchanged
 * with one stat instead of reading, decoding and comparing its text again.
 *
 * A stamp is given only for a file that has stood still for a while: a write
 * within the file system's timestamp tick of the last one may leave the same
 * size and times, so a file changed moments ago has no stamp and is read as
 * before, until it has settled. Any later write then moves its times past the
 * ones kept; a change of its modification time by hand (or of its mode) moves
 * its change time.
 */
import { statSync } from 'node:fs';

export interface FileStamp {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
}

/** How long a file must have stood unchanged before its stamp is trusted, in milliseconds. */
const SETTLED_MS = 2000;

/** The stamp of a file or folder on disk, or undefined when it cannot be told (missing, unreadable, changed moments ago). */
export function diskStamp(path: string): FileStamp | undefined {
  let stats;
  try {
    stats = statSync(path, { throwIfNoEntry: false });
  } catch {
    // A loop of links or a folder that cannot be entered: the read says why.
    return undefined;
  }
  if (stats === undefined || Date.now() - stats.mtimeMs < SETTLED_MS) return undefined;
  return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs };
}

export function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.dev === b.dev;
}

/**
 * `stamp` asked once per path, its answer (none included) given again after: for one pass over
 * files taken to stand still while it lasts (`GameWorkspace.forOnePass`), where every game of a
 * folder would otherwise stat the same variant files and edition presets again.
 */
export function stampedOnce(stamp: (path: string) => FileStamp | undefined): (path: string) => FileStamp | undefined {
  const known = new Map<string, FileStamp | undefined>();
  return (path) => {
    if (known.has(path)) return known.get(path);
    const found = stamp(path);
    known.set(path, found);
    return found;
  };
}
