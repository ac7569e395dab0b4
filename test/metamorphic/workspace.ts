/**
 * One game workspace for the metamorphic tests, over a file host that reads
 * each file from disk once: the game runner asks for the variant's and the
 * editions' files again at every game (an editor's files change between
 * runs), and the tests run thousands of games over files that do not change.
 */
import { diskHost, GameWorkspace, VariantLoader, type FileHost } from '@dipforge/dsl';

const texts = new Map<string, string | undefined>();
const exists = new Map<string, boolean>();
const lists = new Map<string, string[]>();

/** The disk, each file read once. */
export const diskOnce: FileHost = {
  read: (path) => (texts.has(path) ? texts.get(path) : (texts.set(path, diskHost.read(path)), texts.get(path))),
  exists: (path) => exists.get(path) ?? (exists.set(path, diskHost.exists(path)), exists.get(path)!),
  list: (dir) => lists.get(dir) ?? (lists.set(dir, diskHost.list(dir)), lists.get(dir)!),
};

/** A workspace over `host` (default: the disk, each file read once). */
export function testWorkspace(host: FileHost = diskOnce): GameWorkspace {
  return new GameWorkspace(new VariantLoader({ host }));
}

export const workspace = testWorkspace();
