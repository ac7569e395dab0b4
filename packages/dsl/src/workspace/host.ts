/**
 * Where files come from. The command line reads the disk; the language server
 * will answer from its open documents first. Paths are absolute.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, isAbsolute, sep } from 'node:path';
import { readTextFile, systemError, type ReadProblem } from './read-text.js';

export interface FileHost {
  /** The file's text, or undefined when it cannot be read. */
  read(path: string): string | undefined;
  /** Why `read` gave nothing for a path (a folder, a named pipe, a byte that is not UTF-8, …), when the host can tell. */
  problem?(path: string): ReadProblem | undefined;
  /** Whether a folder contains an entry of this name (used to find the project folder). */
  exists(path: string): boolean;
  /** File names in a folder (not recursive); empty when the folder cannot be read. */
  list(dir: string): string[];
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

/** Whether `path` lies inside `folder` (or is it). */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
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
