// Chinese orders (docs/ORDER-LANGUAGES.md): every order example of the Chinese rule
// texts 000 and 002 with its canonical reading, then orders as players write them.
// Expected readings are the orders' meaning in the standard notation (`formatOrder`).
import { describe, expect, it } from 'vitest';
import { formatLocalizedOrder, readLocalizedOrders, type LocalizedReadContext } from '../src/orders/localized/index.js';
import { board, canonical, expectReading, units } from './helpers/localized.js';

const P: LocalizedReadContext = { power: 'france' };

// [text, canonical reading, where it comes from]
const TEXT_000_APPENDIX: [string, string, string][] = [
  ['华沙陆军移动到莫斯科', 'france: A war - mos', '000 appendix 1, move'],
  ['西班牙北岸舰队进攻葡萄牙', 'france: F spa/nc - por', '000 appendix 1, attack'],
  ['突尼斯舰队撤退到爱奥尼安海', 'france: F tun R ion', '000 appendix 1, retreat'],
  ['伦敦陆军防守', 'france: A lon H', '000 appendix 1, hold'],
  ['鲁尔陆军支援慕尼黑陆军进攻伯干第', 'france: A ruh S A mun - bur', '000 appendix 1, support to attack'],
  ['丹麦舰队支援瑞典舰队防守', 'france: F den S F swe', '000 appendix 1, support to hold'],
  [
    '北海舰队、挪威海舰队和巴伦茨海舰队运输荷兰陆军移动圣彼得堡',
    'france: F nth C A hol - stp; france: F nwg C A hol - stp; france: F bar C A hol - stp',
    '000 appendix 1, convoy by three fleets',
  ],
  ['圣彼得堡西岸建造舰队', 'france: Build F stp/sc', '000 appendix 1, build (西岸 is the map\'s south coast)'],
  ['君士坦丁堡陆军解散', 'france: A con D', '000 appendix 1, disband'],
  ['西班牙（南岸）舰队优先撤退到葡萄牙、西地中海、马赛。', 'france: F spa/sc H retreat por, wes, mar', '000 appendix 1 and §10, retreat priority list'],
  ['优先解散西利西亚陆军、柏林陆军、丹麦舰队。', 'france: Disband A sil, A ber, F den', '000 appendix 1, disband priority list'],
  ['优先解散：西利西亚陆军、柏林陆军、丹麦舰队。', 'france: Disband A sil, A ber, F den', '000 §11, disband priority list with a colon'],
  ['优先生产威尼斯舰队、罗马陆军、那不勒斯舰队', 'france: Build F ven, A rom, F nap', '000 appendix 1 and §11, build priority list'],
];

