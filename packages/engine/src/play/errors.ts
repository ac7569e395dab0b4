/**
 * The errors of the game object and the `serve` protocol: each with a stable
 * code (listed with every diagnostic in docs/DIAGNOSTICS.md) and plain data a
 * program can act on, so that a caller in any language can tell them apart.
 */

/** Code → what it means; the same words are registered with the diagnostics. */
export const PLAY_ERRORS = {
  'unknown-variant': 'DF8080',
  'unknown-edition': 'DF8081',
  'bad-order': 'DF8082',
  'bad-position': 'DF8083',
  'bad-request': 'DF8084',
  'unknown-game': 'DF8085',
  'bad-config': 'DF8086',
  'too-large': 'DF8087',
  'game-over': 'DF8088',
  internal: 'DF8089',
} as const;

export type PlayErrorKind = keyof typeof PLAY_ERRORS;
export type PlayErrorCode = (typeof PLAY_ERRORS)[PlayErrorKind];

/** An error as plain data (what `serve` sends back, and `DipforgeError.toJSON()`). */
export interface PlayErrorData {
  code: PlayErrorCode;
  kind: PlayErrorKind;
  message: string;
  /** For an order: which one (its index in the list given) and the span of the text that was not understood. */
  order?: number;
  start?: number;
  end?: number;
  /** In a request of many phases: the index of the phase that failed (those before it were played). */
  phase?: number;
  /** What was asked for and what there is (names of variants, editions). */
  known?: string[];
}

/** Thrown by the game object for input it cannot use; never for a bug of the caller's game. */
export class DipforgeError extends Error {
  override readonly name = 'DipforgeError';
  readonly code: PlayErrorCode;
  readonly kind: PlayErrorKind;
  readonly data: PlayErrorData;

  constructor(kind: PlayErrorKind, message: string, extra: Omit<PlayErrorData, 'code' | 'kind' | 'message'> = {}) {
    super(message);
    this.kind = kind;
    this.code = PLAY_ERRORS[kind];
    this.data = { code: this.code, kind, message, ...extra };
  }

  toJSON(): PlayErrorData {
    return this.data;
  }
}
