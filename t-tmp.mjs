import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import * as W from '/tmp/pngprobe/wasm/package/index.mjs';
import { Resvg } from '@resvg/resvg-js';
import { bundledFonts } from './packages/cli/dist/png.js';
await W.initWasm(readFileSync('/tmp/pngprobe/wasm/package/index_bg.wasm'));
const svg = execFileSync(process.execPath, ['packages/cli/bin/dipforge.js','render','variants/classic/classic.dipmap','--lang','zh'], {encoding:'utf8'});
const f = [bundledFonts()[0], bundledFonts()[2]];
const fam = 'Noto Sans S Chinese';
for (let i=0;i<4;i++){
 let s=performance.now(); const bufs = f.map(x=>readFileSync(x)); new W.Resvg(svg,{font:{loadSystemFonts:false,fontBuffers:bufs,defaultFontFamily:fam,sansSerifFamily:fam}}).render().asPng(); console.log('wasm',(performance.now()-s).toFixed(0));
 s=performance.now(); new Resvg(svg,{font:{loadSystemFonts:false,fontFiles:f,defaultFontFamily:fam,sansSerifFamily:fam}}).render().asPng(); console.log('native',(performance.now()-s).toFixed(0));
}
