/**
 * The server's copies of open documents: the protocol library's text
 * documents, with every change's range first brought onto the document. The
 * library reads a position past the end as the end, but keeps its table of
 * line starts by the range's own line numbers: a change whose range names a
 * line past the last one (a client's slip) left holes in the table, and every
 * later change landed in the wrong place, so the server's text was no longer
 * the client's. Found by the language-server fuzzer (docs/TESTING.md).
 */
import type { TextDocumentContentChangeEvent, TextDocumentsConfiguration } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';

type Position = { line: number; character: number };

/** A position on the document: finite integers, clamped the way the library clamps an offset. */
function onDocument(doc: TextDocument, p: Position): Position {
  const whole = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : 0);
  return doc.positionAt(doc.offsetAt({ line: whole(p?.line), character: whole(p?.character) }));
}

export const serverTextDocuments: TextDocumentsConfiguration<TextDocument> = {
  create: (uri, languageId, version, content) => TextDocument.create(uri, languageId, version, content),
  update: (doc, changes, version) => {
    // One change at a time: each range is read against the text the change before it left.
    for (const c of changes) {
      const change: TextDocumentContentChangeEvent = 'range' in c && c.range ? { text: c.text, range: { start: onDocument(doc, c.range.start), end: onDocument(doc, c.range.end) } } : { text: c.text };
      TextDocument.update(doc, [change], version);
    }
    return doc;
  },
};
