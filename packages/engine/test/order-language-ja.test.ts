// Japanese orders (docs/ORDER-LANGUAGES.md): every order example of the Japanese rule
// text 004 with its canonical reading, then orders as players write them: a power
// prefix, Japanese and English names mixed, a name with its other-language name in
// brackets, particles. Expected readings are the orders' meaning in the standard notation.
import { describe, expect, it } from 'vitest';
import { formatLocalizedOrder, readLocalizedOrders, type LocalizedReadContext } from '../src/orders/localized/index.js';
import { board, canonical, expectReading, units } from './helpers/localized.js';

const P: LocalizedReadContext = { power: 'england' };

const TEXT_004: [string, string, string][] = [
  ['イギリス:海軍 North Sea(北海) 維持', 'england: F nth H', '004 命令書の書式, 維持の場合'],
  ['イギリス:海軍 North Sea(北海)-Norway(ノルウェー)', 'england: F nth - nwy', '004 命令書の書式, 移動の場合'],
  [
    'イギリス:海軍 North Sea(北海)\n      支援 ドイツ:陸軍 Kiel(キール)-Holland(オランダ)',
    'england: F nth S germany A kie - hol',
    '004 命令書の書式, 支援の場合 (two lines)',
  ],
  ['RomeからVeniceへ移動', 'england: rom - ven', '004 移動と命令 (the void order of the example, read as written)'],
];

const PLAYERS: [string, string][] = [
  ['イギリス:海軍 North Sea(北海) 支援 ドイツ:陸軍 Kiel(キール)-Holland(オランダ)', 'england: F nth S germany A kie - hol'],
  ['イギリス:海軍 北海-ノルウェー', 'england: F nth - nwy'],
  ['イギリス：海軍 North Sea（北海）－Norway（ノルウェー）', 'england: F nth - nwy'],
  ['イギリス:海軍 NTH-NWY', 'england: F nth - nwy'],
  ['イギリス:F North Sea-Norway', 'england: F nth - nwy'],
  ['イギリス:海軍 North Sea(北海)-Norway', 'england: F nth - nwy'],
  ['海軍 北海 維持', 'england: F nth H'],
  ['北海の海軍を維持', 'england: F nth H'],
  ['北海の海軍はノルウェーへ移動', 'england: F nth - nwy'],
  ['ロンドンの陸軍をノルウェーへ移動', 'england: A lon - nwy'],
  ['ドイツ:陸軍 ミュンヘン-ブルゴーニュ', 'germany: A mun - bur'],
  ['ドイツ:陸軍 Munich(ミュンヘン)-Burgundy(ブルゴーニュ)', 'germany: A mun - bur'],
  ['ドイツ:陸軍 キール 維持', 'germany: A kie H'],
  ['ドイツ:海軍 キール 支援 陸軍 ベルリン-ミュンヘン', 'germany: F kie S A ber - mun'],
  ['ドイツ:陸軍 ベルリン 支援 陸軍 ミュンヘン', 'germany: A ber S A mun'],
  ['イギリス:海軍 北海 輸送 陸軍 ロンドン-ノルウェー', 'england: F nth C A lon - nwy'],
  ['イギリス:陸軍 ロンドン-北海-ノルウェー', 'england: A lon - nth - nwy'],
  ['イギリス:陸軍 ロンドン-ノルウェー 海上輸送で', 'england: A lon - nwy via convoy'],
  ['イギリス:海軍 ロンドン-English Channel(イギリス海峡)', 'england: F lon - eng'],
  ['フランス:海軍 中部大西洋-スペイン(北岸)', 'france: F mao - spa/nc'],
  ['フランス:海軍 スペイン(南岸)-マルセイユ', 'france: F spa/sc - mar'],
  ['フランス:海軍 スペイン南岸-マルセイユ', 'france: F spa/sc - mar'],
  ['フランス:海軍 Spain(sc)-Marseilles', 'france: F spa/sc - mar'],
  ['ロシア:海軍 サン・ペテルスブルグ(北岸)-バレンツ海', 'russia: F stp/nc - bar'],
  ['ロシア:海軍 サンペテルスブルグ(北岸)-バレンツ海', 'russia: F stp/nc - bar'],
  ['ロシア:陸軍 Lvn-Mos', 'russia: A lvn - mos'],
  ['オーストリア:陸軍 ウィーン-ボヘミア', 'austria: A vie - boh'],
  ['オーストリア:陸軍 ボヘミア 支援 陸軍 チロル-ミュンヘン', 'austria: A boh S A tyr - mun'],
  ['トルコ:海軍 アンカラ-黒海', 'turkey: F ank - bla'],
  ['トルコ:陸軍 コンスタンチノープル-ブルガリア', 'turkey: A con - bul'],
  ['イタリア:陸軍 ローマ-ヴェネツィア', 'italy: A rom - ven'],
  ['陸軍 ワルシャワ 後退 シレジア', 'england: A war R sil'],
  ['増設 海軍 サン・ペテルスブルグ(北岸)', 'england: Build F stp/nc'],
  ['陸軍 ベルリン 増設', 'england: Build A ber'],
  ['陸軍 ワルシャワ 解散', 'england: A war D'],
  ['増設放棄', 'england: Waive'],
  ['優先増設 海軍 キール、陸軍 ベルリン', 'england: Build F kie, A ber'],
  ['優先解散 陸軍 シレジア、陸軍 ベルリン', 'england: Disband A sil, A ber'],
  ['海軍 北海 維持 優先後退 ノルウェー、解散', 'england: F nth H retreat nwy, disband'],
  ['イギリス:海軍 北海-ノルウェー。', 'england: F nth - nwy'],
  // The verb last, with particles.
  ['北海の海軍はキールの陸軍のオランダへの移動を支援', 'england: F nth S A kie - hol'],
  ['イギリスの北海の海軍はドイツのキールの陸軍のオランダへの移動を支援する', 'england: F nth S germany A kie - hol'],
  ['北海の海軍はロンドンの陸軍をノルウェーへ輸送', 'england: F nth C A lon - nwy'],
  ['ベルリンの陸軍はミュンヘンの陸軍を支援', 'england: A ber S A mun'],
  ['ベルリンの陸軍はミュンヘンの陸軍の維持を支援', 'england: A ber S A mun'],
];

