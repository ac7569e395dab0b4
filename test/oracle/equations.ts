/**
 * The DATC §5.B equations of a movement phase, evaluated on one assignment of the binary
 * decisions. An assignment is a bit set over `Facts.decisions`: bit d set means move d succeeds,
 * support d is given (not cut), convoy d's fleet is not dislodged. The result is the bit set of
 * what each decision's equation says given that assignment; an assignment is consistent when the
 * two are equal.
 *
 * The rules are the DATC's preferred choices (edition 2023): a convoy is disrupted only when all
 * its routes are (4.A.1); a convoyed army comes from its own province, so it does not cut a support
 * aimed at that province (4.A.4); only a head-to-head battle, which no convoyed move is part of,
 * takes a dislodged unit's effect on its attacker's province (4.A.7); a power does not dislodge its
 * own unit, nor do its supports help another power to (5.B.8).
 */
import type { Facts } from './facts.js';

export class Equations {
  private a = 0;

  constructor(readonly facts: Facts) {}

  /** The bit set of every decision's equation on assignment `a`. */
  evaluate(a: number): number {
    this.a = a;
    let out = 0;
    this.facts.decisions.forEach((d, i) => {
      const value = d.kind === 'move' ? this.move(d.unit) : d.kind === 'support' ? this.support(d.unit) : !this.dislodged(d.unit);
      if (value) out |= 1 << i;
    });
    return out;
  }

  /** Whether `unit` is dislodged under assignment `a` (derived: it stays, and a move into its province succeeds). */
  dislodgedUnder(a: number, unit: number): boolean {
    this.a = a;
    return this.dislodged(unit);
  }

  private bit(unit: number): boolean {
    const d = this.facts.decisionOf[unit]!;
    return d >= 0 && (this.a & (1 << d)) !== 0;
  }

  private moves(unit: number): boolean {
    return this.facts.dest[unit]! >= 0;
  }

  private dislodged(unit: number): boolean {
    if (this.moves(unit) && this.bit(unit)) return false;
    return (this.facts.movesInto.get(this.facts.province[unit]!) ?? []).some((w) => this.bit(w));
  }

  /** 5.B.4: a land move always has its path; a convoyed one needs a chain of fleets whose convoy succeeds. */
  private path(unit: number): boolean {
    const r = this.facts.routes.get(unit);
    if (r === undefined) return true;
    let working = 0;
    r.fleets.forEach((f, i) => {
      if (this.bit(f)) working |= 1 << i;
    });
    let reached = r.start & working;
    for (let frontier = reached; frontier !== 0; ) {
      let grown = 0;
      r.fleets.forEach((_, i) => {
        if (frontier & (1 << i)) grown |= r.next[i]!;
      });
      frontier = grown & working & ~reached;
      reached |= frontier;
    }
    return (reached & r.end) !== 0;
  }

  private supportCount(supporters: readonly number[], except?: string): number {
    let n = 0;
    for (const s of supporters) if (this.bit(s) && this.facts.power[s] !== except) n++;
    return n;
  }

  /** 5.B.5. */
  private hold(province: number): number {
    const o = this.facts.occupant.get(province);
    if (o === undefined) return 0;
    if (this.moves(o)) return this.bit(o) ? 0 : 1;
    return 1 + this.supportCount(this.facts.holdSupports[o]!);
  }

  /** 5.B.8. */
  private attack(unit: number): number {
    if (!this.path(unit)) return 0;
    const f = this.facts;
    const supports = f.moveSupports[unit]!;
    const o = f.occupant.get(f.dest[unit]!);
    if (o === undefined || (f.opponent[unit] !== o && this.moves(o) && this.bit(o))) return 1 + this.supportCount(supports);
    if (f.power[o] === f.power[unit]) return 0;
    return 1 + this.supportCount(supports, f.power[o]);
  }

  /** 5.B.7. */
  private defend(unit: number): number {
    return 1 + this.supportCount(this.facts.moveSupports[unit]!);
  }

  /** 5.B.6. */
  private prevent(unit: number): number {
    if (!this.path(unit)) return 0;
    const opp = this.facts.opponent[unit]!;
    if (opp >= 0 && this.bit(opp)) return 0;
    return 1 + this.supportCount(this.facts.moveSupports[unit]!);
  }

  /** 5.B.1. */
  private move(unit: number): boolean {
    const f = this.facts;
    const to = f.dest[unit]!;
    const attack = this.attack(unit);
    const opp = f.opponent[unit]!;
    if (attack <= (opp >= 0 ? this.defend(opp) : this.hold(to))) return false;
    return (f.movesInto.get(to) ?? []).every((w) => w === unit || attack > this.prevent(w));
  }

  /** 5.B.2: cut by a foreign move with a path not coming from where the support is aimed, or by dislodgement. */
  private support(unit: number): boolean {
    const f = this.facts;
    const aimed = f.aimedAt[unit]!;
    const attackers = f.movesInto.get(f.province[unit]!) ?? [];
    const cut = attackers.some((w) => (f.power[w] !== f.power[unit] && f.province[w] !== aimed && this.path(w)) || this.bit(w));
    return !cut;
  }
}
