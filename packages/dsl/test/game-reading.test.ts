/**
 * The shortcuts of reading a game: order texts read once per variant (the
 * readings kept with its name index for every run), the parser's positions computed on the line
 * being read, and its word reader for plain ASCII words. Each must give what
 * the slow way gives.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseOrder } from '@dipforge/engine';
import { variantsDir } from '@dipforge/variants';
import { describe, expect, it } from 'vitest';
import { parseGame } from '../src/game/parse.js';
import { runGame, type GameRun } from '../src/game/run.js';
import { GameWorkspace } from '../src/game/workspace.js';
import { LineIndex, type Range } from '../src/text/range.js';
import { MemoryHost } from '../src/workspace/host.js';
import { VariantLoader } from '../src/workspace/loader.js';

const BUILTIN = '/builtin';
const GAME = '/proj/game.dipgame';

function workspace(): GameWorkspace {
  const files: Record<string, string> = {
    '/proj/package.json': '{}',
    [`${BUILTIN}/classic/classic.dipmap`]: readFileSync(join(variantsDir, 'classic', 'classic.dipmap'), 'utf8'),
  };
  for (const f of readdirSync(join(variantsDir, 'editions'))) {
    if (f.endsWith('.dipmap')) files[`${BUILTIN}/editions/${f}`] = readFileSync(join(variantsDir, 'editions', f), 'utf8');
  }
  return new GameWorkspace(new VariantLoader({ host: new MemoryHost(files), builtinDir: BUILTIN }));
}

/** Two years in which the same order texts come back, one line twice in a phase, one misspelt name, one bad order. */
const GAME_TEXT = `variant classic
seed 5

phase spring 1901 movement
  france:
    A par - bur
    A par - bur
    F bre H
    A mar - spa
  germany:
    A mun - burgundyy
    F kie - hol
    A ber H

phase fall 1901 movement
  france:
    A bur H
    F bre H
    A spa H
  germany:
    A mun H
    F hol H
    A ber H
    A ber - zzz
`;

/** Every order of a run with the text it was read from. */
function orders(run: GameRun): { text: string; order: object; result: unknown }[] {
  return run.phases.flatMap((p) => p.orders.map((o) => ({ text: o.line.text.text, order: o.order, result: o.result })));
}

