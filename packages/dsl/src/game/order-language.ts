/**
 * Order lines written in another language (`language zh`, `language fi for
 * russia`; docs/GAME-LANGUAGE.md, "Orders in other languages"): which language
 * each power writes, and one line read into the canonical orders it holds, with
 * its problems as diagnostics of this package (offsets into the line's text).
 *
 * The engine's localized reader does the reading (docs/ORDER-LANGUAGES.md).
 * Its vocabularies include the standard notation, but a line it cannot read is
 * still given to the standard reader, so that what the standard notation alone
 * has (retreat lists, guessed English names) works in every language.
 */
import {
  LOCALIZED_DIAGNOSTIC_CODES,
  orderLanguages,
  orderVocabulary,
  parseOrder,
  readLocalizedOrders,
  type Board,
  type NameIndex,
  type Order,
  type PhaseKind,
  type Reading,
  type UnitKind,
} from '@dipforge/engine';
import { Codes, type CodeName } from '../diagnostics/codes.js';
import { quoted } from '@dipforge/engine/config';

/** The tag that sets a power back to the standard notation (the default). */
export const STANDARD_NOTATION = 'en';

/** The languages a game may set: the standard notation and every vocabulary the engine has. */
export function gameOrderLanguages(): string[] {
  return [STANDARD_NOTATION, ...orderLanguages()];
}

/** Whether `tag` names the standard notation or a language the engine reads. */
export function isOrderLanguage(tag: string): boolean {
  return tag.toLowerCase() === STANDARD_NOTATION || orderVocabulary(tag) !== undefined;
}

/** The order language of each power of a game: its own, else the game's, else the standard notation. */
export class OrderLanguages {
  constructor(
    /** The game's language (`language TAG`), if set. */
    readonly game: string | undefined,
    /** Power id → language (`language TAG for POWER`). */
    readonly powers: ReadonlyMap<string, string> = new Map(),
  ) {}

  /** Whether every power writes in the same language under both (a run read otherwise cannot be reused). */
  equals(other: OrderLanguages | undefined): boolean {
    if (!other || other.game !== this.game || other.powers.size !== this.powers.size) return false;
    for (const [power, tag] of this.powers) if (other.powers.get(power) !== tag) return false;
    return true;
  }

  /** The game's language when it is not the standard notation: the board's labels and legend are drawn in it. */
  labels(): string | undefined {
    return this.game === undefined || this.game.toLowerCase() === STANDARD_NOTATION ? undefined : this.game.toLowerCase();
  }

  /** The language `power` writes in, or undefined for the standard notation. */
  of(power: string): string | undefined {
    const tag = this.powers.get(power) ?? this.game;
    return tag === undefined || tag.toLowerCase() === STANDARD_NOTATION ? undefined : tag;
  }
}

/** A problem of a line: offsets into the line's order text, end exclusive. */
export interface LineNote {
  code: CodeName;
  start: number;
  end: number;
  message: string;
  /** What to write instead, best first (the quick fixes'): names in the line's language. */
  suggestions?: string[];
}

export type LineReading =
  | { ok: true; orders: Order[]; notes: LineNote[] }
  /** `readings`: the ways an ambiguous line reads, for an editor to offer each. */
  | { ok: false; notes: LineNote[]; readings?: Reading[] };

export interface LineContext {
  power: string;
  phase: PhaseKind;
  unitAt: (loc: string) => { power: string; kind: UnitKind; at: string } | undefined;
}

/** The registered name of a diagnostic code (`DF6031` → its name), or the generic bad-order code. */
function codeName(code: string | undefined): CodeName {
  for (const [name, info] of Object.entries(Codes)) if (info.code === code) return name as CodeName;
  return 'invalidOrder';
}

/**
 * Reads one order line of a power that writes in `language`: the orders it
 * holds (one line may hold several: two convoys), or why it holds none. Never
 * throws.
 */
export function readOrderLine(board: Board, index: NameIndex, language: string, text: string, context: LineContext): LineReading {
  let read;
  try {
    read = readLocalizedOrders(board, language, text, context);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    read = { ok: false as const, code: 'internal' as const, message: `The order reader failed: ${message}`, start: 0, end: text.length };
  }
  if (read.ok) {
    const notes = (read.warnings ?? []).map((w): LineNote => ({ code: codeName(LOCALIZED_DIAGNOSTIC_CODES[w.code]), start: w.start, end: w.end, message: w.message, ...(w.spelling !== undefined ? { suggestions: [w.spelling] } : {}) }));
    return { ok: true, orders: read.orders, notes };
  }
  if (read.code === 'ambiguous') {
    const readings = read.readings;
    const list = readings.map((r, i) => `(${i + 1}) ${r.text}`).join('; ');
    const message = `${quoted(text)} reads ${readings.length} ways: ${list}. Write it so that it reads one way, e.g. in the standard notation`;
    return { ok: false, readings, notes: [{ code: codeName(LOCALIZED_DIAGNOSTIC_CODES.ambiguous), start: 0, end: text.length, message }] };
  }
  // What the standard notation alone has (retreat lists, guessed English names).
  const standard = parseOrder(index, text, context);
  if (standard.ok) {
    const notes = (standard.warnings ?? []).map((w) => ({ code: 'guessedName' as const, start: w.start, end: w.end, message: w.message }));
    return { ok: true, orders: [standard.order], notes };
  }
  const start = Math.max(0, Math.min(read.start, text.length));
  const end = read.end > start ? Math.min(read.end, text.length) : text.length;
  const suggestions = read.code === 'not-understood' ? read.suggestions : undefined;
  return { ok: false, notes: [{ code: codeName(LOCALIZED_DIAGNOSTIC_CODES[read.code]), start, end: Math.max(end, start), message: read.message, ...(suggestions ? { suggestions } : {}) }] };
}
