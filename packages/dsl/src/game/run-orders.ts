/**
 * A written phase's orders as the game runner reads them, against the position of the moment: each
 * power's lines in its order language, the lines that continue an order joined to it, each order
 * not read reported where it is written (what is expected next, for a line that stops in a keyword),
 * each misspelt name read as the name it is close to said as such; and the orders no position can
 * make legal on the map, reported as a mistake in the text.
 */
import { echo, type RuleOptions } from '@dipforge/engine/config';
import { neverLegal, parseOrder, type Board, type NameIndex, type NeverLegal, type Order, type ParseResult, type Position, type Unit } from '@dipforge/engine';
import type { CodeName } from '../diagnostics/codes.js';
import type * as G from './ast.js';
import { readOrderLine, type OrderLanguages } from './order-language.js';
import type { OrderReading } from './orders.js';
import type { ParsedGame } from './parse.js';
import { reachesOn } from './reach.js';
import type { EditionSwitch } from './run-edition.js';
import { provinceOf, type GameNames, type Report } from './run-names.js';
import { unfinishedMessage } from './unfinished.js';

/** What reading orders needs of the game runner. */
export interface OrdersHost {
  readonly parsed: ParsedGame;
  readonly board: Board;
  readonly index: NameIndex;
  readonly rules: RuleOptions;
  readonly orderReading: OrderReading;
  readonly languages: OrderLanguages;
  readonly names: GameNames;
  /** Played under another edition: what becomes of an order written for the file's own. */
  readonly edition: EditionSwitch | undefined;
  report: Report;
}

/** A phase's orders read, with the line and power of each (to pair with the engine's results); `incomplete` when a line could not be read. */
export interface ReadOrders {
  orders: Order[];
  lines: G.OrderLine[];
  powers: string[];
  incomplete: boolean;
}

const ENGINE_CODES: Record<string, CodeName> = {
  'unknown-province': 'unknownProvince',
  'ambiguous-province': 'unknownProvince',
  'unknown-power': 'unknownPower',
  // The reader itself failed (a bug): said as such, so that a command exits 3, not 1.
  internal: 'internalError',
};

/** The orders of no written lines (a phase the file leaves out). */
export function noOrders(): ReadOrders {
  return { orders: [], lines: [], powers: [], incomplete: false };
}

/** The orders of `section`, read against `position`. */
export function readOrders(h: OrdersHost, position: Position, section: G.PhaseSection): ReadOrders {
  const lines = section.orders;
  const orders: Order[] = [];
  const orderLines: G.OrderLine[] = [];
  const orderPowers: string[] = [];
  let incomplete = false;
  // The orders judged never legal, reported once the lines are read (most phases have none: no list).
  let never: NeverLegalAt[] | undefined;
    h.orderReading.startPhase();
    // Each power of the section resolved (and a power not found said) once, in the order written.
    const powerWords = section.powers;
    const powerIds: (string | undefined)[] = [];
    for (const w of powerWords) powerIds.push(h.names.power(w));
    const unitAt = (loc: string): Unit | undefined => {
      const b = provinceOf(loc);
      const find = (list: readonly Unit[]): Unit | undefined => list.find((u) => provinceOf(u.at) === b);
      return position.phase.kind === 'retreat' ? (find(position.dislodged) ?? find(position.units)) : find(position.units);
    };
    const reaches = reachesOn(h.board, unitAt);
    // A power's lines come together: its id and language are looked up once for them.
    let word: G.Word | undefined;
    let power: string | undefined;
    let language: string | undefined;
    let joined = false;
    for (const written of lines) {
      if (written.power !== word) {
        word = written.power;
        // Resolved above with the section's powers (a line's power word is one of them, the very word).
        const k = powerWords.indexOf(word);
        power = k >= 0 ? powerIds[k] : h.names.power(word);
        language = power === undefined ? undefined : h.languages.of(power);
      }
      if (!power) {
        incomplete = true;
        continue;
      }
      // The lines after the first of an order read as one.
      if (written.continuation && joined) continue;
      joined = false;
      let line = written;
      if (written.continued && !standsAlone(h, written.text.text, power, language, position.phase.kind, unitAt)) {
        let last = lines.indexOf(written) + 1;
        while (lines[last + 1]?.continuation) last++;
        line = joinedLine(written, lines[last]);
        joined = true;
      }
      if (language !== undefined) {
        // A line in another language may hold several orders, each possibly another power's (`ドイツ：…`).
        const read = readOrderLine(h.board, h.index, language, line.text.text, { power, phase: position.phase.kind, unitAt });
        const at = line.text.range.start.offset;
        for (const n of read.notes) h.report(n.code, h.parsed.lines.range(at + n.start, at + n.end), n.message, n.suggestions);
        if (!read.ok) incomplete = true;
        else for (const o of read.orders) {
          const order = h.edition ? h.edition.switchedOrder(o, line, position) : o;
          if (order) {
            if (line.expected?.value !== 'illegal') {
              const why = judgedNeverLegal(h.board, order);
              if (why) (never ??= []).push({ at: orders.length, why });
            }
            orders.push(order);
            orderLines.push(line);
            orderPowers.push(o.power);
          }
        }
        continue;
      }
      const parsed = h.orderReading.order(line.text.text, power, position.phase.kind, unitAt, reaches);
      if (!parsed.ok) {
        incomplete = true;
        const at = line.text.range.start.offset;
        const end = parsed.end > parsed.start ? parsed.end : line.text.text.length;
        // A line that stops in a keyword, as it does while it is typed, is told what is expected (unfinished.ts).
        const read = (text: string): ParseResult => parseOrder(h.index, text, { power, phase: position.phase.kind, unitAt });
        const afterPower = line.power.range.start.line === line.text.range.start.line;
        const unfinished = unfinishedMessage(line.text.text, parsed, { board: h.board, index: h.index, rules: h.rules, phase: position.phase, afterPower, read });
        const name = unfinished !== undefined ? 'invalidOrder' : (ENGINE_CODES[parsed.code] ?? 'invalidOrder');
        h.report(name, h.parsed.lines.range(at + parsed.start, at + end), unfinished ?? parsed.message, unfinished === undefined ? parsed.suggestions : undefined);
        continue;
      }
      // A misspelt name read as the name it is close to: said, never silent (DF8030).
      if (parsed.warnings) {
        const at = line.text.range.start.offset;
        for (const w of parsed.warnings) h.report('guessedName', h.parsed.lines.range(at + w.start, at + w.end), w.message);
      }
      const order = h.edition ? h.edition.switchedOrder(parsed.order, line, position) : parsed.order;
      if (order) {
        if (line.expected?.value !== 'illegal') {
          // The reading's own order is judged with the reading (orders.ts); an order another edition made of it, on its own.
          const why = order === parsed.order ? h.orderReading.neverLegal(h.board, order) : judgedNeverLegal(h.board, order);
          if (why) (never ??= []).push({ at: orders.length, why });
        }
        orders.push(order);
        orderLines.push(line);
        orderPowers.push(power);
      }
    }
  if (never) reportNeverLegal(h, never, orderLines);
  return { orders, lines: orderLines, powers: orderPowers, incomplete };
}

