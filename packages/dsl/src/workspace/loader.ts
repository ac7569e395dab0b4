/**
 * Loads a variant's files: the entry file, what it imports (transitively), and
 * the variants it extends, each checked for cycles and for paths that leave the
 * project folder. Parses are cached per path and text, so the editor can reuse
 * one loader across edits; on a host that stamps its files (the disk), a file
 * whose stamp is unchanged is not read again, so a run over many games reads
 * the variant's files and the edition presets once.
 */
import { join, relative, resolve, sep } from 'node:path';
import { variantsDir } from '@dipforge/variants';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ExtendsRef, ImportDecl, MapFile } from '../map/ast.js';
import { parseMap, type ParsedMap } from '../map/parse.js';
import type { Range } from '../text/range.js';
import { cycleText } from '../text/cycle.js';
import { diskHost, projectPath, type FileHost } from './host.js';
import { builtinCompile, type BuiltinCompile } from './builtin-compiled.js';
import { sameStamp, type FileStamp } from './file-stamp.js';
import { StoredParses } from './stored-parses.js';
import { unreadableFile } from './unreadable.js';
import { quoted } from '@dipforge/engine/config';

/** One variant's own files (entry and imports) and the base it extends, if any. */
export interface VariantUnit {
  entry: string;
  /** Entry first, then imported files in the order they were first reached. */
  files: ParsedMap[];
  /** The variant this one extends (resolved), if it extends one that could be loaded. */
  base?: VariantUnit;
}

export interface LoaderOptions {
  host?: FileHost;
  /** Folder of built-in variants (`NAME/NAME.dipmap`) and edition presets (`editions/*.dipmap`). */
  builtinDir?: string;
  /**
   * The built-in files' trees parsed ahead of time (`stored-parses.ts`), used for files of
   * `builtinDir` whose text they hold; `false`: every file parsed here.
   */
  storedParses?: StoredParses | false;
}

/** A parse and the stamp its file had before it was read (none: it is read again next time). */
interface CachedParse {
  parsed: ParsedMap;
  stamp: FileStamp | undefined;
}

/** A folder's file names and the stamp the folder had before they were listed. */
interface CachedList {
  names: string[];
  stamp: FileStamp;
}

/** One store for every loader of the process: its index is read once. */
const sharedStore = new StoredParses();

export class VariantLoader {
  readonly host: FileHost;
  readonly builtinDir: string;
  private readonly cache = new Map<string, CachedParse>();
  private editionList: CachedList | undefined;
  private readonly stored: StoredParses | undefined;

  constructor(options: LoaderOptions = {}) {
    this.host = options.host ?? diskHost;
    this.builtinDir = options.builtinDir ?? variantsDir;
    this.stored = options.storedParses === false ? undefined : (options.storedParses ?? sharedStore);
  }

  /** Parses a file (cached while its text is unchanged); undefined when it cannot be read. */
  parse(path: string): ParsedMap | undefined {
    // Stamped before the read: a write in between changes the stamp, and the file is read again.
    const stamp = this.host.stamp?.(path);
    const cached = this.cache.get(path);
    if (stamp !== undefined && cached?.stamp !== undefined && sameStamp(stamp, cached.stamp)) return cached.parsed;
    const text = this.host.read(path);
    if (text === undefined) {
      this.cache.delete(path);
      return undefined;
    }
    if (cached && cached.parsed.text === text) {
      cached.stamp = stamp;
      return cached.parsed;
    }
    const builtin = this.stored !== undefined && path.startsWith(join(this.builtinDir, sep));
    const parsed = (builtin ? this.stored?.parse(text, path) : undefined) ?? parseMap(text, path);
    this.cache.set(path, { parsed, stamp });
    return parsed;
  }

  /** The path of a built-in variant, e.g. `classic`. */
  builtinVariantPath(name: string): string {
    return join(this.builtinDir, name, `${name}.dipmap`);
  }

  /**
   * The compile of the built-in variant whose entry file is `path`, from the store, when it is
   * one (`NAME/NAME.dipmap` of the built-in folder) and no file its compile read has changed.
   */
  builtinCompile(path: string): BuiltinCompile | undefined {
    if (!this.stored) return undefined;
    const parts = relative(this.builtinDir, path).split(sep);
    const id = parts[0];
    if (parts.length !== 2 || id === undefined || parts[1] !== `${id}.dipmap`) return undefined;
    const record = this.stored.compiled(id);
    return record ? builtinCompile(id, record, this.builtinDir, this.host) : undefined;
  }

  /** Every edition preset file shipped with dipforge. */
  editionFiles(): ParsedMap[] {
    const dir = join(this.builtinDir, 'editions');
    return this.editionNames(dir).flatMap((f) => {
      const parsed = this.parse(join(dir, f));
      return parsed ? [parsed] : [];
    });
  }

