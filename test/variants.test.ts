/**
 * The ten published variants in variants/ (see docs/VARIANTS.md): each compiles without errors,
 * matches its facts (test/variants/facts.ts), is found by name as a built-in, draws a board with
 * every province and every unit once, and survives seeded random play with no impossible position.
 * Their special rules are game files in test/variants/<name>/, run here too.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GameWorkspace, testGameFile, VariantLoader } from '@dipforge/dsl';
import {
  adjudicatePhase,
  compileBoard,
  initialPosition,
  legalOrders,
  mulberry32,
  phaseIsEmpty,
  positionProblems,
  randomOrders,
  renderBoard,
  type Position,
  type VariantConfig,
} from '@dipforge/engine';
import { byClass, parseXml } from '../packages/engine/test/helpers/svg.js';
import { builtinVariantConfig, compiledBuiltin } from './helpers/builtin-variants.js';
import { VARIANT_FACTS, type VariantFacts } from './variants/facts.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RULE_GAMES = join(ROOT, 'test', 'variants');

/** Warnings a variant may carry on purpose: DF8001, an adjacency that works one way only. */
const EXPECTED_WARNINGS = new Set(['DF8001']);

/** A built-in variant compiled once for the test worker, shared with the other files that draw it (test/helpers/builtin-variants.ts). */
const compiled = builtinVariantConfig;

