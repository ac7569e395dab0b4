/**
 * Orders by clicking the board (packages/lsp/src/click/): the legal options at
 * a province (`ordersAt`) and the edit that writes one (`writeOrder`), on the
 * game files of test/click/ in separate phases and in the postal year.
 *
 * The oracle for every written order is the game language itself: the edited
 * text is read and played again, and the order read back on the written line
 * must be the option chosen, in its power's block of the phase, with every
 * other line of the file unchanged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatOrder } from '@dipforge/engine';
import { ordersAt, placeOrder, writeOrder, Workspace, type GameDoc, type WriteOrderResult } from '@dipforge/lsp';
import type { GameAst } from '@dipforge/dsl';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIR = join(ROOT, 'test/click');
const file = (name: string) => join(DIR, name);

let version = 0;
function open(ws: Workspace, path: string, text: string): GameDoc {
  const uri = pathToFileURL(path).href;
  if (ws.open.has(uri)) ws.changeDocument(uri, text, ++version);
  else ws.openDocument(uri, text, ++version);
  const doc = ws.docByUri(uri);
  if (!doc || doc.kind !== 'game') throw new Error(`no game for ${path}`);
  return doc;
}

function applied(text: string, r: WriteOrderResult): string {
  const edits = Object.values(r.edit.changes ?? {})[0] ?? [];
  expect(edits).toHaveLength(1);
  const e = edits[0]!;
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return text.slice(0, offset(e.range.start)) + e.newText + text.slice(offset(e.range.end));
}

/** A game of test/click opened in a new workspace. */
function fixture(name: string): { ws: Workspace; path: string; text: string; doc: GameDoc } {
  const ws = new Workspace();
  const path = file(name);
  const text = readFileSync(path, 'utf8');
  return { ws, path, text, doc: open(ws, path, text) };
}

/** The cursor on a line of the file that contains `needle`. */
function cursor(text: string, needle: string): { line: number; character: number } {
  const line = text.split('\n').findIndex((l) => l.includes(needle));
  if (line < 0) throw new Error(`'${needle}' is not in the text`);
  return { line, character: 0 };
}

/** The lines of `after` are those of `before` with at most one line replaced and at most one block of lines added. */
function otherLinesKept(before: string, after: string, line: number): void {
  const a = before.split('\n');
  const b = after.split('\n');
  const added = b.length - a.length;
  expect(added).toBeGreaterThanOrEqual(0);
  // The written line and the lines added with it (a new block's line) are the only new ones.
  const kept = b.filter((_, i) => i < line - added || i > line);
  const old = a.filter((_, i) => !(added === 0 && i === line));
  expect(kept).toEqual(old);
}

/** The order read back on a line of a phase section, with its power. */
function readBack(doc: GameDoc, line: number): { power: string; order: string; last?: string; section: number } | undefined {
  const letter = (kind: string | undefined) => (kind === 'fleet' ? 'F ' : kind === 'army' ? 'A ' : '');
  for (const r of doc.run.phases) {
    const o = r.orders.find((x) => x.line.range.start.line === line);
    if (!o || !r.section) continue;
    const x = o.order;
    // The last entry of a build or disband list, as a list entry is written.
    const last =
      x.type === 'build' ? `Build ${letter(x.kind)}${x.at}`
      : x.type === 'build-list' ? `Build ${letter(x.builds[x.builds.length - 1]!.kind)}${x.builds[x.builds.length - 1]!.at}`
      : x.type === 'disband' ? `Disband ${letter(x.unit.kind)}${x.unit.at}`
      : x.type === 'disband-list' ? `Disband ${letter(x.units[x.units.length - 1]!.kind)}${x.units[x.units.length - 1]!.at}`
      // The last entry of a retreat list, as an entry alone is written (with a hold).
      : (x.type === 'hold' || x.type === 'move' || x.type === 'support' || x.type === 'convoy') && x.retreat
        ? `${letter(x.unit.kind)}${x.unit.at} H retreat ${x.retreat.otherwise === 'disband' ? 'disband' : x.retreat.to[x.retreat.to.length - 1]}`
      : undefined;
    return { power: o.power, order: formatOrder(x), ...(last ? { last } : {}), section: doc.parsed.ast.phases.indexOf(r.section) };
  }
  return undefined;
}

function blockPowerOfLine(doc: GameDoc, line: number): string | undefined {
  for (const s of doc.parsed.ast.phases) {
    let power: string | undefined;
    for (const w of s.powers) if (w.range.start.line <= line) power = w.value;
    const inSection = s.range.start.line <= line && s.range.end.line >= line;
    if (inSection) return power;
  }
  return undefined;
}

