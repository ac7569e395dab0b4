import { Workspace } from '@dipforge/lsp';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const ws = new Workspace();
const f = process.argv[2]; const uri = pathToFileURL(f).href;
ws.openDocument(uri, readFileSync(f, 'utf8'), 1);
const doc = ws.docByUri(uri);
for (const e of doc.run.expectations) console.log(e.ok, e.range.start.line, e.what, '|', e.message);
for (const d of doc.run.diagnostics) console.log(d.code, d.range.start.line, d.message);
