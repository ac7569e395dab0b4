/**
 * The importer of the Python engine's saved games (`dipforge import`): the game
 * file it writes (header, phases, expectations, no press), and errors with a
 * JSON path for every kind of malformed input — never a throw. Its tables
 * (order conversion, the standard map, phase names) are import-tables.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parseGame } from '../src/game/parse.js';
import { START_CENTERS, START_UNITS as SAVED_START_UNITS } from '../../../test/saved-games.js';
import { importSavedGame, type ImportResult } from '../src/import/index.js';

// ----------------------------------------------------------------- records

type Units = Record<string, string[]>;

// The Python engine's standard start, shared with the cross-package import tests.
const START_UNITS: Units = { ...SAVED_START_UNITS };
const START_CENTRES: Units = { ...START_CENTERS };

interface PhaseSpec {
  name: string;
  units?: Units;
  centers?: Units;
  orders?: Record<string, string[] | null>;
  results?: Record<string, string[]>;
  messages?: unknown[];
}

/** A saved game as the Python engine writes it (only the fields the importer reads, plus some it ignores). */
function record(phases: PhaseSpec[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'test-game',
    map: 'standard',
    rules: [],
    ...extra,
    phases: phases.map((p) => ({
      name: p.name,
      state: { name: p.name, units: p.units ?? START_UNITS, centers: p.centers ?? START_CENTRES, homes: START_CENTRES, retreats: {}, note: '' },
      orders: p.orders ?? {},
      results: p.results ?? {},
      messages: p.messages ?? [],
    })),
  };
}

/** Units of the start with some moved: `{ FRANCE: { 'A PAR': 'A BUR' } }`. */
function moved(changes: Record<string, Record<string, string | null>>, add: Units = {}): Units {
  const out: Units = {};
  for (const [power, list] of Object.entries(START_UNITS)) {
    const c = changes[power] ?? {};
    out[power] = list.flatMap((u) => (u in c ? (c[u] === null ? [] : [c[u] as string]) : [u]));
    out[power].push(...(add[power] ?? []));
  }
  return out;
}

function errors(r: ImportResult): [string, string][] {
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.path, d.message]);
}

function paths(r: ImportResult, severity: 'error' | 'warning' = 'error'): string[] {
  return r.diagnostics.filter((d) => d.severity === severity).map((d) => d.path);
}

/** The lines of the text without comments and blank lines, trimmed. */
function statements(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.replace(/\/\/.*$/, '').trim())
    .filter((l) => l.length > 0);
}

// ------------------------------------------------------------------ games

