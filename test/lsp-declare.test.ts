/**
 * The language server's features on `declare` blocks and the expectations of
 * the result of the game (packages/lsp/test/fixtures/declare.dipgame), in
 * process: tokens, completion, hover, symbols, folding, references, rename and
 * formatting.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentSymbol, FoldingRange, TextEdit } from 'vscode-languageserver-protocol';
import {
  completion,
  documentSymbols,
  foldingRanges,
  format,
  formatText,
  references,
  rename,
  tokenSpans,
  type GameDoc,
} from '@dipforge/lsp';
import { parseGame } from '@dipforge/dsl';
import { at, DECLARE, fileUri, put, workspace, WS } from '../packages/lsp/test/util.js';
import { labels, game, hoverText } from './helpers/lsp-features.js';

const declareGame = readFileSync(DECLARE, 'utf8');

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
