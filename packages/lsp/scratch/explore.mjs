import { Workspace, completion, hover, diagnostics, codeActions, signatureHelp, documentSymbols, foldingRanges, formatText, tokenSpans } from '@dipforge/lsp';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const ROOT = '/work/main';
const ws = new Workspace();
ws.scan([ROOT + '/packages/lsp/test/fixtures/ws']);
const f = ROOT + '/variants/classic/examples/1901.dipgame';
const text = readFileSync(f, 'utf8');
const u = pathToFileURL(f).href;
const at = (t, needle, delta = 0) => { const i = t.indexOf(needle); const before = t.slice(0, i + delta).split('\n'); return { line: before.length - 1, character: before[before.length - 1].length }; };
const set = (t) => { ws.changeDocument(u, t, Math.random()*1e6|0); return ws.docByUri(u); };
ws.openDocument(u, text, 1);
let doc;
doc = set(text.replace('F nth C A yor - nwy', 'F nth C '));
console.log('convoy armies', completion(ws, doc, at(doc.text, 'F nth C ', 8)).map(c => c.label));
doc = set(text.replace('F nth C A yor - nwy', 'F nth C A yor - '));
console.log('convoy dest', completion(ws, doc, at(doc.text, 'F nth C A yor - ', 16)).map(c => c.label));
doc = set(text.replace('A yor - nwy', 'A yor - '));
console.log('yor dest', completion(ws, doc, at(doc.text, 'A yor - ', 8)).map(c => c.label + (c.detail ? '(' + c.detail + ')' : '')));
doc = set(text.replace('    Build F lon\n', '    \n'));
console.log('build', completion(ws, doc, at(doc.text, '  england:\n    \n', 14)).map(c => c.label));
doc = set(text.replace('A mar - spa', 'A mar S '));
console.log('support', completion(ws, doc, at(doc.text, 'A mar S ', 8)).map(c => c.label));
doc = set(text.replace('A par - bur', 'A par - 伯'));
console.log('zh', JSON.stringify(completion(ws, doc, at(doc.text, 'A par - 伯', 9))));
doc = set(text);
console.log('hover rum', JSON.stringify(hover(ws, doc, at(text, 'A ukr - rum', 2))));
console.log('sig', JSON.stringify(signatureHelp(doc, at(text, 'A ukr - rum', 8))));
const r = `variant classic
position spring 1901 retreat
  austria: A ser, A bud
  turkey: A gre
  dislodged turkey: A bul from ser
  standoffs rum

phase spring 1901 retreat
  turkey:
    A bul R 
`;
const ru = pathToFileURL(ROOT + '/packages/lsp/test/fixtures/ws/mem-retreat.dipgame').href;
ws.openDocument(ru, r, 1);
const rd = ws.docByUri(ru);
console.log('retreat diags', diagnostics(rd).map(d=>d.message));
console.log('retreat', completion(ws, rd, at(r, 'A bul R ', 8)).map(c => c.label), completion(ws, rd, at(r, '    A bul R', 4)).map(c => c.label));
