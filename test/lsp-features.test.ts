/**
 * The language server's features, in process: each feature function against
 * the document store, with exact expected items (the classic example game,
 * a random 100-phase game, and a tiny variant with two games that use it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CodeAction,
  CompletionItemKind,
  CodeLens,
  Diagnostic,
  DiagnosticSeverity,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  Location,
  TextEdit,
  type CompletionItem,
} from 'vscode-languageserver-protocol';
import {
  codeActions,
  codeLenses,
  CONFLICT_DOCS,
  completion,
  definition,
  diagnostics,
  readSettings,
  documentSymbols,
  foldingRanges,
  format,
  formatText,
  hover,
  inlayHints,
  prepareRename,
  references,
  rename,
  semanticTokens,
  signatureHelp,
  tokenSpans,
  workspaceSymbols,
  type GameDoc,
  type MapDoc,
} from '@dipforge/lsp';
import { parseGame, parseMap, runGame, GameWorkspace } from '@dipforge/dsl';
import { at, DECLARE, EXAMPLE, fileUri, POSTAL, put, RANDOM_100, workspace, WS } from '../packages/lsp/test/util.js';
import { isCompletionItem, isSignatureInformation, isWorkspaceSymbol } from '../packages/lsp/test/shapes.js';

const example = readFileSync(EXAMPLE, 'utf8');
const declareGame = readFileSync(DECLARE, 'utf8');
const postalGame = readFileSync(POSTAL, 'utf8');
const tinyMap = join(WS, 'tiny.dipmap');
const gameA = join(WS, 'a.dipgame');
const gameB = join(WS, 'b.dipgame');

/** A diagnostic's message as text (the protocol also allows markup, which this server never sends). */
function messageText(d: Diagnostic): string {
  return typeof d.message === 'string' ? d.message : d.message.value;
}

function labels(items: CompletionItem[]): string[] {
  for (const i of items) expect(isCompletionItem(i)).toBe(true);
  return items.map((i) => i.label);
}

function game(ws: ReturnType<typeof workspace>, path: string, text: string): GameDoc {
  return put(ws, path, text) as GameDoc;
}

describe('diagnostics', () => {
  it('has no error for the example game and, when results are asked for in the Problems panel, gives the failed orders as information', () => {
    const ws = workspace();
    const list = diagnostics(put(ws, EXAMPLE, example), readSettings({ results: { inProblems: true } }));
    for (const d of list) expect(Diagnostic.is(d)).toBe(true);
    expect(list.filter((d) => d.severity === DiagnosticSeverity.Error)).toEqual([]);
    const bounce = list.find((d) => messageText(d).startsWith('A ukr - rum'));
    expect(bounce?.severity).toBe(DiagnosticSeverity.Information);
    expect(bounce?.code).toBe('bounced');
  });

  it('reports syntax, names and illegal orders, each with a finite range', () => {
    const ws = workspace();
    const text = example.replace('A par - bur', 'A par - xyzzy').replace('F bre - mao', 'F bre - mun').replace('phase fall 1901 movement', 'phase fall 1901 movement extra');
    const list = diagnostics(put(ws, EXAMPLE, text));
    for (const d of list) expect(Diagnostic.is(d)).toBe(true);
    const codes = list.map((d) => `${d.code}@${d.range.start.line}`);
    expect(codes).toContain(`DF2001@${at(text, 'xyzzy').line}`);
    expect(codes).toContain(`DF6001@${at(text, 'extra').line}`);
    const illegal = list.find((d) => messageText(d).startsWith('F bre - mun'));
    expect(illegal?.severity).toBe(DiagnosticSeverity.Warning);
  });

  it('re-plays only from the edited phase until the game catches up, with the same result as a full run', () => {
    const ws = workspace();
    const text = readFileSync(RANDOM_100, 'utf8');
    put(ws, RANDOM_100, text);
    const lines = text.split('\n');
    const phaseLines = lines.flatMap((l, i) => (l.startsWith('phase ') ? [i] : []));
    expect(phaseLines.length).toBe(100);
    const target = (phaseLines[49] as number) + 2;
    lines[target] = `${lines[target]} `;
    const edited = lines.join('\n');
    const doc = put(ws, RANDOM_100, edited) as GameDoc;
    // Every phase run before the 50th written phase was taken over.
    const before50 = doc.run.phases.findIndex((p) => p.section?.range.start.line === phaseLines[49]);
    expect(doc.reused).toBe(before50);
    expect(doc.reused).toBeGreaterThan(49);
    // Early cutoff: the edit changes nothing the later phases depend on, so they are taken over too.
    expect(doc.adjudicated).toBe(1);
    expect(doc.reused + doc.cutoff + doc.adjudicated).toBe(doc.run.phases.length);
    const full = runGame(parseGame(edited, RANDOM_100), new GameWorkspace());
    const strip = (r: typeof full) => JSON.stringify({ d: r.diagnostics, p: r.phases.map((p) => [p.phase, p.result.next, p.orders.map((o) => [o.order, o.result?.status, o.result?.reason])]), e: r.expectations, w: r.winner });
    expect(strip(doc.run)).toBe(strip(full));
  });

  it('re-checks a game when the map it plays on changes', () => {
    const ws = workspace();
    const map = readFileSync(tinyMap, 'utf8');
    const a = readFileSync(gameA, 'utf8');
    expect(diagnostics(put(ws, gameA, a)).filter((d) => d.severity === DiagnosticSeverity.Error)).toEqual([]);
    put(ws, tinyMap, map.replace('province mid "Middle" land', 'province mdl "Middle" land').replace(/\bmid\b/g, 'mdl'));
    const after = diagnostics(ws.docByUri(fileUri(gameA)) as GameDoc);
    expect(after.filter((d) => d.severity === DiagnosticSeverity.Error).map((d) => d.code)).toEqual(['DF2001']);
  });

  it('checks map files', () => {
    const ws = workspace();
    const map = readFileSync(tinyMap, 'utf8').replace('army hom: mid, spl', 'army hom: mdd, spl');
    const list = diagnostics(put(ws, tinyMap, map));
    for (const d of list) expect(Diagnostic.is(d)).toBe(true);
    expect(list.map((d) => d.code)).toContain('DF2001');
  });
});

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

