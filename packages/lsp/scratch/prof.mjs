import { parseGame, runGame, GameWorkspace, VariantLoader } from '@dipforge/dsl';
import { LayeredHost } from '@dipforge/lsp';
import { readFileSync } from 'node:fs';
const f = '/work/main/packages/lsp/test/fixtures/random-100.dipgame';
const text = readFileSync(f, 'utf8');
const host = new LayeredHost();
const ws = new GameWorkspace(new VariantLoader({ host }));
let prev = runGame(parseGame(text, f), ws);
const lines = text.split('\n');
const phases = lines.map((l, i) => [l, i]).filter(([l]) => l.startsWith('phase'));
for (let i = 0; i < 15; i++) {
  const ls = lines.slice(); ls[phases[49][1] + 2] += (i % 2 ? ' ' : '  ');
  const t2 = ls.join('\n');
  const t0 = performance.now();
  const parsed = parseGame(t2, f);
  const t1 = performance.now();
  const r0 = runGame(parsed, ws, { reuse: { run: prev, sections: 100 } }); // all same? no, text differs -> reject
  const t15 = performance.now();
  const r = runGame(parsed, ws, { reuse: { run: prev, sections: 49 } });
  const t3 = performance.now();
  const full = runGame(parseGame(t2, f), ws);
  const t4 = performance.now();
  console.log('parse', (t1 - t0).toFixed(1), 'rejected-reuse(full)', (t15 - t1).toFixed(1), 'inc', (t3 - t15).toFixed(1), 'reused', r.reused, 'of', r.phases.length, 'full', (t4 - t3).toFixed(1));
  prev = r;
}
