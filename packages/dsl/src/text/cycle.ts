/**
 * A cycle (rule sets that extend each other, files that import each other) as
 * a message shows it: each name as messages show input, `→` between, back to
 * the first. A cycle can be as long as the input makes it, so a long one is
 * shown by its ends and how many it holds.
 */
import { echo } from '@dipforge/engine/config';

/** How many names a cycle may have before only its ends are shown. */
const WHOLE = 8;

/** `names`: the cycle from its first name back to it (the first name again last); `what`: what they are, plural. */
export function cycleText(names: readonly string[], what: string): string {
  const list = (part: readonly string[]): string => part.map((n) => echo(n)).join(' → ');
  if (names.length <= WHOLE) return list(names);
  return `${list(names.slice(0, 3))} → … → ${list(names.slice(-2))} (${names.length - 1} ${what})`;
}