describe('reading order texts once per variant', () => {
  it('gives each line the order the engine reads, in an object of its own, with its own result', () => {
    const ws = workspace();
    const run = runGame(parseGame(GAME_TEXT, GAME), ws);
    const index = run.variant?.index;
    expect(index).toBeDefined();
    const all = orders(run);
    expect(all.length).toBe(13);
    for (const [i, p] of run.phases.entries()) {
      for (const o of p.orders) {
        const fresh = parseOrder(index!, o.line.text.text, { power: o.power, phase: p.phase.kind });
        expect(fresh.ok && fresh.order, `${i}: ${o.line.text.text}`).toEqual(o.order);
      }
    }
    // The same text twice in one phase: two objects, so each line is paired with its own result.
    const twice = run.phases[0]!.orders.filter((o) => o.line.text.text === 'A par - bur');
    expect(twice.length).toBe(2);
    expect(twice[0]!.order).not.toBe(twice[1]!.order);
    expect(twice[0]!.result?.order).toBe(twice[0]!.order);
    expect(twice[1]!.result?.order).toBe(twice[1]!.order);
    // `F bre H` in both years: one reading, shared by the lines of different phases.
    const holds = all.filter((o) => o.text === 'F bre H');
    expect(holds.length).toBe(2);
    expect(holds[0]!.order).toBe(holds[1]!.order);
  });

  it('keeps the readings for the next run of the same variant, each line of a phase still with an order of its own', () => {
    const ws = workspace();
    const first = runGame(parseGame(GAME_TEXT, GAME), ws);
    const again = runGame(parseGame(GAME_TEXT, GAME), ws);
    expect(orders(again)).toEqual(orders(first));
    const firstOrders = orders(first);
    again.phases.forEach((p, i) => {
      // The first line of each text takes the kept reading; a second line of the text in the phase, a copy.
      // A reading with a warning (the misspelt `burgundyy`) is not kept: it is read again.
      p.orders.forEach((o, j) => {
        const kept = first.phases[i]!.orders[j]!.order;
        const repeated = p.orders.findIndex((x) => x.line.text.text === o.line.text.text) < j;
        const warned = o.line.text.text === 'A mun - burgundyy';
        expect(o.order, o.line.text.text).toEqual(kept);
        if (repeated || warned) expect(o.order, o.line.text.text).not.toBe(kept);
        else expect(o.order, o.line.text.text).toBe(kept);
        expect(o.result?.order).toBe(o.order);
      });
      expect(new Set(p.orders.map((o) => o.order)).size).toBe(p.orders.length);
    });
    // Another variant's name index has readings of its own.
    const other = runGame(parseGame(GAME_TEXT, GAME), workspace());
    expect(orders(other)[0]!.order).not.toBe(firstOrders[0]!.order);
    expect(orders(other)).toEqual(firstOrders);
    // Forgotten readings are read again, as on a first check.
    ws.forgetOrderReadings();
    const fresh = runGame(parseGame(GAME_TEXT, GAME), ws);
    expect(orders(fresh)).toEqual(firstOrders);
    expect(orders(fresh)[0]!.order).not.toBe(firstOrders[0]!.order);
  });

  it('reports a misspelt name and an unreadable order on every line that has them', () => {
    const text = GAME_TEXT.replace('    A ber - zzz\n', '    A ber - zzz\n    A ber - zzz\n').replace('    A mun H\n', '    A mun - burgundyy\n');
    const run = runGame(parseGame(text, GAME), workspace());
    const at = (code: string): number[] => run.diagnostics.filter((d) => d.code === code).map((d) => d.range.start.line);
    const unreadable = run.diagnostics.filter((d) => d.severity === 'error').map((d) => d.range.start.line);
    expect(unreadable).toEqual([23, 24]);
    // `burgundyy` is read as bur, with a warning each time.
    const written = run.phases.filter((p) => p.section);
    expect(written.map((p) => p.orders.find((o) => o.line.text.text === 'A mun - burgundyy')?.order)).toEqual([
      { power: 'germany', type: 'move', unit: { kind: 'army', at: 'mun' }, to: 'bur', viaConvoy: false },
      { power: 'germany', type: 'move', unit: { kind: 'army', at: 'mun' }, to: 'bur', viaConvoy: false },
    ]);
    expect(at('DF8030')).toEqual([10, 20]);
  });

  it('reports an order never legal on the map on every line that writes it, whether its reading is new, kept or a copy', () => {
    // `F bre - mun` in both years, twice in the first (a copy of the kept reading), and once expecting [illegal] (not reported).
    const text = GAME_TEXT.replace('    F bre H\n    A mar - spa\n', '    F bre - mun\n    F bre - mun\n    A mar - spa\n')
      .replace('    F bre H\n    A spa H\n', '    F bre - mun\n    A spa H\n    F bre - mun [illegal]\n');
    const ws = workspace();
    const lines = (run: GameRun): number[] => run.diagnostics.filter((d) => d.code === 'DF3030').map((d) => d.range.start.line);
    const first = runGame(parseGame(text, GAME), ws);
    expect(lines(first)).toEqual([7, 8, 18]);
    // Again with every reading kept, and with none.
    expect(lines(runGame(parseGame(text, GAME), ws))).toEqual([7, 8, 18]);
    ws.forgetOrderReadings();
    expect(lines(runGame(parseGame(text, GAME), ws))).toEqual([7, 8, 18]);
    expect(lines(runGame(parseGame(GAME_TEXT, GAME), ws))).toEqual([]);
  });

  it('a run that reuses another gives what a run from scratch gives', () => {
    const ws = workspace();
    const first = runGame(parseGame(GAME_TEXT, GAME), ws);
    const edited = GAME_TEXT.replace('    A bur H\n', '    A bur - mun\n');
    const fresh = runGame(parseGame(edited, GAME), workspace());
    const reused = runGame(parseGame(edited, GAME), ws, { reuse: { run: first, sections: 1 } });
    expect(reused.reused).toBe(1);
    expect(orders(reused)).toEqual(orders(fresh));
    expect(reused.diagnostics).toEqual(fresh.diagnostics);
    expect(reused.final).toEqual(fresh.final);
  });
});

