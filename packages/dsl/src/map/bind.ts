/**
 * The binder: merges a variant's files (and the variant it extends) into one
 * symbol table, reporting duplicate ids and names. A declaration in a deriving
 * variant replaces the base's declaration of the same id; `remove` drops one.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { VariantUnit } from '../workspace/loader.js';
import type { ParsedMap } from './parse.js';
import type * as A from './ast.js';
import { quoted } from '@dipforge/engine/config';

export interface Declared<T> {
  decl: T;
  file: string;
  /** Declared by a variant this one extends (so a `remove` in this one applies to it). */
  inherited?: boolean;
}

export interface AdjacencyEdge {
  kind: 'army' | 'fleet';
  from: A.Location;
  to: A.Location;
  oneWay: boolean;
  line: A.AdjacencyLine;
  file: string;
}

export interface VariantModel {
  entry: string;
  variant?: Declared<A.VariantDecl>;
  provinces: Map<string, Declared<A.ProvinceDecl>>;
  powers: Map<string, Declared<A.PowerDecl>>;
  /** Adjacency lines of every file, base first. */
  adjacency: Declared<A.AdjacencyLine>[];
  /** `remove adjacency` lines of deriving variants, applied to the base's lines. */
  removedAdjacency: Declared<A.AdjacencyLine>[];
  /** Provinces that a deriving variant removed: the base's lines that name them are dropped. */
  removedProvinces: Set<string>;
  neutral: Declared<A.NeutralDecl>[];
  /** `rules` blocks, base first: later options override earlier ones. */
  rules: Declared<A.RulesDecl>[];
  rulesets: Map<string, Declared<A.RulesetDecl>>;
}

/** Rule set names are ids, as the compiled config's `edition` requires. */
const RULESET_NAME = /^[\p{L}\p{Nd}_](?:[\p{L}\p{M}\p{Nd}_-]*[\p{L}\p{M}\p{Nd}_])?$/u;

export function emptyModel(entry: string): VariantModel {
  return {
    entry,
    provinces: new Map(),
    powers: new Map(),
    adjacency: [],
    removedAdjacency: [],
    removedProvinces: new Set(),
    neutral: [],
    rules: [],
    rulesets: new Map(),
  };
}

/**
 * Binds a loaded variant unit: its deepest base first, then each variant that
 * extends it, in a loop (a chain of bases is as long as the files make it, and
 * a call a base would take a frame of the stack each).
 */
export function bindVariant(unit: VariantUnit, diagnostics: Diagnostic[]): VariantModel {
  const chain: VariantUnit[] = [];
  for (let u: VariantUnit | undefined = unit; u; u = u.base) chain.push(u);
  const model = emptyModel((chain[chain.length - 1] as VariantUnit).entry);
  for (let i = chain.length - 1; i >= 0; i--) bindUnit(chain[i] as VariantUnit, model, diagnostics);
  return model;
}

/** Binds one unit's own files on top of the model of its base. */
function bindUnit(unit: VariantUnit, model: VariantModel, diagnostics: Diagnostic[]): void {
  model.entry = unit.entry;
  const hasBase = unit.base !== undefined;
  for (const line of model.adjacency) line.inherited = true;
  for (const n of model.neutral) n.inherited = true;
  // Ids declared by this unit itself, to tell a replacement of the base from a duplicate.
  const own = { provinces: new Set<string>(), powers: new Set<string>(), rulesets: new Set<string>() };
  // Rule sets and variant headers of the base are replaced wholesale by this unit's own.
  let ownVariant: Declared<A.VariantDecl> | undefined;

  for (const file of unit.files) {
    for (const decl of file.ast.decls) {
      switch (decl.kind) {
        case 'Variant':
          if (ownVariant) {
            diagnostics.push(
              diagnostic('duplicateVariant', file.file, decl.id?.range ?? decl.range, 'A variant is declared once; this declaration is ignored'),
            );
          } else {
            ownVariant = { decl, file: file.file };
          }
          break;
        case 'Province':
          declare(model.provinces, own.provinces, decl, file, 'province', diagnostics);
          break;
        case 'Power':
          declare(model.powers, own.powers, decl, file, 'power', diagnostics);
          break;
        case 'Adjacency':
          for (const line of decl.lines) model.adjacency.push({ decl: line, file: file.file });
          break;
        case 'Neutral':
          model.neutral.push({ decl, file: file.file });
          break;
        case 'Rules':
          model.rules.push({ decl, file: file.file });
          break;
        case 'Ruleset':
          if (decl.name) {
            const key = decl.name.value;
            if (!RULESET_NAME.test(key)) {
              diagnostics.push(
                diagnostic('invalidValue', file.file, decl.name.range, `${quoted(key)} cannot name a rule set: use letters, digits, _ and - inside`),
              );
            } else if (own.rulesets.has(key)) {
              diagnostics.push(diagnostic('duplicateId', file.file, decl.name.range, `Rule set ${quoted(key)} is already declared`));
            } else {
              own.rulesets.add(key);
              model.rulesets.set(key, { decl, file: file.file });
            }
          }
          break;
        case 'Remove':
          remove(model, decl, file, hasBase, diagnostics);
          break;
        case 'Import':
          break;
      }
    }
  }
  if (ownVariant) model.variant = ownVariant;
}

