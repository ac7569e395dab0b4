/**
 * Small integer codes used in the Board's typed arrays and the adjudicator's
 * tables. Plain constants rather than `const enum`s, which `isolatedModules`
 * does not inline across files.
 */
export const ARMY = 0;
export const FLEET = 1;
export type UnitKindCode = typeof ARMY | typeof FLEET;

export const TERRAIN_LAND = 0;
export const TERRAIN_SEA = 1;
export const TERRAIN_COAST = 2;
export type TerrainCode = typeof TERRAIN_LAND | typeof TERRAIN_SEA | typeof TERRAIN_COAST;
