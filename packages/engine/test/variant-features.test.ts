// The general features that published variants need (docs/MAP-LANGUAGE.md and docs/RULES.md,
// "Variant features"), on small configs built here: archipelagos, years that advance by more than
// one with adjustments only in some years, neutral units, victory by a lead, automatic builds.
import { describe, expect, it } from 'vitest';
import { adjudicatePhase, phaseIsEmpty } from '../src/adjudicate/phase.js';
import { compileBoard } from '../src/board/board.js';
import { checkConfigReferences, validateVariantConfig } from '../src/config/validate.js';
import { NEUTRAL_POWER, VARIANT_CONFIG_FORMAT, type VariantConfig } from '../src/config/variant-config.js';
import { adjustsIn, nextPhase, ownershipChangesAfter, yearPhases } from '../src/game/phases.js';
import type { Phase, Position } from '../src/game/position.js';
import { initialPosition } from '../src/game/runner.js';
import { renderBoard } from '../src/render/render.js';
import { gameOutcome, settledYear } from '../src/victory/outcome.js';
import { leadWinner } from '../src/victory/winner.js';
import { rules } from './helpers/classic.js';

/** Five land centres in a row, a coast with a sea, two powers and two neutral armies. */
function config(extra: Partial<VariantConfig> = {}): VariantConfig {
  const land = (id: string) => ({ id, name: id.toUpperCase(), terrain: 'land' as const, supplyCentre: true });
  return {
    format: VARIANT_CONFIG_FORMAT,
    id: 'row',
    name: 'Row',
    provinces: [land('a'), land('b'), land('c'), land('d'), land('e'), { id: 'isl', name: 'Isle', terrain: 'coast', supplyCentre: false, archipelago: true }, { id: 'sea', name: 'Sea', terrain: 'sea', supplyCentre: false }],
    adjacency: {
      army: [['a', 'b'], ['b', 'a'], ['b', 'c'], ['c', 'b'], ['c', 'd'], ['d', 'c'], ['d', 'e'], ['e', 'd']],
      fleet: [['isl', 'sea'], ['sea', 'isl']],
    },
    powers: [
      { id: 'red', name: 'Red', home: ['a'], units: [{ kind: 'army', at: 'a' }], centres: ['a'] },
      { id: 'blue', name: 'Blue', home: ['e'], units: [{ kind: 'army', at: 'e' }], centres: ['e'] },
    ],
    neutralCentres: ['b', 'c', 'd'],
    neutralUnits: [{ kind: 'army', at: 'c' }],
    start: { year: 1901, season: 'spring', phase: 'movement' },
    rules: rules(),
    ...extra,
  };
}

const at = (season: string, year: number, kind: Phase['kind']): Phase => ({ season, year, kind });

describe('the config', () => {
  it('validates archipelago and neutral units, and checks their references', () => {
    const c = config();
    expect(validateVariantConfig(c).ok).toBe(true);
    expect(checkConfigReferences(c)).toEqual([]);
    const bad = config({ neutralUnits: [{ kind: 'army', at: 'zz' }] });
    expect(checkConfigReferences(bad).map((e) => e.path)).toEqual(['/neutralUnits/0/at']);
    const named = config();
    named.powers[1]!.id = NEUTRAL_POWER;
    expect(checkConfigReferences(named).map((e) => e.path)).toEqual(['/neutralUnits']);
    const landIsle = config();
    landIsle.provinces[5] = { ...landIsle.provinces[5]!, terrain: 'land' };
    expect(checkConfigReferences(landIsle).map((e) => e.path)).toContain('/provinces/5/archipelago');
  });
});

describe('the board', () => {
  it('lets a fleet convoy in an archipelago as in a sea, and not in another coast province', () => {
    const b = compileBoard(config());
    expect(b.convoySea[b.provinceId('isl')]).toBe(1);
    expect(b.convoySea[b.provinceId('sea')]).toBe(1);
    const plain = config();
    plain.provinces[5] = { ...plain.provinces[5]!, archipelago: false };
    expect(compileBoard(plain).convoySea[b.provinceId('isl')]).toBe(0);
  });

  it('gives neutral units a power index past the powers, only when the variant has some', () => {
    const b = compileBoard(config());
    expect(b.neutralPower).toBe(2);
    expect(b.powerId(NEUTRAL_POWER)).toBe(2);
    expect(b.powerIds).toEqual(['red', 'blue']);
    const none = compileBoard(config({ neutralUnits: [] }));
    expect(none.neutralPower).toBe(-1);
    expect(none.powerId(NEUTRAL_POWER)).toBe(-1);
  });
});

