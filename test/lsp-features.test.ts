/**
 * The language server's features, in process: each feature function against
 * the document store, with exact expected items (the classic example game,
 * a random 100-phase game, and a tiny variant with two games that use it):
 * diagnostics, hover, definition, references and rename, symbols, folding and
 * tokens, formatting, code actions, lenses, inlay hints and signature help.
 * Completion is test/lsp-completion.test.ts; the language additions are
 * test/lsp-declare.test.ts and test/lsp-language-additions.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CodeAction,
  CodeLens,
  Diagnostic,
  DiagnosticSeverity,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  Location,
  TextEdit,
} from 'vscode-languageserver-protocol';
import {
  codeActions,
  codeLenses,
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
} from '@dipforge/lsp';
import { parseGame, parseMap, runGame, GameWorkspace } from '@dipforge/dsl';
import { at, EXAMPLE, fileUri, put, RANDOM_100, workspace, WS } from '../packages/lsp/test/util.js';
import { isSignatureInformation, isWorkspaceSymbol } from '../packages/lsp/test/shapes.js';
import { messageText } from './helpers/lsp-features.js';

const example = readFileSync(EXAMPLE, 'utf8');
const tinyMap = join(WS, 'tiny.dipmap');
const gameA = join(WS, 'a.dipgame');

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
