/** The game object for programs that play games (docs/LIBRARY.md). */
export { Game, type StartOptions } from './game.js';
export { builtinVariants, builtinConfig, type BuiltinVariant } from './builtin.js';
export { DipforgeError, PLAY_ERRORS, type PlayErrorCode, type PlayErrorData, type PlayErrorKind } from './errors.js';
export { type OrderInput, type ReadOrderOptions } from './read-orders.js';
export { checkPositionShape } from './position-shape.js';
export type { GameResult, OrderReport, PhaseReport } from './reports.js';
export { ServeSession, PROTOCOL_VERSION, MAX_REQUEST_LENGTH, MAX_GAMES, MAX_PHASES, type Response as ServeResponse } from './protocol.js';
