/**
 * Completion in a map file: keywords by block, provinces, coasts, powers, rule
 * options and values, and the provinces a power's `country` may still list.
 */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver';
import { scanMap, MAP_BLOCK_KEYWORDS, MAP_TOP_KEYWORDS, PROVINCE_FLAGS, type MapTok } from '../../maplex.js';
import { ModelNames } from '../../names.js';
import type { MapDoc, Workspace } from '../../workspace.js';
import { mapSnippetItems } from '../snippets.js';
import { builtinVariants, ruleCandidates } from './header.js';
import { items, modelNames, snippetsFor, typedAt, type Candidate, type Typed } from './items.js';

export function mapCompletion(ws: Workspace, doc: MapDoc, offset: number): CompletionItem[] {
  const toks = scanMap(doc.text);
  // Inside a comment or a string: nothing.
  if (toks.some((t) => (t.kind === 'comment' || t.kind === 'string') && offset > t.start && offset < t.end)) return [];
  const typed = typedAt(doc.text, offset);
  const prior = toks.filter((t) => t.end <= typed.start && t.kind !== 'comment');
  // The enclosing blocks: the head words before each open brace.
  const stack: string[][] = [];
  let stmtStart = 0;
  for (let i = 0; i < prior.length; i++) {
    const t = prior[i] as MapTok;
    if (t.text === '{') {
      // The block's head: its statement's words on the line of the brace (`province spl "Split" coast {`).
      const braceLine = doc.lines.lineOf(t.start);
      const head: string[] = [];
      for (let j = stmtStart; j < i; j++) {
        const h = prior[j] as MapTok;
        if (doc.lines.lineOf(h.start) === braceLine) head.push(h.text.toLowerCase());
      }
      stack.push(head);
      stmtStart = i + 1;
    } else if (t.text === '}') {
      stack.pop();
      stmtStart = i + 1;
    } else if (t.text === ';') stmtStart = i + 1;
  }
  // The statement so far: tokens since the block opened or since the line began.
  const lineStart = doc.lines.lineStart(doc.lines.lineOf(typed.start));
  const stmt = prior.slice(stmtStart).filter((t) => t.start >= lineStart);
  const words = stmt.map((t) => t.text.toLowerCase());
  const block = stack[stack.length - 1];
  const blockKw = block?.[0];
  const kw = (list: string[]): Candidate[] => list.map((label) => ({ label, kind: CompletionItemKind.Keyword }));
  const provinces = (): Candidate[] => [...doc.model.provinces.keys()].sort().map((label) => ({ label, province: label, kind: CompletionItemKind.Variable }));
  const locations = (): Candidate[] => {
    const out: Candidate[] = [];
    for (const id of [...doc.model.provinces.keys()].sort()) {
      out.push({ label: id, province: id, kind: CompletionItemKind.Variable });
      for (const c of doc.model.provinces.get(id)?.decl.coasts ?? []) if (c.id) out.push({ label: `${id}/${c.id.value}`, province: id, kind: CompletionItemKind.Variable });
    }
    return out;
  };
  const powers = (): Candidate[] => [...doc.model.powers.keys()].sort().map((label) => ({ label, kind: CompletionItemKind.Module }));
  const done = (c: Candidate[]): CompletionItem[] => items(c, typed, doc.lines, modelNames(doc));

  if (!blockKw) {
    if (words.length === 0) {
      const snippets = typed.start === lineStart ? snippetsFor(mapSnippetItems(doc.lines.range(typed.start, typed.end)), typed) : [];
      return [...done(kw(MAP_TOP_KEYWORDS)), ...snippets];
    }
    if (words[0] === 'remove' && words.length === 1) return done(kw(['province', 'power', 'adjacency', 'neutral']));
    if (words[0] === 'remove' && words[1] === 'neutral' && words.length === 2) return done(kw(['centres']));
    if (words[0] === 'remove' && words[1] === 'neutral' && words[2] === 'centres') return done(provinces());
    if (words[0] === 'remove' && words[1] === 'province' && words.length === 2) return done(provinces());
    if (words[0] === 'remove' && words[1] === 'power' && words.length === 2) return done(powers());
    if (words[0] === 'neutral' && words.length === 1) return done(kw(['centres', 'units']));
    if (words[0] === 'neutral' && words[1] === 'units') {
      const last = words[words.length - 1];
      if (last === 'a' || last === 'army') return done(provinces());
      if (last === 'f' || last === 'fleet') return done(locations());
      return done(kw(['A', 'F']));
    }
    if (words[0] === 'neutral') return done(provinces());
    if (words[0] === 'province' && words.length >= 2) return done(kw(PROVINCE_FLAGS.filter((f) => !words.includes(f))));
    return [];
  }
  if (blockKw === 'rules' || blockKw === 'ruleset') return done(ruleCandidates(ws, doc, stmt.map((t) => t.text)));
  if (blockKw === 'adjacency') {
    if (words.length === 0) return done(kw(MAP_BLOCK_KEYWORDS['adjacency'] as string[]));
    return done(locations());
  }
  if (blockKw === 'power') {
    if (words.length === 0) return done(kw(MAP_BLOCK_KEYWORDS['power'] as string[]));
    if (words[0] === 'home' || words[0] === 'owns') return done(provinces().filter((p) => doc.model.provinces.get(p.label)?.decl.flags.some((f) => f.flag === 'supply')));
    if (words[0] === 'country') return done(countryCandidates(doc, block?.[1], stmt, typed));
    if (words[0] === 'units') {
      const last = words[words.length - 1];
      if (last === 'a' || last === 'army') return done(provinces());
      if (last === 'f' || last === 'fleet') return done(locations());
      return done(kw(['A', 'F']));
    }
    return [];
  }
  if (blockKw === 'variant') {
    if (words.length === 0) return done(kw(MAP_BLOCK_KEYWORDS['variant'] as string[]));
    if (words[0] === 'extends' && words.length === 1) return done(builtinVariants(ws).map((label) => ({ label, kind: CompletionItemKind.Module })));
    return [];
  }
  if (blockKw === 'province' || blockKw === 'coast') {
    if (words.length === 0) return done(kw((stack.length > 1 && blockKw === 'coast' ? MAP_BLOCK_KEYWORDS['coast'] : MAP_BLOCK_KEYWORDS['province']) as string[]));
    return [];
  }
  return [];
}

