/**
 * Variants made of several files: imports (diamonds, cycles, missing files,
 * paths leaving the project), extends (files and built-ins, replacement and
 * remove, cycles), duplicate variants across files, and edition presets. All
 * through an in-memory FileHost, except one test on the real `variants/` folder.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMapFile, compileMapFile } from '../src/api.js';
import { diskHost, projectFolder, type FileHost } from '../src/workspace/host.js';
import { VariantLoader } from '../src/workspace/loader.js';
import { GameWorkspace } from '../src/game/workspace.js';
import { variantsDir } from '@dipforge/variants';
import { BUILTIN, checkText, FAKE_EDITIONS, edit, ENTRY, expectExactly, locate, MemoryHost, memoryLoader, PROJECT, spans, TOY } from './helpers.js';

const A = `${PROJECT}/a.dipmap`;
const B = `${PROJECT}/b.dipmap`;

/** The toy's provinces and adjacency, moved to a file of their own. */
const PROVINCES_START = TOY.indexOf('province alp');
const POWERS_START = TOY.indexOf('power north');
const TOY_MAP_PART = TOY.slice(PROVINCES_START, POWERS_START);
const TOY_HEAD = TOY.slice(0, PROVINCES_START);
const TOY_POWERS = TOY.slice(POWERS_START);

/** The toy variant with an extends item in place of its author line. */
function toyExtending(ref: string): string {
  return edit(TOY, '  author "Tester"\n', `  extends ${ref}\n`);
}

function check(entry: string, files: Record<string, string>) {
  return checkMapFile(entry, memoryLoader(files)).diagnostics;
}

describe('imports', () => {
  it('a variant split over two files checks like one; declarations of the imported file count', () => {
    const entry = `${TOY_HEAD}import "parts/map.dipmap"\n${TOY_POWERS}`;
    const result = checkMapFile(ENTRY, memoryLoader({ [ENTRY]: entry, [`${PROJECT}/parts/map.dipmap`]: TOY_MAP_PART }));
    expect(result.diagnostics).toEqual([]);
    expect(result.variant?.provinces.map((p) => p.id)).toEqual(['alp', 'bet', 'gam', 'del', 'eps', 'wes', 'one', 'two', 'mnt']);
  });

  it('a problem in an imported file is reported in that file, at its range', () => {
    const part = edit(TOY_MAP_PART, 'army gam: del, wes', 'army gam: del, wes, nowhere');
    const partPath = `${PROJECT}/parts/map.dipmap`;
    const d = check(ENTRY, { [ENTRY]: `${TOY_HEAD}import "parts/map.dipmap"\n${TOY_POWERS}`, [partPath]: part });
    expectExactly(d, [['DF2001', locate(part, 'nowhere')]], partPath);
  });

  it('diamond imports: a file reached twice is read once and reports each problem once', () => {
    const shared = `${edit(TOY_MAP_PART, 'name fi "Alfa"', 'name finnish "Alfa"')}\nprovince zz "Z" land @\n`;
    const D = `${PROJECT}/d.dipmap`;
    const files = {
      [ENTRY]: `${TOY_HEAD}import "b.dipmap"\nimport "c.dipmap"\n${TOY_POWERS}`,
      [B]: 'import "d.dipmap"\n',
      [`${PROJECT}/c.dipmap`]: 'import "./sub/../d.dipmap"\n',
      [D]: shared,
    };
    const d = check(ENTRY, files);
    expectExactly(
      d,
      [
        ['DF1001', locate(shared, '@')],
        ['DF2008', locate(shared, 'finnish')],
        ['DF8002', locate(shared, 'province zz', 'zz')],
      ],
      D,
    );
  });

  it('DF5001: an import of a file that does not exist', () => {
    const text = edit(TOY, 'rules {', 'import "missing.dipmap"\nrules {');
    expectExactly(checkText(text).diagnostics, [['DF5001', locate(text, '"missing.dipmap"')]], ENTRY);
  });

  it('DF5002: two files that import each other', () => {
    const b = '// b\nimport "a.dipmap"\n';
    const d = check(A, { [A]: `${TOY}import "b.dipmap"\n`, [B]: b });
    expectExactly(d, [['DF5002', locate(b, '"a.dipmap"')]], B);
    expect(d[0]!.message).toContain('a.dipmap → b.dipmap → a.dipmap');
  });

  it('DF5002: a file that imports itself', () => {
    const text = edit(TOY, 'rules {', 'import "./toy.dipmap"\nrules {');
    expectExactly(checkText(text).diagnostics, [['DF5002', locate(text, '"./toy.dipmap"')]], ENTRY);
  });

  it('DF5003: an import that leaves the project folder', () => {
    const text = edit(TOY, 'rules {', 'import "../../x.dipmap"\nrules {');
    const d = checkMapFile(ENTRY, memoryLoader({ [ENTRY]: text, '/x.dipmap': 'province q "Q"' })).diagnostics;
    expectExactly(d, [['DF5003', locate(text, '"../../x.dipmap"')]], ENTRY);
  });

  it('DF5003: without a project marker the project is the file own folder', () => {
    const entry = '/loose/dir/toy.dipmap';
    const text = edit(TOY, 'rules {', 'import "../sibling.dipmap"\nrules {');
    const host = new MemoryHost({ [entry]: text, '/loose/sibling.dipmap': '', ...FAKE_EDITIONS });
    const d = checkMapFile(entry, new VariantLoader({ host, builtinDir: BUILTIN })).diagnostics;
    expectExactly(d, [['DF5003', locate(text, '"../sibling.dipmap"')]], entry);
    expect(projectFolder(entry, host)).toBe('/loose/dir');
    expect(projectFolder(ENTRY, new MemoryHost({ '/proj/.git/HEAD': '' }))).toBe('/proj');
    expect(projectFolder('/proj/a/b/c.dipmap', new MemoryHost({ '/proj/dipforge.json': '{}' }))).toBe('/proj');
  });

  it('DF3013: a second variant declaration in an imported file', () => {
    const part = `variant again "Again" { }\n${TOY_MAP_PART}`;
    const partPath = `${PROJECT}/part.dipmap`;
    const d = check(ENTRY, { [ENTRY]: `${TOY_HEAD}import "part.dipmap"\n${TOY_POWERS}`, [partPath]: part });
    expectExactly(d, [['DF3013', locate(part, 'again')]], partPath);
  });

  it('DF2010: a province declared in the entry and again in an imported file', () => {
    const part = 'province ALP "Alpha Again" coast';
    const partPath = `${PROJECT}/part.dipmap`;
    const d = check(ENTRY, { [ENTRY]: `${TOY}import "part.dipmap"\n`, [partPath]: part });
    expectExactly(d, [['DF2010', locate(part, 'ALP')]], partPath);
  });

  it('DF5001: the entry file itself cannot be read', () => {
    const d = check(`${PROJECT}/none.dipmap`, {});
    expectExactly(d, [['DF5001', [0, 0, 0, 0]]], `${PROJECT}/none.dipmap`);
  });
});