describe('ordersAt: the legal options at a province', () => {
  const { ws, text, doc } = fixture('movement-orders.dipgame');
  const at = cursor(text, 'A par H');

  it('gives a unit its moves from the engine, by destination province', () => {
    const r = ordersAt(doc, at, 'par');
    expect(r.phase).toBe('spring 1901 movement');
    expect(r.unit).toEqual({ kind: 'army', at: 'par', power: 'france' });
    const moves = r.orders.filter((o) => o.type === 'move').map((o) => o.to).sort();
    // Paris borders Brest, Burgundy, Gascony and Picardy (the classic map).
    expect(moves).toEqual(['bre', 'bur', 'gas', 'pic']);
    expect(r.orders.some((o) => o.type === 'hold' && o.order === 'A par H')).toBe(true);
    // Supports name the supported unit and its target; a support to hold targets the unit's own province.
    const supports = r.orders.filter((o) => o.type === 'support');
    expect(supports.some((o) => o.unit === 'mar' && o.to === 'bur' && o.order === 'A par S A mar - bur')).toBe(true);
    // Paris borders no province where a unit stands: no support to hold; Munich borders Berlin.
    expect(supports.some((o) => o.unit === o.to)).toBe(false);
    const mun = ordersAt(doc, at, 'mun').orders.filter((o) => o.type === 'support');
    expect(mun.some((o) => o.unit === 'ber' && o.to === 'ber' && o.order === 'A mun S A ber')).toBe(true);
  });

  it('gives a fleet next to a split coast each coast as its own option', () => {
    const r = ordersAt(doc, at, 'mao');
    const spa = r.orders.filter((o) => o.type === 'move' && o.to === 'spa').map((o) => o.coast).sort();
    expect(spa).toEqual(['spa/nc', 'spa/sc']);
  });

  it('gives a fleet convoys and an army its moves by convoy', () => {
    const fleet = ordersAt(doc, at, 'nth');
    expect(fleet.orders.some((o) => o.type === 'convoy' && o.unit === 'yor' && o.to === 'nwy' && o.order === 'F nth C A yor - nwy')).toBe(true);
    const army = ordersAt(doc, at, 'yor');
    expect(army.orders.some((o) => o.type === 'move' && o.to === 'nwy')).toBe(true);
  });

  it('says why when nothing stands at the province, or it is no province', () => {
    expect(ordersAt(doc, at, 'bur').orders).toEqual([]);
    expect(ordersAt(doc, at, 'bur').message).toMatch(/No unit in bur/);
    expect(ordersAt(doc, at, 'xyz').message).toMatch(/no province/);
  });

  it('gives a dislodged unit its retreats and disband in a retreat phase', () => {
    const p = file('retreat-orders.dipgame');
    const t = readFileSync(p, 'utf8');
    const d = open(ws, p, t);
    const r = ordersAt(d, cursor(t, 'phase spring 1901 retreat'), 'mun');
    expect(r.phase).toBe('spring 1901 retreat');
    expect(r.unit?.power).toBe('germany');
    expect(r.orders.some((o) => o.type === 'disband')).toBe(true);
    const to = r.orders.filter((o) => o.type === 'retreat').map((o) => o.to);
    // Not where the attack came from (boh), not into an occupied province (ber, tyr, bur).
    expect(to.length).toBeGreaterThan(0);
    for (const x of ['boh', 'ber', 'tyr', 'bur']) expect(to).not.toContain(x);
  });

  it('gives a free home centre its builds, a fleet on each coast of St Petersburg', () => {
    const p = file('adjustment-orders.dipgame');
    const t = readFileSync(p, 'utf8');
    const d = open(ws, p, t);
    const r = ordersAt(d, cursor(t, 'Build A mos'), 'stp');
    expect(r.power).toBe('russia');
    const builds = r.orders.filter((o) => o.type === 'build').map((o) => o.order).sort();
    expect(builds).toEqual(['Build A stp', 'Build F stp/nc', 'Build F stp/sc']);
    const removal = ordersAt(d, cursor(t, 'Build A mos'), 'arm');
    expect(removal.orders.map((o) => o.type)).toEqual(['disband']);
  });

  it('gives the postal fall a build list entry at a home centre and a disband entry for a unit', () => {
    const p = file('postal-lists.dipgame');
    const t = readFileSync(p, 'utf8');
    const d = open(ws, p, t);
    const build = ordersAt(d, cursor(t, 'A kie H'), 'bud');
    expect(build.power).toBe('austria');
    expect(build.orders.map((o) => [o.order, o.list])).toEqual([['Build A bud', 'build']]);
    const unit = ordersAt(d, cursor(t, 'A kie H'), 'ber');
    expect(unit.orders.some((o) => o.list === 'disband' && o.order === 'Disband A ber')).toBe(true);
  });
});