describe('the game parser', () => {
  /** Every range in a parse, by walking the tree. */
  function ranges(v: unknown, out: Range[] = []): Range[] {
    if (typeof v !== 'object' || v === null) return out;
    const o = v as Record<string, unknown>;
    if (typeof (o['start'] as { offset?: unknown } | undefined)?.offset === 'number' && typeof (o['end'] as { offset?: unknown } | undefined)?.offset === 'number') {
      out.push(o as unknown as Range);
      return out;
    }
    for (const x of Array.isArray(v) ? v : Object.values(o)) ranges(x, out);
    return out;
  }

  it('places every node where the line index does, with any line ends', () => {
    const lines = GAME_TEXT.split('\n');
    const text = lines.map((l, i) => l + (i % 3 === 0 ? '\r\n' : i % 3 === 1 ? '\r' : '\n')).join('') + '  bad line // comment\n"open';
    const parsed = parseGame(text, GAME);
    const index = new LineIndex(text);
    const all = [...ranges(parsed.ast), ...parsed.diagnostics.map((d) => d.range)];
    expect(all.length).toBeGreaterThan(60);
    for (const r of all) {
      expect(r.start).toEqual(index.position(r.start.offset));
      expect(r.end).toEqual(index.position(r.end.offset));
    }
  });

  it('gives a line index made of the line starts it found, equal to one made from the text, with any line ends', () => {
    const lf = `${GAME_TEXT}  bad line // comment\n"open`;
    const mixed = lf
      .split('\n')
      .map((l, i) => l + (i % 3 === 0 ? '\r\n' : i % 3 === 1 ? '\r' : '\n'))
      .join('');
    for (const text of [lf, mixed, `${lf}\n`, `${mixed}\r`, '', '\n\n']) {
      const parsed = parseGame(text, GAME);
      const index = new LineIndex(text);
      for (let offset = 0; offset <= text.length; offset++) expect(parsed.lines.position(offset)).toEqual(index.position(offset));
      expect(parsed.ast.range).toEqual(index.range(0, text.length));
    }
  });

  it('reads words with letters outside ASCII and hyphens as one word, digits alone as a number', () => {
    const text = 'variant classic\nseed 12\nplayer Österreich-Ungarn "X"\nplayer england_2 "Y"\nplayer a-b "Z"\n';
    const parsed = parseGame(text, GAME);
    const players = parsed.ast.header.filter((h) => h.kind === 'Player');
    expect(players.map((p) => (p.kind === 'Player' ? p.power.text : ''))).toEqual(['Österreich-Ungarn', 'england_2', 'a-b']);
    const seed = parsed.ast.header.find((h) => h.kind === 'Seed');
    expect(seed?.kind === 'Seed' && seed.value.value).toBe(12);
    // `12x` is a word, not a number: no seed.
    expect(parseGame('seed 12x\n', GAME).ast.header.some((h) => h.kind === 'Seed')).toBe(false);
  });
});

describe('readings shared by every power', () => {
  /** The same texts under two powers, one with another power's prefix, one with a full-width colon. */
  const SHARED = `variant classic
seed 3

phase spring 1901 movement
  france:
    A par - bur
    A mar H
    germany: A mun H
    germany：A ber H
  germany:
    A par - bur
    A mun H
    A ber H
  england:
    germany: A mun H
`;

  it('gives each line the order the engine reads for its own power, keys in the same order', () => {
    const run = runGame(parseGame(SHARED, GAME), workspace());
    const index = run.variant!.index!;
    const lines = run.phases[0]!.orders;
    expect(lines.length).toBe(8);
    for (const o of lines) {
      const fresh = parseOrder(index, o.line.text.text, { power: o.line.power.value, phase: 'movement' });
      expect(JSON.stringify(fresh.ok && fresh.order), o.line.text.text).toBe(JSON.stringify(o.order));
    }
    expect(lines.map((o) => o.order.power)).toEqual(['france', 'france', 'germany', 'germany', 'germany', 'germany', 'germany', 'germany']);
    const moves = lines.filter((o) => o.line.text.text === 'A par - bur');
    expect(moves[0]!.order).not.toBe(moves[1]!.order);
  });
});

