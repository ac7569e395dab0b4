/**
 * The phases of a game year, as the rules shape it, and the order of phases
 * across years: what a `phase` line may name and whether it comes after the
 * game's current phase.
 */
import type { RuleOptions } from '@dipforge/engine/config';

export type PhaseKind = 'movement' | 'retreat' | 'adjustment';

export interface YearPhase {
  season: string;
  kind: PhaseKind;
}

export interface PhaseLike {
  year: number;
  season: string;
  kind: PhaseKind;
}

const LATE_SEASONS = new Set(['fall', 'autumn', 'winter']);

/**
 * The phases of one year under these rules, in playing order, as the engine
 * plays them: the first season takes the variant's name for it (its start
 * season, unless that is a late one), then fall and winter.
 */
export function yearPhases(rules: RuleOptions, startSeason?: string): YearPhase[] {
  const shape = rules['year-shape'];
  if (shape === 'custom') {
    const out: YearPhase[] = [];
    for (const p of rules['custom-phases']) {
      const m = /^(.+)-(movement|retreat|adjustment)$/.exec(p);
      if (m) out.push({ season: m[1] as string, kind: m[2] as PhaseKind });
    }
    if (out.length > 0) return out;
  }
  const first = startSeason && !LATE_SEASONS.has(startSeason) ? startSeason : 'spring';
  if (shape === 'postal') {
    return [
      { season: first, kind: 'movement' },
      { season: 'fall', kind: 'movement' },
    ];
  }
  return [
    { season: first, kind: 'movement' },
    { season: first, kind: 'retreat' },
    { season: 'fall', kind: 'movement' },
    { season: 'fall', kind: 'retreat' },
    { season: 'winter', kind: 'adjustment' },
  ];
}

/**
 * The index of a phase within its year, or -1. An adjustment phase may be named
 * with any season of the year (the DATC writes "Fall 1901, Adjustment"): it is
 * then the year's first adjustment phase.
 */
export function phaseIndex(list: readonly YearPhase[], season: string, kind: PhaseKind): number {
  const exact = list.findIndex((p) => p.season === season && p.kind === kind);
  if (exact >= 0) return exact;
  if (kind === 'adjustment' && list.some((p) => p.season === season)) return list.findIndex((p) => p.kind === 'adjustment');
  return -1;
}

/** A number that orders phases: year first, then the place in the year. */
export function phaseKey(list: readonly YearPhase[], phase: PhaseLike): number {
  const i = phaseIndex(list, phase.season, phase.kind);
  return phase.year * 1000 + (i < 0 ? 999 : i);
}

export function phaseText(phase: PhaseLike): string {
  return `${phase.season} ${phase.year} ${phase.kind}`;
}

export function samePhase(a: PhaseLike, b: PhaseLike): boolean {
  return a.year === b.year && a.season === b.season && a.kind === b.kind;
}
