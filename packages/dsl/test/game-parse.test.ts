/**
 * The `.dipgame` parser: every statement builds the expected syntax tree with
 * exact ranges, and every kind of bad line gives its diagnostic code and range
 * while the rest of the file is still read.
 */
import { describe, expect, it } from 'vitest';
import type * as G from '../src/game/ast.js';
import { parseGame, type ParsedGame } from '../src/game/parse.js';
import { codes, expectExactly, locate, span } from './helpers.js';

const FILE = '/proj/game.dipgame';

function parse(text: string): ParsedGame {
  return parseGame(text, FILE);
}

/** Parses text that must be free of diagnostics. */
function clean(text: string): G.GameFile {
  const p = parse(text);
  expect(p.diagnostics).toEqual([]);
  return p.ast;
}

const GAME = `// DATC 6.A.5: move to own sector with convoy
variant classic
edition 2000
rule convoy-paradox 1982        // overrides, one per line
seed 42
player england "Alice"

position spring 1901 movement
  england: F nth, A yor, A lvp
  germany: F lon, A wal
  owners england: edi, lvp

phase spring 1901 movement
  england:
    F nth C A yor - yor   [illegal]
    A yor - yor           [illegal]
    A lvp S A yor - yor   [illegal]
  germany:
    F lon - yor           [succeeds]
    A wal S F lon - yor   [succeeds]

expect
  units england: F nth, A lvp
  units germany: A wal, F yor
  dislodged england: A yor
`;

describe('a whole game', () => {
  it('reads the example of docs/GAME-LANGUAGE.md with no diagnostic', () => {
    const ast = clean(GAME);
    expect(ast.header.map((h) => h.kind)).toEqual(['Variant', 'Edition', 'Rule', 'Seed', 'Player']);
    expect(ast.position?.units).toHaveLength(2);
    expect(ast.phases).toHaveLength(1);
    expect(ast.phases[0]?.orders).toHaveLength(5);
    expect(ast.phases[0]?.expect).toHaveLength(1);
  });

  it('ranges cover the whole file and each section from its keyword to its last line', () => {
    const ast = clean(GAME);
    expect(span(ast.range)).toEqual([0, 0, 25, 0]);
    expect(span(ast.position!.range)).toEqual([...locate(GAME, 'position').slice(0, 2), ...locate(GAME, 'edi, lvp').slice(2)]);
    const phase = ast.phases[0]!;
    expect(span(phase.keyword.range)).toEqual(locate(GAME, 'phase spring', 'phase'));
    expect(span(phase.range).slice(2)).toEqual(locate(GAME, 'dislodged england: A yor').slice(2));
    expect(span(phase.expect[0]!.range)).toEqual([
      ...locate(GAME, 'expect').slice(0, 2),
      ...locate(GAME, 'dislodged england: A yor').slice(2),
    ]);
  });
});

describe('header', () => {
  it('variant: a built-in name, or a path in quotes', () => {
    const byName = clean('variant Classic\n').header[0] as G.VariantStmt;
    expect(byName.name).toMatchObject({ text: 'Classic', value: 'classic' });
    expect(span(byName.name!.range)).toEqual([0, 8, 0, 15]);
    expect(span(byName.range)).toEqual([0, 0, 0, 15]);
    const byPath = clean('variant "maps/my \\"map\\".dipmap"\n').header[0] as G.VariantStmt;
    expect(byPath.path?.value).toBe('maps/my "map".dipmap');
    expect(span(byPath.path!.range)).toEqual([0, 8, 0, 32]);
  });

  it('edition: a name or a number', () => {
    const text = 'edition old-rules\nedition 2000';
    const [a, b] = clean(text).header as G.EditionStmt[];
    expect(a?.name).toMatchObject({ text: 'old-rules', value: 'old-rules' });
    expect(b?.name.value).toBe('2000');
    expect(span(b!.name.range)).toEqual([1, 8, 1, 12]);
  });

  it('rule: an option and one value or a comma list of names, numbers and strings', () => {
    const text = 'rule Convoy-Paradox 1982\nrule custom-phases spring-movement, Fall-Movement\nrule victory-centres "x"';
    const [a, b, c] = clean(text).header as G.RuleStmt[];
    expect(a?.key).toMatchObject({ text: 'Convoy-Paradox', value: 'convoy-paradox' });
    expect(a?.values).toEqual([{ kind: 'number', value: 1982, text: '1982', range: expect.anything() }]);
    expect(b?.values.map((v) => [v.kind, v.value, v.text])).toEqual([
      ['name', 'spring-movement', 'spring-movement'],
      ['name', 'fall-movement', 'Fall-Movement'],
    ]);
    expect(span(b!.values[1]!.range)).toEqual(locate(text, 'Fall-Movement'));
    expect(c?.values[0]).toMatchObject({ kind: 'string', value: 'x' });
  });

  it('seed and player', () => {
    const [seed, player, two] = clean('seed 42\nplayer england "Alice"\nplayer Great Britain "Bob"').header as [G.SeedStmt, G.PlayerStmt, G.PlayerStmt];
    expect(seed.value).toMatchObject({ value: 42, text: '42' });
    expect(player.power.value).toBe('england');
    expect(player.name.value).toBe('Alice');
    expect(span(player.name.range)).toEqual([1, 15, 1, 22]);
    expect(two.power).toMatchObject({ text: 'Great Britain', value: 'great britain' });
  });

  it('keywords are case-insensitive and comments run to the end of the line', () => {
    const ast = clean('VARIANT classic // the default\nEdition 2000\n// a whole comment line\n\n   \n');
    expect(ast.header.map((h) => h.kind)).toEqual(['Variant', 'Edition']);
    expect(span(ast.header[0]!.range)).toEqual([0, 0, 0, 15]);
  });

  it('a // inside a string is no comment', () => {
    const v = clean('variant "a//b.dipmap"').header[0] as G.VariantStmt;
    expect(v.path?.value).toBe('a//b.dipmap');
  });
});

