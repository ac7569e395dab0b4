// Writes packages/dsl/dist/parsed/: the syntax trees of the built-in .dipmap files (the variants
// and the edition presets) and what each built-in variant's compile read and gave, so that a game
// naming a built-in variant is checked without the map language (packages/dsl/src/workspace/
// stored-parses.ts and builtin-compiled.ts say how they are found and when they are trusted).
// Run after `tsc -b` and scripts/builtin-variants.mjs; `npm run build` runs it.
import { variantsDir } from '@dipforge/variants';
import { writeStoredParses } from '../packages/dsl/dist/workspace/store-writer.js';

const { held, compiled, changed } = writeStoredParses(variantsDir);
process.stdout.write(`built-in map trees: ${held}, compiled variants: ${compiled} (${changed} trees written or removed)\n`);
