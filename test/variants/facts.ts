/**
 * Facts of the ten published variants in variants/, written down as literal data (public map facts:
 * counts, powers, starting units, home centres, split coasts, a sample of adjacencies per unit kind
 * and of provinces two steps apart that are not adjacent). test/variants.test.ts checks the compiled
 * maps against them. `adjacent` entries are [from, to, both ways]; a one-way edge has false.
 */
export interface VariantFacts {
  name: string;
  provinces: number;
  centres: number;
  terrain: { land: number; sea: number; coast: number };
  powers: string[];
  /** Starting units per power (`neutral` for neutral units), sorted. */
  units: Record<string, string[]>;
  homes: Record<string, string[]>;
  /** Provinces with named coasts, and their coast ids. */
  coasts: Record<string, string[]>;
  start: [number, string, string];
  victory: number;
  adjacent: { army: [string, string, boolean][]; fleet: [string, string, boolean][] };
  notAdjacent: { army: [string, string][]; fleet: [string, string][] };
  /** Adjacencies per kind, a two-way one counted once. */
  armyEdges: number;
  fleetEdges: number;
}

export const VARIANT_FACTS: VariantFacts[] = [
  {
    name: 'pure',
    provinces: 7,
    centres: 7,
    terrain: {'land': 7, 'sea': 0, 'coast': 0},
    powers: ['austria', 'england', 'france', 'germany', 'italy', 'turkey', 'russia'],
    units: {'germany': ['A ber'], 'turkey': ['A con'], 'england': ['A lon'], 'russia': ['A mos'], 'france': ['A par'], 'italy': ['A rom'], 'austria': ['A vie']},
    homes: {'germany': ['ber'], 'turkey': ['con'], 'england': ['lon'], 'russia': ['mos'], 'france': ['par'], 'italy': ['rom'], 'austria': ['vie']},
    coasts: {},
    start: [1901, 'spring', 'movement'],
    victory: 4,
    adjacent: {'army': [['con', 'vie', true], ['rom', 'vie', true], ['mos', 'vie', true], ['lon', 'vie', true], ['con', 'mos', true], ['mos', 'par', true]], 'fleet': []},
    notAdjacent: {'army': [], 'fleet': []},
    armyEdges: 21,
    fleetEdges: 0,
  },
  {
    name: 'ancient-mediterranean',
    provinces: 79,
    centres: 34,
    terrain: {'land': 14, 'sea': 20, 'coast': 45},
    powers: ['rome', 'greece', 'egypt', 'persia', 'carthage'],
    units: {'egypt': ['A mem', 'A the', 'F ale'], 'persia': ['A ant', 'A dam', 'F sid'], 'greece': ['A ath', 'A mac', 'F spa'], 'carthage': ['A car', 'A cir', 'F tha'], 'rome': ['A rav', 'A rom', 'F nea']},
    homes: {'egypt': ['ale', 'mem', 'the'], 'persia': ['ant', 'dam', 'sid'], 'greece': ['ath', 'mac', 'spa'], 'carthage': ['car', 'cir', 'tha'], 'rome': ['nea', 'rav', 'rom']},
    coasts: {},
    start: [1, 'spring', 'movement'],
    victory: 18,
    adjacent: {'army': [['jer', 'nab', true], ['ath', 'epi', true], ['cap', 'dam', true], ['ale', 'cyr', true], ['mas', 'rha', true], ['ale', 'sii', true]], 'fleet': [['ale', 'gop', true], ['aus', 'lib', true], ['cap', 'isa', true], ['ree', 'sii', true], ['sid', 'tye', true], ['nea', 'sic', true]]},
    notAdjacent: {'army': [['vin', 'epi'], ['ill', 'ven'], ['pha', 'mau']], 'fleet': [['sid', 'egy'], ['ion', 'dal'], ['got', 'sic']]},
    armyEdges: 112,
    fleetEdges: 155,
  },
  {
    name: 'youngstown-redux',
    provinces: 183,
    centres: 81,
    terrain: {'land': 38, 'sea': 49, 'coast': 96},
    powers: ['turkey', 'austria', 'britain', 'china', 'japan', 'italy', 'germany', 'india', 'russia', 'france'],
    units: {'britain': ['F ade', 'F edi', 'F lie', 'F lon', 'F sig'], 'turkey': ['A bag', 'A con', 'A mec', 'F ank'], 'germany': ['A ber', 'A col', 'A mun', 'F kie', 'F tsi'], 'india': ['A cal', 'A del', 'F bom', 'F mad'], 'france': ['A mar', 'A par', 'F bre', 'F sai'], 'austria': ['A bud', 'A tes', 'A vnn', 'F sar'], 'china': ['A gua', 'A pek', 'A wuh', 'F sha'], 'japan': ['A kyo', 'F osa', 'F sap', 'F tok'], 'italy': ['A mil', 'A rom', 'F mog', 'F nap'], 'russia': ['A mos', 'A oms', 'A war', 'F sev', 'F stp/sc', 'F vla']},
    homes: {'britain': ['ade', 'edi', 'lie', 'lon', 'sig'], 'turkey': ['ank', 'bag', 'con', 'mec'], 'germany': ['ber', 'col', 'kie', 'mun', 'tsi'], 'india': ['bom', 'cal', 'del', 'mad'], 'france': ['bre', 'mar', 'par', 'sai'], 'austria': ['bud', 'sar', 'tes', 'vnn'], 'china': ['gua', 'pek', 'sha', 'wuh'], 'japan': ['kyo', 'osa', 'sap', 'tok'], 'italy': ['mil', 'mog', 'nap', 'rom'], 'russia': ['mos', 'oms', 'sev', 'stp', 'vla', 'war']},
    coasts: {'ara': ['nc', 'sc'], 'heb': ['nc', 'sc'], 'lev': ['nc', 'sc'], 'spa': ['nc', 'sc'], 'stp': ['nc', 'sc'], 'tha': ['ec', 'wc']},
    start: [1901, 'spring', 'movement'],
    victory: 28,
    adjacent: {'army': [['gal', 'war', true], ['mal', 'sah', true], ['hol', 'kie', true], ['bel', 'bug', true], ['bug', 'par', true], ['tyo', 'ven', true]], 'fleet': [['ion', 'tyh', true], ['fin', 'stp/sc', true], ['kar', 'soj', true], ['bag', 'psg', true], ['kor', 'vla', true], ['gre', 'ion', true]]},
    notAdjacent: {'army': [['hol', 'den'], ['ade', 'mec'], ['oma', 'ade']], 'fleet': [['pie', 'tyh'], ['sig', 'cam'], ['eio', 'cel']]},
    armyEdges: 267,
    fleetEdges: 347,
  },
  {
    name: 'hundred',
    provinces: 41,
    centres: 17,
    terrain: {'land': 12, 'sea': 10, 'coast': 19},
    powers: ['england', 'burgundy', 'france'],
    units: {'england': ['A cal', 'A guy', 'A nom', 'F dev', 'F lon'], 'france': ['A dau', 'A orl', 'A par', 'A pro', 'A tou'], 'burgundy': ['A dij', 'A fla', 'A lux', 'F hol']},
    homes: {'england': ['cal', 'dev', 'guy', 'lon', 'nom'], 'france': ['dau', 'orl', 'par', 'tou'], 'burgundy': ['dij', 'fla', 'hol', 'lux']},
    coasts: {'ara': ['nc', 'sc'], 'not': ['ec', 'wc']},
    start: [1425, 'year', 'movement'],
    victory: 9,
    adjacent: {'army': [['als', 'can', true], ['poi', 'tou', true], ['not', 'sco', true], ['ang', 'not', true], ['cal', 'par', true], ['fla', 'hol', true]], 'fleet': [['eng', 'nom', true], ['hol', 'thw', true], ['fri', 'hol', true], ['str', 'thw', true], ['fla', 'hol', true], ['cal', 'str', true]]},
    notAdjacent: {'army': [['fla', 'par'], ['lor', 'fri'], ['ara', 'brt']], 'fleet': [['sav', 'cas'], ['bis', 'wal'], ['fla', 'fri']]},
    armyEdges: 61,
    fleetEdges: 68,
  },
  {
    name: 'cold-war',
    provinces: 90,
    centres: 27,
    terrain: {'land': 5, 'sea': 24, 'coast': 61},
    powers: ['ussr', 'nato'],
    units: {'ussr': ['A mos', 'A sha', 'A vla', 'F alb', 'F hav', 'F len/sc'], 'nato': ['A los', 'A nyk', 'A par', 'F aus', 'F ist', 'F lon']},
    homes: {'ussr': ['alb', 'hav', 'len', 'mos', 'sha', 'vla'], 'nato': ['aus', 'ist', 'lon', 'los', 'nyk', 'par']},
    coasts: {'cen': ['ec', 'wc'], 'col': ['nc', 'wc'], 'len': ['nc', 'sc'], 'mex': ['ec', 'wc'], 'nko': ['ec', 'wc'], 'par': ['nc', 'sc'], 'wca': ['nc', 'wc']},
    start: [1960, 'spring', 'movement'],
    victory: 17,
    adjacent: {'army': [['sib', 'vla', true], ['den', 'wge', true], ['par', 'wge', true], ['bra', 'ven', true], ['ita', 'yug', true], ['nko', 'seo', true]], 'fleet': [['bra', 'ven', true], ['ber', 'kam', true], ['col/nc', 'pan', true], ['tun', 'wme', true], ['ion', 'yug', true], ['eaf', 'inc', true]]},
    notAdjacent: {'army': [['mos', 'arm'], ['lev', 'cau'], ['irn', 'len']], 'fleet': [['ion', 'egy'], ['noy', 'par'], ['ins', 'sha']]},
    armyEdges: 109,
    fleetEdges: 209,
  },
  {
    name: 'north-sea-wars',
    provinces: 31,
    centres: 15,
    terrain: {'land': 5, 'sea': 7, 'coast': 19},
    powers: ['britons', 'romans', 'frysians', 'norse'],
    units: {'frysians': ['A ams', 'F fri'], 'britons': ['A cym', 'F sbr'], 'romans': ['A ges', 'F men'], 'norse': ['A got', 'F sor']},
    homes: {'frysians': ['ams', 'fri'], 'britons': ['cym', 'sbr'], 'romans': ['ges', 'men'], 'norse': ['got', 'sor']},
    coasts: {'jut': ['ec', 'wc']},
    start: [0, 'spring', 'movement'],
    victory: 8,
    adjacent: {'army': [['gei', 'men', true], ['ges', 'mag', true], ['ebe', 'ges', true], ['ams', 'fri', true], ['ali', 'sbr', true], ['gra', 'iro', true]], 'fleet': [['jut/ec', 'lim', true], ['got', 'sea', true], ['men', 'wbe', true], ['sor', 'ves', true], ['fri', 'lns', true], ['bat', 'lns', true], ['cns', 'gra', false], ['cns', 'iro', false], ['cns', 'woo', false]]},
    notAdjacent: {'army': [['ges', 'men'], ['mag', 'got'], ['mag', 'lim']], 'fleet': [['lns', 'ams'], ['wns', 'sor'], ['lim', 'ams']]},
    armyEdges: 36,
    fleetEdges: 56,
  },
  {
    name: 'western-world-901',
    provinces: 157,
    centres: 64,
    terrain: {'land': 50, 'sea': 28, 'coast': 79},
    powers: ['umayyad', 'kiev', 'denmark', 'khazaria', 'west-francia', 'tulunid', 'abbasid', 'east-francia', 'eastern-rome'],
    units: {'tulunid': ['A ale', 'A dam', 'F bar', 'F jer'], 'west-francia': ['A aqt', 'A gas', 'A nar', 'F par'], 'abbasid': ['A ard', 'A bag', 'A ira', 'A isf'], 'neutral': ['A arm', 'A aze', 'A bas', 'A bja', 'A bor', 'A btt', 'A bul', 'A cos', 'A cre', 'A cyp', 'A dal', 'A dub', 'A est', 'A geo', 'A ifr', 'A lot', 'A low', 'A mau', 'A mav', 'A maz', 'A pam', 'A pec', 'A rom', 'A sad', 'A sic', 'A thr', 'A urg', 'A wsx'], 'khazaria': ['A ati', 'A bnj', 'A sak', 'A tam'], 'eastern-rome': ['A con', 'F att', 'F crn', 'F tar'], 'east-francia': ['A bav', 'A sax', 'A swa', 'F bre'], 'umayyad': ['A cod', 'A snc', 'F cad', 'F val'], 'denmark': ['A vik', 'F jel', 'F jor/ec', 'F sca'], 'kiev': ['A kie', 'A ros', 'A smo', 'F nov']},
    homes: {'tulunid': ['ale', 'bar', 'dam', 'jer'], 'west-francia': ['aqt', 'gas', 'nar', 'par'], 'abbasid': ['ard', 'bag', 'ira', 'isf'], 'khazaria': ['ati', 'bnj', 'sak', 'tam'], 'eastern-rome': ['att', 'con', 'crn', 'tar'], 'east-francia': ['bav', 'bre', 'sax', 'swa'], 'umayyad': ['cad', 'cod', 'snc', 'val'], 'denmark': ['jel', 'jor', 'sca', 'vik'], 'kiev': ['kie', 'nov', 'ros', 'smo']},
    coasts: {'jor': ['ec', 'wc'], 'pec': ['ec', 'wc'], 'rom': ['ec', 'wc'], 'saa': ['nc', 'sc'], 'vel': ['nc', 'wc']},
    start: [901, 'spring', 'movement'],
    victory: 33,
    adjacent: {'army': [['ale', 'tri', true], ['bul', 'chm', true], ['sss', 'tah', true], ['liv', 'nov', true], ['spa', 'val', true], ['bsr', 'ira', true]], 'fleet': [['aeg', 'cil', true], ['aeg', 'cre', true], ['kip', 'nks', true], ['sca', 'vik', true], ['gra', 'str', true], ['cre', 'egy', true]]},
    notAdjacent: {'army': [['kak', 'abk'], ['kri', 'est'], ['swa', 'fri']], 'fleet': [['ice', 'wsx'], ['der', 'ati'], ['soa', 'ifr']]},
    armyEdges: 277,
    fleetEdges: 251,
  },
  {
    name: 'twenty-twenty',
    provinces: 215,
    centres: 98,
    terrain: {'land': 36, 'sea': 51, 'coast': 128},
    powers: ['brazil', 'canada', 'australia', 'italy', 'usa', 'kenya', 'egypt', 'thailand', 'turkey', 'south-africa', 'india', 'russia', 'pakistan', 'china', 'uk', 'japan', 'germany', 'argentina', 'nigeria', 'spain'],
    units: {'nigeria': ['A abu', 'A kan', 'F lag'], 'egypt': ['A asw', 'A cai', 'F ale'], 'usa': ['A anc', 'A atl', 'A okl', 'F was'], 'turkey': ['A ank', 'A diy', 'F ist'], 'china': ['A bao', 'A bei', 'A cho', 'A yum'], 'spain': ['A bar', 'F cad', 'F mad'], 'germany': ['A ben', 'A mun', 'F ham'], 'india': ['A ned', 'F bna', 'F mum'], 'thailand': ['A chm', 'F bnk', 'F hat'], 'australia': ['F bri', 'F pet', 'F syd'], 'argentina': ['F bue', 'F com', 'F men'], 'south-africa': ['A pre', 'F cap', 'F dur'], 'uk': ['F dub', 'F edi', 'F lon'], 'canada': ['F iqa', 'F mot', 'F van'], 'russia': ['A irk', 'A mos', 'A oms', 'A vla'], 'pakistan': ['A isl', 'A lah', 'F kar'], 'brazil': ['A mac', 'F rec', 'F rio'], 'kenya': ['A mar', 'A nai', 'F mom'], 'italy': ['A mil', 'A nap', 'F roe/ec'], 'japan': ['F nag', 'F sap', 'F tok']},
    homes: {'nigeria': ['abu', 'kan', 'lag'], 'egypt': ['ale', 'asw', 'cai'], 'usa': ['anc', 'atl', 'okl', 'was'], 'turkey': ['ank', 'diy', 'ist'], 'china': ['bao', 'bei', 'cho', 'yum'], 'spain': ['bar', 'cad', 'mad'], 'germany': ['ben', 'ham', 'mun'], 'india': ['bna', 'mum', 'ned'], 'thailand': ['bnk', 'chm', 'hat'], 'australia': ['bri', 'pet', 'syd'], 'argentina': ['bue', 'com', 'men'], 'south-africa': ['cap', 'dur', 'pre'], 'uk': ['dub', 'edi', 'lon'], 'canada': ['iqa', 'mot', 'van'], 'russia': ['irk', 'mos', 'oms', 'vla'], 'pakistan': ['isl', 'kar', 'lah'], 'brazil': ['mac', 'rec', 'rio'], 'kenya': ['mar', 'mom', 'nai'], 'italy': ['mil', 'nap', 'roe'], 'japan': ['nag', 'sap', 'tok']},
    coasts: {'ank': ['nc', 'sc'], 'bod': ['ec', 'wc'], 'bul': ['ec', 'sc'], 'col': ['nc', 'wc'], 'fin': ['nc', 'sc'], 'ira': ['ec', 'wc'], 'los': ['ec', 'wc'], 'mec': ['nc', 'sc'], 'mex': ['ec', 'wc'], 'mil': ['ec', 'wc'], 'roe': ['ec', 'wc'], 'she': ['ec', 'sc'], 'whi': ['nc', 'wc']},
    start: [2001, 'spring', 'movement'],
    victory: 49,
    adjacent: {'army': [['alb', 'grc', true], ['atl', 'chg', true], ['cze', 'mil', true], ['mum', 'ned', true], ['afg', 'mas', true], ['whi', 'yeo', true]], 'fleet': [['moc', 'tan', true], ['arc', 'bes', true], ['oma', 'riy', true], ['asw', 'cai', true], ['mio', 'wio', true], ['bet', 'che', true]]},
    notAdjacent: {'army': [['yem', 'drc'], ['kar', 'teh'], ['car', 'bnh']], 'fleet': [['phi', 'bes'], ['wna', 'ott'], ['bet', 'lab']]},
    armyEdges: 322,
    fleetEdges: 459,
  },
  {
    name: 'empires-and-coalitions',
    provinces: 96,
    centres: 44,
    terrain: {'land': 19, 'sea': 22, 'coast': 55},
    powers: ['ottoman', 'denmark', 'sicily', 'prussia', 'austria', 'france', 'britain', 'russia', 'spain'],
    units: {'ottoman': ['A con', 'F ang'], 'prussia': ['A ber', 'A brl', 'A kon'], 'france': ['A brt', 'A lyo', 'A par', 'F mar'], 'austria': ['A bud', 'A ven', 'A vie'], 'denmark': ['F chr', 'F cop'], 'britain': ['A han', 'F edi', 'F gib', 'F lon'], 'russia': ['A kie', 'A mos', 'F sev', 'F stp/sc'], 'spain': ['F mad', 'F val'], 'sicily': ['A nap', 'F pal']},
    homes: {'ottoman': ['ang', 'con', 'egy'], 'prussia': ['ber', 'brl', 'kon'], 'france': ['brt', 'lyo', 'mar', 'par'], 'austria': ['bud', 'ven', 'vie'], 'denmark': ['chr', 'cop', 'swe'], 'britain': ['edi', 'han', 'lie', 'lon'], 'russia': ['kie', 'mos', 'sev', 'stp'], 'spain': ['mad', 'por', 'val'], 'sicily': ['nap', 'pal', 'pap']},
    coasts: {'and': ['ec', 'wc'], 'pap': ['ec', 'wc'], 'sch': ['ec', 'wc'], 'stp': ['nc', 'sc']},
    start: [1800, 'spring', 'movement'],
    victory: 23,
    adjacent: {'army': [['gas', 'nav', true], ['lor', 'rhi', true], ['tra', 'waa', true], ['hel', 'pie', true], ['boh', 'vie', true], ['bos', 'gre', true]], 'fleet': [['cen', 'tri', true], ['ang', 'con', true], ['cat', 'val', true], ['ang', 'eas', true], ['pap/wc', 'tys', true], ['cel', 'lie', true]]},
    notAdjacent: {'army': [['tra', 'con'], ['tri', 'alg'], ['gas', 'mad']], 'fleet': [['pap', 'gol'], ['noa', 'wet'], ['tys', 'apu']]},
    armyEdges: 147,
    fleetEdges: 183,
  },
  {
    name: 'chaos',
    provinces: 75,
    centres: 34,
    terrain: {'land': 14, 'sea': 19, 'coast': 42},
    powers: ['ankara', 'belgium', 'berlin', 'brest', 'budapest', 'bulgaria', 'constantinople', 'denmark', 'edinburgh', 'greece', 'holland', 'kiel', 'liverpool', 'london', 'marseilles', 'moscow', 'munich', 'naples', 'norway', 'paris', 'portugal', 'rome', 'rumania', 'serbia', 'sevastopol', 'smyrna', 'spain', 'stpetersburg', 'sweden', 'trieste', 'tunis', 'venice', 'vienna', 'warsaw'],
    units: {},
    homes: {'ankara': ['ank'], 'belgium': ['bel'], 'berlin': ['ber'], 'brest': ['bre'], 'budapest': ['bud'], 'bulgaria': ['bul'], 'constantinople': ['con'], 'denmark': ['den'], 'edinburgh': ['edi'], 'greece': ['gre'], 'holland': ['hol'], 'kiel': ['kie'], 'london': ['lon'], 'liverpool': ['lvp'], 'marseilles': ['mar'], 'moscow': ['mos'], 'munich': ['mun'], 'naples': ['nap'], 'norway': ['nwy'], 'paris': ['par'], 'portugal': ['por'], 'rome': ['rom'], 'rumania': ['rum'], 'serbia': ['ser'], 'sevastopol': ['sev'], 'smyrna': ['smy'], 'spain': ['spa'], 'stpetersburg': ['stp'], 'sweden': ['swe'], 'trieste': ['tri'], 'tunis': ['tun'], 'venice': ['ven'], 'vienna': ['vie'], 'warsaw': ['war']},
    coasts: {'bul': ['ec', 'sc'], 'spa': ['nc', 'sc'], 'stp': ['nc', 'sc']},
    start: [1900, 'fall', 'adjustment'],
    victory: 18,
    adjacent: {'army': [['hol', 'kie', true], ['alb', 'ser', true], ['rum', 'ser', true], ['mos', 'sev', true], ['den', 'swe', true], ['mun', 'sil', true]], 'fleet': [['lyo', 'spa/sc', true], ['bar', 'stp/nc', true], ['ank', 'con', true], ['spa/sc', 'wes', true], ['eng', 'pic', true], ['apu', 'ven', true]]},
    notAdjacent: {'army': [['lvp', 'lon'], ['ruh', 'par'], ['gas', 'pic']], 'fleet': [['cly', 'wal'], ['bla', 'smy'], ['mao', 'nth']]},
    armyEdges: 111,
    fleetEdges: 141,
  },
];
