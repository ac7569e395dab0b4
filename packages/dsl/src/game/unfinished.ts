/**
 * An order line that stops in a keyword, as every line does while it is
 * typed: `Bu` on the way to `Build`, `A mun H r` to `retreat`, `fra` to
 * `france:`. The order reader reads the last word as a name and says so
 * ("unknown province 'Bu'; did you mean 'bud' (Budapest)…"), which sends the
 * writer the wrong way. When the word the reader stopped at is the line's
 * last and begins a word that may stand there, the error (still DF6003, the
 * line cannot be read) says what is expected instead:
 *
 *   the order stops at 'Bu': expected Build UNIT, UNIT… (a build list), or a unit and its order
 *
 * What may stand there depends on the place and the rules:
 * - at the start of the order, a power's block (`france:`, when the line names
 *   no power yet) and the phase's order words: `Build`, `Disband` where the
 *   fall's adjustments are written with its moves (a postal year), `Disband` in
 *   a retreat phase, `Build`, `Remove`, `Disband`, `Waive` in an adjustment phase;
 * - after a whole movement order, `retreat` where retreat lists count.
 * The line is still an error: a file left that way is told what it lacks.
 */
import { inAdvance, nameKey, type Board, type NameIndex, type Order, type ParseResult, type PhaseKind, type RuleOptions } from '@dipforge/engine';

/** Where an order line is read: what `unfinishedMessage` needs to know of it. */
export interface OrderPlace {
  board: Board;
  index: NameIndex;
  rules: RuleOptions;
  phase: { year: number; season: string; kind: PhaseKind };
  /** Whether the line names its power before the order (`germany: A mun H`): then no power's block starts there. */
  afterPower: boolean;
  /** The order reader's reading of a text as an order of the line's power in this phase. */
  read: (text: string) => ParseResult;
}

type Failure = Extract<ParseResult, { ok: false }>;

/** The reader's failures on a word it does not know (others read the word as one of the notation's: `A`, `B`, `r`). */
const UNKNOWN_WORD = new Set<Failure['code']>(['unknown-province', 'ambiguous-province', 'unknown-power']);
const LIST_ORDERS = new Set<Order['type']>(['hold', 'move', 'support', 'convoy']);

/** The message for a line that stops in a keyword, or undefined when the reader's own message stands. */
export function unfinishedMessage(text: string, failure: Failure, place: OrderPlace): string | undefined {
  const word = text.slice(failure.start, failure.end);
  if (failure.end !== text.trimEnd().length || !/^\p{L}+$/u.test(word)) return undefined;
  const key = word.toLowerCase();
  const head = text.slice(0, failure.start);
  const prefixed = place.afterPower || /^[^:]+:\s*$/u.test(head);
  const expected: string[] = [];
  const begins = (keyword: string): boolean => keyword.toLowerCase().startsWith(key);
  if (head.trim() === '' || prefixed) {
    const starts = lineStarts(place);
    // A whole keyword expects what follows it; a word begun may still become a unit's province.
    const whole = starts.find(([keyword]) => keyword.toLowerCase() === key);
    if (whole) return `the order stops at '${word}': expected ${whole[1]}`;
    for (const [keyword, form] of starts) if (begins(keyword)) expected.push(form);
    if (!prefixed && UNKNOWN_WORD.has(failure.code)) for (const p of powersBegun(place, word)) expected.push(`${p}: (${place.index.powerName(p) ?? p}'s orders)`);
    return expected.length > 0 ? `the order stops at '${word}': expected ${expected.join(', ')}, or a unit and its order` : undefined;
  }
  if (!begins('retreat') || !inAdvance(place.board, place.rules, place.phase).retreatLists) return undefined;
  const order = place.read(head.trim());
  if (!order.ok || !LIST_ORDERS.has(order.order.type) || ('retreat' in order.order && order.order.retreat)) return undefined;
  return `the order stops at '${word}': expected retreat PROVINCE, PROVINCE… (a retreat list; disband may end it)`;
}

/** The order words that may start a line of this phase, with what each expects. */
function lineStarts(place: OrderPlace): [string, string][] {
  switch (place.phase.kind) {
    case 'movement':
      return inAdvance(place.board, place.rules, place.phase).adjustments
        ? [
            ['Build', 'Build UNIT, UNIT… (a build list)'],
            ['Disband', 'Disband UNIT, UNIT… (a disband list)'],
          ]
        : [];
    case 'retreat':
      return [['Disband', 'Disband UNIT']];
    case 'adjustment':
      return [
        ['Build', 'Build UNIT'],
        ['Remove', 'Remove UNIT'],
        ['Disband', 'Disband UNIT'],
        ['Waive', 'Waive'],
      ];
  }
}

/** The powers whose id or name begins with the word, or that the word names. */
function powersBegun(place: OrderPlace, word: string): string[] {
  const key = nameKey(word);
  if (key === '') return [];
  const named = place.index.power(word);
  return place.board.powerIds.filter((p) => p === named || nameKey(p).startsWith(key) || nameKey(place.index.powerName(p) ?? '').startsWith(key));
}
