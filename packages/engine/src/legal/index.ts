/**
 * Legal-order generation, and random legal orders for simulations and
 * benchmarks (with the seeded generator the adjudicator uses for lots).
 */
export { legalOrders, adjustmentNeeds, type LegalOrders, type AdjustmentNeed } from './legal-orders.js';
export { LegalOrderTable } from './table.js';
export { decodeLegalOrder, decodeLegalTable } from './decode.js';
export {
  LEGAL_ORDER,
  LEGAL_FLAG,
  LEGAL_MAX_LOCATIONS,
  LEGAL_MAX_UNITS,
  legalKind,
  legalTarget,
  legalDst,
  legalHas,
  writeMovementOrder,
  type MovementOrderColumns,
} from './codes.js';
export { randomOrders, DEFAULT_ORDER_MIX, type OrderMix, type RandomOrderOptions } from './random.js';
export { mulberry32, drawIndex, type Rng } from '../adjudicate/prng.js';
