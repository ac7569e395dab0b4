/**
 * Loads a variant's files: the entry file, what it imports (transitively), and
 * the variants it extends, each checked for cycles and for paths that leave the
 * project folder. Parses are cached per path and text, so the editor can reuse
 * one loader across edits.
 */
import { join, resolve } from 'node:path';
import { variantsDir } from '@dipforge/variants';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ExtendsRef, ImportDecl, MapFile } from '../map/ast.js';
import { parseMap, type ParsedMap } from '../map/parse.js';
import type { Range } from '../text/range.js';
import { diskHost, projectPath, type FileHost } from './host.js';

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
}

export class VariantLoader {
  readonly host: FileHost;
  readonly builtinDir: string;
  private readonly cache = new Map<string, ParsedMap>();

  constructor(options: LoaderOptions = {}) {
    this.host = options.host ?? diskHost;
    this.builtinDir = options.builtinDir ?? variantsDir;
  }

  /** Parses a file (cached while its text is unchanged); undefined when it cannot be read. */
  parse(path: string): ParsedMap | undefined {
    const text = this.host.read(path);
    if (text === undefined) {
      this.cache.delete(path);
      return undefined;
    }
    const cached = this.cache.get(path);
    if (cached && cached.text === text) return cached;
    const parsed = parseMap(text, path);
    this.cache.set(path, parsed);
    return parsed;
  }

  /** The path of a built-in variant, e.g. `classic`. */
  builtinVariantPath(name: string): string {
    return join(this.builtinDir, name, `${name}.dipmap`);
  }

  /** Every edition preset file shipped with dipforge. */
  editionFiles(): ParsedMap[] {
    const dir = join(this.builtinDir, 'editions');
    return this.host
      .list(dir)
      .filter((f) => f.endsWith('.dipmap'))
      .sort()
      .flatMap((f) => {
        const parsed = this.parse(join(dir, f));
        return parsed ? [parsed] : [];
      });
  }

  /**
   * Loads the variant whose entry file is `entry`. Problems with files (missing,
   * cyclic, outside the project) are added to `diagnostics`.
   */
  loadVariant(entry: string, diagnostics: Diagnostic[]): VariantUnit | undefined {
    return this.loadUnit(resolve(entry), [], diagnostics);
  }

  private loadUnit(entry: string, extendsStack: string[], diagnostics: Diagnostic[]): VariantUnit | undefined {
    const root = this.parse(entry);
    if (!root) return undefined;
    const files: ParsedMap[] = [];
    this.collectImports(root, [entry], new Set([entry]), files, diagnostics);
    const unit: VariantUnit = { entry, files: [root, ...files] };

    const extendsRefs = unit.files.flatMap((f) => f.ast.decls.flatMap((d) => (d.kind === 'Variant' ? d.extends.map((e) => ({ e, f })) : [])));
    const first = extendsRefs[0];
    for (const extra of extendsRefs.slice(1)) {
      diagnostics.push(diagnostic('duplicateItem', extra.f.file, extra.e.range, 'A variant extends one base only; this extends is ignored'));
    }
    if (first) {
      const basePath = this.resolveExtends(first.e, first.f, diagnostics);
      if (basePath) {
        const stack = [...extendsStack, entry];
        if (stack.includes(basePath)) {
          diagnostics.push(diagnostic('importCycle', first.f.file, first.e.range, `Extends cycle: ${[...stack, basePath].map(shortName).join(' → ')}`));
        } else {
          const base = this.loadUnit(basePath, stack, diagnostics);
          if (base) unit.base = base;
          else diagnostics.push(diagnostic('fileNotFound', first.f.file, first.e.range, `Cannot read ${basePath}`));
        }
      }
    }
    return unit;
  }

  private resolveExtends(ref: ExtendsRef, from: ParsedMap, diagnostics: Diagnostic[]): string | undefined {
    if (ref.kind === 'builtin') {
      const path = this.builtinVariantPath(ref.name.value);
      if (this.host.read(path) === undefined) {
        diagnostics.push(diagnostic('unknownVariant', from.file, ref.name.range, `No built-in variant '${ref.name.text}'; give a path in quotes to extend a file`));
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

  private collectImports(file: ParsedMap, stack: string[], seen: Set<string>, out: ParsedMap[], diagnostics: Diagnostic[]): void {
    for (const decl of importsOf(file.ast)) {
      if (!decl.path) continue;
      const target = this.resolvePath(decl.path.value, decl.path.range, file, diagnostics);
      if (!target) continue;
      if (stack.includes(target)) {
        diagnostics.push(diagnostic('importCycle', file.file, decl.path.range, `Import cycle: ${[...stack, target].map(shortName).join(' → ')}`));
        continue;
      }
      if (seen.has(target)) continue;
      const parsed = this.parse(target);
      if (!parsed) {
        diagnostics.push(diagnostic('fileNotFound', file.file, decl.path.range, `Cannot read '${decl.path.value}'`));
        continue;
      }
      seen.add(target);
      out.push(parsed);
      this.collectImports(parsed, [...stack, target], seen, out, diagnostics);
    }
  }
}

function importsOf(ast: MapFile): ImportDecl[] {
  return ast.decls.filter((d): d is ImportDecl => d.kind === 'Import');
}

function shortName(path: string): string {
  return path.split(/[\\/]/).slice(-1)[0] ?? path;
}