describe('hover', () => {
  it('a province: names, terrain, owner and unit at that phase, neighbours', () => {
    const ws = workspace();
    const doc = put(ws, EXAMPLE, example);
    const h = hover(ws, doc, at(example, 'A par - bur', 9));
    expect(Hover.is(h)).toBe(true);
    const value = (h?.contents as { value: string }).value;
    expect(value).toBe('**Burgundy** (`bur`): inland\n\nIn the home country of France (`france`)\n\nNames: zh: 伯干第, 勃艮第; ja: ブルゴーニュ; fi: Burgundia\n\nArmy neighbours: bel, gas, mar, mun, par, pic, ruh\n\nIn spring 1901 movement: unit none');
    const h2 = hover(ws, doc, at(example, '    A bur - mar', 7));
    expect((h2?.contents as { value: string }).value).toContain('In fall 1901 movement: unit A bur (france)');
    const h3 = hover(ws, doc, at(example, 'Build A par', 9));
    expect((h3?.contents as { value: string }).value).toContain('owner france');
  });

  it('an order: its result and why', () => {
    const ws = workspace();
    const doc = put(ws, EXAMPLE, example);
    const h = hover(ws, doc, at(example, 'A ukr - rum', 6));
    expect(Hover.is(h)).toBe(true);
    const value = (h?.contents as { value: string }).value;
    // A ukr - rum and A gal - rum, one each, into empty Rumania: the other move stopped it, 1 against 1; the full reasoning follows.
    expect(value).toMatch(/^\*\*A ukr - rum\*\*\n\nRead as `A ukr - rum` \(russia\)\n\nResult: fails: bounced by A gal - rum \(1 against 1\)\n\nWhy: fails \(bounced\): attack 1 against hold 0, 1 of A gal$/);
  });

  it('a rule option: what it does and which editions set it', () => {
    const ws = workspace();
    const text = example.replace('edition 2023', 'edition 2023\nrule via-convoy-fallback true');
    const h = hover(ws, put(ws, EXAMPLE, text), at(text, 'rule via-convoy', 7));
    const value = (h?.contents as { value: string }).value;
    expect(value.startsWith('**via-convoy-fallback**:')).toBe(true);
    expect(value).toContain('Set by: 2000 (`true`)');
    const h2 = hover(ws, put(ws, EXAMPLE, text), at(text, 'edition 2023', 9));
    expect((h2?.contents as { value: string }).value.startsWith('**edition 2023**')).toBe(true);
  });

  it('in a map: a province and a rule', () => {
    const ws = workspace();
    const map = readFileSync(tinyMap, 'utf8');
    const h = hover(ws, put(ws, tinyMap, map), at(map, 'province spl', 10));
    expect((h?.contents as { value: string }).value).toContain('Coasts: spl/nc (North Coast), spl/sc (South Coast)');
  });
});

describe('definition, references, rename', () => {
  it('a province in a game leads to the map', () => {
    const ws = workspace();
    const a = readFileSync(gameA, 'utf8');
    const loc = definition(ws, put(ws, gameA, a), at(a, 'A hom', 3));
    expect(Location.is(loc)).toBe(true);
    expect(loc).toEqual({ uri: fileUri(tinyMap), range: { start: { line: 5, character: 9 }, end: { line: 5, character: 12 } } });
    const classic = definition(ws, put(ws, EXAMPLE, example), at(example, 'A par - bur', 3));
    expect(classic?.uri.endsWith('/variants/classic/classic.dipmap')).toBe(true);
  });

  it('references across the map and every game that names it', async () => {
    const ws = workspace();
    const a = readFileSync(gameA, 'utf8');
    const refs = await references(ws, put(ws, gameA, a), at(a, 'A hom', 3), true);
    for (const r of refs) expect(Location.is(r)).toBe(true);
    const where = refs.map((r) => `${r.uri.split('/').pop()}:${r.range.start.line}:${r.range.start.character}`);
    expect(where).toEqual(['a.dipgame:4:6', 'b.dipgame:4:6', 'tiny.dipmap:5:9', 'tiny.dipmap:16:7', 'tiny.dipmap:26:7', 'tiny.dipmap:27:10']);
  });

  it('rename updates the map and every game that writes the id', async () => {
    const ws = workspace();
    const a = readFileSync(gameA, 'utf8');
    const doc = put(ws, gameA, a);
    expect(prepareRename(ws, doc, at(a, 'A hom', 3))).toEqual({ range: { start: { line: 4, character: 6 }, end: { line: 4, character: 9 } }, placeholder: 'hom' });
    const edit = await rename(ws, doc, at(a, 'A hom', 3), 'hq');
    const changes = edit?.changes ?? {};
    for (const list of Object.values(changes)) for (const e of list) expect(TextEdit.is(e)).toBe(true);
    expect(Object.keys(changes).map((u) => u.split('/').pop()).sort()).toEqual(['a.dipgame', 'tiny.dipmap']);
    expect(changes[fileUri(tinyMap)]?.length).toBe(4);
    await expect(rename(ws, doc, at(a, 'A hom', 3), 'two words')).rejects.toThrow(/is not an id/);
    // Symbols of a built-in variant are not renamed.
    expect(() => prepareRename(ws, put(ws, EXAMPLE, example), at(example, 'A par', 3))).toThrow(/built-in/);
  });
});

