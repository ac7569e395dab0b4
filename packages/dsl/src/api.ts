/**
 * The public entry points of the language package: check a file, compile a
 * variant. Each stage adds diagnostics and never throws for bad input.
 */
import type { VariantConfig } from '@dipforge/engine/config';
import { hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic.js';
import { bindVariant } from './map/bind.js';
import { checkVariant, type ResolvedVariant } from './map/check.js';
import { emitConfig, validateEmitted } from './map/compile.js';
import type { RuleSetSource } from './map/rules.js';
import { VariantLoader } from './workspace/loader.js';
import { diagnostic } from './diagnostics/diagnostic.js';
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
  const diagnostics: Diagnostic[] = [];
  const unit = loader.loadVariant(path, diagnostics);
  if (!unit) {
    diagnostics.push(diagnostic('fileNotFound', path, ZERO_RANGE, `Cannot read ${path}`));
    return { diagnostics };
  }
  const syntax = collectSyntax(unit);
  diagnostics.push(...syntax);
  const model = bindVariant(unit, diagnostics);
  const variant = checkVariant(model, editionSources(loader), diagnostics);
  return { diagnostics: sortDiagnostics(dedupe(diagnostics)), variant };
}

/** Checks a variant and, when it has no errors, emits its VariantConfig and validates it against the schema. */
export function compileMapFile(path: string, loader: VariantLoader = new VariantLoader()): CompileResult {
  const checked = checkMapFile(path, loader);
  if (!checked.variant || hasErrors(checked.diagnostics)) return checked;
  const config = emitConfig(checked.variant);
  const diagnostics = [...checked.diagnostics];
  if (!validateEmitted(config, path, diagnostics)) return { ...checked, diagnostics };
  return { ...checked, diagnostics, config };
}

function collectSyntax(unit: import('./workspace/loader.js').VariantUnit): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (let u: typeof unit | undefined = unit; u; u = u.base) for (const f of u.files) out.push(...f.diagnostics);
  return out;
}

/** A file reached twice (imported by two files, say) reports its problems once. */
function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.file}:${d.range.start.offset}:${d.range.end.offset}:${d.code}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
