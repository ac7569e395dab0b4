/** The message tables by language tag (see `messages.ts`). */
import { en } from './en.js';
import { fi } from './fi.js';
import { ja } from './ja.js';
import type { Messages } from './messages.js';
import { zh } from './zh.js';

const TABLES: ReadonlyMap<string, Messages> = new Map([en, fi, ja, zh].map((m) => [m.language, m]));

/** The languages reports can be written in. */
export function reportLanguages(): string[] {
  return [...TABLES.keys()].sort();
}

/** The table for `language` or its base language (`zh-Hans` → `zh`); undefined when there is none. */
export function messagesFor(language: string): Messages | undefined {
  const tag = language.toLowerCase();
  return TABLES.get(tag) ?? TABLES.get(tag.split('-')[0] as string);
}
