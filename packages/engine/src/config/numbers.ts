/**
 * Numbers as the input writes them, checked against what their field holds.
 * Read without a check, `99999999999999999999999` is `1e+23` and a longer one
 * is `Infinity`, which a message would then show; here a number past its
 * field's bounds is said to be too large (or too small), as it was written.
 */
import { echo } from './echo.js';

export interface NumberField {
  /** What the number is, as a message names it: `a year`, `the seed`, `--games`. */
  what: string;
  min: number;
  max: number;
  /** A whole number; otherwise decimals are allowed too. */
  whole: boolean;
}

/** A year of a variant or a game (`start 1901 …`, `phase spring 1901 …`). */
export const YEAR_FIELD: NumberField = { what: 'a year', min: -1_000_000, max: 1_000_000, whole: true };

/** A game's seed for what the rules draw by lot: the generator takes 32 bits, so a larger one would wrap. */
export const SEED_FIELD: NumberField = { what: 'the seed', min: 0, max: 0xffff_ffff, whole: true };

/** A score an expect block of a game states (`score france 1/3`): past it, no scoring system gives one. */
export const SCORE_FIELD: NumberField = { what: 'a score', min: 0, max: 1_000_000, whole: false };

/** A board coordinate of a province (`at X Y`). */
export const COORDINATE_FIELD: NumberField = { what: 'a coordinate', min: -1_000_000_000, max: 1_000_000_000, whole: false };

/**
 * Why `written` is no number of `field`, or undefined when it is one (its value
 * is then `Number(written)`).
 */
export function numberProblem(written: string, field: NumberField): string | undefined {
  const form = field.whole ? /^-?\d+$/ : /^-?\d+(?:\.\d+)?$/;
  if (!form.test(written)) return `${field.what} is ${field.whole ? 'a whole number' : 'a number'}, not ${echo(written)}`;
  const value = Number(written);
  if (value > field.max) return `${echo(written)} is too large for ${field.what} (at most ${field.max})`;
  if (value < field.min) return `${echo(written)} is too small for ${field.what} (at least ${field.min})`;
  return undefined;
}
