/**
 * Rename a province, coast or power: its declaration in the map and every
 * place in the workspace that writes its id (names and aliases written
 * elsewhere still name it, so they stay). Symbols of the built-in variants
 * cannot be renamed: those files belong to dipforge.
 */
import { ErrorCodes, LSPErrorCodes, ResponseError, type Position, type Range, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import { isInside } from '@dipforge/dsl';
import type { Pace } from '../pace.js';
import { referencesOf, symbolAt, type SymbolRef } from '../xref.js';
import type { GameDoc, MapDoc, Workspace } from '../workspace.js';

const ID = /^[\p{L}\p{Nd}_][\p{L}\p{M}\p{Nd}_]*(?:-[\p{L}\p{M}\p{Nd}_]+)*$/u;

/** The symbol under the cursor, when it may be renamed, and the id it is written with (a coast: its own part). */
function renamable(ws: Workspace, doc: GameDoc | MapDoc, pos: Position): { sym: SymbolRef; id: string } | undefined {
  const sym = symbolAt(doc, doc.lines.offsetAt(pos));
  if (!sym) return undefined;
  if (isInside(sym.declaration.file, ws.loader.builtinDir)) {
    throw new ResponseError(LSPErrorCodes.RequestFailed, `${sym.id} is declared by a built-in variant of dipforge, which cannot be renamed here`);
  }
  return { sym, id: sym.kind === 'coast' ? (sym.id.split('/')[1] as string) : sym.id };
}

export function prepareRename(ws: Workspace, doc: GameDoc | MapDoc, pos: Position): { range: Range; placeholder: string } | null {
  const found = renamable(ws, doc, pos);
  if (!found) return null;
  return { range: doc.lines.range(found.sym.occurrence.start, found.sym.occurrence.end), placeholder: found.id };
}

export async function rename(ws: Workspace, doc: GameDoc | MapDoc, pos: Position, newName: string, pace?: Pace): Promise<WorkspaceEdit | null> {
  const found = renamable(ws, doc, pos);
  if (!found) return null;
  const name = newName.trim();
  if (!ID.test(name)) throw new ResponseError(ErrorCodes.InvalidParams, `'${newName}' is not an id: use letters, digits, _ and inner -`);
  const changes: Record<string, TextEdit[]> = {};
  for (const r of await referencesOf(ws, found.sym, true, pace)) {
    // Only the places that write the id; names and aliases keep naming the symbol.
    if (r.occurrence.text.toLowerCase() !== found.id) continue;
    const uri = ws.uriOf(r.path);
    (changes[uri] ??= []).push({ range: r.lines.range(r.occurrence.start, r.occurrence.end), newText: name });
  }
  return { changes };
}
