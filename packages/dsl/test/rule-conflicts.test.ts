/**
 * Rule options that cannot work together (DF2014, an error) and options that
 * have no effect with the others (DF8007, a warning): the pure checks of
 * `ruleConflicts`, and where the resolver reports them, on the offending
 * option line of a map's `rules` block, a `ruleset`, or a game's `rule` or
 * `edition` line. The built-in editions are free of both. (A game file cannot
 * expect a diagnostic, so these cases are tests here rather than test/rules/
 * files.) docs/RULES.md, "Options that conflict", lists the same checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultRuleOptions, type RuleKey, type RuleOptions } from '@dipforge/engine/config';
import { variantsDir } from '@dipforge/variants';
import { describe, expect, it } from 'vitest';
import { checkMapFile } from '../src/api.js';
import { runGameFile } from '../src/game/api.js';
import type { GameRun } from '../src/game/run.js';
import { GameWorkspace } from '../src/game/workspace.js';
import { ruleConflicts } from '../src/map/rule-conflicts.js';
import { MemoryHost } from '../src/workspace/host.js';
import { VariantLoader } from '../src/workspace/loader.js';
import { locate, span, TOY, type Span } from './helpers.js';

const BUILTIN = '/builtin';
const GAME = '/proj/game.dipgame';
const MAP = '/proj/toy.dipmap';
const CONFLICT = 'DF2014';
const IGNORED = 'DF8007';
const PARTIAL = 'DF8008';

/** The real classic map and editions in memory, with more files beside them. */
function host(more: Record<string, string>): MemoryHost {
  const files: Record<string, string> = {
    '/proj/package.json': '{}',
    [`${BUILTIN}/classic/classic.dipmap`]: readFileSync(join(variantsDir, 'classic', 'classic.dipmap'), 'utf8'),
    ...more,
  };
  for (const f of readdirSync(join(variantsDir, 'editions'))) {
    if (f.endsWith('.dipmap')) files[`${BUILTIN}/editions/${f}`] = readFileSync(join(variantsDir, 'editions', f), 'utf8');
  }
  return new MemoryHost(files);
}

function loader(more: Record<string, string>): VariantLoader {
  return new VariantLoader({ host: host(more), builtinDir: BUILTIN });
}

function play(text: string, options: { edition?: string } = {}, more: Record<string, string> = {}): GameRun {
  return runGameFile(GAME, new GameWorkspace(loader({ [GAME]: text, ...more })), options);
}

/** The toy variant with its `rules` block replaced. */
function toyWithRules(rules: string): string {
  const text = TOY.replace('rules {\n  edition 2023\n  victory-centres 4\n}', rules);
  expect(text).not.toBe(TOY);
  return text;
}

function found(diagnostics: readonly { code: string; range: Parameters<typeof span>[0]; file: string }[], file: string, code: string): Span[] {
  return diagnostics.filter((d) => d.file === file && d.code === code).map((d) => span(d.range));
}

function options(changes: Partial<Record<RuleKey, unknown>>): RuleOptions {
  return { ...defaultRuleOptions(), ...changes } as RuleOptions;
}

const conflicts = (o: RuleOptions) => ruleConflicts(o).filter((c) => c.kind === 'conflict');

