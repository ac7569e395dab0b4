/**
 * The language server's incremental re-check of games: the phases before an
 * edit are kept, the edited ones re-played, and once the game is back in the
 * state the previous run was in before unchanged text (early cutoff), the rest
 * is taken over with its ranges moved. After hundreds of random edits, each
 * state must equal a full run of the same text (phases, orders, results,
 * positions, diagnostics, expectations, declarations, the result of the game,
 * every range); and an edit whose effect dies out re-adjudicates a few phases
 * only (counted with the runner's `onAdjudicate` hook). `npm test` runs the
 * first tenth of each file's random edits, the slow run all of them
 * (test/helpers/depth.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameWorkspace, parseGame, runGame, type GameRun } from '@dipforge/dsl';
import { diagnostics, inlayHints, Workspace, type GameDoc } from '@dipforge/lsp';
import { EXAMPLE, put, RANDOM_100, rng, WS, workspace } from '../packages/lsp/test/util.js';
import { depth } from './helpers/depth.js';

/** Everything a run found, ranges included, in a form two runs can be compared by. */
function snapshot(run: GameRun, pretty = false): string {
  const key = (d: GameRun['diagnostics'][number]): string => `${String(d.range.start.offset).padStart(8, '0')}:${d.code}:${d.message}:${d.range.end.offset}`;
  return JSON.stringify(
    {
      diagnostics: [...run.diagnostics].sort((a, b) => key(a).localeCompare(key(b))),
      phases: run.phases.map((p) => ({
        phase: p.phase,
        section: p.section ? [p.section.range, p.section.phase?.range, p.section.orders.map((o) => [o.range, o.text.text])] : null,
        before: p.before,
        result: p.result,
        orders: p.orders.map((o) => [o.line.range, o.line.text.range, o.line.expected, o.power, o.order, o.result?.status, o.result?.reason, o.result?.detail]),
        incomplete: p.incomplete,
        victory: p.victory,
      })),
      expectations: run.expectations,
      declarations: run.declarations.map((d) => [d.after, d.text, d.effect, d.block.range, d.statement.range]),
      winner: run.winner,
      outcome: run.outcome,
      scores: run.scores,
      victory: run.victory,
      final: run.final,
      complete: run.complete,
    },
    null,
    pretty ? 1 : undefined,
  );
}

/** The first line where two snapshots differ, for a readable failure. */
function firstDifference(a: string, b: string): string {
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) if (la[i] !== lb[i]) return `line ${i}: incremental ${la[i]} / full ${lb[i]}`;
  return 'none';
}

/**
 * The 100-phase random game with expectations and declarations added: an
 * expect block after every tenth phase, a declare block (alliance, then an
 * expect block) after phases 40 and 70, and an order naming an unknown
 * province in phase 60, so the runs have expectations, declarations and
 * diagnostics all along.
 */
function decorated(): string {
  const lines = readFileSync(RANDOM_100, 'utf8').split('\n');
  const out: string[] = [];
  let phase = 0;
  for (const line of lines) {
    if (line.startsWith('phase ')) {
      if (phase > 0 && phase % 10 === 0) out.push('expect', '  owners england: lon, edi, lvp', '  winner none', '  result none', '');
      if (phase === 40) out.push('declare', '  alliance england, france', 'expect', '  result none', '');
      if (phase === 70) out.push('declare', '  germany allies russia', '');
      phase++;
    }
    out.push(line);
    if (phase === 60 && /^ {4}A \w+ H$/.test(line) && !out.includes('    A xyzzy - bur')) out.push('    A xyzzy - bur');
  }
  return out.join('\n');
}

