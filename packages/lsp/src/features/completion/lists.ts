/**
 * The old rules' lists (000 §10, §11), written with the movement orders of a
 * postal year: a unit's retreat priority list.
 */
import { type Board, type Position as GamePosition, type VariantConfig } from '@dipforge/engine';
import { CompletionItemKind } from 'vscode-languageserver';
import { base, unitIn, unitText } from '../../context.js';
import type { GameDoc } from '../../workspace.js';
import type { Candidate } from './items.js';
import { moveTargets, sortIds } from './reach.js';
import { unitAt, type Sym } from './symbols.js';

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
