/**
 * Where the server reads files: the open documents first (their unsaved text),
 * then the disk, with disk reads cached while the file's modification time and
 * size are unchanged. A file larger than MAX_FILE_BYTES reads as no file, so
 * nothing the server does (a check, an import, a pass over the workspace) ever
 * parses one. Paths are absolute; documents that are not files get a made-up
 * path in a folder of their own.
 */
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { diskHost, type FileHost, type ReadProblem } from '@dipforge/dsl';
import { MAX_FILE_BYTES, overLimit } from './limits.js';

export class LayeredHost implements FileHost {
  /** Open documents: path → text. */
  readonly overlay = new Map<string, string>();
  /** Files read from the disk (a file whose time and size did not change is not read again). */
  diskReads = 0;
  private readonly cache = new Map<string, { mtime: number; size: number; text: string | undefined }>();

  constructor(private readonly base: FileHost = diskHost) {}

  read(path: string): string | undefined {
    const open = this.overlay.get(path);
    if (open !== undefined) return overLimit(open) ? undefined : open;
    if (this.base !== diskHost) {
      const text = this.base.read(path);
      return text === undefined || overLimit(text) ? undefined : text;
    }
    const st = statOf(path);
    if (!st) {
      this.cache.delete(path);
      return undefined;
    }
    const hit = this.cache.get(path);
    if (hit && hit.mtime === st.mtime && hit.size === st.size) return hit.text;
    let text: string | undefined;
    if (st.size <= MAX_FILE_BYTES) {
      text = this.base.read(path);
      this.diskReads++;
    }
    this.cache.set(path, { mtime: st.mtime, size: st.size, text });
    return text;
  }

  /** The size of a file in bytes (an open document's text in UTF-8), when it is over MAX_FILE_BYTES. */
  oversize(path: string): number | undefined {
    const open = this.overlay.get(path);
    if (open !== undefined) return overLimit(open) ? Buffer.byteLength(open, 'utf8') : undefined;
    if (this.base !== diskHost) {
      const text = this.base.read(path);
      return text !== undefined && overLimit(text) ? Buffer.byteLength(text, 'utf8') : undefined;
    }
    const size = statOf(path)?.size;
    return size !== undefined && size > MAX_FILE_BYTES ? size : undefined;
  }

  /** Why a file on the disk could not be read (an open document always can). */
  problem(path: string): ReadProblem | undefined {
    return this.overlay.has(path) ? undefined : this.base.problem?.(path);
  }

  exists(path: string): boolean {
    if (this.overlay.has(path)) return true;
    const prefix = `${path}/`;
    for (const f of this.overlay.keys()) if (f.startsWith(prefix)) return true;
    return this.base.exists(path);
  }

  list(dir: string): string[] {
    const out = new Set(this.base.list(dir));
    for (const f of this.overlay.keys()) if (dirname(f) === dir) out.add(f.slice(dir.length + 1));
    return [...out];
  }

  /**
   * Real paths come from the disk (the DSL's `workspace/inside.ts` judges the
   * files a map or game names by them); an open document that is no file there
   * (unsaved, untitled) is read from memory, so its own path is its real path.
   */
  realPath(path: string): string | undefined {
    const real = this.base.realPath ? this.base.realPath(path) : path;
    return real === undefined && this.overlay.has(path) ? path : real;
  }

  /** Forgets cached disk reads (a watched file changed). */
  invalidate(path?: string): void {
    if (path === undefined) this.cache.clear();
    else this.cache.delete(path);
  }
}

/** A file's modification time and size, or undefined when it is no file. */
export function statOf(path: string): { mtime: number; size: number } | undefined {
  try {
    const st = statSync(path);
    return st.isFile() ? { mtime: st.mtimeMs, size: st.size } : undefined;
  } catch {
    return undefined;
  }
}

const UNTITLED = '/__dipforge_untitled__';

/** The path a document URI stands for. */
export function uriToPath(uri: string): string {
  if (uri.startsWith('file:')) {
    try {
      return fileURLToPath(uri);
    } catch {
      // fall through to a made-up path
    }
  }
  const ext = /\.(dipmap|dipgame)$/i.exec(uri)?.[0] ?? '';
  return `${UNTITLED}/${encodeURIComponent(uri)}${ext.toLowerCase()}`;
}

export function pathToUri(path: string): string {
  if (path.startsWith(`${UNTITLED}/`)) {
    const rest = path.slice(UNTITLED.length + 1).replace(/\.(dipmap|dipgame)$/, '');
    return decodeURIComponent(rest);
  }
  return pathToFileURL(path).href;
}

export type Language = 'map' | 'game';

export function languageOf(path: string): Language | undefined {
  if (path.toLowerCase().endsWith('.dipmap')) return 'map';
  if (path.toLowerCase().endsWith('.dipgame')) return 'game';
  return undefined;
}
