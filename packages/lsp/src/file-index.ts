/**
 * The workspace's .dipmap and .dipgame files, found by walking the workspace
 * folders, each with the modification time and size it had when last seen.
 * The index only lists and stats: reading and parsing are left to the
 * requests that need a file, through the host, which reads a file again only
 * when its time or size changed. So walking again costs a directory listing
 * and a stat per file, and a file that did not change is never read twice.
 * Files over MAX_FILE_BYTES are set aside (`skipped`), never listed.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { isInside, realPathOnDisk, whereabouts } from '@dipforge/dsl';
import { languageOf, statOf, type Language } from './host.js';
import { MAX_FILE_BYTES } from './limits.js';
import type { Pace } from './pace.js';

/** Folders that hold no sources of the workspace (dependencies, build output, version control). */
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test']);
/** Bounds for a folder that is not a project (a home folder opened by mistake). */
const MAX_FILES = 20_000;
const MAX_DEPTH = 12;

export interface Stamp {
  mtime: number;
  size: number;
}

export class FileIndex {
  private readonly listed = new Map<string, Stamp>();
  private readonly oversized = new Map<string, Stamp>();
  /** Files whose time or size changed since they were last seen (new ones included), over all walks and updates. */
  changes = 0;

  /** The listed files (under the size limit), of one language or both, sorted. */
  paths(language?: Language): string[] {
    return [...this.listed.keys()].filter((f) => !language || languageOf(f) === language).sort();
  }

  /** Files set aside because they are over MAX_FILE_BYTES, sorted. */
  skipped(): string[] {
    return [...this.oversized.keys()].sort();
  }

  /** Looks at one file again (a watched-file event, a document opened): records its stamp, or forgets it when it is gone. */
  see(path: string): void {
    if (!languageOf(path)) return;
    const st = statOf(path);
    if (!st) {
      this.forget(path);
      return;
    }
    const before = this.listed.get(path) ?? this.oversized.get(path);
    if (before && before.mtime === st.mtime && before.size === st.size) return;
    this.changes++;
    this.forget(path);
    (st.size > MAX_FILE_BYTES ? this.oversized : this.listed).set(path, st);
  }

  forget(path: string): void {
    this.listed.delete(path);
    this.oversized.delete(path);
  }

  /** Walks the folders at once (tests, and a workspace used in process). */
  walkSync(folders: readonly string[]): void {
    const seen = new Set<string>();
    for (const path of candidates(folders)) {
      seen.add(path);
      this.see(path);
    }
    this.drop(folders, seen);
  }

  /** Walks the folders a file at a time, giving way to other work between files; throws `Cancelled` when `pace` is cancelled. */
  async walk(folders: readonly string[], pace: Pace): Promise<void> {
    const seen = new Set<string>();
    for (const path of candidates(folders)) {
      await pace.step();
      seen.add(path);
      this.see(path);
    }
    this.drop(folders, seen);
  }

  /** After a whole walk: files inside the folders that it did not find are gone. */
  private drop(folders: readonly string[], seen: Set<string>): void {
    for (const path of [...this.listed.keys(), ...this.oversized.keys()]) {
      if (!seen.has(path) && folders.some((f) => isInside(path, f))) this.forget(path);
    }
  }
}

/** The .dipmap and .dipgame files below the folders, a directory listing at a time. */
function* candidates(folders: readonly string[]): Generator<string> {
  let count = 0;
  const stack: { dir: string; depth: number; top: string }[] = folders.map((dir) => ({ dir, depth: 0, top: dir })).reverse();
  while (stack.length > 0 && count < MAX_FILES) {
    const { dir, depth, top } = stack.pop() as { dir: string; depth: number; top: string };
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    const below: string[] = [];
    for (const e of entries) {
      if (e.isDirectory()) {
        if (depth < MAX_DEPTH && !SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) below.push(join(dir, e.name));
      } else if (languageOf(e.name)) {
        const path = join(dir, e.name);
        // A symbolic link to a file outside the folder is not the workspace's: it is not read, as imports are not.
        if (e.isSymbolicLink() && whereabouts(path, top, realPathOnDisk) !== 'inside') continue;
        count++;
        yield path;
        if (count >= MAX_FILES) return;
      }
    }
    for (const d of below.reverse()) stack.push({ dir: d, depth: depth + 1, top });
  }
}
