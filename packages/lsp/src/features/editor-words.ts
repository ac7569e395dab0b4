/**
 * The words the editor writes around a game in its language (hover, the code
 * lens titles; the inlay hints take the same language): one table per language, typed by
 * key, so a key missing from a language is a compile error. The vocabulary is
 * the rule texts' and the engine's report tables' (`packages/engine/src/words/`):
 * 资源点 / 補給都市 / tukikohta a supply centre, 母国资源点 / 自国の補給都市 /
 * kotitukikohta a home centre, 陆军·舰队 / 陸軍·海軍 / armeija·laivasto, 击退 /
 * 撃退 / puskettu pois dislodged, 内陆 / 内陸 / sisämaa inland. The English
 * table is the hover English games have always had.
 */
import { canonicalNamer, languageNamer, type Namer } from '@dipforge/engine';
import type { GameDoc } from '../workspace.js';

export type HoverKey =
  | 'impassable'
  | 'sea'
  | 'inland'
  | 'coastal'
  | 'supplyCentre'
  | 'provinceTitle'
  | 'homeCentreOf'
  | 'inHomeCountry'
  | 'names'
  | 'aliases'
  | 'coasts'
  | 'armyNeighbours'
  | 'fleetNeighbours'
  | 'powerTitle'
  | 'homeCentres'
  | 'none'
  | 'listJoin'
  | 'inPhase'
  | 'afterPhase'
  | 'powerAt'
  | 'owner'
  | 'unit'
  | 'unitOf'
  | 'dislodged'
  | 'placeAt'
  | 'readAs'
  | 'result'
  | 'notAdjudicated'
  | 'why'
  | 'expected'
  | 'unreadable'
  | 'writtenIn'
  | 'canonical'
  | 'phaseSummary'
  | 'dislodgedList'
  | 'notPlayed'
  | 'showBoard';

export interface HoverWords {
  readonly language: string;
  readonly text: Readonly<Record<HoverKey, string>>;
  /** The order languages by tag, as this language names them (`Written in …`). */
  readonly languages: Readonly<Record<string, string>>;
}

const en: HoverWords = {
  language: 'en',
  text: {
    impassable: 'impassable',
    sea: 'sea',
    inland: 'inland',
    coastal: 'coastal',
    supplyCentre: ', supply centre',
    provinceTitle: '**{name}** (`{id}`): {kind}{centre}',
    homeCentreOf: 'Home centre of {power}',
    inHomeCountry: 'In the home country of {power} (`{id}`)',
    names: 'Names: {list}',
    aliases: 'Aliases: {list}',
    coasts: 'Coasts: {list}',
    armyNeighbours: 'Army neighbours: {list}',
    fleetNeighbours: 'Fleet neighbours: {list}',
    powerTitle: '**{name}** (`{id}`){adjective}',
    homeCentres: 'Home centres: {list}',
    none: 'none',
    listJoin: ', ',
    inPhase: 'In {phase}',
    afterPhase: 'After {phase}',
    powerAt: '{when}: {count} centres ({centres}); units {units}',
    owner: 'owner {owner}',
    unit: 'unit {unit}',
    unitOf: '{unit} ({power})',
    dislodged: 'dislodged {unit}',
    placeAt: '{when}: {facts}',
    readAs: 'Read as `{order}` ({power})',
    result: 'Result: {words}',
    notAdjudicated: 'not adjudicated',
    why: 'Why: {why}',
    expected: 'Expected: {value}',
    unreadable: 'This order could not be read; see the problems on this line.',
    writtenIn: 'Written in {language}',
    canonical: 'Canonical order: `{order}` ({power}): {words}{why}',
    phaseSummary: '**{phase}**: {orders} orders; {succeed} succeed, {fail} fail, {illegal} illegal',
    dislodgedList: 'Dislodged: {list}',
    notPlayed: 'Not played: see the problems of the file.',
    showBoard: 'Show board',
  },
  languages: { zh: 'Chinese (zh)', ja: 'Japanese (ja)', fi: 'Finnish (fi)' },
};

