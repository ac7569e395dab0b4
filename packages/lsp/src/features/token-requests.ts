/**
 * The semantic tokens requests (whole document, delta, range), answered from
 * a game's parse and header (`tokenDoc`) without waiting for its play: an
 * editor asks for them as it opens a file, before the first diagnostics.
 */
import type { Connection, SemanticTokens } from 'vscode-languageserver';
import { serve, type Log } from '../serve.js';
import { clampParams } from '../text.js';
import type { Workspace } from '../workspace.js';
import { tokenDoc, type TokenGame } from './token-game.js';
import type { TokenResults } from './token-results.js';
import { semanticTokens, semanticTokensRange } from './tokens.js';
import type { MapDoc } from '../workspace.js';

const NONE: SemanticTokens = { data: [] };

export function registerTokenRequests(connection: Connection, ws: Workspace, results: TokenResults, log: Log): void {
  /** The request's document and its parameters clamped to it; the empty tokens for a document that is no map or game, or is over the size limit. */
  function on<P extends { textDocument: { uri: string } }, R>(name: string, fn: (doc: TokenGame | MapDoc, params: P) => R) {
    return serve(name, log, (params: P) => {
      const doc = tokenDoc(ws, params.textDocument.uri);
      return doc ? fn(doc, clampParams(doc.lines, params)) : NONE;
    });
  }
  connection.languages.semanticTokens.on(on('semanticTokens', (doc, p) => results.full(p.textDocument.uri, semanticTokens(doc))));
  connection.languages.semanticTokens.onDelta(on('semanticTokensDelta', (doc, p) => results.delta(p.textDocument.uri, p.previousResultId, semanticTokens(doc))));
  // A range of tokens is computed for its lines alone.
  connection.languages.semanticTokens.onRange(on('semanticTokensRange', (doc, p) => semanticTokensRange(doc, p.range)));
}
