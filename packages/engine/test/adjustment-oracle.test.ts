// An independent statement of the adjustment rules, checked against
// adjudicatePhase. The oracle below reads the classic map's own description
// (the variant JSON: provinces, coasts, adjacency, home centres) and the rules
// as the docs state them, and shares no code with the engine's adjustment core
// (no Board, no columns, no rule functions): each power's balance, disbands
// (duplicates, `voluntary-disbands`, `excess-disbands`), civil disorder under
// `removal-order owned-distance`, builds (the unit kind a build makes, its coast,
// `build-sites`, ownership, occupation), waives (`waive-builds`) and competing
// builds (`same-province-builds`, then `excess-builds`). Compared, order by
// order (status and reason) and unit by unit (the units after, the units
// removed in civil disorder), on the adjustment phases of seeded random games
// (as `dipforge bench` plays them) with orders left out, added and doubled,
// under the classic rules and each choice of the options above.
import { describe, expect, it } from 'vitest';
import { compileBoard, type Board } from '../src/board/board.js';
import { RULE_REGISTRY, type RuleOptions } from '../src/config/rules.js';
import type { VariantConfig } from '../src/config/variant-config.js';
import { adjudicatePhase, phaseIsEmpty } from '../src/adjudicate/phase.js';
import type { PhaseResult } from '../src/adjudicate/result.js';
import type { Position, Unit } from '../src/game/position.js';
import { initialPosition } from '../src/game/runner.js';
import type { Order } from '../src/orders/order.js';
import { legalOrders, mulberry32, randomOrders, type Rng } from '../src/legal/index.js';
import { CLASSIC, rules as classicRules } from './helpers/classic.js';

/** The map as the oracle reads it: straight from the variant's description. */
interface PlainMap {
  powers: string[];
  home: Map<string, Set<string>>;
  terrain: Map<string, string>;
  name: Map<string, string>;
  centre: Set<string>;
  /** Province id → its coasts' location ids (`stp/nc`), empty when it has none. */
  coasts: Map<string, string[]>;
  /** Province id → the provinces next to it, by any adjacency (army or fleet). */
  next: Map<string, Set<string>>;
}

function plainMap(config: VariantConfig): PlainMap {
  const provinceOf = (at: string): string => at.split('/')[0]!;
  const next = new Map<string, Set<string>>();
  for (const p of config.provinces) next.set(p.id, new Set());
  for (const list of [config.adjacency.army, config.adjacency.fleet]) {
    for (const [a, b] of list) if (provinceOf(a) !== provinceOf(b)) next.get(provinceOf(a))!.add(provinceOf(b));
  }
  return {
    powers: config.powers.map((p) => p.id),
    home: new Map(config.powers.map((p) => [p.id, new Set(p.home)])),
    terrain: new Map(config.provinces.map((p) => [p.id, p.terrain])),
    name: new Map(config.provinces.map((p) => [p.id, p.name])),
    centre: new Set(config.provinces.filter((p) => p.supplyCentre).map((p) => p.id)),
    coasts: new Map(config.provinces.map((p) => [p.id, (p.coasts ?? []).map((c) => `${p.id}/${c.id}`)])),
    next,
  };
}

interface Verdict {
  status: 'succeeds' | 'fails' | 'illegal';
  reason?: string;
}

interface OracleResult {
  verdicts: Verdict[];
  units: Unit[];
  removed: Unit[];
}

/** Steps from province `from` to the nearest province where `target` holds, over any adjacency; Infinity when none. */
function distance(map: PlainMap, from: string, target: (p: string) => boolean): number {
  let frontier = [from];
  const seen = new Set(frontier);
  for (let d = 0; frontier.length > 0; d++) {
    if (frontier.some(target)) return d;
    const after: string[] = [];
    for (const p of frontier) for (const q of map.next.get(p)!) if (!seen.has(q)) (seen.add(q), after.push(q));
    frontier = after;
  }
  return Infinity;
}