describe('Japanese orders: the examples of the rule text', () => {
  it.each(TEXT_004)('%s → %s (%s)', (text, expected) => expectReading('ja', text, expected, P));
});

describe('Japanese orders as players write them', () => {
  it.each(PLAYERS)('%s → %s', (text, expected) => expectReading('ja', text, expected, P));

  it.each([
    ['イギリス:海軍 ロンドン-ノルウエー', 'england: F lon - nwy', 'ノルウエー', 'nwy'],
    ['ドイツ:陸軍 ミュンヘソ-ベルリン', 'germany: A mun - ber', 'ミュンヘソ', 'mun'],
    ['ドイツ:陸軍 Munich-Burgandy', 'germany: A mun - bur', 'Burgandy', 'bur'],
  ])('%s: a name one character off is read with a warning', (text, expected, written, guess) => {
    const result = readLocalizedOrders(board, 'ja', text, P);
    expect(canonical(result)).toBe(expected);
    expect(result.ok && result.warnings?.map((w) => [w.code, w.written, w.guess])).toEqual([['guessed-name', written, guess]]);
  });

  it('fills in the kind and the power from the position', () => {
    expectReading('ja', 'ワルシャワ-モスクワ', 'russia: A war - mos', { unitAt: units('russia', 'A war') });
  });

  it('says when no power can be told', () => {
    expect(readLocalizedOrders(board, 'ja', '海軍 北海 維持', {})).toMatchObject({ ok: false, code: 'no-power' });
  });
});

describe('Japanese orders: several units before one verb (issue 8, written as players write)', () => {
  it.each([
    ['海軍 北海、海軍 ノルウェー 維持', 'england: F nth H; england: F nwy H'],
    ['北海の海軍、ノルウェーの海軍を維持', 'england: F nth H; england: F nwy H'],
    ['陸軍 ワルシャワ、陸軍 ベルリン 解散', 'england: A war D; england: A ber D'],
  ])('%s → %s', (text, expected) => expectReading('ja', text, expected, P));
});

describe('Japanese orders that read two ways or none', () => {
  it('a kind word between two names reads with either: both readings are shown', () => {
    const text = '陸軍 ベルリン 支援 ミュンヘン 陸軍 キール 維持';
    const result = readLocalizedOrders(board, 'ja', text, P);
    if (result.ok || result.code !== 'ambiguous') throw new Error(canonical(result));
    expect(result.readings.map((r) => r.text).sort()).toEqual(['england: A ber S A mun; england: kie H', 'england: A ber S mun; england: A kie H']);
    // With the units on the board both readings are one order.
    expectReading('ja', text, 'england: A ber S A mun; england: A kie H', { ...P, unitAt: units('england', 'A ber', 'A mun', 'A kie') });
  });

  it('names the word not understood', () => {
    const text = 'イギリス:海軍 北海 飛行 ノルウェー';
    const result = readLocalizedOrders(board, 'ja', text, P);
    expect(result).toMatchObject({ ok: false, code: 'not-understood', word: '飛行' });
    if (!result.ok) expect(text.slice(result.start, result.end)).toBe('飛行');
  });
});

describe('printing in Japanese', () => {
  it.each([
    ['陸軍 ワルシャワ-モスクワ'],
    ['海軍 北海 支援 ドイツ:陸軍 キール-オランダ'],
    ['海軍 スペイン(南岸)-マルセイユ'],
    ['海軍 北海 輸送 陸軍 ロンドン-ノルウェー'],
  ])('%s prints as written', (text) => {
    const result = readLocalizedOrders(board, 'ja', text, P);
    if (!result.ok) throw new Error(result.message);
    expect(result.orders.map((o) => formatLocalizedOrder(board, 'ja', o)).join('')).toBe(text);
  });
});
