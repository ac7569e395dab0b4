/**
 * Where the server reads files: the open documents first (their unsaved text),
 * then the disk, with disk reads cached while the file's modification time and
 * size are unchanged. Paths are absolute; documents that are not files get a
 * made-up path in a folder of their own.
 */
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { diskHost, type FileHost, type ReadProblem } from '@dipforge/dsl';

export class LayeredHost implements FileHost {
  /** Open documents: path → text. */
  readonly overlay = new Map<string, string>();
  private readonly cache = new Map<string, { mtime: number; size: number; text: string | undefined }>();

  constructor(private readonly base: FileHost = diskHost) {}

  read(path: string): string | undefined {
    const open = this.overlay.get(path);
    if (open !== undefined) return open;
    if (this.base !== diskHost) return this.base.read(path);
    let mtime = -1;
    let size = -1;
    try {
      const st = statSync(path);
      mtime = st.mtimeMs;
      size = st.size;
    } catch {
      this.cache.delete(path);
      return undefined;
    }
    const hit = this.cache.get(path);
    if (hit && hit.mtime === mtime && hit.size === size) return hit.text;
    const text = this.base.read(path);
    this.cache.set(path, { mtime, size, text });
    return text;
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

  /** Forgets cached disk reads (a watched file changed). */
  invalidate(path?: string): void {
    if (path === undefined) this.cache.clear();
    else this.cache.delete(path);
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
