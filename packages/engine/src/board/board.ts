/**
 * The compiled board: a VariantConfig turned into integer ids and typed arrays,
 * built once per variant and shared by every phase of every game on it.
 *
 * - Provinces are 0..P-1 in config order.
 * - Locations are 0..L-1: first one per province (the province itself, in
 *   province order, so the location of province p is p), then one per named
 *   coast. Armies stand on province locations; a fleet on a split-coast
 *   province stands on one of its coast locations.
 * - Powers are 0..N-1 in config order.
 *
 * Adjacency is per unit kind over locations, in CSR form. Name resolution
 * (aliases, localized names) is not here: see `names.ts`. The Board only knows
 * exact ids (`spa`, `spa/nc`).
 */
import { ARMY, FLEET, TERRAIN_COAST, TERRAIN_LAND, TERRAIN_SEA, type UnitKindCode } from './codes.js';
import { csrFromPairs, csrHas, csrRow, type Csr } from './csr.js';
import { NEUTRAL_POWER, type UnitKind, type VariantConfig } from '../config/variant-config.js';

export class Board {
  readonly config: VariantConfig;
  readonly provinceCount: number;
  readonly locationCount: number;
  readonly powerCount: number;

  readonly provinceIds: readonly string[];
  /** English (display) names, used where the rules order by name (civil disorder removals). */
  readonly provinceNames: readonly string[];
  readonly locationIds: readonly string[];
  readonly powerIds: readonly string[];
  /** The power index of neutral units (`powerCount`), or -1 when the variant has none. */
  readonly neutralPower: number;

  /** Province of each location. */
  readonly locProvince: Int32Array;
  /** Coast id of each location; `undefined` for a province location. */
  readonly locCoast: readonly (string | undefined)[];
  /** Per province: TERRAIN_LAND, TERRAIN_SEA or TERRAIN_COAST. */
  readonly terrain: Uint8Array;
  /** Per province: 1 when it is a supply centre. */
  readonly supplyCentre: Uint8Array;
  /** Per province: 1 when no unit may enter it. */
  readonly impassable: Uint8Array;
  /** Per province: the power whose home centre it is, or -1. */
  readonly homePower: Int32Array;
  /**
   * Per province: the power whose home country it is, or -1. A power's home
   * country is its `country` list plus its home centres (the home centres alone
   * when the config gives no list): what `abroad-first` counts as home and
   * `country-distance` counts to.
   */
  readonly homeCountry: Int32Array;
  /** Per province: its named coast locations (CSR). Empty for provinces with at most one coast. */
  readonly coasts: Csr;
  /** Per location: where an army may move (province locations). */
  readonly armyAdj: Csr;
  /** Per location: where a fleet may move (locations; coasts of split-coast provinces). */
  readonly fleetAdj: Csr;
  /** Per province: provinces adjacent by any kind of move (civil disorder distances). */
  readonly provinceAdj: Csr;
  /** Per province: adjacent convoy-capable seas, by fleet adjacency of any of its locations. */
  readonly seaAdj: Csr;
  /** Per province: 1 when a fleet there may convoy (a sea, or a coast province that is an archipelago). */
  readonly convoySea: Uint8Array;
  /** Per power: its home centres (provinces). */
  readonly homeCentres: readonly Int32Array[];
  /** Per power: the provinces of its home country, home centres first. */
  readonly countries: readonly Int32Array[];
  /** Number of supply centres on the map. */
  readonly supplyCentreCount: number;

  private readonly locIndex: ReadonlyMap<string, number>;
  private readonly powerIndex: ReadonlyMap<string, number>;

