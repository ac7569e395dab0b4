/**
 * Rule sets and a variant's `rules`: resolves an edition (a rule set, possibly
 * extending others) and the overrides on top of it into one complete, checked
 * set of options. The options themselves (names, values, defaults) are the
 * engine's registry; this module only reads them from the language.
 */
import { checkRuleValue, closest, defaultRuleOptions, didYouMeanOf, quoted, RULE_KEYS, type RuleKey, type RuleOptions } from '@dipforge/engine/config';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { ruleConflicts } from './rule-conflicts.js';
import { cycleText } from '../text/cycle.js';
import type { Range } from '../text/range.js';
import type * as A from './ast.js';
import { unknownWord } from './expected.js';
import type { Declared, VariantModel } from './bind.js';

export type RuleSetSource = Declared<A.RulesetDecl>;

export const DEFAULT_EDITION = '2023';

export interface OptionOrigin {
  file: string;
  range: Range;
  value: unknown;
  /** The whole option line (`key value`, or a game's `rule key value`). */
  line?: Range;
  /** Order of setting: a later line has a higher number (for rule-conflict diagnostics). */
  seq?: number;
}

export interface ResolvedRules {
  edition: string;
  options: RuleOptions;
  /** Where each option that a file set was set, for diagnostics about the value. */
  origins: Map<string, OptionOrigin>;
  victoryCentres?: OptionOrigin;
}

type RawValue = string | number | boolean | (string | number | boolean)[];

function rawValue(values: A.ValueLit[]): RawValue | undefined {
  // A number too large to be read exactly goes as written, so that a message shows it, not `Infinity`.
  const one = (v: A.ValueLit): string | number | boolean =>
    v.kind === 'name' && (v.value === 'true' || v.value === 'false')
      ? v.value === 'true'
      : v.kind === 'number' && !(Math.abs(v.value) <= Number.MAX_SAFE_INTEGER)
        ? v.text
        : v.value;
  if (values.length === 0) return undefined;
  if (values.length === 1) return one(values[0] as A.ValueLit);
  return values.map(one);
}

/** A rule set's options, with where each was set. */
interface Resolved {
  options: Record<string, unknown>;
  origins: Map<string, OptionOrigin>;
}

class RuleResolver {
  private readonly sets = new Map<string, RuleSetSource>();
  private readonly done = new Map<string, Resolved>();
  private seq = 0;

  constructor(
    editions: RuleSetSource[],
    model: VariantModel,
    private readonly diagnostics: Diagnostic[],
  ) {
    for (const e of editions) if (e.decl.name) this.sets.set(e.decl.name.value, e);
    // A variant's own rule sets may shadow the built-in editions of the same name.
    for (const [name, s] of model.rulesets) this.sets.set(name, s);
  }

  /** The rule set named `name`, if any. */
  source(name: string): RuleSetSource | undefined {
    return this.sets.get(name);
  }

  has(name: string): boolean {
    return this.sets.has(name);
  }

  names(): string[] {
    return [...this.sets.keys()];
  }

  /**
   * The options of a rule set, with those of the sets it extends beneath. The
   * chain of `extends` is followed in a loop, not by a call a set: a file may
   * chain as many sets as it likes, and each call would take a frame of the stack.
   */
  resolve(name: string): Resolved {
    // The sets from `name` down its extends, to the first one resolved before, or without a usable base.
    const chain: string[] = [];
    const inChain = new Set<string>();
    let below = this.done.get(name);
    for (let at = name; below === undefined; ) {
      chain.push(at);
      inChain.add(at);
      const source = this.sets.get(at);
      const base = source?.decl.extends;
      if (!source || !base) break;
      if (inChain.has(base.value)) {
        const cycle = [...chain.slice(chain.indexOf(base.value)), base.value];
        this.diagnostics.push(diagnostic('rulesetCycle', source.file, base.range, `Rule sets extend each other in a cycle: ${cycleText(cycle, 'rule sets')}`));
        break;
      }
      if (!this.sets.has(base.value)) {
        this.unknownSet(base.value, source.file, base.range);
        break;
      }
      at = base.value;
      below = this.done.get(at);
    }
    // Then each set of the chain, deepest first, on top of the one it extends.
    for (let i = chain.length - 1; i >= 0; i--) {
      const at = chain[i] as string;
      const source = this.sets.get(at);
      const options: Record<string, unknown> = below ? { ...below.options } : { ...defaultRuleOptions() };
      const origins = below ? new Map(below.origins) : new Map<string, OptionOrigin>();
      if (source) this.apply(source.decl.options, source.file, options, origins, false);
      below = { options, origins };
      this.done.set(at, below);
    }
    return below as Resolved;
  }

  unknownSet(name: string, file: string, range: Range): void {
    const near = closest(name, this.sets.keys());
    this.diagnostics.push(diagnostic('unknownEdition', file, range, `Unknown edition or rule set ${quoted(name)}${didYouMeanOf(near)}`, near));
  }

