/**
 * An edition named on the command line (`--edition`, `--vs`) that the game's
 * variant does not have is a wrong command line: said with the flag that named
 * it and the editions there are, and nothing else is printed.
 */
import type { GameRun } from '@dipforge/dsl';
import { quoted } from '@dipforge/engine/config';
import { Exit, type Io } from './io.js';

/** Exit 2 once `io.err` has said so when `run` was asked for an edition its variant lacks; undefined otherwise. */
export function unknownEditionExit(command: string, flag: string, run: GameRun, usage: string, io: Io): number | undefined {
  const unknown = run.unknownEdition;
  if (!unknown) return undefined;
  io.err(`dipforge ${command}: ${flag} ${quoted(unknown.name)} is no edition of this game's variant; the editions are ${unknown.known.join(', ')}\nusage: ${usage}\n`);
  return Exit.usage;
}
