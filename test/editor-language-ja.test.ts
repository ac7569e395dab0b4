/**
 * The editor in a Japanese game (test/editor-languages/ja-hover-and-spellings.dipgame), over stdio:
 * hover in Japanese with text 004's words, the province under the cursor inside an order,
 * did-you-mean across the map's spellings (a Chinese name misspelt in a Japanese order is
 * suggested in Japanese), and the English twin of the game unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { covered, expectEnglishTwin, openEditorGame, startStdio, type EditorGame } from './helpers/editor-language.js';
import type { StdioClient } from '../packages/lsp/test/harness.js';

let client: StdioClient;
let game: EditorGame;

beforeAll(async () => {
  client = await startStdio([]);
  game = await openEditorGame(client, 'ja-hover-and-spellings.dipgame');
}, 60_000);
afterAll(async () => client?.close());

describe('hover in Japanese', () => {
  it('a province inside an order shows the province: its names, terrain, centre, owner and unit at that phase', async () => {
    const paris = await game.hover('陸軍 パリ-ブルゴーニュ', 3);
    expect(paris.covers).toBe('パリ');
    expect(paris.value.split('\n\n')).toEqual([
      '**パリ**（`par`）：内陸、補給都市',
      'フランスの本国の補給都市',
      '名前：zh: 巴黎; ja: パリ; fi: Pariisi',
      '陸軍の隣接エリア：ブレスト、ブルゴーニュ、ガスコーニュ、ピカルディ',
      '1901年春の移動：保有なし、駒陸軍 パリ（フランス）',
    ]);
    const munich = await game.hover('海軍 ブレスト-ミュンヘン', 10);
    expect(munich.covers).toBe('ミュンヘン');
    expect(munich.value).toContain('**ミュンヘン**（`mun`）：内陸、補給都市');
    expect(munich.value).toContain('ドイツの本国の補給都市');
  });

  it('elsewhere on the order, the order and its result in Japanese, with the reason', async () => {
    const move = await game.hover('陸軍 パリ-ブルゴーニュ', 1);
    expect(move.covers.startsWith('陸軍 パリ-ブルゴーニュ')).toBe(true);
    expect(move.value.split('\n\n')).toEqual(['**陸軍 パリ-ブルゴーニュ**', '日本語（ja）で書かれた命令', '標準表記：`A par - bur`（france）：成功', '期待：succeeds']);
    const bounce = await game.hover('陸軍 ミュンヘン-ブルゴーニュ', 1);
    expect(bounce.value).toContain('失敗：陸軍 パリ-ブルゴーニュとスタンドオフ（1対2） — スタンドオフ (`bounced`)');
    const fleet = await game.hover('海軍 ブレスト-ミュンヘン', 1);
    expect(fleet.value).toContain('無効：海軍はミュンヘンに進入できない（内陸）');
  });

  it('a phase, a power and a unit in the expect block, in Japanese', async () => {
    expect((await game.hover('phase spring', 2)).value).toBe('**1901年春の移動**：命令5件、成功3件、失敗1件、無効1件');
    const france = await game.hover('フランス:', 1);
    expect(france.value).toContain('本国の補給都市：ブレスト、マルセイユ、パリ');
    expect(france.value).toContain('1901年春の移動：補給都市0（なし）、駒陸軍 パリ、陸軍 マルセイユ、海軍 ブレスト');
    expect((await game.hover('units france: A bur', 16)).value).toContain('1901年春の移動の後：駒陸軍 ブルゴーニュ（フランス）');
  });

  it('the code lenses and the inlay hints in the game\'s language', async () => {
    expect(await game.lensTitles()).toEqual(['地図を表示', '地図を表示']);
    const hints = [...(await game.hints())];
    const label = (start: string): string | undefined => hints.find(([line]) => line.startsWith(start))?.[1];
    expect(label('陸軍 ミュンヘン-ブルゴーニュ')).toBe('✗ 陸軍 パリ-ブルゴーニュとスタンドオフ（1対2）');
    expect(label('海軍 ブレスト-ミュンヘン')).toBe('⚠ 海軍はミュンヘンに進入できない（内陸）');
  });
});

describe('did-you-mean across spellings, in Japanese', () => {
  it('a name too short to guess: not understood, the range is the name, the suggestion and its quick fix in Japanese', async () => {
    const d = (await game.diagnosticsWith('陸軍 パリ-ブルゴーニュ ', '陸軍 パル-ブルゴーニュ ')).find((x) => x.code === 'DF6030');
    expect(d?.message).toContain("did you mean 'パリ'?");
    expect(covered(game.current(), d!)).toBe('パル');
    expect((await game.fixes(d!)).map((f) => f.newText)).toEqual(['パリ']);
  });

  it('a misspelt Chinese name in a Japanese order is suggested as Japanese writes it', async () => {
    const d = (await game.diagnosticsWith('陸軍 パリ-ブルゴーニュ ', '陸軍 巴里-ブルゴーニュ ')).find((x) => x.code === 'DF6030');
    expect(covered(game.current(), d!)).toBe('巴里');
    expect((await game.fixes(d!)).map((f) => f.newText)).toEqual(['パリ']);
  });

  it('a name guessed (one letter off) is named in Japanese and the quick fix writes it', async () => {
    const d = (await game.diagnosticsWith('陸軍 ミュンヘン-ブルゴーニュ', '陸軍 ミュンヘン-ブルゴーニョ')).find((x) => x.code === 'DF8040');
    expect(d?.message).toBe("read 'ブルゴーニョ' as 'ブルゴーニュ' (bur, Burgundy)");
    expect((await game.fixes(d!)).map((f) => f.newText)).toContain('ブルゴーニュ');
  });
});

describe('the English twin of the game', () => {
  it('answers in English, with ids, as before', async () => expectEnglishTwin(client));
});
