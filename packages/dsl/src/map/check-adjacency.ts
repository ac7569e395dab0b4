/**
 * The adjacency lines checked and resolved into directed edges per unit kind:
 * each end a place the kind may enter (a named coast for a fleet where the
 * province has them), removals matched against the base variant's edges,
 * duplicates and one-way edges with no way back reported.
 */
import { quoted } from '@dipforge/engine/config';
import type { Range } from '../text/range.js';
import type * as A from './ast.js';
import type { CheckState } from './check-state.js';
import { unknownWord } from './expected.js';
import type { ResolvedVariant } from './resolved.js';

/** The first word of an adjacency line. */
const ADJACENCY_KINDS = ['army', 'fleet', 'both'];

/** Resolves one end of an edge for a unit kind; undefined (and reported) if impossible. */
function edgeEnd(st: CheckState, loc: A.Location, kind: 'army' | 'fleet', file: string): string | undefined {
  const p = st.lookupProvince(loc.province, file);
  if (!p) return undefined;
  if (p.impassable) {
    st.report('adjacencyToImpassable', file, loc.range, `${quoted(p.id)} is impassable: nothing moves to or from it`);
    return undefined;
  }
  if (kind === 'army') {
    if (p.terrain === 'sea') {
      st.report('armyIntoSea', file, loc.range, `An army cannot enter the sea province ${quoted(p.id)}`);
      return undefined;
    }
    if (loc.coast) {
      st.report('armyOnCoast', file, loc.coast.range, 'An army adjacency names no coast: armies stand on the whole province');
      return undefined;
    }
    return p.id;
  }
  if (p.terrain === 'land') {
    st.report('fleetIntoLand', file, loc.range, `A fleet cannot enter the landlocked province ${quoted(p.id)}`);
    return undefined;
  }
  if (loc.coast) return st.lookupCoast(p, loc.coast, file) ? `${p.id}/${loc.coast.value}` : undefined;
  if (p.coasts.length > 0) {
    const list = p.coasts.map((c) => `${p.id}/${c.id}`).join(' or ');
    st.report('missingCoast', file, loc.province.range, `Fleets reach ${quoted(p.id)} by a named coast: write ${list}`);
    return undefined;
  }
  return p.id;
}

function lineKinds(st: CheckState, line: A.AdjacencyLine, file: string): ('army' | 'fleet')[] {
  switch (line.unit?.value) {
    case 'army':
    case 'a':
      return ['army'];
    case 'fleet':
    case 'f':
      return ['fleet'];
    case 'both':
      return ['army', 'fleet'];
    default:
      if (line.unit) {
        const wrong = unknownWord('unit kind', line.unit.text, ADJACENCY_KINDS);
        st.report('unknownUnitKind', file, line.unit.range, wrong.message, wrong.suggestions);
      }
      return [];
  }
}

/** Every adjacency line as directed edges, per unit kind, less the removed ones. */
export function checkAdjacency(st: CheckState): ResolvedVariant['edges'] {
  const edges = { army: new Map<string, { oneWay: boolean; file: string; range: Range }>(), fleet: new Map<string, { oneWay: boolean; file: string; range: Range }>() };
  // Each removed edge, with whether some declared edge matched it (else it is reported).
  const removed = new Map<string, { used: boolean; file: string; range: Range }>();
  for (const { decl, file } of st.model.removedAdjacency) {
    for (const kind of lineKinds(st, decl, file)) {
      const from = decl.from && edgeEnd(st, decl.from, kind, file);
      for (const t of decl.to) {
        const to = edgeEnd(st, t, kind, file);
        if (!from || !to) continue;
        const entry = { used: false, file, range: t.range };
        removed.set(`${kind} ${from} ${to}`, entry);
        if (!decl.oneWay) removed.set(`${kind} ${to} ${from}`, entry);
      }
    }
  }
  for (const { decl, file, inherited } of st.model.adjacency) {
    const kinds = lineKinds(st, decl, file);
    if (kinds.length === 0) unsure(st, decl);
    for (const kind of kinds) {
      // Adjacencies of a base variant that touch a removed province are dropped with it
      // (only those: the line's other targets stay).
      if (inherited && decl.from && isRemoved(st, decl.from)) continue;
      const from = decl.from && edgeEnd(st, decl.from, kind, file);
      for (const t of decl.to) {
        if (inherited && isRemoved(st, t)) continue;
        const to = edgeEnd(st, t, kind, file);
        if (!from || !to) continue;
        if (from.split('/')[0] === to.split('/')[0]) {
          st.report('selfAdjacency', file, t.range, `${quoted(from)} cannot be adjacent to its own province`);
          continue;
        }
        // Returns whether the edge was a duplicate; `quiet` keeps the way back of a
        // duplicate two-way line from reporting the same line a second time.
        const add = (a: string, b: string, oneWay: boolean, quiet = false): boolean => {
          const key = `${a} ${b}`;
          const removal = removed.get(`${kind} ${key}`);
          if (removal) {
            removal.used = true;
            return false;
          }
          const existing = edges[kind].get(key);
          if (existing && !existing.oneWay && !oneWay) {
            if (!quiet) st.report('duplicateAdjacency', file, t.range, `The ${kind} adjacency ${a}–${b} is already declared`);
            return true;
          }
          if (!existing) edges[kind].set(key, { oneWay, file, range: t.range });
          else if (!oneWay) existing.oneWay = false;
          return false;
        };
        const duplicate = add(from, to, decl.oneWay);
        if (!decl.oneWay) add(to, from, false, duplicate);
      }
    }
  }
  for (const r of new Set(removed.values())) {
    if (!r.used) st.report('removeUnknown', r.file, r.range, 'The base variant declares no such adjacency');
  }
  // A one-way edge whose reverse was never declared is worth a warning: it is rare on purpose.
  for (const kind of ['army', 'fleet'] as const) {
    for (const [key, e] of edges[kind]) {
      if (!e.oneWay) continue;
      const [a, b] = key.split(' ') as [string, string];
      if (!edges[kind].has(`${b} ${a}`) && !st.unsureEdges.has(`${province(b)} ${province(a)}`)) st.report('oneWayAdjacency', e.file, e.range, `A ${kind} can move ${a} → ${b} but not back`);
    }
  }
  const list = (m: Map<string, unknown>): [string, string][] => [...m.keys()].map((k) => k.split(' ') as [string, string]);
  return { army: list(edges.army), fleet: list(edges.fleet) };
}

/** Keeps the province pairs of a line whose kind is wrong (`unsureEdges`), without reporting its names again. */
function unsure(st: CheckState, line: A.AdjacencyLine): void {
  const id = (loc: A.Location): string | undefined => st.provinces.get(loc.province.value)?.id ?? st.provinceNames.get(loc.province.value)?.id;
  const from = line.from && id(line.from);
  if (!from) return;
  for (const t of line.to) {
    const to = id(t);
    if (!to) continue;
    st.unsureEdges.add(`${from} ${to}`);
    if (!line.oneWay) st.unsureEdges.add(`${to} ${from}`);
  }
}

function isRemoved(st: CheckState, loc: A.Location): boolean {
  // Only relevant when the model came from extends: a province that a `remove`
  // dropped is in no table, but the checker must not report the base's lines as unknown.
  return st.model.removedProvinces.has(loc.province.value);
}

/** The province of an edge's end (`stp/nc` → `stp`). */
function province(end: string): string {
  return end.split('/')[0] as string;
}

