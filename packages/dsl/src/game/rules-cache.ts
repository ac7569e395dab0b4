/**
 * The rules of a game that writes none of its own (no edition line, no `rule` lines, no edition
 * asked for): the variant's rules under the edition presets, the same for every such game of the
 * variant. A folder of imported games resolves them once per variant instead of once per game.
 * Kept while the variant's bound model and the presets' declarations are the same objects (a
 * changed file gives new ones), with what the resolution reported, for each game to read as its own.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { VariantModel } from '../map/bind.js';
import type { ResolvedRules, RuleSetSource } from '../map/rules.js';

interface Kept {
  sources: readonly RuleSetSource[];
  resolved: ResolvedRules;
  found: readonly Diagnostic[];
}

const kept = new WeakMap<VariantModel, Kept>();

/**
 * `resolve()`'s rules and diagnostics for a game without rules of its own in `file`, from the last
 * such game of `model` when the presets are the same. A resolution that reported anything in the
 * game's file itself is not kept (it would be that file's).
 */
export function plainRules(model: VariantModel, sources: readonly RuleSetSource[], file: string, resolve: (found: Diagnostic[]) => ResolvedRules): { resolved: ResolvedRules; found: readonly Diagnostic[] } {
  const hit = kept.get(model);
  if (hit && sameSources(hit.sources, sources)) return hit;
  const found: Diagnostic[] = [];
  const resolved = resolve(found);
  if (found.every((d) => d.file !== file)) kept.set(model, { sources, resolved, found });
  return { resolved, found };
}

function sameSources(a: readonly RuleSetSource[], b: readonly RuleSetSource[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]?.decl !== b[i]?.decl || a[i]?.file !== b[i]?.file) return false;
  return true;
}
