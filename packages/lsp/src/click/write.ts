/**
 * Writing an order chosen on the board: the order must be one of the legal
 * options at its province (options.ts), so the board writes only what the text
 * could hold; it goes into the power's block of the phase drawn (place.ts), in
 * the power's order language, and comes back as a `WorkspaceEdit` that the
 * editor applies (one undoable step). The text stays the source of truth.
 */
import { phaseText, type GameAst } from '@dipforge/dsl';
import { formatLocalizedOrder, formatOrder, type BuildEntry, type DisbandEntry, type MovementOrder, type Order, type PhaseKind, type RetreatList } from '@dipforge/engine';
import { ErrorCodes, ResponseError, type Position as LspPosition, type WorkspaceEdit } from 'vscode-languageserver';
import { base, sectionRuns } from '../context.js';
import type { GameDoc } from '../workspace.js';
import { optionsAt, powerLanguage, type Drawn, type Option } from './options.js';
import { orderLineOf, placeOrder } from './place.js';

export interface WriteOrderResult {
  uri: string;
  /** The edit to apply (the document's one text edit). */
  edit: WorkspaceEdit;
  /** The order as written into the file. */
  written: string;
  /** The line the order is on once the edit is applied. */
  line: number;
  /** The phase written to (`spring 1901 movement`). */
  phase: string;
}

/** Which order of a phase an order takes the place of: its unit's (by province), or its power's build or disband list in a movement phase. */
export function slotOf(order: Order, phase: PhaseKind): string | undefined {
  switch (order.type) {
    case 'hold':
    case 'move':
    case 'support':
    case 'convoy':
    case 'retreat':
      return base(order.unit.at);
    case 'disband':
      return phase === 'movement' ? 'list:disband' : base(order.unit.at);
    case 'build':
      return phase === 'movement' ? 'list:build' : base(order.at);
    case 'build-list':
      return 'list:build';
    case 'disband-list':
      return 'list:disband';
    case 'waive':
      return undefined;
  }
}

/** A list with an entry put in: the entry for the same province replaced, else added at the end. */
function merged(existing: Order | undefined, add: Order): Order {
  if (add.type === 'build') {
    const old: BuildEntry[] = existing?.type === 'build' ? [existing] : existing?.type === 'build-list' ? existing.builds : [];
    const entries = [...old.map((e) => ({ ...(e.kind ? { kind: e.kind } : {}), at: e.at })).filter((e) => base(e.at) !== base(add.at)), { ...(add.kind ? { kind: add.kind } : {}), at: add.at }];
    return entries.length >= 2 ? { type: 'build-list', power: add.power, builds: entries as [BuildEntry, BuildEntry, ...BuildEntry[]] } : { ...add };
  }
  if (add.type === 'disband') {
    const old: DisbandEntry[] = existing?.type === 'disband' ? [existing.unit] : existing?.type === 'disband-list' ? existing.units : [];
    const entries = [...old.map((e) => ({ ...(e.kind ? { kind: e.kind } : {}), at: e.at })).filter((e) => base(e.at) !== base(add.unit.at)), { ...(add.unit.kind ? { kind: add.unit.kind } : {}), at: add.unit.at }];
    return entries.length >= 2 ? { type: 'disband-list', power: add.power, units: entries as [DisbandEntry, DisbandEntry, ...DisbandEntry[]] } : { ...add };
  }
  return add;
}

const isMovement = (o: Order | undefined): o is MovementOrder => o?.type === 'hold' || o?.type === 'move' || o?.type === 'support' || o?.type === 'convoy';

/**
 * A unit's order with an entry put into its retreat list (`add`: a hold whose
 * list holds the one entry): the unit's written order kept (a hold when it has
 * none), the entry for the same province replaced, else added at the end; a
 * `disband` entry closes the list.
 */
function withRetreatEntry(existing: Order | undefined, add: MovementOrder): MovementOrder {
  const order: MovementOrder = isMovement(existing) ? existing : { type: 'hold', power: add.power, unit: add.unit };
  const old = order.retreat;
  const entry = add.retreat;
  if (!entry) return order;
  const [to] = entry.to;
  let retreat: RetreatList;
  if (to === undefined) {
    const [first, ...rest] = old?.to ?? [];
    retreat = first !== undefined ? { to: [first, ...rest], otherwise: 'disband' } : { to: [], otherwise: 'disband' };
  } else {
    const [head = to, ...tail] = [...(old?.to ?? []).filter((t) => base(t) !== base(to)), to];
    retreat = { to: [head, ...tail], otherwise: old?.otherwise ?? 'default' };
  }
  return { ...order, retreat };
}

