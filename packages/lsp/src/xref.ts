/**
 * Cross-file references: the symbol under the cursor, its declaration, and
 * every place in the workspace (open documents and the files of its folders)
 * that names it. Games not open are read without being played: their parse
 * and their variant's name index are enough to find names, and those are kept
 * while the file and the maps do not change. The pass over the workspace goes
 * a file at a time (`Pace`), so other requests are answered meanwhile and a
 * cancelled request stops.
 */
import { bindVariant, parseGame, projectPath, type VariantModel } from '@dipforge/dsl';
import { gameNames, declarationOf, symbolKey, type Declaration, type Occurrence, type SymbolKind } from './names.js';
import { namesNear, namesOfGame, namesOfMap } from './context.js';
import { languageOf } from './host.js';
import { Pace } from './pace.js';
import { Lines } from './text.js';
import type { GameDoc, MapDoc, Workspace } from './workspace.js';

export interface SymbolRef {
  kind: SymbolKind;
  id: string;
  key: string;
  declaration: Declaration;
  occurrence: Occurrence;
}

export interface FileOccurrences {
  path: string;
  text: string;
  lines: Lines;
  model?: VariantModel;
  occurrences: Occurrence[];
}

function modelOf(doc: GameDoc | MapDoc): VariantModel | undefined {
  return doc.model;
}

export function symbolAt(doc: GameDoc | MapDoc, offset: number): SymbolRef | undefined {
  const list = doc.kind === 'game' ? namesNear(doc, offset).occurrences : namesOfMap(doc).occurrences;
  const occ = list.find((o) => offset >= o.start && offset <= o.end);
  if (!occ) return undefined;
  const model = modelOf(doc);
  const declaration = declarationOf(model, occ.kind, occ.id);
  const key = symbolKey(model, occ.kind, occ.id);
  if (!declaration || !key) return undefined;
  return { kind: occ.kind, id: occ.id, key, declaration, occurrence: occ };
}

/** A game file's names without playing it (kept while its text and the maps are the same). */
function lightGame(ws: Workspace, path: string): FileOccurrences | undefined {
  const text = ws.text(path);
  if (text === undefined) return undefined;
  return ws.derived(path, 'xref', text, () => readGame(ws, path, text));
}

function readGame(ws: Workspace, path: string, text: string): FileOccurrences | undefined {
  const parsed = parseGame(text, path);
  const stmt = parsed.ast.header.find((h) => h.kind === 'Variant');
  // A map outside the project folder is not read, as when the game is played.
  const named = stmt && stmt.kind === 'Variant' && stmt.path ? projectPath(path, stmt.path.value, ws.host) : undefined;
  if (named && !('path' in named)) return undefined;
  const variantPath = named ? named.path : ws.loader.builtinVariantPath(stmt && stmt.kind === 'Variant' && stmt.name ? stmt.name.value : 'classic');
  if (ws.text(variantPath) === undefined) return undefined;
  const variant = ws.games.variant(variantPath);
  let model = variant.model;
  if (!model) {
    const unit = ws.loader.loadVariant(variantPath, []);
    if (unit) model = bindVariant(unit, []);
  }
  if (!variant.index) return { path, text, lines: new Lines(text), occurrences: [], ...(model ? { model } : {}) };
  const fake = { kind: 'game', path, text, parsed, index: variant.index } as unknown as GameDoc;
  return { path, text, lines: new Lines(text), occurrences: gameNames(fake).occurrences, ...(model ? { model } : {}) };
}

/** The names in one workspace file (open games are read from their current state). */
export function fileOccurrences(ws: Workspace, path: string): FileOccurrences | undefined {
  const language = languageOf(path);
  if (language === 'map') {
    const doc = ws.map(path);
    return doc ? { path, text: doc.text, lines: doc.lines, model: doc.model, occurrences: namesOfMap(doc).occurrences } : undefined;
  }
  if (language === 'game') {
    const open = ws.openDocs('game').some((d) => d.path === path);
    if (open) {
      const doc = ws.game(path);
      if (!doc) return undefined;
      return { path, text: doc.text, lines: doc.lines, ...(doc.model ? { model: doc.model } : {}), occurrences: namesOfGame(doc).occurrences };
    }
    return lightGame(ws, path);
  }
  return undefined;
}

export interface Reference {
  path: string;
  lines: Lines;
  occurrence: Occurrence;
}

/** The places in one file that name the symbol. */
function referencesIn(ws: Workspace, path: string, sym: SymbolRef, includeDeclaration: boolean): Reference[] {
  const f = fileOccurrences(ws, path);
  if (!f) return [];
  const out: Reference[] = [];
  for (const o of f.occurrences) {
    if (o.kind !== sym.kind || o.id !== sym.id) continue;
    if (symbolKey(f.model, o.kind, o.id) !== sym.key) continue;
    if (o.decl && !includeDeclaration) continue;
    out.push({ path, lines: f.lines, occurrence: o });
  }
  return out;
}

/** The declaration itself, when its file is not a workspace file (a built-in variant). */
function declarationRef(ws: Workspace, sym: SymbolRef, found: Reference[]): Reference | undefined {
  if (found.some((r) => r.path === sym.declaration.file && r.occurrence.start === sym.declaration.start)) return undefined;
  const text = ws.text(sym.declaration.file);
  if (text === undefined) return undefined;
  return {
    path: sym.declaration.file,
    lines: new Lines(text),
    occurrence: { kind: sym.kind, id: sym.id, start: sym.declaration.start, end: sym.declaration.end, text: text.slice(sym.declaration.start, sym.declaration.end), decl: true },
  };
}

function sorted(refs: Reference[]): Reference[] {
  return refs.sort((a, b) => (a.path === b.path ? a.occurrence.start - b.occurrence.start : a.path < b.path ? -1 : 1));
}

/** Every place that names the symbol, across the workspace and the declaring file, a file at a time. */
export async function referencesOf(ws: Workspace, sym: SymbolRef, includeDeclaration = true, pace = new Pace()): Promise<Reference[]> {
  const files = new Set([...ws.allFiles(), sym.declaration.file]);
  const out: Reference[] = [];
  for (const path of files) {
    await pace.step();
    out.push(...referencesIn(ws, path, sym, includeDeclaration));
  }
  const decl = includeDeclaration ? declarationRef(ws, sym, out) : undefined;
  if (decl) out.push(decl);
  return sorted(out);
}

/** The places in one file that name the symbol, its declaration included (document highlights). */
export function referencesInFile(ws: Workspace, path: string, sym: SymbolRef): Reference[] {
  const out = referencesIn(ws, path, sym, true);
  const decl = sym.declaration.file === path ? declarationRef(ws, sym, out) : undefined;
  if (decl) out.push(decl);
  return sorted(out);
}
