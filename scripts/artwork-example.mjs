// Draws test/artwork/isles.svg, the artwork of the example variant test/artwork/isles.dipmap, from
// simple shapes (rectangles on a 100-unit grid, a circle of arcs, a curve), written with as many of the SVG
// forms the artwork reader takes as a small map allows: rect, polygon, a path in relative commands,
// a path with a quadratic curve, an arc, a group with a transform, a coast drawn apart, decoration.
//   node scripts/artwork-example.mjs           write the file
//   node scripts/artwork-example.mjs --check   exit 1 if the file is not what it would write
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FILE = join(root, 'test/artwork/isles.svg');

// Land west of x 200, the capital between 200 and 400, the east split at y 200; seas above y 100
// and below y 300; an island in the northern sea.
const svg = `<?xml version="1.0" encoding="UTF-8"?>
<!-- The Isles: artwork of the example variant isles.dipmap (drawn by scripts/artwork-example.mjs). -->
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400">
  <title>The Isles</title>
  <defs><pattern id="waves" width="10" height="10"><path d="M0 5h10"/></pattern></defs>
  <g id="layer-sea" fill="#b8d4e8" stroke="#345">
    <rect id="nor" x="0" y="0" width="600" height="100"/>
    <path id="SOU" d="M0 300 H600 V380 Q300 420 0 380 Z"/>
  </g>
  <g id="layer-land" fill="#e8dcb8" stroke="#345">
    <polygon id="wes" points="0,100 200,100 200,300 0,300"/>
    <g id="cap" transform="translate(200 100)">
      <path d="m0 0h200v200h-200z"/>
      <rect id="cap-nc" x="60" y="0" width="80" height="30" fill="none"/>
    </g>
    <path id="eas" d="M400 100h200v100H400Z"/>
    <g transform="scale(2)"><polygon id="sth" points="200,100 300,100 300,150 200,150"/></g>
    <path id="isl" d="M270 45a30 30 0 1 0 60 0a30 30 0 1 0 -60 0z"/>
  </g>
  <circle cx="560" cy="370" r="12" fill="none" stroke="#345"/>
  <path id="_compass" d="M560 350v40M540 370h40" stroke="#345"/>
</svg>
`;

if (process.argv.includes('--check')) {
  if (readFileSync(FILE, 'utf8') !== svg) {
    console.error(`${FILE} is not what scripts/artwork-example.mjs draws; run it without --check`);
    process.exit(1);
  }
} else {
  writeFileSync(FILE, svg);
  console.log(`wrote ${FILE}`);
}
