/**
 * The server's custom requests, by name. A module of its own, importing
 * nothing, so that a client (the extension's bundle) takes the names without
 * taking in the server: `@dipforge/lsp/requests`.
 */
export const BOARD_REQUEST = 'dipforge/board';
export const STATUS_REQUEST = 'dipforge/status';
export const NEXT_PHASE_REQUEST = 'dipforge/nextPhase';
export const EDITIONS_REQUEST = 'dipforge/editions';
export const SET_EDITION_REQUEST = 'dipforge/setEdition';
export const DIFF_REQUEST = 'dipforge/diff';
export const ORDERS_AT_REQUEST = 'dipforge/ordersAt';
export const WRITE_ORDER_REQUEST = 'dipforge/writeOrder';
