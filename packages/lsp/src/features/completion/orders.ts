/**
 * Completion of an order line in a phase: the engine's legal orders where it
 * gives them (`legalOrders`), else the board's adjacency. At the start the
 * power's units (or builds, `Waive`, removals), after a unit its verbs, after
 * a verb what may follow.
 */
import { legalOrders, type Board, type LegalOrders, type Order, type Position as GamePosition, type Unit, type VariantConfig } from '@dipforge/engine';
import { CompletionItemKind } from 'vscode-languageserver';
import { base, cached, unitIn, unitText, type positionOf } from '../../context.js';
import type { GameDoc } from '../../workspace.js';
import type { Candidate } from './items.js';
import { canStep, convoyDestinations, fleetSeas, moveTargets, reachProvinces, shoresOf, sortIds } from './reach.js';
import { adjustment } from './sites.js';
import { unitAt, type Sym } from './symbols.js';

/** The engine's legal orders of a phase, by place (cached per document state and phase section). */
function legalOf(doc: GameDoc, section: number, position: GamePosition): LegalOrders | undefined {
  return cached(doc, `legal:${section}`, () => {
    try {
      return legalOrders(doc.board as Board, position, (doc.config as VariantConfig).rules);
    } catch {
      return undefined;
    }
  });
}

const refText = (u: { kind?: string; at: string }): string => `${u.kind === 'fleet' ? 'F' : 'A'} ${u.at}`;

/**
 * Candidates from the engine's legal orders (`legalOrders`): what may follow
 * the order written so far. Undefined when the engine gives none for this
 * position (then the board's adjacency is read instead).
 */
export function legalCandidates(doc: GameDoc, section: number, position: GamePosition, power: string, syms: Sym[]): Candidate[] | undefined {
  const legal = legalOf(doc, section, position);
  if (!legal) return undefined;
  const phase = position.phase.kind;
  const sortLabels = (c: Candidate[]): Candidate[] => c.sort((a, b) => a.label.localeCompare(b.label));
  const dedupe = <T,>(list: T[]): T[] => [...new Set(list)];
  if (phase === 'adjustment') {
    const mine = [...legal.entries()].flatMap(([, orders]) => orders.filter((o) => o.power === power));
    const builds = mine.filter((o): o is Extract<Order, { type: 'build' }> => o.type === 'build' && o.kind !== undefined);
    const sites = builds.map((b) => refText({ kind: b.kind as string, at: b.at }));
    const sortSites = (list: string[]): string[] => dedupe(list).sort((a, b) => base(a.slice(2)).localeCompare(base(b.slice(2))) || a.localeCompare(b));
    if (syms.length === 0) {
      const out: Candidate[] = sortSites(sites).map((s) => ({ label: `Build ${s}`, province: s.slice(2), kind: CompletionItemKind.Event }));
      if (mine.some((o) => o.type === 'waive')) out.push({ label: 'Waive', kind: CompletionItemKind.Keyword });
      const removals = mine.filter((o) => o.type === 'disband' && 'unit' in o).map((o) => refText((o as Extract<Order, { type: 'disband' }>).unit));
      for (const r of dedupe(removals).sort()) out.push({ label: `Remove ${r}`, province: r.slice(2), kind: CompletionItemKind.Event });
      return out;
    }
    if (syms[0]?.t === 'B' && syms.length === 1) return sortSites(sites).map((s) => ({ label: s, province: s.slice(2) }));
    if (syms[0]?.t === 'B' && syms.length === 2 && syms[1]?.t === 'K') {
      const k = syms[1].kind === 'fleet' ? 'F ' : 'A ';
      return sortSites(sites.filter((s) => s.startsWith(k))).map((s) => ({ label: s.slice(2), province: s.slice(2) }));
    }
    return undefined;
  }
  const units = phase === 'retreat' ? position.dislodged : position.units;
  const unit = unitAt(syms, 0);
  if (!unit) return undefined;
  const self = units.find((u) => base(u.at) === base(unit.loc) && u.power === power);
  if (!self) return undefined;
  const orders = legal.get(self.at) ?? [];
  const v = syms[unit.next]?.t;
  const rest = syms.slice(unit.next + 1);
  if (phase === 'retreat') {
    if ((v === 'R' || v === 'M') && rest.length === 0) {
      const to = dedupe(orders.flatMap((o) => (o.type === 'retreat' ? [o.to] : [])));
      return sortLabels(to.map((t) => ({ label: t, province: t })));
    }
    return undefined;
  }
  if (v === 'M' && rest.length === 0) {
    const moves = orders.filter((o): o is Extract<Order, { type: 'move' }> => o.type === 'move');
    const direct = new Set(moves.filter((m) => !m.viaConvoy && !(m.path && m.path.length > 0) && canStep(doc.board as Board, self, m.to)).map((m) => m.to));
    const convoy = dedupe(moves.map((m) => m.to)).filter((t) => !direct.has(t));
    return [...sortLabels([...direct].map((t) => ({ label: t, province: t }))), ...sortLabels(convoy.map((t) => ({ label: t, province: t, detail: 'via convoy' })))];
  }
  if (v === 'S') {
    const supports = orders.filter((o): o is Extract<Order, { type: 'support' }> => o.type === 'support');
    if (rest.length === 0) {
      const holds = dedupe(supports.filter((s) => s.to === undefined).map((s) => refText(s.supported)));
      const moves = dedupe(supports.filter((s) => s.to !== undefined).map((s) => `${refText(s.supported)} - ${base(s.to as string)}`));
      return [
        ...holds.sort().map((label) => ({ label, province: label.slice(2), detail: 'support to hold', kind: CompletionItemKind.Variable })),
        ...moves.sort().map((label) => ({ label, province: label.slice(2, label.indexOf(' - ')), detail: 'support a move', kind: CompletionItemKind.Variable })),
      ];
    }
    const supported = unitAt(rest, 0);
    if (supported && rest[supported.next]?.t === 'M' && supported.next + 1 === rest.length) {
      const to = dedupe(supports.filter((s) => s.to !== undefined && base(s.supported.at) === base(supported.loc)).map((s) => base(s.to as string)));
      return sortLabels(to.map((t) => ({ label: t, province: t })));
    }
    return undefined;
  }
  if (v === 'C') {
    const convoys = orders.filter((o): o is Extract<Order, { type: 'convoy' }> => o.type === 'convoy');
    if (rest.length === 0) return dedupe(convoys.map((c) => refText({ kind: 'army', at: c.army.at }))).sort().map((label) => ({ label, province: label.slice(2), kind: CompletionItemKind.Variable }));
    const army = unitAt(rest, 0);
    if (army && rest[army.next]?.t === 'M' && army.next + 1 === rest.length) {
      return sortLabels(dedupe(convoys.filter((c) => base(c.army.at) === base(army.loc)).map((c) => c.to)).map((t) => ({ label: t, province: t })));
    }
    return undefined;
  }
  return undefined;
}


