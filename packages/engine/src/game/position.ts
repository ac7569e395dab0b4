/**
 * The state of a game between phases, in friendly form (ids as strings). The
 * engine's hot paths work on integer ids internally; this is what goes in and
 * comes out.
 */
export type UnitKind = 'army' | 'fleet';
export type PhaseKind = 'movement' | 'retreat' | 'adjustment';

export interface Phase {
  year: number;
  /** A season of the variant's year, e.g. "spring", "fall", "winter". */
  season: string;
  kind: PhaseKind;
}

export interface Unit {
  /** The power's id; `neutral` (NEUTRAL_POWER) for a neutral unit, in a variant that has them. */
  power: string;
  kind: UnitKind;
  /** Province id, or `province/coast` for a fleet on a named coast. */
  at: string;
}

export interface DislodgedUnit extends Unit {
  /** The province the dislodging attack came from (a retreat may not go there), if known. */
  from?: string;
  /** Whether the dislodging attack came by convoy (DATC 4.A.5). */
  byConvoy?: boolean;
}

export interface Position {
  phase: Phase;
  units: Unit[];
  /** Units dislodged in the movement before a retreat phase. */
  dislodged: DislodgedUnit[];
  /** Supply centre id → owning power id; neutral centres are absent. */
  owners: Record<string, string>;
  /** Provinces left empty by a standoff in the movement before a retreat phase. */
  standoffs: string[];
}
