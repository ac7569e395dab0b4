/**
 * The built-in variants, compiled: `builtin/` of this package holds each
 * variant's VariantConfig and an index of the editions it can be played under
 * with their complete rule options (written from `variants/*.dipmap` by the
 * build, compared with a fresh compile by a test). Loading them needs no map
 * language; each file is read once, when first asked for.
 */
import { readFileSync } from 'node:fs';
import type { RuleOptions } from '../config/rules.js';
import type { VariantConfig } from '../config/variant-config.js';
import { DipforgeError } from './errors.js';

interface BuiltinEntry {
  id: string;
  name: string;
  file: string;
  edition: string;
  editions: Record<string, RuleOptions>;
}

/** A built-in variant as `builtinVariants()` lists it. */
export interface BuiltinVariant {
  id: string;
  name: string;
  /** The edition it plays when none is asked for. */
  edition: string;
  /** Every edition it can be played under. */
  editions: string[];
}

const BUILTIN_DIR = new URL('../../builtin/', import.meta.url);
let index: BuiltinEntry[] | undefined;
const configs = new Map<string, VariantConfig>();

function entries(): BuiltinEntry[] {
  index ??= (JSON.parse(readFileSync(new URL('index.json', BUILTIN_DIR), 'utf8')) as { variants: BuiltinEntry[] }).variants;
  return index;
}

/** The built-in variants, by id. */
export function builtinVariants(): BuiltinVariant[] {
  return entries().map((e) => ({ id: e.id, name: e.name, edition: e.edition, editions: Object.keys(e.editions) }));
}

/**
 * A built-in variant's config under an edition (default: its own). Throws a
 * `DipforgeError` (`unknown-variant`, `unknown-edition`) for a name it does
 * not have. A fresh copy each call: change it freely.
 */
export function builtinConfig(variant: string, edition?: string): VariantConfig {
  return structuredClone(sharedBuiltinConfig(variant, edition));
}

const shared = new Map<string, VariantConfig>();

/** `builtinConfig` without the copy: one frozen object per variant and edition, for the game object. */
export function sharedBuiltinConfig(variant: string, edition?: string): VariantConfig {
  const id = String(variant).toLowerCase();
  const entry = entries().find((e) => e.id === id);
  if (!entry) {
    const known = entries().map((e) => e.id);
    throw new DipforgeError('unknown-variant', `no built-in variant "${String(variant).slice(0, 60)}"; the variants are ${known.join(', ')}`, { known });
  }
  let config = configs.get(id);
  if (!config) {
    config = JSON.parse(readFileSync(new URL(entry.file, BUILTIN_DIR), 'utf8')) as VariantConfig;
    configs.set(id, config);
  }
  const name = edition === undefined ? entry.edition : String(edition).toLowerCase();
  const rules = entry.editions[name];
  if (!rules) {
    const known = Object.keys(entry.editions);
    throw new DipforgeError('unknown-edition', `${entry.name} has no edition "${String(edition).slice(0, 60)}"; its editions are ${known.join(', ')}`, { known });
  }
  const key = `${id}\u0000${name}`;
  let found = shared.get(key);
  if (!found) {
    found = deepFreeze({ ...config, rules });
    shared.set(key, found);
  }
  return found;
}

function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || Object.isFrozen(v)) continue;
    Object.freeze(v);
    for (const child of Object.values(v)) stack.push(child);
  }
  return value;
}