const TEXT_000_BODY: [string, string, string][] = [
  ['葡萄牙舰队 移动 西班牙（北岸）', 'france: F por - spa/nc', '000 §7a'],
  ['葡萄牙舰队 移动 西班牙（南岸）', 'france: F por - spa/sc', '000 §7a'],
  ['海果兰海舰队 移动 基尔', 'france: F hel - kie', '000 §7b'],
  ['基尔舰队 移动 波罗的海', 'france: F kie - bal', '000 §7b'],
  ['黑海舰队 移动 君士坦丁堡', 'france: F bla - con', '000 §7b'],
  ['君士坦丁堡舰队 移动 爱琴海', 'france: F con - aeg', '000 §7b'],
  ['君士坦丁堡陆军 移动 保加利亚', 'france: A con - bul', '000 §7b'],
  ['基尔陆军 移动 丹麦', 'france: A kie - den', '000 §7b'],
  ['丹麦陆军 移动 瑞典', 'france: A den - swe', '000 §7c'],
  ['瑞典舰队 移动 丹麦', 'france: F swe - den', '000 §7c'],
  ['波罗的海舰队 移动 瑞典', 'france: F bal - swe', '000 §7c'],
  ['瑞典舰队 移动 挪威', 'france: F swe - nwy', '000 §7c'],
  ['柏林陆军 移动 普鲁士', 'france: A ber - pru', '000 §8'],
  ['华沙陆军 移动 普鲁士', 'france: A war - pru', '000 §8'],
  ['基尔陆军 移动 柏林', 'france: A kie - ber', '000 §8'],
  ['普鲁士陆军 移动 华沙', 'france: A pru - war', '000 §9'],
  ['加利西亚陆军 支援 普鲁士陆军 移动 华沙', 'france: A gal S A pru - war', '000 §9'],
  ['莫斯科陆军 支援 华沙陆军', 'france: A mos S A war', '000 §9'],
  ['维也纳陆军 防御', 'france: A vie H', '000 §9d'],
  ['粹斯特陆军 支援 维也纳陆军 防御', 'france: A tri S A vie', '000 §9d'],
  ['泰罗利亚陆军 移动 维也纳', 'france: A tyr - vie', '000 §9d'],
  ['波西米亚陆军 支援 泰罗利亚陆军 移动 维也纳', 'france: A boh S A tyr - vie', '000 §9d'],
  ['布达佩斯陆军 移动 维也纳', 'france: A bud - vie', '000 §9d'],
  ['加利西亚陆军 支援 布达佩斯陆军 移动 维也纳', 'france: A gal S A bud - vie', '000 §9d'],
  ['布瑞斯特陆军 支援 英吉利海峡舰队 移动 中大西洋', 'france: A bre S F eng - mao', '000 §9e'],
  ['基尔舰队 支援 柏林陆军 移动 慕尼黑', 'france: F kie S A ber - mun', '000 §9e'],
  ['英吉利舰队 支援 鲁尔陆军 移动 比利时', 'france: F eng S A ruh - bel', '000 §9e'],
  ['巴黎陆军 支援 中大西洋舰队 移动 布瑞斯特', 'france: A par S F mao - bre', '000 §9e'],
  ['西班牙舰队（北岸） 支援 伯干第陆军 移动 马塞', 'france: F spa/nc S A bur - mar', '000 §9f'],
  ['马塞陆军 支援 中大西洋舰队 进入 西班牙（北岸）', 'france: A mar S F mao - spa/nc', '000 §9f'],
  ['莫斯科陆军 移动 华沙', 'france: A mos - war', '000 §9g'],
  ['乌克兰陆军 支援 莫斯科陆军 移动 华沙', 'france: A ukr S A mos - war', '000 §9g'],
  ['柏林陆军 移动 西利希亚', 'france: A ber - sil', '000 §9, cutting support'],
  ['波希米亚陆军 支援 柏林陆军 移动 西利希亚', 'france: A boh S A ber - sil', '000 §9, cutting support'],
  ['维也纳陆军 移动 波希米亚', 'france: A vie - boh', '000 §9, cutting support'],
  ['西利希亚陆军 移动 波希米亚', 'france: A sil - boh', '000 §9, cutting support'],
  ['柏林陆军 解散 柏林 生产 舰队', 'france: A ber D; france: Build F ber', '000 §11, disband and build in one place'],
  ['伦敦陆军 经 英吉利海峡 移动 布瑞斯特', 'france: A lon - eng - bre', '000 §12'],
  ['英吉利海峡舰队 运输 伦敦陆军 移动 布瑞斯特', 'france: F eng C A lon - bre', '000 §12'],
  ['中大西洋舰队 支援 英吉利海峡舰队', 'france: F mao S F eng', '000 §12'],
];