const zh: HoverWords = {
  language: 'zh',
  text: {
    impassable: '不可通行',
    sea: '海域',
    inland: '内陆',
    coastal: '临海区块',
    supplyCentre: '，资源点',
    provinceTitle: '**{name}**（`{id}`）：{kind}{centre}',
    homeCentreOf: '{power}的母国资源点',
    inHomeCountry: '在{power}（`{id}`）母国境内',
    names: '名称：{list}',
    aliases: '别名：{list}',
    coasts: '海岸：{list}',
    armyNeighbours: '陆军可到：{list}',
    fleetNeighbours: '舰队可到：{list}',
    powerTitle: '**{name}**（`{id}`）',
    homeCentres: '母国资源点：{list}',
    none: '无',
    listJoin: '、',
    inPhase: '{phase}',
    afterPhase: '{phase}之后',
    powerAt: '{when}：资源点{count}个（{centres}）；部队{units}',
    owner: '归属{owner}',
    unit: '部队{unit}',
    unitOf: '{unit}（{power}）',
    dislodged: '被击退的{unit}',
    placeAt: '{when}：{facts}',
    readAs: '读作`{order}`（{power}）',
    result: '结果：{words}',
    notAdjudicated: '未裁决',
    why: '原因：{why}',
    expected: '预期：{value}',
    unreadable: '无法读取这条命令；见本行的问题。',
    writtenIn: '以{language}书写',
    canonical: '标准写法：`{order}`（{power}）：{words}{why}',
    phaseSummary: '**{phase}**：命令{orders}条；成功{succeed}条，失败{fail}条，无效{illegal}条',
    dislodgedList: '被击退：{list}',
    notPlayed: '未执行：见文件的问题。',
    showBoard: '显示地图',
  },
  languages: { zh: '中文（zh）', ja: '日文（ja）', fi: '芬兰文（fi）' },
};

const ja: HoverWords = {
  language: 'ja',
  text: {
    impassable: '通行不能',
    sea: '海上エリア',
    inland: '内陸',
    coastal: '沿岸エリア',
    supplyCentre: '、補給都市',
    provinceTitle: '**{name}**（`{id}`）：{kind}{centre}',
    homeCentreOf: '{power}の本国の補給都市',
    inHomeCountry: '{power}（`{id}`）の本国',
    names: '名前：{list}',
    aliases: '別名：{list}',
    coasts: '沿岸：{list}',
    armyNeighbours: '陸軍の隣接エリア：{list}',
    fleetNeighbours: '海軍の隣接エリア：{list}',
    powerTitle: '**{name}**（`{id}`）',
    homeCentres: '本国の補給都市：{list}',
    none: 'なし',
    listJoin: '、',
    inPhase: '{phase}',
    afterPhase: '{phase}の後',
    powerAt: '{when}：補給都市{count}（{centres}）、駒{units}',
    owner: '保有{owner}',
    unit: '駒{unit}',
    unitOf: '{unit}（{power}）',
    dislodged: '撃退された{unit}',
    placeAt: '{when}：{facts}',
    readAs: '`{order}`と読む（{power}）',
    result: '結果：{words}',
    notAdjudicated: '未決定',
    why: '理由：{why}',
    expected: '期待：{value}',
    unreadable: 'この命令は読めない。この行の問題を参照。',
    writtenIn: '{language}で書かれた命令',
    canonical: '標準表記：`{order}`（{power}）：{words}{why}',
    phaseSummary: '**{phase}**：命令{orders}件、成功{succeed}件、失敗{fail}件、無効{illegal}件',
    dislodgedList: '撃退：{list}',
    notPlayed: '未実行：ファイルの問題を参照。',
    showBoard: '地図を表示',
  },
  languages: { zh: '中国語（zh）', ja: '日本語（ja）', fi: 'フィンランド語（fi）' },
};

