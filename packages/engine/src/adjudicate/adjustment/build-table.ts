/**
 * What a build order makes at each place, worked out once per board and set of
 * build rules, for the integer adjustment core (ints.ts): one load per build
 * instead of the rules, the terrain, the coasts and the home centres read
 * again at every order. A phase adjudicated cold (as a bot or a replay calls
 * it, between other work) pays a cache miss for every line it reads, so a
 * build reads one entry here and one in the site table.
 *
 * Both tables are filled by `buildRefusal` and `buildSiteReason` themselves,
 * so the answers are theirs by construction; only the centre's owner, which
 * changes from phase to phase, is left to the caller (it is the last check of
 * `buildSiteReason`, so checking it after the table gives the same reason).
 */
import type { Board } from '../../board/board.js';
import { ARMY, FLEET } from '../../board/codes.js';
import type { RuleOptions } from '../../config/rules.js';
import type { UnitKind } from '../../game/position.js';
import type { Reason } from '../reasons.js';
import { buildRefusal, buildSiteReason, type Build } from './builds.js';

/** Written kinds, the middle index of `BuildTable.entry`: none written, army, fleet. */
const WRITTEN_KINDS = 3;
const WRITTEN: readonly (UnitKind | undefined)[] = [undefined, 'army', 'fleet'];

export class BuildTable {
  /** The rules the tables were made for (undefined: not made yet). */
  private buildSites: string | undefined;
  private missingType: string | undefined;
  private inlandFleet: string | undefined;
  private unknownCoast: string | undefined;
  /**
   * Per location `l`, written kind `w` (0 none, 1 army, 2 fleet) and whether the
   * coast was written wrong `b`, at `(l * 3 + w) * 2 + b`: the unit made, as
   * `loc * 2 + (1 for a fleet)`, or a reason as `-1 - reasons index`.
   */
  private readonly entries: Int32Array;
  /** Per power `p` and province `prov`, at `p * provinceCount + prov`: 0 when a site of `p` if it owns it, or `1 + reasons index`. */
  private readonly sites: Uint8Array;
  /** The reasons the tables name. */
  readonly reasons: Reason[] = [];

  constructor(private readonly board: Board) {
    this.entries = new Int32Array(board.locationCount * WRITTEN_KINDS * 2);
    this.sites = new Uint8Array(board.powerCount * board.provinceCount);
  }

  /** Makes the tables for `rules` unless they were made for the same build rules. */
  bind(rules: RuleOptions): void {
    const sites = rules['build-sites'];
    const missing = rules['build-missing-unit-type'];
    const inland = rules['fleet-build-inland'];
    const coast = rules['unknown-coast'];
    if (sites === this.buildSites && missing === this.missingType && inland === this.inlandFleet && coast === this.unknownCoast) return;
    this.fill(rules);
    this.buildSites = sites;
    this.missingType = missing;
    this.inlandFleet = inland;
    this.unknownCoast = coast;
  }

  /**
   * The unit a build at location `l` makes (`kind`: ARMY, FLEET, or negative
   * when none was written; `badCoast`: the coast was written wrong), as
   * `loc * 2 + (1 for a fleet)`, or `-1 - reason index` (`reasons`).
   */
  entry(l: number, kind: number, badCoast: boolean): number {
    const w = kind < 0 ? 0 : kind === FLEET ? 2 : 1;
    return this.entries[(l * WRITTEN_KINDS + w) * 2 + (badCoast ? 1 : 0)]!;
  }

  /** Why province `prov` is no build site of `power` whoever owns it (the `reasons` index + 1), or 0. */
  site(power: number, prov: number): number {
    return this.sites[power * this.board.provinceCount + prov]!;
  }

  private reasonCode(why: Reason): number {
    let k = this.reasons.indexOf(why);
    if (k < 0) k = this.reasons.push(why) - 1;
    return k;
  }

  private fill(rules: RuleOptions): void {
    const { board } = this;
    const out: Build = { prov: -1, loc: -1, kind: 'army' };
    for (let l = 0; l < board.locationCount; l++) {
      const prov = board.locProvince[l]!;
      for (let w = 0; w < WRITTEN_KINDS; w++) {
        for (let b = 0; b < 2; b++) {
          const why = buildRefusal(board, rules, WRITTEN[w], { prov, coast: l === prov ? -1 : l, badCoast: b === 1 }, out);
          this.entries[(l * WRITTEN_KINDS + w) * 2 + b] = why === undefined ? out.loc * 2 + (out.kind === 'fleet' ? 1 : 0) : -1 - this.reasonCode(why);
        }
      }
    }
    const P = board.provinceCount;
    for (let p = 0; p < board.powerCount; p++) {
      // As if `p` owned every centre: what is left is the owner's check, the caller's.
      const owns = (): number => p;
      for (let prov = 0; prov < P; prov++) {
        const why = buildSiteReason(board, rules, owns, p, prov);
        this.sites[p * P + prov] = why === undefined ? 0 : 1 + this.reasonCode(why);
      }
    }
  }
}

/** The unit kind of a `BuildTable` entry that makes one. */
export const builtKind = (entry: number): number => (entry & 1 ? FLEET : ARMY);
