// Writes docs/DIAGNOSTICS.md from the diagnostic registry (run after a build).
// `--check` exits 1 when the document is out of date instead of writing it.
import { readFileSync, writeFileSync } from 'node:fs';
import { Codes } from '../packages/dsl/dist/diagnostics/codes.js';
import {
  COORDINATE_FIELD,
  ECHO_LENGTH,
  LINE_LENGTH,
  MAX_DECISION_DEPTH,
  MAX_LOCALIZED_LENGTH,
  MESSAGE_LENGTH,
  SCORE_FIELD,
  SEED_FIELD,
  YEAR_FIELD,
} from '../packages/engine/dist/index.js';

/** `from MIN to MAX` of a number field, as the limits below give it. */
const range = (field) => `from ${field.min} to ${field.max}`;

export function diagnosticsDoc() {
  const rows = Object.entries(Codes)
    .map(([name, c]) => ({ name, ...c }))
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((c) => `| ${c.code} | ${c.severity} | \`${c.name}\` | ${c.summary} |`);
  return [
    '# Diagnostics',
    '',
    'Every diagnostic dipforge reports has a stable code. A code never changes meaning; new problems get',
    'new codes. Generated from `packages/dsl/src/diagnostics/codes.ts` by `node scripts/diagnostics-doc.mjs`.',
    '',
    'Ranges: DF0xxx dipforge itself failed (a bug, never a problem of the input), DF1xxx syntax, DF2xxx names and',
    'values, DF3xxx map structure, DF4xxx powers, centres and units, DF5xxx files, imports, extends and the compiled',
    'configuration, DF6xxx game files, DF7xxx maps of other engines read by `dipforge import-map` (DF700x errors,',
    'DF701x warnings, DF702x information), DF8xxx warnings, DF9xxx information (never a problem: a note on what was done).',
    'Within DF2xxx, DF202x is the board artwork: DF2020 and DF2021 are errors (no board can be drawn), DF2022 to DF2029',
    'warnings (the picture is off, the variant still plays).',
    '',
    '| code | severity | name | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
    '## Exit codes',
    '',
    'A command exits 0 when all is fine, 1 when the input has errors, 2 when the command line is wrong (an unknown',
    'option, a number out of its range, an edition given with `--edition` or `--vs` that the game\'s variant does not',
    'have: said with the flag and the editions there are, before any result is printed) and 3 when dipforge itself',
    'failed, a bug and never the input\'s fault: a diagnostic DF0001, DF6009 or DF6036, or a failure outside the',
    'diagnostics (a stack overflow included). An internal error is reported in one line, without a stack trace',
    '(set `DIPFORGE_DEBUG=1` to see one).',
    '',
    '## How messages show the input',
    '',
    `- Input quoted in a message (a name, a token, a line) is cut to ${ECHO_LENGTH} characters, with \`…\` after the cut (an order`,
    `  as \`dipforge diff\` lists it, to ${LINE_LENGTH}), and a whole message to ${MESSAGE_LENGTH}: a token of megabytes still gives short lines.`,
    '- Control characters are written as escapes (`\\t`, `\\n`, `\\u0007`), as are the line and paragraph separators, the',
    '  bidirectional controls and a lone surrogate half, so that no message can garble the terminal or editor showing it.',
    '- A number too large (or too small) for its field says so with the number as written, never as `Infinity` or',
    `  \`1e+23\`: a year is ${range(YEAR_FIELD)}, a seed ${range(SEED_FIELD)}, a coordinate (\`at X Y\`)`,
    `  ${range(COORDINATE_FIELD)}, a score ${range(SCORE_FIELD)}, a rule option within its range (docs/RULES.md; at most`,
    `  ${Number.MAX_SAFE_INTEGER} where it has no upper bound), and a number option of \`dipforge bench\` within its range.`,
    '',
    '## Files that cannot be read',
    '',
    '- A path that is no file says what it is: a folder, a named pipe (FIFO), a device, a socket, a loop of symbolic',
    '  links, or a symbolic link to a file that does not exist. The path is looked at before it is opened, so a named',
    '  pipe never makes a command wait.',
    '- A file that is not UTF-8 text gets DF5009 at its first bad byte, with the byte, its offset from the start of',
    '  the file and its line and column; its bytes are never silently replaced. The same holds for an imported or',
    '  extended file and a game\'s variant file (the diagnostic then stands where that file is named).',
    '- `dipforge import FILE.json` on a text that is not JSON says where: `FILE.json:LINE:COLUMN: error: not JSON: …`,',
    '  a text cut short included.',
    '',
    '## Limits',
    '',
    '- Chains of any length are followed without running out of stack: orders in one phase, rule sets that extend',
    '  one another (a long cycle is shown by its ends), imports and extends across files, `USE` lines of imported',
    '  maps, parentheses and filler words around a place in an order.',
    `- A line of orders in Chinese, Japanese or Finnish is read up to ${MAX_LOCALIZED_LENGTH} characters (DF6037).`,
    `- A movement phase whose orders depend on one another in a chain longer than ${MAX_DECISION_DEPTH} (a move on the move out of`,
    '  its target, …; only a board of more units can have one) is not adjudicated (DF6011).',
    '',
  ].join('\n');
}

const target = new URL('../docs/DIAGNOSTICS.md', import.meta.url);
const wanted = diagnosticsDoc();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // A missing document is simply out of date.
  }
  if (current !== wanted) {
    console.error('docs/DIAGNOSTICS.md is out of date: run node scripts/diagnostics-doc.mjs');
    process.exit(1);
  }
} else if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  writeFileSync(target, wanted);
}
