/**
 * The order vocabularies, by language tag; each is merged with the notation's
 * words (`./notation.ts`) when the reader builds its dictionary.
 */
import type { Vocabulary } from '../vocabulary.js';
import { fi } from './fi.js';
import { ja } from './ja.js';
import { zh } from './zh.js';

const VOCABULARIES: ReadonlyMap<string, Vocabulary> = new Map([fi, ja, zh].map((v) => [v.language, v]));

/** The languages the localized reader and printer know, sorted. */
export function orderLanguages(): string[] {
  return [...VOCABULARIES.keys()].sort();
}

/** The vocabulary of a language tag; a tag with a script or region (`zh-Hant`, `fi-FI`) finds its language's. */
export function orderVocabulary(language: string): Vocabulary | undefined {
  const tag = String(language).toLowerCase();
  return VOCABULARIES.get(tag) ?? VOCABULARIES.get(tag.split(/[-_]/u)[0] ?? '');
}
