/**
 * Completion in the starting position and in expect blocks: unit lists,
 * centre owners, standoffs, winners, draws, scores and results.
 */
import { type Unit } from '@dipforge/engine';
import type { GameAst } from '@dipforge/dsl';
import { CompletionItemKind } from 'vscode-languageserver';
import { base, type GameContext } from '../../context.js';
import type { GameDoc } from '../../workspace.js';
import type { Candidate, Typed } from './items.js';
import { sortIds } from './reach.js';

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
export function sectionCandidates(doc: GameDoc, ctx: Extract<GameContext, { kind: 'position' | 'expect' }>, before: string, typed: Typed): Candidate[] | undefined {
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
