// The engine's public API: strings in, rich results out. Hot paths inside work on integer ids.
export * from './config/index.js';
export type { UnitKind, PhaseKind } from './game/position.js';
export * from './game/index.js';
export type * from './orders/order.js';
export * from './adjudicate/index.js';
export * from './board/index.js';
export * from './board/names.js';
export { parseOrder, type ParseContext, type ParseResult, type ParseErrorCode, type ParseWarning, type ParseWarningCode } from './orders/parse.js';
export { formatOrder, type FormatOptions } from './orders/format.js';
export { neverLegal, type NeverLegal } from './orders/never-legal.js';
export * from './orders/localized/index.js';
export * from './victory/index.js';
export * from './scoring/index.js';
export * from './legal/index.js';
export * from './render/index.js';
export * from './many/index.js';
export * from './check/index.js';
