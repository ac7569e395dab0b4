/**
 * The public facts of the standard Diplomacy board, as literal data, for the
 * tests of the built-in classic map (test/classic-map.test.ts): provinces by
 * terrain, English names, neutral centres, the powers' homes, units and
 * countries, every adjacency, neighbour sets, alternative ids. Province ids are
 * dipforge's: mao (godip/other tools: mid), nao (nat), nwg (nrg), lyo (gol).
 */

export const LAND = 'boh bud bur gal mos mun par ruh ser sil tyr ukr vie war'.split(' ');
export const SEA = 'adr aeg bal bar bla bot eas eng hel ion iri lyo mao nao nth nwg ska tys wes'.split(' ');
export const COAST = (
  'alb ank apu arm bel ber bre bul cly con den edi fin gas gre hol kie lon lvn lvp mar naf nap nwy pic pie ' +
  'por pru rom rum sev smy spa stp swe syr tri tun tus ven wal yor'
).split(' ');

export const ENGLISH: Record<string, string> = {
  adr: 'Adriatic Sea', aeg: 'Aegean Sea', alb: 'Albania', ank: 'Ankara', apu: 'Apulia', arm: 'Armenia',
  bal: 'Baltic Sea', bar: 'Barents Sea', bel: 'Belgium', ber: 'Berlin', bla: 'Black Sea', boh: 'Bohemia',
  bot: 'Gulf of Bothnia', bre: 'Brest', bud: 'Budapest', bul: 'Bulgaria', bur: 'Burgundy', cly: 'Clyde',
  con: 'Constantinople', den: 'Denmark', eas: 'Eastern Mediterranean', edi: 'Edinburgh',
  eng: 'English Channel', fin: 'Finland', gal: 'Galicia', gas: 'Gascony', gre: 'Greece',
  hel: 'Heligoland Bight', hol: 'Holland', ion: 'Ionian Sea', iri: 'Irish Sea', kie: 'Kiel', lon: 'London',
  lvn: 'Livonia', lvp: 'Liverpool', lyo: 'Gulf of Lyon', mao: 'Mid-Atlantic Ocean', mar: 'Marseilles',
  mos: 'Moscow', mun: 'Munich', naf: 'North Africa', nao: 'North Atlantic Ocean', nap: 'Naples',
  nth: 'North Sea', nwg: 'Norwegian Sea', nwy: 'Norway', par: 'Paris', pic: 'Picardy', pie: 'Piedmont',
  por: 'Portugal', pru: 'Prussia', rom: 'Rome', ruh: 'Ruhr', rum: 'Rumania', ser: 'Serbia',
  sev: 'Sevastopol', sil: 'Silesia', ska: 'Skagerrak', smy: 'Smyrna', spa: 'Spain', stp: 'St Petersburg',
  swe: 'Sweden', syr: 'Syria', tri: 'Trieste', tun: 'Tunis', tus: 'Tuscany', tyr: 'Tyrolia',
  tys: 'Tyrrhenian Sea', ukr: 'Ukraine', ven: 'Venice', vie: 'Vienna', wal: 'Wales', war: 'Warsaw',
  wes: 'Western Mediterranean', yor: 'Yorkshire',
};

export const NEUTRAL = ['bel', 'bul', 'den', 'gre', 'hol', 'nwy', 'por', 'rum', 'ser', 'spa', 'swe', 'tun'];

export interface PowerFacts {
  home: string[];
  /** `A x` / `F x` / `F x/c`. */
  units: string[];
  /** The home country: the power's colouring on the board, home centres included (sorted). */
  country: string[];
}

export const POWERS: Record<string, PowerFacts> = {
  austria: { home: ['bud', 'tri', 'vie'], units: ['A bud', 'A vie', 'F tri'], country: ['boh', 'bud', 'gal', 'tri', 'tyr', 'vie'] },
  england: { home: ['edi', 'lon', 'lvp'], units: ['A lvp', 'F edi', 'F lon'], country: ['cly', 'edi', 'lon', 'lvp', 'wal', 'yor'] },
  france: { home: ['bre', 'mar', 'par'], units: ['A mar', 'A par', 'F bre'], country: ['bre', 'bur', 'gas', 'mar', 'par', 'pic'] },
  germany: { home: ['ber', 'kie', 'mun'], units: ['A ber', 'A mun', 'F kie'], country: ['ber', 'kie', 'mun', 'pru', 'ruh', 'sil'] },
  italy: { home: ['nap', 'rom', 'ven'], units: ['A rom', 'A ven', 'F nap'], country: ['apu', 'nap', 'pie', 'rom', 'tus', 'ven'] },
  russia: {
    home: ['mos', 'sev', 'stp', 'war'],
    units: ['A mos', 'A war', 'F sev', 'F stp/sc'],
    country: ['fin', 'lvn', 'mos', 'sev', 'stp', 'ukr', 'war'],
  },
  turkey: { home: ['ank', 'con', 'smy'], units: ['A con', 'A smy', 'F ank'], country: ['ank', 'arm', 'con', 'smy', 'syr'] },
};

