/**
 * Shared fixtures and helpers for the `.dipmap` tests: a minimal valid
 * two-power toy variant, an in-memory FileHost, and short ways to find a
 * diagnostic's range and to compute the range a test expects.
 */
import { expect } from 'vitest';
import { checkMapFile, compileMapFile, type CheckResult, type CompileResult } from '../src/api.js';
import type { Diagnostic } from '../src/diagnostics/diagnostic.js';
import type { Range } from '../src/text/range.js';
import { MemoryHost } from '../src/workspace/host.js';
import { VariantLoader } from '../src/workspace/loader.js';

/** `[startLine, startColumn, endLine, endColumn]`, all 0-based. */
export type Span = [number, number, number, number];

export function span(range: Range): Span {
  return [range.start.line, range.start.column, range.end.line, range.end.column];
}

/** The spans of every diagnostic with `code`, in report order. */
export function spans(diagnostics: readonly Diagnostic[], code: string): Span[] {
  return diagnostics.filter((d) => d.code === code).map((d) => span(d.range));
}

/** The codes of the diagnostics, in report order. */
export function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => d.code);
}

/**
 * The span of `sub` inside the `nth` (0-based) occurrence of `needle` in `text`:
 * `locate(src, 'home gam, mid', 'mid')` is the span of that `mid`. Fails the test
 * when the needle is not there, so a fixture edit cannot silently move a target.
 */
export function locate(text: string, needle: string, sub: string = needle, nth = 0): Span {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' (occurrence ${nth}) is not in the text`);
  }
  const inner = needle.indexOf(sub);
  if (inner < 0) throw new Error(`'${sub}' is not in '${needle}'`);
  const start = at + inner;
  return [...position(text, start), ...position(text, start + sub.length)] as Span;
}

function position(text: string, offset: number): [number, number] {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return [line, offset - (before.lastIndexOf('\n') + 1)];
}

/** `text` with the single occurrence of `from` replaced by `to` (fails if `from` is missing or repeated). */
export function edit(text: string, from: string, to: string): string {
  const first = text.indexOf(from);
  if (first < 0) throw new Error(`'${from}' is not in the text`);
  if (text.indexOf(from, first + 1) >= 0) throw new Error(`'${from}' occurs more than once`);
  return text.slice(0, first) + to + text.slice(first + from.length);
}

/**
 * The toy variant: two powers, eight provinces (one split-coast, two seas, one
 * impassable), five supply centres. It checks with no diagnostic at all, so
 * every error test derives from it by one small edit.
 */
export const TOY = `// A two-power toy variant.
variant toy "Toy" {
  author "Tester"
  start 1901 spring movement
}

rules {
  edition 2023
  victory-centres 4
}

province alp "Alpha" coast supply { name fi "Alfa" alias al at 10 20 }
province bet "Beta" coast supply
province gam "Gamma" land supply
province del "Delta" land supply
province eps "Epsilon" coast supply {
  coast nc "North Coast"
  coast sc "South Coast"
}
province wes "West" land
province one "Sea One" sea
province two "Sea Two" sea
province mnt "Mountain" impassable

adjacency {
  both alp: bet
  army alp: gam, wes
  army bet: del, eps
  army gam: del, wes
  army del: eps
  fleet alp: one
  fleet bet: two, eps/sc
  fleet eps/nc: one
  fleet eps/sc: two
  fleet one: two
}

power north "North" {
  adjective "Northern"
  colour #123
  home alp, bet
  units A alp, F bet
}

power south "South" {
  colour #a0b0c0
  home gam, del
  units A gam, A del
  owns gam
}

neutral centres eps
`;

export const PROJECT = '/proj';
export const BUILTIN = '/builtin';
export const ENTRY = `${PROJECT}/toy.dipmap`;

/** Built-in editions for the fake file system, so tests do not depend on `variants/`. */
export const FAKE_EDITIONS: Record<string, string> = {
  [`${BUILTIN}/editions/2023.dipmap`]: 'ruleset 2023 "Test 2023" { }\n',
  [`${BUILTIN}/editions/2000.dipmap`]: 'ruleset 2000 "Test 2000" extends 2023 {\n  removal-order country-distance\n}\n',
};

/** A loader over the given files plus `/proj/package.json` and the fake editions. */
export function memoryLoader(files: Record<string, string>): VariantLoader {
  const host = new MemoryHost({ [`${PROJECT}/package.json`]: '{}', ...FAKE_EDITIONS, ...files });
  return new VariantLoader({ host, builtinDir: BUILTIN });
}

/** Checks `text` as `/proj/toy.dipmap`, with more files beside it if given. */
export function checkText(text: string, more: Record<string, string> = {}): CheckResult {
  return checkMapFile(ENTRY, memoryLoader({ [ENTRY]: text, ...more }));
}

export function compileText(text: string, more: Record<string, string> = {}): CompileResult {
  return compileMapFile(ENTRY, memoryLoader({ [ENTRY]: text, ...more }));
}

/**
 * Asserts that the diagnostics are exactly the expected ones: each `[code, span]`
 * once, in any order, and nothing else (with the file when given).
 */
export function expectExactly(diagnostics: readonly Diagnostic[], expected: [string, Span][], file?: string): void {
  const actual = diagnostics.map((d) => [d.code, span(d.range)] as [string, Span]);
  const key = (e: [string, Span]): string => `${e[0]} ${e[1].join(',')}`;
  expect(actual.map(key).sort()).toEqual(expected.map(key).sort());
  if (file !== undefined) for (const d of diagnostics) expect(d.file).toBe(file);
}
export { MemoryHost };

/** Checks the toy with one edit, returning the diagnostics and the edited text. */
export function variantWith(from: string, to: string) {
  const text = edit(TOY, from, to);
  return { text, diagnostics: checkText(text).diagnostics };
}
