import { Workspace, hover } from '@dipforge/lsp';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const f = '/work/main/variants/classic/examples/1901.dipgame';
const text = readFileSync(f, 'utf8');
const ws = new Workspace(); ws.openDocument(pathToFileURL(f).href, text, 1);
const i = text.indexOf('A ukr - rum') + 6; const b = text.slice(0, i).split('\n');
console.log(JSON.stringify(hover(ws, ws.docByUri(pathToFileURL(f).href), { line: b.length - 1, character: b[b.length - 1].length })));
