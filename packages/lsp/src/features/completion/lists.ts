/**
 * The old rules' lists (000 §10, §11), written with the movement orders of a
 * postal year: a unit's retreat priority list (after any movement order, where
 * the rules count such lists), and, with the fall orders where the year's
 * adjustments are carried out at once, the power's build and disband lists.
 * Where the rules have no such lists (`retreats phase`, `adjustments phase`)
 * they are illegal, so nothing is offered for them.
 */
import { inAdvance, parseOrder, type Board, type InAdvance, type Position as GamePosition, type Unit, type VariantConfig } from '@dipforge/engine';
import { CompletionItemKind } from 'vscode-languageserver';
import { base, unitIn, unitText } from '../../context.js';
import type { GameDoc } from '../../workspace.js';
import type { Candidate } from './items.js';
import { moveTargets, sortIds } from './reach.js';
import { buildSiteByRule, buildUnits } from './sites.js';
import { unitAt, type Sym } from './symbols.js';

/** What the movement phase of `position` carries out at once (nothing in other phases). */
function planOf(doc: GameDoc, position: GamePosition): InAdvance {
  return inAdvance(doc.board as Board, (doc.config as VariantConfig).rules, position.phase);
}

/**
 * A retreat priority list after a movement order (`A mun H retreat ber, `, 000
 * §10): the places the unit could retreat to, which are its neighbours (the
 * list is written before the phase is played, so which of them will be free is
 * not known yet), not listed yet, then `disband`. Nothing where the rules have
 * no retreat lists (`retreats phase`: such an order is illegal). Undefined when
 * the order has no retreat list.
 */
export function retreatListCandidates(doc: GameDoc, position: GamePosition, power: string, syms: Sym[]): Candidate[] | undefined {
  if (position.phase.kind !== 'movement') return undefined;
  const unit = unitAt(syms, 0);
  if (!unit) return undefined;
  const r = syms.findIndex((s, i) => i > unit.next && s.t === 'R');
  if (r < 0) return undefined;
  const entries = syms.slice(r + 1);
  const last = entries[entries.length - 1];
  if (last && last.text !== ',') return [];
  if (entries.some((s) => s.t === 'D')) return [];
  if ((doc.config as VariantConfig).rules.retreats !== 'priority-list') return [];
  const board = doc.board as Board;
  const self = position.units.find((u) => base(u.at) === base(unit.loc) && u.power === power) ?? { power, kind: unit.kind ?? 'army', at: unit.loc };
  const listed = new Set(entries.flatMap((s) => (s.t === 'P' && s.loc ? [base(s.loc)] : [])));
  const places = sortIds(moveTargets(board, self).filter((t) => !listed.has(base(t)) && base(t) !== base(self.at)));
  const out: Candidate[] = places.map((t) => {
    const there = unitIn(position.units, base(t));
    return { label: t, province: t, ...(there ? { detail: `now: ${unitText(there)} (${there.power})` } : {}) };
  });
  out.push({ label: 'disband', kind: CompletionItemKind.Keyword, detail: 'disband when no listed place is a legal retreat' });
  return out;
}

const keyword = (label: string, detail: string): Candidate => ({ label, detail, kind: CompletionItemKind.Keyword });

/**
 * The words that start a list, offered besides the order's own candidates:
 * `Build` and `Disband` at the start of an order line where the fall's
 * adjustments are written with its moves; `retreat` after a whole movement
 * order (`A mun H `, `F nth - nwy `, a support, a convoy) that has no list yet,
 * where retreat lists count. Whether the order is whole is the order reader's
 * answer for the text written so far (`written`), which must end in a space.
 */
export function listKeywords(doc: GameDoc, position: GamePosition, power: string, syms: Sym[], written: string): Candidate[] {
  if (position.phase.kind !== 'movement' || !doc.index) return [];
  const plan = planOf(doc, position);
  if (syms.length === 0) {
    return plan.adjustments
      ? [keyword('Build', 'a build list: the first entries that can be built after the fall'), keyword('Disband', 'a disband list: the first entries, as many as the power must remove after the fall')]
      : [];
  }
  if (!plan.retreatLists || !/\s$/u.test(written)) return [];
  const read = parseOrder(doc.index, written.trim(), { power, phase: 'movement' });
  if (!read.ok) return [];
  const o = read.order;
  if ((o.type !== 'hold' && o.type !== 'move' && o.type !== 'support' && o.type !== 'convoy') || o.retreat) return [];
  return [keyword('retreat', 'a retreat list: where the unit goes if it is dislodged')];
}

