/**
 * Completion that knows the position. In a game file: at the start of a
 * power's orders its units in that phase; after `A par -` the places the unit
 * can reach (and, for an army on a coast, where the fleets standing at sea
 * could convoy it); after `S` the units it can support (moves into places it
 * can reach, and holds); after `C` the armies a fleet can convoy; builds on
 * free build sites; retreats only to legal retreat places. Names, aliases and
 * localized names match what is typed; the canonical id is inserted. In a map
 * file: keywords by block, provinces, powers, coasts, rule options and values.
 */
import { csrRow, legalOrders, nameKey, TERRAIN_LAND, type LegalOrders, type Order, type Position as GamePosition, ruleOption, RULE_REGISTRY, type Board, type Unit, type VariantConfig } from '@dipforge/engine';
import { CompletionItemKind, type CompletionItem, type Position, type Range } from 'vscode-languageserver';
import { base, cached, gameContext, positionOf, unitIn, unitText, type GameContext } from '../context.js';
import { scanMap, MAP_BLOCK_KEYWORDS, MAP_TOP_KEYWORDS, PROVINCE_FLAGS, type MapTok } from '../maplex.js';
import { ModelNames, ORDER_KEYWORDS, scanPlaces, tokens } from '../names.js';
import { gameSnippetItems, mapSnippetItems } from './snippets.js';
import { localizedCompletion } from './localized.js';
import type { GameDoc, MapDoc, Workspace } from '../workspace.js';
import { gameOrderLanguages, type GameAst } from '@dipforge/dsl';
import { readdirSync } from 'node:fs';

export function completion(ws: Workspace, doc: GameDoc | MapDoc, pos: Position): CompletionItem[] {
  const offset = doc.lines.offsetAt(pos);
  if (doc.kind === 'map') return mapCompletion(ws, doc, offset);
  const list = gameCompletion(ws, doc, offset);
  const typed = typedAt(doc.text, offset);
  // A section or header line starts at the line's first column.
  if (typed.start !== doc.lines.lineStart(doc.lines.lineOf(offset))) return list;
  return [...list, ...snippetsFor(gameSnippetItems(doc, doc.lines.range(typed.start, typed.end)), typed)];
}

/** The snippets whose label starts with what is typed (clients that do not filter see only those). */
function snippetsFor(list: CompletionItem[], typed: Typed): CompletionItem[] {
  const prefix = typed.prefix.toLowerCase();
  return list.filter((i) => i.label.toLowerCase().startsWith(prefix));
}

// ------------------------------------------------------------------ helpers

interface Typed {
  /** The word being typed: [start, end) (the whole word, also the part after the cursor). */
  start: number;
  end: number;
  /** What is typed before the cursor. */
  prefix: string;
}

function typedAt(text: string, offset: number): Typed {
  const isWord = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{M}\p{Nd}_/]/u.test(c);
  let s = offset;
  while (s > 0 && isWord(text[s - 1])) s--;
  let e = offset;
  while (e < text.length && isWord(text[e])) e++;
  return { start: s, end: e, prefix: text.slice(s, offset) };
}

/** Every name of each province of a config (id first), for matching what is typed. */
function provinceNames(config: VariantConfig): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of config.provinces) {
    const names = [p.id, p.name, ...(p.aliases ?? []), ...Object.values(p.names ?? {}).flat()];
    out.set(p.id, names);
  }
  return out;
}

const namesMemo = new WeakMap<VariantConfig, Map<string, string[]>>();
function namesOf(config: VariantConfig): Map<string, string[]> {
  let m = namesMemo.get(config);
  if (!m) {
    m = provinceNames(config);
    namesMemo.set(config, m);
  }
  return m;
}

/** The name of `id` that what is typed starts, or undefined (the id when nothing is typed). */
function matchName(names: readonly string[], prefix: string): string | undefined {
  const key = nameKey(prefix);
  if (key === '') return names[0];
  return names.find((n) => nameKey(n).startsWith(key));
}

interface Candidate {
  label: string;
  /** Province id the label starts with, for name matching (undefined: match the label). */
  province?: string;
  detail?: string;
  kind?: CompletionItemKind;
  insert?: string;
}

type NamesOf = (province: string) => readonly string[] | undefined;

function configNames(config: VariantConfig | undefined): NamesOf {
  return (id) => (config ? namesOf(config).get(id) : undefined);
}

function modelNames(doc: MapDoc): NamesOf {
  return (id) => {
    const d = doc.model.provinces.get(id)?.decl;
    if (!d) return undefined;
    return [id, ...(d.title ? [d.title.value] : []), ...d.aliases.map((a) => a.value), ...d.names.flatMap((n) => n.values.map((v) => v.value))];
  };
}

