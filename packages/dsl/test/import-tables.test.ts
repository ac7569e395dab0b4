/**
 * The importer's tables, for the Python engine's saved games (`dipforge
 * import`): the order conversion table, the tables of the standard map against
 * our classic variant, and phase names. The game file it writes and its errors
 * are import.test.ts.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNameIndex, parseOrder, type NameIndex, type VariantConfig } from '@dipforge/engine';
import { compileMapFile } from '../src/api.js';
import {
  convertOrder,
  jsonPath,
  parsePhaseName,
  STANDARD_CENTRES,
  STANDARD_COASTS,
  STANDARD_POWERS,
  STANDARD_PROVINCES,
  STANDARD_START,
  type RecordPhaseType,
} from '../src/import/index.js';

const CLASSIC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'variants', 'classic', 'classic.dipmap');

let config: VariantConfig;
let index: NameIndex;

beforeAll(() => {
  const compiled = compileMapFile(CLASSIC);
  if (!compiled.config) throw new Error('the classic variant does not compile');
  config = compiled.config;
  index = buildNameIndex(config);
});

// ------------------------------------------------------------------ orders

describe('order conversion', () => {
  const table: [RecordPhaseType, string, string][] = [
    // movement
    ['M', 'A PAR H', 'A par H'],
    ['M', 'A PAR - BUR', 'A par - bur'],
    ['M', 'F BRE - MAO', 'F bre - mao'],
    ['M', 'F NAO - NWG', 'F nao - nwg'],
    ['M', 'F LYO - TYS', 'F lyo - tys'],
    ['M', 'F ENG - BOT', 'F eng - bot'],
    ['M', 'F STP/SC - BOT', 'F stp/sc - bot'],
    ['M', 'F CON - BUL/EC', 'F con - bul/ec'],
    ['M', 'F MAO - SPA/NC', 'F mao - spa/nc'],
    ['M', 'A LON - NWY VIA', 'A lon - nwy via convoy'],
    ['M', 'A PAR - BUR VIA', 'A par - bur via convoy'],
    ['M', 'A LON - NTH - NWY', 'A lon - nth - nwy'],
    ['M', 'A MAR S A PAR - BUR', 'A mar S A par - bur'],
    ['M', 'A MUN S A BER', 'A mun S A ber'],
    ['M', 'A MUN S A BER H', 'A mun S A ber'],
    ['M', 'F RUM S F BUL/SC', 'F rum S F bul/sc'],
    ['M', 'A GAL S F RUM', 'A gal S F rum'],
    ['M', 'F NWY S F LON - NTH', 'F nwy S F lon - nth'],
    ['M', 'F NTH C A LON - NWY', 'F nth C A lon - nwy'],
    ['M', 'F NTH C A YOR - BEL', 'F nth C A yor - bel'],
    ['M', 'a par - bur', 'A par - bur'],
    ['M', '  A  PAR   -  BUR ', 'A par - bur'],
    ['M', 'PAR - BUR', 'par - bur'],
    // retreats
    ['R', 'A TRI R ALB', 'A tri R alb'],
    ['R', 'A TRI - ALB', 'A tri R alb'],
    ['R', 'F STP/NC R BAR', 'F stp/nc R bar'],
    ['R', 'A TRI D', 'A tri D'],
    // adjustments
    ['A', 'A BUD B', 'Build A bud'],
    ['A', 'F LON B', 'Build F lon'],
    ['A', 'F STP/NC B', 'Build F stp/nc'],
    ['A', 'A WAR D', 'A war D'],
    ['A', 'WAIVE', 'Waive'],
    // orders of another phase's kind are still converted: the adjudicator judges them
    ['M', 'A BUD B', 'Build A bud'],
    ['A', 'A PAR - BUR', 'A par - bur'],
  ];

  it.each(table)('%s: %s → %s', (phase, text, want) => {
    const got = convertOrder(text, 'france', phase);
    expect(got).toMatchObject({ ok: true, text: want });
  });

  it.each(table)('%s: %s reads back to the same order with our order reader', (phase, text) => {
    const got = convertOrder(text, 'france', phase);
    if (!got.ok) throw new Error(got.message);
    const kind = phase === 'M' ? 'movement' : phase === 'R' ? 'retreat' : 'adjustment';
    const back = parseOrder(index, got.text, { power: 'france', phase: kind });
    expect(back).toEqual({ ok: true, order: got.order });
  });

  it.each([
    ['', 'empty order'],
    ['A XYZ - BUR', "unknown province 'XYZ'"],
    ['A PAR - SWI', "unknown province 'SWI'"],
    ['F MAR/SC - LYO', "'MAR/SC': mar has no named coasts"],
    ['F SPA/EC - MAO', "'SPA/EC': spa has no coast 'ec' (only nc, sc)"],
    ['A PAR', 'no order after the unit'],
    ['A PAR X BUR', "unknown order 'X' (expected H, -, S, C, R, D or B)"],
    ['A PAR -', 'the destination is missing'],
    ['F NTH C A LON NWY', "expected '-' and the destination of the convoyed army, found 'NWY'"],
    ['A PAR - BUR NOW', "unexpected 'NOW' after the order"],
    ['WAIVE A PAR', "unexpected 'A PAR' after the order"],
  ])('cannot convert %j: %s', (text, message) => {
    expect(convertOrder(text, 'france', 'M')).toEqual({ ok: false, message });
  });
});

// ------------------------------------------------------------------ tables

describe('the standard map is our classic map', () => {
  it('has the same 75 provinces, with the Python ids upper-cased', () => {
    const ids = config.provinces.map((p) => p.id).sort();
    expect(Object.values(STANDARD_PROVINCES).sort()).toEqual(ids);
    for (const [python, ours] of Object.entries(STANDARD_PROVINCES)) expect(python).toBe(ours.toUpperCase());
    expect(STANDARD_PROVINCES['MAO']).toBe('mao');
    expect(STANDARD_PROVINCES['NAO']).toBe('nao');
    expect(STANDARD_PROVINCES['NWG']).toBe('nwg');
    expect(STANDARD_PROVINCES['LYO']).toBe('lyo');
  });

  it('has the same coasts and supply centres', () => {
    const coasts = Object.fromEntries(
      config.provinces.filter((p) => (p.coasts?.length ?? 0) > 0).map((p) => [p.id, (p.coasts ?? []).map((c) => c.id).sort()]),
    );
    expect(STANDARD_COASTS).toEqual(coasts);
    const centres = config.provinces.filter((p) => p.supplyCentre).map((p) => p.id).sort();
    expect([...STANDARD_CENTRES].sort()).toEqual(centres);
  });

  it('has the same powers and start', () => {
    expect(Object.values(STANDARD_POWERS).sort()).toEqual(config.powers.map((p) => p.id).sort());
    for (const p of config.powers) {
      const start = STANDARD_START[p.id];
      expect(start, p.id).toBeDefined();
      expect([...(start?.units ?? [])].sort()).toEqual(p.units.map((u) => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`).sort());
      expect([...(start?.centres ?? [])].sort()).toEqual([...p.centres].sort());
    }
  });
});

// ------------------------------------------------------------------ phases

describe('phase names', () => {
  it.each([
    ['S1901M', 'spring', 1901, 'movement'],
    ['S1901R', 'spring', 1901, 'retreat'],
    ['F1901M', 'fall', 1901, 'movement'],
    ['F1901R', 'fall', 1901, 'retreat'],
    ['W1901A', 'winter', 1901, 'adjustment'],
    ['S1913R', 'spring', 1913, 'retreat'],
  ])('%s is %s %i %s', (name, season, year, kind) => {
    expect(parsePhaseName(name)).toMatchObject({ season, year, kind });
  });

  it('orders the phases of a year and the years', () => {
    const keys = ['S1901M', 'S1901R', 'F1901M', 'F1901R', 'W1901A', 'S1902M'].map((n) => parsePhaseName(n)?.key ?? NaN);
    expect([...keys].sort((a, b) => a - b)).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(['S1901A', 'W1901M', 'F1901A', 'W1901R', 'X1901M', 'S1901X', 'S01M', 's1901m', 'COMPLETED', 'SPRING 1901 MOVEMENT'])(
    '%s is no phase of the classic year',
    (name) => expect(parsePhaseName(name)).toBeUndefined(),
  );

  it('writes JSON paths', () => {
    expect(jsonPath('$', 'phases')).toBe('$.phases');
    expect(jsonPath('$.phases', 3)).toBe('$.phases[3]');
    expect(jsonPath('$.results', 'A PAR')).toBe('$.results["A PAR"]');
  });
});
