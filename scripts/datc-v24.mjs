#!/usr/bin/env node
// Converts the machine-readable DATC v2.4 file (datc_v2.4_06.txt, the jDip/godip format) into one
// .dipgame file per case, under test/datc/v2.4/ (or the folder given with --out).
//
//   node scripts/datc-v24.mjs PATH/TO/datc_v2.4_06.txt [--out DIR]
//
// What each generated file holds:
// - the case's `#` comments from the v2.4 file as its title (and the CASE line's own title, if any);
// - `variant classic`, `edition 2000` (the v2.4 preferences);
// - the position (PRESTATE, PRESTATE_SUPPLYCENTER_OWNERS, PRESTATE_DISLODGED) and, for a retreat
//   phase, what PRESTATE_RESULTS says about the movement before it: where each dislodged unit was
//   attacked from (`from PROV`, `via convoy` when the attack was convoyed), and the provinces left
//   empty by a standoff (two or more failed moves into an empty province); the results themselves
//   are kept as comments;
// - the orders, in our notation (`A lvp - edi`, `F nth C A lon - nwy`, `A mar S A par - bur`, `H`);
//   an order gets an expected result only where its comment in the v2.4 file says so plainly
//   ("illegal", "impossible move", "should succeed"…);
// - the expectations: POSTSTATE (or the prestate for POSTSTATE_SAME) as `units`, and for a movement
//   phase POSTSTATE_DISLODGED as `dislodged` (`dislodged none` when empty). A dislodged unit that
//   cannot retreat is destroyed at once by godip, so the v2.4 file comments it out; it is still
//   dislodged by the phase, and is listed here with a note.
//
// godip's province ids are written as the classic map's canonical ids (mid → mao, nat → nao,
// nrg → nwg, gol → lyo), and the two mislabelled case ids are fixed (6.F.E → 6.F.5, the second
// 6.F.14 → 6.F.15).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLASSIC = join(ROOT, 'variants', 'classic', 'classic.dipmap');

const RENAME = { mid: 'mao', nat: 'nao', nrg: 'nwg', gol: 'lyo' };
const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];

/** Units the v2.4 file leaves out in prose only: dislodged, with no retreat, so godip destroys them. */
const DESTROYED_IN_PROSE = {
  '6.D.34': [{ power: 'italy', kind: 'A', at: 'pru', note: 'the v2.4 file says so only in a comment: "the Dislodged prun unit has no retreats, and is destroyed"' }],
};

/** Notes about a case that the converter cannot infer. */
const NOTES = {
  '6.H.15':
    'The v2.4 file gives no dislodged unit for this case (the English F por of the DATC case is not in PRESTATE_DISLODGED, and the French fleet is still in spa/sc), so nothing is left to retreat and the case checks only that the position stands.',
};

// --------------------------------------------------------------------------- reading

function usage(message) {
  if (message) console.error(`datc-v24: ${message}`);
  console.error('usage: node scripts/datc-v24.mjs PATH/TO/datc_v2.4_06.txt [--out DIR]');
  process.exit(2);
}

function parseArgs(argv) {
  let input;
  let out = join(ROOT, 'test', 'datc', 'v2.4');
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out') {
      out = argv[++i];
      if (!out) usage('--out needs a folder');
    } else if (a.startsWith('-')) usage(`unknown option ${a}`);
    else if (input) usage('give one input file');
    else input = a;
  }
  if (!input) usage('no input file given');
  return { input: resolve(input), out: resolve(out) };
}

function classicIds() {
  const text = readFileSync(CLASSIC, 'utf8');
  const ids = new Set();
  for (const m of text.matchAll(/^\s*province\s+([a-z]+)\s/gm)) ids.add(m[1]);
  return ids;
}

function editDistance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length];
}