/**
 * After `country` in a power block: the land and coastal provinces (not sea,
 * not impassable: DF4011) that no other power has in its home country or as a
 * home centre (DF4010), and that the power's `country` items do not list yet
 * (the one being typed aside).
 */
function countryCandidates(doc: MapDoc, powerId: string | undefined, stmt: MapTok[], typed: Typed): Candidate[] {
  const names = new ModelNames(doc.model);
  const own = powerId?.toLowerCase();
  const taken = new Set<string>();
  const listed = new Set<string>();
  for (const [id, { decl }] of doc.model.powers) {
    const mine = id === own;
    for (const h of decl.home) {
      const p = names.province(h.value);
      if (p && !mine) taken.add(p);
    }
    for (const c of decl.country) {
      if (c.range.start.offset <= typed.end && c.range.end.offset >= typed.start) continue;
      const p = names.province(c.value);
      if (p) (mine ? listed : taken).add(p);
    }
  }
  // The names already written on this line count as listed even before the file is parsed again.
  for (const t of stmt.slice(1)) {
    const p = t.kind === 'name' ? names.province(t.text) : undefined;
    if (p) listed.add(p);
  }
  return [...doc.model.provinces.keys()]
    .sort()
    .filter((id) => {
      const d = doc.model.provinces.get(id)?.decl;
      if (!d || taken.has(id) || listed.has(id)) return false;
      const flags = d.flags.map((f) => f.flag);
      return !flags.includes('sea') && !flags.includes('impassable');
    })
    .map((label) => ({ label, province: label, kind: CompletionItemKind.Variable }));
}
