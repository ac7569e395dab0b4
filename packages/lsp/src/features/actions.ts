/**
 * Code actions: did-you-mean, one quick fix for each suggestion a diagnostic
 * carries (ranked where it was found, by `rankSuggestions`), the canonical id
 * for a misspelt name the order reader guessed (DF8030), add the missing coast,
 * hold every unit of a power that has no order yet, write an order in its
 * canonical form, and convert a game written for another edition's year
 * (convert-action.ts).
 */
import { formatOrder, type Order } from '@dipforge/engine';
import { CodeActionKind, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver';
import { base, gameContext, namesNear, positionOf, unitText } from '../context.js';
import { tokens } from '../name-scan.js';
import { ModelNames } from '../names.js';
import type { GameDoc, MapDoc, Workspace } from '../workspace.js';
import { diagnostics as docDiagnostics, suggestionsOf } from './diagnostics.js';
import { convertActions } from './convert-action.js';
import { localizedActions } from './localized.js';

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']): boolean => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

export function codeActions(ws: Workspace, doc: GameDoc | MapDoc, range: Range): CodeAction[] {
  const out: CodeAction[] = [];
  const edit = (title: string, kind: string, edits: TextEdit[], preferred = false, diagnostics?: CodeAction['diagnostics']): void => {
    const a: CodeAction = { title, kind, edit: { changes: { [doc.uri]: edits } } };
    if (preferred) a.isPreferred = true;
    if (diagnostics) a.diagnostics = diagnostics;
    out.push(a);
  };
  const diags = docDiagnostics(doc, ws.settings).filter((d) => overlaps(d.range, range));
  for (const d of diags) {
    const start = doc.lines.offsetAt(d.range.start);
    const end = doc.lines.offsetAt(d.range.end);
    const written = doc.text.slice(start, end);
    // A did-you-mean: each suggestion the diagnostic carries (ranked where it was found, by rankSuggestions), best first.
    suggestionsOf(d).forEach((s, i) => edit(`Did you mean ${s}${nameOf(doc, s, d.code)}?`, CodeActionKind.QuickFix, [{ range: d.range, newText: s }], i === 0, [d]));
    if (d.code === 'DF8030' && doc.kind === 'game') {
      const guess = guessedName(doc, written, typeof d.message === 'string' ? d.message : d.message.value);
      if (guess) edit(`Write ${guess.id} (${guess.name}) for '${written}'`, CodeActionKind.QuickFix, [{ range: d.range, newText: guess.id }], true, [d]);
    }
    if (d.code === 'DF4004' || d.code === 'DF3002' || d.code === 'missing-coast' || d.code === 'DF2003') {
      for (const fix of coastFixes(doc, start, end, d.code)) edit(`Add the coast: ${fix.newText}`, CodeActionKind.QuickFix, [fix], false, [d]);
    }
  }
  if (doc.kind === 'game') {
    out.push(...convertActions(ws, doc, range));
    gameActions(doc, range, edit, diags);
  }
  return out;
}

/** ` (Venice)`: the display name of a suggested province or power of a game, when it says more than its id. */
function nameOf(doc: GameDoc | MapDoc, id: string, code: Diagnostic['code']): string {
  if (doc.kind !== 'game' || !doc.index) return '';
  const name = code === 'DF2002' ? doc.index.powerName(id) : (doc.index.provinceName(id) ?? doc.index.powerName(id));
  return name !== undefined && name !== id ? ` (${name})` : '';
}

/**
 * The name a misspelt word was read as (DF8030): the one province, else the one
 * power, whose name the words are close to, as the order reader guesses; else
 * the id the warning names (`read 'burgandy' as bur (Burgundy)`).
 */
function guessedName(doc: GameDoc, written: string, message: string): { id: string; name: string } | undefined {
  const index = doc.index;
  if (!index) return undefined;
  const words = tokens(written).filter((w) => w.kind === 'word').map((w) => w.text);
  if (words.length > 0) {
    const provinces = index.guessProvince(words);
    if (provinces.length === 1) return { id: provinces[0] as string, name: index.provinceName(provinces[0] as string) ?? (provinces[0] as string) };
    const powers = index.guessPower(words);
    if (powers.length === 1) return { id: powers[0] as string, name: index.powerName(powers[0] as string) ?? (powers[0] as string) };
  }
  const m = / as (\S+) \(/u.exec(message);
  const id = m?.[1];
  if (!id) return undefined;
  const name = index.provinceName(id) ?? index.powerName(id);
  return name !== undefined ? { id, name } : undefined;
}

/** Replacements of a location without (or with a wrong) coast by each coast that fits. */
function coastFixes(doc: GameDoc | MapDoc, start: number, end: number, code: string | number | undefined): TextEdit[] {
  if (doc.kind === 'map') {
    const names = new ModelNames(doc.model);
    const written = doc.text.slice(start, end);
    const id = names.province(written.split('/')[0] ?? written);
    const decl = id ? doc.model.provinces.get(id)?.decl : undefined;
    if (!id || !decl) return [];
    return decl.coasts.filter((c) => c.id).map((c) => ({ range: doc.lines.range(start, end), newText: `${id}/${c.id?.value}` }));
  }
  const board = doc.board;
  const index = doc.index;
  if (!board || !index) return [];
  const occ = namesNear(doc, start).occurrences.filter((o) => o.kind === 'province' && o.start < end && o.end > start);
  const out: TextEdit[] = [];
  for (const o of occ) {
    if (!index.hasCoasts(o.id)) continue;
    // The written place, with any coast after it.
    const coast = namesNear(doc, start).occurrences.find((c) => c.kind === 'coast' && c.start >= o.end && c.start <= o.end + 2);
    let to = coast ? coast.end : o.end;
    if (coast && doc.text[to] === ')') to++;
    let coasts = [...board.coastsOf(board.provinceId(o.id))].map((l) => board.locName(l));
    // In an order, only the coasts the fleet can reach.
    if (code === 'missing-coast' && doc.kind === 'game') {
      const ctx = gameContext(doc, start);
      const order = ctx.kind === 'phase' ? ctx.orderRun?.order : undefined;
      if (order && 'unit' in order && order.unit.at !== o.id && base(order.unit.at) !== o.id) {
        const from = board.locId(order.unit.at);
        if (from >= 0) coasts = coasts.filter((c) => board.canMove('fleet', from, board.locId(c)));
      }
    }
    for (const c of coasts) out.push({ range: doc.lines.range(o.start, to), newText: c });
  }
  return out;
}

function gameActions(doc: GameDoc, range: Range, edit: Parameters<typeof localizedActions>[3], diags: Diagnostic[]): void {
  const offset = doc.lines.offsetAt(range.start);
  const ctx = gameContext(doc, offset);
  if (ctx.kind !== 'phase') return;
  // An order in another language: rewritten in the canonical notation or another language, an ambiguous one as each reading.
  const localized = localizedActions(doc, ctx, diags, edit);
  // The order in its canonical form.
  if (ctx.order && ctx.orderRun && !localized) {
    let canonical: string | undefined;
    try {
      canonical = formatOrder(ctx.orderRun.order as Order);
    } catch {
      canonical = undefined;
    }
    if (canonical && canonical !== ctx.order.text.text) {
      edit(`Write as ${canonical}`, CodeActionKind.RefactorRewrite, [{ range: doc.lines.range(ctx.order.text.range.start.offset, ctx.order.text.range.end.offset), newText: canonical }]);
    }
  }
  // Hold every unit of the power that has no order.
  if (ctx.power && doc.index && ctx.run?.phase.kind !== 'retreat' && ctx.run?.phase.kind !== 'adjustment') {
    const power = doc.index.power(ctx.power.text);
    const position = positionOf(doc, ctx.index);
    if (!power || !position || position.phase.kind !== 'movement') return;
    const w = ctx.power;
    const block = ctx.section.orders.filter((o) => o.power === w);
    const ordered = new Set<string>();
    for (const o of ctx.run?.orders ?? []) if (o.power === power && 'unit' in o.order) ordered.add(base(o.order.unit.at));
    // Orders of the block that could not be read still name their unit: keep those units out.
    for (const o of block) for (const occ of namesNear(doc, o.range.start.offset).occurrences) if (occ.kind === 'province' && occ.start >= o.text.range.start.offset && occ.end <= o.text.range.end.offset) {
      ordered.add(occ.id);
      break;
    }
    const missing = position.units.filter((u) => u.power === power && !ordered.has(base(u.at))).sort((a, b) => unitText(a).localeCompare(unitText(b)));
    if (missing.length === 0) return;
    const last = block[block.length - 1];
    const anchorLine = last ? last.range.end.line : w.range.start.line;
    const at = doc.lines.lineEnd(anchorLine);
    const eol = doc.text.includes('\r\n') ? '\r\n' : '\n';
    const text = missing.map((u) => `${eol}    ${unitText(u)} H`).join('');
    edit(`Hold the ${missing.length} unit${missing.length === 1 ? '' : 's'} of ${power} without an order`, CodeActionKind.RefactorRewrite, [{ range: doc.lines.range(at, at), newText: text }]);
  }
}
