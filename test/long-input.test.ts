/**
 * Inputs whose length once set the depth of a recursion, or the number of
 * arguments of one call, now go through without running out of stack: 150,000
 * orders in one phase (check, adjudicate, test, import), parentheses and filler
 * words around a place, chains of rule sets, imports, extends and USE lines.
 * Where the depth is bounded instead (the adjudicator's chain of decisions, the
 * length of a line in another language), the bound is an error of the input,
 * exit 1, with a message that says so. The command runs in this process.
 *
 * The slow run takes each input at the length that once overflowed; `npm test` takes a fifth of
 * it (test/helpers/depth.ts): the same code paths, at a fifth of the cost.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_DECISION_DEPTH, MAX_LOCALIZED_LENGTH } from '@dipforge/engine';
import { dipforgeIn, longestLine, scratchFolder, type Run } from './cli-in-process.js';
import { depth } from './helpers/depth.js';
import { decisionChain } from './long-inputs.js';
import { savedGame } from './saved-games.js';

const scratch = scratchFolder();
afterAll(() => scratch.remove());
const dipforge = (...args: string[]): Promise<Run> => dipforgeIn(scratch.dir, ...args);

const ORDERS = depth(30_000, 150_000);
const GAME = 'variant classic\n\nphase spring 1901 movement\n  austria:\n';

describe(`${ORDERS} orders in one phase`, () => {
  // Every one the same order to the same army: read, adjudicated and reported line by line, as one move.
  const order = 'A bud - gal';
  scratch.write('many.dipgame', `${GAME}${`    ${order} [succeeds]\n`.repeat(ORDERS)}`);

  it('check: no problem, and the summary only', async () => {
    expect(await dipforge('check', 'many.dipgame')).toEqual({ code: 0, out: '', err: '0 errors, 0 warnings\n' });
  });

  it('adjudicate: every order with its result, in lines of bounded length', async () => {
    const r = await dipforge('adjudicate', 'many.dipgame');
    expect(r.code, r.err).toBe(0);
    const rows = r.out.split('\n').filter((l) => l.startsWith(`    ${order} `));
    expect(rows).toHaveLength(ORDERS);
    expect(longestLine(r.out)).toBeLessThan(200);
  });

  it('test: the file passes', async () => {
    expect(await dipforge('test', 'many.dipgame')).toEqual({ code: 0, out: '1 passed, 0 failed\n', err: '' });
  });

  it('import: a saved game with them is written whole', async () => {
    scratch.write('many.json', savedGame(Array.from({ length: ORDERS }, () => order.toUpperCase())));
    const r = await dipforge('import', 'many.json', '-o', 'many-imported.dipgame');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const text = readFileSync(join(scratch.dir, 'many-imported.dipgame'), 'utf8');
    expect(text.split('\n').filter((l) => l === `    ${order}`)).toHaveLength(ORDERS);
  });
});

describe(`an order with ${ORDERS} parentheses or filler words around a place`, () => {
  it('is read as the place they surround', async () => {
    const n = ORDERS;
    scratch.write('parens.dipgame', `${GAME}    A ${'('.repeat(n)}bud${')'.repeat(n)} - gal [succeeds]\n`);
    scratch.write('fillers.dipgame', `${GAME}    A ${'in '.repeat(n)}bud - gal [succeeds]\n`);
    expect(await dipforge('test', 'parens.dipgame', 'fillers.dipgame')).toEqual({ code: 0, out: '2 passed, 0 failed\n', err: '' });
  });
});

describe('chains across declarations and files', () => {
  const RULE_SETS = depth(4_000, 20_000);
  it(`${RULE_SETS} rule sets that extend one another: resolved, and a cycle shown by its ends`, async () => {
    const n = RULE_SETS;
    const sets = (last: string): string =>
      Array.from({ length: n + 1 }, (_, i) => `ruleset r${i} extends ${i < n ? `r${i + 1}` : last} { }`).join('\n');
    scratch.write('rulesets.dipmap', `${sets('2023')}\n`);
    expect(await dipforge('check', 'rulesets.dipmap')).toEqual({ code: 0, out: '', err: '0 errors, 0 warnings\n' });
    scratch.write('ruleset-cycle.dipmap', `${sets('r0')}\n`);
    const r = await dipforge('check', 'ruleset-cycle.dipmap');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`Rule sets extend each other in a cycle: r0 → r1 → r2 → … → r${n} → r0 (${n + 1} rule sets) [DF5005]`);
    expect(longestLine(r.err)).toBeLessThan(200);
  });

  const FILES = depth(1_000, 5_000);
  it(`${FILES} files that import one another, or extend one another, in a line or in a cycle`, async () => {
    const n = FILES;
    mkdirSync(join(scratch.dir, 'imports'));
    for (let i = 0; i < n; i++) scratch.write(`imports/f${i}.dipmap`, `${i < n - 1 ? `import "f${i + 1}.dipmap"\n` : ''}province p${i} land\n`);
    expect(await dipforge('check', 'imports/f0.dipmap')).toEqual({ code: 0, out: '', err: '0 errors, 0 warnings\n' });

    mkdirSync(join(scratch.dir, 'bases'));
    const variant = (i: number, base: string): string => `variant v${i} "V" {\n  start 1901 spring movement\n  extends "${base}"\n}\nprovince p${i} land\n`;
    for (let i = 0; i < n; i++) scratch.write(`bases/v${i}.dipmap`, variant(i, `v${(i + 1) % n}.dipmap`));
    const r = await dipforge('check', 'bases/v0.dipmap');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`Extends cycle: v0.dipmap → v1.dipmap → v2.dipmap → … → v${n - 1}.dipmap → v0.dipmap (${n} files) [DF5002]`);
    expect(longestLine(r.err)).toBeLessThan(200);
  });

  const MAPS = depth(400, 2_000);
  it(`${MAPS} map files of the Python engine, each read by the one before it with USE`, async () => {
    const n = MAPS;
    mkdirSync(join(scratch.dir, 'uses'));
    for (let i = 0; i < n; i++) {
      const place = `Place ${i} = p${i}\nLAND P${i} ABUTS ${i > 0 ? `P${i - 1}` : ''}${i < n - 1 ? ` P${i + 1}` : ''}\n`;
      scratch.write(`uses/m${i}.map`, i < n - 1 ? `USE m${i + 1}\n${place}` : `${place}RED (RED:R) P${i}\nA P${i}\n`);
    }
    const r = await dipforge('import-map', 'uses/m0.map', '-o', 'uses.dipmap');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`${n} provinces`);
  });
});

describe('depths that are bounded, as errors of the input', () => {
  it(`a movement phase whose decisions chain past ${MAX_DECISION_DEPTH} is DF6011, one shorter is adjudicated`, async () => {
    for (const n of [MAX_DECISION_DEPTH - 100, MAX_DECISION_DEPTH + 100]) {
      const chain = decisionChain(n);
      scratch.write(chain.mapName, chain.map);
      scratch.write(`chain${n}.dipgame`, chain.game);
      const r = await dipforge('adjudicate', `chain${n}.dipgame`);
      if (n < MAX_DECISION_DEPTH) {
        expect(r.code, r.err).toBe(0);
        // The army at the end of the line moves into the empty province, and so, one after another, do all.
        expect(r.out.split('\n').filter((l) => / - p\d+ +succeeds$/.test(l))).toHaveLength(n);
      } else {
        expect(r.code).toBe(1);
        expect(r.err).toContain(`spring 1901 movement cannot be adjudicated: more than ${MAX_DECISION_DEPTH} orders depend on one another in a chain; dipforge follows chains of up to ${MAX_DECISION_DEPTH} [DF6011]`);
      }
    }
  });

  it(`a line of orders in another language longer than ${MAX_LOCALIZED_LENGTH} characters is DF6037`, async () => {
    const line = '伦敦舰队防守。'.repeat(Math.ceil((MAX_LOCALIZED_LENGTH + 1) / 7));
    scratch.write('long-zh.dipgame', `variant classic\nlanguage zh\n\nphase spring 1901 movement\n  england:\n    ${line}\n`);
    const r = await dipforge('check', 'long-zh.dipgame');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`the line is ${line.length} characters long; orders in zh are read up to ${MAX_LOCALIZED_LENGTH} characters a line: write them on several lines [DF6037]`);
  });
});
