/**
 * The `.dipmap` tokens are made on first use, not when the language loads: a run that reads only
 * built-in maps takes their stored trees and never lexes a map, so a fresh process (`dipforge
 * test`) is spared chevrotain's work. Module state is shared between test files here, so the
 * check runs in a process of its own, on the built package.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = (file: string): string => new URL(`../dist/${file}`, import.meta.url).href;

const script = `
const lexer = await import(${JSON.stringify(dist('lexer.js'))});
const dsl = await import(${JSON.stringify(dist('index.js'))});
const made = () => lexer.Identifier !== undefined;
const atLoad = made();
const game = 'variant classic\\nphase spring 1901 movement\\n  austria:\\n    A vie - gal [succeeds]\\n';
const run = dsl.runGameText(game, 'lazy.dipgame', undefined, { headless: true });
const afterGame = made();
const map = dsl.parseMap('variant lazy {}\\nprovince abc "Abc" land { at 10 20 }\\n', 'lazy.dipmap');
console.log(JSON.stringify({
  atLoad,
  afterGame,
  gameErrors: run.diagnostics.filter((d) => d.severity === 'error').length,
  phases: run.phases.length,
  afterMap: made(),
  mapErrors: map.diagnostics.length,
  provinces: map.ast.decls.filter((d) => d.kind === 'Province').length,
}));
`;

describe('the .dipmap tokens', () => {
  it('are not made by loading the language nor by a game on a built-in variant, and are made by the first map read', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('.', import.meta.url)), encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ atLoad: false, afterGame: false, gameErrors: 0, phases: 1, afterMap: true, mapErrors: 0, provinces: 1 });
  });
});
