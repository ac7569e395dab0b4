/**
 * An imported map as `.dipmap` text: a header comment, the variant, its rules,
 * the provinces in the order of the map file, the adjacency (each two-way pair
 * once, under the province that comes first in alphabetical order, `both`
 * where armies and fleets share it, `->` for a move that has no way back), the
 * powers and the neutral centres. Pure.
 */
import type { ImportedMap, ImportedProvince } from './map-model.js';

export interface PrintOptions {
  id: string;
  name: string;
  /** Lines of the header comment (without `//`). */
  header: readonly string[];
  /** The rule set the variant plays. */
  edition: string;
  /** Board coordinates per province id, when known. */
  at?: ReadonlyMap<string, readonly [number, number]>;
}

/**
 * Distinct colours for up to twenty powers, in the order of the map's power lines
 * (the Python engine's files give none).
 */
const PALETTE = [
  '#c8352e', '#2a3f8f', '#4da6e8', '#5a5a5a', '#2f9e44', '#8c5fbf', '#e8c21a', '#e8772e', '#8b5a2b', '#d6569c',
  '#1b998b', '#7a8c1f', '#b01e6f', '#3c6e71', '#f28e85', '#6b4226', '#00a6d6', '#9c9ede', '#4b0082', '#a0522d',
];

export function printImportedMap(map: ImportedMap, options: PrintOptions): string {
  const out: string[] = [];
  for (const line of options.header) out.push(line === '' ? '//' : `// ${line}`);
  out.push('');
  out.push(`variant ${options.id} ${quote(options.name)} {`);
  if (map.start) out.push(`  start ${map.start.year} ${map.start.season} ${map.start.kind}`);
  out.push('}');
  out.push('');
  out.push('rules {');
  out.push(`  edition ${options.edition}`);
  const centres = map.provinces.filter((p) => p.supply).length;
  out.push(`  victory-centres ${map.victory}${map.victoryByDefault ? `    // more than half of the ${centres} centres, as the map gives no VICTORY line` : ''}`);
  if (map.buildAnywhere) out.push('  build-sites any-owned-centre    // RULES BUILD_ANY');
  out.push('}');
  out.push('');
  out.push('// Provinces');
  // Line by line, not push(...lines): a map may have more provinces and adjacencies than a call takes arguments.
  for (const p of map.provinces) for (const line of provinceLines(p, options)) out.push(line);
  out.push('');
  for (const line of adjacency(map)) out.push(line);
  out.push('');
  out.push('// Powers');
  map.powers.forEach((p, i) => {
    out.push(`power ${p.id} ${quote(p.name)} {`);
    if (p.adjective) out.push(`  adjective ${quote(p.adjective)}`);
    out.push(`  colour ${PALETTE[i % PALETTE.length]}`);
    if (p.home.length > 0) out.push(`  home ${p.home.join(', ')}`);
    if (p.owns) out.push(`  owns ${p.owns.join(', ')}`);
    if (p.units.length > 0) out.push(`  units ${p.units.join(', ')}`);
    out.push('}');
    out.push('');
  });
  if (map.neutral.length > 0) out.push(`neutral centres ${map.neutral.join(', ')}`);
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

function provinceLines(p: ImportedProvince, options: PrintOptions): string[] {
  const flags = [p.terrain, p.supply ? 'supply' : '', p.impassable ? 'impassable' : '', p.port ? 'archipelago' : '']
    .filter(Boolean)
    .join(' ');
  const items: string[] = [];
  for (const c of p.coasts) items.push(`coast ${c.id} ${quote(c.name)}`);
  if (p.aliases.length > 0) items.push(`alias ${p.aliases.join(', ')}`);
  if (p.phrases.length > 0) items.push(`name en ${[p.name, ...p.phrases].map(quote).join(', ')}`);
  const at = options.at?.get(p.id);
  if (at) items.push(`at ${Math.round(at[0])} ${Math.round(at[1])}`);
  const head = `province ${p.id} ${quote(p.name)} ${flags}`;
  if (items.length === 0) return [head];
  if (p.coasts.length === 0) return [`${head} { ${items.join('  ')} }`];
  return [`${head} {`, ...items.map((i) => `  ${i}`), '}'];
}

function adjacency(map: ImportedMap): string[] {
  const names = new Map(map.provinces.map((p) => [p.id, p.name]));
  const army = new Set(map.army.map(([a, b]) => `${a}>${b}`));
  const fleet = new Set(map.fleet.map(([a, b]) => `${a}>${b}`));
  interface Lines {
    both: string[];
    army: string[];
    /** Two-way fleet moves per location they are written from (a coast of the province, or the province). */
    fleet: Map<string, string[]>;
    oneWay: string[];
  }
  const under = new Map<string, Lines>();
  const slot = (loc: string): Lines => {
    const id = baseOf(loc);
    let s = under.get(id);
    if (!s) under.set(id, (s = { both: [], army: [], fleet: new Map(), oneWay: [] }));
    return s;
  };
  const done = new Set<string>();
  const pairs = (edges: [string, string][], set: Set<string>, kind: 'army' | 'fleet') => {
    for (const [a, b] of edges) {
      if (!set.has(`${b}>${a}`)) {
        slot(a).oneWay.push(`${kind} ${a} -> ${b}`);
        continue;
      }
      const [x, y] = a < b ? [a, b] : [b, a];
      const key = `${kind}:${x}>${y}`;
      if (done.has(key)) continue;
      done.add(key);
      if (kind === 'army' && fleet.has(`${x}>${y}`) && fleet.has(`${y}>${x}`)) {
        done.add(`fleet:${x}>${y}`);
        slot(x).both.push(y);
      } else if (kind === 'army') {
        slot(x).army.push(y);
      } else {
        const lines = slot(x).fleet;
        lines.set(x, [...(lines.get(x) ?? []), y]);
      }
    }
  };
  pairs(map.army, army, 'army');
  pairs(map.fleet, fleet, 'fleet');
  const out = ['// Adjacency: each line works both ways unless it says ->; both = armies and fleets alike.', 'adjacency {'];
  [...under.keys()].sort().forEach((id, i) => {
    const s = under.get(id) as Lines;
    if (i > 0) out.push('');
    out.push(`  // ${names.get(id) ?? id}`);
    if (s.both.length > 0) out.push(`  both  ${id}: ${s.both.sort().join(', ')}`);
    if (s.army.length > 0) out.push(`  army  ${id}: ${s.army.sort().join(', ')}`);
    for (const from of [...s.fleet.keys()].sort()) out.push(`  fleet ${from}: ${(s.fleet.get(from) as string[]).sort().join(', ')}`);
    for (const line of s.oneWay.sort()) out.push(`  ${line}`);
  });
  out.push('}');
  return out;
}

/** The province a location belongs to: `spa/nc` → `spa`. */
function baseOf(loc: string): string {
  const slash = loc.indexOf('/');
  return slash < 0 ? loc : loc.slice(0, slash);
}

/** A string of our language: `"…"` with `\"` and `\\` escaped. */
function quote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
