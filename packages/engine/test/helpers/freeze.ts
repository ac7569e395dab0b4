// Deep freezing for tests: an adjudicator that writes into a frozen input
// throws (the engine's modules are strict), so adjudicating frozen positions
// and orders shows that it never changes them in place.

/** Freezes `value` and everything reachable from it; returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  return value;
}