describe('symbols, folding, tokens', () => {
  it('document symbols: phases and powers; provinces and powers', () => {
    const ws = workspace();
    const syms = documentSymbols(put(ws, EXAMPLE, example));
    for (const s of syms) expect(DocumentSymbol.is(s)).toBe(true);
    expect(syms.map((s) => s.name)).toEqual(['phase spring 1901 movement', 'phase fall 1901 movement', 'phase winter 1901 adjustment']);
    expect(syms[0]?.children?.map((c) => c.name)).toEqual(['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey']);
    const map = documentSymbols(put(ws, tinyMap, readFileSync(tinyMap, 'utf8')));
    expect(map.map((s) => s.name)).toEqual(['variant tiny', 'hom', 'mid', 'spl', 'far', 'ins', 'out', 'adjacency', 'red', 'blue', 'neutral centres']);
    expect(map[3]?.children?.map((c) => c.name)).toEqual(['nc', 'sc']);
  });

  it('workspace symbols: provinces and powers of the workspace maps', async () => {
    const ws = workspace();
    const found = await workspaceSymbols(ws, 'sea');
    for (const s of found) expect(isWorkspaceSymbol(s)).toBe(true);
    expect(found.map((s) => s.name)).toEqual(['ins', 'out']);
  });

  it('folding: phases, power blocks, expect blocks; map blocks', () => {
    const ws = workspace();
    const folds = foldingRanges(put(ws, EXAMPLE, example));
    for (const f of folds) expect(FoldingRange.is(f)).toBe(true);
    expect(folds.slice(0, 3)).toEqual([{ startLine: 0, endLine: 1, kind: 'comment' }, { startLine: 5, endLine: 34 }, { startLine: 6, endLine: 9 }]);
    const map = foldingRanges(put(ws, tinyMap, readFileSync(tinyMap, 'utf8')));
    expect(map.map((f) => [f.startLine, f.endLine])).toEqual([[1, 2], [7, 9], [15, 22], [25, 27], [30, 32]]);
  });

  it('semantic tokens never overlap, never span lines, and name what they colour', () => {
    const ws = workspace();
    const spans = tokenSpans(put(ws, gameA, readFileSync(gameA, 'utf8')));
    expect(spans.map((s) => `${s.line}:${s.character}:${s.length}:${s.type}`)).toEqual([
      '0:0:7:keyword', '0:8:13:string', '2:0:5:keyword', '2:6:6:event', '2:13:4:number', '2:18:8:event',
      '3:2:3:type', '4:4:1:keyword', '4:6:3:variable', '4:10:1:operator', '4:12:3:variable',
      '5:2:4:type', '6:4:1:keyword', '6:6:3:variable', '6:10:1:operator', '6:12:3:variable',
    ]);
    const data = semanticTokens(put(ws, RANDOM_100, readFileSync(RANDOM_100, 'utf8'))).data;
    expect(data.length % 5).toBe(0);
    expect(data.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
  });
});

describe('formatting', () => {
  const messy = 'variant classic   \n\n\n\nphase spring 1901 movement\nfrance:\n A par - bur   // Burgundy\n      A mar H\n// a comment\n  germany: A mun H\n\n\n';
  it('indents by section, keeps every character of meaning, and is idempotent', () => {
    const ws = workspace();
    const path = join(WS, 'memory-format.dipgame');
    const doc = put(ws, path, messy);
    const once = formatText(doc);
    expect(once).toBe('variant classic\n\nphase spring 1901 movement\n  france:\n    A par - bur   // Burgundy\n    A mar H\n  // a comment\n  germany: A mun H\n');
    expect(formatText(put(ws, path, once))).toBe(once);
    const edits = format(put(ws, path, messy));
    for (const e of edits) expect(TextEdit.is(e)).toBe(true);
  });

  it('never changes what real games and maps mean, and formats them idempotently', () => {
    const ws = workspace();
    const files = [EXAMPLE, RANDOM_100, tinyMap, join(WS, '../../../../../variants/classic/classic.dipmap')];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const once = formatText(put(ws, file, text));
      expect(formatText(put(ws, file, once))).toBe(once);
      const squash = (s: string) => s.replace(/\s+/g, '');
      expect(squash(once)).toBe(squash(text));
      if (file.endsWith('.dipmap')) {
        const strip = (t: string) => JSON.stringify(parseMap(t, file).ast, (k, v) => (k === 'range' ? undefined : v));
        expect(strip(once)).toBe(strip(text));
      } else {
        const strip = (t: string) => JSON.stringify(parseGame(t, file).ast, (k, v) => (k === 'range' ? undefined : v));
        expect(strip(once)).toBe(strip(text));
      }
    }
  });
});

describe('code actions, lenses, hints, signature help', () => {
  it('did-you-mean for an unknown province', () => {
    const ws = workspace();
    const text = example.replace('A par - bur', 'A par - burr');
    const doc = put(ws, EXAMPLE, text);
    const actions = codeActions(ws, doc, { start: at(text, 'burr', 0), end: at(text, 'burr') });
    for (const a of actions) expect(CodeAction.is(a)).toBe(true);
    expect(actions[0]?.title).toBe('Did you mean bur (Burgundy)?');
    expect(actions[0]?.edit?.changes?.[doc.uri]).toEqual([{ range: { start: at(text, 'burr', 0), end: at(text, 'burr') }, newText: 'bur' }]);
  });

  it('add the missing coast', () => {
    const ws = workspace();
    const text = 'variant classic\nposition spring 1901 movement\n  russia: F stp, A mos\n\nphase spring 1901 movement\n  russia:\n    A mos H\n';
    const doc = put(ws, join(WS, 'memory-coast.dipgame'), text);
    const actions = codeActions(ws, doc, { start: at(text, 'F stp', 2), end: at(text, 'F stp') });
    expect(actions.map((a) => a.title)).toEqual(['Add the coast: stp/nc', 'Add the coast: stp/sc']);
  });

  it('hold every unit of a power that has no order; write an order canonically', () => {
    const ws = workspace();
    const text = example.replace('    A mar - spa\n    F bre - mao\n', '').replace('A par - bur', 'Army Paris -> Burgundy');
    const doc = put(ws, EXAMPLE, text);
    const actions = codeActions(ws, doc, { start: at(text, 'Army Paris', 0), end: at(text, 'Army Paris', 0) });
    expect(actions.map((a) => a.title)).toEqual(['Write as A par - bur', 'Hold the 2 units of france without an order']);
    const hold = actions[1]?.edit?.changes?.[doc.uri]?.[0];
    expect(hold?.newText).toBe('\n    A mar H\n    F bre H');
  });

  it('code lenses carry each phase; inlay hints give each result', () => {
    const ws = workspace();
    const doc = put(ws, EXAMPLE, example) as GameDoc;
    const lenses = codeLenses(doc);
    for (const l of lenses) expect(CodeLens.is(l)).toBe(true);
    expect(lenses.map((l) => [l.range.start.line, l.command?.command, (l.command?.arguments?.[0] as { phase: string }).phase])).toEqual([
      [5, 'dipforge.showBoard', 'spring 1901 movement'],
      [36, 'dipforge.showBoard', 'fall 1901 movement'],
      [at(example, 'phase winter').line, 'dipforge.showBoard', 'winter 1901 adjustment'],
    ]);
    const hints = inlayHints(doc, { start: { line: 0, character: 0 }, end: { line: 100, character: 0 } });
    for (const h of hints) expect(InlayHint.is(h)).toBe(true);
    const rum = hints.find((h) => h.position.line === at(example, 'A ukr - rum').line);
    expect(String(rum?.label)).toBe('✗ bounced by A gal - rum (1 against 1)');
  });

  it('signature help for order syntax', () => {
    const ws = workspace();
    const text = example.replace('A mar - spa', 'A mar S ');
    const help = signatureHelp(put(ws, EXAMPLE, text) as GameDoc, at(text, 'A mar S '));
    for (const s of help?.signatures ?? []) expect(isSignatureInformation(s)).toBe(true);
    expect(help?.activeSignature).toBe(2);
    expect(help?.signatures[2]?.label).toBe('UNIT S UNIT [- PLACE]');
    expect(help?.activeParameter).toBe(2);
  });
});