const fi: HoverWords = {
  language: 'fi',
  text: {
    impassable: 'läpipääsemätön',
    sea: 'merialue',
    inland: 'sisämaa',
    coastal: 'rannikko',
    supplyCentre: ', tukikohta',
    provinceTitle: '**{name}** (`{id}`): {kind}{centre}',
    homeCentreOf: 'Kotitukikohta: {power}',
    inHomeCountry: 'Kotimaa: {power} (`{id}`)',
    names: 'Nimet: {list}',
    aliases: 'Muut nimet: {list}',
    coasts: 'Rannikot: {list}',
    armyNeighbours: 'Armeijan naapurit: {list}',
    fleetNeighbours: 'Laivaston naapurit: {list}',
    powerTitle: '**{name}** (`{id}`)',
    homeCentres: 'Kotitukikohdat: {list}',
    none: 'ei mitään',
    listJoin: ', ',
    inPhase: '{phase}',
    afterPhase: '{phase} jälkeen',
    powerAt: '{when}: {count} tukikohtaa ({centres}); yksiköt {units}',
    owner: 'omistaja {owner}',
    unit: 'yksikkö {unit}',
    unitOf: '{unit} ({power})',
    dislodged: 'puskettu pois {unit}',
    placeAt: '{when}: {facts}',
    readAs: 'Luettu: `{order}` ({power})',
    result: 'Tulos: {words}',
    notAdjudicated: 'ratkaisematta',
    why: 'Syy: {why}',
    expected: 'Odotus: {value}',
    unreadable: 'Käskyä ei voitu lukea; katso tämän rivin ongelmat.',
    writtenIn: 'Kieli: {language}',
    canonical: 'Vakiomerkintä: `{order}` ({power}): {words}{why}',
    phaseSummary: '**{phase}**: {orders} käskyä; {succeed} onnistuu, {fail} epäonnistuu, {illegal} ei kelpaa',
    dislodgedList: 'Puskettu pois: {list}',
    notPlayed: 'Ei pelattu: katso tiedoston ongelmat.',
    showBoard: 'Näytä kartta',
  },
  languages: { zh: 'kiina (zh)', ja: 'japani (ja)', fi: 'suomi (fi)' },
};

const TABLES: ReadonlyMap<string, HoverWords> = new Map([en, zh, ja, fi].map((t) => [t.language, t]));

/** What hover speaks: its words, and the namer of orders, units and places in the same language. */
export interface Speech {
  readonly words: HoverWords;
  readonly names: Namer;
  /** Whether it is the English of the standard notation (ids, `A par`), which hover has always spoken. */
  readonly english: boolean;
}

const speeches = new WeakMap<GameDoc, Map<string, Speech>>();

/**
 * Hover's language in a game: the language a power writes its orders in (its
 * block's `language … for POWER`, else the game's), for what is about that
 * power's orders; else the game's `language` line. English for the standard
 * notation, and for a language without hover words or a board to name things by.
 */
export function speechOf(doc: GameDoc, power?: string): Speech {
  const tag = ((power !== undefined ? doc.run.languages?.of(power) : undefined) ?? doc.run.languages?.game ?? 'en').toLowerCase();
  let per = speeches.get(doc);
  if (per === undefined) speeches.set(doc, (per = new Map()));
  const known = per.get(tag);
  if (known) return known;
  const words = TABLES.get(tag) ?? TABLES.get(tag.split('-')[0] as string);
  const names = words && words !== en && doc.board ? languageNamer(doc.board, tag) : undefined;
  const speech: Speech = words && names ? { words, names, english: false } : { words: en, names: canonicalNamer(doc.board), english: true };
  per.set(tag, speech);
  return speech;
}

/** The English hover of a map, and of everything outside a game. */
export const ENGLISH: Speech = { words: en, names: canonicalNamer(), english: true };
