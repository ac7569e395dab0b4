// Finnish orders (docs/ORDER-LANGUAGES.md): every order example of the Finnish rule
// text 003 with its canonical reading, then orders as players write them. Place names
// inflect; the case forms come from the nominatives by the vocabulary's tables.
// Expected readings are the orders' meaning in the standard notation.
import { describe, expect, it } from 'vitest';
import { caseForms } from '../src/orders/localized/inflect.js';
import { formatLocalizedOrder, orderVocabulary, readLocalizedOrders, type LocalizedReadContext } from '../src/orders/localized/index.js';
import { board, canonical, expectReading, units } from './helpers/localized.js';

const P: LocalizedReadContext = { power: 'germany' };

const TEXT_003: [string, string, string][] = [
  ['Armeija Berliini hyökkää Varsovaan', 'germany: A ber - war', '003 Miten ilmoitan käskyni?'],
  ['Laivasto Kiel siirtyy Baltianmerelle', 'germany: F kie - bal', '003 Miten ilmoitan käskyni?'],
  ['Armeija Pariisi tukee Armeija Burgundia', 'germany: A par S A bur', '003 Miten ilmoitan käskyni?'],
  ['Armeija Yorkshire siirtyy Norjaan', 'germany: A yor - nwy', '003 Miten ilmoitan käskyni?'],
  ['Laivasto Pohjanmeri kuljettaa armeija Yorkshiren Norjaan', 'germany: F nth C A yor - nwy', '003 Miten ilmoitan käskyni?'],
  ['Rakenna uusi armeija Lontooseen', 'germany: Build A lon', '003 Miten ilmoitan käskyni?'],
  ['Armeija Romaniassa vetäytyy Bulgariaan', 'germany: A rum R bul', '003 Miten ilmoitan käskyni?'],
  ['Armeija Lvn siirtyy Mos', 'germany: A lvn - mos', '003 Kartassa olevia lyhenteitä saa myös käyttää'],
];

const PLAYERS: [string, string][] = [
  ['armeija berliini hyökkää varsovaan', 'germany: A ber - war'],
  ['ARMEIJA BERLIINI HYÖKKÄÄ VARSOVAAN', 'germany: A ber - war'],
  ['A Berliini hyökkää Varsovaan', 'germany: A ber - war'],
  ['Arm Berliini siirtyy Varsovaan', 'germany: A ber - war'],
  ['Armeija Ber hyökkää War', 'germany: A ber - war'],
  ['Armeija Berliinistä hyökkää Varsovaan', 'germany: A ber - war'],
  ['Armeija Berliinissä hyökkää Varsovaan.', 'germany: A ber - war'],
  ['Armeija Berliini hyökkää Varsovan', 'germany: A ber - war'],
  ['Armeija Berliini - Varsova', 'germany: A ber - war'],
  ['Armeija Berliini -> Varsova', 'germany: A ber - war'],
  ['Armeija Berliini Varsovaan', 'germany: A ber - war'],
  ['Laivasto Kielistä siirtyy Baltianmereen', 'germany: F kie - bal'],
  ['Laivasto Pohjanmerellä kuljettaa armeijan Yorkshirestä Norjaan', 'germany: F nth C A yor - nwy'],
  ['Armeija Yorkshire siirtyy Pohjanmeren kautta Norjaan', 'germany: A yor - nth - nwy'],
  ['Armeija Yorkshire siirtyy meritse Norjaan', 'germany: A yor - nwy via convoy'],
  ['Armeija Pariisi tukee armeija Burgundia hyökkäystä Marseilleen', 'germany: A par S A bur - mar'],
  ['Armeija Pariisi tukee Burgundian armeijan hyökkäystä Marseilleen', 'germany: A par S A bur - mar'],
  ['Armeija Pariisi tukee armeija Burgundia', 'germany: A par S A bur'],
  ['Armeija Pariisi pysyy', 'germany: A par H'],
  ['Armeija Pariisi pysyy paikallaan', 'germany: A par H'],
  ['Armeija Pariisi puolustaa', 'germany: A par H'],
  ['Rakenna laivasto Pietarin pohjoisrannikolle', 'germany: Build F stp/nc'],
  ['Rakenna armeija Varsovaan', 'germany: Build A war'],
  ['Rakenna uusi laivasto Kieliin', 'germany: Build F kie'],
  ['Ei rakenneta', 'germany: Waive'],
  ['Armeija Romania vetäytyy Bulgariaan', 'germany: A rum R bul'],
  ['Armeija Varsova hajotetaan', 'germany: A war D'],
  ['Lakkauta armeija Varsova', 'germany: A war D'],
  ['Rakennusjärjestys: laivasto Kiel, armeija Berliini', 'germany: Build F kie, A ber'],
  ['Lakkautusjärjestys: armeija Sleesia, armeija Berliini, laivasto Tanska', 'germany: Disband A sil, A ber, F den'],
  ['Laivasto Espanja (pohjoisrannikko) hyökkää Portugaliin', 'germany: F spa/nc - por'],
  ['Laivasto Portugali hyökkää Espanjan pohjoisrannikolle', 'germany: F por - spa/nc'],
  ['Laivasto Espanja(nc) hyökkää Portugaliin', 'germany: F spa/nc - por'],
  ['Armeija Hollannista hyökkää Belgiaan', 'germany: A hol - bel'],
  ['Armeija Kreikassa hyökkää Bulgariaan', 'germany: A gre - bul'],
  ['Laivasto Pohjanlahdelta hyökkää Ruotsiin', 'germany: F bot - swe'],
  ['Laivasto Barentsinmereltä hyökkää Pietarin pohjoisrannikolle', 'germany: F bar - stp/nc'],
  ['Venäjä: Armeija Varsova hyökkää Ukrainaan', 'russia: A war - ukr'],
  ['Saksa: Armeija Sleesia hyökkää Böömiin', 'germany: A sil - boh'],
  ['Armeija Pariisi hyökkää Burgundiaan, vetäytymisjärjestys: Gascogne, Picardia', 'germany: A par - bur retreat gas, pic'],
  ['A Lvn - Mos', 'germany: A lvn - mos'],
  ['Armeija Liivinmaalta hyökkää Pietariin', 'germany: A lvn - stp'],
];

