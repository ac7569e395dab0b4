/** Go to definition: a province, coast or power leads to its declaration in the map (another file, or a built-in variant). */
import type { Location, Position } from 'vscode-languageserver';
import { Lines } from '../text.js';
import { symbolAt } from '../xref.js';
import type { GameDoc, MapDoc, Workspace } from '../workspace.js';

export function definition(ws: Workspace, doc: GameDoc | MapDoc, pos: Position): Location | null {
  const sym = symbolAt(doc, doc.lines.offsetAt(pos));
  if (!sym) return null;
  const text = ws.text(sym.declaration.file);
  if (text === undefined) return null;
  const lines = sym.declaration.file === doc.path ? doc.lines : new Lines(text);
  return { uri: ws.uriOf(sym.declaration.file), range: lines.range(sym.declaration.start, sym.declaration.end) };
}
