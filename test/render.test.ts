/**
 * `dipforge render` as users run it: the classic example game at spring 1901 and at its end, a
 * variant without coordinates (automatic layout) and a game on it with a dislodged unit, each SVG
 * parsed and checked (well-formed, every province present once, every unit drawn once at its
 * province, one arrow per move with failed ones marked, the legend's counts); the phase names it
 * takes; writing with -o (all or nothing); exit codes and messages.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byClass, classes, parseXml, translation, unitOf, type XmlElement } from '../packages/engine/test/helpers/svg.js';
import { dipforgeIn } from './cli-in-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'packages', 'cli', 'bin', 'dipforge.js');
const GAME = 'variants/classic/examples/1901.dipgame';
const CLASSIC = 'variants/classic/classic.dipmap';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command in this process (its `main`, as the binary calls it): the same path from arguments to exit code. */
async function dipforge(cwd: string, ...args: string[]): Promise<Run> {
  const r = await dipforgeIn(cwd, ...args);
  return { status: r.code, stdout: r.out, stderr: r.err };
}

/** Runs the real binary as a child process, for what only a process shows: its exit status and streams. */
function dipforgeProcess(cwd: string, ...args: string[]): Run {
  const env = { ...process.env };
  delete env['DIPFORGE_DEBUG'];
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env, timeout: 60_000 });
  const run = { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
  expect(run.stderr, 'stack frame on stderr').not.toContain('    at ');
  return run;
}

/** A variant without coordinates: eight provinces, one impassable, two powers; Red can dislodge Blue at once. */
const TINY_MAP = `// A small variant without coordinates: drawn with the automatic layout.
variant tiny "Tiny Isles" {
  start 1901 spring movement
}

province nor "North" coast supply
province sou "South" coast supply
province eas "East" coast supply
province wes "West" land
province mid "Middle & <Heart>" land supply
province hil "Hills" land impassable
province bay "The Bay" sea
province gul "The Gulf" sea

adjacency {
  army nor: mid, wes, eas
  army sou: mid, wes, eas
  army eas: mid
  army wes: mid
  fleet bay: nor, gul
  fleet gul: sou
  fleet nor: eas
}

power red "Red" {
  colour #cc2222
  home nor, eas
  units F nor, A eas, A wes
}

power blue "Blue" {
  home sou
  units A sou
}

neutral centres mid
`;

const TINY_GAME = `variant "tiny.dipmap"

phase spring 1901 movement
  red:
    A eas - sou
    A wes S A eas - sou
    F nor - eas
  blue:
    A sou H

phase spring 1901 retreat
  blue:
    A sou R mid
`;

const PROVINCES = 75;

interface Board {
  svg: XmlElement;
  text: string;
}

function board(text: string): Board {
  return { svg: parseXml(text), text };
}

/** Province ids drawn, each once; units (`power A par`) each once, drawn at their province. */
function checkBoard(b: Board, provinces: number): { units: string[]; dislodged: string[] } {
  const ids = byClass(b.svg, 'province').map((g) => g.attrs['data-province']!);
  expect(ids).toHaveLength(provinces);
  expect(new Set(ids).size).toBe(provinces);
  const points = new Map(byClass(b.svg, 'province').map((g) => [g.attrs['data-province']!, translation(g)]));
  const units: string[] = [];
  const dislodged: string[] = [];
  for (const g of byClass(b.svg, 'unit')) {
    const at = g.attrs['data-location']!.split('/')[0]!;
    expect(g.attrs['data-unit']).toBe(at);
    const [x, y] = translation(g);
    const [px, py] = points.get(at)!;
    const isDislodged = classes(g).includes('dislodged');
    expect(Math.hypot(x - px, y - py), unitOf(g)).toBeLessThan(isDislodged ? 40 : g.attrs['data-location']!.includes('/') ? 30 : 12);
    (isDislodged ? dislodged : units).push(`${g.attrs['data-power']} ${unitOf(g)}`);
  }
  expect(new Set(units).size).toBe(units.length);
  return { units: units.sort(), dislodged: dislodged.sort() };
}

function legend(b: Board): Record<string, [number, number]> {
  return Object.fromEntries(byClass(b.svg, 'legend-power').map((g) => [g.attrs['data-power']!, [Number(g.attrs['data-centres']), Number(g.attrs['data-units'])]]));
}

