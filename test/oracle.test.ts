// The movement oracle (test/oracle/, docs/TESTING.md): the DATC §5 equations solved by brute force
// and compared with the engine. First the oracle itself: its classes and backup rules on the DATC's
// own paradoxes, that its check can fail, that it judges every DATC v3.1 movement case it models as
// the engine does; then the known resolver defect it must catch; then a seeded sample of generated
// phases with no disagreement, and the snippets it prints reproducing their phase.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GameWorkspace, runGameFile, runGameText } from '@dipforge/dsl';
import { compileBoard, defaultRuleOptions, type RuleOptions, type VariantConfig } from '@dipforge/engine';
import { checkBackup } from './oracle/backup.js';
import { enumerate } from './oracle/enumerate.js';
import { Equations } from './oracle/equations.js';
import { phaseFacts } from './oracle/facts.js';
import { phaseFromEngine } from './oracle/from-engine.js';
import { judge, oraclePhase, readPhase, runOracle, snippet, unsupportedRules, type OraclePhase, type OracleSummary } from './oracle/index.js';
import { resolvedEditions } from '../packages/engine/test/helpers/editions.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLASSIC = JSON.parse(readFileSync(join(ROOT, 'packages', 'engine', 'test', 'fixtures', 'classic.json'), 'utf8')) as VariantConfig;
const board = compileBoard(CLASSIC);
const RULES_2023 = defaultRuleOptions();

/** The consistent assignments of a phase, each as the orders whose decision holds. */
function answers(phase: OraclePhase): string[][] {
  const facts = phaseFacts(board, phase);
  const e = enumerate(new Equations(facts));
  return e.consistent.map((a) => facts.decisions.flatMap((d, i) => (a & (1 << i) ? [`${phase.units[d.unit]!.kind[0]} ${board.locName(phase.units[d.unit]!.loc)}`] : [])));
}

// DATC 6.F.14, the simplest convoy paradox: the army cuts the support for the attack on its own convoy.
const SIMPLE_PARADOX = readPhase(
  board,
  ['england: F lon', 'england: F wal', 'france: A bre', 'france: F eng'],
  ['england: F lon S F wal - eng', 'england: F wal - eng', 'france: A bre - lon', 'france: F eng C A bre - lon'],
);
// DATC 6.F.16, Pandin's paradox: no assignment is consistent.
const PANDIN = readPhase(
  board,
  ['england: F lon', 'england: F wal', 'france: A bre', 'france: F eng', 'germany: F nth', 'germany: F bel'],
  ['england: F lon S F wal - eng', 'england: F wal - eng', 'france: A bre - lon', 'france: F eng C A bre - lon', 'germany: F nth S F bel - eng', 'germany: F bel - eng'],
);
// DATC 6.C.1: three armies moving round.
const RING = readPhase(board, ['turkey: F ank', 'turkey: A con', 'turkey: A smy'], ['turkey: F ank - con', 'turkey: A con - smy', 'turkey: A smy - ank']);

describe('the oracle on the DATC paradoxes', () => {
  it('counts two answers for the simple paradox, none for Pandin\'s, two for a ring', () => {
    // Simple paradox: London's support holds and Wales dislodges the Channel fleet, or the convoy
    // holds, London's support is cut and Wales bounces; the army fails either way.
    expect(answers(SIMPLE_PARADOX)).toEqual([['f lon', 'f wal'], ['f eng']]);
    expect(answers(PANDIN)).toEqual([]);
    expect(answers(RING)).toEqual([[], ['f ank', 'a con', 'a smy']]);
  });

  it('judges them as the DATC does, through the backup rules', () => {
    for (const [phase, cls] of [[SIMPLE_PARADOX, 'several'], [PANDIN, 'none'], [RING, 'several']] as const) {
      const v = judge(board, phase, RULES_2023);
      expect(v.cls).toBe(cls);
      expect(v.problems).toEqual([]);
    }
    expect(judge(board, SIMPLE_PARADOX, RULES_2023).paradox).toBe(true);
    expect(judge(board, RING, RULES_2023).circular).toBe(true);
  });

  it('finds a wrong answer to a backup rule', () => {
    const name = (d: number): string => `#${d}`;
    // The ring with every move failing: consistent, but not what the circular movement rule gives.
    const ring = phaseFacts(board, RING);
    expect(checkBackup(ring, enumerate(new Equations(ring)), 0, 0, name).problems.join()).toMatch(/circular movement/);
    // Pandin's paradox answered without the paradox rule, and with it but on the wrong answer.
    const pandin = phaseFacts(board, PANDIN);
    const e = enumerate(new Equations(pandin));
    expect(checkBackup(pandin, e, 0, 0, name).problems.join()).toMatch(/without the paradox rule/);
    const convoy = 1 << pandin.decisions.findIndex((d) => d.kind === 'convoy');
    const supports = pandin.decisions.reduce((m, d, i) => (d.kind === 'support' ? m | (1 << i) : m), 0);
    expect(checkBackup(pandin, e, supports, convoy, name).problems).toEqual([]);
    expect(checkBackup(pandin, e, 0, convoy, name).problems.join()).toMatch(/the engine differs/);
  });
});