/** The adjustment phase by the rules as written (see the file's comment). */
function oracle(map: PlainMap, rules: RuleOptions, position: Position, orders: readonly Order[]): OracleResult {
  const provinceOf = (at: string): string => at.split('/')[0]!;
  const verdicts: Verdict[] = orders.map(() => ({ status: 'succeeds' }));
  const illegal = (i: number, reason: string): void => void (verdicts[i] = { status: 'illegal', reason });
  const fails = (i: number, reason: string): void => void (verdicts[i] = { status: 'fails', reason });
  const owned = (p: string): number => [...map.centre].filter((c) => position.owners[c] === p).length;
  const unitsOf = (p: string): number => position.units.filter((u) => u.power === p).length;
  const gone = new Set<Unit>();
  const removedInDisorder: Unit[] = [];
  /** Per power: how many units it may build, after what its disbands freed. */
  const allowedOf = new Map<string, number>();

  // Orders of an unknown power, and disbands of a unit of another power.
  const unitAt = (at: string): Unit | undefined => position.units.find((u) => u.at === at);
  orders.forEach((o, i) => {
    if (!map.powers.includes(o.power)) illegal(i, 'wrong-power');
    else if (o.type === 'disband' && unitAt(o.unit.at)!.power !== o.power) illegal(i, 'wrong-power');
  });
  const live = (i: number): boolean => verdicts[i]!.status === 'succeeds';

  for (const p of map.powers) {
    const need = unitsOf(p) - owned(p);
    const disbands: number[] = [];
    const named = new Set<Unit>();
    orders.forEach((o, i) => {
      if (o.type !== 'disband' || o.power !== p || !live(i)) return;
      const u = unitAt(o.unit.at)!;
      if (named.has(u)) illegal(i, 'duplicate-order');
      else (named.add(u), disbands.push(i));
    });
    const disband = (i: number): void => void gone.add(unitAt((orders[i] as Order & { type: 'disband' }).unit.at)!);
    let removed = 0;
    if (rules['voluntary-disbands']) {
      for (const i of disbands) disband(i);
      removed = disbands.length;
    } else if (need <= 0) {
      for (const i of disbands) illegal(i, 'no-disbands');
    } else {
      const rule = rules['excess-disbands'];
      const kept = disbands.length <= need ? disbands : rule === 'first' ? disbands.slice(0, need) : rule === 'last' ? disbands.slice(-need) : [];
      for (const i of disbands) if (!kept.includes(i)) fails(i, 'too-many-disbands');
      for (const i of kept) disband(i);
      removed = kept.length;
    }
    if (need > removed) {
      // Civil disorder, `owned-distance`: units off supply centres first, then the farthest from a centre the power
      // owns, then fleets before armies, then by province name.
      const ownedCentre = (q: string): boolean => map.centre.has(q) && position.owners[q] === p;
      const key = (u: Unit): [number, number, number, string] => {
        const prov = provinceOf(u.at);
        return [map.centre.has(prov) ? 1 : 0, -distance(map, prov, ownedCentre), u.kind === 'fleet' ? 0 : 1, map.name.get(prov)!];
      };
      const candidates = position.units.filter((u) => u.power === p && !gone.has(u));
      candidates.sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        for (let k = 0; k < 3; k++) if (x[k] !== y[k]) return (x[k] as number) < (y[k] as number) ? -1 : 1;
        return x[3].localeCompare(y[3], 'en');
      });
      for (const u of candidates.slice(0, need - removed)) (gone.add(u), removedInDisorder.push(u));
      removed = need;
    }
    allowedOf.set(p, owned(p) - unitsOf(p) + removed);
  }

  const built: Unit[] = [];
  for (const p of map.powers) {
    const allowed = allowedOf.get(p)!;
    const entries: { i: number; prov?: string; unit?: Unit }[] = [];
    orders.forEach((o, i) => {
      if ((o.type !== 'build' && o.type !== 'waive') || o.power !== p || !live(i)) return;
      if (allowed <= 0) return illegal(i, 'no-builds');
      if (o.type === 'waive') return rules['waive-builds'] ? void entries.push({ i }) : illegal(i, 'waive-not-allowed');
      const made = buildOf(map, rules, o.kind, o.at);
      if (typeof made === 'string') return illegal(i, made);
      const prov = provinceOf(made.at);
      if (!map.centre.has(prov)) return illegal(i, 'not-supply-centre');
      const homeOfAny = [...map.home.values()].some((h) => h.has(prov));
      if (rules['build-sites'] === 'home-centres' && !map.home.get(p)!.has(prov)) return illegal(i, 'not-home-centre');
      if (rules['build-sites'] === 'any-owned-home-centre' && !homeOfAny) return illegal(i, 'not-home-centre');
      if (position.owners[prov] !== p) return illegal(i, 'not-owned');
      const there = position.units.find((u) => provinceOf(u.at) === prov);
      if (there && !gone.has(there)) return illegal(i, 'occupied');
      entries.push({ i, prov, unit: { power: p, kind: made.kind, at: made.at } });
    });
    // One build per province, then no more than allowed.
    const out = new Set<number>();
    for (const prov of new Set(entries.flatMap((e) => (e.prov ? [e.prov] : [])))) {
      const same = entries.filter((e) => e.prov === prov);
      if (same.length < 2) continue;
      const rule = rules['same-province-builds'];
      const keep = rule === 'first' ? same[0] : rule === 'last' ? same[same.length - 1] : undefined;
      for (const e of same) if (e !== keep) (fails(e.i, 'build-site-taken'), out.add(e.i));
    }
    const standing = entries.filter((e) => !out.has(e.i));
    const rule = rules['excess-builds'];
    const kept = standing.length <= allowed ? standing : rule === 'first' ? standing.slice(0, allowed) : rule === 'last' ? standing.slice(-allowed) : [];
    for (const e of standing) if (!kept.includes(e)) fails(e.i, 'too-many-builds');
    for (const e of kept) if (e.unit) built.push(e.unit);
  }
  return { verdicts, units: [...position.units.filter((u) => !gone.has(u)), ...built], removed: removedInDisorder };
}