function items(cands: Candidate[], typed: Typed, lines: GameDoc['lines'] | MapDoc['lines'], names: NamesOf = () => undefined): CompletionItem[] {
  const range: Range = lines.range(typed.start, typed.end);
  const out: CompletionItem[] = [];
  const seen = new Set<string>();
  for (const c of cands) {
    if (seen.has(c.label)) continue;
    let filter: string | undefined = c.label;
    if (typed.prefix !== '') {
      const all = (c.province ? names(base(c.province)) : undefined) ?? [];
      const hit = matchName([c.label, ...all], typed.prefix) ?? (c.label.toLowerCase().startsWith(typed.prefix.toLowerCase()) ? c.label : undefined);
      if (!hit) continue;
      filter = hit;
    }
    seen.add(c.label);
    const item: CompletionItem = {
      label: c.label,
      kind: c.kind ?? CompletionItemKind.Value,
      textEdit: { range, newText: c.insert ?? c.label },
      filterText: filter,
      sortText: String(out.length).padStart(4, '0'),
    };
    if (c.detail) item.detail = c.detail;
    out.push(item);
  }
  return out;
}

// --------------------------------------------------------------- the board

function row(csr: { offsets: Int32Array | Uint32Array; targets: Int32Array | Uint32Array }, i: number): number[] {
  return i < 0 ? [] : [...csrRow(csr as never, i)];
}

/** Where a unit may move in one step: locations (fleets: coasts where they matter). */
function moveTargets(board: Board, u: { kind: string; at: string }): string[] {
  const loc = board.locId(u.at);
  if (loc < 0) return [];
  const list = row(u.kind === 'fleet' ? board.fleetAdj : board.armyAdj, loc).map((t) => board.locName(t));
  return [...new Set(list)];
}

/** Provinces a unit could move into (supports reach provinces, coasts aside). */
function reachProvinces(board: Board, u: { kind: string; at: string }): Set<string> {
  return new Set(moveTargets(board, u).map(base));
}