describe('extends', () => {
  const BASE = `${PROJECT}/base.dipmap`;

  it('a deriving variant replaces a province and removes a province, a power and an adjacency', () => {
    const derived = [
      'variant derived "Derived" { extends "base.dipmap" }',
      'province wes "Western Woods" land supply',
      'remove province mnt',
      'remove power south',
      'remove adjacency army gam: wes',
      '',
    ].join('\n');
    const result = checkMapFile(A, memoryLoader({ [BASE]: TOY, [A]: derived }));
    expect(result.diagnostics).toEqual([]);
    const v = result.variant!;
    expect([v.id, v.name]).toEqual(['derived', 'Derived']);
    expect(v.provinces.map((p) => p.id)).toEqual(['alp', 'bet', 'gam', 'del', 'eps', 'wes', 'one', 'two']);
    expect(v.provinces.find((p) => p.id === 'wes')).toMatchObject({ name: 'Western Woods', supplyCentre: true, file: A });
    expect(v.powers.map((p) => p.id)).toEqual(['north']);
    expect(v.edges.army).not.toContainEqual(['gam', 'wes']);
    expect(v.edges.army).not.toContainEqual(['wes', 'gam']);
    expect(v.edges.army).toContainEqual(['alp', 'wes']);
    expect(v.neutralCentres).toEqual(['gam', 'del', 'eps', 'wes']);
    expect(v.rules.options['victory-centres']).toBe(4);
  });

  it('removing a province drops the base adjacencies to it, and only those', () => {
    const derived = 'variant derived { extends "base.dipmap" }\nremove province wes\n';
    const result = checkMapFile(A, memoryLoader({ [BASE]: TOY, [A]: derived }));
    expect(result.diagnostics).toEqual([]);
    const army = result.variant!.edges.army;
    expect(army.filter(([a, b]) => a === 'wes' || b === 'wes')).toEqual([]);
    // `army alp: gam, wes` and `army gam: del, wes` also declare alp–gam and gam–del.
    expect(army).toContainEqual(['alp', 'gam']);
    expect(army).toContainEqual(['gam', 'alp']);
    expect(army).toContainEqual(['gam', 'del']);
  });

  it('a deriving variant without its own header takes the base header', () => {
    const derived = 'variant d { extends "base.dipmap" }\nrules { victory-centres 5 }\n';
    const v = checkMapFile(A, memoryLoader({ [BASE]: TOY, [A]: derived })).variant!;
    expect(v.id).toBe('d');
    expect(v.rules.options['victory-centres']).toBe(5);
  });

  it('DF2010: a deriving variant that declares one province twice (replacing the base once is fine)', () => {
    const derived = 'variant d { extends "base.dipmap" }\nprovince wes "W1" land\nprovince WES "W2" land\n';
    const d = check(A, { [BASE]: TOY, [A]: derived });
    expectExactly(d, [['DF2010', locate(derived, 'WES')]], A);
  });

  it('DF5006: a remove of a province or power the base does not declare', () => {
    const derived = 'variant d { extends "base.dipmap" }\nremove province xyz\nremove power Nobody\n';
    const d = check(A, { [BASE]: TOY, [A]: derived });
    expectExactly(d, [
      ['DF5006', locate(derived, 'xyz')],
      ['DF5006', locate(derived, 'Nobody')],
    ]);
  });

  it('DF5006: remove adjacency of an adjacency the base does not declare', () => {
    const derived = 'variant d { extends "base.dipmap" }\nremove adjacency army alp: eps\n';
    expectExactly(check(A, { [BASE]: TOY, [A]: derived }), [['DF5006', locate(derived, 'eps')]], A);
  });

  it('DF2001: the deriving variant’s own lines may not name a province it removed', () => {
    const derived = 'variant d { extends "base.dipmap" }\nremove province wes\nadjacency { army alp: wes }\n';
    expectExactly(check(A, { [BASE]: TOY, [A]: derived }), [['DF2001', locate(derived, 'wes', 'wes', 1)]], A);
  });

  it('DF2013: a rule set name that is no id', () => {
    const text = `${TOY}ruleset "my house" extends 2023 { scoring none }\n`;
    expectExactly(checkText(text).diagnostics, [['DF2013', locate(text, '"my house"')]]);
  });

  // The toy base lists `neutral centres eps`; a deriving variant that gives eps to a power must
  // drop it from that list, or the base's line reports the centre as owned (DF4008).
  const EAST = 'power east "East" { home eps }\n';

  it('DF4008 without remove neutral centres: the base lists as neutral a centre a deriving power owns', () => {
    const derived = `variant d { extends "base.dipmap" }\n${EAST}`;
    // Reported on the base's list, which the deriving file has no other way to change.
    expectExactly(check(A, { [BASE]: TOY, [A]: derived }), [['DF4008', locate(TOY, 'neutral centres eps', 'eps')]], BASE);
  });

  it('remove neutral centres P drops that centre from the base list, so a deriving power may own it', () => {
    const derived = `variant d { extends "base.dipmap" }\nremove neutral centres eps\n${EAST}`;
    const result = checkMapFile(A, memoryLoader({ [BASE]: TOY, [A]: derived }));
    expect(result.diagnostics).toEqual([]);
    expect(result.variant!.powers.map((p) => [p.id, p.centres])).toEqual([
      ['north', ['alp', 'bet']],
      ['south', ['gam']],
      ['east', ['eps']],
    ]);
    expect(result.variant!.neutralCentres).toEqual(['del']);
  });

  it('remove neutral centres without a list drops every base list; a keyword on the next line is not read as a centre', () => {
    // `power` on the line after `remove neutral centres` starts the next declaration.
    const derived = `variant d { extends "base.dipmap" }\nremove neutral centres\n${EAST}`;
    const result = checkMapFile(A, memoryLoader({ [BASE]: TOY, [A]: derived }));
    expect(result.diagnostics).toEqual([]);
    expect(result.variant!.powers.map((p) => p.id)).toEqual(['north', 'south', 'east']);
  });

  it('remove neutral centres leaves the base file itself unchanged for another variant that extends it', () => {
    const loader = memoryLoader({ [BASE]: TOY, [A]: `variant d { extends "base.dipmap" }\nremove neutral centres eps\n${EAST}`, [B]: `variant e { extends "base.dipmap" }\n${EAST}` });
    expect(checkMapFile(A, loader).diagnostics).toEqual([]);
    // The same loader (and its parsed base) still reports eps for a variant without the remove.
    expect(checkMapFile(B, loader).diagnostics.map((d) => d.code)).toEqual(['DF4008']);
  });

  it('DF4030: remove neutral centres of a centre the base does not list as neutral', () => {
    // gam is a centre of the base, but South's, not a neutral one; xyz is no province at all.
    const derived = 'variant d { extends "base.dipmap" }\nremove neutral centres eps, gam, xyz\n';
    const d = check(A, { [BASE]: TOY, [A]: derived });
    expectExactly(d, [
      ['DF4030', locate(derived, 'gam')],
      ['DF4030', locate(derived, 'xyz')],
    ], A);
    expect(d.map((x) => x.message)).toEqual([
      "The base variant does not list 'gam' as a neutral centre",
      "The base variant does not list 'xyz' as a neutral centre",
    ]);
  });

  it('DF4030: remove neutral centres when the base lists none, reported on `centres`', () => {
    const base = edit(TOY, 'neutral centres eps\n', '');
    const derived = 'variant d { extends "base.dipmap" }\nremove neutral centres\n';
    expectExactly(check(A, { [BASE]: base, [A]: derived }), [['DF4030', locate(derived, 'remove neutral centres', 'centres')]], A);
  });

  it('DF5007: remove neutral centres in a variant that extends nothing', () => {
    const text = `${TOY}remove neutral centres eps\n`;
    expectExactly(checkText(text).diagnostics, [['DF5007', locate(text, 'remove neutral centres eps')]]);
  });

  it('DF5007: remove in a variant that extends nothing', () => {
    const text = `${TOY}remove province mnt\nremove power south\nremove adjacency fleet one: two\n`;
    expectExactly(checkText(text).diagnostics, [
      ['DF5007', locate(text, 'remove province mnt')],
      ['DF5007', locate(text, 'remove power south')],
      ['DF5007', locate(text, 'remove adjacency fleet one: two')],
    ]);
  });

  it('DF5001: extends a file that does not exist', () => {
    const derived = toyExtending('"nothing.dipmap"');
    expectExactly(check(A, { [A]: derived }), [['DF5001', locate(derived, 'extends "nothing.dipmap"')]], A);
  });

  it('DF5002: two variants that extend each other', () => {
    const a = toyExtending('"b.dipmap"');
    const b = 'variant b {\n  extends "a.dipmap"\n}\n';
    const d = check(A, { [A]: a, [B]: b });
    expectExactly(d, [['DF5002', locate(b, 'extends "a.dipmap"')]], B);
    expect(d[0]!.message).toContain('a.dipmap → b.dipmap → a.dipmap');
  });

  it('DF5002: a variant that extends itself', () => {
    const a = toyExtending('"a.dipmap"');
    expectExactly(check(A, { [A]: a }), [['DF5002', locate(a, 'extends "a.dipmap"')]], A);
  });

  it('DF5003: extends a file outside the project folder', () => {
    const a = toyExtending('"../../base.dipmap"');
    expectExactly(check(A, { [A]: a, '/base.dipmap': TOY }), [['DF5003', locate(a, '"../../base.dipmap"')]], A);
  });

  it('extends a built-in variant by name (case-insensitive)', () => {
    const a = 'variant mine "Mine" { extends Classic }\nrules { victory-centres 3 }\n';
    const result = checkMapFile(A, memoryLoader({ [A]: a, [`${BUILTIN}/classic/classic.dipmap`]: TOY }));
    expect(result.diagnostics).toEqual([]);
    expect(result.variant?.id).toBe('mine');
    expect(result.variant?.powers.map((p) => p.id)).toEqual(['north', 'south']);
    expect(result.variant?.rules.options['victory-centres']).toBe(3);
  });

  it('DF5004: extends a built-in variant that does not exist', () => {
    const a = toyExtending('nonesuch');
    expectExactly(check(A, { [A]: a }), [['DF5004', locate(a, 'nonesuch')]], A);
  });

  it('DF2012: a second extends is ignored and reported', () => {
    const a = 'variant mine {\n  extends "base.dipmap"\n  extends classic\n}\n';
    const d = check(A, { [A]: a, [BASE]: TOY });
    expectExactly(d, [['DF2012', locate(a, 'extends classic')]], A);
  });

  it('problems of the base are reported in the base file', () => {
    const base = edit(TOY, 'victory-centres 4', 'victory-centres 4\n  bogus-option 1');
    const d = check(A, { [A]: 'variant d { extends "base.dipmap" }\n', [BASE]: base });
    expectExactly(d, [['DF2005', locate(base, 'bogus-option')]], BASE);
  });
});

