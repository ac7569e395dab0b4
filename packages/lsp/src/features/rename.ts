/**
 * Rename a province, coast or power: its declaration in the map and every
 * place in the workspace that writes its id (names and aliases written
 * elsewhere still name it, so they stay). Symbols of the built-in variants
 * cannot be renamed: those files belong to dipforge.
 */
import { ResponseError, type Position, type Range, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import { isAbsolute, relative } from 'node:path';
import { referencesOf, symbolAt } from '../xref.js';
import type { GameDoc, MapDoc, Workspace } from '../workspace.js';

function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

const ID = /^[\p{L}\p{Nd}_][\p{L}\p{M}\p{Nd}_]*(?:-[\p{L}\p{M}\p{Nd}_]+)*$/u;
const INVALID_PARAMS = -32602;
const REQUEST_FAILED = -32803;

export function prepareRename(ws: Workspace, doc: GameDoc | MapDoc, pos: Position): { range: Range; placeholder: string } | null {
  const sym = symbolAt(doc, doc.lines.offsetAt(pos));
  if (!sym) return null;
  if (isInside(sym.declaration.file, ws.loader.builtinDir)) {
    throw new ResponseError(REQUEST_FAILED, `${sym.id} is declared by a built-in variant of dipforge, which cannot be renamed here`);
  }
  const name = sym.kind === 'coast' ? (sym.id.split('/')[1] as string) : sym.id;
  return { range: doc.lines.range(sym.occurrence.start, sym.occurrence.end), placeholder: name };
}

export function rename(ws: Workspace, doc: GameDoc | MapDoc, pos: Position, newName: string): WorkspaceEdit | null {
  const sym = symbolAt(doc, doc.lines.offsetAt(pos));
  if (!sym) return null;
  if (isInside(sym.declaration.file, ws.loader.builtinDir)) {
    throw new ResponseError(REQUEST_FAILED, `${sym.id} is declared by a built-in variant of dipforge, which cannot be renamed here`);
  }
  const name = newName.trim();
  if (!ID.test(name)) throw new ResponseError(INVALID_PARAMS, `'${newName}' is not an id: use letters, digits, _ and inner -`);
  const old = sym.kind === 'coast' ? (sym.id.split('/')[1] as string) : sym.id;
  const changes: Record<string, TextEdit[]> = {};
  for (const r of referencesOf(ws, sym, true)) {
    // Only the places that write the id; names and aliases keep naming the symbol.
    if (r.occurrence.text.toLowerCase() !== old) continue;
    const uri = ws.uriOf(r.path);
    (changes[uri] ??= []).push({ range: r.lines.range(r.occurrence.start, r.occurrence.end), newText: name });
  }
  return { changes };
}
