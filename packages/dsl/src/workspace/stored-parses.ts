/**
 * The syntax trees of the built-in `.dipmap` files (the variants and the edition presets),
 * parsed ahead of time by the build (`scripts/map-parses.mjs` writes `dist/parsed/` of this
 * package). A game that names `variant classic` then needs no map grammar: building chevrotain's
 * grammar and parsing the map cost a fresh process (the language server on its first document,
 * `dipforge test`) far more than reading the tree.
 *
 * A stored tree is found by the SHA-256 of the file's text, so a built-in file that was edited
 * (on disk, or unsaved in an editor) is parsed as always; only texts that parse without a
 * diagnostic are stored, so a tree carries nothing of the path it was read from. The store is
 * used only while it is newer than the last build of the packages that make the tree, so that a
 * `tsc -b` that changed the parser is never shadowed by trees the old parser made.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IToken } from 'chevrotain';
import type * as A from '../map/ast.js';
import { mapLexer } from '../lexer.js';
import type { ParsedMap } from '../map/parse.js';
import { LineIndex } from '../text/range.js';
import type { CompiledRecord } from './builtin-compiled.js';

export const STORED_PARSES_FORMAT = 'dipforge-parsed-maps/1' as const;

/** The store's index: the hashes of the texts whose trees it holds, and the built-in variants' compiles. */
export interface StoreIndex {
  format: typeof STORED_PARSES_FORMAT;
  hashes: string[];
  /** Built-in variant id → what its compile read and gave (`builtin-compiled.ts`). */
  compiled: Record<string, CompiledRecord>;
}

/** This module's own URL (one place, so that a bundle that moves the module can say where it is). */
const HERE = import.meta.url;

/** Where the build writes the trees: `dist/parsed/` beside the package's modules. */
export const DEFAULT_STORE_DIR = fileURLToPath(new URL('../parsed/', HERE));

/** The build records of the packages whose code makes a tree (present in the repository, not in an install). */
const BUILDS = ['dsl', 'engine'].map((pkg) => fileURLToPath(new URL(`../../../${pkg}/tsconfig.tsbuildinfo`, HERE)));

export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const modified = (path: string): number | undefined => statSync(path, { throwIfNoEntry: false })?.mtimeMs;

/** Stored trees of one folder, read when first asked for. */
export class StoredParses {
  private index?: { hashes: Set<string>; compiled: Map<string, CompiledRecord> };

  constructor(readonly dir: string = DEFAULT_STORE_DIR) {}

  /** The index, when the store is present, in its format and newer than the builds; else an empty one. */
  private read(): { hashes: Set<string>; compiled: Map<string, CompiledRecord> } {
    if (this.index) return this.index;
    this.index = { hashes: new Set(), compiled: new Map() };
    const index = join(this.dir, 'index.json');
    const made = modified(index);
    if (made === undefined || BUILDS.some((record) => (modified(record) ?? 0) > made)) return this.index;
    try {
      const read = JSON.parse(readFileSync(index, 'utf8')) as StoreIndex;
      if (read.format === STORED_PARSES_FORMAT) this.index = { hashes: new Set(read.hashes), compiled: new Map(Object.entries(read.compiled)) };
    } catch {
      // A store that cannot be read is no store: the files are parsed.
    }
    return this.index;
  }

  private held(): Set<string> {
    return this.read().hashes;
  }

  /** What the build recorded of built-in variant `id`'s compile, if anything. */
  compiled(id: string): CompiledRecord | undefined {
    return this.read().compiled.get(id);
  }

  /** The parse of `text` as the file `file`, from the store; undefined when the store does not hold it. */
  parse(text: string, file: string): ParsedMap | undefined {
    const held = this.held();
    if (held.size === 0) return undefined;
    const hash = textHash(text);
    if (!held.has(hash)) return undefined;
    let ast: A.MapFile;
    try {
      ast = (JSON.parse(readFileSync(join(this.dir, `${hash}.json`), 'utf8')) as { ast: A.MapFile }).ast;
    } catch {
      return undefined;
    }
    return storedParse(text, file, ast);
  }
}

/** A parse made from a stored tree; its comment tokens (which no feature reads) lexed when asked for. */
function storedParse(text: string, file: string, ast: A.MapFile): ParsedMap {
  let comments: IToken[] | undefined;
  const parsed = { file, text, ast, diagnostics: [], lines: new LineIndex(text) } as unknown as ParsedMap;
  Object.defineProperty(parsed, 'comments', {
    enumerable: true,
    get: () => (comments ??= mapLexer().tokenize(text).groups['comments'] ?? []),
  });
  return parsed;
}
