/** Adjudication of one phase: the entry point, its result types and the reasons it gives. */
export { adjudicatePhase, phaseIsEmpty, type AdjudicateOptions } from './phase.js';
export type {
  AdjustmentEntryResult,
  OrderResult,
  OrderStatus,
  PassedRetreat,
  PhaseResult,
  PowerAdjustment,
  ResultFacts,
  ResultUnit,
  RetreatOutcome,
} from './result.js';
export { inAdvance, type InAdvance } from './postal.js';
export { REASONS, reasonText, type Reason } from './reasons.js';
export { PositionError, checkPosition } from './units.js';
export { DecisionDepthError, MAX_DECISION_DEPTH } from './movement/resolver.js';
export {
  adjudicateMovementInts,
  type MovementResultInts,
  type MovementUnitsInts,
} from './movement/index.js';
export { MovementInts } from './movement/encode.js';
export type { MovementOrdersInts } from './movement/validate.js';
export { MOVEMENT_ORDER, MOVEMENT_STATUS } from './movement/codes.js';
export {
  adjudicateRetreatInts,
  RETREAT_DISBAND,
  RETREAT_NONE,
  type RetreatOrdersInts,
  type RetreatPositionInts,
  type RetreatResultInts,
} from './retreat-ints.js';
export {
  adjudicateAdjustmentInts,
  ADJUSTMENT_ORDER,
  type AdjustmentOrdersInts,
  type AdjustmentPositionInts,
  type AdjustmentResultInts,
} from './adjustment/ints.js';
export { GameStateInts, PhaseInts } from './game-ints.js';
