/**
 * The editions a game can be played under: the edition presets and the
 * variant's own rule sets, by name (what `edition` and `--edition` accept).
 */
import type { VariantModel } from '../map/bind.js';
import type { GameWorkspace } from './workspace.js';

export function editionNames(workspace: GameWorkspace, model: VariantModel): string[] {
  const sources = workspace.editionSources();
  return [...new Set([...sources.flatMap((s) => (s.decl.name ? [s.decl.name.value] : [])), ...model.rulesets.keys()])];
}
