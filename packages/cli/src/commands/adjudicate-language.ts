/**
 * How `dipforge adjudicate --lang TAG` names things: orders in the language's
 * words (the engine's `formatLocalizedOrder`, which reads back to the same
 * order), and powers, provinces and units by the variant's names in that
 * language (its display name where it has none). Without a language, the
 * canonical notation and ids.
 */
import { formatLocalizedOrder, formatOrder, orderVocabulary, type Board, type Order, type Vocabulary } from '@dipforge/engine';
import type { VariantConfig } from '@dipforge/engine/config';

export interface Namer {
  order(order: Order): string;
  power(id: string): string;
  /** A province or `province/coast`. */
  place(loc: string): string;
  unit(u: { kind: string; at: string }): string;
}

export const canonicalNamer: Namer = {
  order: (o) => formatOrder(o),
  power: (id) => id,
  place: (loc) => loc,
  unit: (u) => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`,
};

/** The first name in `language` (or its base language: `zh-Hant` → `zh`), else the display name. */
function localName(names: Record<string, string[]> | undefined, display: string, language: string): string {
  const base = language.split('-')[0] as string;
  const list = names?.[language] ?? names?.[base] ?? Object.entries(names ?? {}).find(([tag]) => tag.split('-')[0] === base)?.[1];
  return list?.[0] ?? display;
}

/** Names in `language`; undefined when dipforge has no order vocabulary for it. */
export function languageNamer(board: Board, config: VariantConfig, language: string): Namer | undefined {
  const vocabulary: Vocabulary | undefined = orderVocabulary(language);
  if (!vocabulary) return undefined;
  const provinces = new Map(config.provinces.map((p) => [p.id, p]));
  const powers = new Map(config.powers.map((p) => [p.id, p]));
  const place = (loc: string): string => {
    const [id, coast] = loc.split('/') as [string, string | undefined];
    const p = provinces.get(id);
    if (!p) return loc;
    const name = localName(p.names, p.name, language);
    if (!coast) return name;
    const c = p.coasts?.find((x) => x.id === coast);
    const coastName = c ? localName(c.names, vocabulary.coastNames[coast] ?? c.name, language) : (vocabulary.coastNames[coast] ?? coast);
    return vocabulary.print.coastPlace.replace('{place}', name).replace('{coast}', coastName);
  };
  return {
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
    unit: (u) => vocabulary.print.unit.replace('{kind}', vocabulary.kinds[u.kind === 'fleet' ? 'fleet' : 'army']).replace('{place}', place(u.at)),
  };
}