let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'dipforge-render-'));
  writeFileSync(join(tmp, 'tiny.dipmap'), TINY_MAP);
  writeFileSync(join(tmp, 'tiny.dipgame'), TINY_GAME);
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('dipforge render: the classic example game', () => {
  it('at spring 1901: 75 provinces, 22 units at home, 22 move arrows, the two bounces into the Black Sea marked', async () => {
    const out = join(tmp, 's1901.svg');
    const r = await dipforge(ROOT, 'render', GAME, '--phase', 'spring 1901 movement', '-o', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    const b = board(readFileSync(out, 'utf8'));
    expect(b.svg.attrs['data-phase']).toBe('spring 1901 movement');
    expect(b.svg.attrs['data-layout']).toBe('coordinates');
    const { units, dislodged } = checkBoard(b, PROVINCES);
    expect(units).toHaveLength(22);
    expect(units).toContain('russia F stp/sc');
    expect(units).toContain('england F lon');
    expect(dislodged).toEqual([]);
    const moves = byClass(b.svg, 'order', 'move');
    expect(moves).toHaveLength(22);
    for (const m of moves) expect(byClass(m, 'head'), m.attrs['data-order']).toHaveLength(1);
    const failed = moves.filter((m) => m.attrs['data-status'] === 'fails');
    expect(failed.map((m) => `${m.attrs['data-power']}: ${m.attrs['data-order']}`).sort()).toEqual(['russia: F sev - bla', 'turkey: F ank - bla']);
    for (const m of failed) expect(byClass(m, 'fail-mark')).toHaveLength(1);
    for (const m of moves.filter((x) => x.attrs['data-status'] === 'succeeds')) expect(byClass(m, 'fail-mark')).toHaveLength(0);
    expect(legend(b)).toEqual({ austria: [3, 3], england: [3, 3], france: [3, 3], germany: [3, 3], italy: [3, 3], russia: [4, 4], turkey: [3, 3] });
  });

  it('takes the short phase name (S1901M) and any case or spacing, to the same bytes', async () => {
    const a = await dipforge(ROOT, 'render', GAME, '--phase', 'S1901M');
    const b = await dipforge(ROOT, 'render', GAME, '--phase', '  Spring   1901 MOVEMENT ');
    const c = await dipforge(ROOT, 'render', GAME, '--phase', 's1901m');
    const d = await dipforge(ROOT, 'render', GAME, '--phase', 'spring 1901');
    expect([a.status, b.status, c.status, d.status]).toEqual([0, 0, 0, 0]);
    expect(a.stdout.startsWith('<?xml')).toBe(true);
    expect(b.stdout).toBe(a.stdout);
    expect(c.stdout).toBe(a.stdout);
    expect(d.stdout).toBe(a.stdout);
    expect(readFileSync(join(tmp, 's1901.svg'), 'utf8')).toBe(a.stdout);
  });

  it('the fall: supports, a convoy and a hold drawn; failed orders marked', async () => {
    const r = await dipforge(ROOT, 'render', GAME, '--phase', 'F1901M');
    expect(r.status).toBe(0);
    const b = board(r.stdout);
    checkBoard(b, PROVINCES);
    expect(byClass(b.svg, 'order', 'move')).toHaveLength(16);
    expect(byClass(b.svg, 'order', 'support').map((o) => o.attrs['data-order'])).toEqual(['F alb S A ser - gre']);
    expect(byClass(b.svg, 'order', 'convoy').map((o) => o.attrs['data-order'])).toEqual(['F nth C A yor - nwy']);
    expect(byClass(b.svg, 'order', 'hold').map((o) => o.attrs['data-order']).sort()).toEqual(['A stp H', 'A ven H', 'F nwg H', 'F sev H']);
    for (const o of byClass(b.svg, 'order')) expect(byClass(o, 'fail-mark').length, o.attrs['data-order']).toBe(o.attrs['data-status'] === 'fails' ? 1 : 0);
    expect(byClass(b.svg, 'order', 'fails').length).toBeGreaterThan(4);
  });

  it('by default, the last phase the file writes: the winter builds, drawn but not counted as units', async () => {
    const r = await dipforge(ROOT, 'render', GAME);
    expect(r.status).toBe(0);
    const b = board(r.stdout);
    expect(b.svg.attrs['data-phase']).toBe('winter 1901 adjustment');
    const { units } = checkBoard(b, PROVINCES);
    expect(units).toHaveLength(22);
    expect(byClass(b.svg, 'build-mark').map((g) => g.attrs['data-at']).sort()).toEqual(['ber', 'lon', 'mun', 'nap', 'par', 'vie']);
    expect(legend(b)['germany']).toEqual([5, 3]);
  });

  it('at the end (the phase after the last, S1902M): the position the file expects, no orders', async () => {
    const r = await dipforge(ROOT, 'render', GAME, '--phase', 'S1902M');
    expect(r.status).toBe(0);
    const b = board(r.stdout);
    expect(b.svg.attrs['data-phase']).toBe('spring 1902 movement');
    const { units } = checkBoard(b, PROVINCES);
    // The file's closing expect block.
    const expected: Record<string, string[]> = {
      austria: ['F alb', 'A gre', 'A gal', 'A vie'],
      england: ['F nwg', 'F nth', 'A nwy', 'F lon'],
      france: ['F bre', 'A por', 'A bur', 'A par'],
      germany: ['F den', 'A hol', 'A ruh', 'A mun', 'A ber'],
      italy: ['F tun', 'A ven', 'A pie', 'F nap'],
      russia: ['F sev', 'F bot', 'A stp', 'A ukr'],
      turkey: ['F bla', 'A bul', 'A con'],
    };
    expect(units).toEqual(Object.entries(expected).flatMap(([p, list]) => list.map((u) => `${p} ${u}`)).sort());
    expect(byClass(b.svg, 'order')).toHaveLength(0);
    expect(legend(b)).toEqual({ austria: [4, 4], england: [4, 4], france: [4, 4], germany: [5, 5], italy: [4, 4], russia: [4, 4], turkey: [4, 3] });
    expect(byClass(b.svg, 'legend-neutral')[0]!.attrs['data-centres']).toBe('5');
  });

  it('the classic map itself: its starting position', async () => {
    const r = await dipforge(ROOT, 'render', CLASSIC);
    expect(r.status).toBe(0);
    const b = board(r.stdout);
    expect(checkBoard(b, PROVINCES).units).toHaveLength(22);
    expect(byClass(b.svg, 'order')).toHaveLength(0);
    // The same picture as the game's spring 1901 without its orders.
    const game = board((await dipforge(ROOT, 'render', GAME, '--phase', 'S1901M')).stdout);
    expect(checkBoard(game, PROVINCES).units).toEqual(checkBoard(b, PROVINCES).units);
  });
});

describe('dipforge render: a variant without coordinates', () => {
  it('draws the map with the automatic layout: every province once, none overlapping, the names escaped', async () => {
    const r = await dipforge(tmp, 'render', 'tiny.dipmap', '-o', 'tiny.svg');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const text = readFileSync(join(tmp, 'tiny.svg'), 'utf8');
    const b = board(text);
    expect(b.svg.attrs['data-layout']).toBe('auto');
    const { units } = checkBoard(b, 8);
    expect(units).toEqual(['blue A sou', 'red A eas', 'red A wes', 'red F nor']);
    const points = byClass(b.svg, 'province').map(translation);
    for (let i = 0; i < points.length; i++)
      for (let j = i + 1; j < points.length; j++) expect(Math.hypot(points[i]![0] - points[j]![0], points[i]![1] - points[j]![1])).toBeGreaterThan(50);
    expect(text).toContain('Middle &amp; &lt;Heart&gt;');
    expect(byClass(b.svg, 'province', 'impassable').map((g) => g.attrs['data-province'])).toEqual(['hil']);
    expect(legend(b)).toEqual({ red: [2, 3], blue: [1, 1] });
    // The same map gives the same picture every time.
    expect((await dipforge(tmp, 'render', 'tiny.dipmap')).stdout).toBe(text);
  });

  it('a game on it: the dislodgement marked in the movement, the dislodged unit drawn in the retreat', async () => {
    const m = await dipforge(tmp, 'render', 'tiny.dipgame', '--phase', 'S1901M');
    expect(m.status).toBe(0);
    const move = board(m.stdout);
    checkBoard(move, 8);
    expect(byClass(move.svg, 'unit', 'dislodged-this-phase').map(unitOf)).toEqual(['A sou']);
    expect(byClass(move.svg, 'order', 'move')).toHaveLength(2);
    expect(byClass(move.svg, 'order', 'hold', 'fails')).toHaveLength(1);

    const r = await dipforge(tmp, 'render', 'tiny.dipgame', '--phase', 'spring 1901 retreat');
    expect(r.status).toBe(0);
    const ret = board(r.stdout);
    const { units, dislodged } = checkBoard(ret, 8);
    expect(units).toEqual(['red A sou', 'red A wes', 'red F eas']);
    expect(dislodged).toEqual(['blue A sou']);
    expect(byClass(ret.svg, 'order', 'retreat')).toHaveLength(1);
    expect(byClass(ret.svg, 'legend-power').find((g) => g.attrs['data-power'] === 'blue')!.attrs['data-dislodged']).toBe('1');
  });

  it('--layout auto lays out a map that has coordinates too', async () => {
    const r = await dipforge(ROOT, 'render', CLASSIC, '--layout', 'auto');
    expect(r.status).toBe(0);
    const b = board(r.stdout);
    expect(b.svg.attrs['data-layout']).toBe('auto');
    checkBoard(b, PROVINCES);
  });
});

describe('dipforge render: the command line', () => {
  it('is listed in the help', async () => {
    const r = await dipforge(ROOT, '--help');
    expect(r.stdout).toContain('dipforge render GAME.dipgame|MAP.dipmap');
  });

  it('wrong command lines exit 2 with the usage', async () => {
    const cases: [string[], string][] = [
      [['render'], 'no file given'],
      [['render', GAME, CLASSIC], 'give one game or map file'],
      [['render', GAME, '--bogus'], 'unknown option --bogus'],
      [['render', GAME, '--phase'], '--phase needs a value'],
      [['render', GAME, '--layout', 'spiral'], "--layout is auto or coordinates, not 'spiral'"],
      [['render', CLASSIC, '--phase', 'S1901M'], '--phase is for game files'],
    ];
    for (const [args, message] of cases) {
      const r = await dipforge(ROOT, ...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(`dipforge render: ${message}`);
      expect(r.stderr).toContain('usage: dipforge render');
      expect(r.stdout).toBe('');
    }
  });

  it('a phase the game does not have exits 2 and lists the phases', async () => {
    const r = await dipforge(ROOT, 'render', GAME, '--phase', 'S1905M', '-o', join(tmp, 'none.svg'));
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("dipforge render: the game has no phase 'S1905M'; its phases are S1901M, S1901R, F1901M, F1901R, W1901A, S1902M\n");
    expect(existsSync(join(tmp, 'none.svg'))).toBe(false);
    const f = await dipforge(ROOT, 'render', GAME, '--phase', 'fall 1901');
    expect(f.status).toBe(0);
    expect(board(f.stdout).svg.attrs['data-phase']).toBe('fall 1901 movement');
  });

  it('a file that cannot be read, or has errors, exits 1 with its diagnostics and writes nothing', async () => {
    const missing = await dipforge(tmp, 'render', 'nope.dipgame', '-o', 'out.svg');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/Cannot read .*nope\.dipgame/);
    expect(missing.stderr).toContain('dipforge render: not drawn (1 error, 0 warnings)');
    const badMap = join(tmp, 'bad.dipmap');
    writeFileSync(badMap, TINY_MAP.replace('army wes: mid', 'army wes: zzz'));
    const bad = await dipforge(tmp, 'render', 'bad.dipmap', '-o', 'out.svg');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^bad\.dipmap:\d+:\d+: error: .*zzz.* \[DF\d{4}\]$/m);
    expect(bad.stderr).toContain('dipforge render: not drawn');
    writeFileSync(join(tmp, 'bad.dipgame'), TINY_GAME.replace('A sou R mid', 'A sou R nowhere'));
    const badGame = await dipforge(tmp, 'render', 'bad.dipgame', '-o', 'out.svg');
    expect(badGame.status).toBe(1);
    expect(badGame.stderr).toContain('nowhere');
    expect(existsSync(join(tmp, 'out.svg'))).toBe(false);
  });

  it('-o into a folder that does not exist exits 1 and leaves no file behind; -o - writes to standard output', async () => {
    const dir = join(tmp, 'out');
    mkdirSync(dir);
    const r = await dipforge(ROOT, 'render', GAME, '-o', join(dir, 'missing', 'b.svg'));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^dipforge render: cannot write .*b\.svg: /);
    expect(readdirSync(dir)).toEqual([]);
    const s = await dipforge(ROOT, 'render', GAME, '-o', '-');
    expect(s.status).toBe(0);
    expect(s.stdout).toBe((await dipforge(ROOT, 'render', GAME)).stdout);
    // The binary writes the same bytes to its standard output, exits 0, and 1 on a file it cannot write.
    const real = dipforgeProcess(ROOT, 'render', GAME, '-o', '-');
    expect(real.status).toBe(0);
    expect(real.stdout).toBe(s.stdout);
    expect(dipforgeProcess(ROOT, 'render', GAME, '-o', join(dir, 'missing', 'c.svg')).status).toBe(1);
  });

  it('overwrites an existing picture whole', async () => {
    const out = join(tmp, 'again.svg');
    writeFileSync(out, 'old '.repeat(100_000));
    expect((await dipforge(ROOT, 'render', GAME, '--phase', 'S1902M', '-o', out)).status).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text.startsWith('<?xml')).toBe(true);
    expect(text).not.toContain('old old');
    parseXml(text);
  });
});
