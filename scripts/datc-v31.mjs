#!/usr/bin/env node
// Drafts one .dipgame file per test case of section 6 of the DATC v3.1 text (DATC.txt), for
// test/datc/v3.1/. The text is prose, so the output is a draft: each file is then reviewed and
// completed by hand (summary line, units the prose names without an order, retreat/adjustment
// positions, per-order results, expectations). Files that already exist are left alone unless
// --force is given, so hand-corrected files are never overwritten by accident.
//
//   node scripts/datc-v31.mjs PATH/TO/DATC.txt [--out DIR] [--force] [--only 6.A.1]
//
// What the draft holds:
// - `// DATC v3.1 6.A.1: TITLE` and a placeholder summary line;
// - `variant classic`, `edition 2023` (the DATC v3.1 preferences);
// - `position spring 1901 movement` with the units that receive an order (a `Build` or `Remove`
//   case gets `position winter 1901 adjustment` and no units: the prose gives them);
// - the orders in our notation with the classic map's ids (`F nth C A yor - yor`, `A lvp S A yor
//   - yor`, `A ven H`, `A spa - por via convoy`, `F gas - spa/sc`); a second block of orders for a
//   power that already has orders (the retreat orders of section 6.H) starts a retreat phase;
// - the paragraphs of the text after the orders, as `// TEXT:` comments for the reviewer (removed
//   when the file is completed: the files must not copy the DATC's prose);
// - an empty `expect` block.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLASSIC = join(ROOT, 'variants', 'classic', 'classic.dipmap');
const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];

/** Spellings of the DATC text that are not names of the classic map. */
const SPELLINGS = { 'helgoland bight': 'hel', rhur: 'ruh', 'mid atlantic ocean': 'mao', 'berling': 'ber' };
const COASTS = {
  nc: 'nc', sc: 'sc', ec: 'ec', wc: 'wc',
  'north coast': 'nc', 'south coast': 'sc', 'east coast': 'ec', 'west coast': 'wc',
};

function usage(message) {
  if (message) console.error(`datc-v31: ${message}`);
  console.error('usage: node scripts/datc-v31.mjs PATH/TO/DATC.txt [--out DIR] [--force] [--only CASE]');
  process.exit(2);
}

function parseArgs(argv) {
  const args = { input: undefined, out: join(ROOT, 'test', 'datc', 'v3.1'), force: false, only: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out') args.out = argv[++i] ?? usage('--out needs a folder');
    else if (a === '--only') args.only = argv[++i] ?? usage('--only needs a case id');
    else if (a === '--force') args.force = true;
    else if (a.startsWith('-')) usage(`unknown option ${a}`);
    else if (args.input) usage('give one input file');
    else args.input = a;
  }
  if (!args.input) usage('no input file given');
  args.input = resolve(args.input);
  args.out = resolve(args.out);
  return args;
}

/** Province names of the classic map (lower case) → id. */
function provinceNames() {
  const text = readFileSync(CLASSIC, 'utf8');
  const names = new Map();
  for (const m of text.matchAll(/^\s*province\s+([a-z]+)\s+"([^"]+)"/gm)) {
    names.set(m[2].toLowerCase(), m[1]);
    names.set(m[1], m[1]);
  }
  for (const [k, v] of Object.entries(SPELLINGS)) names.set(k, v);
  return names;
}

const NAMES = provinceNames();
const problems = [];

/** "St Petersburg(south coast)", "Spain(nc)", "North Sea" → "stp/sc", "spa/nc", "nth". */
function place(text, where) {
  const m = /^(.*?)\s*(?:\(([^)]*)\))?\s*$/.exec(text.trim());
  const name = m[1].trim().toLowerCase();
  const id = NAMES.get(name);
  if (!id) {
    problems.push(`${where}: unknown province "${text}"`);
    return `?${text}?`;
  }
  if (!m[2]) return id;
  const coast = COASTS[m[2].trim().toLowerCase()];
  if (!coast) problems.push(`${where}: unknown coast "${m[2]}"`);
  return `${id}/${coast ?? m[2]}`;
}

/** A unit reference "A Yorkshire" (the type may be missing in the text) → "A yor". */
function unitRef(text, where) {
  const m = /^(?:([AF])\s+)?(.+)$/.exec(text.trim());
  return (m[1] ? `${m[1]} ` : '') + place(m[2], where);
}

