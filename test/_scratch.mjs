import { Workspace, diagnostics } from '@dipforge/lsp';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const ws = new Workspace();
for (const f of process.argv.slice(2)) {
  const uri = pathToFileURL(f).href;
  ws.openDocument(uri, readFileSync(f, 'utf8'), 1);
  const doc = ws.docByUri(uri);
  for (const p of doc.run.phases) {
    if (p.result.retreats) console.log('retreats', JSON.stringify(p.result.retreats));
    if (p.result.adjustments) console.log('adj', JSON.stringify(p.result.adjustments.slice(0, 3)));
  }
  for (const d of doc.run.declarations) console.log('decl', d.text, '|', d.effect, d.after);
  console.log(diagnostics(doc).filter(d => d.severity < 3).map(d => [d.code, d.message]));
  for (const p of doc.run.phases) for (const o of p.orders) if (o.order.retreat || o.order.type.endsWith('list')) console.log(JSON.stringify(o.order), o.result?.status);
}
