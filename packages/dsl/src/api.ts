/**
 * The public entry points of the language package: check a file, compile a
 * variant. Each stage adds diagnostics and never throws for bad input.
 */
import type { VariantConfig } from '@dipforge/engine/config';
import { dedupeDiagnostics, diagnostic, hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic.js';
import { bindVariant, type VariantModel } from './map/bind.js';
import { checkVariant, type ResolvedVariant } from './map/check.js';
import { checkBoard } from './map/board.js';
import { emitConfig, validateEmitted } from './map/compile.js';
import type { RuleSetSource } from './map/rules.js';
import { VariantLoader } from './workspace/loader.js';
import { unreadableFile } from './workspace/unreadable.js';
import { ZERO_RANGE } from './text/range.js';

export interface CheckResult {
  diagnostics: Diagnostic[];
  variant?: ResolvedVariant;
}

export interface CompileResult extends CheckResult {
  /** Present only when there are no errors. */
  config?: VariantConfig;
}

function editionSources(loader: VariantLoader): RuleSetSource[] {
  return loader.editionFiles().flatMap((f) => f.ast.decls.flatMap((d) => (d.kind === 'Ruleset' ? [{ decl: d, file: f.file }] : [])));
}

/** Parses, binds and checks a `.dipmap` file with everything it imports and extends. */
export function checkMapFile(path: string, loader: VariantLoader = new VariantLoader()): CheckResult {
  return checkWithModel(path, loader).result;
}

function checkWithModel(path: string, loader: VariantLoader): { result: CheckResult; model?: VariantModel } {
  const diagnostics: Diagnostic[] = [];
  const unit = loader.loadVariant(path, diagnostics);
  if (!unit) {
    diagnostics.push(unreadableFile(loader.host, path, path));
    return { result: { diagnostics } };
  }
  const syntax = collectSyntax(unit);
  // A loop, not push(...syntax): a huge list of arguments overflows the stack.
  for (const d of syntax) diagnostics.push(d);
  const model = bindVariant(unit, diagnostics);
  const variant = checkVariant(model, editionSources(loader), diagnostics);
  if (model.variant) {
    const board = checkBoard(variant, model.variant.decl, model.variant.file, loader.host, diagnostics);
    if (board) variant.board = board;
  }
  return { result: { diagnostics: sortDiagnostics(dedupeDiagnostics(diagnostics)), variant }, model };
}

/** Checks a variant and, when it has no errors, emits its VariantConfig and validates it against the schema. */
export function compileMapFile(path: string, loader: VariantLoader = new VariantLoader()): CompileResult {
  // A built-in variant none of whose files changed: its config as shipped (the map checked only if its resolved form is asked for).
  const builtin = loader.builtinCompile(path);
  if (builtin) return withLazyVariant(builtin, () => checkWithModel(path, loader).result.variant);
  const { result: checked, model } = checkWithModel(path, loader);
  if (model && !model.variant) {
    // A file of rule sets or of provinces to import is fine to check, but it is no variant to compile.
    const noVariant = diagnostic('noVariant', path, ZERO_RANGE, 'The file declares no variant: add variant ID "Name" { … } to compile it');
    checked.diagnostics = sortDiagnostics([...checked.diagnostics, noVariant]);
  }
  if (!checked.variant || hasErrors(checked.diagnostics)) return checked;
  const config = emitConfig(checked.variant);
  const diagnostics = [...checked.diagnostics];
  if (!validateEmitted(config, path, diagnostics)) return { ...checked, diagnostics };
  return { ...checked, diagnostics, config };
}

function withLazyVariant(result: CompileResult, check: () => ResolvedVariant | undefined): CompileResult {
  let variant: ResolvedVariant | undefined;
  let checked = false;
  Object.defineProperty(result, 'variant', {
    enumerable: true,
    get: () => {
      if (!checked) [variant, checked] = [check(), true];
      return variant;
    },
  });
  return result;
}

function collectSyntax(unit: import('./workspace/loader.js').VariantUnit): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (let u: typeof unit | undefined = unit; u; u = u.base) for (const f of u.files) for (const d of f.diagnostics) out.push(d);
  return out;
}