describe('ruleConflicts: which combinations are errors', () => {
  it('the 2023 defaults have none', () => {
    expect(conflicts(defaultRuleOptions())).toEqual([]);
    expect(ruleConflicts(defaultRuleOptions(), () => false)).toEqual([]);
  });

  it('a postal year needs priority lists: retreats phase and adjustments phase are errors there', () => {
    const c = conflicts(options({ 'year-shape': 'postal' }));
    expect(c.map((x) => x.keys)).toEqual([
      ['year-shape', 'retreats'],
      ['year-shape', 'adjustments'],
    ]);
    expect(c[0]!.message).toContain('retreats phase needs a retreat phase, but a postal year');
    expect(conflicts(options({ 'year-shape': 'postal', retreats: 'priority-list', adjustments: 'priority-list' }))).toEqual([]);
  });

  it('in a five-phase year retreat lists work (the movement carries out its retreats, the retreat phase has nothing to do); adjustment lists need them', () => {
    expect(conflicts(options({ retreats: 'priority-list' }))).toEqual([]);
    expect(conflicts(options({ retreats: 'priority-list', adjustments: 'priority-list' }))).toEqual([]);
    const c = conflicts(options({ adjustments: 'priority-list' }));
    expect(c.map((x) => x.keys)).toEqual([['year-shape', 'retreats', 'adjustments']]);
    expect(c[0]!.message).toContain('the lists would never count');
  });

  it('a custom year: lists or phases by what custom-phases holds; every movement needs its retreat phase; a year needs a movement', () => {
    const twoSeason = ['spring-movement', 'fall-movement', 'fall-retreat', 'winter-adjustment'];
    const c = conflicts(options({ 'year-shape': 'custom', 'custom-phases': twoSeason }));
    expect(c.map((x) => x.message)).toEqual([expect.stringContaining('none follows spring-movement')]);
    expect(conflicts(options({ 'year-shape': 'custom', 'custom-phases': twoSeason, retreats: 'priority-list' }))).toEqual([]);
    expect(conflicts(options({ 'year-shape': 'custom', 'custom-phases': ['spring-movement', 'fall-movement'] })).map((x) => x.keys)).toEqual([
      ['year-shape', 'custom-phases', 'retreats'],
      ['year-shape', 'custom-phases', 'adjustments'],
    ]);
    expect(
      conflicts(options({ 'year-shape': 'custom', 'custom-phases': ['spring-movement', 'fall-movement'], retreats: 'priority-list', adjustments: 'priority-list' })),
    ).toEqual([]);
    expect(conflicts(options({ 'year-shape': 'custom', 'custom-phases': ['winter-adjustment'], retreats: 'priority-list' })).map((x) => x.keys)).toEqual([
      ['custom-phases', 'year-shape'],
    ]);
  });


  it('an alliance victory with shared ties is an error (more than two powers would win together)', () => {
    expect(conflicts(options({ 'alliance-victory': 18 })).map((x) => x.keys)).toEqual([['alliance-victory', 'victory-ties']]);
    expect(conflicts(options({ 'alliance-victory': 'solo-threshold', 'victory-ties': 'extend' }))).toEqual([]);
  });
});

describe('ruleConflicts: options that work together only in part (warnings)', () => {
  const partial = (o: RuleOptions) => ruleConflicts(o, () => false).filter((c) => c.kind === 'partial');

  it('priority retreat lists under a five-phase year: the retreat phases never have anything to do', () => {
    const c = partial(options({ retreats: 'priority-list' }));
    expect(c.map((x) => x.keys)).toEqual([['year-shape', 'retreats']]);
    expect(c[0]!.message).toBe(
      "retreats priority-list in a five-phase year: each movement carries out its retreats at once by the lists, so its retreat phases never have anything to do; the old rules' year without them is year-shape postal",
    );
  });

  it('build and disband lists carried out by the fall movement of a year that has an adjustment phase', () => {
    expect(partial(options({ retreats: 'priority-list', adjustments: 'priority-list' })).map((x) => x.keys)).toEqual([
      ['year-shape', 'retreats'],
      ['year-shape', 'adjustments'],
    ]);
    // The old rules' postal year: neither.
    expect(partial(options({ 'year-shape': 'postal', retreats: 'priority-list', adjustments: 'priority-list' }))).toEqual([]);
  });
});

