/**
 * The language server over stdio, as an editor talks to it: the real
 * `dipforge lsp --stdio` process and a protocol client. Every result is
 * checked for its shape (`Diagnostic.is`, …) and against exact expectations.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depth } from './helpers/depth.js';
import {
  CodeActionRequest,
  CodeAction,
  CodeLens,
  CodeLensRequest,
  CompletionRequest,
  DefinitionRequest,
  Diagnostic,
  DocumentFormattingRequest,
  DocumentSymbol,
  DocumentSymbolRequest,
  ErrorCodes,
  FoldingRange,
  FoldingRangeRequest,
  Hover,
  HoverRequest,
  InlayHint,
  InlayHintRequest,
  Location,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  ResponseError,
  SemanticTokensRequest,
  SignatureHelpRequest,
  TextEdit,
  WorkspaceSymbolRequest,
  type CompletionItem,
  type CompletionList,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol';
import { startStdio, read, type StdioClient } from '../packages/lsp/test/harness.js';
import { isCompletionItem, isSignatureInformation, isWorkspaceSymbol } from '../packages/lsp/test/shapes.js';
import { applyTextEdits as applyEdits, at, DECLARE, EXAMPLE, fileUri, POSTAL, RANDOM_100, WS } from '../packages/lsp/test/util.js';

const example = read(EXAMPLE);
const exampleUri = fileUri(EXAMPLE);
const tinyMap = join(WS, 'tiny.dipmap');
const gameA = join(WS, 'a.dipgame');

let client: StdioClient;

beforeAll(async () => {
  client = await startStdio([WS]);
}, 60_000);

afterAll(async () => {
  await client?.close();
});

function items(result: CompletionItem[] | CompletionList | null): CompletionItem[] {
  const list = Array.isArray(result) ? result : (result?.items ?? []);
  for (const i of list) expect(isCompletionItem(i)).toBe(true);
  return list;
}

function allDiagnostics(list: unknown[]): void {
  for (const d of list) expect(Diagnostic.is(d)).toBe(true);
}

describe('dipforge lsp --stdio', () => {
  it('initializes with the features it serves', () => {
    const caps = client.initialize.capabilities;
    expect(client.initialize.serverInfo?.name).toBe('dipforge');
    for (const k of ['completionProvider', 'hoverProvider', 'definitionProvider', 'referencesProvider', 'renameProvider', 'documentSymbolProvider', 'workspaceSymbolProvider', 'foldingRangeProvider', 'semanticTokensProvider', 'documentFormattingProvider', 'codeActionProvider', 'codeLensProvider', 'inlayHintProvider', 'signatureHelpProvider']) {
      expect(caps, k).toHaveProperty(k);
    }
  });

  it('publishes diagnostics as the document changes, each well-formed', async () => {
    const first = await client.open(exampleUri, example);
    allDiagnostics(first.diagnostics);
    expect(first.diagnostics.filter((d) => d.severity === 1)).toEqual([]);
    // Type a bad province in the spring.
    const pos = at(example, 'A par - bur', 8);
    const changed = await client.change(exampleUri, [{ range: { start: pos, end: { line: pos.line, character: pos.character + 3 } }, text: 'burx' }]);
    allDiagnostics(changed.diagnostics);
    const errors = changed.diagnostics.filter((d) => d.severity === 1);
    expect(errors.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([['DF2001', pos.line, pos.character]]);
    const back = await client.change(exampleUri, [{ range: { start: pos, end: { line: pos.line, character: pos.character + 4 } }, text: 'bur' }]);
    expect(back.diagnostics.filter((d) => d.severity === 1)).toEqual([]);
  });

  it('completes after A par - with exactly bre, bur, gas, pic', async () => {
    const pos = at(example, 'A par - bur', 8);
    await client.change(exampleUri, [{ range: { start: pos, end: { line: pos.line, character: pos.character + 3 } }, text: '' }]);
    const result = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: exampleUri }, position: pos });
    expect(items(result).map((i) => i.label)).toEqual(['bre', 'bur', 'gas', 'pic']);
    await client.change(exampleUri, [{ range: { start: pos, end: pos }, text: 'bur' }]);
  });

  it('hovers a province and an order', async () => {
    const h = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: exampleUri }, position: at(example, 'A par - bur', 9) });
    expect(Hover.is(h)).toBe(true);
    expect((h?.contents as { value: string }).value.startsWith('**Burgundy** (`bur`): inland')).toBe(true);
    const o = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: exampleUri }, position: at(example, 'A ukr - rum', 6) });
    expect((o?.contents as { value: string }).value).toContain('Result: fails: bounced by A gal - rum (1 against 1)');
  });

  it('goes to the definition in the map, finds references, renames across files', async () => {
    const a = read(gameA);
    await client.open(fileUri(gameA), a);
    const def = await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri: fileUri(gameA) }, position: at(a, 'A hom', 3) });
    expect(Location.is(def)).toBe(true);
    expect(def).toEqual({ uri: fileUri(tinyMap), range: { start: { line: 5, character: 9 }, end: { line: 5, character: 12 } } });
    const refs = await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri: fileUri(gameA) }, position: at(a, 'A hom', 3), context: { includeDeclaration: true } });
    for (const r of refs ?? []) expect(Location.is(r)).toBe(true);
    expect(refs?.length).toBe(6);
    const prep = await client.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri: fileUri(gameA) }, position: at(a, 'A hom', 3) });
    expect(prep).toEqual({ range: { start: { line: 4, character: 6 }, end: { line: 4, character: 9 } }, placeholder: 'hom' });
    const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri: fileUri(gameA) }, position: at(a, 'A hom', 3), newName: 'hq' });
    const changes = edit?.changes ?? {};
    for (const list of Object.values(changes)) for (const e of list) expect(TextEdit.is(e)).toBe(true);
    expect(Object.fromEntries(Object.entries(changes).map(([u, l]) => [u.split('/').pop(), l.length]))).toEqual({ 'a.dipgame': 1, 'tiny.dipmap': 4 });
  });

  it('re-checks an open game when its map changes', async () => {
    const map = read(tinyMap);
    await client.open(fileUri(tinyMap), map);
    const version = client.version(fileUri(gameA));
    const start = at(map, 'province mid', 9);
    // Rename mid in its declaration only: the map no longer compiles, and the game says so.
    const waitGame = client.diagnostics(fileUri(gameA), version);
    await client.change(fileUri(tinyMap), [{ range: { start, end: { line: start.line, character: start.character + 3 } }, text: 'mdl' }]);
    await waitGame;
    // The game was published again after the map changed: poll its latest diagnostics.
    const deadline = Date.now() + 10_000;
    let codes: unknown[] = [];
    while (Date.now() < deadline) {
      const latest = await client.latest(fileUri(gameA));
      codes = latest?.diagnostics.filter((d) => d.severity === 1).map((d) => d.code) ?? [];
      if (codes.includes('DF6010')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(codes).toContain('DF6010');
    await client.change(fileUri(tinyMap), [{ range: { start, end: { line: start.line, character: start.character + 3 } }, text: 'mid' }]);
  });

  it('symbols, workspace symbols, folding, semantic tokens', async () => {
    const syms = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: exampleUri } });
    for (const s of syms ?? []) expect(DocumentSymbol.is(s)).toBe(true);
    expect((syms as DocumentSymbol[]).map((s) => s.name)).toEqual(['phase spring 1901 movement', 'phase fall 1901 movement', 'phase winter 1901 adjustment']);
    const wsyms = await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'sea' });
    for (const s of (wsyms ?? []) as unknown[]) expect(isWorkspaceSymbol(s)).toBe(true);
    expect((wsyms ?? []).map((s) => s.name)).toEqual(['ins', 'out']);
    const folds = await client.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri: exampleUri } });
    for (const f of folds ?? []) expect(FoldingRange.is(f)).toBe(true);
    expect(folds?.[1]).toEqual({ startLine: 5, endLine: 34 });
    const tokens = await client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri: exampleUri } });
    expect(tokens?.data.length).toBeGreaterThan(100);
    expect(tokens?.data.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
  });

  it('formats, offers code actions, lenses, inlay hints and signature help', async () => {
    const fmt = await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: exampleUri }, options: { tabSize: 2, insertSpaces: true } });
    expect(fmt).toEqual([]);
    const lenses = await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: exampleUri } });
    for (const l of lenses ?? []) expect(CodeLens.is(l)).toBe(true);
    expect(lenses?.map((l) => l.command?.arguments?.[0].phase)).toEqual(['spring 1901 movement', 'fall 1901 movement', 'winter 1901 adjustment']);
    const hints = await client.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri: exampleUri }, range: { start: { line: 0, character: 0 }, end: { line: 35, character: 0 } } });
    for (const h of hints ?? []) expect(InlayHint.is(h)).toBe(true);
    expect(hints?.length).toBe(22); // the spring's orders: 3 for each power, 4 for Russia
    const pos = at(example, 'A par - bur', 5);
    await client.change(exampleUri, [{ range: { start: at(example, 'A par - bur', 0), end: at(example, 'A par - bur') }, text: 'Army Paris -> Burgundy' }]);
    const actions = await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri: exampleUri }, range: { start: pos, end: pos }, context: { diagnostics: [] } });
    for (const a of actions ?? []) expect(CodeAction.is(a)).toBe(true);
    expect((actions ?? []).map((a) => a.title)).toContain('Write as A par - bur');
    const sig = await client.connection.sendRequest(SignatureHelpRequest.type, { textDocument: { uri: exampleUri }, position: { line: pos.line, character: pos.character + 6 } });
    for (const s of sig?.signatures ?? []) expect(isSignatureInformation(s)).toBe(true);
    expect(sig?.activeSignature).toBe(1);
    await client.change(exampleUri, [{ range: { start: { line: 0, character: 0 }, end: { line: 10_000, character: 0 } }, text: example }]);
  });

  it('declare blocks: completion, hover, references, tokens, folding, symbols and formatting', async () => {
    const declareGame = read(DECLARE);
    const uri = fileUri(DECLARE);
    const text = declareGame.replace('  germany allies none\n', '  alliance england, \n');
    const opened = await client.open(uri, text);
    allDiagnostics(opened.diagnostics);
    const comp = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: at(text, '  alliance england, ') });
    expect(items(comp).map((i) => i.label)).toEqual(['austria', 'france', 'germany', 'italy', 'russia', 'turkey']);
    await client.change(uri, [{ text: declareGame }]);
    const h = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at(declareGame, 'alliance england, france', 21) });
    expect(Hover.is(h)).toBe(true);
    expect((h?.contents as { value: string }).value.split('\n\n').pop()).toBe(
      '`alliance england, france`: the alliance of england and france is in force: england and france won as allies with 18 centres in 1905',
    );
    const refs = await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: at(declareGame, 'winner england, france', 19), context: { includeDeclaration: false } });
    for (const r of refs ?? []) expect(Location.is(r)).toBe(true);
    expect((refs ?? []).filter((r) => r.uri === uri).map((r) => `${r.range.start.line}:${r.range.start.character}`)).toEqual(['10:17', '14:2', '17:9', '21:2', '27:22', '27:41', '35:20', '37:18', '39:8']);
    const tokens = await client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } });
    // Decoded: the `declare` keyword of line 9 and the `allies` of line 10.
    const data = tokens?.data ?? [];
    const decoded: string[] = [];
    for (let i = 0, line = 0, char = 0; i < data.length; i += 5) {
      line += data[i] as number;
      char = data[i] === 0 ? char + (data[i + 1] as number) : (data[i + 1] as number);
      decoded.push(`${line}:${char}:${data[i + 2]}:${client.initialize.capabilities.semanticTokensProvider?.legend.tokenTypes[data[i + 3] as number]}`);
    }
    expect(decoded.filter((d) => d.startsWith('9:') || d.startsWith('10:'))).toEqual(['9:0:7:keyword', '10:2:7:type', '10:10:6:keyword', '10:17:6:type']);
    const folds = await client.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } });
    expect((folds ?? []).filter((f) => f.startLine >= 27).map((f) => [f.startLine, f.endLine])).toEqual([[27, 30], [28, 30], [32, 39], [36, 39], [41, 42]]);
    const syms = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
    expect((syms as DocumentSymbol[]).map((s) => s.name)).toEqual(['declare', 'position fall 1905 movement', 'phase fall 1905 movement', 'phase fall 1905 retreat', 'declare', 'declare', 'declare']);
    const messy = declareGame.replace('  germany allies none', '      germany allies none   ').replace('  result none', 'result none');
    await client.change(uri, [{ text: messy }]);
    const fmt = await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    for (const e of fmt ?? []) expect(TextEdit.is(e)).toBe(true);
    expect(fmt?.length).toBe(1);
    await client.change(uri, (fmt ?? []).map((e) => ({ range: e.range, text: e.newText })));
    const again = await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    expect(again).toEqual([]);
  });

  it('the map language\'s country: keyword and province completion, hover on a province of a home country', async () => {
    const uri = fileUri(tinyMap);
    const original = read(tinyMap);
    const send = (text: string) => (client.version(uri) > 0 ? client.change(uri, [{ text }]) : client.open(uri, text));
    const withKeyword = original.replace('  home hom\n', '  home hom\n  \n');
    await send(withKeyword);
    const kw = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: at(withKeyword, '  home hom\n  ') });
    expect(items(kw).map((i) => i.label)).toEqual(['adjective', 'colour', 'name', 'alias', 'home', 'country', 'units', 'owns']);
    const withCountry = original.replace('  home hom\n', '  home hom\n  country \n');
    await send(withCountry);
    const provinces = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: at(withCountry, '  country \n', 10) });
    expect(items(provinces).map((i) => i.label)).toEqual(['hom', 'mid', 'spl']);
    const done = original.replace('  home hom\n', '  home hom\n  country hom, mid\n');
    const d = await send(done);
    expect(d.diagnostics).toEqual([]);
    const h = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at(done, 'province mid', 10) });
    expect((h?.contents as { value: string }).value).toBe('**Middle** (`mid`): inland\n\nIn the home country of Red (`red`)\n\nArmy neighbours: far, hom, spl');
    const refs = await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: at(done, 'country hom, mid', 14), context: { includeDeclaration: true } });
    expect((refs ?? []).filter((r) => r.uri === uri).map((r) => `${r.range.start.line}:${r.range.start.character}`)).toEqual(['6:9', '16:12', '17:7', '27:15']);
    await send(original);
  });

  it('the old rules\' order forms: completion after retreat, hover on a list entry, formatting keeps them', async () => {
    const uri = fileUri(POSTAL);
    const postal = read(POSTAL);
    const text = postal.replace('A mun H retreat ber, kie, ruh', 'A mun H retreat ber, ');
    await client.open(uri, text);
    const comp = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: at(text, 'A mun H retreat ber, ') });
    expect(items(comp).map((i) => i.label)).toEqual(['boh', 'bur', 'kie', 'ruh', 'sil', 'tyr', 'disband']);
    await client.change(uri, [{ text: postal }]);
    const h = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at(postal, 'retreat ber, kie, ruh', 9) });
    expect((h?.contents as { value: string }).value.split('\n\n').pop()).toBe('Retreat list entry: passed over, the province is occupied (occupied)');
    const b = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at(postal, 'Build A bud, F tri', 16) });
    expect((b?.contents as { value: string }).value.split('\n\n').pop()).toBe('Build list entry F tri: not carried out (too-many-builds): the power has no builds left');
    const fmt = await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    expect(fmt).toEqual([]);
  });

  it('an old-rules game typed from scratch: phases, retreat, power blocks, Build and Disband lists; a word begun says what is expected', async () => {
    const uri = fileUri(join(WS, 'memory-typed-postal.dipgame'));
    let text = 'variant classic\nedition old-rules\n\n';
    await client.open(uri, text);
    const end = (): { line: number; character: number } => at(text, text);
    /** Types `more` at the end, as an editor sends it (an incremental change), and gives the diagnostics of the line typed on. */
    const type = async (more: string): Promise<string[]> => {
      const pos = end();
      text += more;
      const d = await client.change(uri, [{ range: { start: pos, end: pos }, text: more }]);
      return d.diagnostics.filter((x) => x.range.start.line === end().line && x.severity === 1).map((x) => String(x.message));
    };
    const offered = async (): Promise<string[]> => items(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: end() })).map((i) => i.label);
    await type('phase ');
    expect(await offered()).toEqual(['spring 1901 movement', 'fall 1901 movement']);
    await type('spring 1901 movement\n  germany:');
    const colon = items(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: end() }));
    expect(colon.map((i) => (i.textEdit && 'newText' in i.textEdit ? i.textEdit.newText : ''))).toEqual([' A ber', ' A mun', ' F kie']);
    await type('\n    A mun H ');
    expect(await offered()).toEqual(['retreat']);
    expect(await type('r')).toEqual(["the order stops at 'r': expected retreat PROVINCE, PROVINCE… (a retreat list; disband may end it)"]);
    await type('etreat ber, ');
    expect(await offered()).toEqual(['boh', 'bur', 'kie', 'ruh', 'sil', 'tyr', 'disband']);
    await type('kie\n  ');
    expect(await offered()).toEqual(['austria:', 'england:', 'france:', 'germany:', 'italy:', 'russia:', 'turkey:']);
    expect(await type('fra')).toEqual(["the order stops at 'fra': expected france: (France's orders), or a unit and its order"]);
    expect(await offered()).toEqual(['france:']);
    await type('nce:\n    A par H\n\nphase ');
    expect(await offered()).toEqual(['fall 1901 movement', 'spring 1902 movement']);
    await type('fall 1901 movement\n  germany:\n    ');
    expect(await offered()).toEqual(['A ber', 'A mun', 'F kie', 'Build', 'Disband']);
    expect(await type('Bu')).toEqual(["the order stops at 'Bu': expected Build UNIT, UNIT… (a build list), or a unit and its order"]);
    expect(await offered()).toEqual(['Build']);
    await type('ild ');
    expect(await offered()).toEqual(['A ber', 'F ber', 'A kie', 'F kie', 'A mun']);
    await type('F kie\n    Disband ');
    // All at home on a centre: by where they stand.
    expect(await offered()).toEqual(['A ber', 'F kie', 'A mun']);
    expect(await type('F kie')).toEqual([]);
  });

  it('a quick fix for a misspelt name (DF8030); the hover on a rule line explains its conflict', async () => {
    const text = example.replace('A par - bur', 'A par - burgandy');
    const d = await client.change(exampleUri, [{ text }]);
    expect(d.diagnostics.filter((x) => x.code === 'DF8030').map((x) => x.message)).toEqual(["read 'burgandy' as bur (Burgundy)"]);
    const pos = at(text, 'burgandy', 2);
    const actions = await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri: exampleUri }, range: { start: pos, end: pos }, context: { diagnostics: [] } });
    for (const a of actions ?? []) expect(CodeAction.is(a)).toBe(true);
    const fix = (actions as CodeAction[]).find((a) => a.kind === 'quickfix');
    expect(fix?.title).toBe("Write bur (Burgundy) for 'burgandy'");
    expect(fix?.edit?.changes?.[exampleUri]).toEqual([{ range: { start: at(text, 'burgandy', 0), end: at(text, 'burgandy') }, newText: 'bur' }]);
    await client.change(exampleUri, [{ text: example }]);
    const uri = fileUri(join(WS, 'memory-conflict.dipgame'));
    const conflict = 'variant classic\nedition 2023\nrule alliance-victory solo-threshold\nrule victory-ties shared\n';
    const c = await client.open(uri, conflict);
    expect(c.diagnostics.map((x) => `${x.code}@${x.range.start.line}`)).toEqual(['DF2014@3']);
    const h = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at(conflict, 'victory-ties shared', 15) });
    const value = (h?.contents as { value: string }).value;
    expect(value.startsWith('**victory-ties shared**')).toBe(true);
    expect(value.split('\n\n').pop()).toBe(
      'docs/RULES.md, "Options that conflict": `alliance-victory` (a number or `solo-threshold`) with `victory-ties shared`; why: Two alliances, or an alliance and a power, meeting a condition at once would share the win, so more than two powers would win together, which an alliance victory rules out (000 §4b). Write `victory-ties extend` (000 §4).',
    );
  });

  it('Switch Edition to old-rules converts the example and back; the winter phase under old-rules is an error with the quick fix that converts', async () => {
    const uri = fileUri(join(WS, 'memory-switch.dipgame'));
    await client.open(uri, example);
    type Switched = { edits: TextEdit[]; converted: boolean; confirm: boolean; summary: { phasesRemoved: number; phasesInserted: number }; warnings: unknown[] };
    const r = await client.connection.sendRequest<Switched>('dipforge/setEdition', { uri, edition: 'old-rules' });
    for (const e of r.edits) expect(TextEdit.is(e)).toBe(true);
    expect([r.converted, r.confirm, r.summary.phasesRemoved, r.warnings]).toEqual([true, true, 1, []]);
    const postal = applyEdits(example, r.edits);
    const d = await client.change(uri, r.edits.map((e) => ({ range: e.range, text: e.newText })).reverse());
    allDiagnostics(d.diagnostics);
    expect(d.diagnostics.filter((x) => x.severity === 1)).toEqual([]);
    expect(postal).toContain('    Build A mun, A ber\n');
    expect(postal).not.toContain('winter 1901 adjustment');
    const back = await client.connection.sendRequest<Switched>('dipforge/setEdition', { uri, edition: '2023' });
    expect(back.summary.phasesInserted).toBe(1);
    const restored = applyEdits(postal, back.edits);
    expect(restored).toContain('phase winter 1901 adjustment\n');
    // The edition line alone changed by hand: the same error as `dipforge check`, and the quick fix is the conversion.
    const byHand = example.replace('edition 2023', 'edition old-rules');
    const e = await client.change(uri, [{ text: byHand }]);
    const winter = at(byHand, 'winter 1901 adjustment', 0);
    expect(e.diagnostics.filter((x) => x.severity === 1).map((x) => `${x.code}@${x.range.start.line}:${x.range.start.character}`)).toEqual([`DF6005@${winter.line}:${winter.character}`]);
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: { start: winter, end: winter }, context: { diagnostics: [] } })) as CodeAction[];
    for (const a of actions) expect(CodeAction.is(a)).toBe(true);
    const fix = actions.find((a) => a.title === 'Convert the game to old-rules');
    expect(applyEdits(byHand, fix?.edit?.changes?.[uri] ?? [])).toBe(postal);
  });

  it('answers a request with malformed params InvalidParams and keeps running', async () => {
    const error = await client.connection.sendRequest(HoverRequest.type, { textDocument: null, position: { line: 0, character: 0 } } as never).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError<unknown>).code).toBe(ErrorCodes.InvalidParams);
    expect((error as ResponseError<unknown>).message).toBe('dipforge: textDocument/hover: params.textDocument must be an object, not null');
    const h = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: exampleUri }, position: at(example, 'A par - bur', 9) });
    expect(Hover.is(h)).toBe(true);
    expect(client.stderr.join('')).toBe('');
  });

  // `npm test` sends the first 30 edits, the slow run all 300.
  const edits = depth(30, 300);
  it(`survives ${edits} random edits over stdio, every answer well-formed`, async () => {
    const uri = fileUri(RANDOM_100);
    let text = read(RANDOM_100);
    await client.open(uri, text);
    let seed = 12345;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const junk = ['A par - ', 'phase spring 1905 movement\n', '\n', '  france:\n', '[succeeds]', '"', '//', 'S ', 'C A lon - nwy', '💥', '\r\n', 'expect\n  units none\n'];
    const lines = (t: string): string[] => t.split('\n');
    // The diagnostics of the last edit: awaited after the loop, so no edit's wait outlives the test.
    let last: { diags: Promise<PublishDiagnosticsParams>; version: number } | undefined;
    for (let i = 0; i < edits; i++) {
      const ls = lines(text);
      const line = rnd(ls.length + 2);
      const character = rnd(((ls[line] ?? '').length + 3));
      const del = rnd(3) === 0 ? rnd(20) : 0;
      const insert = rnd(2) === 0 ? (junk[rnd(junk.length)] as string) : '';
      const start = { line, character };
      const end = { line, character: character + del };
      const version = client.version(uri) + 1;
      const diags = client.change(uri, [{ range: { start, end }, text: insert }]);
      last = { diags, version };
      // Keep our copy as the server computes it: clamp like the protocol says.
      const offset = (p: { line: number; character: number }): number => {
        const ls2 = lines(text);
        const l = Math.min(p.line, ls2.length - 1);
        let o = 0;
        for (let k = 0; k < l; k++) o += (ls2[k] as string).length + 1;
        if (p.line >= ls2.length) return text.length;
        return o + Math.min(p.character, (ls2[l] as string).replace(/\r$/, '').length);
      };
      const a = offset(start);
      const b = Math.max(a, offset(end));
      text = text.slice(0, a) + insert + text.slice(b);
      const pos = { line: rnd(lines(text).length), character: rnd(30) };
      const [comp, hov] = await Promise.all([
        client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: pos }),
        client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: pos }),
      ]);
      items(comp);
      expect(hov === null || Hover.is(hov)).toBe(true);
      if (i % 25 === 0) {
        const d = await diags;
        expect(d.version).toBeGreaterThanOrEqual(version);
        allDiagnostics(d.diagnostics);
      }
    }
    // The last text's diagnostics come (and with them every earlier edit's wait ends).
    const final = await last!.diags;
    expect(final.version).toBeGreaterThanOrEqual(last!.version);
    allDiagnostics(final.diagnostics);
    // The server still answers.
    const h = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: exampleUri }, position: at(example, 'A par - bur', 9) });
    expect(Hover.is(h)).toBe(true);
  }, 300_000);
});