/** One order line of the text → { unit: {kind, at}, text } in our notation, or undefined. */
function order(line, where) {
  let m;
  if (/[.:]$/.test(line)) return undefined; // prose ("Build fails.")
  if ((m = /^(Build|Remove)\s+(?:([AF])\s+)?(.+)$/i.exec(line))) {
    const verb = m[1][0].toUpperCase() + m[1].slice(1).toLowerCase();
    return { adjustment: true, text: `${verb} ${m[2] ? `${m[2]} ` : ''}${place(m[3], where)}` };
  }
  if (!/^[AF]\s/.test(line)) return undefined;
  const kind = line[0];
  const rest = line.slice(2);
  const unit = (at) => ({ kind, at: at.replace(/\/.*$/, ''), full: at });
  if ((m = /^(.+?)\s+Hold$/i.exec(rest))) {
    const at = place(m[1], where);
    return { unit: unit(at), text: `${kind} ${at} H` };
  }
  if ((m = /^(.+?)\s+Supports\s+(.+?)(?:\s+-\s+(.+))?$/i.exec(rest))) {
    const at = place(m[1], where);
    const target = m[3] ? `${unitRef(m[2], where)} - ${place(m[3], where)}` : unitRef(m[2], where);
    return { unit: unit(at), text: `${kind} ${at} S ${target}` };
  }
  if ((m = /^(.+?)\s+Convoys\s+(.+?)\s+-\s+(.+)$/i.exec(rest))) {
    const at = place(m[1], where);
    return { unit: unit(at), text: `${kind} ${at} C ${unitRef(m[2], where)} - ${place(m[3], where)}` };
  }
  if ((m = /^(.+?)\s+-\s+(.+?)(\s+via\s+convoy)?$/i.exec(rest))) {
    const at = place(m[1], where);
    return { unit: unit(at), text: `${kind} ${at} - ${place(m[2], where)}${m[3] ? ' via convoy' : ''}` };
  }
  return undefined;
}

/** The test cases of section 6: { id: '6.A.1', title, lines }. */
function cases(text) {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => /^6\. TEST CASES/.test(l));
  if (start < 0) usage('no section "6. TEST CASES" in the input');
  const out = [];
  for (const line of lines.slice(start)) {
    const m = /^(6\.[A-J]\.\d+)\.?\s+TEST CASE,\s*(.*)$/.exec(line);
    if (m) out.push({ id: m[1], title: m[2].trim(), lines: [] });
    else if (out.length) out[out.length - 1].lines.push(line);
  }
  return out;
}

function fileName(id) {
  const [, sec, n] = /^6\.([A-J])\.(\d+)$/.exec(id);
  return `6.${sec}.${n.padStart(2, '0')}.dipgame`;
}

function draft(c) {
  const phases = [];
  let phase;
  let power;
  const text = [];
  let seenOrders = false;
  for (const raw of c.lines) {
    const line = raw.trim();
    if (!line) continue;
    const pm = /^([A-Z][a-z]+):?$/.exec(line);
    if (pm && POWERS.includes(pm[1].toLowerCase())) {
      power = pm[1].toLowerCase();
      if (!phase || (phase.orders.has(power) && phase.closed)) {
        phase = { orders: new Map(), closed: false };
        phases.push(phase);
      }
      if (!phase.orders.has(power)) phase.orders.set(power, []);
      continue;
    }
    const o = power ? order(line, `${c.id} "${line}"`) : undefined;
    if (o) {
      phase.orders.get(power).push(o);
      seenOrders = true;
      continue;
    }
    power = undefined;
    if (phase) phase.closed = true;
    if (seenOrders) text.push(line);
  }
  const adjustment = phases.some((p) => [...p.orders.values()].some((os) => os.some((o) => o.adjustment)));
  const out = [];
  out.push(`// DATC v3.1 ${c.id}: ${c.title}`);
  out.push('// TODO: what the case checks and the expected outcome, in our own words.');
  out.push('variant classic');
  out.push('edition 2023');
  out.push('');
  if (adjustment) {
    out.push('position winter 1901 adjustment');
    out.push('  // TODO: units and owners from the prose');
  } else {
    out.push('position spring 1901 movement');
    for (const [p, os] of phases[0]?.orders ?? []) {
      const units = os.filter((o) => o.unit).map((o) => `${o.unit.kind} ${o.unit.full}`);
      if (units.length) out.push(`  ${p}: ${units.join(', ')}`);
    }
  }
  phases.forEach((p, i) => {
    out.push('');
    out.push(adjustment ? 'phase winter 1901 adjustment' : i === 0 ? 'phase spring 1901 movement' : 'phase spring 1901 retreat');
    for (const [pw, os] of p.orders) {
      out.push(`  ${pw}:`);
      for (const o of os) out.push(`    ${o.text}`);
    }
    out.push('');
    out.push('expect');
    out.push('  // TODO');
  });
  out.push('');
  for (const t of text) out.push(`// TEXT: ${t}`);
  return out.join('\n') + '\n';
}

const args = parseArgs(process.argv.slice(2));
const all = cases(readFileSync(args.input, 'utf8'));
mkdirSync(args.out, { recursive: true });
let written = 0;
let kept = 0;
for (const c of all) {
  if (args.only && c.id !== args.only) continue;
  const file = join(args.out, fileName(c.id));
  const body = draft(c);
  if (existsSync(file) && !args.force) {
    kept++;
    continue;
  }
  writeFileSync(file, body);
  written++;
}
for (const p of problems) console.error(`datc-v31: ${p}`);
console.error(`datc-v31: ${all.length} cases read, ${written} drafts written, ${kept} existing files kept`);