  constructor(config: VariantConfig) {
    this.config = config;
    const provinces = config.provinces;
    const P = provinces.length;
    this.provinceCount = P;
    this.provinceIds = provinces.map((p) => p.id);
    this.provinceNames = provinces.map((p) => p.name);

    const locIds: string[] = [...this.provinceIds];
    const locProvince: number[] = provinces.map((_, i) => i);
    const locCoast: (string | undefined)[] = provinces.map(() => undefined);
    const coastPairs: [number, number][] = [];
    provinces.forEach((p, i) => {
      for (const c of p.coasts ?? []) {
        coastPairs.push([i, locIds.length]);
        locIds.push(`${p.id}/${c.id}`);
        locProvince.push(i);
        locCoast.push(c.id);
      }
    });
    const L = locIds.length;
    this.locationCount = L;
    this.locationIds = locIds;
    this.locProvince = Int32Array.from(locProvince);
    this.locCoast = locCoast;
    this.coasts = csrFromPairs(P, coastPairs);
    this.locIndex = new Map(locIds.map((id, i) => [id, i]));

    this.terrain = Uint8Array.from(provinces, (p) =>
      p.terrain === 'sea' ? TERRAIN_SEA : p.terrain === 'land' ? TERRAIN_LAND : TERRAIN_COAST,
    );
    this.supplyCentre = Uint8Array.from(provinces, (p) => (p.supplyCentre ? 1 : 0));
    this.impassable = Uint8Array.from(provinces, (p) => (p.impassable ? 1 : 0));
    this.supplyCentreCount = this.supplyCentre.reduce((n, v) => n + v, 0);

    this.powerIds = config.powers.map((p) => p.id);
    this.powerCount = this.powerIds.length;
    // Neutral units carry a power index past the last power, so they are units like any other
    // in adjudication yet no power's: per-power tables (sized powerCount) never hold them.
    this.neutralPower = config.neutralUnits?.length ? this.powerCount : -1;
    const powerIndex = new Map(this.powerIds.map((id, i) => [id, i]));
    if (this.neutralPower >= 0) powerIndex.set(NEUTRAL_POWER, this.neutralPower);
    this.powerIndex = powerIndex;
    this.homePower = new Int32Array(P).fill(-1);
    this.homeCentres = config.powers.map((pw, i) => {
      const homes: number[] = [];
      for (const h of pw.home) {
        const prov = this.locIndex.get(h);
        if (prov === undefined || prov >= P) continue;
        homes.push(prov);
        // A centre that is home to two powers keeps the first: variants with shared homes are rare
        // and each power's own list (homeCentres) stays exact.
        if (this.homePower[prov] === -1) this.homePower[prov] = i;
      }
      return Int32Array.from(homes);
    });
    this.homeCountry = Int32Array.from(this.homePower);
    this.countries = config.powers.map((pw, i) => {
      const provs = [...this.homeCentres[i]!];
      for (const c of pw.country ?? []) {
        const prov = this.provinceId(c);
        if (prov < 0 || provs.includes(prov)) continue;
        provs.push(prov);
        // As for home centres, a province in two countries keeps the first power.
        if (this.homeCountry[prov] === -1) this.homeCountry[prov] = i;
      }
      return Int32Array.from(provs);
    });

    const enterable = (loc: number): boolean => this.impassable[this.locProvince[loc]!] === 0;
    const edges = (list: readonly [string, string][]): [number, number][] => {
      const out: [number, number][] = [];
      for (const [a, b] of list) {
        const from = this.locIndex.get(a);
        const to = this.locIndex.get(b);
        if (from === undefined || to === undefined || !enterable(to) || !enterable(from)) continue;
        out.push([from, to]);
      }
      return out;
    };
    const armyEdges = edges(config.adjacency.army);
    const fleetEdges = edges(config.adjacency.fleet);
    this.armyAdj = csrFromPairs(L, armyEdges);
    this.fleetAdj = csrFromPairs(L, fleetEdges);

    const provPairs: [number, number][] = [];
    for (const [a, b] of [...armyEdges, ...fleetEdges]) {
      const pa = this.locProvince[a]!;
      const pb = this.locProvince[b]!;
      if (pa !== pb) provPairs.push([pa, pb], [pb, pa]);
    }
    this.provinceAdj = csrFromPairs(P, provPairs);

    this.convoySea = Uint8Array.from(provinces, (p) => ((p.terrain === 'sea' || p.archipelago === true) && !p.impassable ? 1 : 0));
    const seaPairs: [number, number][] = [];
    for (const [a, b] of fleetEdges) {
      const pa = this.locProvince[a]!;
      const pb = this.locProvince[b]!;
      if (pa === pb) continue;
      if (this.convoySea[pb]) seaPairs.push([pa, pb]);
      if (this.convoySea[pa]) seaPairs.push([pb, pa]);
    }
    this.seaAdj = csrFromPairs(P, seaPairs);
  }

  /** Location id of `spa` or `spa/nc`; -1 when unknown. */
  locId(name: string): number {
    return this.locIndex.get(name) ?? -1;
  }

  /** Province id of a province id string; -1 when unknown (a coast location is not a province). */
  provinceId(name: string): number {
    const loc = this.locIndex.get(name);
    return loc !== undefined && loc < this.provinceCount ? loc : -1;
  }

  /** Power index of a power id; -1 when unknown. */
  powerId(name: string): number {
    return this.powerIndex.get(name) ?? -1;
  }

  locName(loc: number): string {
    return this.locationIds[loc] ?? `#${loc}`;
  }

  provinceName(prov: number): string {
    return this.provinceIds[prov] ?? `#${prov}`;
  }

  provinceOf(loc: number): number {
    return this.locProvince[loc]!;
  }

  /** The named coast locations of a province (empty when it has at most one coast). */
  coastsOf(prov: number): Int32Array {
    return csrRow(this.coasts, prov);
  }

  hasCoasts(prov: number): boolean {
    return this.coasts.offsets[prov + 1]! > this.coasts.offsets[prov]!;
  }

  /** Whether a unit of `kind` may move from location `from` to location `to` in one step. */
  canMove(kind: UnitKindCode | UnitKind, from: number, to: number): boolean {
    return csrHas(isArmy(kind) ? this.armyAdj : this.fleetAdj, from, to);
  }

  /** Whether an army may move over land from province `from` to province `to`. */
  armyCanReach(from: number, to: number): boolean {
    return csrHas(this.armyAdj, from, to);
  }

