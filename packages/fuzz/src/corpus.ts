/**
 * The files the fuzzers mutate: the repository's own maps and games, which
 * reach every part of both languages. Paths are relative to the repository
 * root (forward slashes), so an input is named the same on every machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

export interface CorpusFile {
  /** Relative to the repository root, with `/`. */
  rel: string;
  kind: 'map' | 'game';
  bytes: Buffer;
}

/**
 * The built-in variants and editions, the DATC cases, the rule cases, the imported games, and the
 * variant, feature and order-language games (maps beside their games, other languages).
 */
export const CORPUS_FOLDERS: readonly string[] = ['variants', 'test/datc', 'test/rules', 'test/games', 'test/variants', 'test/variants-features', 'test/order-languages'];

/** The language-server fuzzer's workspace: maps with their games and every kind of game, without the DATC's hundreds. */
export const LSP_FOLDERS: readonly string[] = CORPUS_FOLDERS.filter((f) => f !== 'test/datc');

export interface Corpus {
  files: CorpusFile[];
  /** For each map, the games that play it (a map nothing plays, an edition say, gets every game). */
  gamesOf(rel: string): string[];
}

export function loadCorpus(root: string, folders: readonly string[] = CORPUS_FOLDERS): Corpus {
  const files: CorpusFile[] = [];
  const walk = (rel: string): void => {
    let entries;
    try {
      entries = readdirSync(join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    // Sorted, so that input N names the same file on every machine.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const child = posix.join(rel, e.name);
      if (e.isDirectory()) walk(child);
      else if (e.isFile() && (e.name.endsWith('.dipmap') || e.name.endsWith('.dipgame'))) {
        files.push({ rel: child, kind: e.name.endsWith('.dipmap') ? 'map' : 'game', bytes: readFileSync(join(root, rel, e.name)) });
      }
    }
  };
  for (const f of folders) walk(f);
  const games = files.filter((f) => f.kind === 'game');
  const byMap = new Map<string, string[]>();
  for (const g of games) {
    const map = variantOf(g);
    if (!map) continue;
    const list = byMap.get(map) ?? [];
    list.push(g.rel);
    byMap.set(map, list);
  }
  const all = games.map((g) => g.rel);
  return { files, gamesOf: (rel) => byMap.get(rel) ?? all };
}

/** The map a game plays, read from its `variant` line (a built-in name or a path relative to the game). */
function variantOf(game: CorpusFile): string | undefined {
  const m = /^\s*variant\s+(?:"([^"\n]+)"|(\S+))/m.exec(game.bytes.toString('utf8'));
  if (!m) return undefined;
  if (m[1] !== undefined) return posix.normalize(posix.join(posix.dirname(game.rel), m[1]));
  return `variants/${m[2]}/${m[2]}.dipmap`;
}
