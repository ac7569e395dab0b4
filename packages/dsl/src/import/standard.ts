/**
 * The Python engine's `standard` map in our terms: its province ids (upper
 * case, `STP/SC` for a coast) become the classic variant's (`stp/sc`), its
 * power names (`AUSTRIA`) our power ids. The two maps are the same board, so
 * the table is a fixed one; `packages/dsl/test/import-tables.test.ts` checks it
 * against `variants/classic/classic.dipmap`.
 */

/** Province id in the Python engine → classic province id. */
export const STANDARD_PROVINCES: Readonly<Record<string, string>> = Object.fromEntries(
  [
    // inland
    'boh', 'bud', 'bur', 'gal', 'mos', 'mun', 'par', 'ruh', 'ser', 'sil', 'tyr', 'ukr', 'vie', 'war',
    // coastal
    'alb', 'ank', 'apu', 'arm', 'bel', 'ber', 'bre', 'bul', 'cly', 'con', 'den', 'edi', 'fin', 'gas',
    'gre', 'hol', 'kie', 'lon', 'lvn', 'lvp', 'mar', 'naf', 'nap', 'nwy', 'pic', 'pie', 'por', 'pru',
    'rom', 'rum', 'sev', 'smy', 'spa', 'stp', 'swe', 'syr', 'tri', 'tun', 'tus', 'ven', 'wal', 'yor',
    // sea
    'adr', 'aeg', 'bal', 'bar', 'bla', 'bot', 'eas', 'eng', 'hel', 'ion', 'iri', 'lyo', 'mao', 'nao',
    'nth', 'nwg', 'ska', 'tys', 'wes',
  ].map((id) => [id.toUpperCase(), id]),
);

/** Named coasts of the split-coast provinces (classic ids). */
export const STANDARD_COASTS: Readonly<Record<string, readonly string[]>> = {
  bul: ['ec', 'sc'],
  spa: ['nc', 'sc'],
  stp: ['nc', 'sc'],
};

/** The 34 supply centres (classic ids). */
export const STANDARD_CENTRES: ReadonlySet<string> = new Set([
  'ank', 'bel', 'ber', 'bre', 'bud', 'bul', 'con', 'den', 'edi', 'gre', 'hol', 'kie', 'lon', 'lvp',
  'mar', 'mos', 'mun', 'nap', 'nwy', 'par', 'por', 'rom', 'rum', 'ser', 'sev', 'smy', 'spa', 'stp',
  'swe', 'tri', 'tun', 'ven', 'vie', 'war',
]);

/** Power name in the Python engine → classic power id, in the order the files list powers. */
export const STANDARD_POWERS: Readonly<Record<string, string>> = {
  AUSTRIA: 'austria',
  ENGLAND: 'england',
  FRANCE: 'france',
  GERMANY: 'germany',
  ITALY: 'italy',
  RUSSIA: 'russia',
  TURKEY: 'turkey',
};

/** The classic start (spring 1901): units per power as `A bud`, and the home centres each owns. */
export const STANDARD_START: Readonly<Record<string, { units: readonly string[]; centres: readonly string[] }>> = {
  austria: { units: ['A bud', 'F tri', 'A vie'], centres: ['bud', 'tri', 'vie'] },
  england: { units: ['F edi', 'F lon', 'A lvp'], centres: ['edi', 'lon', 'lvp'] },
  france: { units: ['F bre', 'A mar', 'A par'], centres: ['bre', 'mar', 'par'] },
  germany: { units: ['A ber', 'F kie', 'A mun'], centres: ['ber', 'kie', 'mun'] },
  italy: { units: ['F nap', 'A rom', 'A ven'], centres: ['nap', 'rom', 'ven'] },
  russia: { units: ['A mos', 'F sev', 'F stp/sc', 'A war'], centres: ['mos', 'sev', 'stp', 'war'] },
  turkey: { units: ['F ank', 'A con', 'A smy'], centres: ['ank', 'con', 'smy'] },
};

/**
 * The Python engine's game rules (`rules` of a saved game) that change nothing
 * the adjudication decides: press, deadlines, who controls which power, how
 * the server waits and reports. Any other rule gets a warning, except those
 * that `ADJUDICATION_RULES` carries over.
 */
export const NEUTRAL_RULES: ReadonlySet<string> = new Set([
  'ALWAYS_WAIT',
  'CD_DUMMIES',
  'DONT_SKIP_PHASES',
  'IGNORE_ERRORS',
  'MULTIPLE_POWERS_PER_PLAYER',
  'NO_CHECK',
  'NO_DEADLINE',
  'NO_OBSERVATIONS',
  'NO_PRESS',
  'POWER_CHOICE',
  'PUBLIC_PRESS',
  'REAL_TIME',
  'SOLITAIRE',
  'START_MASTER',
]);

/** The edition whose rules are the Python engine's (see `docs/GAME-LANGUAGE.md`, `docs/RULES.md`). */
export const IMPORT_EDITION = '2000';

/** Python engine rules that have a rule option of ours: the `rule` line they become. */
export const ADJUDICATION_RULES: Readonly<Record<string, string>> = {
  BUILD_ANY: 'build-sites any-owned-centre',
};
