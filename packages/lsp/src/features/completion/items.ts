/**
 * What completion offers, whatever the file: the word being typed (`typedAt`),
 * candidates turned into items that match what is typed by every name of a
 * province (id, name, aliases, localized names), with the canonical id inserted
 * over the whole word.
 */
import { nameKey, type VariantConfig } from '@dipforge/engine';
import { CompletionItemKind, type CompletionItem, type Range } from 'vscode-languageserver';
import { base } from '../../context.js';
import type { GameDoc, MapDoc } from '../../workspace.js';

export function snippetsFor(list: CompletionItem[], typed: Typed): CompletionItem[] {
  const prefix = typed.prefix.toLowerCase();
  return list.filter((i) => i.label.toLowerCase().startsWith(prefix));
}

// ------------------------------------------------------------------ helpers

export interface Typed {
  /** The word being typed: [start, end) (the whole word, also the part after the cursor). */
  start: number;
  end: number;
  /** What is typed before the cursor. */
  prefix: string;
}

export function typedAt(text: string, offset: number): Typed {
  const isWord = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{M}\p{Nd}_/]/u.test(c);
  let s = offset;
  while (s > 0 && isWord(text[s - 1])) s--;
  let e = offset;
  while (e < text.length && isWord(text[e])) e++;
  return { start: s, end: e, prefix: text.slice(s, offset) };
}

/** Every name of each province of a config (id first), for matching what is typed. */
function provinceNames(config: VariantConfig): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of config.provinces) {
    const names = [p.id, p.name, ...(p.aliases ?? []), ...Object.values(p.names ?? {}).flat()];
    out.set(p.id, names);
  }
  return out;
}

const namesMemo = new WeakMap<VariantConfig, Map<string, string[]>>();
function namesOf(config: VariantConfig): Map<string, string[]> {
  let m = namesMemo.get(config);
  if (!m) {
    m = provinceNames(config);
    namesMemo.set(config, m);
  }
  return m;
}

/** The name of `id` that what is typed starts, or undefined (the id when nothing is typed). */
function matchName(names: readonly string[], prefix: string): string | undefined {
  const key = nameKey(prefix);
  if (key === '') return names[0];
  return names.find((n) => nameKey(n).startsWith(key));
}

export interface Candidate {
  label: string;
  /** Province id the label starts with, for name matching (undefined: match the label). */
  province?: string;
  detail?: string;
  kind?: CompletionItemKind;
  insert?: string;
}

export type NamesOf = (province: string) => readonly string[] | undefined;

export function configNames(config: VariantConfig | undefined): NamesOf {
  return (id) => (config ? namesOf(config).get(id) : undefined);
}

export function modelNames(doc: MapDoc): NamesOf {
  return (id) => {
    const d = doc.model.provinces.get(id)?.decl;
    if (!d) return undefined;
    return [id, ...(d.title ? [d.title.value] : []), ...d.aliases.map((a) => a.value), ...d.names.flatMap((n) => n.values.map((v) => v.value))];
  };
}

export function items(cands: Candidate[], typed: Typed, lines: GameDoc['lines'] | MapDoc['lines'], names: NamesOf = () => undefined): CompletionItem[] {
  const range: Range = lines.range(typed.start, typed.end);
  const out: CompletionItem[] = [];
  const seen = new Set<string>();
  for (const c of cands) {
    if (seen.has(c.label)) continue;
    let filter: string | undefined = c.label;
    if (typed.prefix !== '') {
      const all = (c.province ? names(base(c.province)) : undefined) ?? [];
      const hit = matchName([c.label, ...all], typed.prefix) ?? (c.label.toLowerCase().startsWith(typed.prefix.toLowerCase()) ? c.label : undefined);
      if (!hit) continue;
      filter = hit;
    }
    seen.add(c.label);
    const item: CompletionItem = {
      label: c.label,
      kind: c.kind ?? CompletionItemKind.Value,
      textEdit: { range, newText: c.insert ?? c.label },
      filterText: filter,
      sortText: String(out.length).padStart(4, '0'),
    };
    if (c.detail) item.detail = c.detail;
    out.push(item);
  }
  return out;
}
