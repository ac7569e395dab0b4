/**
 * Legal-order generation, and random legal orders for simulations and
 * benchmarks (with the seeded generator the adjudicator uses for lots).
 */
export { legalOrders, adjustmentNeeds, type LegalOrders, type AdjustmentNeed } from './legal-orders.js';
export { randomOrders, DEFAULT_ORDER_MIX, type OrderMix, type RandomOrderOptions } from './random.js';
export { mulberry32, drawIndex, type Rng } from '../adjudicate/prng.js';