/** The seas holding a fleet, reachable from `starts` through seas that hold fleets. */
function fleetSeas(board: Board, units: readonly Unit[], starts: number[]): Set<number> {
  const fleetAt = new Set(units.filter((u) => u.kind === 'fleet').map((u) => board.provinceId(base(u.at))));
  const seen = new Set<number>();
  const queue = starts.filter((s) => board.convoySea[s] && fleetAt.has(s));
  for (const s of queue) seen.add(s);
  while (queue.length > 0) {
    const s = queue.pop() as number;
    for (const n of row(board.seaAdj, s)) {
      if (!seen.has(n) && board.convoySea[n] && fleetAt.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return seen;
}

/** Coastal provinces next to any of the seas. */
function shoresOf(board: Board, seas: Set<number>): string[] {
  const out: string[] = [];
  for (let p = 0; p < board.provinceCount; p++) {
    if (!board.isConvoyShore(p)) continue;
    if (row(board.seaAdj, p).some((s) => seas.has(s))) out.push(board.provinceName(p));
  }
  return out;
}

/** Where an army could be convoyed by the fleets at sea now. */
function convoyDestinations(board: Board, units: readonly Unit[], army: { at: string }): string[] {
  const p = board.provinceId(base(army.at));
  if (p < 0 || !board.isConvoyShore(p)) return [];
  const seas = fleetSeas(board, units, row(board.seaAdj, p));
  return shoresOf(board, seas).filter((d) => d !== base(army.at));
}

function sortIds(list: Iterable<string>): string[] {
  return [...list].sort((a, b) => a.localeCompare(b));
}

// -------------------------------------------------------------- game files

type Sym = { t: 'K' | 'P' | 'M' | 'S' | 'C' | 'H' | 'R' | 'D' | 'B' | 'W' | 'VIA' | 'X'; text: string; loc?: string; kind?: 'army' | 'fleet' };

function classify(word: string): Sym['t'] {
  const w = word.toLowerCase();
  if (['a', 'army', 'f', 'fleet'].includes(w)) return 'K';
  if (['s', 'sup', 'supp', 'support', 'supports', 'supporting'].includes(w)) return 'S';
  if (['c', 'convoy', 'convoys', 'convoying'].includes(w)) return 'C';
  if (['h', 'hold', 'holds', 'stand', 'stands'].includes(w)) return 'H';
  if (['r', 'retreat', 'retreats'].includes(w)) return 'R';
  if (['d', 'disband', 'disbands', 'remove', 'removes'].includes(w)) return 'D';
  if (['b', 'build', 'builds'].includes(w)) return 'B';
  if (['waive', 'waives'].includes(w)) return 'W';
  if (['via', 'by'].includes(w)) return 'VIA';
  if (['m', 'mv', 'move', 'moves', 'moving', 'attack', 'attacks', 'to', 'into', 'on', 'of'].includes(w)) return 'M';
  return 'X';
}

/** The order written so far as symbols: unit kinds, places, verbs. */
function symbols(doc: GameDoc, text: string, start: number): Sym[] {
  const index = doc.index;
  if (!index) return [];
  const { occ } = scanPlaces(text, start, index, true, doc.text);
  const out: Sym[] = [];
  for (const t of tokens(text, start)) {
    const o = occ.find((x) => t.start >= x.start && t.end <= x.end);
    if (o) {
      if (t.start !== o.start) continue;
      const last = out[out.length - 1];
      if (o.kind === 'coast') {
        if (last?.t === 'P') last.loc = o.id;
      } else if (o.kind === 'province') out.push({ t: 'P', text: o.text, loc: o.id });
      else out.push({ t: 'X', text: o.text });
      continue;
    }
    if (t.kind === 'punct') {
      if (/^[-=]+>?$/.test(t.text)) out.push({ t: 'M', text: t.text });
      else if (t.text !== '/' && t.text !== '(' && t.text !== ')') out.push({ t: 'X', text: t.text });
      continue;
    }
    const c = classify(t.text);
    const sym: Sym = { t: c, text: t.text };
    if (c === 'K') sym.kind = /^f/i.test(t.text) ? 'fleet' : 'army';
    if (c === 'C' && out[out.length - 1]?.t === 'VIA') continue;
    out.push(sym);
  }
  return out;
}

/** Reads `[K] P` at `i`: the unit's place and kind. */
function unitAt(syms: Sym[], i: number): { next: number; loc: string; kind?: 'army' | 'fleet' } | undefined {
  let j = i;
  let kind: 'army' | 'fleet' | undefined;
  if (syms[j]?.t === 'K') {
    kind = syms[j]?.kind;
    j++;
  }
  const p = syms[j];
  if (p?.t !== 'P' || !p.loc) return undefined;
  return { next: j + 1, loc: p.loc, ...(kind ? { kind } : {}) };
}

function gameCompletion(ws: Workspace, doc: GameDoc, offset: number): CompletionItem[] {
  const ctx = gameContext(doc, offset);
  const typed = typedAt(doc.text, offset);
  const line = doc.lines.lineOf(offset);
  const lineStart = doc.lines.lineStart(line);
  const before = doc.text.slice(lineStart, typed.start);
  if (ctx.kind === 'position' || ctx.kind === 'expect') {
    const cands = sectionCandidates(doc, ctx, before, typed);
    if (cands) return items(cands, typed, doc.lines, configNames(doc.config));
  }
  if (ctx.kind === 'declare') return items(declareCandidates(doc, before), typed, doc.lines);
  if (ctx.kind === 'header' || (ctx.kind !== 'phase' && ctx.kind !== 'expect' && before.trim() === '')) {
    return headerCompletion(ws, doc, before, typed, ctx);
  }
  if (ctx.kind !== 'phase' || !doc.board || !doc.index || !doc.config) return [];
  if (/^\s*phase\b/i.test(before)) return [];
  // The order text: after `POWER:` when the line starts with one.
  let orderStart = lineStart;
  const colon = before.indexOf(':');
  if (colon >= 0) orderStart = lineStart + colon + 1;
  const power = ctx.power ? doc.index.power(ctx.power.text) : undefined;
  const position = positionOf(doc, ctx.index);
  if (!position) return [];
  if (!power) {
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
  const syms = symbols(doc, doc.text.slice(orderStart, typed.start), orderStart);
  const list = retreatListCandidates(doc, position, power, syms);
  if (list) return items(list, typed, doc.lines, configNames(doc.config));
  const cands = legalCandidates(doc, ctx.index, position, power, syms) ?? orderCandidates(doc, position, power, syms);
  return items(cands, typed, doc.lines, configNames(doc.config));
}

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
function legalCandidates(doc: GameDoc, section: number, position: GamePosition, power: string, syms: Sym[]): Candidate[] | undefined {
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

/**
 * A retreat priority list after a movement order (`A mun H retreat ber, `, 000
 * §10): the places the unit could retreat to, which are its neighbours (the
 * list is written before the phase is played, so which of them will be free is
 * not known yet), not listed yet, then `disband`. Nothing where the rules have
 * no retreat lists (`retreats phase`: such an order is illegal). Undefined when
 * the order has no retreat list.
 */
function retreatListCandidates(doc: GameDoc, position: GamePosition, power: string, syms: Sym[]): Candidate[] | undefined {
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

/** Whether a unit reaches a place in one step (without a convoy). */
function canStep(board: Board, u: { kind: string; at: string }, to: string): boolean {
  return moveTargets(board, u).some((t) => t === to || base(t) === to);
}

function orderCandidates(doc: GameDoc, position: NonNullable<ReturnType<typeof positionOf>>, power: string, syms: Sym[]): Candidate[] {
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
  if (v === 'M' && rest.length === 1 && rest[0]?.t === 'P') return [{ label: 'via convoy', kind: CompletionItemKind.Keyword }];
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

/** Builds (positive) or removals (negative) a power has, and its free build sites as `A par`, `F stp/nc`. */
export function adjustment(doc: GameDoc, position: NonNullable<ReturnType<typeof positionOf>>, power: string): { builds: number; sites: string[] } {
  const board = doc.board as Board;
  const rules = (doc.config as VariantConfig).rules as Record<string, unknown>;
  const owned = Object.entries(position.owners).filter(([, p]) => p === power).map(([c]) => c);
  const units = position.units.filter((u) => u.power === power).length;
  const builds = owned.length - units;
  const pi = board.powerId(power);
  const homes = pi >= 0 ? [...(board.homeCentres[pi] ?? [])].map((p) => board.provinceName(p)) : [];
  const anyHome = new Set(board.homeCentres.flatMap((h) => [...h].map((p) => board.provinceName(p))));
  const occupied = new Set(position.units.map((u) => base(u.at)));
  const rule = rules['build-sites'];
  const sites: string[] = [];
  for (const c of sortIds(owned)) {
    if (occupied.has(c)) continue;
    if (rule === 'home-centres' && !homes.includes(c)) continue;
    if (rule === 'any-owned-home-centre' && !anyHome.has(c)) continue;
    const p = board.provinceId(c);
    if (p < 0) continue;
    if (board.kindMayEnter('army', p)) sites.push(`A ${c}`);
    if (board.kindMayEnter('fleet', p) && board.terrain[p] !== TERRAIN_LAND) {
      const coasts = [...board.coastsOf(p)].map((l) => board.locName(l));
      if (coasts.length > 0) for (const l of coasts) sites.push(`F ${l}`);
      else if (row(board.fleetAdj, p).length > 0) sites.push(`F ${c}`);
    }
  }
  return { builds, sites };
}

// ------------------------------------------------- position and expect blocks

const EXPECT_KEYWORDS = ['units', 'dislodged', 'owners', 'winner', 'draw', 'score', 'result'];
const RESULT_KINDS = ['solo', 'alliance', 'leader', 'shared', 'draw', 'concession', 'ended', 'extended', 'none'];
const UNIT_KIND_WORDS: Record<string, 'army' | 'fleet'> = { a: 'army', army: 'army', f: 'fleet', fleet: 'fleet' };

/**
 * Completion in the starting position and in expect blocks, from the line
 * written so far: unit lists (`england: F nth, A ` → the places an army can
 * stand on that no unit of the list's section holds yet), `owners POWER:` →
 * supply centres no `owners` line of the section names yet, `dislodged`,
 * `units`, `owners` → powers, `winner`, `draw` → powers not listed yet,
 * `result` → the kinds of result. In an expect block what the phase actually
 * left comes first (detail `after the phase`). Undefined where this does not
 * apply (the start of a position line: the header's completion).
 */
function sectionCandidates(doc: GameDoc, ctx: Extract<GameContext, { kind: 'position' | 'expect' }>, before: string, typed: Typed): Candidate[] | undefined {
  const index = doc.index;
  const config = doc.config;
  const board = doc.board;
  if (!index || !config || !board) return undefined;
  const text = before.trimStart();
  const inExpect = ctx.kind === 'expect';
  const section = ctx.kind === 'position' ? ctx.section : ctx.block;
  const after = ctx.kind === 'expect' ? ctx.run?.result.next : undefined;
  const dislodgedAfter = ctx.kind === 'expect' ? ctx.run?.result.dislodged : undefined;
  const kw = (list: string[]): Candidate[] => list.map((label) => ({ label, kind: CompletionItemKind.Keyword }));
  const powerItems = (suffix: string, listed: Set<string> = new Set()): Candidate[] =>
    board.powerIds.filter((p) => !listed.has(p)).map((p) => ({ label: `${p}${suffix}`, kind: CompletionItemKind.Module, detail: index.powerName(p) ?? p }));
  /** The item being typed is not "already listed". */
  const typing = (r: { start: { offset: number }; end: { offset: number } }): boolean => r.start.offset <= typed.end && r.end.offset >= typed.start;
  const provinceOf = (t: { text: string; range: { start: { offset: number }; end: { offset: number } } }): string | undefined => {
    if (typing(t.range)) return undefined;
    const loc = index.location(t.text) ?? index.province(t.text);
    return loc ? base(loc) : undefined;
  };
  /** The list after `POWER:` when the line is `[keyword] POWER: …`; the power's id, or undefined. */
  const listAfter = (head: string): { power: string; rest: string } | undefined => {
    const colon = head.indexOf(':');
    if (colon < 0) return undefined;
    const power = index.power(head.slice(0, colon).trim());
    return power ? { power, rest: head.slice(colon + 1) } : undefined;
  };
  /** `A`, `F` at the start of an item; after a unit kind, the free places of that kind. */
  const unitList = (power: string, rest: string, stmts: GameAst.UnitsStmt[] | GameAst.DislodgedStmt[], actual: readonly Unit[] | undefined): Candidate[] => {
    const item = (rest.split(',').pop() as string).trimStart();
    if (item.trim() === '') return kw(['A', 'F']);
    const m = /^(\S+)\s+$/u.exec(item);
    const kind = m ? UNIT_KIND_WORDS[(m[1] as string).toLowerCase()] : undefined;
    if (!kind) return [];
    const taken = new Set<string>();
    for (const st of stmts) for (const u of st.units) {
      const p = provinceOf(u.location);
      if (p) taken.add(p);
    }
    const places: string[] = [];
    for (const p of config.provinces) {
      if (p.impassable || taken.has(p.id)) continue;
      if (kind === 'army' && p.terrain !== 'sea') places.push(p.id);
      if (kind === 'fleet' && p.terrain !== 'land') {
        if (p.coasts && p.coasts.length > 0) for (const c of p.coasts) places.push(`${p.id}/${c.id}`);
        else places.push(p.id);
      }
    }
    const there = new Set((actual ?? []).filter((u) => u.power === power && u.kind === kind).map((u) => u.at));
    const sorted = sortIds(places);
    const first = sorted.filter((x) => there.has(x));
    return [...first.map((x) => ({ label: x, province: x, detail: 'after the phase' })), ...sorted.filter((x) => !there.has(x)).map((x) => ({ label: x, province: x }))];
  };
  const centres = (power: string, rest: string, stmts: GameAst.OwnersStmt[]): Candidate[] => {
    if ((rest.split(',').pop() as string).trim() !== '') return [];
    const taken = new Set<string>();
    for (const st of stmts) for (const t of st.provinces) {
      const p = provinceOf(t);
      if (p) taken.add(p);
    }
    const owned = new Set(Object.entries(after?.owners ?? {}).filter(([, p]) => p === power).map(([c]) => c));
    const all = sortIds(config.provinces.filter((p) => p.supplyCentre && !taken.has(p.id)).map((p) => p.id));
    return [...all.filter((c) => owned.has(c)).map((c) => ({ label: c, province: c, detail: 'after the phase' })), ...all.filter((c) => !owned.has(c)).map((c) => ({ label: c, province: c }))];
  };
  /** `winner`, `draw`: powers not listed yet on the line, `none` first when none is. */
  const powerList = (rest: string): Candidate[] => {
    if ((rest.split(',').pop() as string).trim() !== '') return [];
    const listed = new Set(rest.split(',').map((w) => index.power(w.trim())).filter((p): p is string => p !== undefined));
    return [...(listed.size === 0 ? kw(['none']) : []), ...powerItems('', listed)];
  };

  const word = /^(\S+)(\s+)?/u.exec(text);
  const first = word?.[1]?.toLowerCase();
  const afterWord = word?.[2] !== undefined ? text.slice((word?.[0] as string).length) : undefined;
  if (!inExpect) {
    if (text === '') return undefined;
    if ((first === 'dislodged' || first === 'owners') && afterWord === '') return powerItems(':');
    if (first === 'owners' && afterWord !== undefined) {
      const l = listAfter(afterWord);
      return l ? centres(l.power, l.rest, ctx.section.owners) : [];
    }
    if (first === 'dislodged' && afterWord !== undefined) {
      const l = listAfter(afterWord);
      return l ? unitList(l.power, l.rest, ctx.section.dislodged, undefined) : [];
    }
    if (first === 'standoffs' && afterWord !== undefined) {
      if ((afterWord.split(',').pop() as string).trim() !== '') return [];
      // Provinces a standoff left empty: not listed yet, and holding no unit of the position.
      const taken = new Set<string>();
      for (const st of ctx.section.standoffs) for (const t of st.provinces) {
        const p = provinceOf(t);
        if (p) taken.add(p);
      }
      for (const st of ctx.section.units) for (const u of st.units) {
        const p = provinceOf(u.location);
        if (p) taken.add(p);
      }
      return sortIds(config.provinces.filter((p) => p.terrain !== 'sea' && !p.impassable && !taken.has(p.id)).map((p) => p.id)).map((x) => ({ label: x, province: x }));
    }
    const l = listAfter(text);
    return l ? unitList(l.power, l.rest, ctx.section.units, undefined) : [];
  }
  const block = section as GameAst.ExpectSection;
  if (text === '') return kw(EXPECT_KEYWORDS);
  if (afterWord === undefined) return [];
  switch (first) {
    case 'units':
    case 'dislodged': {
      if (afterWord === '') return [...powerItems(':'), ...kw(['none'])];
      const l = listAfter(afterWord);
      if (!l) return [];
      return first === 'units' ? unitList(l.power, l.rest, block.units, after?.units) : unitList(l.power, l.rest, block.dislodged, dislodgedAfter);
    }
    case 'owners': {
      if (afterWord === '') return powerItems(':');
      const l = listAfter(afterWord);
      return l ? centres(l.power, l.rest, block.owners) : [];
    }
    case 'winner':
    case 'draw':
      return powerList(afterWord);
    case 'score':
      return afterWord === '' ? powerItems('') : [];
    case 'result':
      return afterWord === '' ? kw(RESULT_KINDS) : [];
    default:
      return [];
  }
}

// ------------------------------------------------------------ declare blocks

const DECLARE_KEYWORDS = ['alliance', 'draw', 'concede', 'end'];

/**
 * Completion in a `declare` block, from the line written so far: at its start
 * the declarations' keywords (and `expect`), then the powers (`POWER allies`);
 * after `alliance`, `draw`, `concede`, `by` and after a comma the powers not
 * listed yet in that list (an alliance has two); after a listed power, `by`
 * (draws and concessions); after `POWER`, `allies`; after `allies`, the other
 * powers and `none`.
 */
function declareCandidates(doc: GameDoc, before: string): Candidate[] {
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

// ------------------------------------------------------------ game header

function builtinVariants(ws: Workspace): string[] {
  try {
    return readdirSync(ws.loader.builtinDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'editions' && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

export function editionNames(ws: Workspace): string[] {
  const names = new Set<string>();
  for (const f of ws.loader.editionFiles()) for (const d of f.ast.decls) if (d.kind === 'Ruleset' && d.name) names.add(d.name.value);
  return [...names].sort();
}

function headerCompletion(ws: Workspace, doc: GameDoc, before: string, typed: Typed, ctx: GameContext): CompletionItem[] {
  const words = before.trim().split(/\s+/).filter((w) => w.length > 0);
  const kw = (list: string[]): Candidate[] => list.map((label) => ({ label, kind: CompletionItemKind.Keyword }));
  if (words.length === 0) {
    if (ctx.kind === 'position') {
      return items(
        [...(doc.board?.powerIds ?? []).map((p) => ({ label: `${p}:`, kind: CompletionItemKind.Module })), ...kw(['dislodged', 'owners', 'standoffs', 'phase'])],
        typed,
        doc.lines,
      );
    }
    return items(kw(['variant', 'edition', 'rule', 'seed', 'player', 'language', 'position', 'phase']), typed, doc.lines);
  }
  const first = (words[0] as string).toLowerCase();
  if (first === 'variant' && words.length === 1) return items(builtinVariants(ws).map((label) => ({ label, kind: CompletionItemKind.Module })), typed, doc.lines);
  if (first === 'edition' && words.length === 1) return items(rulesetNames(ws, doc).map((label) => ({ label, kind: CompletionItemKind.EnumMember })), typed, doc.lines);
  if (first === 'rule') return items(ruleCandidates(ws, doc, words.slice(1)), typed, doc.lines);
  if (first === 'player' && words.length === 1) return items((doc.board?.powerIds ?? []).map((label) => ({ label, kind: CompletionItemKind.Module })), typed, doc.lines);
  // `language TAG [for POWER, …]`: the languages orders may be written in, then the powers.
  if (first === 'language' && words.length === 1) return items(gameOrderLanguages().map((label) => ({ label, kind: CompletionItemKind.EnumMember })), typed, doc.lines);
  if (first === 'language' && words.length === 2) return items(kw(['for']), typed, doc.lines);
  if (first === 'language' && words[2]?.toLowerCase() === 'for') return items((doc.board?.powerIds ?? []).map((label) => ({ label, kind: CompletionItemKind.Module })), typed, doc.lines);
  return [];
}

function rulesetNames(ws: Workspace, doc: GameDoc | MapDoc): string[] {
  const own = doc.kind === 'map' ? [...doc.model.rulesets.keys()] : [...(doc.model?.rulesets.keys() ?? [])];
  return [...new Set([...editionNames(ws), ...own])].sort();
}

/** Rule option keys, or the values of the option in `words[0]`. */
function ruleCandidates(ws: Workspace, doc: GameDoc | MapDoc, words: string[]): Candidate[] {
  if (words.length === 0) return RULE_REGISTRY.map((s) => ({ label: s.key, detail: s.summary, kind: CompletionItemKind.Property }));
  const key = (words[0] as string).toLowerCase();
  if (words.length > 1 && !(words[words.length - 1] as string).endsWith(',')) return [];
  if (key === 'edition') return rulesetNames(ws, doc).map((label) => ({ label, kind: CompletionItemKind.EnumMember }));
  const spec = ruleOption(key);
  if (!spec) return [];
  if (spec.kind === 'boolean') return ['true', 'false'].map((label) => ({ label, kind: CompletionItemKind.EnumMember }));
  if ('choices' in spec) return spec.choices.map((c) => ({ label: c.value, detail: c.summary, kind: CompletionItemKind.EnumMember }));
  if (spec.kind === 'name') return rulesetNames(ws, doc).map((label) => ({ label, kind: CompletionItemKind.EnumMember }));
  return [];
}

// --------------------------------------------------------------- map files

function mapCompletion(ws: Workspace, doc: MapDoc, offset: number): CompletionItem[] {
  const toks = scanMap(doc.text);
  // Inside a comment or a string: nothing.
  if (toks.some((t) => (t.kind === 'comment' || t.kind === 'string') && offset > t.start && offset < t.end)) return [];
  const typed = typedAt(doc.text, offset);
  const prior = toks.filter((t) => t.end <= typed.start && t.kind !== 'comment');
  // The enclosing blocks: the head words before each open brace.
  const stack: string[][] = [];
  let stmtStart = 0;
  for (let i = 0; i < prior.length; i++) {
    const t = prior[i] as MapTok;
    if (t.text === '{') {
      // The block's head: its statement's words on the line of the brace (`province spl "Split" coast {`).
      const braceLine = doc.lines.lineOf(t.start);
      const head: string[] = [];
      for (let j = stmtStart; j < i; j++) {
        const h = prior[j] as MapTok;
        if (doc.lines.lineOf(h.start) === braceLine) head.push(h.text.toLowerCase());
      }
      stack.push(head);
      stmtStart = i + 1;
    } else if (t.text === '}') {
      stack.pop();
      stmtStart = i + 1;
    } else if (t.text === ';') stmtStart = i + 1;
  }
  // The statement so far: tokens since the block opened or since the line began.
  const lineStart = doc.lines.lineStart(doc.lines.lineOf(typed.start));
  const stmt = prior.slice(stmtStart).filter((t) => t.start >= lineStart);
  const words = stmt.map((t) => t.text.toLowerCase());
  const block = stack[stack.length - 1];
  const blockKw = block?.[0];
  const kw = (list: string[]): Candidate[] => list.map((label) => ({ label, kind: CompletionItemKind.Keyword }));
  const provinces = (): Candidate[] => [...doc.model.provinces.keys()].sort().map((label) => ({ label, province: label, kind: CompletionItemKind.Variable }));
  const locations = (): Candidate[] => {
    const out: Candidate[] = [];
    for (const id of [...doc.model.provinces.keys()].sort()) {
      out.push({ label: id, province: id, kind: CompletionItemKind.Variable });
      for (const c of doc.model.provinces.get(id)?.decl.coasts ?? []) if (c.id) out.push({ label: `${id}/${c.id.value}`, province: id, kind: CompletionItemKind.Variable });
    }
    return out;
  };
  const powers = (): Candidate[] => [...doc.model.powers.keys()].sort().map((label) => ({ label, kind: CompletionItemKind.Module }));
  const done = (c: Candidate[]): CompletionItem[] => items(c, typed, doc.lines, modelNames(doc));

  if (!blockKw) {
    if (words.length === 0) {
      const snippets = typed.start === lineStart ? snippetsFor(mapSnippetItems(doc.lines.range(typed.start, typed.end)), typed) : [];
      return [...done(kw(MAP_TOP_KEYWORDS)), ...snippets];
    }
    if (words[0] === 'remove' && words.length === 1) return done(kw(['province', 'power', 'adjacency', 'neutral']));
    if (words[0] === 'remove' && words[1] === 'neutral' && words.length === 2) return done(kw(['centres']));
    if (words[0] === 'remove' && words[1] === 'neutral' && words[2] === 'centres') return done(provinces());
    if (words[0] === 'remove' && words[1] === 'province' && words.length === 2) return done(provinces());
    if (words[0] === 'remove' && words[1] === 'power' && words.length === 2) return done(powers());
    if (words[0] === 'neutral' && words.length === 1) return done(kw(['centres', 'units']));
    if (words[0] === 'neutral' && words[1] === 'units') {
      const last = words[words.length - 1];
      if (last === 'a' || last === 'army') return done(provinces());
      if (last === 'f' || last === 'fleet') return done(locations());
      return done(kw(['A', 'F']));
    }
    if (words[0] === 'neutral') return done(provinces());
    if (words[0] === 'province' && words.length >= 2) return done(kw(PROVINCE_FLAGS.filter((f) => !words.includes(f))));
    return [];
  }
  if (blockKw === 'rules' || blockKw === 'ruleset') return done(ruleCandidates(ws, doc, stmt.map((t) => t.text)));
  if (blockKw === 'adjacency') {
    if (words.length === 0) return done(kw(MAP_BLOCK_KEYWORDS['adjacency'] as string[]));
    return done(locations());
  }
  if (blockKw === 'power') {
    if (words.length === 0) return done(kw(MAP_BLOCK_KEYWORDS['power'] as string[]));
    if (words[0] === 'home' || words[0] === 'owns') return done(provinces().filter((p) => doc.model.provinces.get(p.label)?.decl.flags.some((f) => f.flag === 'supply')));
    if (words[0] === 'country') return done(countryCandidates(doc, block?.[1], stmt, typed));
    if (words[0] === 'units') {
      const last = words[words.length - 1];
      if (last === 'a' || last === 'army') return done(provinces());
      if (last === 'f' || last === 'fleet') return done(locations());
      return done(kw(['A', 'F']));
    }
    return [];
  }
  if (blockKw === 'variant') {
    if (words.length === 0) return done(kw(MAP_BLOCK_KEYWORDS['variant'] as string[]));
    if (words[0] === 'extends' && words.length === 1) return done(builtinVariants(ws).map((label) => ({ label, kind: CompletionItemKind.Module })));
    return [];
  }
  if (blockKw === 'province' || blockKw === 'coast') {
    if (words.length === 0) return done(kw((stack.length > 1 && blockKw === 'coast' ? MAP_BLOCK_KEYWORDS['coast'] : MAP_BLOCK_KEYWORDS['province']) as string[]));
    return [];
  }
  return [];
}

/**
 * After `country` in a power block: the land and coastal provinces (not sea,
 * not impassable: DF4011) that no other power has in its home country or as a
 * home centre (DF4010), and that the power's `country` items do not list yet
 * (the one being typed aside).
 */
function countryCandidates(doc: MapDoc, powerId: string | undefined, stmt: MapTok[], typed: Typed): Candidate[] {
  const names = new ModelNames(doc.model);
  const own = powerId?.toLowerCase();
  const taken = new Set<string>();
  const listed = new Set<string>();
  for (const [id, { decl }] of doc.model.powers) {
    const mine = id === own;
    for (const h of decl.home) {
      const p = names.province(h.value);
      if (p && !mine) taken.add(p);
    }
    for (const c of decl.country) {
      if (c.range.start.offset <= typed.end && c.range.end.offset >= typed.start) continue;
      const p = names.province(c.value);
      if (p) (mine ? listed : taken).add(p);
    }
  }
  // The names already written on this line count as listed even before the file is parsed again.
  for (const t of stmt.slice(1)) {
    const p = t.kind === 'name' ? names.province(t.text) : undefined;
    if (p) listed.add(p);
  }
  return [...doc.model.provinces.keys()]
    .sort()
    .filter((id) => {
      const d = doc.model.provinces.get(id)?.decl;
      if (!d || taken.has(id) || listed.has(id)) return false;
      const flags = d.flags.map((f) => f.flag);
      return !flags.includes('sea') && !flags.includes('impassable');
    })
    .map((label) => ({ label, province: label, kind: CompletionItemKind.Variable }));
}

export { ORDER_KEYWORDS };
