/**
 * The game object (`Game`): random games played through it against the engine's own replay
 * (`replayGame`, which shares none of its order reading or phase passing), orders given as
 * objects, as standard text and as Chinese text coming out the same, every legal order it lists
 * accepted as legal, its documents surviving JSON, a game restarted from its position going on
 * the same way, and bad input answered with typed errors.
 */
import { describe, expect, it } from 'vitest';
import {
  compileBoard,
  DipforgeError,
  formatLocalizedOrder,
  Game,
  mulberry32,
  replayGame,
  type Order,
  type Rng,
} from '@dipforge/engine';

/** One legal order per place, drawn from the game's own list. */
function draw(game: Game, rng: Rng): Order[] {
  const out: Order[] = [];
  for (const byPlace of Object.values(game.legalOrders())) {
    for (const orders of Object.values(byPlace)) out.push(orders[Math.floor(rng() * orders.length)]!);
  }
  return out;
}

function fails(f: () => unknown): DipforgeError {
  try {
    f();
  } catch (e) {
    if (e instanceof DipforgeError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('the game object', () => {
  it('plays random games as the engine replays them, and legal orders are never illegal', () => {
    for (const [variant, edition, seed] of [['classic', '2023', 1], ['classic', '1971', 2], ['modern', '2000', 3], ['pure', undefined, 4]] as const) {
      const game = Game.start(variant, { ...(edition ? { edition } : {}), seed });
      const rng = mulberry32(seed);
      const phases: Order[][] = [];
      for (let i = 0; i < 40 && !game.result().over; i++) {
        const orders = draw(game, rng);
        phases.push(orders);
        const report = game.advance(orders);
        expect(report.orders.filter((o) => o.status === 'illegal').map((o) => o.text), `${variant} ${report.phase.year}`).toEqual([]);
      }
      const board = compileBoard(game.config);
      const replay = replayGame(board, game.rules, { phases, seed });
      // replayGame stops after the last phase; the game object has passed over empty phases since.
      const history = game.history;
      expect(history.length).toBe(phases.length);
      expect(game.phase).toEqual(history[history.length - 1]!.next);
      const sort = (p: typeof replay.final) => ({ ...p, units: [...p.units].sort((a, b) => a.at.localeCompare(b.at)) });
      if (history[history.length - 1]!.passed.length === 0) expect(sort(game.position)).toEqual(sort(replay.final));
      expect(game.result().centres).toEqual(Object.fromEntries(game.powers.map((p) => [p, Object.values(game.position.owners).filter((o) => o === p).length])));
    }
  });

  it('lists legal orders as plain data: JSON keeps every one', () => {
    const game = Game.start('classic');
    const legal = game.legalOrders();
    expect(JSON.parse(JSON.stringify(legal))).toEqual(legal);
    expect(Object.keys(legal)).toEqual(game.powers);
    expect(Object.keys(legal['france']!).sort()).toEqual(['bre', 'mar', 'par']);
    expect(legal['france']!['par']).toContainEqual({ power: 'france', type: 'move', unit: { kind: 'army', at: 'par' }, to: 'bur', viaConvoy: false });
    expect(game.legalOrderTexts('england')['england']!['lon']).toContain('F lon - nth');
  });

  it('orders as objects, standard text and Chinese text give the same report', () => {
    const rng = mulberry32(7);
    const probe = Game.start('classic', { seed: 7 });
    for (let i = 0; i < 12; i++) {
      const orders = draw(probe, rng);
      const asObjects = Game.start('classic', { position: probe.position, seed: 7 });
      const asText = Game.start('classic', { position: probe.position, seed: 7 });
      const asChinese = Game.start('classic', { position: probe.position, seed: 7 });
      const a = asObjects.advance(orders);
      const b = asText.advance(orders.map((o) => `${o.power}: ${asText.orderText(o)}`));
      const c = asChinese.advance(
        orders.map((o) => formatLocalizedOrder(asChinese.board, 'zh', o, { power: true })),
        { language: 'zh' },
      );
      expect(b).toEqual(a);
      expect(c).toEqual(a);
      probe.advance(orders);
    }
  });

  it('reads names as people write them, and a text naming no power takes the unit owner', () => {
    const game = Game.start('classic');
    const [order] = game.readOrders([{ type: 'move', power: 'France', unit: { kind: 'army', at: 'Paris' }, to: 'Burgundy', viaConvoy: false } as Order]);
    expect(order).toEqual({ power: 'france', type: 'move', unit: { kind: 'army', at: 'par' }, to: 'bur', viaConvoy: false });
    expect(game.readOrders(['A mun - ruh'])[0]!.power).toBe('germany');
    expect(game.readOrders(['Armeija Berliini hyökkää Preussiin'])[0]).toMatchObject({ power: 'germany', to: 'pru' });
  });

  it('survives JSON, and a game started from its position goes on the same way', () => {
    const game = Game.start('classic', { seed: 3 });
    const rng = mulberry32(3);
    for (let i = 0; i < 6; i++) game.advance(draw(game, rng));
    const copy = Game.start('classic', { seed: 3, position: JSON.parse(JSON.stringify(game.position)) });
    for (let i = 0; i < 6; i++) {
      const orders = draw(game, rng);
      expect(copy.advance(orders)).toEqual(game.advance(orders));
    }
    expect(JSON.parse(JSON.stringify(game.toJSON()))).toEqual(game.toJSON());
  });

  it('hands out copies: a caller who scrambles what it got changes nothing in the game', () => {
    // Two games with the same seed and orders; everything the second hands out is scrambled in
    // place at once (strings emptied, numbers negated, arrays emptied, fields added). The reports,
    // positions and results of the two must stay equal.
    const scramble = (value: unknown): void => {
      if (typeof value !== 'object' || value === null) return;
      if (Array.isArray(value)) {
        for (const v of value) scramble(v);
        value.length = 0;
        return;
      }
      const o = value as Record<string, unknown>;
      for (const key of Object.keys(o)) {
        const v = o[key];
        if (typeof v === 'object') scramble(v);
        else o[key] = typeof v === 'string' ? '' : typeof v === 'number' ? -v : typeof v === 'boolean' ? !v : v;
      }
      o['scrambled'] = true;
    };
    const clean = Game.start('classic', { seed: 9 });
    const touched = Game.start('classic', { seed: 9 });
    const rng = mulberry32(9);
    for (let i = 0; i < 30 && !clean.result().over; i++) {
      const orders = draw(clean, rng);
      const same = JSON.parse(JSON.stringify(orders)) as Order[];
      scramble(touched.submit(same.slice(0, 3)));
      const a = clean.advance(orders);
      const b = touched.advance(same.slice(3));
      expect(b).toEqual(a);
      scramble(b);
      scramble(touched.result());
      scramble(touched.position);
      scramble(touched.history);
      scramble(touched.orders);
      expect(touched.position).toEqual(clean.position);
      expect(touched.result()).toEqual(clean.result());
      expect(touched.history).toEqual(clean.history);
    }
    // What it hands out is what JSON keeps: no undefined fields, nothing JSON would change.
    for (const report of clean.history) expect(report).toEqual(JSON.parse(JSON.stringify(report)));
    expect(Object.values(clean.history[0]!.orders[0]!).includes(undefined)).toBe(false);
  });

  it('takes back orders and gives all or none of a list', () => {
    const game = Game.start('classic');
    game.submit(['A par - bur']);
    expect(() => game.submit(['A mar - spa', 'A zzz - xxx'])).toThrow(DipforgeError);
    expect(game.orders.length).toBe(1);
    game.clearOrders('france');
    expect(game.orders).toEqual([]);
  });

  it('answers bad input with typed errors and codes', () => {
    const game = Game.start('classic');
    const bad = fails(() => game.submit(['A par - bur', 'A par -> qqq']));
    expect([bad.code, bad.kind, bad.data.order]).toEqual(['DF8082', 'bad-order', 1]);
    expect(bad.data.start).toBeTypeOf('number');
    expect(fails(() => game.submit([{ type: 'teleport' } as unknown as Order])).code).toBe('DF8082');
    expect(fails(() => game.submit([{ type: 'move', power: 'france' } as unknown as Order])).code).toBe('DF8082');
    expect(fails(() => game.submit(['A par - bur'], { language: 'klingon' })).code).toBe('DF8082');
    expect(fails(() => game.legalOrders('atlantis')).code).toBe('DF8084');
    const position = game.position;
    position.units.push({ power: 'france', kind: 'fleet', at: 'mun' });
    expect(fails(() => Game.start('classic', { position })).code).toBe('DF8083');
    expect(fails(() => Game.start('classic', { position: { phase: 'spring' } as never })).code).toBe('DF8083');
    expect(fails(() => Game.fromConfig({ format: 'dipforge-variant/1' })).code).toBe('DF8086');
  });

  it('reports the winner and refuses orders once the game is over', () => {
    const start = Game.start('classic').position;
    // France owns 17 centres (Belgium not among them) and takes Belgium in the fall: 18 win.
    const centres = Game.start('classic').config.provinces.filter((p) => p.supplyCentre && p.id !== 'bel').map((p) => p.id);
    const owners: Record<string, string> = Object.fromEntries(centres.map((c, i) => [c, i < 17 ? 'france' : 'germany']));
    const units = [{ power: 'france', kind: 'army' as const, at: 'bur' }, { power: 'germany', kind: 'army' as const, at: centres[20]! }];
    const game = Game.start('classic', { position: { ...start, phase: { year: 1905, season: 'fall', kind: 'movement' }, owners, units } });
    expect(game.result().over).toBe(false);
    const report = game.advance(['A bur - bel']);
    expect(report.orders[0]!.status).toBe('succeeds');
    expect(report.result.over).toBe(true);
    expect([report.result.kind, report.result.winner, report.result.centres['france']]).toEqual(['solo', 'france', 18]);
    expect(report.result.scores.final).toBe(true);
    expect(fails(() => game.advance([])).code).toBe('DF8088');
  });

  it('draws the board, now and with the last phase orders', () => {
    const game = Game.start('classic');
    expect(game.render()).toMatch(/<svg[^>]*>/);
    game.advance(['A par - bur', 'A mar - bur']);
    const svg = game.render({ last: true });
    expect(svg).toMatch(/<svg[^>]*>/);
    expect(svg).not.toEqual(game.render());
  });
});