describe('position', () => {
  const text = `position spring 1901 retreat
  england: F nth, A yor
  Russia: F stp/sc, F spa nc, army mos, fleet St Petersburg (north coast)
  dislodged austria: F tri from tyr, A ser from gre via convoy, A bud
  owners england: edi, lvp
  owners russia: St Petersburg
  standoffs boh, gal
`;

  it('reads the phase, units by power, dislodged units with where the attack came from, owners and standoffs', () => {
    const p = clean(text).position!;
    expect(p.phase?.season.value).toBe('spring');
    expect(p.phase?.year.value).toBe(1901);
    expect(p.phase?.kind.phase).toBe('retreat');
    expect(p.units.map((u) => [u.power?.value, u.units.map((x) => [x.unitKind, x.location.text])])).toEqual([
      ['england', [['fleet', 'nth'], ['army', 'yor']]],
      ['russia', [['fleet', 'stp/sc'], ['fleet', 'spa nc'], ['army', 'mos'], ['fleet', 'St Petersburg (north coast)']]],
    ]);
    const d = p.dislodged[0]!;
    expect(d.power?.value).toBe('austria');
    expect(d.units.map((u) => [u.location.text, u.from?.text, Boolean(u.viaConvoy)])).toEqual([
      ['tri', 'tyr', false],
      ['ser', 'gre', true],
      ['bud', undefined, false],
    ]);
    expect(span(d.units[1]!.range)).toEqual(locate(text, 'A ser from gre via convoy'));
    expect(span(d.units[1]!.from!.range)).toEqual(locate(text, 'from gre via', 'gre'));
    expect(span(d.units[1]!.viaConvoy!.range)).toEqual(locate(text, 'via convoy'));
    expect(p.owners.map((o) => [o.power.value, o.provinces.map((x) => x.text)])).toEqual([
      ['england', ['edi', 'lvp']],
      ['russia', ['St Petersburg']],
    ]);
    expect(span(p.owners[1]!.provinces[0]!.range)).toEqual(locate(text, 'St Petersburg', 'St Petersburg', 1));
    expect(p.standoffs[0]!.provinces.map((x) => x.text)).toEqual(['boh', 'gal']);
  });

  it('unit ranges: the kind word and the location', () => {
    const p = clean(text).position!;
    const fleet = p.units[1]!.units[3]!;
    expect(span(fleet.kindWord.range)).toEqual(locate(text, 'fleet St', 'fleet'));
    expect(span(fleet.location.range)).toEqual(locate(text, 'St Petersburg (north coast)'));
  });

  it('the year may come first', () => {
    const p = clean('position 1902 fall movement\n').position!;
    expect([p.phase?.season.value, p.phase?.year.value, p.phase?.kind.phase]).toEqual(['fall', 1902, 'movement']);
  });
});

