/**
 * Completion in a game's header (keywords, built-in variants, editions, rule
 * options and their values, languages, powers) and of rule lines anywhere.
 */
import { ruleOption, RULE_REGISTRY } from '@dipforge/engine';
import { gameOrderLanguages } from '@dipforge/dsl';
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver';
import { readdirSync } from 'node:fs';
import type { GameContext } from '../../context.js';
import type { GameDoc, MapDoc, Workspace } from '../../workspace.js';
import { items, type Candidate, type Typed } from './items.js';

export function builtinVariants(ws: Workspace): string[] {
  try {
    return readdirSync(ws.loader.builtinDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'editions' && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

export function editionNames(ws: Workspace): string[] {
  const names = new Set<string>();
  for (const f of ws.loader.editionFiles()) for (const d of f.ast.decls) if (d.kind === 'Ruleset' && d.name) names.add(d.name.value);
  return [...names].sort();
}

export function headerCompletion(ws: Workspace, doc: GameDoc, before: string, typed: Typed, ctx: GameContext): CompletionItem[] {
  const words = before.trim().split(/\s+/).filter((w) => w.length > 0);
  const kw = (list: string[]): Candidate[] => list.map((label) => ({ label, kind: CompletionItemKind.Keyword }));
  if (words.length === 0) {
    if (ctx.kind === 'position') {
      return items(
        [...(doc.board?.powerIds ?? []).map((p) => ({ label: `${p}:`, kind: CompletionItemKind.Module })), ...kw(['dislodged', 'owners', 'standoffs', 'phase'])],
        typed,
        doc.lines,
      );
    }
    return items(kw(['variant', 'edition', 'rule', 'seed', 'player', 'language', 'position', 'phase']), typed, doc.lines);
  }
  const first = (words[0] as string).toLowerCase();
  if (first === 'variant' && words.length === 1) return items(builtinVariants(ws).map((label) => ({ label, kind: CompletionItemKind.Module })), typed, doc.lines);
  if (first === 'edition' && words.length === 1) return items(rulesetNames(ws, doc).map((label) => ({ label, kind: CompletionItemKind.EnumMember })), typed, doc.lines);
  if (first === 'rule') return items(ruleCandidates(ws, doc, words.slice(1)), typed, doc.lines);
  if (first === 'player' && words.length === 1) return items((doc.board?.powerIds ?? []).map((label) => ({ label, kind: CompletionItemKind.Module })), typed, doc.lines);
  // `language TAG [for POWER, …]`: the languages orders may be written in, then the powers.
  if (first === 'language' && words.length === 1) return items(gameOrderLanguages().map((label) => ({ label, kind: CompletionItemKind.EnumMember })), typed, doc.lines);
  if (first === 'language' && words.length === 2) return items(kw(['for']), typed, doc.lines);
  if (first === 'language' && words[2]?.toLowerCase() === 'for') return items((doc.board?.powerIds ?? []).map((label) => ({ label, kind: CompletionItemKind.Module })), typed, doc.lines);
  return [];
}

function rulesetNames(ws: Workspace, doc: GameDoc | MapDoc): string[] {
  const own = doc.kind === 'map' ? [...doc.model.rulesets.keys()] : [...(doc.model?.rulesets.keys() ?? [])];
  return [...new Set([...editionNames(ws), ...own])].sort();
}

/** Rule option keys, or the values of the option in `words[0]`. */
export function ruleCandidates(ws: Workspace, doc: GameDoc | MapDoc, words: string[]): Candidate[] {
  if (words.length === 0) return RULE_REGISTRY.map((s) => ({ label: s.key, detail: s.summary, kind: CompletionItemKind.Property }));
  const key = (words[0] as string).toLowerCase();
  if (words.length > 1 && !(words[words.length - 1] as string).endsWith(',')) return [];
  if (key === 'edition') return rulesetNames(ws, doc).map((label) => ({ label, kind: CompletionItemKind.EnumMember }));
  const spec = ruleOption(key);
  if (!spec) return [];
  if (spec.kind === 'boolean') return ['true', 'false'].map((label) => ({ label, kind: CompletionItemKind.EnumMember }));
  if ('choices' in spec) return spec.choices.map((c) => ({ label: c.value, detail: c.summary, kind: CompletionItemKind.EnumMember }));
  if (spec.kind === 'name') return rulesetNames(ws, doc).map((label) => ({ label, kind: CompletionItemKind.EnumMember }));
  return [];
}