// 002 writes orders in the standard notation, with Chinese glosses that are orders too.
const TEXT_002: [string, string, string][] = [
  ['A Holland-Belgium', 'france: A hol - bel', '002 移动的书写法'],
  ['A Hol-Bel', 'france: A hol - bel', '002 移动的书写法'],
  ['F Iri-Eng', 'france: F iri - eng', '002 移动的书写法'],
  ['F Portugal-Spain(nc)', 'france: F por - spa/nc', '002 分裂的海岸线'],
  ['F Portugal-Spain(sc)', 'france: F por - spa/sc', '002 分裂的海岸线'],
  ['F Helgoland-Kiel', 'france: F hel - kie', '002 水道与运河 (Helgoland, the German spelling of Heligoland)'],
  ['F Kiel-Baltic', 'france: F kie - bal', '002 水道与运河'],
  ['F Black Sea-Constantinople', 'france: F bla - con', '002 水道与运河'],
  ['F Con-Aegean', 'france: F con - aeg', '002 水道与运河'],
  ['A Ankara-Con', 'france: A ank - con', '002 水道与运河'],
  ['A Con-Bulgaria', 'france: A con - bul', '002 水道与运河'],
  ['A Denmark-Sweden', 'france: A den - swe', '002 陆上渡口'],
  ['F Baltic-Sweden', 'france: F bal - swe', '002 陆上渡口'],
  ['F Sweden-Norway', 'france: F swe - nwy', '002 陆上渡口'],
  ['A Berlin-Prussia, A Warsaw-Prussia, A Kiel-Berlin', 'france: A ber - pru; france: A war - pru; france: A kie - ber', '002 移动时的冲突'],
  ['A Berlin S A Munich-Silesia', 'france: A ber S A mun - sil', '002 移动与支援'],
  ['柏林的陆军支援慕尼黑的陆军进入西利希亚', 'france: A ber S A mun - sil', '002 移动与支援, gloss'],
  ['A Prussia-Warsaw', 'france: A pru - war', '002 移动与支援'],
  ['A Galicia S A Prussia-Warsaw', 'france: A gal S A pru - war', '002 移动与支援'],
  ['A Moscow S A Warsaw', 'france: A mos S A war', '002 移动与支援'],
  ['莫斯科的陆军支援华沙的陆军', 'france: A mos S A war', '002 移动与支援, gloss'],
  ['A Brest S F English-Mid.Atlantic', 'france: A bre S F eng - mao', '002 支援的规定 五'],
  ['F Kiel S A Berlin-Munich', 'france: F kie S A ber - mun', '002 支援的规定 五'],
  ['F English S A Ruhr-Belgium', 'france: F eng S A ruh - bel', '002 支援的规定 五'],
  ['A Paris S F Mid-Brest', 'france: A par S F mao - bre', '002 支援的规定 五'],
  ['F Spain(nc) S A Burgundy-Marseilles', 'france: F spa/nc S A bur - mar', '002 支援的规定 六'],
  ['西班牙北岸舰队支援伯干第军入马塞', 'france: F spa/nc S bur - mar', '002 支援的规定 六, gloss (军: the kind is not said)'],
  ['A Mar S F Mid-Spa(nc)', 'france: A mar S F mao - spa/nc', '002 支援的规定 六'],
  ['马塞军支援中大西洋舰队入西班牙北岸', 'france: mar S F mao - spa/nc', '002 支援的规定 六, gloss'],
  ['A Berlin-Prussia, A Warsaw-Prussia', 'france: A ber - pru; france: A war - pru', '002 支援的规定 七'],
  ['A Moscow-Warsaw, A Ukraine S A Moscow-Warsaw', 'france: A mos - war; france: A ukr S A mos - war', '002 支援的规定 七'],
  ['A Berlin-Silesia', 'france: A ber - sil', '002 切断支援的方法'],
  ['A Bohemia S A Berlin-Silesia', 'france: A boh S A ber - sil', '002 切断支援的方法'],
  ['A Vienna-Bohemia', 'france: A vie - boh', '002 切断支援的方法'],
  ['A Berlin-Silesia, A Bohemia S A Berlin-Silesia', 'france: A ber - sil; france: A boh S A ber - sil', '002 切断支援的方法'],
  ['A Silesia-Bohemia', 'france: A sil - boh', '002 切断支援的方法'],
  ['A Prussia-Warsaw, A Silesia S A Prussia-Warsaw', 'france: A pru - war; france: A sil S A pru - war', '002 撤退的规定 二'],
  ['A London-English-Brest', 'france: A lon - eng - bre', '002 海上运输'],
  ['F English C A London-Brest', 'france: F eng C A lon - bre', '002 海上运输'],
  ['A Brest-Mid.Atlantic-West.Med.-Tunis', 'france: A bre - mao - wes - tun', '002 运输的规定 五'],
  ['F Mid.Atlantic C A Brest-Tunis', 'france: F mao C A bre - tun', '002 运输的规定 五'],
  ['F West.Med. C A Brest-Tunis', 'france: F wes C A bre - tun', '002 运输的规定 五'],
  ['A London-English-Brest, F Eng C A London-Brest', 'france: A lon - eng - bre; france: F eng C A lon - bre', '002 运输的规定 六'],
  ['F Mid S A London-Brest, A Gascony S A London-Brest', 'france: F mao S A lon - bre; france: A gas S A lon - bre', '002 运输的规定 六'],
  ['F English C A London-English-Brest, F Mid.Atlantic S F English.', 'france: F eng C A lon - bre; france: F mao S F eng', '002 切断运输的方法'],
];

