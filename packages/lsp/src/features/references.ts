/**
 * Find references: every map and game file of the workspace that names the
 * symbol (by id, name or alias), found a file at a time (`Pace`); document
 * highlights: the same in the document alone.
 */
import type { Location, Position } from 'vscode-languageserver';
import type { Pace } from '../pace.js';
import { referencesInFile, referencesOf, symbolAt } from '../xref.js';
import type { GameDoc, MapDoc, Workspace } from '../workspace.js';

export async function references(ws: Workspace, doc: GameDoc | MapDoc, pos: Position, includeDeclaration: boolean, pace?: Pace): Promise<Location[]> {
  const sym = symbolAt(doc, doc.lines.offsetAt(pos));
  if (!sym) return [];
  const refs = await referencesOf(ws, sym, includeDeclaration, pace);
  return refs.map((r) => ({ uri: ws.uriOf(r.path), range: r.lines.range(r.occurrence.start, r.occurrence.end) }));
}

/** Highlights in the document itself. */
export function highlights(ws: Workspace, doc: GameDoc | MapDoc, pos: Position): { range: Location['range'] }[] {
  const sym = symbolAt(doc, doc.lines.offsetAt(pos));
  if (!sym) return [];
  return referencesInFile(ws, doc.path, sym).map((r) => ({ range: doc.lines.range(r.occurrence.start, r.occurrence.end) }));
}