  /** Whether a fleet at location `from` may move to some location (any coast) of province `to`. */
  fleetCanReach(from: number, to: number): boolean {
    const end = this.fleetAdj.offsets[from + 1]!;
    for (let i = this.fleetAdj.offsets[from]!; i < end; i++) {
      if (this.locProvince[this.fleetAdj.targets[i]!] === to) return true;
    }
    return false;
  }

  /** The locations of province `to` that a fleet at `from` may move to. */
  fleetTargets(from: number, to: number): number[] {
    const out: number[] = [];
    const end = this.fleetAdj.offsets[from + 1]!;
    for (let i = this.fleetAdj.offsets[from]!; i < end; i++) {
      const t = this.fleetAdj.targets[i]!;
      if (this.locProvince[t] === to) out.push(t);
    }
    return out;
  }

  /** Whether a unit of `kind` at `from` could move into province `to` (supports need this). */
  canReachProvince(kind: UnitKindCode | UnitKind, from: number, to: number): boolean {
    return isArmy(kind) ? this.armyCanReach(this.locProvince[from]!, to) : this.fleetCanReach(from, to);
  }

  /** See `reachMatrix`. */
  private reach: Uint8Array | null | undefined;

  /**
   * Adjacency as a flat matrix, built on first use and kept: entry
   * `loc * provinceCount + prov` has bit 1 (`REACH_ARMY`) when an army at
   * location `loc` could move into province `prov` (`canReachProvince(ARMY, …)`)
   * and bit 2 (`REACH_FLEET`) when a fleet could (`canReachProvince(FLEET, …)`);
   * bits 4 and 8 (`REACH_ARMY_MOVE`, `REACH_FLEET_MOVE`) as documented there.
   * One load instead of a scan of an adjacency row, for the adjudicator's
   * legality checks. Null for a board too large for it (over 4 M entries: a
   * map of some 2,000 provinces), where callers scan the rows as before.
   */
  reachMatrix(): Uint8Array | null {
    if (this.reach !== undefined) return this.reach;
    const P = this.provinceCount;
    const L = this.locationCount;
    if (L * P > 1 << 22) return (this.reach = null);
    const m = new Uint8Array(L * P);
    for (let loc = 0; loc < L; loc++) {
      const from = this.locProvince[loc]!;
      for (let i = this.armyAdj.offsets[from]!; i < this.armyAdj.offsets[from + 1]!; i++) {
        // armyCanReach compares the row's targets with a province id: only province locations can match.
        const t = this.armyAdj.targets[i]!;
        if (t < P) m[loc * P + t]! |= REACH_ARMY;
      }
      for (let i = this.fleetAdj.offsets[loc]!; i < this.fleetAdj.offsets[loc + 1]!; i++) {
        m[loc * P + this.locProvince[this.fleetAdj.targets[i]!]!]! |= REACH_FLEET;
      }
      for (let prov = 0; prov < P; prov++) {
        const bits = m[loc * P + prov]!;
        if (bits & REACH_ARMY && this.kindMayEnter(ARMY, prov)) m[loc * P + prov] = bits | REACH_ARMY_MOVE;
        if (bits & REACH_FLEET && this.kindMayEnter(FLEET, prov) && !this.hasCoasts(prov)) m[loc * P + prov]! |= REACH_FLEET_MOVE;
      }
    }
    return (this.reach = m);
  }

  /** Whether a unit of `kind` may stand in province `prov` at all. */
  kindMayEnter(kind: UnitKindCode | UnitKind, prov: number): boolean {
    if (this.impassable[prov]) return false;
    const t = this.terrain[prov]!;
    return isArmy(kind) ? t !== TERRAIN_SEA : t !== TERRAIN_LAND;
  }

  /** Whether an army could start or end a convoy here: a coastal province next to a convoy sea. */
  isConvoyShore(prov: number): boolean {
    return this.terrain[prov] === TERRAIN_COAST && this.seaAdj.offsets[prov + 1]! > this.seaAdj.offsets[prov]!;
  }
}

/** Bits of `Board.reachMatrix()`: `REACH_ARMY << kind` for a unit kind code (ARMY 0, FLEET 1). */
export const REACH_ARMY = 1;
export const REACH_FLEET = 2;
/**
 * Further bits of `Board.reachMatrix()`, for the adjudicator's fast path: an
 * army move there is legal by land (`REACH_ARMY` and the army may enter the
 * province); a fleet move there is legal and names no coast (`REACH_FLEET`, the
 * fleet may enter, and the province has no coasts). `REACH_ARMY_MOVE << kind`.
 */
export const REACH_ARMY_MOVE = 4;
export const REACH_FLEET_MOVE = 8;

/** Compiles a VariantConfig into a Board. Pure; the config is kept by reference. */
export function compileBoard(config: VariantConfig): Board {
  return new Board(config);
}

function isArmy(kind: UnitKindCode | UnitKind): boolean {
  return kind === ARMY || kind === 'army';
}

export function unitKindCode(kind: UnitKind): UnitKindCode {
  return kind === 'fleet' ? FLEET : ARMY;
}

export function unitKindName(kind: UnitKindCode): UnitKind {
  return kind === FLEET ? 'fleet' : 'army';
}