/** Every two-way army adjacency of the standard map, each once. */
export const ARMY_EDGES = `
alb-gre alb-ser alb-tri ank-arm ank-con ank-smy apu-nap apu-rom apu-ven arm-sev arm-smy arm-syr bel-bur
bel-hol bel-pic bel-ruh ber-kie ber-mun ber-pru ber-sil boh-gal boh-mun boh-sil boh-tyr boh-vie bre-gas
bre-par bre-pic bud-gal bud-rum bud-ser bud-tri bud-vie bul-con bul-gre bul-rum bul-ser bur-gas bur-mar
bur-mun bur-par bur-pic bur-ruh cly-edi cly-lvp con-smy den-kie den-swe edi-lvp edi-yor fin-nwy fin-stp
fin-swe gal-rum gal-sil gal-ukr gal-vie gal-war gas-mar gas-par gas-spa gre-ser hol-kie hol-ruh kie-mun
kie-ruh lon-wal lon-yor lvn-mos lvn-pru lvn-stp lvn-war lvp-wal lvp-yor mar-pie mar-spa mos-sev mos-stp
mos-ukr mos-war mun-ruh mun-sil mun-tyr naf-tun nap-rom nwy-stp nwy-swe par-pic pie-tus pie-tyr pie-ven
por-spa pru-sil pru-war rom-tus rom-ven rum-ser rum-sev rum-ukr ser-tri sev-ukr sil-war smy-syr tri-tyr
tri-ven tri-vie tus-ven tyr-ven tyr-vie ukr-war wal-yor`;

/** Every two-way fleet adjacency of the standard map, each once. */
export const FLEET_EDGES = `
adr-alb adr-apu adr-ion adr-tri adr-ven aeg-bul/sc aeg-con aeg-eas aeg-gre aeg-ion aeg-smy alb-gre
alb-ion alb-tri ank-arm ank-bla ank-con apu-ion apu-nap apu-ven arm-bla arm-sev bal-ber bal-bot bal-den
bal-kie bal-lvn bal-pru bal-swe bar-nwg bar-nwy bar-stp/nc bel-eng bel-hol bel-nth bel-pic ber-kie
ber-pru bla-bul/ec bla-con bla-rum bla-sev bot-fin bot-lvn bot-stp/sc bot-swe bre-eng bre-gas bre-mao
bre-pic bul/ec-con bul/ec-rum bul/sc-con bul/sc-gre cly-edi cly-lvp cly-nao cly-nwg con-smy den-hel
den-kie den-nth den-ska den-swe eas-ion eas-smy eas-syr edi-nth edi-nwg edi-yor eng-iri eng-lon eng-mao
eng-nth eng-pic eng-wal fin-stp/sc fin-swe gas-mao gas-spa/nc gre-ion hel-hol hel-kie hel-nth hol-kie
hol-nth ion-nap ion-tun ion-tys iri-lvp iri-mao iri-nao iri-wal lon-nth lon-wal lon-yor lvn-pru
lvn-stp/sc lvp-nao lvp-wal lyo-mar lyo-pie lyo-spa/sc lyo-tus lyo-tys lyo-wes mao-naf mao-nao mao-por
mao-spa/nc mao-spa/sc mao-wes mar-pie mar-spa/sc naf-tun naf-wes nao-nwg nap-rom nap-tys nth-nwg nth-nwy
nth-ska nth-yor nwg-nwy nwy-ska nwy-stp/nc nwy-swe pie-tus por-spa/nc por-spa/sc rom-tus rom-tys rum-sev
ska-swe smy-syr spa/sc-wes tri-ven tun-tys tun-wes tus-tys tys-wes`;