describe('Finnish orders: the examples of the rule text', () => {
  it.each(TEXT_003)('%s → %s (%s)', (text, expected) => expectReading('fi', text, expected, P));
});

describe('Finnish orders as players write them', () => {
  it.each(PLAYERS)('%s → %s', (text, expected) => expectReading('fi', text, expected, P));

  it.each([
    ['Armeija Berlinii hyökkää Varsovaan', 'germany: A ber - war', 'Berlinii', 'ber'],
    ['Armeija Berliini hyökkää Varsovaaan', 'germany: A ber - war', 'Varsovaaan', 'war'],
    ['Laivasto Pohjanmri kuljettaa armeija Yorkshiren Norjaan', 'germany: F nth C A yor - nwy', 'Pohjanmri', 'nth'],
  ])('%s: a name one letter off is read with a warning', (text, expected, written, guess) => {
    const result = readLocalizedOrders(board, 'fi', text, P);
    expect(canonical(result)).toBe(expected);
    expect(result.ok && result.warnings?.map((w) => [w.code, w.written, w.guess])).toEqual([['guessed-name', written, guess]]);
    const w = result.ok ? result.warnings?.[0] : undefined;
    expect(w && text.slice(w.start, w.end)).toBe(written);
  });

  it('fills in the kind and the power from the position', () => {
    expectReading('fi', 'Berliini hyökkää Varsovaan', 'germany: A ber - war', { unitAt: units('germany', 'A ber') });
  });
});

describe('Finnish case forms, derived from the nominative', () => {
  const fi = orderVocabulary('fi');
  const forms = (name: string, c: string): string[] =>
    fi?.inflection === undefined ? [] : caseForms(name, fi.inflection).filter((f) => f.case === c).map((f) => f.form);
  it.each([
    ['Varsova', 'illative', 'varsovaan'],
    ['Lontoo', 'illative', 'lontooseen'],
    ['Norja', 'illative', 'norjaan'],
    ['Berliini', 'inessive', 'berliinissä'],
    ['Pariisi', 'inessive', 'pariisissa'],
    ['Kiel', 'illative', 'kieliin'],
    ['Pohjanmeri', 'illative', 'pohjanmereen'],
    ['Baltianmeri', 'allative', 'baltianmerelle'],
    ['Barentsinmeri', 'ablative', 'barentsinmereltä'],
    ['Hollanti', 'elative', 'hollannista'],
    ['Kreikka', 'inessive', 'kreikassa'],
    ['Yorkshire', 'genitive', 'yorkshiren'],
    ['Liivinmaa', 'illative', 'liivinmaahan'],
    ['Romania', 'inessive', 'romaniassa'],
    // Names of several words inflect their last word (issue 8).
    ['Pohjois-Afrikka', 'illative', 'pohjois-afrikkaan'],
    ['Pohjois-Afrikka', 'inessive', 'pohjois-afrikassa'],
    ['Pohjois-Atlantti', 'elative', 'pohjois-atlantista'],
    ['Keski-Atlantti', 'ablative', 'keski-atlantilta'],
    ['Englannin kanaali', 'illative', 'englannin kanaaliin'],
    ['Englannin kanaali', 'genitive', 'englannin kanaalin'],
  ])('%s, %s: %s', (name, c, form) => expect(forms(name, c)).toContain(form));
});