/** A unit's new order for the phase keeps the retreat list its old one had (the list is about the unit, whatever it is ordered to do). */
function keepRetreat(existing: Order | undefined, order: Order): Order {
  return isMovement(order) && !order.retreat && isMovement(existing) && existing.retreat ? { ...order, retreat: existing.retreat } : order;
}

/** The order's text: the canonical notation, with lists and adjustment removals as files write them, or the power's language. */
function orderText(doc: GameDoc, d: Drawn, order: Order, powerOf: (w: GameAst.Word) => string | undefined): string {
  const language = powerLanguage(doc.parsed.ast.header, order.power, powerOf);
  if (language !== 'en') {
    try {
      return formatLocalizedOrder(d.board, language, order);
    } catch {
      // a language the printer does not know: the standard notation, which every language reads
    }
  }
  if (order.type === 'disband' && d.phase.kind !== 'retreat') return `${d.phase.kind === 'adjustment' ? 'Remove' : 'Disband'} ${order.unit.kind === 'fleet' ? 'F' : 'A'} ${order.unit.at}`;
  return formatOrder(order);
}

function sameSeason(a: { year: number; season: string; kind: string }, b: { year: number; season: string; kind: string }): boolean {
  return a.year === b.year && a.season === b.season && a.kind === b.kind;
}

/** The edit that writes `order` (one of the legal options at `province`) into the phase drawn at `at`. */
export function writeOrder(doc: GameDoc, at: LspPosition | undefined, province: string, order: string): WriteOrderResult {
  const { result, options, drawn } = optionsAt(doc, at, province);
  const chosen: Option | undefined = options.find((o) => o.click.order === order);
  if (!chosen || !drawn) {
    const why = result.message ?? `'${order.slice(0, 60)}' is not a legal order for ${result.province} in ${result.phase ?? 'this phase'}`;
    throw new ResponseError(ErrorCodes.InvalidParams, `dipforge: ${why}`);
  }
  const index = doc.index;
  const powerOf = (w: GameAst.Word): string | undefined => index?.power(w.value) ?? w.value;
  const ast = doc.parsed.ast;
  // The section of the phase drawn: its own, or, for the start, the first section when it is that phase.
  let sectionIndex = /^s\d+$/.test(drawn.key) ? Number(drawn.key.slice(1)) : -1;
  if (sectionIndex < 0) {
    const runs = sectionRuns(doc);
    if (ast.phases.length > 0) {
      const first = runs[0];
      if (!first || !sameSeason(first.phase, drawn.phase)) {
        throw new ResponseError(ErrorCodes.InvalidParams, `dipforge: the file's first phase is not ${phaseText(drawn.phase)}: put the cursor in the phase to order`);
      }
      sectionIndex = 0;
    }
  }
  const section = sectionIndex >= 0 ? (ast.phases[sectionIndex] as GameAst.PhaseSection) : undefined;
  const slot = slotOf(chosen.order, drawn.phase.kind);
  const run = sectionIndex >= 0 ? sectionRuns(doc)[sectionIndex] : undefined;
  const written = (run?.orders ?? []).map((o) => ({ line: o.line, power: o.power, province: slotOf(o.order, drawn.phase.kind), order: o.order }));
  const replace = section && slot ? orderLineOf(written, chosen.order.power, slot) : undefined;
  const existing = replace ? written.find((w) => w.line === replace)?.order : undefined;
  const final =
    chosen.click.list === 'retreat' && isMovement(chosen.order) ? withRetreatEntry(existing, chosen.order)
    : slot?.startsWith('list:') ? merged(existing, chosen.order)
    : keepRetreat(existing, chosen.order);
  const text = orderText(doc, drawn, final, powerOf);
  const placed = placeOrder({ text: doc.text, section, phase: phaseText(drawn.phase), power: chosen.order.power, powerOf, ...(replace ? { replace } : {}), order: text });
  const range = { start: doc.lines.positionAt(placed.start), end: doc.lines.positionAt(placed.end) };
  const before = doc.text.slice(0, placed.start) + placed.newText;
  const lineOfOrder = before.slice(0, before.lastIndexOf(text)).split(/\r\n|\r|\n/).length - 1;
  return { uri: doc.uri, edit: { changes: { [doc.uri]: [{ range, newText: placed.newText }] } }, written: text, line: lineOfOrder, phase: phaseText(drawn.phase) };
}
