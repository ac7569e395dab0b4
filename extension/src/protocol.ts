/**
 * The language server's custom requests (packages/lsp/src/board.ts), by name,
 * with their result types. The names are written out here rather than
 * imported, so that the client bundle does not take in the server; a test
 * checks that they are the server's.
 */
export type {
  BoardResult,
  DiffResponse,
  EditionsResult,
  NextPhaseResult,
  SetEditionResult,
  StatusResult,
} from '@dipforge/lsp';

export const BOARD_REQUEST = 'dipforge/board';
export const STATUS_REQUEST = 'dipforge/status';
export const NEXT_PHASE_REQUEST = 'dipforge/nextPhase';
export const EDITIONS_REQUEST = 'dipforge/editions';
export const SET_EDITION_REQUEST = 'dipforge/setEdition';
export const DIFF_REQUEST = 'dipforge/diff';

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