/** Neighbour sets of a sample of locations, per unit kind. */
export const NEIGHBOURS: [kind: 'army' | 'fleet', at: string, neighbours: string[]][] = [
  ['army', 'mun', ['ber', 'boh', 'bur', 'kie', 'ruh', 'sil', 'tyr']],
  ['army', 'boh', ['gal', 'mun', 'sil', 'tyr', 'vie']],
  ['army', 'stp', ['fin', 'lvn', 'mos', 'nwy']],
  ['army', 'swe', ['den', 'fin', 'nwy']],
  ['army', 'kie', ['ber', 'den', 'hol', 'mun', 'ruh']],
  ['army', 'den', ['kie', 'swe']],
  ['army', 'spa', ['gas', 'mar', 'por']],
  ['army', 'bul', ['con', 'gre', 'rum', 'ser']],
  ['army', 'nwy', ['fin', 'stp', 'swe']],
  ['army', 'rom', ['apu', 'nap', 'tus', 'ven']],
  ['army', 'syr', ['arm', 'smy']],
  ['army', 'mos', ['lvn', 'sev', 'stp', 'ukr', 'war']],
  ['army', 'naf', ['tun']],
  ['fleet', 'nth', ['bel', 'den', 'edi', 'eng', 'hel', 'hol', 'lon', 'nwg', 'nwy', 'ska', 'yor']],
  ['fleet', 'spa/nc', ['gas', 'mao', 'por']],
  ['fleet', 'spa/sc', ['lyo', 'mao', 'mar', 'por', 'wes']],
  ['fleet', 'stp/nc', ['bar', 'nwy']],
  ['fleet', 'stp/sc', ['bot', 'fin', 'lvn']],
  ['fleet', 'bul/ec', ['bla', 'con', 'rum']],
  ['fleet', 'bul/sc', ['aeg', 'con', 'gre']],
  ['fleet', 'kie', ['bal', 'ber', 'den', 'hel', 'hol']],
  ['fleet', 'con', ['aeg', 'ank', 'bla', 'bul/ec', 'bul/sc', 'smy']],
  ['fleet', 'den', ['bal', 'hel', 'kie', 'nth', 'ska', 'swe']],
  ['fleet', 'mao', ['bre', 'eng', 'gas', 'iri', 'naf', 'nao', 'por', 'spa/nc', 'spa/sc', 'wes']],
  ['fleet', 'swe', ['bal', 'bot', 'den', 'fin', 'nwy', 'ska']],
  ['fleet', 'nwy', ['bar', 'nth', 'nwg', 'ska', 'stp/nc', 'swe']],
  ['fleet', 'rom', ['nap', 'tus', 'tys']],
  ['fleet', 'ven', ['adr', 'apu', 'tri']],
  ['fleet', 'bal', ['ber', 'bot', 'den', 'kie', 'lvn', 'pru', 'swe']],
  ['fleet', 'ska', ['den', 'nth', 'nwy', 'swe']],
  ['fleet', 'eas', ['aeg', 'ion', 'smy', 'syr']],
  ['fleet', 'ion', ['adr', 'aeg', 'alb', 'apu', 'eas', 'gre', 'nap', 'tun', 'tys']],
  ['fleet', 'nao', ['cly', 'iri', 'lvp', 'mao', 'nwg']],
  ['fleet', 'lvp', ['cly', 'iri', 'nao', 'wal']],
  ['fleet', 'edi', ['cly', 'nth', 'nwg', 'yor']],
  ['fleet', 'naf', ['mao', 'tun', 'wes']],
];

/** Alternative ids in common use (other tools, the rule texts) and the province each names. */
export const ALTERNATIVE_IDS: Record<string, string> = { mid: 'mao', nat: 'nao', nrg: 'nwg', gol: 'lyo', ech: 'eng' };

/** `a-b c-d` → `[a, b], [c, d]`. */
export function edgeList(text: string): [string, string][] {
  return text
    .trim()
    .split(/\s+/)
    .map((e) => {
      const [a, b] = e.split('-');
      return [a as string, b as string];
    });
}

/** Each edge both ways, as `a b`, sorted. */
export function twoWay(list: [string, string][]): string[] {
  return list.flatMap(([a, b]) => [`${a} ${b}`, `${b} ${a}`]).sort();
}
