/**
 * The checker: turns a bound variant model into a resolved variant (provinces
 * with terrain and coasts, directed edges, powers with units and centres, rule
 * options), reporting every problem with its code and range. What it resolves is
 * exactly what the compiler emits, so the two cannot disagree.
 */
import { numberProblem, quoted, YEAR_FIELD } from '@dipforge/engine/config';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type * as A from './ast.js';
import type { VariantModel } from './bind.js';
import { checkAdjacency } from './check-adjacency.js';
import { checkNeutralCentres, checkNeutralUnits, checkPowers, neutralRules } from './check-powers.js';
import { checkProvince } from './check-provinces.js';
import { CheckState, sentence } from './check-state.js';
import { unknownWord } from './expected.js';
import type { ResolvedPower, ResolvedVariant } from './resolved.js';
import { resolveRules, type ResolvedRules, type RuleSetSource } from './rules.js';

export type { ResolvedCoast, ResolvedPower, ResolvedProvince, ResolvedUnit, ResolvedVariant, Terrain } from './resolved.js';

const PHASES = new Set(['movement', 'retreat', 'adjustment']);

/**
 * Runs the passes in their order, which is also the order of their diagnostics: provinces
 * first (every later pass looks them up), then edges, powers, neutral centres and units, the
 * header, the rule sets, and last what needs all of them.
 */
export function checkVariant(model: VariantModel, editions: RuleSetSource[], diagnostics: Diagnostic[]): ResolvedVariant {
  const st = new CheckState(model, diagnostics);
  for (const p of model.provinces.values()) checkProvince(st, p);
  const edges = checkAdjacency(st);
  const powers = checkPowers(st);
  const neutralCentres = checkNeutralCentres(st, powers);
  const neutralUnits = checkNeutralUnits(st, powers);
  const variant = header(st);
  const rules = resolveRules(model, editions, diagnostics);
  warnings(st, edges, powers, rules);
  neutralRules(st, neutralUnits, rules);
  return { ...variant, provinces: [...st.provinces.values()], edges, powers, neutralCentres, neutralUnits, rules };
}

/** The variant's id, names and start (a file with no `variant` is named after itself). */
function header(st: CheckState): Pick<ResolvedVariant, 'id' | 'name' | 'author' | 'version' | 'description' | 'start'> {
  const v = st.model.variant;
  const start: ResolvedVariant['start'] = { year: 1901, season: 'spring', phase: 'movement' };
  if (!v) {
    const id = st.model.entry.split(/[\\/]/).pop()?.replace(/\.dipmap$/, '') ?? 'variant';
    return { id: id.toLowerCase(), name: id, start };
  }
  const d = v.decl;
  const single = (list: A.StringLit[], what: string): string | undefined => {
    for (const extra of list.slice(1)) st.report('duplicateItem', v.file, extra.range, `${what} is given more than once`);
    return list[0]?.value;
  };
  for (const extra of d.start.slice(1)) st.report('duplicateItem', v.file, extra.range, 'start is given more than once');
  const s = d.start[0];
  if (s) {
    if (s.year) {
      const why = numberProblem(s.year.text, YEAR_FIELD);
      if (why) st.report('invalidValue', v.file, s.year.range, sentence(why));
      else start.year = s.year.value;
    }
    if (s.season) start.season = s.season.value;
    if (s.phase) {
      if (PHASES.has(s.phase.value)) start.phase = s.phase.value as ResolvedVariant['start']['phase'];
      else {
        const wrong = unknownWord('phase', s.phase.text, [...PHASES]);
        st.report('invalidValue', v.file, s.phase.range, wrong.message, wrong.suggestions);
      }
    }
  }
  const id = d.id?.value ?? 'variant';
  const author = single(d.author, 'author');
  const version = single(d.version, 'version');
  const description = single(d.description, 'description');
  return {
    id,
    name: (d.title && st.filled(d.title, v.file)) ?? d.id?.text ?? id,
    ...(author !== undefined ? { author } : {}),
    ...(version !== undefined ? { version } : {}),
    ...(description !== undefined ? { description } : {}),
    start,
  };
}

/** Whole-variant warnings: no provinces or powers, provinces no unit can reach, a solo above the centres. */
function warnings(st: CheckState, edges: ResolvedVariant['edges'], powers: ResolvedPower[], rules: ResolvedRules): void {
  const entry = st.model.variant?.file ?? st.model.entry;
  const entryRange = st.model.variant?.decl.id?.range ?? { start: { offset: 0, line: 0, column: 0 }, end: { offset: 0, line: 0, column: 0 } };
  if (st.provinces.size === 0 && st.model.variant) st.report('noProvinces', entry, entryRange, 'The variant declares no provinces');
  if (powers.length === 0 && st.model.variant) st.report('noPowers', entry, entryRange, 'The variant declares no powers');

  // Reachability: from every starting unit and home centre, over the edges of both kinds.
  const next = new Map<string, string[]>();
  const unsure = [...st.unsureEdges].map((key) => key.split(' ') as [string, string]);
  for (const [a, b] of [...edges.army, ...edges.fleet, ...unsure]) {
    const from = a.split('/')[0] as string;
    const to = b.split('/')[0] as string;
    let list = next.get(from);
    if (!list) next.set(from, (list = []));
    list.push(to);
  }
  const seeds = powers.flatMap((p) => [...p.home, ...p.units.map((u) => u.at.split('/')[0] as string)]);
  if (seeds.length > 0) {
    const seen = new Set(seeds);
    const queue = [...seeds];
    while (queue.length > 0) {
      const p = queue.pop() as string;
      for (const q of next.get(p) ?? []) if (!seen.has(q)) (seen.add(q), queue.push(q));
    }
    for (const p of st.provinces.values()) {
      if (p.impassable || seen.has(p.id) || !p.decl.id) continue;
      st.report('unreachableProvince', p.file, p.decl.id.range, `No unit can ever reach ${quoted(p.id)} from the starting position`);
    }
  }

  const centres = [...st.provinces.values()].filter((p) => p.supplyCentre).length;
  const threshold = rules.victoryCentres;
  if (threshold && typeof threshold.value === 'number' && threshold.value > centres) {
    st.report('victoryAboveCentres', threshold.file, threshold.range, `A solo needs ${threshold.value} centres but the map has only ${centres}`);
  }
}