/** A random edit of the kinds an editor makes: characters, lines added, removed, duplicated, orders changed, comments. */
function edit(text: string, r: (n: number) => number): string {
  const lines = text.split('\n');
  const i = r(lines.length);
  const line = lines[i] as string;
  switch (r(11)) {
    case 10: {
      // A declaration or an expectation changed: the result of the game, not the position.
      const which = r(2) === 0 ? /alliance|allies/ : /winner|result|owners/;
      const marked = lines.flatMap((l, j) => (which.test(l) ? [j] : []));
      const j = marked[r(marked.length)];
      if (j === undefined) break;
      const powers = ['england', 'france', 'germany', 'russia', 'italy'];
      if (r(3) === 0) lines.splice(j, 1);
      else lines[j] = (lines[j] as string).replace(/england|france|germany|russia|none/, powers[r(powers.length)] as string);
      break;
    }
    case 0: {
      const at = r(text.length + 1);
      return text.slice(0, at) + 'abc -:\n'.charAt(r(7)) + text.slice(at);
    }
    case 1: {
      const at = r(text.length);
      return text.slice(0, at) + text.slice(at + 1 + r(3));
    }
    case 2:
      lines[i] = `${line} `;
      break;
    case 3:
      lines.splice(i, 0, '  // a comment');
      break;
    case 4:
      lines.splice(i, 1);
      break;
    case 5:
      lines.splice(i, 0, line);
      break;
    case 6:
      lines.splice(i, 0, '');
      break;
    case 7: {
      // An order becomes a hold: its effect may last or die out.
      const m = /^(\s+)([AF] \S+)\s/.exec(line);
      if (m) lines[i] = `${m[1]}${m[2]} H`;
      else lines[i] = line.replace(/ - /, ' H ');
      break;
    }
    case 8:
      lines[i] = line.replace(/\b(\w)(\w)/, '$2$1');
      break;
    default: {
      // Two lines' worth of text moved elsewhere.
      const cut = lines.splice(i, 2);
      lines.splice(r(lines.length + 1), 0, ...cut);
      break;
    }
  }
  return lines.join('\n');
}

describe('incremental re-check with early cutoff', () => {
  const files = [
    { name: 'random-100 with expectations and declarations', path: RANDOM_100, text: decorated(), edits: 200 },
    { name: 'the 1901 example', path: EXAMPLE, text: readFileSync(EXAMPLE, 'utf8'), edits: 250 },
    { name: 'a game of the tiny variant', path: join(WS, 'a.dipgame'), text: readFileSync(join(WS, 'a.dipgame'), 'utf8'), edits: 150 },
  ];
  for (const f of files) {
    // `npm test` takes the first tenth of the edits (the seed is the full run's), the slow run all.
    const steps = depth(f.edits / 10, f.edits);
    it(`${f.name}: ${steps} random edits, each state equal to a full run`, () => {
      const ws = workspace();
      const full = new GameWorkspace();
      const fresh = (text: string): GameRun => runGame(parseGame(text, f.path), full);
      const r = rng(f.edits * 31 + f.text.length);
      let text = f.text;
      put(ws, f.path, text);
      let cutoffs = 0;
      for (let n = 0; n < steps; n++) {
        text = r(40) === 0 ? f.text : edit(text, r);
        const doc = put(ws, f.path, text) as GameDoc;
        const wanted = fresh(text);
        if (snapshot(doc.run) !== snapshot(wanted)) expect.fail(`edit ${n}: ${firstDifference(snapshot(doc.run, true), snapshot(wanted, true))}`);
        // The phases taken over after the edit carry this text's sections.
        for (const p of doc.run.phases.slice(doc.run.phases.length - doc.cutoff)) if (p.section) expect(doc.parsed.ast.phases).toContain(p.section);
        if (doc.cutoff > 0) cutoffs++;
        if (n % 25 === 0) {
          // What the editor sees: the same as a workspace that never saw an earlier text.
          const other = new Workspace();
          const plain = put(other, f.path, text) as GameDoc;
          expect(diagnostics(doc)).toEqual(diagnostics(plain));
          const all = { start: { line: 0, character: 0 }, end: { line: doc.lines.count, character: 0 } };
          expect(inlayHints(doc, all)).toEqual(inlayHints(plain, all));
        }
      }
      if (f.path === RANDOM_100) expect(cutoffs).toBeGreaterThan(steps / 4);
    }, 300_000);
  }
});