export function orderCandidates(doc: GameDoc, position: NonNullable<ReturnType<typeof positionOf>>, power: string, syms: Sym[]): Candidate[] {
  const board = doc.board as Board;
  const rules = (doc.config as VariantConfig).rules as Record<string, unknown>;
  const phase = position.phase.kind;
  const mine = position.units.filter((u) => u.power === power);
  const unitCand = (u: Unit, detail?: string): Candidate => ({ label: unitText(u), province: u.at, kind: CompletionItemKind.Variable, ...(detail ? { detail } : {}) });
  const verb = (label: string, detail: string): Candidate => ({ label, detail, kind: CompletionItemKind.Keyword });

  if (phase === 'adjustment') {
    const needs = adjustment(doc, position, power);
    if (syms.length === 0) {
      if (needs.builds > 0) return [...needs.sites.map((s) => ({ label: `Build ${s}`, province: s.slice(2), kind: CompletionItemKind.Event })), { label: 'Waive', kind: CompletionItemKind.Keyword }];
      if (needs.builds < 0) return mine.map((u) => ({ label: `Remove ${unitText(u)}`, province: u.at, kind: CompletionItemKind.Event }));
      return [];
    }
    if (syms[0]?.t === 'B' && syms.length === 1) return needs.sites.map((s) => ({ label: s, province: s.slice(2) }));
    if (syms[0]?.t === 'B' && syms.length === 2 && syms[1]?.t === 'K') {
      const k = syms[1].kind === 'fleet' ? 'F ' : 'A ';
      return needs.sites.filter((s) => s.startsWith(k)).map((s) => ({ label: s.slice(2), province: s.slice(2) }));
    }
    if (syms[0]?.t === 'D' && syms.length === 1) return mine.map((u) => unitCand(u));
    return [];
  }

  if (phase === 'retreat') {
    const dislodged = position.dislodged.filter((u) => u.power === power);
    if (syms.length === 0) return dislodged.map((u) => unitCand(u, 'dislodged'));
    if (syms.length === 1 && syms[0]?.t === 'K') return dislodged.filter((u) => u.kind === syms[0]?.kind).map((u) => ({ label: u.at, province: u.at }));
    const unit = unitAt(syms, 0);
    if (!unit) return [];
    const d = dislodged.find((u) => base(u.at) === base(unit.loc));
    if (!d) return [];
    if (unit.next === syms.length) return [verb('R', 'retreat'), verb('-', 'retreat'), verb('D', 'disband')];
    const v = syms[unit.next]?.t;
    if ((v === 'R' || v === 'M') && unit.next + 1 === syms.length) {
      const occupied = new Set(position.units.map((u) => base(u.at)));
      const standoff = new Set(position.standoffs);
      const origin = d.from && !(d.byConvoy && rules['retreat-to-convoy-origin'] === 'allowed') ? d.from : undefined;
      return sortIds(moveTargets(board, d).filter((t) => !occupied.has(base(t)) && !standoff.has(base(t)) && base(t) !== origin)).map((t) => ({ label: t, province: t }));
    }
    return [];
  }

  // Movement.
  if (syms.length === 0) return sortIds(mine.map((u) => unitText(u))).map((label) => unitCand(mine.find((u) => unitText(u) === label) as Unit));
  if (syms.length === 1 && syms[0]?.t === 'K') return mine.filter((u) => u.kind === syms[0]?.kind).map((u) => ({ label: u.at, province: u.at }));
  const unit = unitAt(syms, 0);
  if (!unit) return [];
  const self = unitIn(position.units, base(unit.loc));
  const me = self ?? { power, kind: unit.kind ?? 'army', at: unit.loc };
  if (unit.next === syms.length) {
    const out = [verb('H', 'hold'), verb('-', 'move'), verb('S', 'support')];
    if (me.kind === 'fleet' && board.convoySea[board.provinceId(base(me.at))]) out.push(verb('C', 'convoy'));
    return out;
  }
  const v = syms[unit.next]?.t;
  const rest = syms.slice(unit.next + 1);
  if (v === 'M' && rest.length === 0) return destinations(board, position.units, me);
  // Only an army on a coast is convoyed.
  if (v === 'M' && rest.length === 1 && rest[0]?.t === 'P') {
    return me.kind === 'army' && board.isConvoyShore(board.provinceId(base(me.at))) ? [{ label: 'via convoy', kind: CompletionItemKind.Keyword }] : [];
  }
  if (v === 'S') {
    const reach = reachProvinces(board, me);
    const others = position.units.filter((u) => base(u.at) !== base(me.at));
    if (rest.length === 0) {
      const holds: Candidate[] = others.filter((u) => reach.has(base(u.at))).map((u) => ({ label: unitText(u), province: u.at, detail: `support ${u.power}'s unit to hold`, kind: CompletionItemKind.Variable }));
      const moves: Candidate[] = [];
      for (const u of others) {
        const can = new Set([...moveTargets(board, u).map(base), ...(u.kind === 'army' ? convoyDestinations(board, position.units, u) : [])]);
        for (const x of sortIds(reach)) if (can.has(x) && x !== base(u.at)) moves.push({ label: `${unitText(u)} - ${x}`, province: u.at, detail: `support ${u.power}'s move`, kind: CompletionItemKind.Variable });
      }
      return [...holds.sort((a, b) => a.label.localeCompare(b.label)), ...moves.sort((a, b) => a.label.localeCompare(b.label))];
    }
    const supported = unitAt(rest, 0);
    if (supported && rest[supported.next]?.t === 'M' && supported.next + 1 === rest.length) {
      const u = unitIn(position.units, base(supported.loc));
      if (!u) return [];
      const can = new Set([...moveTargets(board, u).map(base), ...(u.kind === 'army' ? convoyDestinations(board, position.units, u) : [])]);
      return sortIds([...reach].filter((x) => can.has(x) && x !== base(u.at))).map((x) => ({ label: x, province: x }));
    }
    return [];
  }
  if (v === 'C' && me.kind === 'fleet') {
    const here = board.provinceId(base(me.at));
    if (!board.convoySea[here]) return [];
    const seas = fleetSeas(board, position.units, [here]);
    const shores = new Set(shoresOf(board, seas));
    if (rest.length === 0) {
      return position.units
        .filter((u) => u.kind === 'army' && shores.has(base(u.at)))
        .sort((a, b) => a.at.localeCompare(b.at))
        .map((u) => ({ label: unitText(u), province: u.at, detail: `${u.power}'s army`, kind: CompletionItemKind.Variable }));
    }
    const army = unitAt(rest, 0);
    if (army && rest[army.next]?.t === 'M' && army.next + 1 === rest.length) {
      return sortIds([...shores].filter((s) => s !== base(army.loc))).map((x) => ({ label: x, province: x }));
    }
  }
  return [];
}

/** Where a unit may move: adjacent places, and for an army on a coast the convoy destinations. */
function destinations(board: Board, units: readonly Unit[], u: { kind: string; at: string }): Candidate[] {
  const direct = moveTargets(board, u);
  const out: Candidate[] = sortIds(direct).map((t) => ({ label: t, province: t }));
  if (u.kind === 'army') {
    const near = new Set(direct.map(base));
    for (const d of sortIds(convoyDestinations(board, units, u))) if (!near.has(d)) out.push({ label: d, province: d, detail: 'via convoy' });
  }
  return out;
}
