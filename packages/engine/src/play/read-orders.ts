/**
 * Orders as a program hands them to the game object: an order object, or a
 * text in the standard notation or in one of the order languages. Both come out
 * as canonical `Order`s (ids, not names), or as a `DipforgeError` saying which
 * order and where it went wrong.
 */
import type { Board } from '../board/board.js';
import type { NameIndex } from '../board/names.js';
import type { Position } from '../game/position.js';
import { formatOrder } from '../orders/format.js';
import { orderLanguages, readLocalizedOrders } from '../orders/localized/index.js';
import type { Order } from '../orders/order.js';
import { parseOrder, type ParseContext } from '../orders/parse.js';
import { DipforgeError } from './errors.js';

/** An order given as an object or as text. */
export type OrderInput = Order | string;

export interface ReadOrderOptions {
  /** The power giving the orders, when a text does not name one (`A par - bur`). */
  power?: string;
  /**
   * The language of texts: `zh`, `ja`, `fi`, or `standard` for the standard notation. Default: the
   * standard notation, then each order language in turn for a text it does not read.
   */
  language?: string;
  /** Refuse misspelt names instead of reading them as the one name they are close to (default false). */
  strict?: boolean;
}

const ORDER_TYPES = new Set<string>(['hold', 'move', 'support', 'convoy', 'retreat', 'disband', 'build', 'waive', 'build-list', 'disband-list']);

function parseContext(index: NameIndex, position: Position, options: ReadOrderOptions): ParseContext {
  const byPlace = new Map<string, Position['units'][number]>();
  const units = position.phase.kind === 'retreat' ? position.dislodged : position.units;
  for (const u of units) {
    byPlace.set(u.at, u);
    byPlace.set(u.at.split('/')[0]!, u);
  }
  const power = options.power === undefined ? undefined : index.power(options.power);
  if (options.power !== undefined && power === undefined) throw new DipforgeError('bad-order', `no power "${String(options.power).slice(0, 60)}" in this variant`);
  return {
    phase: position.phase.kind,
    guessNames: options.strict !== true,
    unitAt: (loc) => byPlace.get(loc),
    ...(power === undefined ? {} : { power }),
  };
}

/** Reads one text into orders (a localized text may hold several). */
function readText(board: Board, index: NameIndex, text: string, at: number, context: ParseContext, language: string | undefined): Order[] {
  const standard = language === undefined || language === 'standard' ? parseOrder(index, text, context) : undefined;
  if (standard?.ok) return [standard.order];
  const languages = language === undefined ? orderLanguages() : language === 'standard' ? [] : [language];
  for (const lang of languages) {
    const read = readLocalizedOrders(board, lang, text, context);
    if (read.ok) return read.orders;
    if (language !== undefined) {
      const why = read.code === 'ambiguous' ? `it reads ${read.readings.length} ways` : read.code;
      const span = read.code === 'ambiguous' ? {} : { start: read.start, end: read.end };
      throw new DipforgeError('bad-order', `order ${at + 1} (${lang}) not understood: ${why}`, { order: at, ...span });
    }
  }
  const failed = standard && !standard.ok ? standard : undefined;
  throw new DipforgeError('bad-order', `order ${at + 1} not understood: ${failed?.message ?? 'no reading'}`, {
    order: at,
    ...(failed ? { start: failed.start, end: failed.end } : {}),
  });
}

/** An order object, checked by printing it and reading it back: names become ids, and a malformed object is refused. */
function readObject(index: NameIndex, value: unknown, at: number, context: ParseContext): Order {
  const o = value as Partial<Order> | null;
  if (typeof o !== 'object' || o === null || typeof o.type !== 'string' || !ORDER_TYPES.has(o.type)) {
    throw new DipforgeError('bad-order', `order ${at + 1} is neither a text nor an order object with a known "type"`, { order: at });
  }
  const power = typeof o.power === 'string' ? index.power(o.power) : context.power;
  if (power === undefined) throw new DipforgeError('bad-order', `order ${at + 1} names no power of this variant`, { order: at });
  let text: string;
  try {
    text = formatOrder({ ...(o as Order), power });
  } catch {
    throw new DipforgeError('bad-order', `order ${at + 1} is missing a field its type "${o.type}" needs`, { order: at });
  }
  const read = parseOrder(index, text, { ...context, power, guessNames: false });
  if (!read.ok) throw new DipforgeError('bad-order', `order ${at + 1} (${text.slice(0, 60)}): ${read.message}`, { order: at });
  return read.order;
}

/** Reads orders given as objects or texts, in the position's phase. */
export function readOrders(board: Board, index: NameIndex, position: Position, orders: readonly OrderInput[], options: ReadOrderOptions = {}): Order[] {
  if (!Array.isArray(orders)) throw new DipforgeError('bad-order', 'orders must be a list');
  const context = parseContext(index, position, options);
  const language = options.language?.toLowerCase();
  if (language !== undefined && language !== 'standard' && !orderLanguages().includes(language.split('-')[0]!)) {
    throw new DipforgeError('bad-order', `no order language "${language.slice(0, 20)}"; the languages are standard, ${orderLanguages().join(', ')}`, {
      known: ['standard', ...orderLanguages()],
    });
  }
  const out: Order[] = [];
  orders.forEach((o, i) => {
    if (typeof o === 'string') for (const order of readText(board, index, o, i, context, language)) out.push(order);
    else out.push(readObject(index, o, i, context));
  });
  return out;
}
