/**
 * The order written so far on a line, as symbols: unit kinds, places (read the
 * way the order reader reads names, coasts joined to their province), verbs.
 * Completion decides what may follow from these.
 */
import { scanPlaces, tokens } from '../../name-scan.js';
import type { GameDoc } from '../../workspace.js';

export type Sym = { t: 'K' | 'P' | 'M' | 'S' | 'C' | 'H' | 'R' | 'D' | 'B' | 'W' | 'VIA' | 'X'; text: string; loc?: string; kind?: 'army' | 'fleet' };

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
export function symbols(doc: GameDoc, text: string, start: number): Sym[] {
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
export function unitAt(syms: Sym[], i: number): { next: number; loc: string; kind?: 'army' | 'fleet' } | undefined {
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
