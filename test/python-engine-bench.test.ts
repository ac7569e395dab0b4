/**
 * `dipforge bench --serve --python-engine`: the Python engine (the `diplomacy`
 * package) timed on the bench's movement phases. The engine cannot be assumed
 * installed, so: the translation of positions and orders to its notation is a
 * pure function checked here against examples written by hand and a grammar
 * of the notation (an oracle that shares no code with it); the driver is run
 * end to end against a small stand-in `diplomacy` module written by this test
 * (Debian's python3, standard library only); and without the module the bench
 * says why and still exits 0.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Game, mulberry32, type Order, type PhaseResult, type Position, type Rng } from '@dipforge/engine';
import { agreement, pythonOrder, pythonPhase } from '../packages/cli/src/python-notation.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'packages', 'cli', 'bin', 'dipforge.js');
const PYTHON = '/usr/bin/python3';

function bench(env: Record<string, string | undefined>, ...extra: string[]) {
  const r = spawnSync(process.execPath, [BIN, 'bench', '--games', '2', '--phases', '8', '--warmup', '0', '--serve', ...extra], {
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, PYTHONPATH: undefined, ...env },
  });
  expect(r.stderr, 'stack frame on stderr').not.toContain('    at ');
  return r;
}

const position: Position = {
  phase: { year: 1902, season: 'fall', kind: 'movement' },
  units: [
    { power: 'england', kind: 'army', at: 'lon' },
    { power: 'england', kind: 'fleet', at: 'nth' },
    { power: 'france', kind: 'army', at: 'par' },
    { power: 'france', kind: 'fleet', at: 'gas' },
    { power: 'france', kind: 'fleet', at: 'mao' },
    { power: 'russia', kind: 'fleet', at: 'stp/sc' },
    { power: 'germany', kind: 'army', at: 'mun' },
    { power: 'germany', kind: 'army', at: 'ber' },
  ],
  dislodged: [],
  owners: { lon: 'england', par: 'france', stp: 'russia', mun: 'germany', ber: 'germany', bre: 'france' },
  standoffs: [],
};
const ref = (at: string, kind?: 'army' | 'fleet') => (kind ? { at, kind } : { at });

describe('the Python engine notation', () => {
  it('writes each order kind as that engine reads it (examples written by hand)', () => {
    const cases: [Order, string][] = [
      [{ power: 'france', type: 'hold', unit: ref('par', 'army') }, 'A PAR H'],
      [{ power: 'france', type: 'move', unit: ref('par', 'army'), to: 'bur', viaConvoy: false }, 'A PAR - BUR'],
      [{ power: 'england', type: 'move', unit: ref('lon', 'army'), to: 'nwy', viaConvoy: true }, 'A LON - NWY VIA'],
      [{ power: 'england', type: 'convoy', unit: ref('nth', 'fleet'), army: ref('lon', 'army'), to: 'nwy' }, 'F NTH C A LON - NWY'],
      // The supported move's target without its coast; the kinds from the position when not written.
      [{ power: 'france', type: 'support', unit: ref('mao'), supported: ref('gas'), to: 'spa/nc' }, 'F MAO S F GAS - SPA'],
      [{ power: 'germany', type: 'support', unit: ref('mun', 'army'), supported: ref('ber', 'army') }, 'A MUN S A BER'],
      // A unit on a coast keeps it when the order names only the province.
      [{ power: 'russia', type: 'move', unit: ref('stp'), to: 'bot', viaConvoy: false }, 'F STP/SC - BOT'],
      [{ power: 'france', type: 'move', unit: ref('mao', 'fleet'), to: 'spa/nc', viaConvoy: false }, 'F MAO - SPA/NC'],
    ];
    for (const [order, text] of cases) expect(pythonOrder(order, position)).toBe(text);
    const phase = pythonPhase(position, cases.map((c) => c[0]));
    expect(phase?.phase).toBe('F1902M');
    expect(phase?.units['RUSSIA']).toEqual(['F STP/SC']);
    expect(phase?.centers['FRANCE']?.sort()).toEqual(['BRE', 'PAR']);
    expect(phase?.orders['ENGLAND']).toEqual(['A LON - NWY VIA', 'F NTH C A LON - NWY']);
  });

  it('has no words for retreat or adjustment phases', () => {
    expect(pythonPhase({ ...position, phase: { year: 1902, season: 'fall', kind: 'retreat' } }, [])).toBeUndefined();
    expect(pythonOrder({ power: 'france', type: 'build', kind: 'army', at: 'par' }, position)).toBeUndefined();
  });

  // The notation's grammar, written here from that engine's documentation: the oracle for random phases.
  const LOC = '[A-Z]{3}(?:/[NESW]C)?';
  const ORDER = new RegExp(`^([AF] ${LOC}) (?:H|- ${LOC}(?: VIA)?|S [AF] ${LOC}(?: - [A-Z]{3})?|C A [A-Z]{3} - [A-Z]{3})$`);
  const draw = (game: Game, rng: Rng): Order[] => {
    const out: Order[] = [];
    for (const byPlace of Object.values(game.legalOrders())) for (const orders of Object.values(byPlace)) out.push(orders[Math.floor(rng() * orders.length)]!);
    return out;
  };

  it('on random classic games: every unit once, every order in the grammar and for a unit of its power, whatever the order of the orders', () => {
    let phases = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const rng = mulberry32(seed);
      const game = Game.start('classic', { seed });
      for (let i = 0; i < 24 && !game.result().over; i++) {
        const orders = draw(game, rng);
        if (game.phase.kind === 'movement') {
          const p = game.position;
          const line = pythonPhase(p, orders)!;
          expect(line.phase).toMatch(/^[SF]\d{4}M$/);
          const units = Object.values(line.units).flat();
          expect(units.length).toBe(p.units.length);
          expect(new Set(units.map((u) => u.split('/')[0])).size).toBe(units.length);
          for (const [power, list] of Object.entries(line.orders)) {
            for (const text of list) {
              const m = ORDER.exec(text);
              expect(m, text).not.toBeNull();
              expect(line.units[power], text).toContain(m![1]);
            }
          }
          const shuffled = [...orders].sort(() => rng() - 0.5);
          const again = pythonPhase(p, shuffled)!;
          for (const power of Object.keys(line.orders)) expect([...again.orders[power]!].sort()).toEqual([...line.orders[power]!].sort());
          phases++;
        }
        game.advance(orders);
      }
    }
    expect(phases).toBeGreaterThan(20);
  });

  it('counts agreement per move and per unit', () => {
    const orders: Order[] = [
      { power: 'france', type: 'move', unit: ref('par', 'army'), to: 'bur', viaConvoy: false },
      { power: 'germany', type: 'move', unit: ref('mun', 'army'), to: 'bur', viaConvoy: false },
      { power: 'russia', type: 'move', unit: ref('stp', 'fleet'), to: 'bot', viaConvoy: false },
    ];
    const result = {
      results: [
        { order: orders[0]!, status: 'fails' },
        { order: orders[1]!, status: 'fails' },
        { order: orders[2]!, status: 'succeeds' },
      ],
      dislodged: [{ power: 'germany', kind: 'army', at: 'ber' }],
      next: position,
    } as PhaseResult;
    const same = agreement(position, result, { us: 1, results: { 'A PAR': ['bounce'], 'A MUN': ['bounce'], 'F STP/SC': [], 'A BER': ['dislodged'] } });
    expect(same).toEqual({ moves: 3, movesAgree: 3, units: 8, dislodgedAgree: 8, phaseAgrees: 1 });
    const differ = agreement(position, result, { us: 1, results: { 'A PAR': [], 'A MUN': ['bounce'], 'F STP/SC': ['bounce'] } });
    expect(differ).toEqual({ moves: 3, movesAgree: 1, units: 8, dislodgedAgree: 7, phaseAgrees: 0 });
  });
});

describe('dipforge bench --serve --python-engine', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dipforge-pyengine-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('without the module: null with the reason in the JSON and the table, exit 0', () => {
    const r = bench({}, '--python-engine', '--python', PYTHON, '--json');
    expect(r.status).toBe(0);
    const serve = (JSON.parse(r.stdout) as { serve: Record<string, unknown> }).serve;
    expect(serve['pythonEngine']).toBeNull();
    expect(serve['pythonEngineUnavailable']).toBe(`module diplomacy not found by ${PYTHON}`);
    expect(serve['mismatches']).toBe(0);
    const t = bench({}, '--python-engine', '--python', join(dir, 'no-such-python'));
    expect(t.status).toBe(0);
    expect(t.stdout).toMatch(/serve: the Python engine not timed: .*no-such-python could not be run/);
  });

  it('needs --serve, and --python needs --python-engine', () => {
    for (const args of [['--python-engine'], ['--serve', '--python', 'python3']]) {
      const r = spawnSync(process.execPath, [BIN, 'bench', ...args], { encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/--python/);
    }
  });

  it('drives a stand-in engine end to end: every movement phase sent, its answers counted', () => {
    // A stand-in for the package with the calls the driver makes: every move into a province that
    // another move also enters bounces; nothing else fails and nothing is dislodged; it raises on spring 1901.
    // Like the real engine (its first load of a map without cached convoy paths), it prints to standard
    // output, which must not be read as the driver's answers.
    mkdirSync(join(dir, 'diplomacy'));
    writeFileSync(
      join(dir, 'diplomacy', '__init__.py'),
      [
        "__version__ = 'stand-in'",
        'class _History:',
        '    value = None',
        '    def last_value(self):',
        '        return self.value',
        'class Game:',
        '    def __init__(self):',
        "        print('Generating convoy paths for \"standard\"')",
        '        self.units, self.orders, self.phase, self.result_history = {}, {}, None, _History()',
        '    def clear_units(self):',
        '        self.units = {}',
        '    def clear_centers(self):',
        '        pass',
        '    def set_units(self, power, units, reset=False):',
        '        assert reset and power.isupper()',
        '        self.units[power] = list(units)',
        '    def set_centers(self, power, centers, reset=False):',
        '        assert reset and all(len(c) == 3 for c in centers)',
        '    def set_current_phase(self, phase):',
        "        if phase == 'S1901M':",
        "            raise ValueError('refused')",
        '        self.phase = phase',
        '    def set_orders(self, power, orders):',
        '        assert power in self.units',
        '        self.orders[power] = list(orders)',
        '    def process(self):',
        "        print('The following errors were encountered and were cleared before processing.')",
        '        assert self.phase[0] in "SF" and self.phase[-1] == "M"',
        '        entering = {}',
        '        for orders in self.orders.values():',
        '            for order in orders:',
        '                words = order.split()',
        "                if words[2] == '-':",
        "                    entering.setdefault(words[3].split('/')[0], []).append(' '.join(words[:2]))",
        '        results = {unit: [] for units in self.units.values() for unit in units}',
        '        for units in entering.values():',
        '            for unit in units:',
        "                results[unit] = ['bounce'] if len(units) > 1 else []",
        '        self.result_history.value = results',
        '',
      ].join('\n'),
    );
    const r = bench({ PYTHONPATH: dir }, '--python-engine', '--python', PYTHON, '--json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const serve = (JSON.parse(r.stdout) as { serve: Record<string, any> }).serve;
    const p = serve['pythonEngine'];
    expect(p).not.toBeNull();
    expect(p.version).toBe('stand-in');
    expect(p.python).toBe(PYTHON);
    // It refuses the first spring (one per game), which is counted apart; every other phase is timed.
    expect(p.errors).toBe(2);
    expect(p.firstErrors).toEqual(['ValueError: refused', 'ValueError: refused']);
    expect(p.movementPhases).toBe(serve['movementPhases'] - 2);
    expect(p.perPhaseUs.median).toBeGreaterThan(0);
    expect(p.moves).toBeGreaterThan(0);
    expect(p.movesAgree).toBeGreaterThan(0);
    expect(p.movesAgree).toBeLessThanOrEqual(p.moves);
    expect(p.units).toBeGreaterThan(p.movementPhases);
    expect(p.dislodgedAgree).toBeLessThanOrEqual(p.units);
    expect(p.phasesAgree).toBeLessThanOrEqual(p.movementPhases);
  });
});