  /** The presets' file names, sorted; listed again only when the folder's stamp changed (a preset added, removed or renamed). */
  private editionNames(dir: string): string[] {
    const stamp = this.host.stamp?.(dir);
    const cached = this.editionList;
    if (stamp !== undefined && cached !== undefined && sameStamp(stamp, cached.stamp)) return cached.names;
    const names = this.host
      .list(dir)
      .filter((f) => f.endsWith('.dipmap'))
      .sort();
    this.editionList = stamp === undefined ? undefined : { names, stamp };
    return names;
  }

  /**
   * Loads the variant whose entry file is `entry`. Problems with files (missing,
   * cyclic, outside the project) are added to `diagnostics`.
   */
  loadVariant(entry: string, diagnostics: Diagnostic[]): VariantUnit | undefined {
    // The chain of bases is followed in a loop: it is as long as the files make it.
    const top = this.loadUnit(resolve(entry), diagnostics);
    const chain = top ? [top.entry] : [];
    for (let unit = top; unit; ) {
      const extendsRefs = unit.files.flatMap((f) => f.ast.decls.flatMap((d) => (d.kind === 'Variant' ? d.extends.map((e) => ({ e, f })) : [])));
      const first = extendsRefs[0];
      for (const extra of extendsRefs.slice(1)) {
        diagnostics.push(diagnostic('duplicateItem', extra.f.file, extra.e.range, 'A variant extends one base only; this extends is ignored'));
      }
      const basePath = first ? this.resolveExtends(first.e, first.f, diagnostics) : undefined;
      if (!first || !basePath) break;
      if (chain.includes(basePath)) {
        const cycle = [...chain.slice(chain.indexOf(basePath)), basePath].map(shortName);
        diagnostics.push(diagnostic('importCycle', first.f.file, first.e.range, `Extends cycle: ${cycleText(cycle, 'files')}`));
        break;
      }
      const base = this.loadUnit(basePath, diagnostics);
      if (!base) diagnostics.push(unreadableFile(this.host, basePath, basePath, { file: first.f.file, range: first.e.range }));
      else unit.base = base;
      chain.push(basePath);
      unit = base;
    }
    return top;
  }

  /** One variant's own files: its entry and what it imports. */
  private loadUnit(entry: string, diagnostics: Diagnostic[]): VariantUnit | undefined {
    const root = this.parse(entry);
    if (!root) return undefined;
    const files: ParsedMap[] = [];
    this.collectImports(root, files, diagnostics);
    return { entry, files: [root, ...files] };
  }

  private resolveExtends(ref: ExtendsRef, from: ParsedMap, diagnostics: Diagnostic[]): string | undefined {
    if (ref.kind === 'builtin') {
      const path = this.builtinVariantPath(ref.name.value);
      if (this.host.read(path) === undefined) {
        diagnostics.push(diagnostic('unknownVariant', from.file, ref.name.range, `No built-in variant ${quoted(ref.name.text)}; give a path in quotes to extend a file`));
        return undefined;
      }
      return path;
    }
    return this.resolvePath(ref.path.value, ref.path.range, from, diagnostics);
  }

  private resolvePath(relativePath: string, range: Range, from: ParsedMap, diagnostics: Diagnostic[]): string | undefined {
    const found = projectPath(from.file, relativePath, this.host);
    if ('path' in found) return found.path;
    diagnostics.push(diagnostic(found.code, from.file, range, found.message));
    return undefined;
  }

  /**
   * The files `root` imports, and the files they import, each once, in the
   * order first reached (depth first). The files being read form a path from
   * the root, kept as a list of frames rather than as calls: imports may nest
   * as deep as the files make them.
   */
  private collectImports(root: ParsedMap, out: ParsedMap[], diagnostics: Diagnostic[]): void {
    const seen = new Set([root.file]);
    const frames = [{ file: root, imports: importsOf(root.ast), next: 0 }];
    const path = [root.file];
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as (typeof frames)[number];
      const decl = frame.imports[frame.next++];
      if (!decl) {
        frames.pop();
        path.pop();
        continue;
      }
      if (!decl.path) continue;
      const target = this.resolvePath(decl.path.value, decl.path.range, frame.file, diagnostics);
      if (!target) continue;
      const back = path.indexOf(target);
      if (back >= 0) {
        const cycle = [...path.slice(back), target].map(shortName);
        diagnostics.push(diagnostic('importCycle', frame.file.file, decl.path.range, `Import cycle: ${cycleText(cycle, 'files')}`));
        continue;
      }
      if (seen.has(target)) continue;
      const parsed = this.parse(target);
      if (!parsed) {
        diagnostics.push(unreadableFile(this.host, target, quoted(decl.path.value), { file: frame.file.file, range: decl.path.range }));
        continue;
      }
      seen.add(target);
      out.push(parsed);
      frames.push({ file: parsed, imports: importsOf(parsed.ast), next: 0 });
      path.push(target);
    }
  }
}

function importsOf(ast: MapFile): ImportDecl[] {
  return ast.decls.filter((d): d is ImportDecl => d.kind === 'Import');
}

function shortName(path: string): string {
  return path.split(/[\\/]/).slice(-1)[0] ?? path;
}
