/**
 * The words of the game language that the reader decides on: statements' keywords, phase kinds,
 * results, unit kinds, declarations.
 */
import type * as G from './ast.js';

export const HEADER_KEYWORDS = new Set(['variant', 'edition', 'rule', 'seed', 'player', 'language']);
export const PHASE_KINDS: Record<string, G.PhaseKindName> = { movement: 'movement', retreat: 'retreat', adjustment: 'adjustment' };
export const RESULTS: Record<string, G.ExpectedResult> = { succeeds: 'succeeds', fails: 'fails', illegal: 'illegal' };
export const UNIT_KINDS: Record<string, 'army' | 'fleet'> = { a: 'army', army: 'army', f: 'fleet', fleet: 'fleet' };
/** Words that start a declaration in a `declare` block (besides `POWER allies POWER`). */
export const DECLARATION_KEYWORDS = new Set(['alliance', 'draw', 'concede', 'end']);
export const RESULT_KINDS = new Set<G.ResultKindName>(['solo', 'alliance', 'leader', 'shared', 'draw', 'concession', 'ended', 'extended', 'none']);

/** The first words of the statements of an expect block. */
export const EXPECT_WORDS = ['units', 'dislodged', 'owners', 'winner', 'draw', 'score', 'result'];
/** Every word that begins a statement somewhere: never taken for a slip of another. */
export const STATEMENT_WORDS = new Set<string>([...HEADER_KEYWORDS, 'position', 'phase', 'expect', 'declare', 'standoffs', 'allies', 'none', ...EXPECT_WORDS, ...DECLARATION_KEYWORDS]);

/**
 * First words that make a line something other than an order, in a phase or
 * anywhere: statements' keywords and the words of declarations and expectations.
 */
export const NOT_ORDER_WORDS = new Set([
  ...HEADER_KEYWORDS,
  'position',
  'phase',
  'expect',
  'declare',
  'units',
  'dislodged',
  'owners',
  'winner',
  'standoffs',
  'score',
  'result',
  ...DECLARATION_KEYWORDS,
]);