describe('phases and orders', () => {
  it('orders in power blocks and inline, with their text and expected results', () => {
    const text = `phase spring 1901 movement
  england:
    F nth C A yor - yor   [illegal]
    A lvp-edi
  France: A par - bur [Succeeds]   // inline
  germany:
phase fall 1901 retreat
  turkey: A smy R arm
`;
    const ast = clean(text);
    expect(ast.phases).toHaveLength(2);
    const [spring, fall] = ast.phases as [G.PhaseSection, G.PhaseSection];
    expect(spring.powers.map((p) => p.value)).toEqual(['england', 'france', 'germany']);
    expect(spring.orders.map((o) => [o.power.value, o.text.text, o.expected?.value])).toEqual([
      ['england', 'F nth C A yor - yor', 'illegal'],
      ['england', 'A lvp-edi', undefined],
      ['france', 'A par - bur', 'succeeds'],
    ]);
    expect(span(spring.orders[0]!.text.range)).toEqual(locate(text, 'F nth C A yor - yor'));
    expect(span(spring.orders[0]!.expected!.range)).toEqual(locate(text, '[illegal]'));
    expect(span(spring.orders[2]!.range)).toEqual(locate(text, 'A par - bur [Succeeds]'));
    expect(span(spring.orders[2]!.power.range)).toEqual(locate(text, 'France'));
    expect(fall.phase?.kind.phase).toBe('retreat');
    expect(fall.orders[0]?.text.text).toBe('A smy R arm');
  });

  it('adjustment orders and a power of two words', () => {
    const ast = clean('phase winter 1901 adjustment\n  Great Britain:\n    Build F lon\n    Waive\n');
    expect(ast.phases[0]!.orders.map((o) => [o.power.value, o.text.text])).toEqual([
      ['great britain', 'Build F lon'],
      ['great britain', 'Waive'],
    ]);
  });

  it('expect: units, dislodged, owners, winner, and none', () => {
    const text = `phase spring 1901 movement
expect
  units england: F nth, A lvp
  units none
  dislodged england: A yor from wal
  dislodged none
  owners england: edi, lon
  owners austria:
  winner england
  winner none
`;
    const e = clean(text).phases[0]!.expect[0]!;
    expect(e.units.map((u) => [u.power?.value, u.units.length])).toEqual([
      ['england', 2],
      [undefined, 0],
    ]);
    expect(e.dislodged.map((u) => [u.power?.value, u.units[0]?.from?.text])).toEqual([
      ['england', 'wal'],
      [undefined, undefined],
    ]);
    expect(e.owners.map((o) => [o.power.value, o.provinces.map((p) => p.text)])).toEqual([
      ['england', ['edi', 'lon']],
      ['austria', []],
    ]);
    expect(e.winner.map((w) => w.power?.value)).toEqual(['england', undefined]);
    expect(span(e.winner[0]!.range)).toEqual(locate(text, 'winner england'));
  });

  it('a power may be called by a keyword of the language', () => {
    const ast = clean('position spring 1901 movement\n  owners: A par\nphase spring 1901 movement\n  expect: A par H\n  units: A ber H\n');
    expect(ast.position?.units[0]?.power?.value).toBe('owners');
    expect(ast.phases[0]!.orders.map((o) => o.power.value)).toEqual(['expect', 'units']);
  });

  it('CRLF and CR line ends give the same lines and ranges', () => {
    const lf = 'variant classic\nphase spring 1901 movement\n  england: F lon - nth\n';
    for (const eol of ['\r\n', '\r']) {
      const p = parse(lf.replace(/\n/g, eol));
      expect(p.diagnostics).toEqual([]);
      const o = p.ast.phases[0]!.orders[0]!;
      expect(o.text.text).toBe('F lon - nth');
      expect(span(o.text.range)).toEqual([2, 11, 2, 22]);
    }
  });
});

