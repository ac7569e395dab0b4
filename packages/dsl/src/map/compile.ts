/**
 * The emitter: a checked variant becomes a VariantConfig, which is then
 * validated against the published JSON Schema, so that what the compiler
 * writes is exactly what the engine accepts.
 */
import { VARIANT_CONFIG_FORMAT, checkConfigReferences, validateVariantConfig, type VariantConfig } from '@dipforge/engine/config';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { ZERO_RANGE } from '../text/range.js';
import type { ResolvedVariant } from './check.js';

function nonEmpty<T extends object>(o: T): T | undefined {
  return Object.keys(o).length > 0 ? o : undefined;
}

export function emitConfig(v: ResolvedVariant): VariantConfig {
  return {
    format: VARIANT_CONFIG_FORMAT,
    id: v.id,
    name: v.name,
    ...(v.author !== undefined ? { author: v.author } : {}),
    ...(v.version !== undefined ? { version: v.version } : {}),
    ...(v.description !== undefined ? { description: v.description } : {}),
    provinces: v.provinces.map((p) => {
      const names = nonEmpty(p.names);
      return {
        id: p.id,
        name: p.name,
        terrain: p.terrain,
        supplyCentre: p.supplyCentre,
        ...(p.impassable ? { impassable: true } : {}),
        ...(p.archipelago ? { archipelago: true } : {}),
        ...(p.coasts.length > 0
          ? {
              coasts: p.coasts.map((c) => {
                const cn = nonEmpty(c.names);
                return { id: c.id, name: c.name, ...(cn ? { names: cn } : {}) };
              }),
            }
          : {}),
        ...(names ? { names } : {}),
        ...(p.aliases.length > 0 ? { aliases: p.aliases } : {}),
        ...(p.at ? { at: p.at } : {}),
      };
    }),
    adjacency: { army: v.edges.army, fleet: v.edges.fleet },
    powers: v.powers.map((p) => {
      const names = nonEmpty(p.names);
      return {
        id: p.id,
        name: p.name,
        ...(p.adjective !== undefined ? { adjective: p.adjective } : {}),
        ...(p.colour !== undefined ? { colour: p.colour } : {}),
        ...(names ? { names } : {}),
        ...(p.aliases.length > 0 ? { aliases: p.aliases } : {}),
        home: p.home,
        ...(p.country !== undefined ? { country: p.country } : {}),
        units: p.units,
        centres: p.centres,
      };
    }),
    neutralCentres: v.neutralCentres,
    ...(v.neutralUnits.length > 0 ? { neutralUnits: v.neutralUnits } : {}),
    start: v.start,
    rules: v.rules.options,
    ...(v.board ? { board: v.board } : {}),
  };
}

/** Schema and reference validation of an emitted config; problems are reported against the entry file. */
export function validateEmitted(config: VariantConfig, entry: string, diagnostics: Diagnostic[]): boolean {
  const result = validateVariantConfig(config);
  if (!result.ok) {
    for (const e of result.errors) {
      diagnostics.push(diagnostic('invalidConfig', entry, ZERO_RANGE, `The compiled configuration is invalid at ${e.path || '/'}: ${e.message}`));
    }
    return false;
  }
  const refs = checkConfigReferences(config);
  for (const e of refs) diagnostics.push(diagnostic('invalidConfig', entry, ZERO_RANGE, `The compiled configuration is invalid at ${e.path}: ${e.message}`));
  return refs.length === 0;
}
