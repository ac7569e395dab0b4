/**
 * Delta debugging (Zeller's ddmin, complements only): the smallest input,
 * found within a budget, that still fails the same way. First whole lines are
 * removed, then runs of bytes, so a reproducer of a 3,000-line map is usually
 * a line or two. Bytes, not characters: an invalid UTF-8 sequence that causes
 * a failure must survive; the test says whether a candidate still fails.
 */

export interface Budget {
  /** Candidates tried at the most. */
  attempts: number;
  /** Time at which to stop (performance.now() milliseconds). */
  deadline: number;
}

export async function minimize(bytes: Uint8Array, fails: (candidate: Uint8Array) => Promise<boolean>, budget: Budget): Promise<Uint8Array> {
  let tries = 0;
  const spent = (): boolean => tries >= budget.attempts || performance.now() >= budget.deadline;
  const test = async (candidate: Uint8Array): Promise<boolean> => {
    tries++;
    return fails(candidate);
  };
  const lines = concat(await ddmin(splitLines(bytes), (kept) => test(concat(kept)), spent));
  // Runs of bytes, at most MAX_UNITS of them: single bytes once the rest is small.
  const size = Math.max(1, Math.ceil(lines.length / MAX_UNITS));
  const runs = Array.from({ length: Math.ceil(lines.length / size) }, (_, i) => lines.subarray(i * size, (i + 1) * size));
  return concat(await ddmin(runs, (kept) => test(concat(kept)), spent));
}

const MAX_UNITS = 4096;

/**
 * ddmin over units of any kind: removes chunks of units (halving the chunk size) while the rest
 * still fails; stops with what it has when `spent` says the budget is.
 */
export async function ddmin<T>(units: T[], test: (kept: T[]) => Promise<boolean>, spent: () => boolean = () => false): Promise<T[]> {
  let current = units;
  let n = 2;
  while (current.length >= 2 && !spent()) {
    const size = Math.ceil(current.length / n);
    let reduced = false;
    for (let start = 0; start < current.length && !spent(); start += size) {
      const rest = [...current.slice(0, start), ...current.slice(start + size)];
      if (rest.length > 0 && (await test(rest))) {
        current = rest;
        n = Math.max(n - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (n >= current.length) break;
      n = Math.min(n * 2, current.length);
    }
  }
  return current;
}

/** Lines with their line ends (\n); the last line may have none. */
function splitLines(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 10) {
      out.push(bytes.subarray(start, i + 1));
      start = i + 1;
    }
  }
  if (start < bytes.length) out.push(bytes.subarray(start));
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
