/**
 * An order's result in plain words for the inlay hints, in the language its
 * power writes (`language zh`, `language fi for russia`; see `editor-words.ts`)
 * when the variant compiled: `✓ succeeds`, `✗ bounced by A gal (1 against 1)`,
 * `✗ 与慕尼黑陆军移动到伯干第对峙（军力1对1）`. The adjudicator's full
 * reasoning stays in hover and diagnostics.
 */
import type { OrderRun } from '@dipforge/dsl';
import { resultWords } from '@dipforge/engine';
import type { GameDoc } from '../workspace.js';
import { speechOf } from './editor-words.js';

/** The inlay hint of an order's result: `✓ succeeds`, `✗ cut by A ser - tri`, `⚠ a fleet cannot enter Munich (inland)`. */
export function hintLabel(doc: GameDoc, o: OrderRun): string | undefined {
  const r = o.result;
  if (!r) return undefined;
  const names = speechOf(doc, o.power).names;
  if (r.status === 'succeeds' && r.reason === undefined) return `✓ ${names.messages.text.succeeds}`;
  return `${r.status === 'illegal' ? '⚠' : '✗'} ${resultWords(r, names, doc.board)}`;
}
