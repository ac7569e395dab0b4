/**
 * A built-in variant compiled ahead of time: its VariantConfig as the engine ships it
 * (`packages/engine/builtin/NAME.json`) and the diagnostics its compile gives, recorded by the
 * build beside the stored trees (`stored-parses.ts`) with the SHA-256 of every file that compile
 * read (the variant's files, the edition presets). When a game names a built-in variant and
 * none of those files changed, its config is taken as it is: no check of the map, no schema
 * validation. Any change (a file edited on disk or unsaved in the editor, an edition preset
 * added or removed, a build of the compiler since) compiles it as always.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import type { VariantConfig } from '@dipforge/engine/config';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { FileHost } from './host.js';
import { textHash } from './stored-parses.js';

/** What the build records of one built-in variant's compile. */
export interface CompiledRecord {
  /** Each file the compile read, relative to the built-in folder (`/` between parts) → the SHA-256 of its text. */
  files: Record<string, string>;
  /** The edition presets' file names, sorted (a preset added or removed changes the editions a variant knows). */
  editions: string[];
  /** The compile's diagnostics, their files relative to the built-in folder. */
  diagnostics: Diagnostic[];
  /** The SHA-256 of the engine's file of the config (`builtin/NAME.json`), which equals the compile's config. */
  config: string;
}

/** A compile's result without the map checked: the config and the diagnostics. */
export interface BuiltinCompile {
  config: VariantConfig;
  diagnostics: Diagnostic[];
}

/** The engine's file of a built-in variant's config, wherever the engine is installed. */
export function shippedConfigFile(id: string): string | undefined {
  try {
    const engineMain = createRequire(import.meta.url).resolve('@dipforge/engine');
    return join(dirname(engineMain), '..', 'builtin', `${id}.json`);
  } catch {
    // An engine that cannot be found (a bundle without it beside): no shipped config, the variant is compiled.
    return undefined;
  }
}

function readText(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

const toRelative = (dir: string, file: string): string => relative(dir, file).split(sep).join('/');

/** The record of a compile that read `files` (absolute paths of `dir`) and gave `diagnostics`. */
export function compiledRecord(id: string, dir: string, files: readonly string[], editions: readonly string[], diagnostics: readonly Diagnostic[], host: FileHost): CompiledRecord | undefined {
  const shipped = readText(shippedConfigFile(id));
  if (shipped === undefined) return undefined;
  const hashes: Record<string, string> = {};
  for (const file of files) {
    const text = host.read(file);
    if (text === undefined) return undefined;
    hashes[toRelative(dir, file)] = textHash(text);
  }
  return { files: hashes, editions: [...editions].sort(), diagnostics: diagnostics.map((d) => ({ ...d, file: toRelative(dir, d.file) })), config: textHash(shipped) };
}

/**
 * The compile of built-in variant `id` from its record, when every file it read still holds the
 * text it held and the presets are the same; else undefined (then it is compiled).
 */
export function builtinCompile(id: string, record: CompiledRecord, dir: string, host: FileHost): BuiltinCompile | undefined {
  const editions = host
    .list(join(dir, 'editions'))
    .filter((f) => f.endsWith('.dipmap'))
    .sort();
  if (editions.length !== record.editions.length || editions.some((e, i) => e !== record.editions[i])) return undefined;
  for (const [file, hash] of Object.entries(record.files)) {
    const text = host.read(join(dir, ...file.split('/')));
    if (text === undefined || textHash(text) !== hash) return undefined;
  }
  const shipped = readText(shippedConfigFile(id));
  if (shipped === undefined || textHash(shipped) !== record.config) return undefined;
  const config = JSON.parse(shipped) as VariantConfig;
  return { config, diagnostics: record.diagnostics.map((d) => ({ ...d, file: join(dir, ...d.file.split('/')) })) };
}
