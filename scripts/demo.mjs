// The newcomer's first run: check and compile the built-in classic variant, say
// what it holds, then adjudicate an example game on it. Uses the command line
// exactly as a user would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = join('packages', 'cli', 'bin', 'dipforge.js');
const map = join('variants', 'classic', 'classic.dipmap');
const game = join('variants', 'classic', 'examples', '1901.dipgame');
const run = (...args) => execFileSync(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'inherit'] }).toString();

console.log(`$ dipforge check ${map}`);
run('check', map);
const dir = mkdtempSync(join(tmpdir(), 'dipforge-demo-'));
try {
  const out = join(dir, 'classic.json');
  console.log(`$ dipforge compile ${map} -o classic.json`);
  run('compile', map, '-o', out);
  const config = JSON.parse(readFileSync(out, 'utf8'));
  const centres = config.provinces.filter((p) => p.supplyCentre).length;
  const coasts = config.provinces.filter((p) => p.coasts?.length).map((p) => p.coasts.map((c) => `${p.id}/${c.id}`).join(' ')).join(' ');
  console.log(`\n${config.name}: ${config.provinces.length} provinces, ${centres} supply centres (${config.neutralCentres.length} neutral), split coasts ${coasts}`);
  console.log(`edges: ${config.adjacency.army.length / 2} army, ${config.adjacency.fleet.length / 2} fleet (each both ways)`);
  for (const p of config.powers) {
    const units = p.units.map((u) => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`).join(', ');
    console.log(`  ${p.name.padEnd(8)} home ${p.home.join(' ').padEnd(12)} units ${units}`);
  }
  console.log(`rules: edition ${config.rules.edition ?? '2023'}, ${Object.keys(config.rules).length} options resolved`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\n$ dipforge adjudicate ${game}`);
process.stdout.write(run('adjudicate', game));
