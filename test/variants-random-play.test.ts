/**
 * Random play on the published variants: `positionProblems` names every kind of impossible
 * position (so the random-play checks can fail), and `dipforge bench --variant NAME --years N
 * --check` finds a built-in variant by name, plays the years, and reports the positions it checked.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileMapFile, VariantLoader } from '@dipforge/dsl';
import { initialPosition, positionProblems, type Position, type VariantConfig } from '@dipforge/engine';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'packages', 'cli', 'bin', 'dipforge.js');

function dipforge(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 240_000 });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

function variant(name: string): VariantConfig {
  return compileMapFile(new VariantLoader().builtinVariantPath(name)).config as VariantConfig;
}

describe('positionProblems', () => {
  const cold = variant('cold-war');
  const start = initialPosition(cold);
  const with_ = (change: Partial<Position>): Position => ({ ...start, ...change });

  it('finds nothing wrong with a starting position', () => {
    expect(positionProblems(cold, start)).toEqual([]);
  });

  it('finds two units in one province, also on two coasts of it', () => {
    const twice = with_({ units: [...start.units, { power: 'nato', kind: 'army', at: 'mos' }] });
    expect(positionProblems(cold, twice).join('\n')).toContain('two units in mos');
    const coasts = with_({ units: [{ power: 'nato', kind: 'fleet', at: 'col/nc' }, { power: 'ussr', kind: 'fleet', at: 'col/wc' }] });
    expect(positionProblems(cold, coasts).join('\n')).toContain('two units in col');
  });

  it('finds a unit where its kind cannot stand', () => {
    const bad = with_({
      units: [
        { power: 'nato', kind: 'army', at: 'nts' },
        { power: 'nato', kind: 'fleet', at: 'mid' },
        { power: 'ussr', kind: 'fleet', at: 'col' },
        { power: 'ussr', kind: 'fleet', at: 'pan/nc' },
        { power: 'ussr', kind: 'army', at: 'xyz' },
      ],
    });
    const text = positionProblems(cold, bad).join('\n');
    expect(text).toContain('nato A nts is an army at sea');
    expect(text).toContain('nato F mid is a fleet on land');
    expect(text).toContain('ussr F col is a fleet in col without one of its coasts');
    expect(text).toContain("ussr F pan/nc is a fleet on coast 'nc', which pan does not have");
    expect(text).toContain("ussr A xyz is on 'xyz', which is not a place on the map");
  });

  it('finds more units than centres only after an adjustment phase', () => {
    const many = with_({ units: [...start.units, { power: 'nato', kind: 'army', at: 'mid' }] });
    expect(positionProblems(cold, many)).toEqual([]);
    expect(positionProblems(cold, many, { after: 'adjustment' })).toEqual(['after the adjustments nato has 7 units but 6 centre(s)']);
  });

  it('finds owners and units of no power, owned provinces that are no centres, and dislodged units out of place', () => {
    const bad = with_({
      units: [{ power: 'nobody', kind: 'army', at: 'mos' }],
      owners: { ...start.owners, mid: 'nato', lon: 'nobody' },
      dislodged: [{ power: 'nato', kind: 'army', at: 'mid' }],
    });
    const text = positionProblems(cold, bad).join('\n');
    expect(text).toContain('nobody A mos belongs to no power of the variant');
    expect(text).toContain('mid is owned by nato but is no supply centre');
    expect(text).toContain("lon is owned by 'nobody', which is no power of the variant");
    expect(text).toContain('1 dislodged unit(s) in a movement phase');
  });
});

describe('dipforge bench on a built-in variant by name', () => {
  it('plays the years asked for and checks every position', () => {
    const r = dipforge('bench', '--variant', 'north-sea-wars', '--years', '4', '--check', '--games', '2', '--warmup', '0', '--json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout) as { variant: string; years: number; games: number; phases: { movement: number }; invariants: { positions: number; problems: number; first: string[] } };
    expect(j.variant).toBe('north-sea-wars');
    expect(j.years).toBe(4);
    // Two movement phases a year, every year played through (a win does not end the game early).
    expect(j.phases.movement).toBe(2 * 4 * 2);
    expect(j.invariants.problems).toBe(0);
    expect(j.invariants.first).toEqual([]);
    expect(j.invariants.positions).toBeGreaterThan(2 * 4 * 2);
  });

  it('counts Hundred years as its five-year turns', () => {
    const r = dipforge('bench', '--variant', 'hundred', '--years', '3', '--check', '--games', '1', '--warmup', '0', '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout) as { phases: { movement: number }; invariants: { problems: number } };
    expect(j.phases.movement).toBe(3);
    expect(j.invariants.problems).toBe(0);
  });

  it('names the built-in variant in the games it writes, and they check clean', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dipforge-variants-bench-'));
    try {
      const r = dipforge('bench', '--variant', 'pure', '--games', '1', '--phases', '4', '--warmup', '0', '--write-games', dir);
      expect(r.status).toBe(0);
      const files = readdirSync(dir);
      expect(files.length).toBe(1);
      expect(readFileSync(join(dir, files[0]!), 'utf8')).toContain('\nvariant pure\n');
      const check = dipforge('check', join(dir, files[0]!));
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a name that is no built-in variant as a path', () => {
    const r = dipforge('bench', '--variant', 'no-such-variant', '--games', '1', '--phases', '1', '--warmup', '0');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('no-such-variant');
  });
});
