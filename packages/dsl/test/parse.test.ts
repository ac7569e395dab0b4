/**
 * The `.dipmap` grammar: every declaration kind builds the expected AST, names
 * and strings are read as the language says, and broken text yields syntax
 * diagnostics (DF1001–DF1004) with exact ranges while the parser recovers.
 */
import { describe, expect, it } from 'vitest';
import type * as A from '../src/map/ast.js';
import { parseMap, type ParsedMap } from '../src/map/parse.js';
import { codes, expectExactly, locate, span, spans, TOY } from './helpers.js';

const FILE = '/proj/test.dipmap';

function parse(text: string): ParsedMap {
  return parseMap(text, FILE);
}

/** Parses text that must be free of syntax errors. */
function clean(text: string): A.TopDecl[] {
  const p = parse(text);
  expect(p.diagnostics).toEqual([]);
  return p.ast.decls;
}

function only<K extends A.TopDecl['kind']>(text: string, kind: K): Extract<A.TopDecl, { kind: K }> {
  const decls = clean(text);
  expect(decls).toHaveLength(1);
  expect(decls[0]?.kind).toBe(kind);
  return decls[0] as Extract<A.TopDecl, { kind: K }>;
}

describe('declarations', () => {
  it('reads the toy variant with no diagnostic, in source order', () => {
    const decls = clean(TOY);
    expect(decls.map((d) => d.kind)).toEqual([
      'Variant',
      'Rules',
      ...Array(9).fill('Province'),
      'Adjacency',
      'Power',
      'Power',
      'Neutral',
    ]);
  });

  it('variant: id lower-cased, title unescaped, extends by name and by path, text items, start', () => {
    const text = 'variant MyToy "My \\"Toy\\"" {\n  extends Classic\n  author "A\\\\B"\n  version "1.0"\n  description "D"\n  start 1902 Fall retreat\n}';
    const v = only(text, 'Variant');
    expect(v.id).toMatchObject({ text: 'MyToy', value: 'mytoy' });
    expect(span(v.id!.range)).toEqual([0, 8, 0, 13]);
    expect(v.title?.value).toBe('My "Toy"');
    expect(span(v.title!.range)).toEqual([0, 14, 0, 26]);
    expect(v.extends).toHaveLength(1);
    const ext = v.extends[0]!;
    expect(ext.kind).toBe('builtin');
    if (ext.kind === 'builtin') expect(ext.name).toMatchObject({ text: 'Classic', value: 'classic' });
    expect(span(ext.range)).toEqual([1, 2, 1, 17]);
    expect(v.author.map((s) => s.value)).toEqual(['A\\B']);
    expect(v.version.map((s) => s.value)).toEqual(['1.0']);
    expect(v.description.map((s) => s.value)).toEqual(['D']);
    expect(v.start).toHaveLength(1);
    expect(v.start[0]!.year).toMatchObject({ value: 1902, text: '1902' });
    expect(v.start[0]!.season).toMatchObject({ text: 'Fall', value: 'fall' });
    expect(v.start[0]!.phase).toMatchObject({ value: 'retreat' });
    expect(span(v.range)).toEqual([0, 0, 6, 1]);
  });

  it('variant: extends a file path (kept as written)', () => {
    const v = only('variant d { extends "../base/Base.dipmap" }', 'Variant');
    expect(v.extends[0]).toMatchObject({ kind: 'file', path: { value: '../base/Base.dipmap' } });
    expect(span(v.extends[0]!.range)).toEqual([0, 12, 0, 41]);
  });

  it('province: terrain and flags, coasts with names, localized names, aliases, coordinates', () => {
    const text = [
      'province Spa "Spain" coast supply {',
      '  coast NC "North Coast" { name zh "北岸" }',
      '  coast sc "South Coast"',
      '  name zh "西班牙", "日斯巴尼亚"',
      '  name fi "Espanja"',
      '  alias Spain, esp',
      '  at -130, 52.5',
      '}',
    ].join('\n');
    const p = only(text, 'Province');
    expect(p.id).toMatchObject({ text: 'Spa', value: 'spa' });
    expect(p.title?.value).toBe('Spain');
    expect(p.flags.map((f) => f.flag)).toEqual(['coast', 'supply']);
    expect(p.flags.map((f) => span(f.range))).toEqual([
      [0, 21, 0, 26],
      [0, 27, 0, 33],
    ]);
    expect(p.coasts.map((c) => [c.id?.text, c.id?.value, c.title?.value])).toEqual([
      ['NC', 'nc', 'North Coast'],
      ['sc', 'sc', 'South Coast'],
    ]);
    expect(p.coasts[0]!.names).toHaveLength(1);
    expect(p.coasts[0]!.names[0]!.values.map((s) => s.value)).toEqual(['北岸']);
    expect(span(p.coasts[0]!.range)).toEqual([1, 2, 1, 41]);
    expect(p.names.map((n) => [n.lang?.value, n.values.map((s) => s.value)])).toEqual([
      ['zh', ['西班牙', '日斯巴尼亚']],
      ['fi', ['Espanja']],
    ]);
    expect(p.aliases.map((a) => [a.text, a.value])).toEqual([
      ['Spain', 'spain'],
      ['esp', 'esp'],
    ]);
    expect(p.at).toHaveLength(1);
    expect(p.at[0]!.x).toMatchObject({ value: -130, text: '-130' });
    expect(span(p.at[0]!.x!.range)).toEqual([6, 5, 6, 9]);
    expect(p.at[0]!.y).toMatchObject({ value: 52.5, text: '52.5' });
  });

  it('province: a bare declaration has no flags and no body', () => {
    const p = only('province swi "Switzerland" impassable', 'Province');
    expect(p.flags.map((f) => f.flag)).toEqual(['impassable']);
    expect(p.coasts).toEqual([]);
    expect(p.names).toEqual([]);
    expect(span(p.range)).toEqual([0, 0, 0, 37]);
  });

  it('adjacency: kinds, ":" both ways, "->" (also "=>", "→") one way, coasts, several targets', () => {
    const text = ['adjacency {', '  army  Spa: por, GAS', '  fleet spa/NC: mao', '  both  den: kie', '  fleet cns -> woo', '  fleet a => b, c/ec', '  army x → y', '}'].join('\n');
    const adj = only(text, 'Adjacency');
    const view = adj.lines.map((l) => [
      l.unit?.value,
      l.from?.province.value,
      l.from?.coast?.value,
      l.oneWay,
      l.to.map((t) => (t.coast ? `${t.province.value}/${t.coast.value}` : t.province.value)),
    ]);
    expect(view).toEqual([
      ['army', 'spa', undefined, false, ['por', 'gas']],
      ['fleet', 'spa', 'nc', false, ['mao']],
      ['both', 'den', undefined, false, ['kie']],
      ['fleet', 'cns', undefined, true, ['woo']],
      ['fleet', 'a', undefined, true, ['b', 'c/ec']],
      ['army', 'x', undefined, true, ['y']],
    ]);
    const line1 = adj.lines[1]!;
    expect(span(line1.from!.range)).toEqual([2, 8, 2, 14]);
    expect(span(line1.from!.coast!.range)).toEqual([2, 12, 2, 14]);
    expect(line1.from!.coast!.text).toBe('NC');
    expect(span(line1.range)).toEqual([2, 2, 2, 19]);
  });

  it('power: adjective, colour (#rgb, #rrggbb, color), names, aliases, home, units, owns', () => {
    const text = [
      'power France "France" {',
      '  adjective "French"',
      '  colour #2E6FD8',
      '  color #abc',
      '  name zh "法国"',
      '  alias Fra, fr',
      '  home bre, Mar, par',
      '  units F bre, A mar, army par, fleet spa/SC',
      '  owns bre, mar',
      '}',
    ].join('\n');
    const p = only(text, 'Power');
    expect(p.id).toMatchObject({ text: 'France', value: 'france' });
    expect(p.adjective.map((s) => s.value)).toEqual(['French']);
    expect(p.colour.map((c) => c.value)).toEqual(['#2e6fd8', '#abc']);
    expect(span(p.colour[0]!.range)).toEqual([2, 9, 2, 16]);
    expect(p.names[0]!.lang?.value).toBe('zh');
    expect(p.aliases.map((a) => a.value)).toEqual(['fra', 'fr']);
    expect(p.home.map((h) => h.value)).toEqual(['bre', 'mar', 'par']);
    expect(p.units.map((u) => [u.unit?.text, u.at?.province.value, u.at?.coast?.value])).toEqual([
      ['F', 'bre', undefined],
      ['A', 'mar', undefined],
      ['army', 'par', undefined],
      ['fleet', 'spa', 'sc'],
    ]);
    expect(span(p.units[3]!.range)).toEqual([7, 32, 7, 44]);
    expect(p.hasOwns).toBe(true);
    expect(p.owns.map((o) => o.value)).toEqual(['bre', 'mar']);
  });

  it('power: country lists the home country, several items add up, ranges per name; none gives an empty list', () => {
    const p = only('power england {\n  home edi, lon, lvp\n  country Cly, wal\n  country yor\n}', 'Power');
    expect(p.country.map((c) => [c.text, c.value])).toEqual([
      ['Cly', 'cly'],
      ['wal', 'wal'],
      ['yor', 'yor'],
    ]);
    expect(span(p.country[0]!.range)).toEqual([2, 10, 2, 13]);
    expect(p.home.map((h) => h.value)).toEqual(['edi', 'lon', 'lvp']);
    expect(only('power p { home a }', 'Power').country).toEqual([]);
  });

  it('power: country is a contextual keyword: a province called country, listed in a country', () => {
    const decls = clean('province country "Country" land\npower country { country country, home }');
    const [a, b] = decls as [A.ProvinceDecl, A.PowerDecl];
    expect(a.id?.value).toBe('country');
    expect([b.id?.value, b.country.map((c) => c.value)]).toEqual(['country', ['country', 'home']]);
  });

  it('DF1002: a country item with no province is a syntax error; the power keeps its other items', () => {
    const text = 'power p {\n  home a\n  country\n}';
    const p = parse(text);
    expect(codes(p.diagnostics)).toEqual(['DF1002']);
    const power = p.ast.decls[0] as A.PowerDecl;
    expect(power.home.map((h) => h.value)).toEqual(['a']);
    expect(power.country).toEqual([]);
  });

  it('power: "owns" with no list means owning nothing; no owns item means the default', () => {
    expect(only('power p { owns }', 'Power')).toMatchObject({ hasOwns: true, owns: [] });
    expect(only('power p { home a }', 'Power')).toMatchObject({ hasOwns: false, owns: [] });
  });

  it('neutral centres (also spelled centers)', () => {
    const n = only('neutral centres Bel, hol', 'Neutral');
    expect(n.centres.map((c) => [c.text, c.value])).toEqual([
      ['Bel', 'bel'],
      ['hol', 'hol'],
    ]);
    expect(span(n.range)).toEqual([0, 0, 0, 24]);
    expect(only('neutral centers x', 'Neutral').centres.map((c) => c.value)).toEqual(['x']);
  });

  it('rules: names lower-cased, numbers (negative, decimal), strings, booleans as names, lists', () => {
    const text = 'rules {\n  edition Old-Rules\n  victory-centres -3; solo-bonus 12.5\n  custom-phases "A b", true, FALSE, Name\n}';
    const r = only(text, 'Rules');
    expect(r.options.map((o) => o.key.value)).toEqual(['edition', 'victory-centres', 'solo-bonus', 'custom-phases']);
    expect(r.options[0]!.values).toEqual([{ kind: 'name', value: 'old-rules', text: 'Old-Rules', range: expect.anything() }]);
    expect(r.options[1]!.values[0]).toMatchObject({ kind: 'number', value: -3, text: '-3' });
    expect(span(r.options[1]!.values[0]!.range)).toEqual([2, 18, 2, 20]);
    expect(r.options[2]!.values[0]).toMatchObject({ kind: 'number', value: 12.5 });
    expect(r.options[3]!.values.map((v) => [v.kind, v.value])).toEqual([
      ['string', 'A b'],
      ['name', 'true'],
      ['name', 'false'],
      ['name', 'name'],
    ]);
    expect(span(r.options[3]!.range)).toEqual([3, 2, 3, 40]);
  });

  it('ruleset: names and bases as numbers, identifiers or strings, optional title', () => {
    const decls = clean('ruleset 2023 { }\nruleset Old-Rules "Old" extends 2023 { retreats phase }\nruleset "house rules" extends old-rules {}');
    const sets = decls as A.RulesetDecl[];
    expect(sets.map((s) => [s.kind, s.name?.value, s.title?.value, s.extends?.value])).toEqual([
      ['Ruleset', '2023', undefined, undefined],
      ['Ruleset', 'old-rules', 'Old', '2023'],
      ['Ruleset', 'house rules', undefined, 'old-rules'],
    ]);
    expect(span(sets[1]!.name!.range)).toEqual([1, 8, 1, 17]);
    expect(span(sets[1]!.extends!.range)).toEqual([1, 32, 1, 36]);
    expect(sets[1]!.options.map((o) => [o.key.value, o.values[0]?.value])).toEqual([['retreats', 'phase']]);
  });

  it('remove province, power and adjacency', () => {
    const decls = clean('remove province Abc\nremove power Fr\nremove adjacency fleet spa/nc -> por, mao') as A.RemoveDecl[];
    expect(decls.map((d) => d.what)).toEqual(['province', 'power', 'adjacency']);
    const [prov, pow, adj] = decls;
    if (prov?.what !== 'province' || pow?.what !== 'power' || adj?.what !== 'adjacency') throw new Error('kinds');
    expect(prov.id).toMatchObject({ text: 'Abc', value: 'abc' });
    expect(span(prov.range)).toEqual([0, 0, 0, 19]);
    expect(pow.id?.value).toBe('fr');
    expect(adj.line?.unit?.value).toBe('fleet');
    expect(adj.line?.oneWay).toBe(true);
    expect(adj.line?.from).toMatchObject({ province: { value: 'spa' }, coast: { value: 'nc' } });
    expect(adj.line?.to.map((t) => t.province.value)).toEqual(['por', 'mao']);
  });

  it('import: the path string, unescaped', () => {
    const i = only('import "sub dir/Part \\"2\\".dipmap"', 'Import');
    expect(i.path?.value).toBe('sub dir/Part "2".dipmap');
    expect(span(i.path!.range)).toEqual([0, 7, 0, 34]);
  });
});

