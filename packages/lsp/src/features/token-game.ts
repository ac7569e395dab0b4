/**
 * What the semantic tokens read of a game, had without playing it: the text,
 * its parse, and what the header alone gives (the variant's name index and
 * board, the order language of each power). An editor asks for the tokens as
 * it opens a file; they need not wait for the phases to be adjudicated.
 *
 * The parse is shared with the play of the same text (`gameParse`): a game is
 * parsed once whichever of the two comes first.
 */
import { parseGame, runGame, type GameRun, type ParsedGame } from '@dipforge/dsl';
import type { Board, NameIndex } from '@dipforge/engine';
import { languageOf } from '../host.js';
import { Lines } from '../text.js';
import type { MapDoc, Workspace } from '../workspace.js';

/** A game as the tokens read it; a played game (`GameDoc`) is one too. */
export interface TokenGame {
  readonly kind: 'game';
  readonly text: string;
  readonly lines: Lines;
  readonly parsed: ParsedGame;
  readonly index?: NameIndex;
  readonly board?: Board;
  readonly run: Pick<GameRun, 'languages'>;
}

/** The last parse per file: the text it was made from and the parse. */
const parses = new Map<string, { text: string; parsed: ParsedGame }>();
/** Files whose last parse is kept before the shelf starts again (a bound on its memory). */
const PARSES_LIMIT = 64;

/** The parse of a game's text, the same object for the same path and text as long as it is the file's last. */
export function gameParse(text: string, path: string): ParsedGame {
  const hit = parses.get(path);
  if (hit && hit.text === text) return hit.parsed;
  const parsed = parseGame(text, path);
  if (!hit && parses.size >= PARSES_LIMIT) parses.clear();
  parses.set(path, { text, parsed });
  return parsed;
}

/**
 * The state of a document the tokens read: a map's checked state (maps are not
 * played), a game's parse and header, kept while its text and the maps stay the
 * same. The header is read by the game's own run stopped before its first phase
 * section, so that the variant, rules and languages are found as the play finds them.
 */
export function tokenDoc(ws: Workspace, uri: string): TokenGame | MapDoc | undefined {
  const path = ws.open.get(uri)?.path ?? ws.pathOf(uri);
  const language = languageOf(path);
  if (language === 'map') return ws.map(path);
  if (language !== 'game') return undefined;
  const text = ws.text(path);
  if (text === undefined) return undefined;
  return ws.derived(path, 'tokenGame', text, (): TokenGame => {
    const parsed = gameParse(text, path);
    const header = runGame(parsed, ws.games, { cancelled: () => true });
    const variant = header.variant;
    const index = variant?.index;
    const board = variant && header.config ? ws.games.board(variant, header.config) : undefined;
    return { kind: 'game', text, lines: new Lines(text), parsed, ...(index ? { index } : {}), ...(board ? { board } : {}), run: header.languages ? { languages: header.languages } : {} };
  });
}