describe('importSavedGame', () => {
  const spring = record(
    [
      {
        name: 'S1901M',
        orders: { FRANCE: ['A PAR - BUR', 'A MAR S A PAR - BUR', 'F BRE - MAO'], GERMANY: ['A MUN - BUR'], RUSSIA: null },
        results: { 'A PAR': [], 'A MAR': [], 'F BRE': [], 'A MUN': ['bounce'] },
        messages: [{ sender: 'FRANCE', recipient: 'GERMANY', phase: 'S1901M', message: 'SECRET PLAN: let me have Burgundy' }],
      },
      {
        name: 'F1901M',
        units: moved({ FRANCE: { 'A PAR': 'A BUR', 'F BRE': 'F MAO' } }),
        orders: { FRANCE: ['A BUR - PAR'] },
      },
    ],
    { rules: ['NO_PRESS', 'POWER_CHOICE'] },
  );

  it('writes the header, the played phase with its orders, and the next position as expectations', () => {
    const r = importSavedGame(spring, { origin: 'Test data.' });
    expect(r.diagnostics).toEqual([]);
    expect(statements(r.text)).toEqual([
      'variant classic',
      'edition 2000',
      'phase spring 1901 movement',
      'france:',
      'A par - bur [succeeds]',
      'A mar S A par - bur',
      'F bre - mao [succeeds]',
      'germany:',
      'A mun - bur [fails]',
      'expect',
      'units austria: A bud, F tri, A vie',
      'units england: F edi, F lon, A lvp',
      'units france: A bur, F mao, A mar',
      'units germany: A ber, F kie, A mun',
      'units italy: F nap, A rom, A ven',
      'units russia: A mos, F sev, F stp/sc, A war',
      'units turkey: F ank, A con, A smy',
      'owners austria: bud, tri, vie',
      'owners england: edi, lon, lvp',
      'owners france: bre, mar, par',
      'owners germany: ber, kie, mun',
      'owners italy: nap, rom, ven',
      'owners russia: mos, sev, stp, war',
      'owners turkey: ank, con, smy',
    ]);
    expect(r.summary).toMatchObject({ recordPhases: 2, played: 1, orders: 4, results: 3, messages: 1, first: 'S1901M', last: 'F1901M', gameId: 'test-game' });
  });

  it('names the origin, the phase count and the phase left out in its header comment', () => {
    const r = importSavedGame(spring, { origin: ['Test data of the importer.', 'Second line.'] });
    const comments = r.text.split('\n').filter((l) => l.startsWith('//'));
    expect(comments).toContain('// Test data of the importer.');
    expect(comments).toContain('// Second line.');
    expect(r.text).toContain('The record has 2 phases (S1901M–F1901M): 1 played');
    expect(r.text).toContain('F1901M, is the game');
    expect(r.text).toContain("The record's rules: NO_PRESS, POWER_CHOICE.");
  });

  it('leaves out press messages (their count only) and the current phase\'s orders', () => {
    const r = importSavedGame(spring);
    expect(r.text).not.toContain('SECRET');
    expect(r.text).not.toContain('Burgundy');
    expect(r.text).toContain('Press: 1 message left out.');
    expect(r.text).not.toContain('A bur - par');
    expect(r.text).not.toContain('phase fall 1901 movement');
  });

  it('writes a file our parser reads without a diagnostic', () => {
    const parsed = parseGame(importSavedGame(spring).text, '/proj/imported.dipgame');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.ast.phases).toHaveLength(1);
  });

  it('states no results with results: false', () => {
    const r = importSavedGame(spring, { results: false });
    expect(r.text).not.toMatch(/\[(succeeds|fails|illegal)\]/);
    expect(r.summary.results).toBe(0);
  });

  it('writes dislodged units (labelled and shown with *) and the retreat phase', () => {
    const afterMove = moved({ AUSTRIA: { 'F TRI': 'F ALB', 'A VIE': 'A TRI' }, ITALY: { 'A VEN': '*A TRI' } });
    const r = importSavedGame(
      record([
        { name: 'S1901M', orders: { AUSTRIA: ['F TRI - ALB'], ITALY: ['A VEN - TRI'] } },
        {
          name: 'F1901M',
          units: moved({ AUSTRIA: { 'F TRI': 'F ALB' }, ITALY: { 'A VEN': 'A TRI' } }),
          orders: { AUSTRIA: ['A VIE - TRI', 'F ALB S A VIE - TRI'], ITALY: ['A TRI H'] },
          results: { 'A VIE': [], 'F ALB': [], 'A TRI': ['dislodged'] },
        },
        { name: 'F1901R', units: afterMove, orders: { ITALY: ['A TRI R VEN'] }, results: { 'A TRI': [] } },
        { name: 'W1901A', units: moved({ AUSTRIA: { 'F TRI': 'F ALB', 'A VIE': 'A TRI' } }) },
      ]),
    );
    expect(r.diagnostics).toEqual([]);
    const s = statements(r.text);
    expect(s).toContain('dislodged italy: A tri');
    expect(s).toContain('phase fall 1901 retreat');
    expect(s).toContain('A tri R ven [succeeds]');
    expect(s.filter((l) => l.startsWith('dislodged'))).toEqual(['dislodged italy: A tri']);
    // The record's F1901R shows the dislodged unit with '*': it is not in the units after the movement.
    const afterFall = s.slice(s.indexOf('phase fall 1901 movement'), s.indexOf('phase fall 1901 retreat'));
    expect(afterFall).toContain('units italy: F nap, A rom');
    expect(r.summary.addedRetreats).toBe(0);
  });

  it('writes the retreat phase the record skips after a fall movement, with the owners after it', () => {
    const r = importSavedGame(
      record([
        { name: 'F1901M', units: START_UNITS, orders: { FRANCE: ['F BRE - MAO'] }, results: { 'F BRE': [] } },
        {
          name: 'W1901A',
          units: moved({ FRANCE: { 'F BRE': 'F MAO' } }),
          centers: { ...START_CENTRES, FRANCE: ['BRE', 'MAR', 'PAR'] },
        },
      ]),
    );
    const s = statements(r.text);
    expect(s[s.indexOf('phase fall 1901 movement') + 3]).toBe('expect');
    const retreat = s.indexOf('phase fall 1901 retreat');
    expect(retreat).toBeGreaterThan(0);
    expect(s.slice(s.indexOf('phase fall 1901 movement'), retreat).some((l) => l.startsWith('owners'))).toBe(false);
    expect(s.slice(retreat).filter((l) => l.startsWith('owners'))).toHaveLength(7);
    expect(r.text).toContain('// Not in the record: nothing to retreat.');
    expect(r.summary.addedRetreats).toBe(1);
    // not the standard start (a fall phase): the position is written
    expect(s).toContain('position fall 1901 movement');
  });

  it('writes a retreat phase for dislodged units that had nowhere to go', () => {
    const r = importSavedGame(
      record([
        {
          name: 'S1901M',
          orders: { GERMANY: ['A MUN - TYR'] },
          results: { 'A MUN': [], 'A VEN': ['dislodged'] },
        },
        { name: 'F1901M', units: moved({ GERMANY: { 'A MUN': 'A VEN' }, ITALY: { 'A VEN': null } }) },
      ]),
    );
    const s = statements(r.text);
    expect(s).toContain('dislodged italy: A ven');
    expect(s).toContain('phase spring 1901 retreat');
    expect(r.text).toContain('// Not in the record: the dislodged units had nowhere to go');
  });

  it('writes `position` when the record does not start at the classic start', () => {
    const units = { ...START_UNITS, FRANCE: ['A PAR'] };
    const r = importSavedGame(record([{ name: 'S1901M', units, orders: { FRANCE: ['A PAR H'] } }, { name: 'F1901M', units }]));
    const s = statements(r.text);
    expect(s).toContain('position spring 1901 movement');
    expect(s).toContain('france: A par');
    expect(s).toContain('owners france: bre, mar, par');
    expect(parseGame(r.text, '/proj/g.dipgame').diagnostics).toEqual([]);
  });

  it('takes COMPLETED as the end of the game', () => {
    const r = importSavedGame(record([{ name: 'S1901M', orders: { FRANCE: ['A PAR H'] } }, { name: 'COMPLETED' }]));
    expect(errors(r)).toEqual([]);
    expect(r.text).toContain('Its last phase, COMPLETED, is the end of the game');
    expect(statements(r.text)).toContain('phase spring 1901 movement');
  });

  it('keeps orders the Python engine found invalid', () => {
    const r = importSavedGame(record([{ name: 'S1901M', orders: { FRANCE: ['A PAR - MOS', 'A MAR S A BER - SIL', 'F BRE - PAR'] } }, { name: 'F1901M' }]));
    expect(statements(r.text)).toEqual(expect.arrayContaining(['A par - mos', 'A mar S A ber - sil', 'F bre - par']));
  });

  it('turns the BUILD_ANY rule into a rule line and warns about unknown rules', () => {
    const r = importSavedGame(record([{ name: 'S1901M' }, { name: 'F1901M' }], { rules: ['BUILD_ANY', 'NO_PRESS', 'MYSTERY'] }));
    expect(statements(r.text)).toContain('rule build-sites any-owned-centre');
    expect(r.diagnostics).toEqual([
      { severity: 'warning', path: '$.rules[2]', message: "rule 'MYSTERY' of the Python engine is not known here; the game is imported without it" },
    ]);
  });
});

