/** Find references: every map and game file of the workspace that names the symbol (by id, name or alias). */
import type { Location, Position } from 'vscode-languageserver';
import { referencesOf, symbolAt } from '../xref.js';
import type { GameDoc, MapDoc, Workspace } from '../workspace.js';

export function references(ws: Workspace, doc: GameDoc | MapDoc, pos: Position, includeDeclaration: boolean): Location[] {
  const sym = symbolAt(doc, doc.lines.offsetAt(pos));
  if (!sym) return [];
  return referencesOf(ws, sym, includeDeclaration).map((r) => ({ uri: ws.uriOf(r.path), range: r.lines.range(r.occurrence.start, r.occurrence.end) }));
}

/** Highlights in the document itself. */
export function highlights(ws: Workspace, doc: GameDoc | MapDoc, pos: Position): { range: Location['range'] }[] {
  const sym = symbolAt(doc, doc.lines.offsetAt(pos));
  if (!sym) return [];
  return referencesOf(ws, sym, true)
    .filter((r) => r.path === doc.path)
    .map((r) => ({ range: doc.lines.range(r.occurrence.start, r.occurrence.end) }));
}
