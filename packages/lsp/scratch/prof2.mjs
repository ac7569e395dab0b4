import { Workspace, diagnostics } from '@dipforge/lsp';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const f = '/work/main/packages/lsp/test/fixtures/random-100.dipgame';
const text = readFileSync(f, 'utf8');
const u = pathToFileURL(f).href;
const ws = new Workspace();
ws.openDocument(u, text, 1);
diagnostics(ws.docByUri(u));
const lines = text.split('\n');
const phases = lines.map((l, i) => [l, i]).filter(([l]) => l.startsWith('phase'));
const orderLine = phases[49][1] + 2;
let v = 1; const times = [];
for (let i = 0; i < 60; i++) {
  const ls = lines.slice(); ls[orderLine] = ls[orderLine] + ' '.repeat(i % 3);
  const t0 = performance.now();
  ws.changeDocument(u, ls.join('\n'), ++v);
  diagnostics(ws.docByUri(u));
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log('median', times[30].toFixed(1), 'p90', times[54].toFixed(1));