describe('the result judged again only when it can change', () => {
  it('gives after every phase what the engine gives for that position', async () => {
    const E = await import('@dipforge/engine');
    const ws = workspace();
    // A random game of 150 phases, written as the bench writes it.
    const probe = runGame(parseGame('variant classic\n', GAME), ws);
    const board = ws.board(probe.variant!, probe.config!);
    const rules = probe.config!.rules;
    const rng = E.mulberry32(7);
    let position = E.initialPosition(probe.config!);
    const lines = ['variant classic', 'seed 7'];
    for (let k = 0; k < 150; k++) {
      if (E.phaseIsEmpty(board, rules, position)) {
        position = E.adjudicatePhase(board, position, [], rules, { seed: 7 }).next;
        continue;
      }
      const orders = E.randomOrders(board, position, rules, rng, {});
      lines.push('', `phase ${position.phase.season} ${position.phase.year} ${position.phase.kind}`);
      for (const power of board.powerIds) {
        const mine = orders.filter((o) => o.power === power);
        if (mine.length > 0) lines.push(`  ${power}:`, ...mine.map((o) => `    ${E.formatOrder(o)}`));
      }
      position = E.adjudicatePhase(board, position, orders, rules, { seed: 7 }).next;
    }
    const run = runGame(parseGame(`${lines.join('\n')}\n`, GAME), ws);
    expect(run.complete).toBe(true);
    let judged = 0;
    for (const p of run.phases) {
      const state = p.victory!;
      if (state.outcome.over) break;
      const outcome = E.gameOutcome(board, rules, p.result.next, { alliances: [] });
      expect(JSON.stringify(state.outcome), `${p.phase.season} ${p.phase.year} ${p.phase.kind}`).toBe(JSON.stringify(outcome));
      expect(JSON.stringify(state.scores)).toBe(JSON.stringify(E.scores(board, rules, p.result.next, outcome)));
      judged++;
    }
    expect(judged).toBeGreaterThan(100);
  });
});

describe("the parser's shortcut for plain order lines", () => {
  /** Order lines of many shapes, and lines that look like orders but are something else. */
  const LINES = `variant classic

phase spring 1901 movement
  england:
    F lon - nth
    A lvp - edi via convoy
    F edi S F lon - nth\t
    \tA wal H
    F nth C A lvp - edi
    F stp/nc - bar
    a lvp h
    A lvp - edi [succeeds]
    england allies france
    alliance england, france
    draw england, france
    end
    units england: F lon
    score england 3
    A Lon - Nth
    F bre-mao
    Build F lon
    Waive
    A mun - bur.
    A mün - bur
  france:
    A par - bur
    A par H
expect
  units england: F nth
`;

  it('reads them as the general parser does (a comment at the end of each line makes it take them)', () => {
    const commented = LINES.split('\n')
      .map((l) => (/^\s{2,}\S/.test(l) && !l.trim().endsWith(':') ? `${l} // note` : l))
      .join('\n');
    const plain = parseGame(LINES, GAME);
    const general = parseGame(commented, GAME);
    // The comments move offsets on later lines, never lines and columns; the text of an order continued on a deeper
    // line (\tA wal H under F edi S F lon - nth) holds the blanks where the comment was, so blanks are compared as one.
    const noOffsets = (v: unknown): string =>
      JSON.stringify(v, (k, x: unknown) => (k === 'offset' ? undefined : k === 'continued' ? { ...(x as object), text: (x as { text: string }).text.replace(/\s+/g, ' ') } : x));
    expect(plain.ast.phases[0]!.orders.length).toBeGreaterThan(15);
    expect(noOffsets(plain.ast)).toBe(noOffsets(general.ast));
    expect(noOffsets(plain.diagnostics)).toBe(noOffsets(general.diagnostics));
  });

  it('reads POWER: lines as the general parser does (a comment at the end of each makes it take them)', () => {
    const POWER_LINES = `variant classic

phase spring 1901 movement
  england:
    F lon - nth
  France:  \t
    A par H
\tgermany:
  russia_2:
  1901:
  italy :
  austria: A vie H
  north-sea:
  Österreich:
  turkey:,
    A con H
england:
phase fall 1901 movement
  england:
expect
  units england: F nth
`;
    const commented = POWER_LINES.split('\n')
      .map((l) => (l.trim().endsWith(':') ? `${l} // note` : l))
      .join('\n');
    const plain = parseGame(POWER_LINES, GAME);
    const general = parseGame(commented, GAME);
    const noOffsets = (v: unknown): string => JSON.stringify(v, (k, x: unknown) => (k === 'offset' ? undefined : x));
    expect(plain.ast.phases[0]!.powers.map((w) => w.text)).toEqual(['england', 'France', 'germany', 'russia_2', 'italy', 'austria', 'north-sea', 'Österreich', 'turkey', 'england']);
    expect(noOffsets(plain.ast)).toBe(noOffsets(general.ast));
    expect(noOffsets(plain.diagnostics)).toBe(noOffsets(general.diagnostics));
  });
});