// ------------------------------------------------------------------------------------------------
// The language additions: declare blocks and the result of the game, the map's `country`, the old
// rules' order forms, misspelt names (DF8030) and rule conflicts (DF2014, DF8008, DF8007).

function hoverText(ws: ReturnType<typeof workspace>, doc: GameDoc | MapDoc, pos: { line: number; character: number }): string | undefined {
  const h = hover(ws, doc, pos);
  if (h) expect(Hover.is(h)).toBe(true);
  return (h?.contents as { value: string } | undefined)?.value;
}

describe('declare blocks and the expectations of the result of the game', () => {
  it('semantic tokens: the declarations\' words, the powers they name, result kinds, years and scores', () => {
    const ws = workspace();
    const spans = tokenSpans(put(ws, DECLARE, declareGame)).filter((s) => s.line >= 9 && s.line !== 12 && (s.line < 13 || s.line > 21));
    expect(spans.map((s) => `${s.line}:${s.character}:${s.length}:${s.type}`)).toEqual([
      '9:0:7:keyword', '10:2:7:type', '10:10:6:keyword', '10:17:6:type',
      '22:0:6:keyword', '23:2:6:keyword', '23:9:4:keyword',
      '25:0:5:keyword', '25:6:4:event', '25:11:4:number', '25:16:7:event',
      '27:0:7:keyword', '27:8:4:keyword', '27:13:7:type', '27:22:6:type', '27:29:2:keyword', '27:32:7:type', '27:41:6:type',
      '28:0:6:keyword', '29:2:4:keyword', '29:7:4:keyword', '30:2:6:keyword', '30:9:4:enumMember',
      '32:0:7:keyword', '33:2:7:type', '33:10:6:keyword', '33:17:4:keyword',
      '34:2:7:keyword', '34:10:7:type', '34:18:2:keyword', '34:21:7:type',
      '35:2:8:keyword', '35:11:7:type', '35:20:6:type',
      '36:0:6:keyword', '37:2:6:keyword', '37:9:7:type', '37:18:6:type',
      '38:2:6:keyword', '38:9:8:enumMember', '38:18:4:number',
      '39:2:5:keyword', '39:8:6:type', '39:15:3:number',
      '41:0:7:keyword', '42:2:3:keyword',
    ]);
  });

  it('formatting puts declare blocks at the margin and their lines by 2, idempotently, keeping what they mean', () => {
    const ws = workspace();
    const path = join(WS, 'memory-declare-format.dipgame');
    const messy = declareGame
      .replace('  england allies france', 'england allies france   ')
      .replace('  germany allies none', '        germany allies none')
      .replace('declare draw england, france by england, france', '   declare draw england, france by england, france')
      .replace('  winner england, france', 'winner england, france')
      .replace('  score france 1/2', '\t score france 1/2')
      .replace('  result none', '      result none')
      .replace('declare\n  end', 'declare\n\n\n\n    end');
    const once = formatText(put(ws, path, messy));
    expect(once).toBe(declareGame.replace('declare\n  end', 'declare\n\n  end'));
    expect(formatText(put(ws, path, once))).toBe(once);
    const strip = (s: string) => JSON.stringify(parseGame(s, path).ast, (k, v) => (k === 'range' || k === 'keyword' ? undefined : v));
    expect(strip(once)).toBe(strip(messy));
    expect(format(put(ws, DECLARE, declareGame))).toEqual([]);
  });

  it('folding: each declare block and the expect blocks in it', () => {
    const ws = workspace();
    const folds = foldingRanges(put(ws, DECLARE, declareGame));
    for (const f of folds) expect(FoldingRange.is(f)).toBe(true);
    expect(folds.filter((f) => f.kind !== 'comment').map((f) => [f.startLine, f.endLine])).toEqual([
      [9, 10], [12, 18], [20, 23], [22, 23], [27, 30], [28, 30], [32, 39], [36, 39], [41, 42],
    ]);
  });

  it('document symbols: the declare blocks among the phases, each declaration with what it did', () => {
    const ws = workspace();
    const syms = documentSymbols(put(ws, DECLARE, declareGame));
    for (const s of syms) expect(DocumentSymbol.is(s)).toBe(true);
    expect(syms.map((s) => [s.name, s.detail ?? ''])).toEqual([
      ['declare', 'before the first phase'],
      ['position fall 1905 movement', ''],
      ['phase fall 1905 movement', 'fall 1905 movement'],
      ['phase fall 1905 retreat', 'fall 1905 retreat'],
      ['declare', 'after fall 1905 retreat'],
      ['declare', 'after fall 1905 retreat'],
      ['declare', 'after fall 1905 retreat'],
    ]);
    expect(syms[5]?.children?.map((c) => [c.name, c.detail ?? ''])).toEqual([
      ['germany allies none', 'germany declares no ally'],
      ['concede germany by england', 'none: the game is over'],
      ['alliance england, france', 'the alliance of england and france is in force: england and france won as allies with 18 centres in 1905'],
      ['expect', ''],
    ]);
    expect(syms[0]?.children?.map((c) => c.name)).toEqual(['england allies france']);
    expect(syms[4]?.selectionRange).toEqual({ start: { line: 27, character: 0 }, end: { line: 27, character: 7 } });
  });

  it('completion at the start of a declare line: the declarations\' keywords, then the powers (POWER allies)', () => {
    const ws = workspace();
    const text = declareGame.replace('  germany allies none\n', '  \n');
    const doc = game(ws, DECLARE, text);
    const powers = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
    expect(labels(completion(ws, doc, at(text, 'declare\n  \n', 10)))).toEqual(['alliance', 'draw', 'concede', 'end', 'expect', ...powers]);
    // `declare STATEMENT` on one line.
    const one = declareGame.replace('declare draw england, france by england, france', 'declare ');
    expect(labels(completion(ws, game(ws, DECLARE, one), at(one, 'declare \n', 8)))).toEqual(['alliance', 'draw', 'concede', 'end', ...powers]);
  });

  it('completion in a declaration: powers after alliance, draw, concede, by and allies; by and allies where they go', () => {
    const ws = workspace();
    const cases: [string, string[]][] = [
      ['alliance ', ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey']],
      ['alliance england, ', ['austria', 'france', 'germany', 'italy', 'russia', 'turkey']],
      ['alliance england, france, ', []],
      ['draw england, ', ['austria', 'france', 'germany', 'italy', 'russia', 'turkey']],
      ['draw england, france ', ['by']],
      ['draw england, france by ', ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey']],
      ['draw england, france by germany, ', ['austria', 'england', 'france', 'italy', 'russia', 'turkey']],
      ['concede ', ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey']],
      ['concede germany ', ['by']],
      ['concede germany by ', ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey']],
      ['germany ', ['allies']],
      ['germany allies ', ['austria', 'england', 'france', 'italy', 'russia', 'turkey', 'none']],
      ['end ', []],
    ];
    for (const [line, want] of cases) {
      const text = declareGame.replace('  germany allies none\n', `  ${line}\n`);
      expect(labels(completion(ws, game(ws, DECLARE, text), at(text, `  ${line}\n`, line.length + 2))), line).toEqual(want);
    }
    // What is typed filters: `fr` after `alliance england, `.
    const typed = declareGame.replace('  germany allies none\n', '  alliance england, fr\n');
    expect(labels(completion(ws, game(ws, DECLARE, typed), at(typed, 'alliance england, fr')))).toEqual(['france']);
  });

  it('completion in the expect block of a declare block: keywords, powers not listed for winner, result kinds, centres after the phase first', () => {
    const ws = workspace();
    const text = declareGame.replace('  score france 1/2', '  score france 1/2\n  winner england, \n  result \n  owners italy: \n  ');
    const doc = game(ws, DECLARE, text);
    expect(labels(completion(ws, doc, at(text, '  winner england, ')))).toEqual(['austria', 'france', 'germany', 'italy', 'russia', 'turkey']);
    expect(labels(completion(ws, doc, at(text, '  result \n', 9)))).toEqual(['solo', 'alliance', 'leader', 'shared', 'draw', 'concession', 'ended', 'extended', 'none']);
    expect(labels(completion(ws, doc, at(text, 'owners italy: \n  ', 17)))).toEqual(['units', 'dislodged', 'owners', 'winner', 'draw', 'score', 'result']);
    const owners = completion(ws, doc, at(text, 'owners italy: '));
    expect(owners.filter((i) => i.detail === 'after the phase').map((i) => i.label)).toEqual([]);
    const fr = declareGame.replace('  score france 1/2', '  score france 1/2\n  owners france: ');
    const franceItems = completion(ws, game(ws, DECLARE, fr), at(fr, '1/2\n  owners france: '));
    expect(franceItems.filter((i) => i.detail === 'after the phase').map((i) => i.label)).toEqual(['bre', 'mar', 'nap', 'par', 'por', 'rom', 'spa', 'tun', 'ven']);
  });

  it('hover: a power in a declaration says what the declaration did; a declaration; a power of winner A, B after the phase', () => {
    const ws = workspace();
    const doc = put(ws, DECLARE, declareGame);
    const england = hoverText(ws, doc, at(declareGame, 'concede germany by england', 24));
    expect(england?.startsWith('**England** (`england`), English\n\n')).toBe(true);
    expect(england?.split('\n\n').slice(-2)).toEqual([
      'After fall 1905 retreat: 9 centres (bel, den, edi, hol, lon, lvp, nwy, stp, swe); units F nth',
      '`concede germany by england`: none: the game is over',
    ]);
    expect(hoverText(ws, doc, at(declareGame, 'alliance england, france', 3))).toBe(
      '**alliance england, france**\n\nthe alliance of england and france is in force: england and france won as allies with 18 centres in 1905',
    );
    const france = hoverText(ws, doc, at(declareGame, 'winner england, france', 19));
    expect(france?.startsWith('**France** (`france`)')).toBe(true);
    expect(france).toContain('After fall 1905 retreat: 9 centres (bre, mar, nap, par, por, rom, spa, tun, ven); units F por');
    const first = hoverText(ws, doc, at(declareGame, 'england allies france', 18));
    expect(first).toContain('`england allies france`: england declares france its ally; in force once france declares england');
    expect(first).toContain('In fall 1905 movement: 8 centres');
  });

  it('references and rename reach every power of winner A, B, draw, score and the declarations', async () => {
    const ws = workspace();
    const doc = put(ws, DECLARE, declareGame);
    const refs = (await references(ws, doc, at(declareGame, 'winner england, france', 19), false)).filter((r) => r.uri === fileUri(DECLARE));
    expect(refs.map((r) => `${r.range.start.line}:${r.range.start.character}`)).toEqual(['10:17', '14:2', '17:9', '21:2', '27:22', '27:41', '35:20', '37:18', '39:8']);
    const eng = (await references(ws, doc, at(declareGame, 'winner england', 9), false)).filter((r) => r.uri === fileUri(DECLARE));
    expect(eng.map((r) => `${r.range.start.line}:${r.range.start.character}`)).toEqual(['10:2', '13:2', '16:9', '27:13', '27:32', '34:21', '35:11', '37:9']);
    // Rename, on a workspace variant (the built-in variants' symbols are not renamed).
    const path = join(WS, 'memory-allies.dipgame');
    const text = [
      'variant "tiny.dipmap"',
      'rule victory-centres 2',
      'rule alliance-victory solo-threshold',
      'rule victory-ties extend',
      'rule scoring draw-size',
      '',
      'phase spring 1901 movement',
      '  red:',
      '    A hom - mid',
      '  blue:',
      '    F far - ins',
      'expect',
      '  winner none',
      '',
      'declare',
      '  red allies blue',
      '  blue allies red',
      '  draw red, blue by blue',
      'expect',
      '  winner red, blue',
      '  result alliance 1901',
      '  score blue 1/2',
      '',
    ].join('\n');
    const g = put(ws, path, text) as GameDoc;
    expect(g.run.expectations.filter((e) => !e.ok)).toEqual([]);
    const edit = await rename(ws, g, at(text, 'winner red, blue', 13), 'cyan');
    const mine = edit?.changes?.[fileUri(path)] ?? [];
    for (const e of mine) expect(TextEdit.is(e)).toBe(true);
    expect(mine.map((e) => `${e.range.start.line}:${e.range.start.character}:${e.newText}`)).toEqual(['9:2:cyan', '15:13:cyan', '16:2:cyan', '17:12:cyan', '17:20:cyan', '19:14:cyan', '21:8:cyan']);
    expect(Object.keys(edit?.changes ?? {}).map((u) => u.split('/').pop()).sort()).toEqual(['a.dipgame', 'b.dipgame', 'memory-allies.dipgame', 'tiny.dipmap']);
  });
});

describe('the map language\'s country', () => {
  const tinyText = readFileSync(tinyMap, 'utf8');

  it('completion: the keyword in a power block; after country the land and coastal provinces no other power has', () => {
    const ws = workspace();
    const t1 = tinyText.replace('  home hom\n', '  home hom\n  country \n');
    expect(labels(completion(ws, put(ws, tinyMap, t1) as MapDoc, at(t1, '  country \n', 10)))).toEqual(['hom', 'mid', 'spl']);
    // Listed already, or in blue's country: not offered; the word being typed is.
    const t2 = tinyText.replace('  home far\n', '  home far\n  country spl\n').replace('  home hom\n', '  home hom\n  country mid, \n');
    expect(labels(completion(ws, put(ws, tinyMap, t2) as MapDoc, at(t2, 'country mid, ')))).toEqual(['hom']);
    expect(labels(completion(ws, put(ws, tinyMap, t2) as MapDoc, at(t2, 'country mid')))).toEqual(['mid']);
  });

  it('hover on a province of a home country names the power, in the map and in a game', () => {
    const ws = workspace();
    const map = tinyText.replace('  home hom\n', '  home hom\n  country hom, mid\n');
    const doc = put(ws, tinyMap, map) as MapDoc;
    expect(diagnostics(doc)).toEqual([]);
    expect(hoverText(ws, doc, at(map, 'province mid', 10))).toBe('**Middle** (`mid`): inland\n\nIn the home country of Red (`red`)\n\nArmy neighbours: far, hom, spl');
    // A home centre says so, not the country as well.
    expect(hoverText(ws, doc, at(map, 'country hom', 10))?.split('\n\n')[1]).toBe('Home centre of Red');
    const a = readFileSync(gameA, 'utf8');
    expect(hoverText(ws, put(ws, gameA, a), at(a, 'A hom - mid', 10))).toBe(
      '**Middle** (`mid`): inland\n\nIn the home country of Red (`red`)\n\nArmy neighbours: far, hom, spl\n\nIn spring 1901 movement: unit none',
    );
  });

  it('references and rename include the country lists', async () => {
    const ws = workspace();
    const map = tinyText.replace('  home hom\n', '  home hom\n  country hom, mid\n');
    const doc = put(ws, tinyMap, map) as MapDoc;
    const refs = await references(ws, doc, at(map, 'country hom, mid', 14), true);
    expect(refs.map((r) => `${r.uri.split('/').pop()}:${r.range.start.line}:${r.range.start.character}`)).toEqual([
      'a.dipgame:4:12', 'tiny.dipmap:6:9', 'tiny.dipmap:16:12', 'tiny.dipmap:17:7', 'tiny.dipmap:27:15',
    ]);
    const edit = await rename(ws, doc, at(map, 'province mid', 10), 'mdl');
    expect(edit?.changes?.[fileUri(tinyMap)]?.map((e) => `${e.range.start.line}:${e.range.start.character}`)).toEqual(['6:9', '16:12', '17:7', '27:15']);
    expect(tokenSpans(doc).filter((s) => s.line === 27).map((s) => `${s.character}:${s.length}:${s.type}`)).toEqual(['2:7:keyword', '10:3:variable', '15:3:variable']);
  });
});

describe('the old rules\' order forms: retreat, build and disband lists', () => {
  it('completion after retreat: the unit\'s neighbours not listed yet (who stands there now as detail), then disband', () => {
    const ws = workspace();
    const detail = (items: CompletionItem[]): string[] => items.map((i) => (i.detail ? `${i.label} (${i.detail})` : i.label));
    const t1 = postalGame.replace('A mun H retreat ber, kie, ruh', 'A mun H retreat ');
    expect(detail(completion(ws, game(ws, POSTAL, t1), at(t1, 'A mun H retreat ')))).toEqual([
      'ber (now: A ber (germany))', 'boh (now: A boh (austria))', 'bur', 'kie', 'ruh', 'sil (now: A sil (germany))', 'tyr (now: A tyr (austria))',
      'disband (disband when no listed place is a legal retreat)',
    ]);
    const t2 = postalGame.replace('A mun H retreat ber, kie, ruh', 'A mun H retreat ber, kie, ');
    expect(labels(completion(ws, game(ws, POSTAL, t2), at(t2, 'retreat ber, kie, ')))).toEqual(['boh', 'bur', 'ruh', 'sil', 'tyr', 'disband']);
    // After a move, too; nothing after a place with no comma, or after disband.
    const t3 = postalGame.replace('A ber H retreat kie', 'A ber - kie retreat ');
    expect(labels(completion(ws, game(ws, POSTAL, t3), at(t3, 'A ber - kie retreat ')))).toEqual(['kie', 'mun', 'pru', 'sil', 'disband']);
    const t4 = postalGame.replace('A ber H retreat kie', 'A ber H retreat kie ');
    expect(labels(completion(ws, game(ws, POSTAL, t4), at(t4, 'A ber H retreat kie ')))).toEqual([]);
    // Where retreats have a phase of their own a retreat list is illegal: nothing is offered.
    const t5 = t1.replace('edition old-rules', 'edition 2023');
    expect(labels(completion(ws, game(ws, join(WS, 'memory-2023.dipgame'), t5), at(t5, 'A mun H retreat ')))).toEqual([]);
  });

  it('formatting keeps the lists as orders, idempotently', () => {
    const ws = workspace();
    const path = join(WS, 'memory-postal-format.dipgame');
    const messy = postalGame.replace('    A mun H retreat ber, kie, ruh', 'A mun H retreat ber, kie, ruh').replace('    Build A bud, F tri', '        Build A bud, F tri   ').replace('    Disband A sil, A kie', '  Disband A sil, A kie');
    const once = formatText(put(ws, path, messy));
    expect(once).toBe(postalGame);
    expect(format(put(ws, POSTAL, postalGame))).toEqual([]);
  });

  it('hover on a list entry: what became of it; on the order: the whole list', () => {
    const ws = workspace();
    const doc = put(ws, POSTAL, postalGame);
    const last = (s: string | undefined): string | undefined => s?.split('\n\n').pop();
    expect(last(hoverText(ws, doc, at(postalGame, 'retreat ber, kie, ruh', 9)))).toBe('Retreat list entry: passed over, the province is occupied (occupied)');
    expect(last(hoverText(ws, doc, at(postalGame, 'retreat ber, kie, ruh', 14)))).toBe('Retreat list entry: the unit retreated here');
    expect(last(hoverText(ws, doc, at(postalGame, 'retreat ber, kie, ruh', 19)))).toBe('Retreat list entry: not reached, the unit retreated to kie');
    expect(last(hoverText(ws, doc, at(postalGame, 'A ber H retreat kie', 17)))).toBe('Retreat list entry: not needed, the unit was not dislodged');
    // The unit itself is no entry.
    expect(last(hoverText(ws, doc, at(postalGame, 'A mun H retreat', 3)))).toBe('In spring 1901 movement: owner germany, unit A mun (germany)');
    expect(last(hoverText(ws, doc, at(postalGame, 'Build A bud, F tri', 8)))).toBe('Build list entry A bud: built');
    expect(last(hoverText(ws, doc, at(postalGame, 'Build A bud, F tri', 16)))).toBe('Build list entry F tri: not carried out (too-many-builds): the power has no builds left');
    expect(last(hoverText(ws, doc, at(postalGame, 'Disband A sil, A kie', 10)))).toBe('Disband list entry A sil: disbanded');
    expect(last(hoverText(ws, doc, at(postalGame, 'Disband A sil, A kie', 18)))).toBe('Disband list entry A kie: not carried out (too-many-disbands): the power has no removals left');
    expect(hoverText(ws, doc, at(postalGame, 'A mun H retreat', 6))).toBe(
      // A boh - mun with A tyr's support (2) against A mun's hold (1).
      '**A mun H retreat ber, kie, ruh**\n\nRead as `A mun H retreat ber, kie, ruh` (germany)\n\nResult: fails: dislodged by A boh - mun (2 against 1)\n\nWhy: fails (dislodged): the unit was dislodged\n\n' +
        'Retreat list: ber, kie, ruh (then retreat-default)\n\nDislodged from boh: retreated to kie; passed over ber (occupied)\n\nExpected: fails',
    );
    expect(hoverText(ws, doc, at(postalGame, 'Build A bud', 2))).toBe(
      '**Build A bud, F tri**\n\nRead as `Build A bud, F tri` (austria)\n\nResult: succeeds\n\n- A bud: built\n- F tri: not carried out (too-many-builds): the power has no builds left',
    );
  });
});

describe('misspelt names and rule conflicts', () => {
  it('DF8030: a quick fix writes the canonical id for the misspelt words', () => {
    const ws = workspace();
    const text = example.replace('A par - bur', 'A par - burgandy').replace('F nth C A yor - nwy', 'F North Atlantc Ocean H');
    const doc = put(ws, EXAMPLE, text);
    const warnings = diagnostics(doc).filter((d) => d.code === 'DF8030');
    expect(warnings.map((d) => d.message)).toEqual(["read 'burgandy' as bur (Burgundy)", "read 'North Atlantc Ocean' as nao (North Atlantic Ocean)"]);
    const actions = codeActions(ws, doc, { start: at(text, 'burgandy', 3), end: at(text, 'burgandy', 3) });
    for (const a of actions) expect(CodeAction.is(a)).toBe(true);
    const fix = actions.find((a) => a.kind === 'quickfix');
    expect(fix?.title).toBe("Write bur (Burgundy) for 'burgandy'");
    expect(fix?.isPreferred).toBe(true);
    expect(fix?.diagnostics?.map((d) => d.code)).toEqual(['DF8030']);
    expect(fix?.edit?.changes?.[doc.uri]).toEqual([{ range: { start: at(text, 'burgandy', 0), end: at(text, 'burgandy') }, newText: 'bur' }]);
    const sea = codeActions(ws, doc, { start: at(text, 'Atlantc', 0), end: at(text, 'Atlantc', 0) }).find((a) => a.kind === 'quickfix');
    expect(sea?.edit?.changes?.[doc.uri]).toEqual([{ range: { start: at(text, 'North Atlantc Ocean', 0), end: at(text, 'North Atlantc Ocean') }, newText: 'nao' }]);
    // Applied, the warning is gone.
    expect(diagnostics(put(ws, EXAMPLE, text.replace('burgandy', 'bur'))).filter((d) => d.code === 'DF8030').map((d) => d.message)).toEqual([
      "read 'North Atlantc Ocean' as nao (North Atlantic Ocean)",
    ]);
  });

  it('DF2014, DF8008, DF8007: the hover on the rule line explains the conflict as docs/RULES.md does', () => {
    const ws = workspace();
    const path = join(WS, 'memory-conflicts.dipgame');
    const text = 'variant classic\nedition 2023\nrule retreats priority-list\nrule alliance-victory solo-threshold\nrule victory-ties shared\nrule solo-bonus 5\n';
    const doc = put(ws, path, text);
    expect(diagnostics(doc).map((d) => `${d.code}@${d.range.start.line}`)).toEqual(['DF8008@2', 'DF2014@4', 'DF8007@5']);
    const partial = hoverText(ws, doc, at(text, 'rule retreats', 7));
    expect(partial?.startsWith('**retreats**: How dislodged units retreat.')).toBe(true);
    expect(partial?.split('\n\n---\n\n')[1]).toBe(
      "**DF8008**, options that work together only in part (warning): retreats priority-list in a five-phase year: each movement carries out its retreats at once by the lists, so its retreat phases never have anything to do; the old rules' year without them is year-shape postal\n\n" +
        'docs/RULES.md, "Options that conflict": `retreats priority-list` in a year with retreat phases (priority retreat lists under a five-phase year); what happens: Each movement carries out its retreats at once by the lists (else `retreat-default`), so the retreat phases never have anything to do. The old rules\' year without them is `year-shape postal`.',
    );
    // On the `rule` word itself: the conflict alone.
    expect(hoverText(ws, doc, at(text, 'rule victory-ties', 1))).toBe(
      '**DF2014**, options that cannot work together (error): alliance-victory with victory-ties shared: two alliances (or an alliance and a power) meeting a condition at once would share the win, so more than two powers would win together, which an alliance victory rules out (000 §4b); write victory-ties extend (000 §4)\n\n' +
        'docs/RULES.md, "Options that conflict": `alliance-victory` (a number or `solo-threshold`) with `victory-ties shared`; why: Two alliances, or an alliance and a power, meeting a condition at once would share the win, so more than two powers would win together, which an alliance victory rules out (000 §4b). Write `victory-ties extend` (000 §4).',
    );
    const ignored = hoverText(ws, doc, at(text, 'rule solo-bonus 5', 16));
    expect(ignored?.endsWith('docs/RULES.md, "Options that conflict": `solo-bonus`; ignored when: `scoring` is not `centres-plus-bonus`.')).toBe(true);
    // A line without a conflict: no such section.
    expect(hoverText(ws, doc, at(text, 'rule alliance-victory', 7))).not.toContain('---');
    // In a map's rules block, the same.
    const tinyText = readFileSync(tinyMap, 'utf8');
    const map = `${tinyText}\nrules {\n  solo-bonus 5\n}\n`;
    const mdoc = put(ws, tinyMap, map) as MapDoc;
    expect(diagnostics(mdoc).map((d) => d.code)).toEqual(['DF8007']);
    expect(hoverText(ws, mdoc, at(map, '  solo-bonus', 4))?.split('\n\n---\n\n')[1]?.startsWith('**DF8007**, an option that has no effect (warning): solo-bonus is ignored')).toBe(true);
  });

  it('every explanation is docs/RULES.md\'s own words, and every conflict the checks give has one', () => {
    const rules = readFileSync(join(WS, '../../../../../docs/RULES.md'), 'utf8').replace(/\s+/g, ' ');
    for (const c of CONFLICT_DOCS) {
      expect(rules, c.combination).toContain(c.combination.replace(/\s+/g, ' '));
      expect(rules, c.explanation).toContain(c.explanation.replace(/\s+/g, ' '));
    }
    // Games that give each conflict of the document's tables: each message has its explanation.
    const ws = workspace();
    const games = [
      'edition 2023\nrule year-shape postal\nrule adjustments priority-list',
      'edition old-rules\nrule adjustments phase',
      'edition 2023\nrule adjustments priority-list',
      'edition 2023\nrule year-shape custom\nrule custom-phases spring-retreat',
      'edition 2023\nrule alliance-victory solo-threshold\nrule victory-ties shared',
      'edition 2023\nrule retreats priority-list',
      'edition 2023\nrule adjustments priority-list\nrule retreats priority-list',
      'edition 2023\nrule custom-phases spring-movement',
      'edition old-rules\nrule excess-builds first',
      'edition 2023\nrule alliance-victory off\nrule solo-beats-alliance true\nrule alliance-bonus 3',
      'edition 2023\nrule solo-bonus 5\nrule scoring none',
      'edition 1971\nrule support-cut-via-convoy cut\nrule via-convoy-fallback true',
    ];
    const seen = new Set<string>();
    games.forEach((g, i) => {
      const doc = put(ws, join(WS, `memory-conflict-${i}.dipgame`), `variant classic\n${g}\n`);
      const list = diagnostics(doc).filter((d) => d.code === 'DF2014' || d.code === 'DF8008' || d.code === 'DF8007');
      expect(list.length, g).toBeGreaterThan(0);
      for (const d of list) {
        const message = typeof d.message === 'string' ? d.message : d.message.value;
        const known = CONFLICT_DOCS.findIndex((c) => c.code === d.code && c.message.test(message));
        expect(known, message).toBeGreaterThanOrEqual(0);
        seen.add(String(known));
      }
    });
    expect(seen.size).toBe(CONFLICT_DOCS.length);
  });
});
