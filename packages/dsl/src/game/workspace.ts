/**
 * What games share: the loader, and each variant compiled once (its config, its
 * symbol model for the rules, its board and name index), reused while none of
 * its files changes. One workspace serves a whole `dipforge test` run.
 */
import type { VariantConfig } from '@dipforge/engine/config';
import { buildNameIndex, compileBoard, type Board, type NameIndex } from '@dipforge/engine';
import { compileMapFile } from '../api.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { bindVariant, type VariantModel } from '../map/bind.js';
import type { ParsedMap } from '../map/parse.js';
import type { RuleSetSource } from '../map/rules.js';
import { diskStamp, stampedOnce } from '../workspace/file-stamp.js';
import { diskHost } from '../workspace/host.js';
import { VariantLoader, type VariantUnit } from '../workspace/loader.js';
import { OrderReading } from './orders.js';
import { forgetTexts } from './texts.js';

export interface CompiledVariant {
  path: string;
  /** Problems of the variant's own files (and the files it imports or extends). */
  diagnostics: Diagnostic[];
  /** Present when the variant compiles without errors. */
  config?: VariantConfig;
  /** The bound variant, for resolving a game's rules the way the variant's own are resolved. */
  model?: VariantModel;
  index?: NameIndex;
}

interface Entry {
  variant: CompiledVariant;
  files: ParsedMap[];
  boards: Map<string, Board>;
  /** The same boards by the rules object itself: games without rules of their own share one (rules-cache.ts), so most find theirs without writing the rules out. */
  byRules: WeakMap<VariantConfig['rules'], Board>;
}

export class GameWorkspace {
  private readonly variants = new Map<string, Entry>();
  /** The edition presets' rule sets, kept while the loader gives the same parses of their files. */
  private editions: { files: readonly ParsedMap[]; sources: RuleSetSource[] } | undefined;

  /** `standingStill`: the files are taken not to change while the workspace lasts (`forOnePass`). */
  constructor(
    readonly loader: VariantLoader = new VariantLoader(),
    private readonly standingStill = false,
  ) {}

  /**
   * A workspace for one pass over game files on disk (`dipforge test`): the files are taken to
   * stand still while the pass lasts, so whether a variant's file or an edition preset changed is
   * asked of the disk once in the pass, not again for every game (a stat per file, not per game),
   * and the edition presets' rule sets are gathered once.
   */
  static forOnePass(): GameWorkspace {
    return new GameWorkspace(new VariantLoader({ host: { ...diskHost, stamp: stampedOnce(diskStamp) } }), true);
  }

  /** The variant whose entry file is `path` (absolute), compiled or with the reasons it is not. */
  variant(path: string): CompiledVariant {
    const cached = this.variants.get(path);
    if (cached && cached.files.length > 0 && cached.files.every((f) => this.loader.parse(f.file) === f)) return cached.variant;
    const diagnostics: Diagnostic[] = [];
    const unit = this.loader.loadVariant(path, []);
    const files = unit ? filesOf(unit) : [];
    const compiled = compileMapFile(path, this.loader);
    for (const d of compiled.diagnostics) diagnostics.push(d);
    const variant: CompiledVariant = { path, diagnostics };
    if (compiled.config && unit) {
      variant.config = compiled.config;
      variant.model = bindVariant(unit, []);
      variant.index = buildNameIndex(compiled.config);
    }
    this.variants.set(path, { variant, files, boards: new Map(), byRules: new WeakMap() });
    return variant;
  }

  /**
   * Forgets the order readings kept for this workspace's variants: the next
   * run of a file reads each of its order texts again, as its first check did.
   */
  forgetOrderReadings(): void {
    for (const { variant } of this.variants.values()) if (variant.index) OrderReading.forget(variant.index);
    forgetTexts();
  }

  /** The compiled board of a variant under a game's rules (cached per rules). */
  board(variant: CompiledVariant, config: VariantConfig): Board {
    const entry = this.variants.get(variant.path);
    const same = entry?.byRules.get(config.rules);
    if (same) return same;
    const key = JSON.stringify(config.rules);
    const board = entry?.boards.get(key) ?? compileBoard(config);
    entry?.boards.set(key, board);
    entry?.byRules.set(config.rules, board);
    return board;
  }

  /** The edition presets, as rule sets the rule resolver reads. */
  editionSources(): RuleSetSource[] {
    const kept = this.editions;
    // Files standing still, the presets gathered once serve every game (each game asks: about 50 µs a game).
    if (kept && this.standingStill) return kept.sources;
    const files = this.loader.editionFiles();
    if (kept && kept.files.length === files.length && kept.files.every((f, i) => f === files[i])) return kept.sources;
    const sources = files.flatMap((f) => f.ast.decls.flatMap((d) => (d.kind === 'Ruleset' ? [{ decl: d, file: f.file }] : [])));
    this.editions = { files, sources };
    return sources;
  }
}

function filesOf(unit: VariantUnit): ParsedMap[] {
  const out: ParsedMap[] = [];
  for (let u: VariantUnit | undefined = unit; u; u = u.base) for (const f of u.files) out.push(f);
  return out;
}
