/** The movement oracle: DATC §5 equations solved by brute force, compared with the engine. */
export { paradoxRule, unsupportedRules, type ParadoxRule } from './assumptions.js';
export { generatePhase } from './generator.js';
export { judge, type OracleClass, type Verdict } from './judge.js';
export { enginePosition, engineOrders, orderText, unitText, type OracleOrder, type OraclePhase, type OracleUnit } from './phase.js';
export { random, type Random } from './random.js';
export { formatSummary, oraclePhase, phaseSeed, runOracle, RUN_CLASSES, type ClassCount, type Disagreement, type OracleSummary, type RunClass, type RunOptions } from './run.js';
export { snippet } from './snippet.js';
export { readPhase } from './notation.js';