describe('names, comments and separators', () => {
  it('keywords are names: a province called sea, home or province, a power called rules', () => {
    const decls = clean('province sea "Sea" sea\nprovince home "Home" land supply\nprovince province "P" coast\npower rules { home home }');
    const [a, b, c, d] = decls as [A.ProvinceDecl, A.ProvinceDecl, A.ProvinceDecl, A.PowerDecl];
    expect([a.id?.value, a.flags.map((f) => f.flag)]).toEqual(['sea', ['sea']]);
    expect([b.id?.value, b.flags.map((f) => f.flag)]).toEqual(['home', ['land', 'supply']]);
    expect([c.id?.value, c.flags.map((f) => f.flag)]).toEqual(['province', ['coast']]);
    expect([d.id?.value, d.home.map((h) => h.value)]).toEqual(['rules', ['home']]);
  });

  it('adjacency lines may use keyword names as provinces', () => {
    const adj = only('adjacency { fleet sea: coast, home\n army land: supply }', 'Adjacency');
    expect(adj.lines.map((l) => [l.from?.province.value, l.to.map((t) => t.province.value)])).toEqual([
      ['sea', ['coast', 'home']],
      ['land', ['supply']],
    ]);
  });

  it('Unicode names: ids in Chinese and Finnish, ranges counted in UTF-16 units', () => {
    const decls = clean('province 华沙 "华沙" land { name zh-Hant "華沙" }\nprovince Pariisi "Pariisi"\nadjacency { army 华沙: pariisi }');
    const [w, p, adj] = decls as [A.ProvinceDecl, A.ProvinceDecl, A.AdjacencyDecl];
    expect(w.id).toMatchObject({ text: '华沙', value: '华沙' });
    expect(span(w.id!.range)).toEqual([0, 9, 0, 11]);
    expect(w.names[0]!.lang).toMatchObject({ text: 'zh-Hant', value: 'zh-hant' });
    expect(p.id).toMatchObject({ text: 'Pariisi', value: 'pariisi' });
    expect(adj.lines[0]!.from?.province.value).toBe('华沙');
    expect(span(adj.lines[0]!.to[0]!.range)).toEqual([2, 21, 2, 28]);
  });

  it('comments (line and block, even across lines) and semicolons are skipped; comments are kept aside', () => {
    const text = '// head\nprovince /* inline */ a "A" land; // tail\n/* two\n lines */ province b "B" { ; alias c; ; }\n;';
    const p = parse(text);
    expect(p.diagnostics).toEqual([]);
    expect(p.ast.decls.map((d) => (d as A.ProvinceDecl).id?.value)).toEqual(['a', 'b']);
    expect((p.ast.decls[1] as A.ProvinceDecl).aliases.map((a) => a.value)).toEqual(['c']);
    expect(span((p.ast.decls[1] as A.ProvinceDecl).range)).toEqual([3, 10, 3, 41]);
    expect(p.comments.map((c) => c.image)).toEqual(['// head', '/* inline */', '// tail', '/* two\n lines */']);
  });

  it('a hyphenated name is one name; a number followed by letters is a name', () => {
    const r = only('rules { convoy-paradox old-rules; x 12abc }', 'Rules');
    expect(r.options.map((o) => [o.key.value, o.values.map((v) => [v.kind, v.value])])).toEqual([
      ['convoy-paradox', [['name', 'old-rules']]],
      ['x', [['name', '12abc']]],
    ]);
  });
});

