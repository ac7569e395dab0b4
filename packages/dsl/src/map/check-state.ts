/**
 * What the checker's passes share: the model, the diagnostics they report to,
 * the provinces resolved so far, and the names that call provinces and powers
 * (ids, aliases, display and localized names), each claimed once; a reference
 * to a province or coast looked up by any of them, an unknown one reported
 * with suggestions.
 */
import { didYouMeanOf, quoted, rankSuggestions } from '@dipforge/engine/config';
import { Codes } from '../diagnostics/codes.js';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Range } from '../text/range.js';
import type * as A from './ast.js';
import type { VariantModel } from './bind.js';
import type { ResolvedProvince } from './resolved.js';

const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-x(?:-[a-z\d]{1,8})+)?$/i;

/** What a name is claimed by. */
export type Owner = { kind: 'province' | 'power'; id: string };

export class CheckState {
  readonly provinces = new Map<string, ResolvedProvince>();
  /** Every name a province can be called by (id, alias, display and localized names), lower-case. */
  readonly provinceNames = new Map<string, Owner>();
  readonly powerNames = new Map<string, Owner>();
  /**
   * Province pairs `a b` of adjacency lines whose unit kind is wrong (reported):
   * they may be edges of either kind, so the warnings that depend on the edges
   * (a province no unit reaches, an edge with no way back) take them as edges.
   */
  readonly unsureEdges = new Set<string>();

  constructor(
    readonly model: VariantModel,
    readonly diagnostics: Diagnostic[],
  ) {}

  report(name: keyof typeof Codes, file: string, range: Range, message: string, suggestions?: readonly string[]): void {
    this.diagnostics.push(diagnostic(name, file, range, message, suggestions));
  }

  /** The string's value, or undefined (reported) when it is empty or only spaces. */
  filled(s: A.StringLit, file: string): string | undefined {
    if (s.value.trim() !== '') return s.value;
    this.report('invalidValue', file, s.range, 'A name cannot be empty');
    return undefined;
  }

  claim(index: Map<string, Owner>, name: string, owner: Owner, file: string, range: Range, what: string): void {
    const key = name.toLowerCase();
    const existing = index.get(key);
    if (!existing) {
      index.set(key, owner);
      return;
    }
    if (existing.id === owner.id) return; // the same name twice for one thing is harmless
    this.report('duplicateName', file, range, `The ${what} ${quoted(name)} already names the ${existing.kind} ${quoted(existing.id)}`);
  }

  localized(items: A.NameItem[], file: string, onName: (value: A.StringLit) => void): Record<string, string[]> {
    const names: Record<string, string[]> = {};
    for (const item of items) {
      if (!item.lang) continue;
      const tag = item.lang.text;
      if (!LANGUAGE_TAG.test(tag)) {
        this.report('unknownLanguageTag', file, item.lang.range, `${quoted(tag)} is not a language tag (such as zh, ja, fi, zh-Hant)`);
        continue;
      }
      const list = (names[tag] ??= []);
      for (const v of item.values) {
        if (this.filled(v, file) === undefined) continue;
        if (!list.includes(v.value)) list.push(v.value);
        onName(v);
      }
    }
    return names;
  }

  /** Claims a declaration's display name, localized names and aliases in its name space. */
  claimNames(
    index: Map<string, Owner>,
    owner: Owner,
    decl: { title?: A.StringLit; names: A.NameItem[]; aliases: A.Ident[] },
    file: string,
    fallbackName: string,
  ): { name: string; names: Record<string, string[]>; aliases: string[] } {
    const title = decl.title && this.filled(decl.title, file);
    const name = title ?? fallbackName;
    if (decl.title && title) this.claim(index, name, owner, file, decl.title.range, 'name');
    const names = this.localized(decl.names, file, (v) => this.claim(index, v.value, owner, file, v.range, 'name'));
    const aliases: string[] = [];
    for (const a of decl.aliases) {
      this.claim(index, a.value, owner, file, a.range, 'alias');
      if (!aliases.includes(a.value) && a.value !== owner.id) aliases.push(a.value);
    }
    return { name, names, aliases };
  }

  /**
   * Resolves a province reference, reporting an unknown one with suggestions;
   * `fits` says which provinces fit the place (a supply centre for a home centre), suggested first.
   */
  lookupProvince(ident: A.Ident, file: string, fits?: (p: ResolvedProvince) => boolean): ResolvedProvince | undefined {
    const found = this.provinces.get(ident.value);
    if (found) return found;
    // Any name of a province will do (an alias such as `mid`, a localized name).
    const owner = this.provinceNames.get(ident.value);
    if (owner) return this.provinces.get(owner.id);
    const candidates = [...this.provinces.values()].map((p) => ({ item: p.id, text: p.id, fits: fits?.(p) ?? false }));
    const near = rankSuggestions(ident.value, candidates).map((s) => s.item);
    this.report('unknownProvince', file, ident.range, `Unknown province ${quoted(ident.text)}${didYouMeanOf(near)}`, near);
    return undefined;
  }

  lookupCoast(province: ResolvedProvince, coast: A.Ident, file: string): boolean {
    if (province.coasts.length === 0) {
      this.report('coastOnProvinceWithoutCoasts', file, coast.range, `${quoted(province.id)} has no named coasts`);
      return false;
    }
    if (province.coasts.some((c) => c.id === coast.value)) return true;
    const list = province.coasts.map((c) => c.id).join(', ');
    this.report('unknownCoast', file, coast.range, `${quoted(province.id)} has no coast ${quoted(coast.text)} (its coasts: ${list})`);
    return false;
  }
}

/** A message of the engine's (`a year is a whole number, …`) as a diagnostic's sentence, with a capital. */
export function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}
