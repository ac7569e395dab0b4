// Writes docs/DIAGNOSTICS.md from the diagnostic registry (run after a build).
// `--check` exits 1 when the document is out of date instead of writing it.
import { readFileSync, writeFileSync } from 'node:fs';
import { Codes } from '../packages/dsl/dist/diagnostics/codes.js';

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
    'Ranges: DF1xxx syntax, DF2xxx names and values, DF3xxx map structure, DF4xxx powers, centres and units,',
    'DF5xxx files, imports, extends and the compiled configuration, DF6xxx game files, DF7xxx maps of other',
    'engines read by `dipforge import-map` (DF700x errors, DF701x warnings, DF702x information), DF8xxx warnings,',
    'DF9xxx information (never a problem: a note on what was done).',
    '',
    '| code | severity | name | meaning |',
    '|---|---|---|---|',
    ...rows,
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