describe('the oracle on the DATC v3.1 cases', () => {
  // The preferred choices, and the other choices whose rules the oracle models (the All Hold rule).
  const cases = ['v3.1', 'v3.1-other-choices'].flatMap((folder) => {
    const dir = join(ROOT, 'test', 'datc', folder);
    return readdirSync(dir).filter((f) => f.endsWith('.dipgame')).sort().map((f) => join(dir, f));
  });

  it('agrees with the engine on every movement case whose orders are all legal', () => {
    const workspace = new GameWorkspace();
    const judged: string[] = [];
    for (const file of cases) {
      const run = runGameFile(file, workspace);
      const first = run.phases[0];
      if (!first || first.phase.kind !== 'movement' || first.incomplete || !run.rules) continue;
      const rules = run.rules as RuleOptions;
      if (unsupportedRules(rules).length) continue;
      if (first.result.results.some((r) => r.status === 'illegal')) continue;
      const phase = phaseFromEngine(board, first.before, first.orders.map((o) => o.order));
      if (typeof phase === 'string') continue;
      expect(judge(board, phase, rules).problems, basename(file)).toEqual([]);
      judged.push(basename(file));
    }
    // Most of sections C to G: circular movement, supports, dislodgement, convoys, paradoxes.
    expect(judged.length).toBeGreaterThan(110);
    expect(judged).toContain('6.F.16.dipgame');
    expect(judged).toContain('6.F.14-all-hold.dipgame');
  });
});

// The resolver defect the oracle was written to catch: with the units in this order, A edi - nwy
// failed 2 against 1 while F nwy's support was cut.
const DEFECT = readPhase(
  board,
  ['germany: F nth', 'germany: A edi', 'germany: F den', 'germany: A swe', 'russia: F nwg', 'russia: F nwy'],
  [
    'germany: F den S F nth',
    'germany: A edi - nwy via convoy',
    'germany: F nth C A edi - nwy',
    'germany: A swe S A edi - nwy',
    'russia: F nwg - nth',
    'russia: F nwy S F nwg - nth',
  ],
);

describe('a convoyed attack on the supporter of an attack on its convoy', () => {
  it('is a unique case: A edi - nwy succeeds, F nwy is dislodged', () => {
    const facts = phaseFacts(board, DEFECT);
    const e = enumerate(new Equations(facts));
    expect(e.consistent).toHaveLength(1);
    const edi = facts.decisionOf[1]!;
    expect(e.consistent[0]! & (1 << edi)).not.toBe(0);
    expect(new Equations(facts).dislodgedUnder(e.consistent[0]!, 5)).toBe(true);
  });

  it('is adjudicated so by the engine, under the 2023 and the 2000 editions', () => {
    const rules2000 = resolvedEditions().get('2000')!;
    for (const rules of [RULES_2023, rules2000 as RuleOptions]) {
      const v = judge(board, DEFECT, rules);
      expect(v.cls).toBe('unique');
      expect(v.problems).toEqual([]);
    }
  });
});

describe('a seeded sample of generated phases', () => {
  let ran: OracleSummary | undefined;
  const sample = (): OracleSummary => (ran ??= runOracle(board, RULES_2023, { count: 3000, seed: 2024, keep: 5 }));

  it('has no disagreement and no illegal order', () => {
    const summary = sample();
    expect(summary.disagreements.map((d) => d.text)).toEqual([]);
    expect(summary.counts.illegal.agree + summary.counts.illegal.disagree).toBe(0);
  });

  it('holds circular movements, convoy paradoxes and cycles with one answer', () => {
    const { unique, several, none } = sample().counts;
    expect(unique.agree).toBeGreaterThan(2500);
    // Cycles of dependent decisions, with a convoy in them, decided by the equations alone.
    expect(unique.convoyCycle).toBeGreaterThanOrEqual(20);
    expect(several.cycle - several.convoyCycle).toBeGreaterThan(50);
    expect(several.convoyCycle).toBeGreaterThan(50);
    expect(none.agree).toBeGreaterThan(0);
  });

  it('prints snippets that reproduce their phase, unit order and results included', () => {
    const workspace = new GameWorkspace();
    const cases = [DEFECT, oraclePhase(board, 2024, 0), oraclePhase(board, 2024, 1), oraclePhase(board, 2024, 2)];
    for (const phase of cases) {
      const v = judge(board, phase, RULES_2023);
      const text = snippet(board, phase, v, ['edition 2023'], 'a reproduction');
      const run = runGameText(text, join(ROOT, 'test', 'oracle', 'snippet.dipgame'), workspace);
      expect(run.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const first = run.phases[0]!;
      expect(first.before.units).toEqual(phase.units.map((u) => ({ power: u.power, kind: u.kind, at: board.locName(u.loc) })));
      expect(first.result.results.map((r) => r.status)).toEqual(v.engine.result.results.map((r) => r.status));
      expect(run.expectations.filter((x) => !x.ok)).toEqual([]);
    }
  });
});