// ------------------------------------------------------------------ errors

describe('malformed input: errors with a JSON path, never a throw', () => {
  it.each([
    [null, '$'],
    [[], '$'],
    ['S1901M', '$'],
    [42, '$'],
  ])('%j is no saved game', (json, path) => {
    const r = importSavedGame(json);
    expect(paths(r)).toEqual([path]);
    expect(r.text).toBe('');
  });

  it('requires the phases', () => {
    expect(errors(importSavedGame({ map: 'standard' }))).toEqual([['$.phases', 'no "phases": a saved game lists its phases']]);
    expect(paths(importSavedGame({ map: 'standard', phases: {} }))).toEqual(['$.phases']);
    expect(errors(importSavedGame({ map: 'standard', phases: [] }))).toEqual([['$.phases', 'the record has no phase']]);
  });

  it('imports the standard map only', () => {
    const r = importSavedGame(record([{ name: 'S1901M' }, { name: 'F1901M' }], { map: 'modern' }));
    expect(errors(r)).toEqual([['$.map', "map 'modern' cannot be imported: only 'standard' (our classic variant) can"]]);
    expect(paths(importSavedGame(record([{ name: 'S1901M' }], { map: 7 })))).toEqual(['$.map']);
    const none = record([{ name: 'S1901M' }]);
    delete none['map'];
    expect(paths(importSavedGame(none), 'warning')).toEqual(['$.map']);
  });

  it('checks the rules list', () => {
    expect(paths(importSavedGame(record([{ name: 'S1901M' }], { rules: 'NO_PRESS' })))).toEqual(['$.rules']);
    expect(paths(importSavedGame(record([{ name: 'S1901M' }], { rules: ['NO_PRESS', 3] })))).toEqual(['$.rules[1]']);
  });

  it('checks each phase and its name', () => {
    const good = record([{ name: 'S1901M' }, { name: 'F1901M' }]);
    const phases = good['phases'] as Record<string, unknown>[];
    expect(paths(importSavedGame({ ...good, phases: [phases[0], 'F1901M'] }))).toEqual(['$.phases[1]']);
    expect(errors(importSavedGame(record([{ name: 'S1901X' }, { name: 'F1901M' }])))).toEqual([
      ['$.phases[0].name', "'S1901X' is no phase of the classic year: expected S, F or W, the year, then M, R or A (S1901M, F1901R, W1901A)"],
    ]);
    expect(errors(importSavedGame(record([{ name: 'F1901M' }, { name: 'S1901M' }])))).toEqual([
      ['$.phases[1].name', 'S1901M does not come after F1901M, the phase before it in the record'],
    ]);
    expect(paths(importSavedGame(record([{ name: 'COMPLETED' }, { name: 'S1901M' }])))).toEqual(['$.phases[0].name']);
    expect(paths(importSavedGame({ ...good, phases: [{ ...phases[0], name: 1901 }, phases[1]] }))).toEqual(['$.phases[0].name']);
  });

  it('checks positions: units, powers, centres', () => {
    const bad = (units: Units, centers: Units = START_CENTRES): string[] => paths(importSavedGame(record([{ name: 'S1901M' }, { name: 'F1901M', units, centers }])));
    expect(bad({ ...START_UNITS, FRANCE: ['A PAR', 'A MAR', 'X BRE'] })).toEqual(['$.phases[1].state.units.FRANCE[2]']);
    expect(bad({ ...START_UNITS, FRANCE: ['A PAR', 'A MAR', 'F XYZ'] })).toEqual(['$.phases[1].state.units.FRANCE[2]']);
    expect(bad({ ...START_UNITS, FRANCE: ['A PAR', 'A MAR', 7] as unknown as string[] })).toEqual(['$.phases[1].state.units.FRANCE[2]']);
    expect(bad({ ...START_UNITS, PRUSSIA: ['A BER'] })).toEqual(['$.phases[1].state.units.PRUSSIA']);
    expect(bad({ ...START_UNITS, FRANCE: 'A PAR' as unknown as string[] })).toEqual(['$.phases[1].state.units.FRANCE']);
    expect(bad(START_UNITS, { ...START_CENTRES, FRANCE: ['BRE', 'MAR', 'BUR'] })).toEqual(['$.phases[1].state.centers.FRANCE[2]']);
    expect(bad(START_UNITS, { ...START_CENTRES, FRANCE: ['BRE', 'MAR', 'VIE'] })).toEqual(['$.phases[1].state.centers.FRANCE[2]']);
    const noState = record([{ name: 'S1901M' }, { name: 'F1901M' }]);
    delete ((noState['phases'] as Record<string, unknown>[])[1] as Record<string, unknown>)['state'];
    expect(paths(importSavedGame(noState))).toEqual(['$.phases[1].state']);
  });

  it('checks orders, naming the one it cannot convert', () => {
    const r = importSavedGame(
      record([{ name: 'S1901M', orders: { FRANCE: ['A PAR - BUR', 'A MAR - XYZ', 17 as unknown as string], PRUSSIA: ['A BER H'] } }, { name: 'F1901M' }]),
    );
    expect(errors(r)).toEqual([
      ['$.phases[0].orders.FRANCE[1]', "cannot convert the order 'A MAR - XYZ': unknown province 'XYZ'"],
      ['$.phases[0].orders.FRANCE[2]', 'expected an order such as "A PAR - BUR", got the number 17'],
      ['$.phases[0].orders.PRUSSIA', "unknown power 'PRUSSIA': the standard map has AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY"],
    ]);
    // The rest is still written.
    expect(statements(r.text)).toContain('A par - bur');
    const noOrders = record([{ name: 'S1901M' }, { name: 'F1901M' }]);
    delete ((noOrders['phases'] as Record<string, unknown>[])[0] as Record<string, unknown>)['orders'];
    expect(paths(importSavedGame(noOrders))).toEqual(['$.phases[0].orders']);
  });

  it('only warns about result labels it cannot read, and then states no results', () => {
    const r = importSavedGame(record([{ name: 'S1901M', orders: { FRANCE: ['A PAR - BUR'] }, results: { 'A PAR': 5 as unknown as string[] } }, { name: 'F1901M' }]));
    expect(paths(r)).toEqual([]);
    expect(paths(r, 'warning')).toEqual(['$.phases[0].results["A PAR"]']);
    expect(r.text).not.toContain('[succeeds]');
  });

  it('never throws, whatever the input', () => {
    const samples: unknown[] = [undefined, true, { phases: [null] }, { phases: [{}] }, { phases: [{ name: 'S1901M', state: [] }] }];
    const values: unknown[] = [null, 0, 'x', [], {}, [null], { A: null }, { FRANCE: [null] }, { FRANCE: 'A PAR' }];
    for (const v of values) {
      samples.push({ phases: [{ name: 'S1901M', state: { units: v, centers: v }, orders: v, results: v }, { name: 'F1901M', state: v }] });
      samples.push({ map: v, rules: v, phases: [{ name: v, state: v, orders: v, results: v, messages: v }] });
    }
    for (const s of samples) {
      const r = importSavedGame(s);
      expect(typeof r.text).toBe('string');
      expect(r.diagnostics.every((d) => d.path.startsWith('$') && d.message.length > 0)).toBe(true);
    }
  });
});