describe('years that advance by N, with adjustments only in some years', () => {
  const c = config({ start: { year: 1425, season: 'year', phase: 'movement' } });
  const b = compileBoard(c);
  const r = rules({ 'year-shape': 'custom', 'custom-phases': ['year-movement', 'year-retreat', 'year-adjustment'], 'year-step': 5, 'adjustment-interval': 10 });

  it('has the adjustment phase only in multiples of the interval', () => {
    expect(adjustsIn(r, 1430)).toBe(true);
    expect(adjustsIn(r, 1425)).toBe(false);
    expect(adjustsIn(rules(), 1425)).toBe(true);
    expect(yearPhases(b, r, 1425).map((p) => p.kind)).toEqual(['movement', 'retreat']);
    expect(yearPhases(b, r, 1430).map((p) => p.kind)).toEqual(['movement', 'retreat', 'adjustment']);
    expect(yearPhases(b, r).map((p) => p.kind)).toEqual(['movement', 'retreat', 'adjustment']);
  });

  it('plays 1425 movement, retreat; 1430 movement, retreat, adjustment; 1435 movement', () => {
    const seen: string[] = [];
    let p = at('year', 1425, 'movement');
    for (let i = 0; i < 6; i++) {
      seen.push(`${p.year} ${p.kind}`);
      p = nextPhase(b, r, p);
    }
    expect(seen).toEqual(['1425 movement', '1425 retreat', '1430 movement', '1430 retreat', '1430 adjustment', '1435 movement']);
  });

  it('changes the centre owners only before an adjustment phase that takes place', () => {
    expect(ownershipChangesAfter(b, r, at('year', 1425, 'retreat'))).toBe(false);
    expect(ownershipChangesAfter(b, r, at('year', 1430, 'retreat'))).toBe(true);
    expect(ownershipChangesAfter(b, r, at('year', 1430, 'movement'))).toBe(false);
  });

  it('dates the owners of a position from the last year that changed them', () => {
    const position = (phase: Phase): Position => ({ ...initialPosition(c), phase });
    expect(settledYear(b, r, position(at('year', 1430, 'adjustment')))).toBe(1430);
    expect(settledYear(b, r, position(at('year', 1435, 'movement')))).toBe(1430);
    expect(settledYear(b, r, position(at('year', 1440, 'movement')))).toBe(1430);
    expect(settledYear(b, r, position(at('year', 1440, 'adjustment')))).toBe(1440);
  });

  it('keeps the ordinary year when the options are 1', () => {
    expect(nextPhase(compileBoard(config()), rules(), at('winter', 1901, 'adjustment'))).toEqual(at('spring', 1902, 'movement'));
  });
});

describe('victory by a lead (victory-lead-year)', () => {
  const b = compileBoard(config());
  const owned = (red: number, blue: number): Position => {
    const owners: Record<string, string> = {};
    ['a', 'b', 'c', 'd', 'e'].slice(0, red).forEach((c) => (owners[c] = 'red'));
    ['e', 'd', 'c', 'b', 'a'].slice(0, blue).forEach((c) => (owners[c] = 'blue'));
    return { ...initialPosition(config()), owners };
  };

  it('needs a lead of more than the base year minus the year, and at least one', () => {
    const r = rules({ 'victory-lead-year': 2020 });
    expect(leadWinner(b, r, owned(3, 1), 2018)).toBeUndefined(); // lead 2, not more than 2
    expect(leadWinner(b, r, owned(3, 1), 2019)).toBe('red'); // lead 2 > 1
    expect(leadWinner(b, r, owned(2, 1), 2030)).toBe('red'); // lead 1, never less than one
    expect(leadWinner(b, r, owned(2, 2), 2030)).toBeUndefined(); // no lead
    expect(leadWinner(b, rules(), owned(3, 0), 2030)).toBeUndefined(); // off
  });

  it('is a win alone in the game outcome', () => {
    const r = rules({ 'victory-lead-year': 1902, 'victory-centres': 5 });
    const position = { ...owned(3, 1), phase: at('winter', 1901, 'adjustment') };
    const outcome = gameOutcome(b, r, position, { alliances: [] });
    expect(outcome.over).toBe(true);
    expect(outcome.winners).toEqual(['red']);
    expect(outcome.kind).toBe('solo');
  });
});

