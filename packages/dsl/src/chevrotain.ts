/**
 * chevrotain, loaded from its single-file build.
 *
 * The package's entry point (`lib/src/api.js`) imports several hundred modules of lodash-es one
 * by one, which costs a command-line run about ten times what the rest of the language loading
 * does; the package also ships the same version as one ES module (`lib/chevrotain.mjs`), which
 * its `exports` map does not name. It is found next to the entry point; where it is missing (a
 * differently laid-out install) the entry point is used, which behaves the same, only slower.
 * Types still come from `chevrotain` itself; every module of this package imports chevrotain's
 * values from here, so that there is one copy of its classes.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Chevrotain from 'chevrotain';

async function chevrotainModule(from: string): Promise<typeof Chevrotain> {
  try {
    const entry = createRequire(from).resolve('chevrotain');
    const bundle = join(dirname(entry), '..', 'chevrotain.mjs');
    if (existsSync(bundle)) return (await import(pathToFileURL(bundle).href)) as typeof Chevrotain;
  } catch {
    // Resolution failed: fall back to the entry point below, which reports a missing package clearly.
  }
  return import('chevrotain');
}

const chevrotain = await chevrotainModule(import.meta.url);

export const { createToken, CstParser, EOF, getLookaheadPaths, Lexer, LLkLookaheadStrategy, serializeGrammar, tokenMatcher } = chevrotain;