// Issue 8, written as players write: names of several words in any case, routes through
// several seas, several units before one verb.
const ISSUE_8: [string, string][] = [
  ['Armeija Tunis hyökkää Pohjois-Afrikkaan', 'germany: A tun - naf'],
  ['Laivasto Pohjois-Afrikassa hyökkää Tunisiin', 'germany: F naf - tun'],
  ['Laivasto Pohjois-Afrikasta hyökkää Keski-Atlantille', 'germany: F naf - mao'],
  ['Laivasto Keski-Atlantilta hyökkää Pohjois-Afrikkaan', 'germany: F mao - naf'],
  ['Laivasto Pohjois-Atlantilla pysyy', 'germany: F nao H'],
  ['Laivasto Englannin kanaalilla pysyy', 'germany: F eng H'],
  ['Armeija Lontoo siirtyy Englannin kanaalin kautta Brestiin', 'germany: A lon - eng - bre'],
  ['Laivasto Pohjois-Afrikka hyökkää Tunisiin', 'germany: F naf - tun'],
  ['Armeija Hollanti siirtyy Pohjanmeren ja Barentsinmeren kautta Pietariin', 'germany: A hol - nth - bar - stp'],
  ['Armeija Hollanti siirtyy Pohjanmeren, Barentsinmeren kautta Pietariin', 'germany: A hol - nth - bar - stp'],
  ['Armeija Pariisi ja armeija Marseille pysyvät', 'germany: A par H; germany: A mar H'],
  ['Armeija Pariisi, armeija Marseille pysyvät paikallaan', 'germany: A par H; germany: A mar H'],
  ['Armeija Varsova ja laivasto Kiel hajotetaan', 'germany: A war D; germany: F kie D'],
];

describe('Finnish orders of issue 8', () => {
  it.each(ISSUE_8)('%s → %s', (text, expected) => expectReading('fi', text, expected, P));

  it('a land province in a route of several seas is no route', () => {
    expect(readLocalizedOrders(board, 'fi', 'Armeija Hollanti siirtyy Pohjanmeren ja Belgian kautta Pietariin', P).ok).toBe(false);
  });

  it.each([['Armeija Tunis hyökkää Pohjois-Afrikkaan'], ['Armeija Lontoo siirtyy Englannin kanaalin kautta Brestiin']])('%s prints as written', (text) => {
    const result = readLocalizedOrders(board, 'fi', text, P);
    if (!result.ok) throw new Error(result.message);
    expect(result.orders.map((o) => formatLocalizedOrder(board, 'fi', o)).join('')).toBe(text);
  });
});

describe('Finnish orders that read two ways or none', () => {
  it('a misspelling one letter from two names shows both readings', () => {
    const result = readLocalizedOrders(board, 'fi', 'Armeija Syrbia pysyy', P);
    if (result.ok || result.code !== 'ambiguous') throw new Error(canonical(result));
    expect(result.readings.map((r) => r.text).sort()).toEqual(['germany: A ser H', 'germany: A syr H']);
    expectReading('fi', 'Armeija Syrbia pysyy', 'germany: A ser H', { ...P, unitAt: units('germany', 'A ser') }, true);
  });

  it('names the word not understood, with its offsets', () => {
    const result = readLocalizedOrders(board, 'fi', 'Armeija Berliini lentää Varsovaan', P);
    expect(result).toMatchObject({ ok: false, code: 'not-understood', word: 'lentää', start: 17, end: 23 });
  });

  it('says when the order stops short', () => {
    expect(readLocalizedOrders(board, 'fi', 'Armeija Berliini hyökkää', P)).toMatchObject({ ok: false, code: 'incomplete', start: 0, end: 24 });
  });
});

describe('printing in Finnish', () => {
  it.each([
    ['Armeija Berliini hyökkää Varsovaan'],
    ['Laivasto Pohjanmeri kuljettaa armeija Yorkshiren Norjaan'],
    ['Rakenna uusi armeija Lontooseen'],
    ['Armeija Romania vetäytyy Bulgariaan'],
  ])('%s prints as written', (text) => {
    const result = readLocalizedOrders(board, 'fi', text, P);
    if (!result.ok) throw new Error(result.message);
    expect(result.orders.map((o) => formatLocalizedOrder(board, 'fi', o)).join('')).toBe(text);
  });
});