describe('errors', () => {
  it('DF6001: a line that is no statement, with the whole line as range', () => {
    const text = 'variant classic\nhello world\nphase spring 1901 movement\nexpect\n  banana 3\n';
    const p = parse(text);
    expectExactly(p.diagnostics, [
      ['DF6001', locate(text, 'hello world')],
      ['DF6001', locate(text, 'banana 3')],
    ]);
  });

  it('DF6001: statements missing their parts', () => {
    const text = 'variant\nedition\nrule\nrule retreats\nseed x\nplayer england\nposition spring\nphase 1901 movement\n';
    const p = parse(text);
    expect(codes(p.diagnostics)).toEqual(Array(8).fill('DF6001'));
    expect(span(p.diagnostics[0]!.range)).toEqual([0, 0, 0, 7]);
  });

  it('DF6001: text after a complete statement, and empty list items', () => {
    const text = 'variant classic extra\nposition spring 1901 movement now\n  england: F lon, , A lvp\n  standoffs boh,\n';
    const p = parse(text);
    expectExactly(p.diagnostics, [
      ['DF6001', locate(text, 'extra')],
      ['DF6001', locate(text, 'now')],
      ['DF6001', locate(text, ', ,', ',', 0).map((n, i) => (i === 1 ? n + 2 : i === 3 ? n + 2 : n)) as [number, number, number, number]],
      ['DF6001', locate(text, 'boh,', ',')],
    ]);
  });

  it('DF6002: header lines after the position, a second section out of order, expect lines in a phase', () => {
    const text = `phase spring 1901 movement
  england: F lon - nth
edition 2000
position spring 1901 movement
  units england: F nth
  winner england
expect
  england: F lon - nth
`;
    const p = parse(text);
    expectExactly(p.diagnostics, [
      ['DF6002', locate(text, 'edition 2000')],
      ['DF6002', locate(text, 'position spring 1901 movement')],
      ['DF6002', locate(text, 'units england: F nth')],
      ['DF6002', locate(text, 'winner england')],
      ['DF6002', locate(text, 'england: F lon - nth', 'england: F lon - nth', 1)],
    ]);
  });

  it('DF6002: an expect block before any phase; units before any position', () => {
    const text = 'expect\nengland: F lon\nposition spring 1901 movement\n  units england: F lon\n  winner none\n';
    const p = parse(text);
    expectExactly(p.diagnostics, [
      ['DF6002', locate(text, 'expect')],
      ['DF6002', locate(text, 'england: F lon')],
      ['DF6002', locate(text, 'units england: F lon')],
      ['DF6002', locate(text, 'winner none')],
    ]);
  });

  it('DF2012: a second position', () => {
    const text = 'position spring 1901 movement\nposition fall 1901 movement\n';
    expectExactly(parse(text).diagnostics, [['DF2012', locate(text, 'position fall 1901 movement')]]);
  });

  it('DF6004: an expected result that is not succeeds, fails or illegal', () => {
    const text = 'phase spring 1901 movement\n  england:\n    F lon - nth [bounces]\n    F edi H [fails\n    A lvp H ]\n';
    const p = parse(text);
    expectExactly(p.diagnostics, [
      ['DF6004', locate(text, '[bounces]')],
      ['DF6004', locate(text, '[fails')],
      ['DF6004', locate(text, 'A lvp H ]', ']')],
    ]);
    // The orders are kept, without an expected result.
    expect(p.ast.phases[0]!.orders.map((o) => [o.text.text, o.expected])).toEqual([
      ['F lon - nth', undefined],
      ['F edi H', undefined],
      ['A lvp H', undefined],
    ]);
  });

  it('DF6006: an order before any POWER: line', () => {
    const text = 'phase spring 1901 movement\n  F lon - nth\n';
    expectExactly(parse(text).diagnostics, [['DF6006', locate(text, 'F lon - nth')]]);
  });

  it('DF2007: a unit kind other than A, F, army or fleet', () => {
    const text = 'position spring 1901 movement\n  england: X lon, Fleet edi\n';
    const p = parse(text);
    expectExactly(p.diagnostics, [['DF2007', locate(text, 'X')]]);
    expect(p.ast.position!.units[0]!.units.map((u) => u.unitKind)).toEqual([undefined, 'fleet']);
  });

  it('DF2013: a phase kind other than movement, retreat or adjustment', () => {
    const text = 'phase spring 1901 moves\n';
    const p = parse(text);
    expectExactly(p.diagnostics, [['DF2013', locate(text, 'moves')]]);
    expect(p.ast.phases[0]!.phase?.kind.phase).toBeUndefined();
  });

  it('DF1003: a string not closed before the end of the line', () => {
    const text = 'player england "Alice\nvariant classic\n';
    const p = parse(text);
    expectExactly(p.diagnostics, [['DF1003', locate(text, '"Alice')]]);
    expect(p.ast.header.map((h) => h.kind)).toEqual(['Player', 'Variant']);
  });

  it("DF6001: 'from' outside dislodged units", () => {
    const text = 'position spring 1901 retreat\n  england: A lon from wal\n';
    expectExactly(parse(text).diagnostics, [['DF6001', locate(text, 'from wal')]]);
  });

  it('one bad line costs one diagnostic: the lines after it are still read', () => {
    const text = 'variant classic\n%%%\nphase spring 1901 movement\n  england: F lon - nth\n';
    const p = parse(text);
    expect(codes(p.diagnostics)).toEqual(['DF6001']);
    expect(p.ast.phases[0]!.orders).toHaveLength(1);
  });

  it('never throws on arbitrary text', () => {
    const samples = ['', '\n\n', ':', '[', ']]', '"', 'phase', 'expect\nexpect', 'position 1 2 3\n  : :\n  dislodged : ,', '\u0000\uffff', 'phase spring 1901 movement\n  a:\n    [x]'];
    for (const s of samples) expect(() => parse(s)).not.toThrow();
  });
});