describe('ruleConflicts: options with no effect (warnings, only when a file sets them)', () => {
  const ignored = (o: RuleOptions, setInFile: (k: RuleKey) => boolean = () => true) =>
    ruleConflicts(o, setInFile)
      .filter((c) => c.kind === 'ignored')
      .map((c) => c.keys[0]);

  it('custom-phases without year-shape custom; the scoring bonuses without their scoring; solo-beats-alliance without alliances', () => {
    expect(ignored(defaultRuleOptions())).toEqual(['custom-phases', 'solo-beats-alliance', 'alliance-bonus', 'solo-bonus']);
    expect(ignored(defaultRuleOptions(), () => false)).toEqual([]);
    expect(ignored(options({ 'alliance-victory': 18, 'victory-ties': 'extend', scoring: 'draw-size' }), (k) => k === 'alliance-bonus')).toEqual(['alliance-bonus']);
  });

  it('the excess rules with adjustment lists and no adjustment phase (lists count from their first entry)', () => {
    const postal = options({ 'year-shape': 'postal', retreats: 'priority-list', adjustments: 'priority-list', 'excess-builds': 'last' });
    expect(ignored(postal, (k) => k.startsWith('excess-') || k === 'same-province-builds')).toEqual(['excess-builds', 'same-province-builds', 'excess-disbands']);
    expect(conflicts(postal)).toEqual([]);
    // With an adjustment phase the excess rules are used.
    expect(ignored(options({ 'excess-builds': 'all-void' }), (k) => k.startsWith('excess-'))).toEqual([]);
  });

  it('via-convoy-fallback and support-cut-via-convoy cut under the 1971 swap rule', () => {
    const o = options({ 'convoy-to-adjacent': 'swap-only', 'via-convoy-fallback': true, 'support-cut-via-convoy': 'cut' });
    expect(ignored(o, (k) => k !== 'custom-phases' && !k.includes('bonus') && k !== 'solo-beats-alliance')).toEqual(['via-convoy-fallback', 'support-cut-via-convoy']);
  });
});

describe('the built-in editions', () => {
  it.each(['2023', '2000', '1982', '1971', 'old-rules', 'online-5'])('%s has no conflicting option and reports nothing', (edition) => {
    const run = play(`variant classic\nedition ${edition}\n`);
    expect(run.diagnostics.filter((d) => d.code === CONFLICT || d.code === IGNORED || d.code === PARTIAL)).toEqual([]);
    expect(conflicts(run.rules!)).toEqual([]);
  });
});

