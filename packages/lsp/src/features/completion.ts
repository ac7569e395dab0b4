/**
 * Completion that knows the position. In a game file: at the start of a
 * power's orders its units in that phase; after `A par -` the places the unit
 * can reach (and, for an army on a coast, where the fleets standing at sea
 * could convoy it); after `S` the units it can support (moves into places it
 * can reach, and holds); after `C` the armies a fleet can convoy; builds on
 * free build sites; retreats only to legal retreat places; the phases a
 * `phase` line may name; the old rules' retreat, build and disband lists; the
 * powers where a line may start another power's block. Names, aliases and
 * localized names match what is typed; the canonical id is inserted. In a map
 * file: keywords by block, provinces, powers, coasts, rule options and values.
 *
 * This file finds where the cursor is and hands over to `completion/`: one
 * file per kind of place (header, phase lines, position and expect blocks,
 * declare blocks, order lines, the old rules' lists, maps).
 */
import { CompletionItemKind, type CompletionItem, type Position } from 'vscode-languageserver';
import { gameContext, positionOf, type GameContext } from '../context.js';
import { gameSnippetItems } from './snippets.js';
import { localizedCompletion } from './localized.js';
import type { GameDoc, MapDoc, Workspace } from '../workspace.js';
import { declareCandidates } from './completion/declare.js';
import { headerCompletion } from './completion/header.js';
import { configNames, items, snippetsFor, typedAt } from './completion/items.js';
import { adjustmentListCandidates, listKeywords, retreatListCandidates } from './completion/lists.js';
import { mapCompletion } from './completion/map.js';
import { legalCandidates, orderCandidates } from './completion/orders.js';
import { phaseLineCandidates } from './completion/phases.js';
import { sectionCandidates } from './completion/sections.js';
import { symbols } from './completion/symbols.js';

export function completion(ws: Workspace, doc: GameDoc | MapDoc, pos: Position): CompletionItem[] {
  const offset = doc.lines.offsetAt(pos);
  if (doc.kind === 'map') return mapCompletion(ws, doc, offset);
  const list = gameCompletion(ws, doc, offset);
  const typed = typedAt(doc.text, offset);
  // A section or header line starts at the line's first column.
  if (typed.start !== doc.lines.lineStart(doc.lines.lineOf(offset))) return list;
  return [...list, ...snippetsFor(gameSnippetItems(doc, doc.lines.range(typed.start, typed.end)), typed)];
}

function gameCompletion(ws: Workspace, doc: GameDoc, offset: number): CompletionItem[] {
  const ctx = gameContext(doc, offset);
  const typed = typedAt(doc.text, offset);
  const line = doc.lines.lineOf(offset);
  const lineStart = doc.lines.lineStart(line);
  const before = doc.text.slice(lineStart, typed.start);
  const phases = phaseLineCandidates(doc, line, before);
  if (phases) return items(phases, typed, doc.lines);
  if (ctx.kind === 'position' || ctx.kind === 'expect') {
    const cands = sectionCandidates(doc, ctx, before, typed);
    if (cands) return items(cands, typed, doc.lines, configNames(doc.config));
  }
  if (ctx.kind === 'declare') return items(declareCandidates(doc, before), typed, doc.lines);
  if (ctx.kind === 'header' || (ctx.kind !== 'phase' && ctx.kind !== 'expect' && before.trim() === '')) {
    return headerCompletion(ws, doc, before, typed, ctx);
  }
  if (ctx.kind !== 'phase' || !doc.board || !doc.index || !doc.config) return [];
  // The order text: after `POWER:` when the line starts with one.
  let orderStart = lineStart;
  const colon = before.indexOf(':');
  if (colon >= 0) orderStart = lineStart + colon + 1;
  const power = ctx.power ? doc.index.power(ctx.power.text) : undefined;
  const position = positionOf(doc, ctx.index);
  if (!position) return [];
  if (!power || (before.trim() === '' && startsBlock(doc, ctx, line, before.length))) {
    if (before.trim() !== '') return [];
    return items(
      doc.board.powerIds.map((p) => ({ label: `${p}:`, kind: CompletionItemKind.Module, detail: doc.index?.powerName(p) ?? p })),
      typed,
      doc.lines,
    );
  }
  // A power that writes in another language: that language's words and names.
  const language = doc.run.languages?.of(power);
  const localized = language !== undefined ? localizedCompletion(doc, language, power, position, orderStart, offset) : undefined;
  if (localized) return localized;
  const written = doc.text.slice(orderStart, typed.start);
  const syms = symbols(doc, written, orderStart);
  const list = retreatListCandidates(doc, position, power, syms) ?? adjustmentListCandidates(doc, position, power, syms);
  const cands = list ?? [...(legalCandidates(doc, ctx.index, position, power, syms) ?? orderCandidates(doc, position, power, syms)), ...listKeywords(doc, position, power, syms, written)];
  return spaced(items(cands, typed, doc.lines, configNames(doc.config)), doc.text, typed.start);
}

/**
 * Whether a line indented by `indent` may start another power's block: it is
 * indented no deeper than the block's `POWER:`, and not as deep as an order of
 * that block (a file that writes its orders at the margin under a `POWER:` at
 * the margin keeps them coming).
 */
function startsBlock(doc: GameDoc, ctx: Extract<GameContext, { kind: 'phase' }>, line: number, indent: number): boolean {
  const word = ctx.power;
  if (!word) return true;
  const column = (at: { offset: number; line: number }): number => at.offset - doc.lines.lineStart(at.line);
  if (indent > column(word.range.start)) return false;
  return !ctx.section.orders.some((o) => o.power === word && o.range.start.line !== line && o.range.start.line !== word.range.start.line && column(o.range.start) === indent);
}

/**
 * Items inserted right after `POWER:` or a list's comma get a space before
 * them (`germany: A ber`, not `germany:A ber`): the colon triggers completion,
 * and the order reads better, and formats as written, with the space.
 */
function spaced(list: CompletionItem[], text: string, start: number): CompletionItem[] {
  const prev = text[start - 1];
  if (prev !== ':' && prev !== ',') return list;
  for (const i of list) if (i.textEdit && 'range' in i.textEdit) i.textEdit.newText = ` ${i.textEdit.newText}`;
  return list;
}