describe('syntax diagnostics', () => {
  it('DF1005: a file of noise gets a bounded list, ending with how many more there were', () => {
    const text = ',\n'.repeat(2000);
    const { diagnostics } = parseMap(text, 'noise.dipmap');
    expect(diagnostics).toHaveLength(501);
    const last = diagnostics[500]!;
    expect(last.code).toBe('DF1005');
    expect(last.message).toMatch(/^\d+ more syntax errors/);
    expect(last.range.start.line).toBe(499);
    expect(last.range.end.offset).toBe(text.length);
  });

  it('DF1001: an unexpected character, with the run of such characters as the range; the declaration survives', () => {
    const p = parse('province a "A" supply @@ land\nprovince b "B"');
    expectExactly(p.diagnostics, [['DF1001', [0, 22, 0, 24]]], FILE);
    expect(p.diagnostics[0]!.severity).toBe('error');
    const a = p.ast.decls[0] as A.ProvinceDecl;
    expect(a.flags.map((f) => f.flag)).toEqual(['supply', 'land']);
    expect(p.ast.decls).toHaveLength(2);
  });

  it('DF1001 on a line of its own, with other characters ($, !)', () => {
    const p = parse('province a "A"\n  $\nprovince b "B" ! ');
    expectExactly(p.diagnostics, [
      ['DF1001', [1, 2, 1, 3]],
      ['DF1001', [2, 15, 2, 16]],
    ]);
    expect(p.ast.decls).toHaveLength(2);
  });

  it('DF1003: a string not closed before the end of the line; the next line still parses', () => {
    const p = parse('province a "Alpha\nprovince b "Beta"');
    expectExactly(p.diagnostics, [['DF1003', [0, 11, 0, 17]]]);
    expect(p.ast.decls.map((d) => (d as A.ProvinceDecl).id?.value)).toEqual(['a', 'b']);
    expect((p.ast.decls[0] as A.ProvinceDecl).title?.value).toBe('Alpha');
  });

  it('DF1003 at the very end of the file', () => {
    const p = parse('import "x.dipmap');
    expectExactly(p.diagnostics, [['DF1003', [0, 7, 0, 16]]]);
  });

  it('DF1004: a block comment that is never closed, reported at its opening', () => {
    const text = 'province a "A"\n  /* open\nprovince b "B"\n';
    const p = parse(text);
    expectExactly(p.diagnostics, [['DF1004', [1, 2, 1, 4]]]);
    expect(p.ast.decls.map((d) => (d as A.ProvinceDecl).id?.value)).toEqual(['a']);
  });

  it('DF1002: junk inside a province body costs one diagnostic; the province and what follows survive', () => {
    const text = 'province a "A" land {\n  name fi "Aa"\n  bogus thing here\n  alias q\n}\npower p { home a }';
    const p = parse(text);
    expectExactly(p.diagnostics, [['DF1002', [2, 2, 2, 18]]]);
    const a = p.ast.decls[0] as A.ProvinceDecl;
    expect(a.names[0]!.values[0]!.value).toBe('Aa');
    expect(a.aliases.map((x) => x.value)).toEqual(['q']);
    expect(span(a.range)).toEqual([0, 0, 4, 1]);
    expect((p.ast.decls[1] as A.PowerDecl).home.map((h) => h.value)).toEqual(['a']);
  });

  it('DF1002: a broken item (at with one number) in the middle of a body keeps the items around it', () => {
    const text = 'province a "A" {\n  alias b\n  at 1 }\nprovince c "C"';
    const p = parse(text);
    expect(codes(p.diagnostics)).toEqual(['DF1002']);
    expect(spans(p.diagnostics, 'DF1002')).toEqual([[2, 7, 2, 8]]);
    expect(p.ast.decls.map((d) => (d as A.ProvinceDecl).id?.value)).toEqual(['a', 'c']);
    expect((p.ast.decls[0] as A.ProvinceDecl).aliases.map((x) => x.value)).toEqual(['b']);
  });

  it('DF1002: junk inside a coast body', () => {
    const p = parse('province a "A" coast {\n  coast nc "N" { name fi "x" bogus }\n  coast sc "S"\n}\n');
    expectExactly(p.diagnostics, [['DF1002', [1, 29, 1, 34]]]);
    expect((p.ast.decls[0] as A.ProvinceDecl).coasts.map((c) => c.id?.value)).toEqual(['nc', 'sc']);
  });

  it('DF1002: an unclosed block ends at the next top-level keyword', () => {
    const text = 'province a "A" {\n  name fi "x"\npower p { home a }\nneutral centres a';
    const p = parse(text);
    expectExactly(p.diagnostics, [['DF1002', locate(text, 'power')]]);
    expect(p.ast.decls.map((d) => d.kind)).toEqual(['Province', 'Power', 'Neutral']);
    expect((p.ast.decls[0] as A.ProvinceDecl).names).toHaveLength(1);
    expect((p.ast.decls[1] as A.PowerDecl).home.map((h) => h.value)).toEqual(['a']);
  });

  it('DF1002: stray words at the top level, one diagnostic per run', () => {
    const text = 'hello world\nprovince a "A"\nfoo';
    const p = parse(text);
    expectExactly(p.diagnostics, [
      ['DF1002', [0, 0, 0, 11]],
      ['DF1002', [2, 0, 2, 3]],
    ]);
    expect(p.ast.decls).toHaveLength(1);
  });

  it('DF1002: a missing token in the middle of a line points at the token found instead', () => {
    const text = 'adjacency {\n  army a: \n}\nprovince z "Z"';
    const p = parse(text);
    expect(spans(p.diagnostics, 'DF1002')[0]).toEqual([2, 0, 2, 1]);
    expect(p.ast.decls.map((d) => d.kind)).toEqual(['Adjacency', 'Province']);
  });

  it('syntax errors at the end of the file point at the end of the last token, never NaN', () => {
    const cases: [string, [number, number]][] = [
      ['power p {', [0, 9]],
      ['power p {   // trailing comment\n\n  ', [0, 9]],
      ['province a "A" {\n  at 1', [1, 6]],
      ['variant v', [0, 9]],
      ['province x "X" {\n  /* never closed', [0, 16]],
      ['rules { victory-centres 3', [0, 25]],
      ['rules { victory-centres', [0, 23]],
    ];
    for (const [text, [line, column]] of cases) {
      const p = parse(text);
      const atEnd = p.diagnostics.filter((d) => d.code === 'DF1002' && /end of the file/.test(d.message));
      expect(atEnd.map((d) => span(d.range)), text).toEqual([[line, column, line, column]]);
      for (const d of p.diagnostics) {
        for (const v of [d.range.start.line, d.range.start.column, d.range.end.line, d.range.end.column]) expect(Number.isFinite(v)).toBe(true);
      }
    }
  });

  it('an empty file and a file of only comments parse to nothing, with no diagnostic', () => {
    expect(clean('')).toEqual([]);
    expect(clean('// nothing\n/* at all */\n')).toEqual([]);
  });

  it('never throws, and every range is finite and ordered, for every prefix of the toy variant', () => {
    for (let n = 0; n <= TOY.length; n++) {
      const p = parse(TOY.slice(0, n));
      for (const d of p.diagnostics) {
        const { start, end } = d.range;
        for (const v of [start.line, start.column, start.offset, end.line, end.column, end.offset]) expect(Number.isFinite(v)).toBe(true);
        expect(end.offset).toBeGreaterThanOrEqual(start.offset);
        expect(end.offset).toBeLessThanOrEqual(n);
      }
    }
  });
});
