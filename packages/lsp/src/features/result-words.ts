/**
 * An order's result in plain words for the editor (inlay hints, hover), in the
 * game's language when it sets one (`language zh`) and the variant compiled:
 * `✗ bounced by A gal (1 against 1)`, `✗ 与慕尼黑陆军移动到伯干第对峙（军力1对1）`.
 * The adjudicator's full reasoning (`resultText`) stays in hover and diagnostics.
 */
import type { OrderRun } from '@dipforge/dsl';
import { canonicalNamer, languageNamer, resultWords, statusWords, type Namer } from '@dipforge/engine';
import type { GameDoc } from '../workspace.js';

const namers = new WeakMap<GameDoc, Namer>();

/** The namer of a game's results: its language's (`language TAG`, not `en`), else the canonical notation. */
export function docNamer(doc: GameDoc): Namer {
  const known = namers.get(doc);
  if (known) return known;
  const tag = doc.run.languages?.game?.toLowerCase();
  const namer = (tag && doc.board ? languageNamer(doc.board, tag) : undefined) ?? canonicalNamer(doc.board);
  namers.set(doc, namer);
  return namer;
}

/** The inlay hint of an order's result: `✓ succeeds`, `✗ cut by A ser - tri`, `⚠ a fleet cannot enter Munich (inland)`. */
export function hintLabel(doc: GameDoc, o: OrderRun): string | undefined {
  const r = o.result;
  if (!r) return undefined;
  const names = docNamer(doc);
  if (r.status === 'succeeds' && r.reason === undefined) return `✓ ${names.messages.text.succeeds}`;
  return `${r.status === 'illegal' ? '⚠' : '✗'} ${resultWords(r, names, doc.board)}`;
}

/** The result line of hover: the status and the words (`fails: bounced by A gal (1 against 1)`). */
export function resultLine(doc: GameDoc, o: OrderRun): string | undefined {
  return o.result ? statusWords(o.result, docNamer(doc), doc.board) : undefined;
}