describe('neutral units', () => {
  const c = config();
  const b = compileBoard(c);

  it('start on the board, hold, and count for no power', () => {
    const start = initialPosition(c);
    expect(start.units).toContainEqual({ power: NEUTRAL_POWER, kind: 'army', at: 'c' });
    const result = adjudicatePhase(b, start, [], rules());
    expect(result.next.units).toContainEqual({ power: NEUTRAL_POWER, kind: 'army', at: 'c' });
    const outcome = gameOutcome(b, rules(), start, { alliances: [] });
    expect(outcome.survivors).toEqual(['red', 'blue']);
  });

  it('are drawn grey, as Neutral units', () => {
    const svg = renderBoard(c, b, initialPosition(c));
    const unit = /<g class="unit army neutral"[^]*?<\/g>/.exec(svg)?.[0] ?? '';
    expect(unit).toContain('<title>Neutral army in C</title>');
    expect(unit).toContain('#777777');
  });

  it('are disbanded when dislodged, even where the rules retreat a unit without orders', () => {
    const position: Position = {
      phase: at('spring', 1901, 'retreat'),
      units: [{ power: 'red', kind: 'army', at: 'c' }],
      dislodged: [{ power: NEUTRAL_POWER, kind: 'army', at: 'c', from: 'b' }],
      owners: { a: 'red', e: 'blue' },
      standoffs: [],
    };
    expect(phaseIsEmpty(b, rules(), position)).toBe(true);
    const next = adjudicatePhase(b, position, [], rules({ 'retreat-default': 'lot' })).next;
    expect(next.units.filter((u) => u.power === NEUTRAL_POWER)).toEqual([]);
  });

  it('are rebuilt in empty neutral centres under hold-and-rebuild, not under hold', () => {
    const position: Position = {
      phase: at('winter', 1901, 'adjustment'),
      units: [{ power: 'red', kind: 'army', at: 'a' }, { power: 'blue', kind: 'army', at: 'e' }, { power: NEUTRAL_POWER, kind: 'army', at: 'c' }],
      dislodged: [],
      owners: { a: 'red', e: 'blue', d: 'blue' },
      standoffs: [],
    };
    const rebuilt = adjudicatePhase(b, position, [], rules({ 'neutral-units': 'hold-and-rebuild' }));
    expect(rebuilt.built).toEqual([{ power: NEUTRAL_POWER, kind: 'army', at: 'b' }]);
    expect(rebuilt.next.units.filter((u) => u.power === NEUTRAL_POWER).map((u) => u.at).sort()).toEqual(['b', 'c']);
    const held = adjudicatePhase(b, position, [], rules());
    expect(held.built).toBeUndefined();
    expect(held.next.units.filter((u) => u.power === NEUTRAL_POWER).map((u) => u.at)).toEqual(['c']);
  });
});

describe('automatic builds (auto-builds army)', () => {
  const c = config({ neutralUnits: [] });
  const b = compileBoard(c);
  const position: Position = {
    phase: at('winter', 1901, 'adjustment'),
    units: [],
    dislodged: [],
    owners: { a: 'red', b: 'red', e: 'blue' },
    standoffs: [],
  };
  const r = rules({ 'auto-builds': 'army', 'build-sites': 'any-owned-centre' });

  it('builds an army on every free build site a power leaves without an order', () => {
    const result = adjudicatePhase(b, position, [{ type: 'build', power: 'red', kind: 'army', at: 'b' }], r);
    expect(result.next.units).toEqual([
      { power: 'red', kind: 'army', at: 'b' },
      { power: 'red', kind: 'army', at: 'a' },
      { power: 'blue', kind: 'army', at: 'e' },
    ]);
    expect(result.built).toEqual([
      { power: 'red', kind: 'army', at: 'a' },
      { power: 'blue', kind: 'army', at: 'e' },
    ]);
  });

  it('counts a waive as an order, and builds nothing under auto-builds none', () => {
    const waived = adjudicatePhase(b, position, [{ type: 'waive', power: 'blue' }], r);
    expect(waived.next.units.filter((u) => u.power === 'blue')).toEqual([]);
    expect(adjudicatePhase(b, position, [], rules({ 'build-sites': 'any-owned-centre' })).next.units).toEqual([]);
  });
});