const unitText = (u: { kind: string; at: string }): string => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`;
const base = (loc: string): string => loc.split('/')[0]!;

/** Plays a seeded random game for `years` game years, returning the problems of every position it reaches and the years played. */
function randomGame(config: VariantConfig, seed: number, years: number): { problems: string[]; years: number; phases: number } {
  const board = compileBoard(config);
  const rules = config.rules;
  const rng = mulberry32(seed);
  let position: Position = initialPosition(config);
  const problems = positionProblems(config, position);
  let year = position.phase.year;
  let played = 1;
  let phases = 0;
  for (let guard = 0; guard < 20 * years + 50; guard++) {
    if (position.phase.year !== year) {
      year = position.phase.year;
      if (++played > years) break;
    }
    const kind = position.phase.kind;
    const orders = phaseIsEmpty(board, rules, position) ? [] : randomOrders(board, position, rules, rng, { legal: legalOrders(board, position, rules) });
    position = adjudicatePhase(board, position, orders, rules, { seed }).next;
    phases++;
    for (const p of positionProblems(config, position, { after: kind })) problems.push(`${position.phase.season} ${position.phase.year}: ${p}`);
  }
  return { problems, years: Math.min(played, years), phases };
}

function checkFacts(f: VariantFacts, config: VariantConfig): void {
  expect(config.provinces.length).toBe(f.provinces);
  expect(config.provinces.filter((p) => p.supplyCentre).length).toBe(f.centres);
  for (const t of ['land', 'sea', 'coast'] as const) expect(config.provinces.filter((p) => p.terrain === t).length, t).toBe(f.terrain[t]);
  expect(config.powers.map((p) => p.id)).toEqual(f.powers);
  for (const p of config.powers) {
    expect([...p.home].sort(), `${p.id} home`).toEqual(f.homes[p.id] ?? []);
    expect(p.units.map(unitText).sort(), `${p.id} units`).toEqual(f.units[p.id] ?? []);
  }
  expect((config.neutralUnits ?? []).map(unitText).sort()).toEqual(f.units['neutral'] ?? []);
  const coasts = Object.fromEntries(config.provinces.filter((p) => (p.coasts ?? []).length > 0).map((p) => [p.id, p.coasts!.map((c) => c.id).sort()]));
  expect(coasts).toEqual(Object.fromEntries(Object.entries(f.coasts).map(([k, v]) => [k, [...v].sort()])));
  expect([config.start.year, config.start.season, config.start.phase]).toEqual(f.start);
  expect(config.rules['victory-centres']).toBe(f.victory);
  for (const kind of ['army', 'fleet'] as const) {
    const edges = new Set(config.adjacency[kind].map(([a, b]) => `${a}>${b}`));
    for (const [a, b, both] of f.adjacent[kind]) {
      expect(edges.has(`${a}>${b}`), `${kind} ${a} -> ${b}`).toBe(true);
      expect(edges.has(`${b}>${a}`), `${kind} ${b} -> ${a}`).toBe(both);
    }
    const pairs = new Set(config.adjacency[kind].map(([a, b]) => `${base(a)}>${base(b)}`));
    for (const [a, c] of f.notAdjacent[kind]) {
      expect(pairs.has(`${a}>${c}`) || pairs.has(`${c}>${a}`), `${kind} ${a} - ${c} is no adjacency`).toBe(false);
    }
    // Every two-way adjacency is two directed edges; a one-way one is one.
    const directed = config.adjacency[kind];
    const oneWay = directed.filter(([a, b]) => !edges.has(`${b}>${a}`)).length;
    expect((directed.length - oneWay) / 2 + oneWay, `${kind} adjacencies`).toBe(kind === 'army' ? f.armyEdges : f.fleetEdges);
  }
}

describe('the published variants', () => {
  it('are ten, each found by name as a built-in variant', () => {
    expect(VARIANT_FACTS.map((f) => f.name)).toEqual([
      'pure',
      'ancient-mediterranean',
      'youngstown-redux',
      'hundred',
      'cold-war',
      'north-sea-wars',
      'western-world-901',
      'twenty-twenty',
      'empires-and-coalitions',
      'chaos',
    ]);
    const loader = new VariantLoader();
    for (const f of VARIANT_FACTS) expect(loader.host.read(loader.builtinVariantPath(f.name)), f.name).toBeDefined();
  });

  for (const f of VARIANT_FACTS) {
    describe(f.name, () => {
      it('compiles with no error and only the warnings it means', () => {
        const r = compiledBuiltin(f.name);
        expect(r.diagnostics.filter((d) => !EXPECTED_WARNINGS.has(d.code)).map((d) => `${d.code} ${d.message}`)).toEqual([]);
        expect(r.config?.id).toBe(f.name);
      });

      it('has its provinces, centres, powers, starting units, coasts and adjacencies', () => {
        checkFacts(f, compiled(f.name));
      });

      it('gives every province a place on the board, and the board draws every province and unit once', () => {
        const config = compiled(f.name);
        expect(config.provinces.filter((p) => p.at === undefined).map((p) => p.id)).toEqual([]);
        const board = compileBoard(config);
        const position = initialPosition(config);
        const svg = parseXml(renderBoard(config, board, position));
        const provinces = byClass(svg, 'province').map((e) => e.attrs['data-province']);
        expect(provinces.length).toBe(f.provinces);
        expect(new Set(provinces).size).toBe(f.provinces);
        const units = byClass(svg, 'unit').map((e) => e.attrs['data-unit']);
        expect(units.length).toBe(position.units.length);
        expect(new Set(units).size).toBe(position.units.length);
      });

      it('plays seeded random games for ten years without an impossible position', () => {
        const config = compiled(f.name);
        for (const seed of [1, 2]) {
          const g = randomGame(config, seed, 10);
          expect(g.problems, `seed ${seed}`).toEqual([]);
          expect(g.years).toBe(10);
        }
      });
    });
  }
});

describe('special rules of the published variants, as game files', () => {
  const workspace = new GameWorkspace();
  const files: string[] = [];
  for (const dir of readdirSync(RULE_GAMES, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const f of readdirSync(join(RULE_GAMES, dir.name))) if (f.endsWith('.dipgame')) files.push(join(dir.name, f));
  }
  it('exist for the variants with special rules', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  for (const file of files.sort()) {
    it(`${file} meets every expectation it writes`, () => {
      const r = testGameFile(join(RULE_GAMES, file), workspace);
      expect(r.failures.map((x) => x.message)).toEqual([]);
      expect(r.passed).toBe(true);
    });
  }
});
