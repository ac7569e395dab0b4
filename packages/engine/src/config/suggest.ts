/** "Did you mean" hints: the closest known names by edit distance. */

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
    }
    prev = cur;
  }
  return prev[b.length] as number;
}

/** Up to three known names within a small distance of `name`, best first. */
export function closest(name: string, known: Iterable<string>): string[] {
  const limit = Math.max(1, Math.floor(name.length / 3));
  const scored: [string, number][] = [];
  for (const k of known) {
    // The distance is at least the difference in length: skipping those keeps a long written word
    // (a paste, a mutant) from costing its length times every known name's.
    if (Math.abs(name.length - k.length) > limit) continue;
    const d = editDistance(name, k);
    if (d <= limit) scored.push([k, d]);
  }
  return scored
    .sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0]))
    .slice(0, 3)
    .map(([k]) => k);
}

/** `; did you mean 'x' or 'y'?`, or nothing when no name is close. */
export function didYouMean(name: string, known: Iterable<string>): string {
  const list = closest(name, known);
  if (list.length === 0) return '';
  return `; did you mean ${list.map((k) => `'${k}'`).join(' or ')}?`;
}
