/**
 * The language server's custom requests, by name, with their result types.
 * The names come from the server's module of names alone, and the types are
 * types only, so that the client bundle does not take in the server.
 */
export type {
  BoardResult,
  DiffResponse,
  EditionsResult,
  NextPhaseResult,
  OrdersAtResult,
  SetEditionResult,
  StatusResult,
  WriteOrderResult,
} from '@dipforge/lsp';

export {
  BOARD_REQUEST,
  DIFF_REQUEST,
  EDITIONS_REQUEST,
  NEXT_PHASE_REQUEST,
  ORDERS_AT_REQUEST,
  SET_EDITION_REQUEST,
  STATUS_REQUEST,
  WRITE_ORDER_REQUEST,
} from '@dipforge/lsp/requests';

/** The languages of the extension. */
export const LANGUAGES = ['dipmap', 'dipgame'] as const;

/** The command ids (package.json `contributes.commands`). */
export const COMMANDS = {
  showBoard: 'dipforge.showBoard',
  switchEdition: 'dipforge.switchEdition',
  compareEditions: 'dipforge.compareEditions',
  nextPhase: 'dipforge.nextPhase',
  newVariant: 'dipforge.newVariant',
  restartServer: 'dipforge.restartServer',
} as const;

/** The webview panel type of the board (and of its serializer). */
export const BOARD_VIEW_TYPE = 'dipforge.board';

/** The scheme of the read-only documents Compare Editions opens. */
export const DIFF_SCHEME = 'dipforge-diff';