/** A case id as written → the fixed DATC id and the file stem (`6.A.1` → `6.A.01`). */
function caseId(raw, seen) {
  let id = raw;
  const notes = [];
  if (id === '6.F.E') {
    id = '6.F.5';
    notes.push('The v2.4 file labels this case 6.F.E; it is 6.F.5.');
  }
  if (id === '6.F.14' && seen.has('6.F.14')) {
    id = '6.F.15';
    notes.push('The v2.4 file labels this case 6.F.14 a second time; it is 6.F.15.');
  }
  const m = /^6\.([A-Z])\.(\d+)(.*)$/.exec(id);
  if (!m) throw new Error(`unexpected case id ${raw}`);
  return { id, stem: `6.${m[1]}.${m[2].padStart(2, '0')}${m[3]}`, notes };
}

function splitComment(line) {
  const i = line.indexOf('#');
  if (i < 0) return { content: line.trim(), comment: '' };
  return { content: line.slice(0, i).trim(), comment: line.slice(i).replace(/^#+/, '').trim() };
}

/** Reads the file into cases; each case keeps its sections' lines with their comments. */
function readCases(text) {
  const lines = text.split(/\r?\n/);
  const cases = [];
  let comments = [];
  let inBanner = false;
  let current;
  let section;
  for (const raw of lines) {
    const line = raw.replace(/\s+$/, '');
    if (!current) {
      if (/^#{10,}/.test(line)) {
        inBanner = !inBanner;
        comments = [];
        continue;
      }
      if (inBanner) continue;
      if (line.startsWith('#')) {
        const c = line.replace(/^#+/, '').trim();
        if (c) comments.push(c);
        continue;
      }
      if (line.trim() === '') continue;
      const m = /^CASE\s+(\S+?)\.?(?:\s+(.*))?$/.exec(line);
      if (m) {
        current = { rawId: m[1], caseTitle: (m[2] ?? '').trim(), comments, sections: {}, order: [] };
        comments = [];
        section = 'CASE';
        continue;
      }
      if (/^VARIANT_ALL\s+Standard$/.test(line)) continue;
      throw new Error(`unexpected line outside a case: ${line}`);
    }
    const { content, comment } = splitComment(line);
    const keyword = /^[A-Z_]+$/.test(content) ? content : undefined;
    if (content === 'END') {
      cases.push(current);
      current = undefined;
      continue;
    }
    if (content.startsWith('PRESTATE_SETPHASE')) {
      const p = /^PRESTATE_SETPHASE\s+(\S+)\s+(\d+),\s+(\S+)$/.exec(content);
      if (!p) throw new Error(`bad phase line in ${current.rawId}: ${line}`);
      current.phase = { season: p[1].toLowerCase(), year: Number(p[2]), kind: p[3].toLowerCase() };
      continue;
    }
    if (keyword && ['PRESTATE', 'PRESTATE_SUPPLYCENTER_OWNERS', 'PRESTATE_DISLODGED', 'PRESTATE_RESULTS', 'ORDERS', 'POSTSTATE', 'POSTSTATE_DISLODGED'].includes(keyword)) {
      section = keyword;
      current.sections[section] = current.sections[section] ?? [];
      continue;
    }
    if (keyword === 'POSTSTATE_SAME') {
      current.same = true;
      section = 'POSTSTATE_SAME';
      current.sections[section] = [];
      continue;
    }
    if (keyword) throw new Error(`unknown keyword ${keyword} in ${current.rawId}`);
    if (content === '' && comment === '') continue;
    (current.sections[section] ??= []).push({ content, comment, raw: line.trim() });
  }
  if (current) throw new Error(`case ${current.rawId} has no END`);
  return cases;
}

// --------------------------------------------------------------------------- converting

class Converter {
  constructor(ids) {
    this.ids = ids;
    this.notes = [];
  }

  power(word) {
    const w = word.toLowerCase();
    if (POWERS.includes(w)) return w;
    const near = POWERS.map((p) => [p, editDistance(w, p)]).sort((a, b) => a[1] - b[1])[0];
    if (near && near[1] <= 2) {
      const note = `The v2.4 file writes "${word}"; read as ${near[0]}.`;
      if (!this.notes.includes(note)) this.notes.push(note);
      return near[0];
    }
    throw new Error(`unknown power ${word}`);
  }

  location(word) {
    const [prov, coast] = word.toLowerCase().split('/');
    const id = RENAME[prov] ?? prov;
    if (!this.ids.has(id)) throw new Error(`unknown province ${word}`);
    return coast ? `${id}/${coast}` : id;
  }

  /** `Austria: F tri` (the colon may be missing) → { power, kind, at }. */
  unit(content) {
    const m = /^(\w+):?\s+([AaFf])\s+(\S+)$/.exec(content);
    if (!m) throw new Error(`bad unit line: ${content}`);
    return { power: this.power(m[1]), kind: m[2].toUpperCase(), at: this.location(m[3]) };
  }

  /** godip's order text → our standard notation. */
  order(text) {
    const spaced = text.replace(/\s*-\s*/g, ' - ').trim();
    const words = spaced.split(/\s+/);
    const out = [];
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      const l = w.toLowerCase();
      if (l === '-') out.push('-');
      else if (l === 'a' || l === 'f') out.push(l.toUpperCase());
      else if (l === 's' || l === 'support' || l === 'supports') out.push('S');
      else if (l === 'c' || l === 'convoy' || l === 'convoys') out.push(l === 'convoy' && out[out.length - 1] === 'via' ? 'convoy' : 'C');
      else if (l === 'h' || l === 'hold' || l === 'holds') out.push('H');
      else if (l === 'via') out.push('via');
      else if (l === 'build') out.push('Build');
      else if (l === 'remove') out.push('Remove');
      else if (l === 'disband') out.push('D');
      else out.push(this.location(w));
    }
    return out.join(' ');
  }

  /** A structured move from an order in our notation, or undefined for other orders. */
  move(order) {
    const m = /^([AF]) (\S+) - (\S+)( via convoy)?$/.exec(order);
    return m ? { kind: m[1], from: m[2], to: m[3], viaConvoy: Boolean(m[4]) } : undefined;
  }
}

const base = (loc) => loc.split('/')[0];

/** A whole-line comment of the v2.4 file as one line of text (its `#`s and tabs dropped). */
function commentText(raw) {
  return raw.replace(/^#+\s*/, '').replace(/\s*#+\s*/g, ' — ').replace(/\s+/g, ' ').trim();
}

/** The case's comment lines, then the CASE line's own title (if it adds anything). */
function title(c) {
  const lines = [...c.comments];
  if (c.caseTitle) {
    let t = c.caseTitle.replace(/^\((.*)\)$/, '$1').replace(/^TEST CASE,\s*/, '');
    if (t === t.toUpperCase()) t = t.charAt(0) + t.slice(1).toLowerCase();
    if (!lines.some((l) => l.toLowerCase() === t.toLowerCase())) lines.push(lines.length === 0 ? t : `(${t})`);
  }
  return lines;
}

function expectedResult(comment) {
  if (/\billegal\b|not a legal order|impossible move/i.test(comment)) return 'illegal';
  if (/should succeed|should be successful|this will occur|valid retreat order|will dislodge/i.test(comment)) return 'succeeds';
  return undefined;
}

function groupByPower(items) {
  const map = new Map();
  for (const it of items) {
    if (!map.has(it.power)) map.set(it.power, []);
    map.get(it.power).push(it);
  }
  return map;
}

function unitText(u) {
  return `${u.kind} ${u.at}`;
}

/** `units POWER: …` lines (one per unit for a power whose units carry comments). */
function unitLines(keyword, units, indent) {
  const out = [];
  for (const [power, list] of groupByPower(units)) {
    if (list.some((u) => u.comment)) {
      for (const u of list) out.push(`${indent}${keyword}${power}: ${unitText(u)}${u.comment ? `   // ${u.comment}` : ''}`);
    } else out.push(`${indent}${keyword}${power}: ${list.map(unitText).join(', ')}`);
  }
  return out;
}

function convert(c, ids, seen) {
  const { id, stem, notes } = caseId(c.rawId, seen);
  seen.add(c.rawId);
  const cv = new Converter(ids);
  const s = c.sections;
  const phase = c.phase ?? { season: 'spring', year: 1901, kind: 'movement' };
  const season = phase.kind === 'adjustment' ? 'winter' : phase.season;
  const phaseName = `${season} ${phase.year} ${phase.kind}`;

  const pre = (s.PRESTATE ?? []).filter((l) => l.content).map((l) => ({ ...cv.unit(l.content), comment: l.comment }));
  const owners = (s.PRESTATE_SUPPLYCENTER_OWNERS ?? []).filter((l) => l.content).map((l) => cv.unit(l.content));
  const dislodged = (s.PRESTATE_DISLODGED ?? []).filter((l) => l.content).map((l) => ({ ...cv.unit(l.content), comment: l.comment }));
  const results = (s.PRESTATE_RESULTS ?? [])
    .filter((l) => l.content)
    .map((l) => {
      const m = /^(SUCCESS|FAILURE):\s+(\w+):\s+(.*)$/.exec(l.content);
      if (!m) throw new Error(`bad result line in ${id}: ${l.content}`);
      const order = cv.order(m[3]);
      return { ok: m[1] === 'SUCCESS', power: cv.power(m[2]), order, move: cv.move(order), comment: l.comment };
    });

  // Where each dislodged unit was attacked from, and the standoffs, from the movement's results.
  for (const d of dislodged) {
    const attack = results.find((r) => r.ok && r.move && base(r.move.to) === base(d.at));
    if (attack) {
      d.from = base(attack.move.from);
      d.viaConvoy = attack.move.viaConvoy;
    }
  }
  const occupied = new Set(pre.map((u) => base(u.at)));
  const bounced = new Map();
  for (const r of results) if (!r.ok && r.move) bounced.set(base(r.move.to), [...(bounced.get(base(r.move.to)) ?? []), r]);
  const standoffs = [...bounced].filter(([prov, list]) => list.length >= 2 && !occupied.has(prov)).map(([prov]) => prov);

  const orders = [];
  const orderComments = [];
  for (const l of s.ORDERS ?? []) {
    if (!l.content) {
      orderComments.push(l.comment);
      continue;
    }
    const m = /^(\w+):\s+(.*)$/.exec(l.content);
    if (!m) throw new Error(`bad order line in ${id}: ${l.content}`);
    orders.push({ power: cv.power(m[1]), order: cv.order(m[2]), result: expectedResult(l.comment), comment: l.comment });
  }

  let post;
  const postComments = [];
  if (c.same) {
    post = pre.map((u) => ({ ...u, comment: '' }));
    for (const l of s.POSTSTATE_SAME ?? []) if (!l.content && l.comment) postComments.push(commentText(l.raw));
  } else {
    post = [];
    for (const l of s.POSTSTATE ?? []) {
      if (l.content) post.push({ ...cv.unit(l.content), comment: l.comment });
      else if (l.comment) postComments.push(commentText(l.raw));
    }
  }
  const postDislodged = [];
  for (const l of s.POSTSTATE_DISLODGED ?? []) {
    if (l.content) {
      postDislodged.push({ ...cv.unit(l.content), comment: l.comment });
      continue;
    }
    // A commented-out unit: dislodged with no retreat, destroyed at once by godip.
    const m = /^#+\s*(\w+):\s*([AaFf])\s+(\S+)\s*(?:#\s*(.*?)|--\s*(.*?))?\s*$/.exec(l.raw);
    if (m) {
      const why = (m[4] ?? m[5] ?? '').trim();
      postDislodged.push({
        power: cv.power(m[1]),
        kind: m[2].toUpperCase(),
        at: cv.location(m[3]),
        comment: `${why ? `${why} ` : ''}(no retreat: the v2.4 file comments this unit out, as godip destroys such a unit at once)`,
      });
    }
  }
  for (const extra of DESTROYED_IN_PROSE[id] ?? []) postDislodged.push({ power: extra.power, kind: extra.kind, at: extra.at, comment: `(no retreat: ${extra.note})` });

  // ------------------------------------------------------------------ writing
  const out = [];
  const t = title(c);
  out.push(`// DATC v2.4 ${id}: ${t[0] ?? ''}`.trimEnd());
  for (const more of t.slice(1)) out.push(`// ${more}`);
  out.push('//');
  out.push(`// Generated by scripts/datc-v24.mjs from datc_v2.4_06.txt (case ${c.rawId}); do not edit.`);
  for (const n of [...notes, ...cv.notes, ...(NOTES[id] ? [NOTES[id]] : [])]) out.push(`// Note: ${n}`);
  out.push('variant classic');
  out.push('edition 2000');
  out.push('');
  out.push(`position ${phaseName}`);
  out.push(...unitLines('', pre, '  '));
  if (owners.length > 0) {
    for (const [power, list] of groupByPower(owners)) out.push(`  owners ${power}: ${list.map((u) => base(u.at)).join(', ')}`);
  }
  if (dislodged.length > 0) {
    for (const [power, list] of groupByPower(dislodged)) {
      const items = list.map((d) => `${unitText(d)}${d.from ? ` from ${d.from}${d.viaConvoy ? ' via convoy' : ''}` : ''}`);
      out.push(`  dislodged ${power}: ${items.join(', ')}`);
    }
  }
  if (standoffs.length > 0) out.push(`  standoffs ${standoffs.join(', ')}`);
  if (results.length > 0) {
    out.push('  // The movement before this phase, as the v2.4 file gives it (PRESTATE_RESULTS):');
    for (const r of results) out.push(`  //   ${r.ok ? 'succeeded' : 'failed   '} ${r.power}: ${r.order}${r.comment ? `   (${r.comment})` : ''}`);
  }
  out.push('');
  out.push(`phase ${phaseName}`);
  for (const comment of orderComments) out.push(`  // ${comment}`);
  if (orders.length === 0 && orderComments.length === 0) out.push('  // no orders');
  for (const [power, list] of groupByPower(orders)) {
    out.push(`  ${power}:`);
    for (const o of list) {
      const line = `    ${o.order}${o.result ? ` [${o.result}]` : ''}`;
      out.push(o.comment ? `${line}   // ${o.comment}` : line);
    }
  }
  out.push('');
  out.push('expect');
  if (post.length === 0) out.push('  units none');
  else out.push(...unitLines('units ', post, '  '));
  for (const comment of postComments) out.push(`  // ${comment}`);
  if (phase.kind === 'movement') {
    if (postDislodged.length === 0) out.push('  dislodged none');
    else out.push(...unitLines('dislodged ', postDislodged, '  '));
  }
  return { id, stem, text: `${out.join('\n')}\n` };
}

// --------------------------------------------------------------------------- main

const { input, out } = parseArgs(process.argv.slice(2));
let text;
try {
  text = readFileSync(input, 'utf8');
} catch (e) {
  usage(`cannot read ${input}: ${e.message}`);
}
const ids = classicIds();
const cases = readCases(text);
const seen = new Set();
const files = new Map();
for (const c of cases) {
  const { stem, text: game } = convert(c, ids, seen);
  if (files.has(stem)) throw new Error(`two cases write ${stem}.dipgame`);
  files.set(stem, game);
}
mkdirSync(out, { recursive: true });
for (const f of readdirSync(out)) if (f.endsWith('.dipgame')) rmSync(join(out, f));
for (const [stem, game] of files) writeFileSync(join(out, `${stem}.dipgame`), game);
console.log(`${files.size} cases from ${basename(input)} written to ${out}`);
