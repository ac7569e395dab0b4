/**
 * One legal order packed into a 32-bit integer, for callers that choose orders
 * by the hundred (bots, simulations) and should not pay for order objects:
 *
 * - bits 0–3: the kind (`LEGAL_ORDER`); the movement kinds have the values of
 *   `MOVEMENT_ORDER`, so a chosen code goes straight into `MovementInts`;
 * - bit 4: `VIA`: a move written "via convoy" (to an adjacent shore); on a
 *   build, `FLEET`: the build makes a fleet;
 * - bit 5: `CONVOYED`: a move that needs a convoy (an army to a shore it cannot
 *   reach by land);
 * - bits 6–17: the other unit (supported unit, convoyed army), an index into
 *   the same unit list as the unit giving the order;
 * - bits 18–31: the destination location (a move's, a supported move's, a
 *   convoy's, a retreat's, a build's).
 *
 * The unit giving the order is the table slot's (`LegalOrderTable`), not part
 * of the code. Boards up to 16,384 locations and 4,096 units fit.
 */
import { CONVOY, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE } from '../adjudicate/movement/table.js';

export const LEGAL_ORDER = Object.freeze({
  HOLD,
  MOVE,
  SUPPORT_HOLD,
  SUPPORT_MOVE,
  CONVOY,
  RETREAT: 5,
  DISBAND: 6,
  BUILD: 7,
  WAIVE: 8,
} as const);

/** Flag bits of a code. */
export const LEGAL_FLAG = Object.freeze({ VIA: 16, FLEET: 16, CONVOYED: 32 } as const);

const TARGET_SHIFT = 6;
const DST_SHIFT = 18;
/** Largest unit index and location a code can hold. */
export const LEGAL_MAX_UNITS = 1 << (DST_SHIFT - TARGET_SHIFT);
export const LEGAL_MAX_LOCATIONS = 1 << (32 - DST_SHIFT);

export function legalCode(kind: number, flags: number, target: number, dst: number): number {
  return kind | flags | (target << TARGET_SHIFT) | (dst << DST_SHIFT);
}

/** The kind of a code (`LEGAL_ORDER`). */
export function legalKind(code: number): number {
  return code & 15;
}

/** The supported unit or convoyed army of a code (meaningless for other kinds). */
export function legalTarget(code: number): number {
  return (code >>> TARGET_SHIFT) & (LEGAL_MAX_UNITS - 1);
}

/** The destination location of a code (meaningless for holds, supports to hold, disbands and waives). */
export function legalDst(code: number): number {
  return code >>> DST_SHIFT;
}

/** Whether a code has flag `flag` (`LEGAL_FLAG`). */
export function legalHas(code: number, flag: number): boolean {
  return (code & flag) !== 0;
}

/** The integer movement order columns of `adjudicateMovementInts` (`MovementInts.orders`). */
export interface MovementOrderColumns {
  readonly kind: Uint8Array;
  readonly dst: Int32Array;
  readonly target: Int32Array;
  readonly via: Uint8Array;
}

/** Writes movement code `code` as unit `u`'s order in `orders`, for `adjudicateMovementInts`. */
export function writeMovementOrder(code: number, u: number, orders: MovementOrderColumns): void {
  const kind = code & 15;
  orders.kind[u] = kind;
  orders.dst[u] = kind === MOVE || kind === SUPPORT_MOVE || kind === CONVOY ? code >>> DST_SHIFT : -1;
  orders.target[u] = kind === SUPPORT_HOLD || kind === SUPPORT_MOVE || kind === CONVOY ? (code >>> TARGET_SHIFT) & (LEGAL_MAX_UNITS - 1) : -1;
  orders.via[u] = kind === MOVE && (code & LEGAL_FLAG.VIA) !== 0 ? 1 : 0;
}
