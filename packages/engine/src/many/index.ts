/** Many games at once, across worker threads. */
export { AdjudicatorPool, adjudicateMany, PreparedGames, type ManyOptions } from './pool.js';
export { replayGame, type ManyGame, type ManyGameResult } from './replay.js';
