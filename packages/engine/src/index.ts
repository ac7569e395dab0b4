// The engine's public API: strings in, rich results out. Hot paths inside work on integer ids.
export * from './config/index.js';
export type { Unit, DislodgedUnit, Position, Phase, PhaseKind, UnitKind } from './game/position.js';
export type * from './orders/order.js';
export type { OrderStatus, OrderResult, PhaseResult } from './adjudicate/result.js';
export { Board, compileBoard } from './board/board.js';
export * from './board/names.js';
export { parseOrder, type ParseContext, type ParseResult, type ParseErrorCode } from './orders/parse.js';
export { formatOrder, type FormatOptions } from './orders/format.js';