/** The unit a build order makes (`{ kind, at }`), or why it makes none. */
function buildOf(map: PlainMap, rules: RuleOptions, written: 'army' | 'fleet' | undefined, at: string): { kind: 'army' | 'fleet'; at: string } | string {
  const [prov, coastId] = at.split('/') as [string, string | undefined];
  const terrain = map.terrain.get(prov);
  if (terrain === undefined) return 'unknown-location';
  const coasts = map.coasts.get(prov)!;
  const coast = coastId === undefined ? undefined : coasts.includes(at) ? at : undefined;
  const badCoast = coastId !== undefined && coast === undefined;
  let kind = written;
  if (kind === undefined) {
    const rule = rules['build-missing-unit-type'];
    if (terrain === 'land' && rule !== 'fail') kind = 'army';
    else if (rule === 'infer' && terrain !== 'sea' && coast !== undefined) kind = 'fleet';
    else return 'missing-unit-type';
  }
  if (kind === 'fleet' && terrain === 'land') {
    if (rules['fleet-build-inland'] !== 'army') return 'inland-fleet';
    kind = 'army';
  }
  if ((kind === 'army' && terrain === 'sea') || (kind === 'fleet' && terrain === 'land')) return 'wrong-unit-kind';
  if (badCoast && rules['unknown-coast'] === 'fail') return 'unknown-coast';
  if (kind === 'army') return coast !== undefined && rules['unknown-coast'] === 'fail' ? 'unknown-coast' : { kind, at: prov };
  if (coasts.length > 0) return coast === undefined ? 'missing-coast' : { kind, at: coast };
  return { kind, at: prov };
}

/** randomOrders' legal orders for the phase, some left out, plus builds anywhere (any kind, any coast, none), disbands of any unit (twice now and then) and waives. */
function shuffledOrders(board: Board, map: PlainMap, rules: RuleOptions, position: Position, rng: Rng): Order[] {
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
  const orders = randomOrders(board, position, rules, rng, { legal: legalOrders(board, position, rules) }).filter(() => rng() > 0.15);
  const centres = [...map.centre];
  for (let k = Math.floor(rng() * 5); k > 0; k--) {
    const power = pick(map.powers);
    const r = rng();
    if (r < 0.35) {
      const own = position.units.filter((u) => u.power === power);
      const u = own.length > 0 && rng() < 0.8 ? pick(own) : pick(position.units);
      const order: Order = { type: 'disband', power, unit: { kind: u.kind, at: u.at } };
      orders.splice(Math.floor(rng() * (orders.length + 1)), 0, order);
      if (rng() < 0.2) orders.push(order);
    } else if (r < 0.9) {
      const homes = [...map.home.get(power)!];
      const prov = rng() < 0.6 ? pick(homes) : pick(centres);
      const coasts = map.coasts.get(prov)!;
      const at = coasts.length > 0 && rng() < 0.6 ? pick(coasts) : rng() < 0.05 ? `${prov}/xc` : prov;
      const kind = pick([undefined, 'army', 'fleet'] as const);
      const order: Order = kind === undefined ? { type: 'build', power, at } : { type: 'build', power, kind, at };
      orders.splice(Math.floor(rng() * (orders.length + 1)), 0, order);
      if (rng() < 0.15) orders.push(order);
    } else orders.push({ type: 'waive', power });
  }
  return orders;
}