// 002's glosses name units with 军 (a unit of either kind): the position says which.
const TEXT_002_GLOSSES_WITH_UNITS: [string, string, string, string[]][] = [
  ['普鲁士军进入华沙', 'france: A pru - war', '002 移动与支援, gloss', ['A pru']],
  ['布列斯特军支援英吉利舰队进入中大西洋', 'france: A bre S F eng - mao', '002 支援的规定 五, gloss', ['A bre', 'F eng']],
  ['基尔舰队支援柏林军进入慕尼黑', 'france: F kie S A ber - mun', '002 支援的规定 五, gloss', ['F kie', 'A ber']],
  ['英吉利舰队支援鲁尔军入比利时', 'france: F eng S A ruh - bel', '002 支援的规定 五, gloss', ['F eng', 'A ruh']],
  ['巴黎军支援中大西洋舰队入布列斯特', 'france: A par S F mao - bre', '002 支援的规定 五, gloss', ['A par', 'F mao']],
  ['柏林军入西利希亚', 'france: A ber - sil', '002 切断支援的方法, gloss', ['A ber']],
  ['维也那军入波希米亚', 'france: A vie - boh', '002 切断支援的方法, gloss', ['A vie']],
  ['伦敦军经英吉利海峡到布列斯特', 'france: A lon - eng - bre', '002 海上运输, gloss', ['A lon']],
  ['英吉利舰队送伦敦军到布列斯特', 'france: F eng C A lon - bre', '002 海上运输, gloss', ['F eng', 'A lon']],
  ['布列斯特军经中大西洋经西地中海到突尼斯', 'france: A bre - mao - wes - tun', '002 运输的规定 五, gloss', ['A bre']],
  ['中大西洋舰队送布列斯特军到突尼斯', 'france: F mao C A bre - tun', '002 运输的规定 五, gloss', ['F mao', 'A bre']],
  ['西地中海舰队送布列斯特军到突尼斯', 'france: F wes C A bre - tun', '002 运输的规定 五, gloss', ['F wes', 'A bre']],
];

