/**
 * The language server's completion, in process, with exact expected items: in
 * games (the classic example game), in positions and expect blocks, and in
 * maps (a tiny variant).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-protocol';
import { completion, type MapDoc } from '@dipforge/lsp';
import { at, EXAMPLE, put, workspace, WS } from '../packages/lsp/test/util.js';
import { labels, game } from './helpers/lsp-features.js';

const example = readFileSync(EXAMPLE, 'utf8');
const tinyMap = join(WS, 'tiny.dipmap');

describe('completion in games', () => {
  it('after A par - in spring 1901: exactly the places Paris can reach', () => {
    const ws = workspace();
    const text = example.replace('A par - bur', 'A par - ');
    const doc = game(ws, EXAMPLE, text);
    expect(labels(completion(ws, doc, at(text, 'A par - ')))).toEqual(['bre', 'bur', 'gas', 'pic']);
  });

  it('at the start of a power\'s orders: its units in that phase', () => {
    const ws = workspace();
    const text = example.replace('    A par - bur\n', '    \n    A par - bur\n');
    const doc = game(ws, EXAMPLE, text);
    expect(labels(completion(ws, doc, at(text, '  france:\n    ')))).toEqual(['A mar', 'A par', 'F bre']);
    // In the fall, where the spring left them.
    const fall = example.replace('    A bur - mar\n', '    \n    A bur - mar\n');
    const doc2 = game(ws, EXAMPLE, fall);
    expect(labels(completion(ws, doc2, at(fall, 'france:\n    \n', 12)))).toEqual(['A bur', 'A spa', 'F mao']);
  });

  it('an army on a coast: adjacent places, then convoy destinations', () => {
    const ws = workspace();
    const text = example.replace('    A yor - nwy\n', '    A yor - \n');
    const doc = game(ws, EXAMPLE, text);
    const items = completion(ws, doc, at(text, '    A yor - '));
    expect(labels(items)).toEqual(['edi', 'lon', 'lvp', 'wal', 'bel', 'cly', 'den', 'hol', 'nwy']);
    expect(items.filter((i) => i.detail === 'via convoy').map((i) => i.label)).toEqual(['bel', 'cly', 'den', 'hol', 'nwy']);
  });

  it('after S: the moves into places it reaches, and the holds', () => {
    const ws = workspace();
    const text = example.replace('A mar - spa', 'A mar S ');
    const doc = game(ws, EXAMPLE, text);
    expect(labels(completion(ws, doc, at(text, 'A mar S ')))).toEqual(['A mun - bur', 'A par - bur', 'A par - gas', 'A ven - pie', 'F bre - gas']);
    // A hold support in the fall: F mao can support A spa (moved there in the spring) to hold.
    const fall = example.replace('F mao - bre', 'F mao S ');
    const doc2 = game(ws, EXAMPLE, fall);
    expect(labels(completion(ws, doc2, at(fall, 'F mao S '))).slice(0, 1)).toEqual(['A spa']);
  });

  it('after C: the armies the fleet can convoy, then where', () => {
    const ws = workspace();
    const text = example.replace('F nth C A yor - nwy', 'F nth C ');
    expect(labels(completion(ws, game(ws, EXAMPLE, text), at(text, 'F nth C ')))).toEqual(['A yor']);
    const text2 = example.replace('F nth C A yor - nwy', 'F nth C A yor - ');
    expect(labels(completion(ws, game(ws, EXAMPLE, text2), at(text2, 'F nth C A yor - ')))).toEqual(['bel', 'cly', 'den', 'edi', 'hol', 'lon', 'nwy']);
  });

  it('builds on the free home centres the power owns', () => {
    const ws = workspace();
    const text = example.replace('    Build F lon\n', '    \n');
    const doc = game(ws, EXAMPLE, text);
    expect(labels(completion(ws, doc, at(text, '  england:\n    \n', 15)))).toEqual(['Build A edi', 'Build F edi', 'Build A lon', 'Build F lon', 'Build A lvp', 'Build F lvp', 'Waive']);
  });

  it('retreats only to legal places', () => {
    const ws = workspace();
    const text = 'variant classic\nposition spring 1901 retreat\n  austria: A ser, A bud\n  turkey: A gre\n  dislodged turkey: A bul from ser\n  standoffs rum\n\nphase spring 1901 retreat\n  turkey:\n    A bul R \n';
    const doc = game(ws, join(WS, 'memory-retreat.dipgame'), text);
    expect(labels(completion(ws, doc, at(text, 'A bul R ')))).toEqual(['con']);
    expect(labels(completion(ws, doc, at(text, '    A bul R', 4)))).toEqual(['A bul']);
  });

  it('localized names and aliases match; the id is inserted', () => {
    const ws = workspace();
    const text = example.replace('A par - bur', 'A par - 伯');
    const items = completion(ws, game(ws, EXAMPLE, text), at(text, 'A par - 伯'));
    expect(items.map((i) => [i.label, i.filterText, i.textEdit && 'newText' in i.textEdit ? i.textEdit.newText : undefined])).toEqual([['bur', '伯干第', 'bur']]);
    const text2 = example.replace('A lvp - yor', 'A lpl - ');
    const items2 = completion(ws, game(ws, EXAMPLE, text2), at(text2, 'A lpl - '));
    expect(labels(items2)).toEqual(['cly', 'edi', 'wal', 'yor']);
  });

  it('header: rule options and their values, editions', () => {
    const ws = workspace();
    const text = example.replace('edition 2023', 'edition 2023\nrule convoy-paradox ');
    const items = completion(ws, game(ws, EXAMPLE, text), at(text, 'rule convoy-paradox '));
    expect(labels(items).length).toBeGreaterThan(1);
    const text2 = example.replace('edition 2023', 'edition ');
    expect(labels(completion(ws, game(ws, EXAMPLE, text2), at(text2, 'edition ')))).toEqual(['1971', '1982', '2000', '2023', 'old-rules', 'online-5']);
  });
});

describe('completion in positions and expect blocks', () => {
  const path = join(WS, 'memory-sections.dipgame');
  const text = [
    'variant "tiny.dipmap"',
    'position spring 1901 movement',
    '  red: A hom, A ',
    '  blue: F ',
    '  owners red: hom, ',
    '  owners blue: far',
    '',
    'phase spring 1901 movement',
    '  red:',
    '    A hom - mid',
    '  blue:',
    '    F far - ins',
    'expect',
    '  units red: A ',
    '  owners red: ',
    '  winner ',
    '  draw red, ',
    '  dislodged ',
    '  ',
    '  result ',
    '',
  ].join('\n');
  const detail = (items: CompletionItem[]): string[] => items.map((i) => (i.detail ? `${i.label} (${i.detail})` : i.label));

  it('position unit lists: the free places a unit of that kind can stand on', () => {
    const ws = workspace();
    const doc = game(ws, path, text);
    expect(labels(completion(ws, doc, at(text, 'red: A hom, A ')))).toEqual(['far', 'mid', 'spl']);
    expect(labels(completion(ws, doc, at(text, '  blue: F ')))).toEqual(['far', 'ins', 'out', 'spl/nc', 'spl/sc']);
    // After a comma: the unit kinds.
    expect(labels(completion(ws, doc, at(text, 'red: A hom,')))).toEqual(['A', 'F']);
    // A place already taken by a unit of the position is not offered; the one being typed is.
    const t2 = text.replace('  blue: F ', '  blue: F spl/nc, A ');
    expect(labels(completion(ws, game(ws, path, t2), at(t2, 'red: A hom, A ')))).toEqual(['far', 'mid']);
    const t3 = text.replace('red: A hom, A ', 'red: A hom, A mi');
    expect(labels(completion(ws, game(ws, path, t3), at(t3, 'red: A hom, A mi')))).toEqual(['mid']);
  });

  it('position owners: the supply centres no owners line names yet', () => {
    const ws = workspace();
    const doc = game(ws, path, text);
    expect(labels(completion(ws, doc, at(text, 'owners red: hom, ')))).toEqual(['spl']);
    // The centre being typed is not counted as named already.
    expect(labels(completion(ws, doc, at(text, 'owners red: hom')))).toEqual(['hom']);
  });

  it('retreat positions: dislodged powers and units, standoffs where no unit stands', () => {
    const ws = workspace();
    const r = 'variant "tiny.dipmap"\nposition spring 1901 retreat\n  red: A mid\n  dislodged \n  dislodged red: A \n  standoffs \n';
    const doc = game(ws, path, r);
    expect(labels(completion(ws, doc, at(r, '  dislodged ')))).toEqual(['red:', 'blue:']);
    expect(labels(completion(ws, doc, at(r, 'dislodged red: A ')))).toEqual(['far', 'hom', 'mid', 'spl']);
    expect(labels(completion(ws, doc, at(r, 'standoffs ')))).toEqual(['far', 'hom', 'spl']);
  });

  it('expect blocks: keywords, then units and owners with what the phase left first, powers for winner and draw', () => {
    const ws = workspace();
    const doc = game(ws, path, text);
    expect(detail(completion(ws, doc, at(text, '  units red: A ')))).toEqual(['mid (after the phase)', 'far', 'hom', 'spl']);
    expect(detail(completion(ws, doc, at(text, 'expect\n  units red: A \n  owners red: ')))).toEqual(['hom (after the phase)', 'far', 'spl']);
    expect(labels(completion(ws, doc, at(text, '  winner ')))).toEqual(['none', 'red', 'blue']);
    expect(labels(completion(ws, doc, at(text, '  draw red, ')))).toEqual(['blue']);
    expect(labels(completion(ws, doc, at(text, '  dislodged ')))).toEqual(['red:', 'blue:', 'none']);
    expect(labels(completion(ws, doc, at(text, '  dislodged \n  ')))).toEqual(['units', 'dislodged', 'owners', 'winner', 'draw', 'score', 'result']);
    expect(labels(completion(ws, doc, at(text, '  result ')))).toEqual(['solo', 'alliance', 'leader', 'shared', 'draw', 'concession', 'ended', 'extended', 'none']);
    expect(labels(completion(ws, doc, at(text, '  units ')))).toEqual(['red:', 'blue:', 'none']);
  });

  it('names match on the classic map: a province typed by its name', () => {
    const ws = workspace();
    const t = 'variant classic\nposition spring 1901 movement\n  england: F nth, A Lond\n';
    expect(labels(completion(ws, game(ws, join(WS, 'memory-classic.dipgame'), t), at(t, 'A Lond')))).toEqual(['lon']);
  });
});

describe('completion in maps', () => {
  it('keywords, provinces, coasts and rule values by context', () => {
    const ws = workspace();
    const map = readFileSync(tinyMap, 'utf8');
    const text = map.replace('  army spl: far\n', '  army spl: far\n  fleet spl/sc: \n');
    const doc = put(ws, tinyMap, text) as MapDoc;
    expect(labels(completion(ws, doc, at(text, 'fleet spl/sc: ')))).toEqual(['far', 'hom', 'ins', 'mid', 'out', 'spl', 'spl/nc', 'spl/sc']);
    const t2 = map.replace('power red "Red" {\n', 'power red "Red" {\n  \n');
    expect(labels(completion(ws, put(ws, tinyMap, t2) as MapDoc, at(t2, 'power red "Red" {\n  ')))).toEqual(['adjective', 'colour', 'name', 'alias', 'home', 'country', 'units', 'owns']);
    const t3 = `${map}\nrules {\n  convoy-paradox \n}\n`;
    const values = labels(completion(ws, put(ws, tinyMap, t3) as MapDoc, at(t3, 'convoy-paradox ')));
    expect(values.length).toBeGreaterThan(1);
    const t4 = `${map}\nrules {\n  \n}\n`;
    expect(labels(completion(ws, put(ws, tinyMap, t4) as MapDoc, at(t4, 'rules {\n  ')))).toContain('convoy-paradox');
    expect(labels(completion(ws, put(ws, tinyMap, map) as MapDoc, { line: 0, character: 5 }))).toEqual([]);
    const t5 = `${map}\n`;
    const top = completion(ws, put(ws, tinyMap, t5) as MapDoc, at(t5, 'neutral centres spl\n'));
    expect(labels(top.filter((i) => i.kind !== CompletionItemKind.Snippet))).toEqual(['import', 'variant', 'province', 'adjacency', 'power', 'neutral', 'rules', 'ruleset', 'remove']);
    const t6 = `${map}\nneutral \nneutral units A \nprovince zz "Zz" coast \n`;
    const d6 = put(ws, tinyMap, t6) as MapDoc;
    expect(labels(completion(ws, d6, at(t6, '\nneutral ')))).toEqual(['centres', 'units']);
    expect(labels(completion(ws, d6, at(t6, 'neutral units A ')))).toContain('ins');
    expect(labels(completion(ws, d6, at(t6, 'province zz "Zz" coast ')))).toContain('archipelago');
    // At a line start outside every block, the declarations' snippets follow the keywords.
    expect(labels(top.filter((i) => i.kind === CompletionItemKind.Snippet))).toEqual(['province', 'province-coasts', 'power', 'variant', 'adjacency', 'rules', 'ruleset', 'neutral']);
  });

  it('after remove: what may be removed, then the centres of remove neutral centres', () => {
    const ws = workspace();
    const map = readFileSync(tinyMap, 'utf8');
    // Completion follows the words typed; whether the remove is allowed (extends) is the checker's business.
    const text = `${map}\nremove \nremove neutral \nremove neutral centres \n`;
    const doc = put(ws, tinyMap, text) as MapDoc;
    expect(labels(completion(ws, doc, at(text, '\nremove ')))).toEqual(['province', 'power', 'adjacency', 'neutral']);
    expect(labels(completion(ws, doc, at(text, '\nremove neutral ')))).toEqual(['centres']);
    expect(labels(completion(ws, doc, at(text, 'remove neutral centres ')))).toContain('spl');
  });
});