describe('editions', () => {
  it('edition 2000 resolves through the rule set it extends', () => {
    const v = checkText(edit(TOY, 'edition 2023', 'edition 2000')).variant!;
    expect(v.rules.edition).toBe('2000');
    expect(v.rules.options['removal-order']).toBe('country-distance');
    expect(v.rules.options['victory-centres']).toBe(4);
    expect(v.rules.options['convoy-paradox']).toBe('szykman');
  });

  it('overrides in rules win over the edition', () => {
    const v = checkText(edit(TOY, 'edition 2023', 'edition 2000\n  removal-order random')).variant!;
    expect(v.rules.options['removal-order']).toBe('random');
  });

  it('a variant rule set of the same name shadows a built-in edition', () => {
    const text = edit(edit(TOY, 'rules {', 'ruleset 2000 { scoring draw-size }\nrules {'), 'edition 2023', 'edition 2000');
    const result = checkText(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.variant!.rules.options['scoring']).toBe('draw-size');
    expect(result.variant!.rules.options['removal-order']).toBe('owned-distance');
  });

  it('DF2004: an edition that the built-in folder does not have', () => {
    const text = edit(TOY, 'edition 2023', 'edition old-rules');
    expectExactly(checkText(text).diagnostics, [['DF2004', locate(text, 'old-rules')]]);
  });

  it('the edition presets shipped in variants/ check clean and resolve their chains', () => {
    // The entry is in memory; the editions are read from the real variants/ folder.
    const memory = new MemoryHost({ [`${PROJECT}/package.json`]: '{}', [ENTRY]: edit(TOY, 'edition 2023', 'edition 1982') });
    const host: FileHost = {
      read: (p) => memory.read(p) ?? diskHost.read(p),
      exists: (p) => memory.exists(p) || diskHost.exists(p),
      list: (d) => [...memory.list(d), ...diskHost.list(d)],
    };
    const loader = new VariantLoader({ host, builtinDir: variantsDir });
    const editions = loader.editionFiles().map((f) => f.file);
    for (const name of ['2023', '2000', '1982', '1971', 'old-rules', 'online-5']) expect(editions).toContain(join(variantsDir, 'editions', `${name}.dipmap`));
    for (const file of editions) expect(checkMapFile(file, loader).diagnostics, file).toEqual([]);
    const result = checkMapFile(ENTRY, loader);
    expect(result.diagnostics).toEqual([]);
    expect(result.variant!.rules.options['convoy-paradox']).toBe('1982');
    expect(result.variant!.rules.options['removal-order']).toBe('home-distance');
    expect(result.variant!.rules.options['via-convoy-fallback']).toBe(true);
  });

  it('the classic variant in variants/ compiles with the default loader', () => {
    const result = compileMapFile(join(variantsDir, 'classic', 'classic.dipmap'));
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.config?.provinces).toHaveLength(75);
    expect(result.config?.powers).toHaveLength(7);
    expect(result.config?.rules['victory-centres']).toBe(18);
    expect(spans(result.diagnostics, 'DF1002')).toEqual([]);
  });
});

describe('edition presets of a game workspace', () => {
  const files = (): Record<string, string> => ({ [`${PROJECT}/package.json`]: '{}', ...FAKE_EDITIONS });
  const names = (ws: GameWorkspace): string[] => ws.editionSources().map((s) => s.file);
  const added = `${BUILTIN}/editions/1999.dipmap`;

  it('are gathered again when a preset is added, while files may change', () => {
    const host = new MemoryHost(files());
    const ws = new GameWorkspace(new VariantLoader({ host, builtinDir: BUILTIN }));
    const before = names(ws);
    host.files.set(added, 'ruleset 1999 "Test 1999" { }\n');
    expect(names(ws)).toEqual([added, ...before]);
  });

  it('are gathered once in a workspace whose files stand still (one pass, as `dipforge test`)', () => {
    const host = new MemoryHost(files());
    const ws = new GameWorkspace(new VariantLoader({ host, builtinDir: BUILTIN }), true);
    const first = ws.editionSources();
    host.files.set(added, 'ruleset 1999 "Test 1999" { }\n');
    expect(ws.editionSources()).toBe(first);
    expect(names(ws)).toEqual([`${BUILTIN}/editions/2000.dipmap`, `${BUILTIN}/editions/2023.dipmap`]);
  });
});
