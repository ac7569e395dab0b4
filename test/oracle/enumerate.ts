/**
 * Everything the oracle learns by brute force over the 2^k assignments of k decisions: the
 * equations' value on each assignment, the consistent assignments, which decision's equation
 * depends on which decision, and the strongly connected components of that dependency, dependencies
 * first. k is small (at most one decision per unit, at most 8 units), so the table has at most 256
 * entries.
 */
import { Equations } from './equations.js';

export interface Enumeration {
  /** Number of decisions. */
  k: number;
  /** `table[a]`: the equations' bit set on assignment `a`. */
  table: Int32Array;
  /** The assignments equal to their equations, ascending. */
  consistent: number[];
}

export function enumerate(eq: Equations): Enumeration {
  const k = eq.facts.decisions.length;
  if (k > 16) throw new Error(`too many decisions to enumerate: ${k}`);
  const table = new Int32Array(1 << k);
  const consistent: number[] = [];
  for (let a = 0; a < 1 << k; a++) {
    table[a] = eq.evaluate(a);
    if (table[a] === a) consistent.push(a);
  }
  return { k, table, consistent };
}

/**
 * `deps[d]`: the bit set of decisions whose value can change decision d's equation. Found from
 * the table rather than from the equations' text, so a decision that is read but can never matter
 * (a support that cannot change the outcome) makes no edge.
 */
export function dependencies(e: Enumeration): number[] {
  const deps = new Array<number>(e.k).fill(0);
  for (let a = 0; a < 1 << e.k; a++) {
    for (let x = 0; x < e.k; x++) {
      const changed = e.table[a]! ^ e.table[a ^ (1 << x)]!;
      for (let d = 0; d < e.k; d++) if (changed & (1 << d)) deps[d]! |= 1 << x;
    }
  }
  return deps;
}

/**
 * The strongly connected components of the dependency graph as bit sets, each after every
 * component it depends on (Tarjan's algorithm emits a component once all it reaches are emitted).
 */
export function components(deps: readonly number[]): number[] {
  const k = deps.length;
  const index = new Array<number>(k).fill(-1);
  const low = new Array<number>(k).fill(0);
  const onStack = new Array<boolean>(k).fill(false);
  const stack: number[] = [];
  const out: number[] = [];
  let counter = 0;
  const visit = (v: number): void => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = true;
    for (let w = 0; w < k; w++) {
      if (!(deps[v]! & (1 << w))) continue;
      if (index[w] === -1) {
        visit(w);
        low[v] = Math.min(low[v]!, low[w]!);
      } else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
    }
    if (low[v] !== index[v]) return;
    let set = 0;
    for (;;) {
      const w = stack.pop()!;
      onStack[w] = false;
      set |= 1 << w;
      if (w === v) break;
    }
    out.push(set);
  };
  for (let v = 0; v < k; v++) if (index[v] === -1) visit(v);
  return out;
}

/** Whether the component depends on itself: more than one decision, or one that reads itself. */
export function isCycle(component: number, deps: readonly number[]): boolean {
  if (component & (component - 1)) return true;
  const d = 31 - Math.clz32(component);
  return (deps[d]! & component) !== 0;
}