// As players write: abbreviations, spaces or none, traditional characters, full-width marks, other verbs.
const PLAYERS: [string, string][] = [
  ['華沙陸軍移動到莫斯科', 'france: A war - mos'],
  ['魯爾陸軍支援慕尼黑陸軍進攻伯干第', 'france: A ruh S A mun - bur'],
  ['北海艦隊、挪威海艦隊和巴倫茨海艦隊運輸荷蘭陸軍移動聖彼得堡', 'france: F nth C A hol - stp; france: F nwg C A hol - stp; france: F bar C A hol - stp'],
  ['聖彼得堡北岸建造艦隊', 'france: Build F stp/nc'],
  ['西班牙(南岸)舰队优先撤退到葡萄牙,西地中海,马赛', 'france: F spa/sc H retreat por, wes, mar'],
  ['西班牙【北岸】舰队进攻葡萄牙', 'france: F spa/nc - por'],
  ['华沙 陆军 移动到 莫斯科', 'france: A war - mos'],
  ['华沙陆军移动莫斯科', 'france: A war - mos'],
  ['华沙陆军进攻莫斯科。', 'france: A war - mos'],
  ['华沙陆军攻击莫斯科', 'france: A war - mos'],
  ['华沙陆军向莫斯科移动', 'france: A war - mos'],
  ['华沙的陆军移动到莫斯科', 'france: A war - mos'],
  ['在华沙的陆军移动到莫斯科', 'france: A war - mos'],
  ['war陆军移动到mos', 'france: A war - mos'],
  ['A war-莫斯科', 'france: A war - mos'],
  ['华沙陆军-莫斯科', 'france: A war - mos'],
  ['华沙A移动到莫斯科', 'france: A war - mos'],
  ['伦敦陆军驻守', 'france: A lon H'],
  ['伦敦陆军原地不动', 'france: A lon H'],
  ['鲁尔陆军支持慕尼黑陆军攻击伯干第', 'france: A ruh S A mun - bur'],
  ['丹麦舰队支援瑞典舰队', 'france: F den S F swe'],
  ['北海舰队运送荷兰陆军到圣彼得堡', 'france: F nth C A hol - stp'],
  ['北海舰队与挪威海舰队运输荷兰陆军移动圣彼得堡', 'france: F nth C A hol - stp; france: F nwg C A hol - stp'],
  ['荷兰陆军经北海经挪威海移动到圣彼得堡', 'france: A hol - nth - nwg - stp'],
  ['伦敦陆军经海运移动到比利时', 'france: A lon - bel via convoy'],
  ['建造舰队于圣彼得堡北岸', 'france: Build F stp/nc'],
  ['柏林建造陆军', 'france: Build A ber'],
  ['柏林生产舰队', 'france: Build F ber'],
  ['放弃建造', 'france: Waive'],
  ['君士坦丁堡陆军 解散', 'france: A con D'],
  ['解散君士坦丁堡陆军', 'france: A con D'],
  ['优先建造：威尼斯舰队、罗马陆军', 'france: Build F ven, A rom'],
  ['优先解散西利西亚陆军和柏林陆军', 'france: Disband A sil, A ber'],
  ['西班牙南岸舰队进攻西地中海，优先撤退到葡萄牙、解散', 'france: F spa/sc - wes retreat por, disband'],
  ['伦敦陆军防守，优先撤退到约克郡、威尔士', 'france: A lon H retreat yor, wal'],
  ['伦敦陆军优先撤退到解散', 'france: A lon H retreat disband'],
  ['德国：柏林陆军移动到普鲁士', 'germany: A ber - pru'],
  ['德國:柏林陸軍移動到普魯士', 'germany: A ber - pru'],
  ['英国伦敦舰队支援法国布瑞斯特舰队进攻英吉利海峡', 'england: F lon S france F bre - eng'],
  ['马赛陆军进攻皮埃蒙特', 'france: A mar - pie'],
  ['保加利亚东岸舰队进攻黑海', 'france: F bul/ec - bla'],
  ['罗马尼亚陆军进攻保加利亚', 'france: A rum - bul'],
  ['罗马陆军进攻那不勒斯', 'france: A rom - nap'],
  ['波的尼亚湾舰队进攻瑞典', 'france: F bot - swe'],
];

describe('Chinese orders: the examples of the rule texts', () => {
  it.each(TEXT_000_APPENDIX)('%s → %s (%s)', (text, expected) => expectReading('zh', text, expected, P));
  it.each(TEXT_000_BODY)('%s → %s (%s)', (text, expected) => expectReading('zh', text, expected, P));
  it.each(TEXT_002)('%s → %s (%s)', (text, expected) => {
    expect(canonical(readLocalizedOrders(board, 'zh', text, P))).toBe(expected);
  });
  it.each(TEXT_002_GLOSSES_WITH_UNITS)('%s → %s (%s), the kind from the position', (text, expected, _source, list) => {
    expectReading('zh', text, expected, { ...P, unitAt: units('france', ...list) });
  });
  it('a gloss with 军 and no position leaves the kind out (4.C.1)', () => {
    expectReading('zh', '普鲁士军进入华沙', 'france: pru - war', P);
  });
});

