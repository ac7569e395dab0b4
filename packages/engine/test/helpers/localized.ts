// Helpers for the localized order reader's tests: the classic board, a position
// written as `A war`, `F spa/sc`, and the canonical text of a result.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { compileBoard, type Board } from '../../src/board/board.js';
import type { VariantConfig } from '../../src/config/variant-config.js';
import type { UnitKind } from '../../src/game/position.js';
import { formatOrder } from '../../src/orders/format.js';
import { readLocalizedOrders, type LocalizedReadContext, type LocalizedReadResult } from '../../src/orders/localized/index.js';

const classic = JSON.parse(readFileSync(new URL('../fixtures/classic.json', import.meta.url), 'utf8')) as VariantConfig;
export const board: Board = compileBoard(classic);

/** `unitAt` for units written `A war`, `F spa/sc` (all of `power`). */
export function units(power: string, ...list: string[]): NonNullable<LocalizedReadContext['unitAt']> {
  const parsed = list.map((u) => {
    const [k, at] = u.split(' ') as [string, string];
    return { power, kind: (k === 'A' ? 'army' : 'fleet') as UnitKind, at };
  });
  return (loc) => parsed.find((u) => u.at === loc || u.at.split('/')[0] === loc);
}

/** The canonical notation of what was read: `power: ORDER`, several joined by `; `. */
export function canonical(result: LocalizedReadResult): string {
  if (!result.ok) return `${result.code}: ${result.message}`;
  return result.orders.map((o) => formatOrder(o, { power: true })).join('; ');
}

/** Reads `text` and expects exactly `expected` (canonical notation), with no warning unless `warned`. */
export function expectReading(language: string, text: string, expected: string, context: LocalizedReadContext, warned = false): void {
  const result = readLocalizedOrders(board, language, text, context);
  expect(canonical(result), text).toBe(expected);
  if (result.ok) expect((result.warnings ?? []).length > 0, `${text}: warnings ${JSON.stringify(result.warnings)}`).toBe(warned);
}