describe('where a conflict is reported', () => {
  it("in a map's rules block: on the option line set last", () => {
    const text = toyWithRules('rules {\n  edition 2023\n  year-shape postal\n}');
    const { diagnostics } = checkMapFile(MAP, loader({ [MAP]: text }));
    expect(found(diagnostics, MAP, CONFLICT)).toEqual([locate(text, 'year-shape postal'), locate(text, 'year-shape postal')]);
    expect(diagnostics.filter((d) => d.code === CONFLICT).map((d) => d.severity)).toEqual(['error', 'error']);
  });

  it('a rules block that switches the year and lists together is clean', () => {
    const text = toyWithRules('rules {\n  year-shape postal\n  retreats priority-list\n  adjustments priority-list\n}');
    const { diagnostics } = checkMapFile(MAP, loader({ [MAP]: text }));
    expect(found(diagnostics, MAP, CONFLICT)).toEqual([]);
  });

  it("when a rules block picks an edition and overrides one option: on the override (the edition's own line is not blamed)", () => {
    const text = toyWithRules('rules {\n  edition old-rules\n  retreats phase\n}');
    const { diagnostics } = checkMapFile(MAP, loader({ [MAP]: text }));
    expect(found(diagnostics, MAP, CONFLICT)).toEqual([locate(text, 'retreats phase')]);
    expect(diagnostics.find((d) => d.code === CONFLICT)?.message).toContain('retreats phase needs a retreat phase, but a postal year');
    // The old-rules edition played in five phases with both lists works, with a warning for each list (on the override).
    const five = toyWithRules('rules {\n  edition old-rules\n  year-shape five-phase\n}');
    const d = checkMapFile(MAP, loader({ [MAP]: five })).diagnostics;
    expect(found(d, MAP, CONFLICT)).toEqual([]);
    expect(found(d, MAP, PARTIAL)).toEqual([locate(five, 'year-shape five-phase'), locate(five, 'year-shape five-phase')]);
    expect(d.filter((x) => x.code === PARTIAL).map((x) => x.severity)).toEqual(['warning', 'warning']);
  });

  it('in a ruleset of the variant, used or not', () => {
    const text = toyWithRules('ruleset house "House" extends 2023 {\n  adjustments priority-list\n}\nrules {\n  edition 2023\n}');
    const { diagnostics } = checkMapFile(MAP, loader({ [MAP]: text }));
    expect(found(diagnostics, MAP, CONFLICT)).toEqual([locate(text, 'adjustments priority-list')]);
  });

  it('a warning for an option that has no effect, on its own line', () => {
    const text = toyWithRules('rules {\n  custom-phases spring-movement, fall-movement\n  alliance-bonus 5\n}');
    const { diagnostics } = checkMapFile(MAP, loader({ [MAP]: text }));
    expect(found(diagnostics, MAP, IGNORED)).toEqual([locate(text, 'custom-phases spring-movement, fall-movement'), locate(text, 'alliance-bonus 5')]);
    expect(diagnostics.filter((d) => d.code === IGNORED).map((d) => d.severity)).toEqual(['warning', 'warning']);
    expect(diagnostics.find((d) => d.code === IGNORED)?.message).toBe('custom-phases is ignored: year-shape is five-phase, not custom');
  });

  it("in a game: on the game's rule line", () => {
    const text = 'variant classic\nedition online-5\nrule adjustments priority-list\n';
    const run = play(text);
    expect(found(run.diagnostics, GAME, CONFLICT)).toEqual([locate(text, 'rule adjustments priority-list')]);
    expect(run.diagnostics.find((d) => d.code === CONFLICT)?.severity).toBe('error');
  });

  it("in a game: old-rules played in five phases, two warnings on the game's year-shape line", () => {
    const text = 'variant classic\nedition old-rules\nrule year-shape five-phase\n';
    const run = play(text);
    const line = locate(text, 'rule year-shape five-phase');
    expect(found(run.diagnostics, GAME, PARTIAL)).toEqual([line, line]);
    expect(found(run.diagnostics, GAME, CONFLICT)).toEqual([]);
  });

  it("in a game whose edition conflicts with the variant's own override: on the game's edition line", () => {
    const map = TOY.replace('  victory-centres 4\n', '  victory-centres 4\n  retreats phase\n');
    const text = 'variant "toy.dipmap"\nedition old-rules\n';
    const run = play(text, {}, { [MAP]: map });
    const d = run.diagnostics.filter((x) => x.code === CONFLICT);
    expect(d.map((x) => [x.file, span(x.range)])).toEqual([[GAME, locate(text, 'edition old-rules')]]);
    expect(d[0]!.message).toContain('retreats phase needs a retreat phase, but a postal year');
    expect(d[0]!.message).toContain('with the edition this game plays, old-rules; the other option is set at toy.dipmap:10');
    // The variant alone is fine.
    expect(checkMapFile(MAP, loader({ [MAP]: map })).diagnostics.filter((x) => x.code === CONFLICT)).toEqual([]);
  });

  it('under --edition: a conflict between the chosen edition and a rule line of the game is reported on that line', () => {
    const text = 'variant classic\nedition 2023\nrule retreats phase\n';
    expect(found(play(text).diagnostics, GAME, CONFLICT)).toEqual([]);
    expect(found(play(text, { edition: 'old-rules' }).diagnostics, GAME, CONFLICT)).toEqual([locate(text, 'rule retreats phase')]);
  });
});