function declare<T extends { id?: A.Ident }>(
  table: Map<string, Declared<T>>,
  own: Set<string>,
  decl: T,
  file: ParsedMap,
  what: string,
  diagnostics: Diagnostic[],
): void {
  if (!decl.id) return;
  const key = decl.id.value;
  if (own.has(key)) {
    const first = table.get(key);
    const where = first ? ` (first at ${shortPath(first.file)}:${(first.decl.id?.range.start.line ?? 0) + 1})` : '';
    diagnostics.push(diagnostic('duplicateId', file.file, decl.id.range, `The ${what} ${quoted(key)} is already declared${where}`));
    return;
  }
  own.add(key);
  table.set(key, { decl, file: file.file });
}

function remove(model: VariantModel, decl: A.RemoveDecl, file: ParsedMap, hasBase: boolean, diagnostics: Diagnostic[]): void {
  if (!hasBase) {
    diagnostics.push(diagnostic('removeWithoutExtends', file.file, decl.range, 'remove only applies to a variant that extends another'));
    return;
  }
  if (decl.what === 'adjacency') {
    if (decl.line) model.removedAdjacency.push({ decl: decl.line, file: file.file });
    return;
  }
  if (decl.what === 'neutral centres') {
    removeNeutralCentres(model, decl, file, diagnostics);
    return;
  }
  if (!decl.id) return;
  const table: Map<string, unknown> = decl.what === 'province' ? model.provinces : model.powers;
  if (table.delete(decl.id.value)) {
    if (decl.what === 'province') model.removedProvinces.add(decl.id.value);
  } else {
    diagnostics.push(diagnostic('removeUnknown', file.file, decl.id.range, `The base variant has no ${decl.what} ${quoted(decl.id.text)}`));
  }
}

/**
 * `remove neutral centres [P, …]`: drops centres from the base's `neutral centres`
 * declarations (all of them without a list). The declarations are copied, not
 * changed: a base's syntax tree may be shared with other variants that extend it.
 */
function removeNeutralCentres(
  model: VariantModel,
  decl: Extract<A.RemoveDecl, { what: 'neutral centres' }>,
  file: ParsedMap,
  diagnostics: Diagnostic[],
): void {
  const inherited = model.neutral.filter((n) => n.inherited && n.decl.centres.length > 0);
  const drop = (keep: (c: A.Ident) => boolean): void => {
    model.neutral = model.neutral.flatMap((n) => {
      if (!inherited.includes(n)) return [n];
      const centres = n.decl.centres.filter(keep);
      if (centres.length === n.decl.centres.length) return [n];
      // A declaration left with nothing to declare goes; `neutral units` ones are never touched.
      return centres.length === 0 && n.decl.units.length === 0 ? [] : [{ ...n, decl: { ...n.decl, centres } }];
    });
  };
  if (decl.centres.length === 0) {
    if (inherited.length === 0) {
      diagnostics.push(diagnostic('removeNeutralUnknown', file.file, decl.keyword ?? decl.range, 'The base variant declares no neutral centres'));
      return;
    }
    drop(() => false);
    return;
  }
  const listed = new Set(inherited.flatMap((n) => n.decl.centres.map((c) => c.value)));
  const removed = new Set<string>();
  for (const c of decl.centres) {
    if (listed.has(c.value)) removed.add(c.value);
    else diagnostics.push(diagnostic('removeNeutralUnknown', file.file, c.range, `The base variant does not list ${quoted(c.text)} as a neutral centre`));
  }
  drop((c) => !removed.has(c.value));
}

export function shortPath(path: string): string {
  return path.split(/[\\/]/).slice(-2).join('/');
}
