import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Workspace, diagnostics } from '@dipforge/lsp';
import { parseGame } from '@dipforge/dsl';
const GAME = '/work/main/packages/lsp/test/fixtures/random-100.dipgame';
const text = readFileSync(GAME, 'utf8');
const lines = text.split('\n');
const phaseLines = lines.flatMap((l, i) => (l.startsWith('phase ') ? [i] : []));
const orderLine = phaseLines[49] + 2;
const ws = new Workspace();
const uri = pathToFileURL(GAME).href;
ws.openDocument(uri, text, 1);
diagnostics(ws.docByUri(uri));
const t = { parse: [], doc: [], diag: [] };
for (let i = 0; i < 40; i++) {
  const ls = lines.slice();
  if (i % 2 === 0) ls[orderLine] += ' ';
  const nt = ls.join('\n');
  let t0 = performance.now();
  parseGame(nt, GAME);
  t.parse.push(performance.now() - t0);
  ws.changeDocument(uri, nt, i + 2);
  t0 = performance.now();
  const doc = ws.docByUri(uri);
  t.doc.push(performance.now() - t0);
  t0 = performance.now();
  diagnostics(doc);
  t.diag.push(performance.now() - t0);
  if (i < 3) console.log('adjudicated', doc.adjudicated, 'reused', doc.reused, 'cutoff', doc.cutoff, 'phases', doc.run.phases.length);
}
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1].toFixed(2);
console.log('parse', med(t.parse), 'doc', med(t.doc), 'diag', med(t.diag));
import { runGame, GameWorkspace } from '@dipforge/dsl';
{
  const gw = ws.games;
  const doc = ws.docByUri(uri);
  const ls = lines.slice(); ls[orderLine] += '  ';
  const nt = ls.join('\n');
  const parsed = parseGame(nt, GAME);
  const ts = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    runGame(parsed, gw, { reuse: { run: doc.run, sections: 49 } });
    ts.push(performance.now() - t0);
  }
  console.log('runGame with reuse', med(ts));
  const ts2 = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    runGame(parsed, gw, { reuse: { run: doc.run, sections: 49, cutoff: false } });
    ts2.push(performance.now() - t0);
  }
  console.log('runGame without cutoff', med(ts2));
}
