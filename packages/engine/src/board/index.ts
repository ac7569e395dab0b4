/** The compiled board: integer ids, adjacency, distances. (Name resolution is `names.ts`, exported separately.) */
export { Board, compileBoard, unitKindCode, unitKindName } from './board.js';
export { ARMY, FLEET, TERRAIN_COAST, TERRAIN_LAND, TERRAIN_SEA, type TerrainCode, type UnitKindCode } from './codes.js';
export { csrFromPairs, csrHas, csrRow, type Csr } from './csr.js';
export { fleetDistance, provinceDistance } from './distance.js';
