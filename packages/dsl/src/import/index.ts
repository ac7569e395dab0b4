/** Importing games recorded by other programs: the Python engine `diplomacy`'s saved games. */
export {
  importSavedGame,
  parsePhaseName,
  phaseWords,
  jsonPath,
  IMPORT_EDITION,
  type ImportDiagnostic,
  type ImportOptions,
  type ImportResult,
  type ImportSummary,
  type RecordPhaseName,
} from './saved-game.js';
export { convertOrder, convertLocation, type ConvertedOrder, type RecordPhaseType } from './orders.js';
export { STANDARD_PROVINCES, STANDARD_COASTS, STANDARD_CENTRES, STANDARD_POWERS, STANDARD_START } from './standard.js';
export { importMap, variantId, type MapImportOptions, type MapImportResult, type MapImportSummary } from './map-import.js';
export { readPyMap, type PyMap } from './map-read.js';
export { deriveMap, type ImportedMap, type ImportedPower, type ImportedProvince } from './map-model.js';