/** Whether an order line reads as an order by itself (so the deeper-indented line after it is an order of its own). */
function standsAlone(h: OrdersHost, text: string, power: string, language: string | undefined, phase: Position['phase']['kind'], unitAt: (loc: string) => Unit | undefined): boolean {
  if (language !== undefined) return readOrderLine(h.board, h.index, language, text, { power, phase, unitAt }).ok;
  return h.orderReading.order(text, power, phase, unitAt).ok;
}

/** An order of a phase (`at`, its index) that no position can make legal on the map, and why. */
interface NeverLegalAt {
  at: number;
  why: NeverLegal;
}

/**
 * Orders no position can make legal on the map (`F bre - mun`): a mistake in
 * the text, said as one (DF3030), unless the line expects [illegal] (those are
 * not judged). Said once a phase's lines are read, in the orders' order.
 */
function reportNeverLegal(h: Pick<OrdersHost, 'report'>, never: readonly NeverLegalAt[], lines: readonly G.OrderLine[]): void {
  for (const { at, why } of never) {
    const line = lines[at] as G.OrderLine;
    h.report('orderNeverLegal', line.text.range, `${echo(line.text.text)}: never legal on this map: ${why.why} (${why.reason})`);
  }
}

/**
 * Whether an order no kept reading gave (a line in another order language, an order another
 * edition made) is never legal, by board and order: the judgement is on the two alone, and such
 * readings may give the same order object to the lines of many phases, so most are judged once.
 */
function judgedNeverLegal(board: Board, order: Order): NeverLegal | undefined {
  let judged = neverLegalOf.get(board);
  if (!judged) neverLegalOf.set(board, (judged = new WeakMap()));
  let never = judged.get(order);
  if (never === undefined) judged.set(order, (never = neverLegal(board, order) ?? null));
  return never ?? undefined;
}

const neverLegalOf = new WeakMap<Board, WeakMap<Order, NeverLegal | null>>();

/** An order line and the deeper-indented lines that continue it (`next` the last), as one order line (the result written on the last or the first). */
function joinedLine(first: G.OrderLine, next: G.OrderLine | undefined): G.OrderLine {
  const text = first.continued as G.Text;
  const line: G.OrderLine = { kind: 'Order', power: first.power, text, range: { start: first.range.start, end: next?.range.end ?? text.range.end } };
  const expected = next?.expected ?? first.expected;
  if (expected) line.expected = expected;
  return line;
}
