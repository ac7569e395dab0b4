/**
 * A province declaration checked and resolved: its terrain (a coast when a
 * wrong flag word may stand for it), supply centre, impassable and archipelago
 * flags, its named coasts (two or more), its names claimed, its coordinates.
 */
import { COORDINATE_FIELD, numberProblem, quoted } from '@dipforge/engine/config';
import type * as A from './ast.js';
import type { Declared } from './bind.js';
import { sentence, type CheckState, type Owner } from './check-state.js';
import type { ResolvedCoast, Terrain } from './resolved.js';

/** Resolves a province declaration into `st.provinces`, claiming its names. */
export function checkProvince(st: CheckState, { decl, file }: Declared<A.ProvinceDecl>): void {
  if (!decl.id) return;
  const id = decl.id.value;
  const owner: Owner = { kind: 'province', id };
  st.claim(st.provinceNames, id, owner, file, decl.id.range, 'id');

  let terrain: Terrain | undefined;
  let supply = false;
  let impassable = false;
  let archipelago: A.FlagWord | undefined;
  for (const f of decl.flags) {
    if (f.flag === 'archipelago') {
      archipelago = f;
    } else if (f.flag === 'supply') {
      if (supply) st.report('duplicateItem', file, f.range, 'supply is given more than once');
      supply = true;
    } else if (f.flag === 'impassable') {
      impassable = true;
    } else if (terrain) {
      st.report('duplicateItem', file, f.range, `The terrain is already ${terrain}`);
    } else {
      terrain = f.flag;
    }
  }
  if (impassable && supply) st.report('impassableSupplyCentre', file, decl.id.range, `The impassable province ${quoted(id)} cannot be a supply centre`);
  // A wrong word among the flags (reported by the parser) may stand for any flag the province does
  // not give: the checks that depend on one run as if it gave the one that passes them (a coast's
  // terrain, where armies and fleets both go; a supply centre), so the slip costs one diagnostic.
  const unsure = decl.wrongFlags.length > 0;
  if (unsure && !impassable) supply = true;
  if (!terrain) terrain = decl.coasts.length > 0 || unsure ? 'coast' : 'land';
  if (archipelago && terrain !== 'coast') {
    st.report('archipelagoNotCoast', file, archipelago.range, `${quoted(id)} is ${terrain}: only a coast province, where armies and fleets both stand, can be an archipelago`);
  }

  const coasts: ResolvedCoast[] = [];
  for (const c of decl.coasts) {
    if (!c.id) continue;
    if (terrain !== 'coast') {
      st.report('coastsOnNonCoastal', file, c.range, `Only a coastal province has coasts; ${quoted(id)} is ${terrain}`);
      continue;
    }
    if (coasts.some((k) => k.id === c.id?.value)) {
      st.report('duplicateId', file, c.id.range, `The coast ${quoted(c.id.text)} of ${quoted(id)} is already declared`);
      continue;
    }
    const title = c.title && st.filled(c.title, file);
    coasts.push({ id: c.id.value, name: title ?? c.id.text, names: st.localized(c.names, file, () => undefined) });
  }
  if (coasts.length === 1) {
    // Kept, a lone coast would make every plain fleet reference an error too: drop it.
    const only = decl.coasts.find((c) => c.id?.value === coasts[0]?.id);
    st.report('duplicateItem', file, only?.range ?? decl.id.range, 'A province with named coasts has at least two; leave out the coast for a single-coast province');
    coasts.length = 0;
  }

  const { name: title, names, aliases } = st.claimNames(st.provinceNames, owner, decl, file, decl.id.text);
  for (const extra of decl.at.slice(1)) st.report('duplicateItem', file, extra.range, 'at is given more than once');
  const at0 = decl.at[0];
  let at: [number, number] | undefined = at0?.x && at0.y ? [at0.x.value, at0.y.value] : undefined;
  for (const n of at0 ? [at0.x, at0.y] : []) {
    const why = n ? numberProblem(n.text, COORDINATE_FIELD) : undefined;
    if (!n || !why) continue;
    st.report('invalidValue', file, n.range, sentence(why));
    at = undefined;
  }

  st.provinces.set(id, {
    id,
    name: title,
    terrain,
    supplyCentre: supply,
    impassable,
    archipelago: archipelago !== undefined && terrain === 'coast',
    coasts,
    names,
    aliases,
    ...(at ? { at } : {}),
    decl,
    file,
  });
}
