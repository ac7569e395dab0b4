#!/usr/bin/env node
/**
 * Judges what headless Neovim printed (test/e2e/nvim-lsp.lua, run by nvim.sh):
 * the diagnostics of the opened game, the diagnostics after an edit, the
 * completion after `A par - `, and two hovers. One line per check, then
 * `N passed, N failed`; exits 1 when any check failed.
 * Usage: node test/e2e/nvim-check.mjs OUTPUT_FILE
 */
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: nvim-check.mjs OUTPUT_FILE');
  process.exit(2);
}
const events = new Map();
const errors = [];
const logs = [];
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const m = /^([A-Z_]+) (.*)$/.exec(line.trim());
  if (!m) continue;
  let value;
  try {
    value = JSON.parse(m[2]);
  } catch {
    continue;
  }
  if (m[1] === 'ERROR') errors.push(value);
  else if (m[1] === 'LOG') logs.push(value);
  else if (!events.has(m[1])) events.set(m[1], value);
}

let passed = 0;
let failed = 0;
function check(name, ok, detail) {
  if (ok) {
    passed++;
    console.log(`ok - ${name}`);
  } else {
    failed++;
    console.log(`not ok - ${name}${detail ? `: ${detail}` : ''}`);
  }
}
const finite = (p) => p && Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.character >= 0;
const wellFormed = (d) => d && finite(d.range?.start) && finite(d.range?.end) && typeof d.message === 'string' && [1, 2, 3, 4].includes(d.severity);
const show = (v) => JSON.stringify(v)?.slice(0, 400);

check('Neovim reported no error', errors.length === 0, errors.join('; '));
check('Neovim ran to the end', events.has('DONE'));

const first = events.get('DIAGNOSTICS');
const diags = first?.diagnostics ?? [];
check('diagnostics were published for the opened file', first !== undefined);
check('every diagnostic is well-formed', diags.length > 0 && diags.every(wellFormed), show(diags.filter((d) => !wellFormed(d))));
const illegal = diags.filter((d) => d.severity === 2);
check(
  'the order that can never be legal is a warning on its line (DF3030), with the reason; the bounces are no problems',
  illegal.length === 1 && illegal[0].range.start.line === 7 && illegal[0].range.start.character === 4 && illegal[0].code === 'DF3030' && illegal[0].message.startsWith('F bre - mun: never legal on this map') && diags.every((d) => d.severity !== 3),
  show(illegal),
);
const bounced = diags.filter((d) => d.code === 'bounced').map((d) => `${d.range.start.line}:${d.severity}`);
check('the two armies that bounce are not listed as problems (their results are hints, not diagnostics)', bounced.length === 0, show(bounced));
check('the opened file has no error', diags.every((d) => d.severity !== 1), show(diags.filter((d) => d.severity === 1)));

const order = events.get('HOVER_ORDER');
const orderText = order?.result?.contents?.value ?? '';
check('hover on the illegal order gives its result in plain words', orderText.includes('**F bre - mun**') && orderText.includes('Result: illegal: a fleet cannot enter Munich (inland)'), show(order));

const edit = events.get('EDIT');
const after = events.get('DIAGNOSTICS_AFTER_EDIT');
check('the edit was sent and diagnostics published again, with a newer version', after !== undefined && first !== undefined && (after.version ?? 0) > (first.version ?? 0), show({ first: first?.version, after: after?.version }));
const unfinished = (after?.diagnostics ?? []).filter((d) => d.severity === 1 && d.range.start.line === edit?.line);
check('after the edit, the unfinished order `A par - ` is an error on its line', unfinished.length === 1 && wellFormed(unfinished[0]), show(after?.diagnostics));

const completion = events.get('COMPLETION');
check('completion after `A par - ` gives exactly the places Paris can reach', show(completion?.labels) === show(['bre', 'bur', 'gas', 'pic']), show(completion));

const province = events.get('HOVER_PROVINCE');
const provinceText = province?.result?.contents?.value ?? '';
check('hover on `par` describes Paris in that phase', provinceText.startsWith('**Paris** (`par`)') && provinceText.includes('In spring 1901 movement: owner france, unit A par (france)'), show(province));

if (failed > 0 && logs.length > 0) console.log(`server log:\n${logs.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