describe('an edit whose effect dies out re-adjudicates a few phases', () => {
  const text = readFileSync(RANDOM_100, 'utf8');
  const lines = text.split('\n');
  const phaseLines = lines.flatMap((l, i) => (l.startsWith('phase ') ? [i] : []));

  /** Adjudications of a run of `edited` given the run of `text` to reuse from `sections`. */
  function replay(edited: string, sections: number): { run: GameRun; count: number; previous: GameRun } {
    const gw = new GameWorkspace();
    const previous = runGame(parseGame(text, RANDOM_100), gw);
    let count = 0;
    const run = runGame(parseGame(edited, RANDOM_100), gw, { reuse: { run: previous, sections }, onAdjudicate: () => void count++ });
    const full = runGame(parseGame(edited, RANDOM_100), new GameWorkspace());
    expect(snapshot(run)).toBe(snapshot(full));
    return { run, count, previous };
  }

  it('a declaration changed: the same positions, another result of the game, so no cutoff at the same position', () => {
    const ws = workspace();
    const before = decorated();
    put(ws, RANDOM_100, before);
    for (const [from, to] of [
      ['  alliance england, france', '  alliance england, germany'],
      ['  germany allies russia', '  germany allies none'],
      ['  alliance england, france', ''],
    ] as const) {
      const edited = before.replace(from, to);
      const doc = put(ws, RANDOM_100, edited) as GameDoc;
      expect(snapshot(doc.run)).toBe(snapshot(runGame(parseGame(edited, RANDOM_100), new GameWorkspace())));
      put(ws, RANDOM_100, before);
    }
  });

  it('a full run adjudicates every phase; the hook counts them', () => {
    let count = 0;
    const run = runGame(parseGame(text, RANDOM_100), new GameWorkspace(), { onAdjudicate: () => void count++ });
    expect(count).toBe(run.phases.length);
    expect(count).toBeGreaterThan(100);
  });

  it('a space after an order in phase 50: one phase adjudicated, the other 50 taken over', () => {
    const edited = lines.map((l, i) => (i === (phaseLines[49] as number) + 2 ? `${l} ` : l)).join('\n');
    const { run, count, previous } = replay(edited, 49);
    expect(count).toBe(1);
    expect((run.reused ?? 0) + (run.cutoff ?? 0) + count).toBe(previous.phases.length);
  });

  it('a comment line added in phase 50 (every later line moves): one phase adjudicated, ranges moved', () => {
    const at = (phaseLines[49] as number) + 2;
    const edited = [...lines.slice(0, at), '    // a thought', ...lines.slice(at)].join('\n');
    const { run, count } = replay(edited, 49);
    expect(count).toBe(1);
    const last = run.phases[run.phases.length - 1]?.section;
    expect(last?.range.start.line).toBe((phaseLines[99] as number) + 1);
  });

  it('an order of phase 50 changed so that its result changes but the position does not', () => {
    // A move in the first movement phase from the 50th section on that failed: written as a hold it
    // fails no more, and the unit stays where it was.
    const gw = new GameWorkspace();
    const base = runGame(parseGame(text, RANDOM_100), gw);
    const p50 = base.phases.findIndex((p, i) => p.section && p.phase.kind === 'movement' && base.phases.slice(0, i + 1).filter((q) => q.section).length >= 50);
    const run50 = base.phases[p50];
    const section = base.parsed.ast.phases.indexOf(run50?.section as (typeof base.parsed.ast.phases)[number]);
    expect(section).toBeGreaterThanOrEqual(49);
    const candidates = (run50?.orders ?? []).filter((o) => o.order.type === 'move' && o.result?.status === 'fails');
    let tried = 0;
    for (const o of candidates) {
      const at = o.line.range.start.line;
      const unit = /^\s*([AF] \S+)/.exec(lines[at] as string)?.[1];
      const edited = lines.map((l, i) => (i === at ? `    ${unit} H` : l)).join('\n');
      const full = runGame(parseGame(edited, RANDOM_100), new GameWorkspace());
      // Only an order whose change leaves the position after phase 50 as it was.
      if (JSON.stringify(full.phases[p50]?.result.next) !== JSON.stringify(run50?.result.next)) continue;
      tried++;
      const { run, count } = replay(edited, section);
      expect(run.phases[p50]?.orders.find((x) => x.line.range.start.line === at)?.result?.status).toBe('succeeds');
      expect(count).toBe(1);
      expect(run.cutoff).toBeGreaterThan(50);
      if (tried >= 2) break;
    }
    expect(tried).toBeGreaterThan(0);
  });

  it('an edit whose effect lasts re-plays until it dies out, and no further', () => {
    // Phase 50's orders all become holds: the game differs from there on, so every later phase is played.
    const start = phaseLines[49] as number;
    const end = phaseLines[50] as number;
    const edited = lines.map((l, i) => (i > start && i < end && /^ {4}[AF] /.test(l) ? l.replace(/^(\s+[AF] \S+).*$/, '$1 H') : l)).join('\n');
    const { run, count, previous } = replay(edited, 49);
    expect(count + (run.reused ?? 0) + (run.cutoff ?? 0)).toBe(run.phases.length);
    expect(run.phases.length).toBeLessThanOrEqual(previous.phases.length + 5);
  });

  it('in the editor: a one-character edit in phase 50 adjudicates one phase', () => {
    const ws = workspace();
    put(ws, RANDOM_100, text);
    const at = (phaseLines[49] as number) + 2;
    const doc = put(ws, RANDOM_100, lines.map((l, i) => (i === at ? `${l} ` : l)).join('\n')) as GameDoc;
    expect(doc.adjudicated).toBe(1);
    expect(doc.reused + doc.cutoff + doc.adjudicated).toBe(doc.run.phases.length);
    // And the same back again.
    const back = put(ws, RANDOM_100, text) as GameDoc;
    expect(back.adjudicated).toBe(1);
  });
});