/**
 * A build or disband list of a postal fall (`Build A ber, F `, `Disband A sil, `),
 * entry by entry: after the keyword or a comma the entries not listed yet,
 * after a unit kind the places of that kind. Undefined when the line is no
 * such list.
 *
 * Builds: the centres the power owns now that `build-sites` lets it build on
 * (the list is written before the fall is played, so which will be free is not
 * known; a centre taken in the fall is held by the unit that took it), those
 * free now first, then those a unit stands on (the detail says which).
 * Disbands: the power's units in the order 000 §11 removes them when a power
 * gives no list: units abroad (outside the home country) first, then units not
 * on a supply centre, then the rest.
 */
export function adjustmentListCandidates(doc: GameDoc, position: GamePosition, power: string, syms: Sym[]): Candidate[] | undefined {
  const head = syms[0]?.t;
  if (position.phase.kind !== 'movement' || (head !== 'B' && head !== 'D')) return undefined;
  if (!planOf(doc, position).adjustments) return [];
  const entries = syms.slice(1);
  const comma = entries.map((s) => s.text).lastIndexOf(',');
  const current = entries.slice(comma + 1);
  const listed = new Set(entries.slice(0, comma + 1).flatMap((s) => (s.t === 'P' && s.loc ? [base(s.loc)] : [])));
  const all = (head === 'B' ? buildEntries(doc, position, power) : disbandEntries(doc, position, power)).filter((c) => !listed.has(base(c.label.slice(2))));
  if (current.length === 0) return all;
  const kind = current[0];
  if (current.length === 1 && kind?.t === 'K') {
    const letter = kind.kind === 'fleet' ? 'F ' : 'A ';
    return all.filter((c) => c.label.startsWith(letter)).map((c) => ({ ...c, label: c.label.slice(2) }));
  }
  return [];
}

/** The build entries of a power's list, as described above. */
function buildEntries(doc: GameDoc, position: GamePosition, power: string): Candidate[] {
  const board = doc.board as Board;
  const rules = (doc.config as VariantConfig).rules;
  const owned = sortIds(Object.entries(position.owners).filter(([c, p]) => p === power && buildSiteByRule(board, rules, power, c)).map(([c]) => c));
  const entry = (c: string, detail?: string): Candidate[] => buildUnits(board, c).map((label) => ({ label, province: label.slice(2), ...(detail ? { detail } : {}) }));
  const free = owned.filter((c) => !unitIn(position.units, c));
  const held = owned.filter((c) => unitIn(position.units, c));
  return [
    ...free.flatMap((c) => entry(c)),
    ...held.flatMap((c) => {
      const u = unitIn(position.units, c) as Unit;
      return entry(c, `now: ${unitText(u)} (${u.power})`);
    }),
  ];
}

/** The disband entries of a power's list, as described above. */
function disbandEntries(doc: GameDoc, position: GamePosition, power: string): Candidate[] {
  const board = doc.board as Board;
  const pi = board.powerId(power);
  const rank = (u: Unit): { order: number; detail?: string } => {
    const p = board.provinceId(base(u.at));
    if (p >= 0 && board.homeCountry[p] !== pi) return { order: 0, detail: 'abroad' };
    if (p >= 0 && !board.supplyCentre[p]) return { order: 1, detail: 'not on a supply centre' };
    return { order: 2 };
  };
  return position.units
    .filter((u) => u.power === power)
    .map((u) => ({ u, r: rank(u) }))
    .sort((a, b) => a.r.order - b.r.order || a.u.at.localeCompare(b.u.at))
    .map(({ u, r }) => ({ label: unitText(u), province: u.at, kind: CompletionItemKind.Variable, ...(r.detail ? { detail: r.detail } : {}) }));
}
