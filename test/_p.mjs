import { parseGame } from '@dipforge/dsl';
import { readFileSync } from 'node:fs';
const t = readFileSync(process.argv[2], 'utf8');
const p = parseGame(t, process.argv[2]);
const rng = (r) => r ? `${r.start.line}:${r.start.column}-${r.end.line}:${r.end.column}` : '-';
console.log(JSON.stringify(p.ast, (k, v) => (v && typeof v === 'object' && v.start && v.end && v.start.line !== undefined) ? rng(v) : v, 0).slice(0, 6000));
console.log(p.diagnostics);
