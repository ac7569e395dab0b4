/**
 * Document symbols (a game's phases with their powers, its declare blocks with
 * their declarations; a map's variant,
 * provinces, powers and rule blocks) and workspace symbols (the provinces and
 * powers of every map in the workspace).
 */
import { SymbolKind, type DocumentSymbol, type WorkspaceSymbol } from 'vscode-languageserver';
import { phaseLabel, sectionRuns } from '../context.js';
import { Pace } from '../pace.js';
import { toRange, type Lines } from '../text.js';
import type { GameDoc, MapDoc, Workspace } from '../workspace.js';

type R = { start: { offset: number }; end: { offset: number } };

function sym(lines: Lines, name: string, kind: SymbolKind, range: R, selection: R = range, children?: DocumentSymbol[], detail?: string): DocumentSymbol {
  const full = lines.range(range.start.offset, Math.max(range.end.offset, range.start.offset));
  const sel = lines.range(selection.start.offset, Math.max(selection.end.offset, selection.start.offset));
  // The selection must lie inside the full range.
  const inside =
    (sel.start.line > full.start.line || (sel.start.line === full.start.line && sel.start.character >= full.start.character)) &&
    (sel.end.line < full.end.line || (sel.end.line === full.end.line && sel.end.character <= full.end.character));
  const out: DocumentSymbol = { name: name || '?', kind, range: full, selectionRange: inside ? sel : full };
  if (detail) out.detail = detail;
  if (children && children.length) out.children = children;
  return out;
}

export function documentSymbols(doc: GameDoc | MapDoc): DocumentSymbol[] {
  return doc.kind === 'game' ? gameSymbols(doc) : mapSymbols(doc);
}

function gameSymbols(doc: GameDoc): DocumentSymbol[] {
  const ast = doc.parsed.ast;
  const out: DocumentSymbol[] = [];
  if (ast.position) {
    const p = ast.position;
    const children = p.units.filter((u) => u.power).map((u) => sym(doc.lines, u.power?.text ?? '?', SymbolKind.Module, u.range, u.power?.range));
    out.push(sym(doc.lines, `position ${p.phase ? doc.text.slice(p.phase.range.start.offset, p.phase.range.end.offset) : ''}`.trim(), SymbolKind.Namespace, p.range, p.keyword.range, children));
  }
  const runs = sectionRuns(doc);
  ast.phases.forEach((s, i) => {
    const name = s.phase ? doc.text.slice(s.phase.range.start.offset, s.phase.range.end.offset) : 'phase';
    // A power block runs from its POWER: line to the line before the next one.
    const children: DocumentSymbol[] = [];
    s.powers.forEach((w, k) => {
      const next = s.powers[k + 1];
      const orders = s.orders.filter((o) => o.power === w);
      const last = orders[orders.length - 1];
      const end = last && (!next || last.range.end.offset < next.range.start.offset) ? last.range.end : w.range.end;
      children.push(sym(doc.lines, w.text, SymbolKind.Module, { start: w.range.start, end }, w.range, undefined, `${orders.length} order${orders.length === 1 ? '' : 's'}`));
    });
    for (const e of s.expect) children.push(sym(doc.lines, 'expect', SymbolKind.Event, e.range, e.keyword.range));
    const run = runs[i];
    out.push(sym(doc.lines, `phase ${name}`, SymbolKind.Namespace, s.range, s.keyword.range, children, run ? phaseLabel(run.phase) : 'not played'));
  });
  // `declare` blocks, where they stand among the phases: each declaration (detail: what it did) and the expect blocks.
  if (ast.declare.length > 0) {
    const effects = new Map(doc.run.declarations.map((d) => [d.statement.range.start.offset, d.effect]));
    for (const d of ast.declare) {
      const children = d.statements.map((s) => sym(doc.lines, doc.text.slice(s.range.start.offset, s.range.end.offset), SymbolKind.Event, s.range, s.range, undefined, effects.get(s.range.start.offset)));
      for (const e of d.expect) children.push(sym(doc.lines, 'expect', SymbolKind.Event, e.range, e.keyword.range));
      const before = d.after >= 0 ? runs[d.after] : undefined;
      const detail = d.after < 0 ? 'before the first phase' : before ? `after ${phaseLabel(before.phase)}` : 'not played';
      out.push(sym(doc.lines, 'declare', SymbolKind.Namespace, d.range, d.keyword.range, children, detail));
    }
    out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  }
  return out;
}

function mapSymbols(doc: MapDoc): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  for (const d of doc.parsed.ast.decls) {
    switch (d.kind) {
      case 'Variant':
        out.push(sym(doc.lines, `variant ${d.id?.text ?? ''}`.trim(), SymbolKind.Package, d.range, d.id?.range ?? d.range, undefined, d.title?.value));
        break;
      case 'Province': {
        const coasts = d.coasts.filter((c) => c.id).map((c) => sym(doc.lines, c.id?.text ?? '?', SymbolKind.Field, c.range, c.id?.range, undefined, c.title?.value));
        out.push(sym(doc.lines, d.id?.text ?? 'province', SymbolKind.Variable, d.range, d.id?.range ?? d.range, coasts, d.title?.value));
        break;
      }
      case 'Power':
        out.push(sym(doc.lines, d.id?.text ?? 'power', SymbolKind.Class, d.range, d.id?.range ?? d.range, undefined, d.title?.value));
        break;
      case 'Adjacency':
        out.push(sym(doc.lines, 'adjacency', SymbolKind.Namespace, d.range, d.range, undefined, `${d.lines.length} lines`));
        break;
      case 'Rules':
        out.push(sym(doc.lines, 'rules', SymbolKind.Namespace, d.range, d.range, d.options.map((o) => sym(doc.lines, o.key.text, SymbolKind.Property, o.range, o.key.range, undefined, o.values.map((v) => v.text).join(', ')))));
        break;
      case 'Ruleset':
        out.push(sym(doc.lines, `ruleset ${d.name?.value ?? ''}`.trim(), SymbolKind.Namespace, d.range, d.name?.range ?? d.range, d.options.map((o) => sym(doc.lines, o.key.text, SymbolKind.Property, o.range, o.key.range, undefined, o.values.map((v) => v.text).join(', ')))));
        break;
      case 'Neutral':
        out.push(sym(doc.lines, 'neutral centres', SymbolKind.Namespace, d.range));
        break;
      default:
        break;
    }
  }
  return out;
}

/**
 * Provinces and powers of every map in the workspace whose id or name contains
 * the query. Only the parse of each map is needed (kept while its text is the
 * same), and the maps are read a file at a time (`Pace`).
 */
export async function workspaceSymbols(ws: Workspace, query: string, pace = new Pace()): Promise<WorkspaceSymbol[]> {
  const q = query.toLowerCase();
  const out: WorkspaceSymbol[] = [];
  for (const path of ws.allFiles('map')) {
    await pace.step();
    const parsed = ws.loader.parse(path);
    if (!parsed) continue;
    for (const d of parsed.ast.decls) {
      if ((d.kind !== 'Province' && d.kind !== 'Power') || !d.id) continue;
      const name = d.id.text;
      const title = d.title?.value ?? '';
      if (q && !name.toLowerCase().includes(q) && !title.toLowerCase().includes(q)) continue;
      out.push({
        name,
        kind: d.kind === 'Province' ? SymbolKind.Variable : SymbolKind.Class,
        location: { uri: ws.uriOf(path), range: toRange(d.id.range) },
        ...(title ? { containerName: title } : {}),
      });
      if (out.length >= 1000) return out;
    }
  }
  return out;
}
