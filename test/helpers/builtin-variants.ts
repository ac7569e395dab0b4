/**
 * The built-in variants compiled from their `.dipmap` sources once per test worker, for the test
 * files that draw or play them. The engine caches a variant's region map per config object (the
 * costliest part of drawing a board), so files that share these configs build each region map once.
 * The configs are shared: a test that changes one works on a copy.
 */
import { compileMapFile, VariantLoader } from '@dipforge/dsl';
import type { VariantConfig } from '@dipforge/engine';

type Compiled = ReturnType<typeof compileMapFile>;

const compiled = new Map<string, Compiled>();

/** The compile result of built-in variant `name`: its config and diagnostics, the same objects on every call. */
export function compiledBuiltin(name: string): Compiled {
  let result = compiled.get(name);
  if (!result) compiled.set(name, (result = compileMapFile(new VariantLoader().builtinVariantPath(name))));
  return result;
}

/** Built-in variant `name`'s config, which must compile without errors. */
export function builtinVariantConfig(name: string): VariantConfig {
  const { config, diagnostics } = compiledBuiltin(name);
  const errors = diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`);
  if (errors.length > 0 || !config) throw new Error(`${name} does not compile: ${errors.join('; ')}`);
  return config;
}
