// The newcomer's first run: check and compile the built-in classic variant, say
// what it holds, adjudicate an example game, switch it to another edition, compare
// two editions on a game where they differ, and draw the board. Uses the command
// line exactly as a user would. It writes one file, the board, into demo-output/
// (kept, and ignored by git); everything else goes to the terminal.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const bin = join('packages', 'cli', 'bin', 'dipforge.js');
const map = join('variants', 'classic', 'classic.dipmap');
const game = join('variants', 'classic', 'examples', '1901.dipgame');
const coastGame = join('variants', 'classic', 'examples', 'implied-coast.dipgame');
const outDir = 'demo-output';
const board = join(outDir, 'board-1901.svg');
const run = (...args) => execFileSync(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const heading = (args) => console.log(`\n$ dipforge ${args.join(' ')}`);
// Long outputs are cut to the lines that tell the story, with a note of how much was left out.
const excerpt = (text, keep) => {
  const lines = text.trimEnd().split('\n');
  const shown = lines.filter((l, i) => keep(l, i));
  const left = lines.length - shown.length;
  return shown.join('\n') + (left > 0 ? `\n  … (${left} more line${left === 1 ? '' : 's'})` : '');
};

heading(['check', map]);
run('check', map);
console.log('no problems');

heading(['compile', map]);
const config = JSON.parse(run('compile', map));
const centres = config.provinces.filter((p) => p.supplyCentre).length;
const coasts = config.provinces.filter((p) => p.coasts?.length).map((p) => p.coasts.map((c) => `${p.id}/${c.id}`).join(' ')).join(' ');
console.log(`(the VariantConfig JSON, summed up; add -o FILE to keep it)`);
console.log(`${config.name}: ${config.provinces.length} provinces, ${centres} supply centres (${config.neutralCentres.length} neutral), split coasts ${coasts}`);
console.log(`edges: ${config.adjacency.army.length / 2} army, ${config.adjacency.fleet.length / 2} fleet (each both ways)`);
for (const p of config.powers) {
  const units = p.units.map((u) => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`).join(', ');
  console.log(`  ${p.name.padEnd(8)} home ${p.home.join(' ').padEnd(12)} units ${units}`);
}
console.log(`rules: edition ${config.rules.edition ?? '2023'}, ${Object.keys(config.rules).length} options resolved`);

heading(['adjudicate', game]);
// Shown: the spring's results, then the position, centres and result at the end.
const report = run('adjudicate', game).split('\n');
const springEnd = report.findIndex((l) => l.startsWith('spring 1901 retreat'));
const end = report.findIndex((l) => l.startsWith('position at'));
console.log(report.slice(0, springEnd).join('\n'));
console.log(`… (${end - springEnd} lines: the fall 1901 results, the winter builds)\n`);
console.log(report.slice(end).join('\n').trimEnd());

// The edition switch: the old rules play a postal year, so the winter builds move
// into the fall orders. Shown: the fall 1901 orders of three powers.
heading(['convert', game, '--edition', 'old-rules']);
const converted = run('convert', game, '--edition', 'old-rules').split('\n');
const fall = converted.findIndex((l) => l.startsWith('phase fall 1901'));
const germany = converted.findIndex((l, i) => i > fall && l.trim() === 'germany:');
console.log(converted.find((l) => l.startsWith('edition')));
console.log(converted[fall]);
console.log('  …');
console.log(converted.slice(germany, germany + 10).join('\n'));
console.log('  … (the winter phase is gone: its builds are in the fall lists)');

heading(['diff', coastGame, '--vs', 'old-rules']);
console.log(excerpt(run('diff', coastGame, '--vs', 'old-rules'), (l) => !l.startsWith('  DF')));

mkdirSync(outDir, { recursive: true });
heading(['render', game, '-o', board]);
run('render', game, '-o', board);
console.log(`wrote ${board}: the board after the winter 1901 builds (open it in a browser)`);
