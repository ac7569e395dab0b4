/**
 * The built-in variants compiled for programs that do not read the map
 * language: each variant's `VariantConfig` (under its own edition) and the
 * complete rule options of every edition it can be played under, resolved by
 * the same resolver a game file's `edition` line goes through. The build writes
 * them into the engine package (`scripts/builtin-variants.mjs`); a test
 * compiles them afresh and compares.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleOptions, VariantConfig } from '@dipforge/engine/config';
import { variantsDir } from '@dipforge/variants';
import { compileMapFile } from '../api.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { runGameText } from '../game/api.js';
import { editionNames } from '../game/editions.js';
import { GameWorkspace } from '../game/workspace.js';
import { VariantLoader } from '../workspace/loader.js';

export const BUILTIN_INDEX_FORMAT = 'dipforge-builtins/1' as const;

/** One built-in variant in the index the engine ships. */
export interface BuiltinEntry {
  id: string;
  name: string;
  /** The config file beside the index (`classic.json`). */
  file: string;
  /** The edition the variant plays when none is asked for. */
  edition: string;
  /** Every edition it can be played under → the complete rule options under it. */
  editions: Record<string, RuleOptions>;
}

export interface BuiltinIndex {
  format: typeof BUILTIN_INDEX_FORMAT;
  variants: BuiltinEntry[];
}

export interface CompiledBuiltins {
  index: BuiltinIndex;
  /** Variant id → its config. */
  configs: Record<string, VariantConfig>;
  /** Errors met (empty when every variant compiled). */
  errors: Diagnostic[];
}

/** The variant folders: each `NAME/NAME.dipmap` of the folder (the edition presets are not variants). */
export function builtinVariantIds(dir: string = variantsDir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'editions' && readdirSync(join(dir, e.name)).includes(`${e.name}.dipmap`))
    .map((e) => e.name)
    .sort();
}

/** Compiles every built-in variant and resolves its rules under each edition. */
export function compileBuiltins(dir: string = variantsDir): CompiledBuiltins {
  // Compiled from the map files themselves, never from a store an earlier build wrote.
  const loader = new VariantLoader({ storedParses: false });
  const workspace = new GameWorkspace(loader);
  const configs: Record<string, VariantConfig> = {};
  const variants: BuiltinEntry[] = [];
  const errors: Diagnostic[] = [];
  for (const id of builtinVariantIds(dir)) {
    const path = join(dir, id, `${id}.dipmap`);
    const compiled = compileMapFile(path, loader);
    for (const d of compiled.diagnostics) if (d.severity === 'error') errors.push(d);
    if (!compiled.config) continue;
    const config = compiled.config;
    // A game file that names the variant and nothing else, played under each edition: its rules are what `--edition` gives.
    const gamePath = join(dir, id, 'builtin.dipgame');
    const own = runGameText(`variant ${config.id}\n`, gamePath, workspace);
    const model = own.variant?.model;
    const editions: Record<string, RuleOptions> = {};
    for (const edition of model ? editionNames(workspace, model).sort() : []) {
      const run = runGameText(`variant ${config.id}\n`, gamePath, workspace, { edition });
      for (const d of run.diagnostics) if (d.severity === 'error') errors.push(d);
      if (run.rules) editions[edition] = run.rules;
    }
    configs[config.id] = config;
    variants.push({ id: config.id, name: config.name, file: `${config.id}.json`, edition: config.rules.edition, editions });
  }
  return { index: { format: BUILTIN_INDEX_FORMAT, variants }, configs, errors };
}