  apply(list: A.RuleOptionNode[], file: string, options: Record<string, unknown>, origins: Map<string, OptionOrigin>, allowEdition: boolean): void {
    for (const o of list) {
      const key = o.key.value;
      if (key === 'edition') {
        if (!allowEdition) {
          this.diagnostics.push(diagnostic('unknownRuleOption', file, o.key.range, 'A rule set names its base with extends, not edition'));
        }
        continue;
      }
      if (!(RULE_KEYS as readonly string[]).includes(key)) {
        const wrong = unknownWord('rule option', o.key.text, RULE_KEYS, 'a rule option of docs/RULES.md, such as edition or victory-centres');
        this.diagnostics.push(diagnostic('unknownRuleOption', file, o.key.range, wrong.message, wrong.suggestions));
        continue;
      }
      const raw = rawValue(o.values);
      if (raw === undefined) continue;
      const checked = checkRuleValue(key, raw);
      const valueRange = o.values.length > 0 ? { start: (o.values[0] as A.ValueLit).range.start, end: (o.values[o.values.length - 1] as A.ValueLit).range.end } : o.range;
      if (!checked.ok) {
        this.diagnostics.push(diagnostic('invalidRuleValue', file, valueRange, `Invalid value for ${key}: ${checked.reason}`));
        continue;
      }
      options[key] = checked.value;
      origins.set(key, { file, range: valueRange, value: checked.value, line: o.range, seq: ++this.seq });
    }
  }
}

/** The variant's rules: its edition (default 2023) and every override from its `rules` blocks, in order. */
export function resolveRules(model: VariantModel, editions: RuleSetSource[], diagnostics: Diagnostic[]): ResolvedRules {
  const resolver = new RuleResolver(editions, model, diagnostics);
  // Every rule set in the variant's own files is checked, used or not.
  for (const name of model.rulesets.keys()) resolver.resolve(name);

  let edition = DEFAULT_EDITION;
  let editionLine: { file: string; range: Range } | undefined;
  for (const { decl, file } of model.rules) {
    for (const o of decl.options) {
      if (o.key.value !== 'edition') continue;
      const v = o.values[0];
      if (!v) continue;
      const name = String(v.value).toLowerCase();
      if (resolver.has(name)) {
        edition = name;
        editionLine = { file, range: o.range };
      } else resolver.unknownSet(v.text, file, v.range);
    }
  }
  const base = resolver.resolve(edition);
  const options: Record<string, unknown> = { ...base.options };
  const origins = new Map(base.origins);
  for (const { decl, file } of model.rules) resolver.apply(decl.options, file, options, origins, true);
  options['edition'] = edition;
  // Options that cannot work together: in each rule set of the variant's own files, and in the rules in force.
  const editionFiles = new Set(editions.map((e) => e.file));
  for (const name of model.rulesets.keys()) {
    const source = resolver.source(name);
    const set = resolver.resolve(name);
    const base = source?.decl.extends;
    const blame = source && base ? { file: source.file, range: base.range } : undefined;
    reportConflicts(set.options as RuleOptions, set.origins, editionFiles, blame, diagnostics);
  }
  reportConflicts(options as RuleOptions, origins, editionFiles, editionLine, diagnostics);
  const victoryCentres = origins.get('victory-centres');
  return {
    edition,
    options: options as RuleOptions,
    origins,
    ...(victoryCentres ? { victoryCentres } : {}),
  };
}

/**
 * Reports the rule conflicts of one resolved set of options (DF2014, DF8008, DF8007),
 * each on the offending option line: the involved option set last in a map or
 * game file. When that is a built-in edition's line, the line that chose the
 * edition (`edition NAME`, a ruleset's `extends`) is blamed; a conflict within
 * the built-in editions alone is not reported (they are kept free of them).
 */
function reportConflicts(
  options: RuleOptions,
  origins: ReadonlyMap<string, OptionOrigin>,
  editionFiles: ReadonlySet<string>,
  editionLine: { file: string; range: Range } | undefined,
  diagnostics: Diagnostic[],
): void {
  const inFile = (key: RuleKey): OptionOrigin | undefined => {
    const o = origins.get(key);
    return o && !editionFiles.has(o.file) ? o : undefined;
  };
  const seen = new Set(diagnostics.map((d) => `${d.file}:${d.range.start.offset}:${d.code}:${d.message}`));
  for (const c of ruleConflicts(options, (key) => inFile(key) !== undefined)) {
    let at: { file: string; range: Range } | undefined;
    if (c.kind === 'ignored') {
      const o = inFile(c.keys[0]!);
      if (o) at = { file: o.file, range: o.line ?? o.range };
    } else {
      let last: OptionOrigin | undefined;
      for (const key of c.keys) {
        const o = origins.get(key);
        if (o && (last === undefined || (o.seq ?? 0) > (last.seq ?? 0))) last = o;
      }
      if (last && !editionFiles.has(last.file)) at = { file: last.file, range: last.line ?? last.range };
      else at = editionLine;
    }
    if (!at) continue;
    const d = diagnostic(c.kind === 'conflict' ? 'ruleConflict' : c.kind === 'partial' ? 'rulePartial' : 'ruleIgnored', at.file, at.range, c.message);
    const key = `${d.file}:${d.range.start.offset}:${d.code}:${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    diagnostics.push(d);
  }
}
