/**
 * Where files come from. The command line reads the disk; the language server
 * will answer from its open documents first. Paths are absolute.
 */
import { existsSync, lstatSync, readdirSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { refusal, whereabouts, type Refusal } from './inside.js';
import { diskStamp, type FileStamp } from './file-stamp.js';
import { readTextFile, systemError, type ReadProblem } from './read-text.js';

/** A path with its symbolic links followed; undefined when they lead to no file or round in a loop. */
export type RealPath = (path: string) => string | undefined;

export interface FileHost {
  /** The file's text, or undefined when it cannot be read. */
  read(path: string): string | undefined;
  /** Why `read` gave nothing for a path (a folder, a named pipe, a byte that is not UTF-8, …), when the host can tell. */
  problem?(path: string): ReadProblem | undefined;
  /** Whether a folder contains an entry of this name (used to find the project folder). */
  exists(path: string): boolean;
  /** File names in a folder (not recursive); empty when the folder cannot be read. */
  list(dir: string): string[];
  /**
   * The path with its symbolic links followed, so that a file named inside the
   * project folder but stored outside it is known (see `inside.ts`).
   * Hosts without links (files in memory) leave it out.
   */
  realPath?: RealPath;
  /**
   * The file's (or folder's) metadata, when it can tell that the file still holds
   * the text it held when last read under the same stamp (`file-stamp.ts`).
   * Hosts that leave it out, or give undefined, are read every time.
   */
  stamp?(path: string): FileStamp | undefined;
}

/**
 * The real path of a file on disk. A file that does not exist (yet) has the
 * real path of its folder and its own name, so an unsaved document or a missing
 * import is judged by where it would be; a link to nothing, a loop or a folder
 * that cannot be entered has none.
 */
export function realPathOnDisk(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
  }
  try {
    // Something is there, so the missing file is where a link points: a link to nothing.
    lstatSync(path);
    return undefined;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
  }
  const parent = dirname(path);
  if (parent === path) return path;
  const real = realPathOnDisk(parent);
  return real === undefined ? undefined : join(real, basename(path));
}

export const diskHost: FileHost = {
  read(path) {
    const read = readTextFile(path);
    return read.ok ? read.text : undefined;
  },
  problem(path) {
    const read = readTextFile(path);
    return read.ok ? undefined : read.problem;
  },
  exists(path) {
    return existsSync(path);
  },
  list(dir) {
    try {
      return readdirSync(dir);
    } catch (e) {
      systemError(e);
      return [];
    }
  },
  realPath: realPathOnDisk,
  stamp: diskStamp,
};

const PROJECT_MARKERS = ['dipforge.json', 'package.json', '.git'];

/** The nearest folder above a file that holds a project marker, else the file's own folder. */
export function projectFolder(file: string, host: FileHost): string {
  const own = dirname(file);
  let dir = own;
  for (;;) {
    if (PROJECT_MARKERS.some((m) => host.exists(join(dir, m)))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return own;
    dir = parent;
  }
}

/**
 * The absolute path that `written` names from the file `from` when it lies in
 * `from`'s project folder (the nearest folder above it with a project marker),
 * else why it is refused. Nothing is read.
 */
export function projectPath(from: string, written: string, host: FileHost): { path: string } | Refusal {
  const path = resolve(dirname(from), written);
  const project = projectFolder(from, host);
  const where = whereabouts(path, project, host.realPath?.bind(host));
  return where === 'inside' ? { path } : refusal(where, written, `the project folder ${project}`);
}

/**
 * Files held in memory: absolute paths to texts, folders implied by the paths.
 * For tests, and for an editor's unsaved documents.
 */
export class MemoryHost implements FileHost {
  readonly files: Map<string, string>;
  /** Every path read, in order (tests use it to see what was loaded). */
  readonly reads: string[] = [];

  constructor(files: Record<string, string> | Map<string, string>) {
    this.files = files instanceof Map ? files : new Map(Object.entries(files));
  }

  read(path: string): string | undefined {
    this.reads.push(path);
    return this.files.get(path);
  }

  exists(path: string): boolean {
    if (this.files.has(path)) return true;
    const prefix = `${path}/`;
    for (const f of this.files.keys()) if (f.startsWith(prefix)) return true;
    return false;
  }

  list(dir: string): string[] {
    const out: string[] = [];
    for (const f of this.files.keys()) if (dirname(f) === dir) out.push(f.slice(dir.length + 1));
    return out;
  }
}
