/**
 * A game file's header as the game runner reads it: the variant it names (a built-in one, or a
 * map file by its path), the rules it is played under (the variant's, then the file's edition and
 * `rule` lines, or the edition asked for, through the map language's rule resolver, so that names,
 * values and messages are the same), and the order languages of its `language` lines.
 */
import { dirname, relative as relativePath } from 'node:path';
import { quoted, type RuleOptions } from '@dipforge/engine/config';
import { Codes } from '../diagnostics/codes.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type * as A from '../map/ast.js';
import type { Declared } from '../map/bind.js';
import { resolveRules, type ResolvedRules } from '../map/rules.js';
import { ZERO_RANGE, type Range } from '../text/range.js';
import { projectPath } from '../workspace/host.js';
import { unreadableFile } from '../workspace/unreadable.js';
import type * as G from './ast.js';
import { editionNames } from './editions.js';
import { gameOrderLanguages, isOrderLanguage, OrderLanguages } from './order-language.js';
import type { ParsedGame } from './parse.js';
import { plainRules } from './rules-cache.js';
import type { GameNames, Report } from './run-names.js';
import type { GameOptions, GameRun } from './run-types.js';
import type { CompiledVariant, GameWorkspace } from './workspace.js';

/** What the header's reading needs of the game runner. */
export interface HeaderHost {
  readonly file: string;
  readonly parsed: ParsedGame;
  readonly workspace: GameWorkspace;
  readonly options: GameOptions;
  readonly out: GameRun;
  readonly diagnostics: Diagnostic[];
  readonly names: GameNames;
  report: Report;
}

/** The `language` lines: the game's language and each power's (a second one for the same is ignored). */
export function orderLanguagesOf(h: HeaderHost, stmts: readonly G.LanguageStmt[]): OrderLanguages {
  let game: string | undefined;
  const powers = new Map<string, string>();
  for (const stmt of stmts) {
    const tag = stmt.language.text;
    if (!isOrderLanguage(tag)) {
      h.report('unknownOrderLanguage', stmt.language.range, `No order language ${quoted(tag)}: write one of ${gameOrderLanguages().join(', ')} (en: the standard notation)`);
      continue;
    }
    if (stmt.powers.length === 0) {
      if (game !== undefined) h.report('duplicateItem', stmt.range, `The game's order language is already ${game}; this line is ignored`);
      else game = tag;
    }
    for (const w of stmt.powers) {
      const id = h.names.power(w);
      if (!id) continue;
      const had = powers.get(id);
      if (had !== undefined) h.report('duplicateItem', w.range, `${id} already writes its orders in ${had}; this one is ignored`);
      else powers.set(id, tag);
    }
  }
  return new OrderLanguages(game, powers);
}

export function variantPathOf(h: HeaderHost, stmt: G.VariantStmt | undefined): string | undefined {
  const loader = h.workspace.loader;
  if (!stmt?.path) {
    const name = stmt?.name?.value ?? 'classic';
    const path = loader.builtinVariantPath(name);
    // Read through the loader's parses (a stat, when it is unchanged since another game read it), not as text again.
    if (loader.parse(path) === undefined) {
      h.report('unknownVariant', stmt?.name?.range ?? ZERO_RANGE, `No built-in variant ${quoted(stmt?.name?.text ?? name)}; give a path in quotes for a map file`);
      return undefined;
    }
    return path;
  }
  const found = projectPath(h.file, stmt.path.value, loader.host);
  if (!('path' in found)) {
    h.report(found.code, stmt.path.range, found.message);
    return undefined;
  }
  const target = found.path;
  if (loader.parse(target) === undefined) {
    h.diagnostics.push(unreadableFile(loader.host, target, quoted(stmt.path.value), { file: h.file, range: stmt.path.range }));
    return undefined;
  }
  return target;
}

/**
 * The game's rules: the variant's own `rules` blocks, then the game's edition
 * and `rule` lines as one more `rules` block of the game file, resolved by
 * the map language's resolver (so names, values and messages are the same).
 */
export function gameRules(h: HeaderHost, variant: CompiledVariant, edition: G.EditionStmt | undefined, lines: readonly G.RuleStmt[], switched = true): RuleOptions {
  const options: A.RuleOptionNode[] = [];
  const editionNode = (text: string, value: string | number, range: Range, keyRange: Range): A.RuleOptionNode => ({
    key: { text: 'edition', value: 'edition', range: keyRange },
    values: [typeof value === 'number' ? { kind: 'number', value, text, range } : { kind: 'name', value, text, range }],
    range,
  });
  if (edition) options.push(editionNode(edition.name.text, edition.name.value, edition.name.range, edition.range));
  for (const r of lines) options.push({ key: { text: r.key.text, value: r.key.value, range: r.key.range }, values: r.values, range: r.range });
  const model = variant.model as NonNullable<CompiledVariant['model']>;
  const sources = h.workspace.editionSources();
  if (switched && h.options.edition !== undefined) {
    const wanted = h.options.edition.toLowerCase();
    const known = editionNames(h.workspace, model);
    if (known.includes(wanted)) {
      const range = edition?.name.range ?? ZERO_RANGE;
      options.push(editionNode(h.options.edition, wanted, range, range));
    } else {
      h.out.unknownEdition = { name: h.options.edition, known: known.sort() };
      h.report('unknownEdition', ZERO_RANGE, `Unknown edition ${quoted(h.options.edition)} to play the game under; the editions are ${known.join(', ')}`);
    }
  }
  const block: Declared<A.RulesDecl> = { decl: { kind: 'Rules', options, range: h.parsed.ast.range }, file: h.file };
  const resolve = (found: Diagnostic[]): ResolvedRules => resolveRules({ ...model, rules: [...model.rules, block] }, sources, found);
  let resolved: ResolvedRules;
  let found: readonly Diagnostic[];
  if (options.length === 0) ({ resolved, found } = plainRules(model, sources, h.file, resolve));
  else {
    const all: Diagnostic[] = [];
    resolved = resolve(all);
    found = all;
  }
  // The variant's own rule problems were reported when it compiled; keep the game's.
  if (!switched) return resolved.options;
  for (const d of found) if (d.file === h.file) h.diagnostics.push(d);
  // A conflict the game's edition brings to the variant's own options (not one of the variant's): on the edition line.
  const own = new Set(variant.diagnostics.map((d) => `${d.file}:${d.range.start.offset}:${d.code}:${d.message}`));
  for (const d of found) {
    if (d.file === h.file || d.code !== Codes.ruleConflict.code || own.has(`${d.file}:${d.range.start.offset}:${d.code}:${d.message}`)) continue;
    const where = `${relativePath(dirname(h.file), d.file)}:${d.range.start.line + 1}`;
    h.report('ruleConflict', edition?.range ?? ZERO_RANGE, `${d.message} (with the edition this game plays, ${resolved.edition}; the other option is set at ${where})`);
  }
  return resolved.options;
}
