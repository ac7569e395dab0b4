/**
 * Completion in a `declare` block: the declarations' keywords and the powers
 * each list may still name.
 */
import { CompletionItemKind } from 'vscode-languageserver';
import type { GameDoc } from '../../workspace.js';
import type { Candidate } from './items.js';

const DECLARE_KEYWORDS = ['alliance', 'draw', 'concede', 'end'];

/**
 * Completion in a `declare` block, from the line written so far: at its start
 * the declarations' keywords (and `expect`), then the powers (`POWER allies`);
 * after `alliance`, `draw`, `concede`, `by` and after a comma the powers not
 * listed yet in that list (an alliance has two); after a listed power, `by`
 * (draws and concessions); after `POWER`, `allies`; after `allies`, the other
 * powers and `none`.
 */
export function declareCandidates(doc: GameDoc, before: string): Candidate[] {
  const index = doc.index;
  const board = doc.board;
  const kw = (list: string[]): Candidate[] => list.map((label) => ({ label, kind: CompletionItemKind.Keyword }));
  const powers = (listed: Set<string> = new Set()): Candidate[] =>
    (board?.powerIds ?? []).filter((p) => !listed.has(p)).map((p) => ({ label: p, kind: CompletionItemKind.Module, detail: index?.powerName(p) ?? p }));
  let text = before.trimStart();
  const keywordLine = /^declare(?:\s+|$)/iu.exec(text);
  if (keywordLine) {
    // `declare STATEMENT` on one line; `declare` alone is the block's keyword.
    if (!/\s$/u.test(keywordLine[0])) return [];
    text = text.slice(keywordLine[0].length);
    if (text === '') return [...kw(DECLARE_KEYWORDS), ...powers()];
  } else if (text === '') return [...kw([...DECLARE_KEYWORDS, 'expect']), ...powers()];
  if (!index) return [];
  const idsOf = (list: string): string[] => list.split(',').map((w) => index.power(w.trim())).filter((p): p is string => p !== undefined);
  /** After a comma-separated list: the powers not in it when another may follow, `then` after a complete name. */
  const list = (rest: string, max: number, then: string[]): Candidate[] => {
    const pieces = rest.split(',');
    const lastPiece = pieces[pieces.length - 1] as string;
    const listed = new Set(idsOf(rest));
    if (lastPiece.trim() === '') return listed.size >= max ? [] : powers(listed);
    return /\s$/u.test(lastPiece) && index.power(lastPiece.trim()) ? kw(then) : [];
  };
  const m = /^(\S+)(\s+)?/u.exec(text);
  const first = m?.[1]?.toLowerCase();
  const rest = m?.[2] !== undefined ? text.slice((m?.[0] as string).length) : undefined;
  if (rest !== undefined && first === 'alliance') return list(rest, 2, []);
  if (rest !== undefined && (first === 'draw' || first === 'concede')) {
    const by = /(^|\s)by(\s+|$)/iu.exec(rest);
    if (!by) return list(rest, Infinity, ['by']);
    if (by[2] === '') return [];
    return list(rest.slice(by.index + by[0].length), Infinity, []);
  }
  if (first === 'end') return [];
  // `POWER allies POWER` / `POWER allies none`.
  const allies = /^(.*?)\s+allies(\s+|$)(.*)$/iu.exec(text);
  if (allies) {
    const who = index.power((allies[1] as string).trim());
    if (!who || allies[2] === '' || (allies[3] as string).trim() !== '') return [];
    return [...powers(new Set([who])), ...kw(['none'])];
  }
  return /\s$/u.test(text) && index.power(text.trim()) ? kw(['allies']) : [];
}
