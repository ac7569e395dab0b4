import { test } from 'vitest';
import { TOY, checkText, edit } from './helpers.js';
const fmt = (ds: any[]) => ds.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column} ${d.message}`).join('\n');
test('x', () => {
  for (const [a, b] of [
    ['province bet "Beta" coast supply', 'province bet "Beta" coast supply { coast ec "East" }'],
    ['author "Tester"', 'author "Tester"\n  author "Other"\n  start 1902 fall movement'],
    ['adjective "Northern"', 'adjective "Northern" adjective "Nordic" colour #fff'],
    ['fleet one: two', 'fleet one: two\n  both bet: alp'],
  ]) { const t = edit(TOY, a!, b!); console.log(b, '\n', fmt(checkText(t).diagnostics)); }
});