describe('writeOrder: the edit puts the order in its power block of the phase', () => {
  it('replaces the unit\'s order on its line, keeping the comment (A par then Burgundy)', () => {
    const { text, doc } = fixture('movement-orders.dipgame');
    const line = cursor(text, 'A par H').line;
    const r = writeOrder(doc, cursor(text, 'A par H'), 'par', 'A par - bur');
    const after = applied(text, r);
    expect(r.line).toBe(line);
    expect(after.split('\n')[line]).toBe('    A par - bur   // holds for now');
    otherLinesKept(text, after, line);
  });

  it('drops the old order\'s expected result with it', () => {
    const { text, doc } = fixture('movement-orders.dipgame');
    const r = writeOrder(doc, cursor(text, 'A par H'), 'mar', 'A mar - gas');
    expect(applied(text, r).split('\n')[r.line]).toBe('    A mar - gas');
  });

  it('adds to an empty block, below a one-line block, and a new block for a power without one', () => {
    const { text, doc } = fixture('movement-orders.dipgame');
    const eng = applied(text, writeOrder(doc, cursor(text, 'A par H'), 'lon', 'F lon - eng'));
    expect(eng).toContain('  england:\n    F lon - eng\n  germany: A mun - bur\n');
    const ger = applied(text, writeOrder(doc, cursor(text, 'A par H'), 'ber', 'A ber - kie'));
    expect(ger).toContain('  germany: A mun - bur\n    A ber - kie\n  italy:');
    const rus = applied(text, writeOrder(doc, cursor(text, 'A par H'), 'stp', 'F stp/sc - bot'));
    expect(rus).toContain('    A ven H\n  russia:\n    F stp/sc - bot\nexpect\n');
  });

  it('refuses an order that is not legal there, with the reason', () => {
    const { text, doc } = fixture('movement-orders.dipgame');
    expect(() => writeOrder(doc, cursor(text, 'A par H'), 'par', 'A par - mun')).toThrow(/not a legal order for par/);
    expect(() => writeOrder(doc, cursor(text, 'A par H'), 'bur', 'A bur H')).toThrow(/No unit in bur/);
  });

  it('writes a retreat into an empty retreat phase, a removal and a coast build into the adjustment', () => {
    const { ws, text: t, doc: d } = fixture('retreat-orders.dipgame');
    const retreat = ordersAt(d, cursor(t, 'phase spring 1901 retreat'), 'mun').orders.find((o) => o.type === 'retreat')!;
    const after = applied(t, writeOrder(d, cursor(t, 'phase spring 1901 retreat'), 'mun', retreat.order));
    expect(after.endsWith(`phase spring 1901 retreat\n  germany:\n    ${retreat.order}\n`)).toBe(true);

    const a = file('adjustment-orders.dipgame');
    const at = readFileSync(a, 'utf8');
    const ad = open(ws, a, at);
    const built = applied(at, writeOrder(ad, cursor(at, 'Build A mos'), 'stp', 'Build F stp/nc'));
    expect(built).toContain('    Build A mos\n    Build F stp/nc\n');
    const removed = applied(at, writeOrder(ad, cursor(at, 'Build A mos'), 'arm', 'A arm D'));
    expect(removed).toContain('  turkey:\n    Remove A arm\n');
    // Building again at the same site replaces that build.
    const again = applied(at, writeOrder(ad, cursor(at, 'Build A mos'), 'mos', 'Build A mos'));
    expect(again).toBe(at);
  });

  it('adds entries to the postal build and disband lists, replacing an entry of the same province', () => {
    const { ws, path: p, text: t, doc: d } = fixture('postal-lists.dipgame');
    const dis = applied(t, writeOrder(d, cursor(t, 'A kie H'), 'ber', 'Disband A ber'));
    expect(dis).toContain('    Disband A sil, A ber\n');
    const bud = applied(t, writeOrder(d, cursor(t, 'A kie H'), 'bud', 'Build A bud'));
    expect(bud).toContain('    A vie H\n    Build A bud\n');
    const d2 = open(ws, p, bud);
    const tri = applied(bud, writeOrder(d2, cursor(bud, 'A kie H'), 'tri', 'Build F tri'));
    expect(tri).toContain('    Build A bud, F tri\n');
    const d3 = open(ws, p, tri);
    const army = applied(tri, writeOrder(d3, cursor(tri, 'A kie H'), 'tri', 'Build A tri'));
    expect(army).toContain('    Build A bud, A tri\n');
  });

  it('writes the first phase of a game that has none, and into the first phase from the header', () => {
    const ws = new Workspace();
    const p = join(DIR, 'no-phase.dipgame');
    const t = 'variant classic\nedition 2023\n';
    const d = open(ws, p, t);
    const after = applied(t, writeOrder(d, { line: 0, character: 0 }, 'par', 'A par - bur'));
    expect(after).toBe('variant classic\nedition 2023\n\nphase spring 1901 movement\n  france:\n    A par - bur\n');
    const d2 = open(ws, p, after);
    const again = applied(after, writeOrder(d2, { line: 0, character: 0 }, 'par', 'A par - pic'));
    expect(again).toBe(after.replace('A par - bur', 'A par - pic'));
  });
});

