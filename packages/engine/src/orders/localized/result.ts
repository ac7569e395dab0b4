/**
 * What the localized reader takes and returns (`readLocalizedOrders`).
 */
import type { PhaseKind, UnitKind } from '../../game/position.js';
import type { Order } from '../order.js';

export interface LocalizedReadContext {
  /** The power giving the order, when the text does not name one. */
  power?: string;
  /** A plain move in a retreat phase is a retreat. Default: movement. */
  phase?: PhaseKind;
  /**
   * The unit at a location (asked with `province` or `province/coast`): fills in a
   * unit kind the text leaves out, tells whose order it is, and chooses among
   * readings the one whose units are on the board.
   */
  unitAt?: (loc: string) => { power: string; kind: UnitKind; at: string } | undefined;
  /** Whether a name within one edit of a known name is read as it (with a warning). Default: true. */
  guessNames?: boolean;
}

export type LocalizedWarningCode = 'guessed-name';

export interface LocalizedWarning {
  code: LocalizedWarningCode;
  message: string;
  /** The text as written and the id it was read as. */
  written: string;
  guess: string;
  /** For a place: how the order's language writes the guess (in the case written), to put in its stead. */
  spelling?: string;
  start: number;
  end: number;
}

/** One way to read a text: its orders and their canonical notation (`formatOrder` with the power, `; ` between). */
export interface Reading {
  orders: Order[];
  text: string;
}

export type LocalizedErrorCode =
  | 'empty'
  | 'unknown-language'
  | 'not-understood'
  | 'incomplete'
  | 'ambiguous'
  | 'no-power'
  | 'too-long'
  | 'internal';

export type LocalizedReadResult =
  | { ok: true; orders: Order[]; warnings?: LocalizedWarning[] }
  | { ok: false; code: 'ambiguous'; message: string; start: number; end: number; readings: Reading[] }
  | {
      ok: false;
      code: Exclude<LocalizedErrorCode, 'ambiguous'>;
      message: string;
      start: number;
      end: number;
      /** For `not-understood`: the text of the word that was not understood. */
      word?: string;
      /** For `not-understood`: the provinces it may be a misspelling of, written in the order's language, best first (at most three). */
      suggestions?: string[];
    };

/** Result codes → the diagnostic codes registered for them (packages/dsl/src/diagnostics/codes.ts). */
export const LOCALIZED_DIAGNOSTIC_CODES: Readonly<Record<LocalizedErrorCode | LocalizedWarningCode, string>> = {
  'not-understood': 'DF6030',
  ambiguous: 'DF6031',
  incomplete: 'DF6032',
  'unknown-language': 'DF6033',
  'no-power': 'DF6034',
  empty: 'DF6035',
  internal: 'DF6036',
  'too-long': 'DF6037',
  'guessed-name': 'DF8040',
};
