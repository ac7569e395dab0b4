/**
 * How a report names things: orders in a language's words (the engine's
 * `formatLocalizedOrder`, which reads back to the same order), powers,
 * provinces and units by the variant's names in that language (its display
 * name where it has none), and the messages of that language. Without a
 * language, the canonical notation and ids, and English messages.
 */
import type { Board } from '../board/board.js';
import { formatOrder } from '../orders/format.js';
import type { Order } from '../orders/order.js';
import { inflectName } from '../orders/localized/inflect.js';
import { orderVocabulary } from '../orders/localized/languages/index.js';
import { formatLocalizedOrder } from '../orders/localized/print.js';
import type { Messages } from './messages.js';
import { messagesFor } from './tables.js';

export interface Namer {
  /** The language's tag; undefined for the canonical notation. */
  readonly language: string | undefined;
  readonly messages: Messages;
  order(order: Order): string;
  power(id: string): string;
  /** A province or `province/coast`: its id in the canonical notation, its name in a language. */
  place(loc: string): string;
  /** A province's name (the display name in the canonical notation), in the case a place after "to" takes (`Müncheniin`). */
  placeName(loc: string, role?: 'to'): string;
  unit(u: { kind: string; at: string }): string;
}

/** The first name in `language` (or its base language: `zh-Hant` → `zh`), else the display name. */
export function localName(names: Readonly<Record<string, readonly string[]>> | undefined, display: string, language: string): string {
  const base = language.split('-')[0] as string;
  const list = names?.[language] ?? names?.[base] ?? Object.entries(names ?? {}).find(([tag]) => tag.split('-')[0] === base)?.[1];
  return list?.[0] ?? display;
}

/** The canonical notation: ids, `A ber - kie`, English messages. */
export function canonicalNamer(board?: Board): Namer {
  const provinces = new Map(board?.config.provinces.map((p) => [p.id, p]) ?? []);
  return {
    language: undefined,
    messages: messagesFor('en')!,
    order: (o) => formatOrder(o),
    power: (id) => id,
    place: (loc) => loc,
    placeName: (loc) => provinces.get(loc.split('/')[0] as string)?.name ?? loc,
    unit: (u) => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`,
  };
}

/** Names in `language`; undefined when dipforge has no order vocabulary or no messages for it. */
export function languageNamer(board: Board, language: string): Namer | undefined {
  const vocabulary = orderVocabulary(language);
  const messages = messagesFor(language);
  if (!vocabulary || !messages) return undefined;
  const config = board.config;
  const provinces = new Map(config.provinces.map((p) => [p.id, p]));
  const powers = new Map(config.powers.map((p) => [p.id, p]));
  const placeName = (loc: string, role?: 'to'): string => {
    const p = provinces.get(loc.split('/')[0] as string);
    if (!p) return loc;
    const name = localName(p.names, p.name, language);
    const caseName = role === 'to' ? vocabulary.print.placeCase?.to : undefined;
    return caseName && vocabulary.inflection ? inflectName(name, caseName, vocabulary.inflection) : name;
  };
  const place = (loc: string): string => {
    const [id, coast] = loc.split('/') as [string, string | undefined];
    const p = provinces.get(id);
    if (!p) return loc;
    const name = placeName(id);
    if (!coast) return name;
    const c = p.coasts?.find((x) => x.id === coast);
    const coastName = c ? localName(c.names, vocabulary.coastNames[coast] ?? c.name, language) : (vocabulary.coastNames[coast] ?? coast);
    return vocabulary.print.coastPlace.replace('{place}', name).replace('{coast}', coastName);
  };
  return {
    language,
    messages,
    order: (o) => {
      try {
        return formatLocalizedOrder(board, language, o);
      } catch {
        return formatOrder(o);
      }
    },
    power: (id) => {
      const p = powers.get(id);
      return p ? localName(p.names, p.name, language) : id;
    },
    place,
    placeName,
    unit: (u) => vocabulary.print.unit.replace('{kind}', vocabulary.kinds[u.kind === 'fleet' ? 'fleet' : 'army']).replace('{place}', place(u.at)),
  };
}
