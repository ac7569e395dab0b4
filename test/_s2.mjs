import { Workspace, completion, hover, codeActions, diagnostics, formatText, foldingRanges, documentSymbols, tokenSpans, references } from '@dipforge/lsp';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const ws = new Workspace();
const at = (text, needle, delta = needle.length) => { const i = text.indexOf(needle); if (i < 0) throw new Error(needle); const b = text.slice(0, i + delta).split('\n'); return { line: b.length - 1, character: b[b.length - 1].length }; };
const put = (path, text) => { const uri = pathToFileURL(path).href; if (ws.open.has(uri)) ws.changeDocument(uri, text, Math.random()); else ws.openDocument(uri, text, 1); return ws.docByUri(uri); };
const decl = readFileSync('/tmp/scr/declare.dipgame', 'utf8');
let d = put('/tmp/scr/declare.dipgame', decl);
const lab = (x) => x.map(i => i.detail ? `${i.label} (${i.detail})` : i.label).join(' | ');
const h = (doc, text, n, k) => { const r = hover(ws, doc, at(text, n, k)); return r ? r.contents.value : null; };
console.log('H1', h(d, decl, 'winner england, france', 17));
console.log('H2', h(d, decl, 'concede germany by', 9));
console.log('H3', h(d, decl, 'alliance england', 3));
console.log('H4', h(d, decl, 'score france', 8));
console.log('SYM', JSON.stringify(documentSymbols(d).map(s => [s.name, s.detail, (s.children||[]).map(c => [c.name, c.detail])])));
console.log('FOLD', JSON.stringify(foldingRanges(d)));
console.log('TOK', tokenSpans(d).filter(s => s.line >= 25).map(s => `${s.line}:${s.character}:${s.length}:${s.type}`).join(' '));
const refs = references(ws, d, at(decl, 'winner england, france', 17), true);
console.log('REFS', refs.filter(r => r.uri.endsWith('declare.dipgame')).map(r => `${r.range.start.line}:${r.range.start.character}`).join(' '));
const messy = decl.replace('  germany allies none', '      germany allies none   ').replace('  winner england, france', 'winner england, france').replace('  score france 1/2', '\t score france 1/2');
const f = formatText(put('/tmp/scr/declare.dipgame', messy));
console.log('FMT same', f === decl);
// completion in declare
const c = (text, needle) => lab(completion(ws, put('/tmp/scr/declare.dipgame', text), at(text, needle)));
const t1 = decl.replace('  germany allies none\n', '  \n');
console.log('C start', c(t1, 'declare\n  '));
for (const line of ['alliance ', 'alliance england, ', 'alliance england, france, ', 'draw england, ', 'draw england ', 'draw england by ', 'draw england by france, ', 'concede germany ', 'concede ', 'germany ', 'germany allies ', 'end ']) {
  const t = decl.replace('  germany allies none\n', `  ${line}\n`);
  console.log('C', JSON.stringify(line), '→', c(t, `  ${line}`));
}
const t2 = decl.replace('declare draw england, france by england, france', 'declare ');
console.log('C same-line', c(t2, 'declare '));
const t3 = decl.replace('  result alliance 1905', '  result alliance 1905\n  winner england, ');
console.log('C expect winner', c(t3, 'winner england, '));
const t4 = decl.replace('  result alliance 1905', '  result alliance 1905\n  owners france: ');
console.log('C expect owners', c(t4, 'owners france: '));
{
const t = decl.replace('  result alliance 1905', '  result alliance 1905\n  owners france: ');
const doc = put('/tmp/scr/declare.dipgame', t);
console.log(doc.parsed.ast.declare[2].expect[0].owners.map(o => [o.power.text, o.provinces.map(p => p.text)]));
}
{
const t = decl.replace('  result alliance 1905', '  result alliance 1905\n  owners france: ');
const doc = put('/tmp/scr/declare.dipgame', t);
const items = completion(ws, doc, at(t, 'owners france: '));
console.log(items.map(i => [i.label, i.detail, i.filterText, i.textEdit.range]).slice(0,3));
}
{
const t = decl.replace('  result alliance 1905', '  result alliance 1905\n  owners italy: ');
console.log('C expect owners2', c(t, 'owners italy: '));
const t5 = decl.replace('  result alliance 1905', '  result alliance 1905\n  units france: F ');
console.log('C expect units', c(t5, 'units france: F ').slice(0, 80));
const t6 = decl.replace('  result alliance 1905', '  result alliance 1905\n  ');
console.log('C expect kw', c(t6, '  result alliance 1905\n  '));
}
