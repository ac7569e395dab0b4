export * from './text/range.js';
export * from './diagnostics/codes.js';
export * from './diagnostics/diagnostic.js';
export { parseMap, type ParsedMap } from './map/parse.js';
export type * from './map/ast.js';
export { bindVariant, type VariantModel } from './map/bind.js';
export { checkVariant, type ResolvedVariant, type ResolvedProvince, type ResolvedPower } from './map/check.js';
export { emitConfig } from './map/compile.js';

export { VariantLoader, type VariantUnit, type LoaderOptions } from './workspace/loader.js';
export { diskHost, MemoryHost, projectFolder, type FileHost } from './workspace/host.js';
export { checkMapFile, compileMapFile, type CheckResult, type CompileResult } from './api.js';
export { parseGame, type ParsedGame } from './game/parse.js';
export type * as GameAst from './game/ast.js';
export { GameWorkspace, type CompiledVariant } from './game/workspace.js';
export { runGame, type GameRun, type PhaseRun, type OrderRun, type Expectation, type GameOptions } from './game/run.js';
export { runGameFile, runGameText, checkGameFile, testGameFile, formatFailure, type GameTestResult, type GameTestFailure } from './game/api.js';
export { phaseText } from './game/phases.js';
export { importSavedGame, IMPORT_EDITION, type ImportDiagnostic, type ImportOptions, type ImportResult, type ImportSummary } from './import/index.js';
