import { runGame, parseGame, GameWorkspace } from '@dipforge/dsl';
import { readFileSync } from 'node:fs';
const f = '/work/main/test/games/diplomacy-network-1.dipgame';
const text = readFileSync(f, 'utf8');
const ws = new GameWorkspace();
const strip = (r) => JSON.stringify({ d: r.diagnostics, p: r.phases.map(p => ({ ph: p.phase, o: p.orders.map(o => [o.order, o.result?.status, o.result?.reason, o.line.range.start.offset]), n: p.result.next })), e: r.expectations, w: r.winner, c: r.complete });
const prev = runGame(parseGame(text, f), ws);
let ok = 0, bad = 0;
for (let i = 0; i < 40; i++) {
  const at = Math.floor(Math.random() * text.length);
  const ins = ['x', '\n', 'A par - bur\n', '', 'phase spring 1905 movement\n'][i % 5];
  const del = i % 3;
  const t2 = text.slice(0, at) + ins + text.slice(at + del);
  const parsed = parseGame(t2, f);
  const lineStart = t2.lastIndexOf('\n', at - 1) + 1;
  const n = parsed.ast.phases.filter(s => s.range.start.offset <= lineStart).length - 1;
  const t0 = performance.now();
  const inc = runGame(parsed, ws, { reuse: { run: prev, sections: Math.max(0, n) } });
  const t1 = performance.now();
  const full = runGame(parseGame(t2, f), ws);
  const t3 = performance.now();
  if (strip(inc) === strip(full)) ok++; else { bad++; console.log('DIFF at', at, JSON.stringify(ins), n); }
  if (i < 5) console.log('reused', inc.reused, 'inc ms', (t1 - t0).toFixed(1), 'full ms', (t3 - t1).toFixed(1));
}
console.log(ok, bad);
