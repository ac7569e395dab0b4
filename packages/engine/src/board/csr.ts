/**
 * Compressed sparse rows: a list of integer lists stored as two typed arrays,
 * `offsets` (length rows + 1) and `targets`, so row `r` is
 * `targets[offsets[r] .. offsets[r + 1])`. Used for adjacency and for the
 * per-phase lists of the adjudicator, where it avoids an array per row.
 */
export interface Csr {
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
}

/** Builds a CSR from `[row, target]` pairs; duplicate pairs are kept once, rows keep pair order. */
export function csrFromPairs(rows: number, pairs: readonly (readonly [number, number])[]): Csr {
  const seen = new Set<number>();
  const kept: [number, number][] = [];
  for (const [r, t] of pairs) {
    // Rows and targets are below 2^16 on any real map; a pair key fits a double exactly anyway.
    const key = r * 0x100000 + t;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push([r, t]);
  }
  const offsets = new Int32Array(rows + 1);
  for (const [r] of kept) offsets[r + 1]! += 1;
  for (let r = 0; r < rows; r++) offsets[r + 1]! += offsets[r]!;
  const fill = offsets.slice(0, rows);
  const targets = new Int32Array(kept.length);
  for (const [r, t] of kept) targets[fill[r]!++] = t;
  return { offsets, targets };
}

/** Whether row `r` contains `t` (rows are short: a linear scan). */
export function csrHas(csr: Csr, r: number, t: number): boolean {
  const end = csr.offsets[r + 1]!;
  for (let i = csr.offsets[r]!; i < end; i++) if (csr.targets[i] === t) return true;
  return false;
}

/** Row `r` as a view (no copy). */
export function csrRow(csr: Csr, r: number): Int32Array {
  return csr.targets.subarray(csr.offsets[r]!, csr.offsets[r + 1]!);
}