describe('Chinese orders as players write them', () => {
  it.each(PLAYERS)('%s → %s', (text, expected) => expectReading('zh', text, expected, P));

  it.each([
    ['伯干弟陆军进攻巴黎', 'france: A bur - par', '伯干弟', 'bur'],
    ['鲁尔陆军支援慕尼黑陆军进攻伯千第', 'france: A ruh S A mun - bur', '伯千第', 'bur'],
    ['君士但丁堡陆军解散', 'france: A con D', '君士但丁堡', 'con'],
    ['华沙陆军移动到莫斯可', 'france: A war - mos', '莫斯可', 'mos'],
  ])('%s: a name one character off is read with a warning', (text, expected, written, guess) => {
    const result = readLocalizedOrders(board, 'zh', text, P);
    expect(canonical(result)).toBe(expected);
    expect(result.ok && result.warnings?.map((w) => [w.code, w.written, w.guess])).toEqual([['guessed-name', written, guess]]);
    const w = result.ok ? result.warnings?.[0] : undefined;
    expect(w && text.slice(w.start, w.end)).toBe(written);
  });

  it('refuses a misspelt name when guessing is off', () => {
    expect(readLocalizedOrders(board, 'zh', '伯干弟陆军进攻巴黎', { ...P, guessNames: false }).ok).toBe(false);
  });

  it('fills in a unit kind left out from the position, and tells whose order it is', () => {
    expectReading('zh', '华沙移动到莫斯科', 'russia: A war - mos', { unitAt: units('russia', 'A war') });
    expectReading('zh', '圣彼得堡进攻芬兰', 'russia: F stp - fin', { unitAt: units('russia', 'F stp/sc') });
  });

  it('in a retreat phase a move is a retreat', () => {
    expectReading('zh', '突尼斯舰队移动到爱奥尼安海', 'france: F tun R ion', { ...P, phase: 'retreat' });
  });
});

// Issue 8, written as players write: a convoy route as a list of seas after one 经.
const ROUTE_LISTS: [string, string][] = [
  ['荷兰陆军经北海、挪威海、巴伦茨海移动到圣彼得堡', 'france: A hol - nth - nwg - bar - stp'],
  ['荷蘭陸軍經北海、挪威海、巴倫茨海移動到聖彼得堡', 'france: A hol - nth - nwg - bar - stp'],
  ['荷兰陆军经北海,挪威海移动圣彼得堡', 'france: A hol - nth - nwg - stp'],
  ['荷兰陆军经北海和挪威海移动到圣彼得堡', 'france: A hol - nth - nwg - stp'],
  ['伦敦陆军经英吉利海峡移动布瑞斯特', 'france: A lon - eng - bre'],
];

describe('Chinese convoy routes written as a list of seas (issue 8)', () => {
  it.each(ROUTE_LISTS)('%s → %s', (text, expected) => expectReading('zh', text, expected, P));

  it('a land province in the list is no route', () => {
    const result = readLocalizedOrders(board, 'zh', '荷兰陆军经北海、比利时移动到圣彼得堡', P);
    expect(result.ok).toBe(false);
  });
});

// Issue 8, written as players write: several units sharing one hold or disband word, one order each.
const SHARED_VERBS: [string, string][] = [
  ['挪威海舰队、挪威舰队防守', 'france: F nwg H; france: F nwy H'],
  ['挪威海艦隊、挪威艦隊防守', 'france: F nwg H; france: F nwy H'],
  ['伦敦陆军和巴黎陆军驻守', 'france: A lon H; france: A par H'],
  ['伦敦陆军、巴黎陆军、马赛陆军原地不动', 'france: A lon H; france: A par H; france: A mar H'],
  ['德国柏林陆军、法国巴黎陆军防守', 'germany: A ber H; france: A par H'],
  ['柏林陆军、基尔舰队解散', 'france: A ber D; france: F kie D'],
  ['北海舰队、挪威海舰队防守；荷兰陆军经北海、挪威海移动到圣彼得堡', 'france: F nth H; france: F nwg H; france: A hol - nth - nwg - stp'],
];

