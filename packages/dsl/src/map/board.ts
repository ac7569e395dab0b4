/**
 * The `board` item of a variant: the author's SVG artwork, read from the
 * project folder (as `import` files are), matched to the provinces by id and
 * checked against the adjacency (`checkArtwork` in the engine). Every problem
 * is reported at the `board` item (a link's at the link) and names the
 * provinces, with the line and column in the SVG where a shape is meant.
 * Returns what the compiled variant carries, or nothing when the artwork
 * cannot be used.
 */
import { checkArtwork, readArtwork, type ArtShape, type Artwork, type ArtworkCheck, type ArtworkProvince } from '@dipforge/engine/artwork';
import type { BoardConfig } from '@dipforge/engine/config';
import { quoted } from '@dipforge/engine/config';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { LineIndex } from '../text/range.js';
import { projectPath, type FileHost } from '../workspace/host.js';
import type * as A from './ast.js';
import type { ResolvedVariant } from './check.js';

export function checkBoard(variant: ResolvedVariant, decl: A.VariantDecl, file: string, host: FileHost, diagnostics: Diagnostic[]): BoardConfig | undefined {
  const [item, ...more] = decl.board;
  for (const m of more) diagnostics.push(diagnostic('duplicateItem', file, m.range, 'A variant has one board: this board item is ignored'));
  if (!item?.path) return undefined;
  const written = item.path.value;
  const at = item.path.range;
  const shown = quoted(written);
  const found = projectPath(file, written, host);
  if (!('path' in found)) {
    diagnostics.push(diagnostic('boardUnreadable', file, at, found.message));
    return undefined;
  }
  const text = host.read(found.path);
  if (text === undefined) {
    const problem = host.problem?.(found.path);
    diagnostics.push(diagnostic('boardUnreadable', file, at, `Cannot read the board ${shown}${problem ? `: ${problem.message}` : ''}`));
    return undefined;
  }
  const lines = new LineIndex(text);
  const where = (offset: number): string => {
    const p = lines.position(offset);
    return `${written}:${p.line + 1}:${p.column + 1}`;
  };
  const read = lastRead?.text === text ? lastRead.read : readArtwork(text);
  lastRead = { text, read };
  if (!read.ok) {
    diagnostics.push(diagnostic('boardUnreadable', file, at, `The board ${shown} is not SVG that can be read: ${read.message} (${where(read.offset)})`));
    return undefined;
  }
  const provinces = variant.provinces.map((p) => ({ id: p.id, coasts: p.coasts.map((c) => c.id) }));
  const index = new Map(variant.provinces.map((p, i) => [p.id, i]));
  const n = provinces.length;
  const seen = new Set<number>();
  const pairs: [number, number][] = [];
  for (const list of [variant.edges.army, variant.edges.fleet])
    for (const [from, to] of list) {
      const i = index.get(from.split('/')[0]!);
      const j = index.get(to.split('/')[0]!);
      if (i === undefined || j === undefined || i === j) continue;
      const k = i < j ? i * n + j : j * n + i;
      if (seen.has(k)) continue;
      seen.add(k);
      pairs.push(i < j ? [i, j] : [j, i]);
    }
  const links: [number, number][] = [];
  const linkAt = new Map<number, A.BoardLink>();
  for (const l of item.links) {
    if (!l.a || !l.b) continue;
    const ends = [l.a, l.b].map((id) => {
      const i = index.get(id.value);
      if (i === undefined) diagnostics.push(diagnostic('unknownProvince', file, id.range, `No province ${quoted(id.text)} in this variant`));
      return i;
    });
    const [i, j] = ends as [number | undefined, number | undefined];
    if (i === undefined || j === undefined) continue;
    const k = i < j ? i * n + j : j * n + i;
    if (!seen.has(k)) {
      diagnostics.push(diagnostic('boardBadLink', file, l.range, `${name(l.a.value)} and ${name(l.b.value)} are not adjacent: a link is only for adjacent provinces drawn apart`));
      continue;
    }
    links.push([i, j]);
    linkAt.set(k, l);
  }
  const checked = cachedCheck(text, read.artwork, provinces, pairs, links);
  const id = (i: number): string => provinces[i]!.id;
  const shape = (s: ArtShape): string => `id="${s.id.slice(0, 40)}" (${where(s.offset)})`;
  for (const i of checked.missing)
    diagnostics.push(diagnostic('boardNoShape', file, at, `${name(id(i))} has no shape in ${shown}: give an element id="${id(i)}"`));
  for (const s of checked.extra)
    diagnostics.push(diagnostic('boardExtraShape', file, at, `The shape ${shape(s)} in ${shown} names no province nor coast (start a decoration's id with _)`));
  for (const d of checked.duplicates)
    diagnostics.push(diagnostic('boardDuplicateShape', file, at, `A second shape for ${d.location} in ${shown}: ${shape(d.shape)}; both are drawn as one`));
  for (const p of checked.problems)
    diagnostics.push(diagnostic('boardBadGeometry', file, at, `In ${shown}${p.id ? `, the shape id="${p.id.slice(0, 40)}"` : ''} (${where(p.offset)}): ${p.message}`));
  for (const [i, j] of checked.strays)
    diagnostics.push(diagnostic('boardStrayBorder', file, at, `The shapes of ${id(i)} and ${id(j)} touch in ${shown}, but ${id(i)} and ${id(j)} are not adjacent`));
  for (const [i, j] of checked.unmet)
    diagnostics.push(diagnostic('boardMissingBorder', file, at, `${id(i)} and ${id(j)} are adjacent, but their shapes in ${shown} do not touch: draw them touching, or declare the link: link ${id(i)}: ${id(j)}`));
  for (const [i, j] of checked.needless) {
    const l = linkAt.get(i * n + j);
    diagnostics.push(diagnostic('boardBadLink', file, l?.range ?? at, `The shapes of ${id(i)} and ${id(j)} touch in ${shown}: the link is not needed`));
  }
  return checked.missing.length > 0 ? undefined : checked.board;
}

/**
 * The last artwork read and checked: the editor checks a map at every edit, and
 * an edit seldom changes the artwork, the provinces or the adjacency (reading
 * and laying the shapes on the grid takes tens of milliseconds).
 */
let lastRead: { text: string; read: ReturnType<typeof readArtwork> } | undefined;
let lastCheck: { text: string; key: string; checked: ArtworkCheck } | undefined;

function cachedCheck(text: string, art: Artwork, provinces: ArtworkProvince[], pairs: [number, number][], links: [number, number][]): ArtworkCheck {
  const key = JSON.stringify([provinces, pairs, links]);
  if (lastCheck?.text === text && lastCheck.key === key) return lastCheck.checked;
  const checked = checkArtwork(art, provinces, pairs, links);
  lastCheck = { text, key, checked };
  return checked;
}

function name(pid: string): string {
  return `'${pid}'`;
}
