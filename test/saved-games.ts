/**
 * Saved games of the Python engine \`diplomacy\` for tests of \`dipforge import\`:
 * the standard map's start as that engine writes it, and a record built on it.
 */

/** Units per power at the start of the standard map, as the Python engine writes them. */
export const START_UNITS: Readonly<Record<string, string[]>> = {
  AUSTRIA: ['A BUD', 'A VIE', 'F TRI'],
  ENGLAND: ['F EDI', 'F LON', 'A LVP'],
  FRANCE: ['F BRE', 'A MAR', 'A PAR'],
  GERMANY: ['F KIE', 'A BER', 'A MUN'],
  ITALY: ['F NAP', 'A ROM', 'A VEN'],
  RUSSIA: ['A WAR', 'A MOS', 'F SEV', 'F STP/SC'],
  TURKEY: ['F ANK', 'A CON', 'A SMY'],
};

/** Supply centres per power at the start: where its units stand. */
export const START_CENTERS: Readonly<Record<string, string[]>> = Object.fromEntries(
  Object.entries(START_UNITS).map(([power, units]) => [power, units.map((u) => u.slice(2, 5)).sort()]),
);

/** A saved game of the standard map: S1901M with \`orders\` for Austria (none of them moving anything), then F1901M. */
export function savedGame(orders: readonly string[]): string {
  const state = (name: string): Record<string, unknown> => ({ name, units: START_UNITS, centers: START_CENTERS });
  return JSON.stringify({
    id: 'long',
    map: 'standard',
    rules: [],
    phases: [
      { name: 'S1901M', state: state('S1901M'), orders: { AUSTRIA: orders }, results: {} },
      { name: 'F1901M', state: state('F1901M'), orders: {}, results: {} },
    ],
  });
}