describe('Chinese orders: several units before one verb (issue 8)', () => {
  it.each(SHARED_VERBS)('%s → %s', (text, expected) => expectReading('zh', text, expected, P));

  it('the kinds and powers come from the position, unit by unit', () => {
    expectReading('zh', '挪威海、挪威防守', 'russia: F nwg H; england: A nwy H', { unitAt: (loc) => units('russia', 'F nwg')(loc) ?? units('england', 'A nwy')(loc) });
  });

  it('a unit list with no verb after it is no order', () => {
    expect(readLocalizedOrders(board, 'zh', '挪威海舰队、挪威舰队', P)).toMatchObject({ ok: false, code: 'incomplete' });
  });
});

describe('Chinese orders that read two ways or none', () => {
  it('挪威海军… reads as the fleet in Norway or the unit in the Norwegian Sea: both readings are shown', () => {
    const result = readLocalizedOrders(board, 'zh', '挪威海军移动到北海', P);
    expect(result.ok).toBe(false);
    if (result.ok || result.code !== 'ambiguous') throw new Error(canonical(result));
    expect(result.readings.map((r) => r.text).sort()).toEqual(['france: F nwy - nth', 'france: nwg - nth']);
    expect(result.message).toContain('F nwy - nth');
    expect(result.message).toContain('nwg - nth');
    expect([result.start, result.end]).toEqual([0, 9]);
  });

  it('the position picks the reading whose unit is on the board', () => {
    expectReading('zh', '挪威海军移动到北海', 'france: F nwy - nth', { ...P, unitAt: units('france', 'F nwy') });
    expectReading('zh', '挪威海军移动到北海', 'france: F nwg - nth', { ...P, unitAt: units('france', 'F nwg') });
  });

  it('names the word that is not understood, with its offsets', () => {
    const result = readLocalizedOrders(board, 'zh', '华沙陆军飞到莫斯科', P);
    expect(result).toMatchObject({ ok: false, code: 'not-understood', word: '飞', start: 4, end: 5 });
  });

  it('names an unknown word among traditional characters at its place in the text as written', () => {
    const result = readLocalizedOrders(board, 'zh', '華沙陸軍跳到莫斯科', P);
    expect(result).toMatchObject({ ok: false, code: 'not-understood', word: '跳', start: 4, end: 5 });
  });

  it('says when the order stops short', () => {
    const result = readLocalizedOrders(board, 'zh', '华沙陆军移动到', P);
    expect(result).toMatchObject({ ok: false, code: 'incomplete', start: 0, end: 7 });
    expect(result.ok ? '' : result.message).toContain('place');
    // A support that stops: at most three of what could follow are named, with how many more there are.
    const support = readLocalizedOrders(board, 'zh', '  柏林陆军支援 ', P);
    expect(support).toMatchObject({ ok: false, code: 'incomplete', start: 2, end: 8 });
    const named = (support.ok ? '' : support.message).replace(/^.*expected /, '').replace(/ or \d+ more$/, '').split(', ');
    expect(named.length).toBeLessThanOrEqual(3);
  });

  it('says which known word does not fit', () => {
    const result = readLocalizedOrders(board, 'zh', '华沙陆军支援防守', P);
    expect(result).toMatchObject({ ok: false, code: 'not-understood', start: 6, end: 8, word: '防守' });
    expect(result.ok ? '' : result.message).toContain('a place');
  });
});

describe('printing in Chinese', () => {
  it.each([
    ['华沙陆军移动到莫斯科'],
    ['西班牙南岸舰队防守，优先撤退到葡萄牙、西地中海、马塞'],
    ['鲁尔陆军支援慕尼黑陆军进攻伯干第'],
    ['圣彼得堡南岸建造舰队'],
  ])('%s prints as written', (text) => {
    const result = readLocalizedOrders(board, 'zh', text, P);
    if (!result.ok) throw new Error(result.message);
    expect(result.orders.map((o) => formatLocalizedOrder(board, 'zh', o)).join('')).toBe(text);
  });
});
