/**
 * The bench's one way of summing up samples: every median and percentile it reports (the engine's
 * calls, the threads' samples, the editor's and the whole processes' times, the serve protocol's)
 * is a quantile with linear interpolation between the two nearest samples, so that figures from
 * different parts of the bench mean the same thing (a median of an even count is the mean of the
 * two middle samples).
 */

/** The `q` quantile (0 ≤ q ≤ 1) of the samples, linearly interpolated; 0 for none. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return 0;
  const s = [...samples].sort((a, b) => a - b);
  const x = q * (s.length - 1);
  const i = Math.floor(x);
  const j = Math.min(i + 1, s.length - 1);
  return s[i]! + (s[j]! - s[i]!) * (x - i);
}

/** The median of the samples (`quantile(samples, 0.5)`); 0 for none. */
export const median = (samples: readonly number[]): number => quantile(samples, 0.5);

export interface Stats {
  count: number;
  medianUs: number;
  p10Us: number;
  p90Us: number;
  meanUs: number;
}

/** A figure of microsecond samples, as the bench reports it: median, 10th and 90th percentiles (linear interpolation) and mean; null without samples. */
export function stats(samples: readonly number[]): Stats | null {
  if (samples.length === 0) return null;
  const round = (v: number): number => Math.round(v * 100) / 100;
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return { count: samples.length, medianUs: round(median(samples)), p10Us: round(quantile(samples, 0.1)), p90Us: round(quantile(samples, 0.9)), meanUs: round(mean) };
}
