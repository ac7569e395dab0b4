/** Shape checks for protocol results that vscode-languageserver-types has no `is` for. */
import { InsertReplaceEdit, Location, Range, TextEdit } from 'vscode-languageserver-protocol';

const int = (n: unknown): boolean => typeof n === 'number' && Number.isInteger(n) && n >= 0;

export function isCompletionItem(i: unknown): boolean {
  const c = i as { label?: unknown; kind?: unknown; textEdit?: unknown; filterText?: unknown; sortText?: unknown };
  return (
    typeof c?.label === 'string' &&
    (c.kind === undefined || int(c.kind)) &&
    (c.textEdit === undefined || TextEdit.is(c.textEdit) || InsertReplaceEdit.is(c.textEdit as InsertReplaceEdit)) &&
    (c.filterText === undefined || typeof c.filterText === 'string') &&
    (c.sortText === undefined || typeof c.sortText === 'string')
  );
}

export function isWorkspaceSymbol(s: unknown): boolean {
  const w = s as { name?: unknown; kind?: unknown; location?: unknown };
  return typeof w?.name === 'string' && int(w.kind) && Location.is(w.location);
}

export function isSignatureInformation(s: unknown): boolean {
  const sig = s as { label?: unknown; parameters?: { label: unknown }[] };
  if (typeof sig?.label !== 'string') return false;
  const label = sig.label;
  return (sig.parameters ?? []).every((p) =>
    typeof p.label === 'string' ? label.includes(p.label) : Array.isArray(p.label) && p.label.length === 2 && int(p.label[0]) && int(p.label[1]) && p.label[0] <= p.label[1] && p.label[1] <= label.length,
  );
}

export function isRange(r: unknown): boolean {
  return Range.is(r);
}