describe('retreat lists by clicking (the old rules: retreats written with the movement orders)', () => {
  /** The retreat list read back from the unit's line: its entries, `disband` last when it closes with one. */
  const listOn = (doc: GameDoc, line: number): string[] | undefined => {
    for (const r of doc.run.phases) {
      const x = r.orders.find((o) => o.line.range.start.line === line)?.order;
      if (x && (x.type === 'hold' || x.type === 'move' || x.type === 'support' || x.type === 'convoy')) {
        return x.retreat ? [...x.retreat.to, ...(x.retreat.otherwise === 'disband' ? ['disband'] : [])] : [];
      }
    }
    return undefined;
  };

  it('offers a unit an entry for each province it could retreat to, and a closing disband', () => {
    const { text, doc } = fixture('postal-lists.dipgame');
    const r = ordersAt(doc, cursor(text, 'A mun H'), 'mun');
    const entries = r.orders.filter((o) => o.list === 'retreat');
    // Munich's neighbours on the classic map (the rulebook's map), where an army may retreat.
    expect(entries.filter((o) => o.to).map((o) => o.to).sort()).toEqual(['ber', 'boh', 'bur', 'kie', 'ruh', 'sil', 'tyr']);
    expect(entries.filter((o) => !o.to).map((o) => o.order)).toEqual(['A mun H retreat disband']);
    // Where retreats have a phase of their own, no unit offers a list.
    const modern = fixture('movement-orders.dipgame');
    expect(ordersAt(modern.doc, cursor(modern.text, 'A par H'), 'par').orders.filter((o) => o.list === 'retreat')).toEqual([]);
  });

  it('writes the list into the unit\'s own order and extends it click by click, as the text holds it', () => {
    const { ws, path, text, doc } = fixture('postal-lists.dipgame');
    const line = cursor(text, 'A mun H').line;
    let t = text;
    let d = doc;
    const click = (order: string, expected: string): void => {
      const w = writeOrder(d, cursor(t, 'A kie H'), 'mun', order);
      expect(w.line).toBe(line);
      const after = applied(t, w);
      expect(after.split('\n')[line]).toBe(expected);
      otherLinesKept(t, after, line);
      t = after;
      d = open(ws, path, t);
    };
    click('A mun H retreat boh', '    A mun H retreat boh');
    expect(listOn(d, line)).toEqual(['boh']);
    click('A mun H retreat sil', '    A mun H retreat boh, sil');
    // The same province again moves it to the end (the list is in order of preference).
    click('A mun H retreat boh', '    A mun H retreat sil, boh');
    click('A mun H retreat disband', '    A mun H retreat sil, boh, disband');
    expect(listOn(d, line)).toEqual(['sil', 'boh', 'disband']);
    // A new order for the unit keeps its list.
    click('A mun - bur', '    A mun - bur retreat sil, boh, disband');
    expect(listOn(d, line)).toEqual(['sil', 'boh', 'disband']);
    // Played again, the file has no problem the clicks made.
    expect(d.run.diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
  });

  it('starts a unit\'s order with its list when the unit has none written', () => {
    const { ws, path, text } = fixture('postal-lists.dipgame');
    const without = text.replace('    A ber H\n', '');
    const d = open(ws, path, without);
    const w = writeOrder(d, cursor(without, 'A kie H'), 'ber', 'A ber H retreat kie');
    const after = applied(without, w);
    expect(after).toContain('    A sil H\n    Disband A sil\n    A ber H retreat kie\n  austria:');
  });
});

describe('writeOrder in a power\'s order language', () => {
  it('writes France\'s move in Chinese when the game is written in Chinese, and it reads back as the same order', () => {
    const ws = new Workspace();
    const p = join(DIR, 'language-zh.dipgame');
    const t = 'variant classic\nedition 2023\nlanguage zh\n\nphase spring 1901 movement\n  france:\n';
    const d = open(ws, p, t);
    const w = writeOrder(d, { line: 5, character: 0 }, 'par', 'A par - bur');
    expect(w.written).not.toBe('A par - bur');
    expect(w.written).toMatch(/[\u4e00-\u9fff]/u);
    const back = open(new Workspace(), p, applied(t, w));
    expect(back.run.diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
    expect(readBack(back, w.line)?.order).toBe('A par - bur');
  });
});

describe('writeOrder, every option: the order read back is the one chosen, in its power\'s block', () => {
  const cases: [string, string][] = [
    ['movement-orders.dipgame', 'A par H'],
    ['retreat-orders.dipgame', 'phase spring 1901 retreat'],
    ['adjustment-orders.dipgame', 'Build A mos'],
    ['postal-lists.dipgame', 'A kie H'],
  ];
  for (const [name, needle] of cases) {
    it(name, () => {
      const ws = new Workspace();
      const path = file(name);
      const text = readFileSync(path, 'utf8');
      const doc = open(ws, path, text);
      const at = cursor(text, needle);
      const readWs = new Workspace();
      let checked = 0;
      for (const province of doc.board!.provinceIds) {
        const r = ordersAt(doc, at, province);
        for (const option of r.orders) {
          const w = writeOrder(doc, at, province, option.order);
          const after = applied(text, w);
          const back = open(readWs, path, after);
          const read = readBack(back, w.line);
          expect(read, `${option.order}: nothing read on line ${w.line}`).toBeDefined();
          expect(read!.power).toBe(r.power);
          expect(blockPowerOfLine(back, w.line)).toBe(r.power);
          // A list entry is the last entry of the list read back.
          if (option.list) expect(read!.last).toBe(option.order);
          else expect(read!.order).toBe(option.order);
          expect(back.run.phases[read!.section]?.phase).toEqual(doc.run.phases.find((p) => p.section === doc.parsed.ast.phases[read!.section])?.phase);
          // No line but the written one (and a block line added with it) changed.
          if (after.split('\n').length === text.split('\n').length) otherLinesKept(text, after, w.line);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(3);
    });
  }
});

describe('placeOrder: where an order goes, on the text alone', () => {
  const section = (text: string): GameAst.PhaseSection => {
    const ws = new Workspace();
    const doc = open(ws, join(DIR, 'place.dipgame'), text);
    return doc.parsed.ast.phases[0]!;
  };
  const powerOf = (w: GameAst.Word) => w.value;
  const put = (text: string, power: string, order: string) => {
    const p = placeOrder({ text, section: section(text), phase: 'spring 1901 movement', power, powerOf, order });
    return text.slice(0, p.start) + p.newText + text.slice(p.end);
  };

  it('keeps CRLF line ends and the file\'s indentation', () => {
    const text = 'variant classic\r\nphase spring 1901 movement\r\n\tfrance:\r\n\t\tA par H\r\n';
    expect(put(text, 'france', 'A mar H')).toBe('variant classic\r\nphase spring 1901 movement\r\n\tfrance:\r\n\t\tA par H\r\n\t\tA mar H\r\n');
    expect(put(text, 'germany', 'A mun H')).toBe(`${text}\tgermany:\r\n\t\tA mun H\r\n`);
  });

  it('adds a line break to a last line that has none', () => {
    const text = 'variant classic\nphase spring 1901 movement\n  france:\n    A par H';
    expect(put(text, 'france', 'A mar H')).toBe(`${text}\n    A mar H\n`);
  });

  it('puts a new block before the phase\'s expect block', () => {
    const text = 'variant classic\nphase spring 1901 movement\n  france:\n    A par H\nexpect\n  units france: A par\n';
    expect(put(text, 'italy', 'A ven H')).toBe('variant classic\nphase spring 1901 movement\n  france:\n    A par H\n  italy:\n    A ven H\nexpect\n  units france: A par\n');
  });
});
