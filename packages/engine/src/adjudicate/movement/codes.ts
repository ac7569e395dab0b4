/** The integer codes of `adjudicateMovementInts`, for callers outside the engine. */
import { STATUS_FAILS, STATUS_ILLEGAL, STATUS_NONE, STATUS_SUCCEEDS } from './outcome.js';
import { CONVOY, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE } from './table.js';
import { ORDER_NONE } from './validate.js';

/** Order kinds of `MovementOrdersInts.kind`. */
export const MOVEMENT_ORDER = Object.freeze({ NONE: ORDER_NONE, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, CONVOY } as const);

/** Per-unit statuses of `MovementResultInts.status`. */
export const MOVEMENT_STATUS = Object.freeze({ FAILS: STATUS_FAILS, SUCCEEDS: STATUS_SUCCEEDS, ILLEGAL: STATUS_ILLEGAL, NONE: STATUS_NONE } as const);