/** The adjustment phases of seeded random games on the classic map, as `dipforge bench` plays them (its default: 40 phases a game). */
function adjustmentPhases(board: Board, rules: RuleOptions, games: number): Position[] {
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    const rng = mulberry32(0x5eed + g);
    let position = initialPosition(board.config);
    for (let played = 0, passed = 0; played < 40 && passed < 64; ) {
      if (phaseIsEmpty(board, rules, position)) {
        position = adjudicatePhase(board, position, [], rules).next;
        passed++;
        continue;
      }
      passed = 0;
      if (position.phase.kind === 'adjustment') out.push(position);
      const orders = randomOrders(board, position, rules, rng, { legal: legalOrders(board, position, rules) });
      position = adjudicatePhase(board, position, orders, rules).next;
      played++;
    }
  }
  return out;
}

/** The options the oracle states, each choice in turn on the classic rules. */
const STATED = ['voluntary-disbands', 'excess-disbands', 'waive-builds', 'build-sites', 'same-province-builds', 'excess-builds', 'unknown-coast', 'build-missing-unit-type', 'fleet-build-inland'];

function ruleSets(): { label: string; rules: RuleOptions }[] {
  const out = [{ label: 'classic', rules: classicRules() }];
  for (const key of STATED) {
    const spec = RULE_REGISTRY.find((s) => s.key === key)!;
    const values: unknown[] = spec.kind === 'boolean' ? [true, false] : 'choices' in spec && spec.choices ? spec.choices.map((c) => c.value) : [];
    expect(values.length, key).toBeGreaterThan(1);
    for (const value of values) out.push({ label: `${key} ${String(value)}`, rules: classicRules({ [key]: value }) });
  }
  return out;
}

const unitText = (u: Unit): string => `${u.power} ${u.kind} ${u.at}`;

describe('the adjustment phase against a plain statement of its rules', () => {
  const board = compileBoard(CLASSIC);
  const map = plainMap(CLASSIC);
  const phases = adjustmentPhases(board, classicRules(), 12);

  it('plays enough phases to mean something', () => {
    expect(phases.length).toBeGreaterThan(40);
  });

  for (const { label, rules } of ruleSets()) {
    it(`agrees under ${label}`, () => {
      expect(rules['removal-order'], 'the oracle states owned-distance only').toBe('owned-distance');
      expect(rules['auto-builds']).toBe('none');
      const rng = mulberry32(0xad1);
      const seen = { illegal: 0, fails: 0, disorder: 0 };
      for (const position of phases) {
        const orders = shuffledOrders(board, map, rules, position, rng);
        const got: PhaseResult = adjudicatePhase(board, position, orders, rules);
        const want = oracle(map, rules, position, orders);
        const where = `${label}, ${position.phase.year}, orders ${JSON.stringify(orders)}`;
        expect(
          got.results.map((r) => ({ status: r.status, reason: r.status === 'succeeds' ? undefined : r.reason })),
          where,
        ).toEqual(want.verdicts.map((v) => ({ status: v.status, reason: v.reason })));
        expect(got.next.units.map(unitText), where).toEqual(want.units.map(unitText));
        expect((got.removed ?? []).map(unitText), where).toEqual(want.removed.map(unitText));
        seen.illegal += want.verdicts.filter((v) => v.status === 'illegal').length;
        seen.fails += want.verdicts.filter((v) => v.status === 'fails').length;
        seen.disorder += want.removed.length;
      }
      // The phases reach the rules stated: illegal and failed orders, and civil disorder.
      expect(seen.illegal, label).toBeGreaterThan(0);
      expect(seen.fails, label).toBeGreaterThan(0);
      expect(seen.disorder, label).toBeGreaterThan(0);
    });
  }
});
