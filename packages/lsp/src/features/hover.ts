/**
 * Hover: a province (names, terrain, coasts, centre, home country, and in a
 * game its owner and unit at that phase, its neighbours; in a retreat, build or
 * disband list, what became of that entry), a power (in a declaration, what the
 * declaration did), an order (its result and why, with strengths as the
 * adjudicator gives them, and what became of its lists), a declaration, a rule
 * option (what it does, its values, which editions set it, and the conflicts of
 * its line as docs/RULES.md explains them) and an edition.
 */
import type { GameAst, OrderRun, PhaseRun } from '@dipforge/dsl';
import { csrRow, formatOrder, phaseWords, REASONS, ruleOption, say, statusWords, type AdjustmentEntryResult, type Board, type Order, type Phase, type Unit, type VariantConfig } from '@dipforge/engine';
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver';
import { base, gameContext, namesNear, namesOfMap, phaseLabel, positionOf, unitIn, unitText } from '../context.js';
import { occurrenceAt, type Occurrence } from '../names.js';
import type { GameDoc, MapDoc, Workspace } from '../workspace.js';
import { conflictText } from './conflicts.js';
import { resultText } from './diagnostics.js';
import { localizedHover } from './localized.js';
import { ENGLISH, speechOf, type Speech } from './editor-words.js';
import { adjustmentEntries, listEntryWords, listWords, retreatOutcome } from './list-words.js';
import { notPlayedText, whyNotPlayed } from '../unplayed.js';

export function hover(ws: Workspace, doc: GameDoc | MapDoc, pos: Position): Hover | null {
  const offset = doc.lines.offsetAt(pos);
  return doc.kind === 'game' ? gameHover(ws, doc, offset) : mapHover(ws, doc, offset);
}

function md(value: string, doc: GameDoc | MapDoc, start: number, end: number): Hover {
  return { contents: { kind: MarkupKind.Markdown, value }, range: doc.lines.range(start, end) };
}

/** A place, a unit, a power and a phase as the speech names them: ids and `A par` in English, names in a language. */
const placeIn = (s: Speech, loc: string): string => (s.english ? loc : s.names.place(loc));
const unitIn_ = (s: Speech, u: { kind: string; at: string }): string => (s.english ? unitText(u) : s.names.unit(u));
const powerIn = (s: Speech, id: string): string => (s.english ? id : s.names.power(id));
const phaseIn = (s: Speech, phase: Phase): string => (s.english ? phaseLabel(phase) : phaseWords(phase, s.names));
const listIn = (s: Speech, items: readonly string[]): string => (items.length === 0 ? s.words.text.none : items.join(s.words.text.listJoin));

/** Why an order failed: the adjudicator's sentence in English; in a language, the reason in its words and the reason's code. */
function whyIn(s: Speech, o: OrderRun, m = s.names.messages): string | undefined {
  if (s.english) return resultText(o);
  const r = o.result;
  if (!r) return undefined;
  const words = r.reason && Object.hasOwn(m.reasons, r.reason) ? m.reasons[r.reason as keyof typeof m.reasons] : (r.reason ?? m.text[r.status]);
  return r.reason ? `${words} (\`${r.reason}\`)` : words;
}

function names(n: Record<string, string[]> | undefined): string {
  const parts = Object.entries(n ?? {}).map(([tag, list]) => `${tag}: ${list.join(', ')}`);
  return parts.join('; ');
}

/** Province facts from a compiled config and board (a game, or a map that compiles). */
function provinceFacts(config: VariantConfig, board: Board | undefined, id: string, s: Speech = ENGLISH): string[] {
  const p = config.provinces.find((x) => x.id === id);
  if (!p) return [`\`${id}\``];
  const t = s.words.text;
  const kind = p.impassable ? t.impassable : p.terrain === 'sea' ? t.sea : p.terrain === 'land' ? t.inland : t.coastal;
  const lines = [say(t.provinceTitle, { name: s.english ? p.name : s.names.placeName(p.id), id: p.id, kind, centre: p.supplyCentre ? t.supplyCentre : '' })];
  const powerName = (w: VariantConfig['powers'][number]): string => (s.english ? w.name : s.names.power(w.id));
  const home = config.powers.find((w) => w.home.includes(p.id));
  if (home) lines.push(say(t.homeCentreOf, { power: powerName(home) }));
  else {
    const country = config.powers.find((w) => w.country?.includes(p.id));
    if (country) lines.push(say(t.inHomeCountry, { power: powerName(country), id: country.id }));
  }
  const local = names(p.names);
  if (local) lines.push(say(t.names, { list: local }));
  if (p.aliases?.length) lines.push(say(t.aliases, { list: p.aliases.join(', ') }));
  if (p.coasts?.length) lines.push(say(t.coasts, { list: p.coasts.map((c) => `${p.id}/${c.id} (${s.english ? c.name : s.names.place(`${p.id}/${c.id}`)})`).join(t.listJoin) }));
  if (board) {
    const pi = board.provinceId(p.id);
    if (pi >= 0) {
      const army = [...csrRow(board.armyAdj, pi)].map((l) => board.locName(l));
      const locs = [pi, ...board.coastsOf(pi)];
      const fleet = [...new Set(locs.flatMap((l) => [...csrRow(board.fleetAdj, l)].map((t) => board.locName(t))))];
      if (army.length) lines.push(say(t.armyNeighbours, { list: army.sort().map((l) => placeIn(s, l)).join(t.listJoin) }));
      if (fleet.length) lines.push(say(t.fleetNeighbours, { list: fleet.sort().map((l) => placeIn(s, l)).join(t.listJoin) }));
    }
  }
  return lines;
}

function powerFacts(config: VariantConfig, id: string, s: Speech = ENGLISH): string[] {
  const w = config.powers.find((x) => x.id === id);
  if (!w) return [`\`${id}\``];
  const t = s.words.text;
  const adjective = s.english && w.adjective ? `, ${w.adjective}` : '';
  const lines = [say(t.powerTitle, { name: s.english ? w.name : s.names.power(w.id), id: w.id, adjective })];
  const local = names(w.names);
  if (local) lines.push(say(t.names, { list: local }));
  if (w.aliases?.length) lines.push(say(t.aliases, { list: w.aliases.join(', ') }));
  lines.push(say(t.homeCentres, { list: listIn(s, w.home.map((h) => placeIn(s, h))) }));
  return lines;
}

// ------------------------------------------------------------------- games

function gameHover(ws: Workspace, doc: GameDoc, offset: number): Hover | null {
  const ctx = gameContext(doc, offset);
  const occ = occurrenceAt(namesNear(doc, offset).occurrences, offset);
  // The language of the power whose order line this is, else the game's (English for the standard notation).
  const linePower = ctx.kind === 'phase' && ctx.order ? doc.index?.power(ctx.order.power.text) : undefined;
  const s = speechOf(doc, linePower);
  const t = s.words.text;
  if (occ && doc.config) {
    // A phase's orders: the position they are read against. An expect or declare block: the position after the phase before it.
    let at = ctx.kind === 'phase' ? positionOf(doc, ctx.index) : doc.run.start;
    let when = at ? say(t.inPhase, { phase: phaseIn(s, at.phase) }) : '';
    if (ctx.kind === 'expect' || ctx.kind === 'declare') {
      if (ctx.run) {
        at = ctx.run.result.next;
        when = say(t.afterPhase, { phase: phaseIn(s, ctx.run.phase) });
      } else if (ctx.index >= 0) {
        at = positionOf(doc, ctx.index);
        when = at ? say(t.inPhase, { phase: phaseIn(s, at.phase) }) : '';
      }
    }
    const lines = occ.kind === 'power' ? powerFacts(doc.config, occ.id, s) : provinceFacts(doc.config, doc.board, base(occ.id), s);
    if (occ.kind === 'power' && at) {
      const units = at.units.filter((u) => u.power === occ.id).map((u) => unitIn_(s, u));
      const centres = Object.entries(at.owners).filter(([, p]) => p === occ.id).map(([c]) => c).sort();
      lines.push(say(t.powerAt, { when, count: centres.length, centres: listIn(s, centres.map((c) => placeIn(s, c))), units: listIn(s, units) }));
    } else if (at) {
      const prov = base(occ.id);
      const owner = at.owners[prov];
      const unit = unitIn(at.units, prov);
      const dis = unitIn(at.dislodged, prov);
      const isCentre = doc.config.provinces.find((p) => p.id === prov)?.supplyCentre;
      const facts: string[] = [];
      const ofPower = (u: Unit): string => say(t.unitOf, { unit: unitIn_(s, u), power: powerIn(s, u.power) });
      if (isCentre) facts.push(say(t.owner, { owner: owner ? powerIn(s, owner) : t.none }));
      facts.push(say(t.unit, { unit: unit ? ofPower(unit) : t.none }));
      if (dis) facts.push(say(t.dislodged, { unit: ofPower(dis) }));
      lines.push(say(t.placeAt, { when, facts: facts.join(t.listJoin) }));
    }
    // An entry of a retreat, build or disband list: what became of it.
    if (occ.kind !== 'power' && ctx.kind === 'phase' && ctx.run && ctx.orderRun) {
      const entry = listEntryText(ctx.run, ctx.orderRun, base(occ.id), occ.start, s);
      if (entry) lines.push(entry);
    }
    // A name in a section that was not played: the position shown is the last one reached, and why the section was not played.
    if (ctx.kind === 'phase' && !ctx.run) {
      const why = whyNotPlayed(doc, ctx.index);
      if (why) lines.push(notPlayedText(why, doc, ctx.index));
    }
    // A power in a declaration: what the declaration did.
    if (occ.kind === 'power' && ctx.kind === 'declare' && ctx.statement) {
      const d = declarationRun(doc, ctx.statement);
      if (d) lines.push(`\`${d.text}\`: ${d.effect}`);
    }
    return md(lines.join('\n\n'), doc, occ.start, occ.end);
  }
  if (ctx.kind === 'phase' && ctx.order) {
    const o = ctx.orderRun;
    const text = ctx.order.text.text;
    const lines = [`**${text}**`];
    const localized = localizedHover(doc, ctx, s, (r) => whyIn(s, r));
    if (localized) {
      lines.push(...localized);
      if (o && ctx.run) lines.push(...listText(ctx.run, o, s));
    } else if (o) {
      lines.push(say(t.readAs, { order: readAs(o.order), power: o.power }));
      lines.push(say(t.result, { words: (o.result ? statusWords(o.result, s.names, doc.board) : undefined) ?? t.notAdjudicated }));
      if (o.result && o.result.status !== 'succeeds') lines.push(say(t.why, { why: whyIn(s, o) ?? '' }));
      if (ctx.run) lines.push(...listText(ctx.run, o, s));
      if (o.line.expected) lines.push(say(t.expected, { value: o.line.expected.value }));
    } else {
      // A section that was not played has no readings at all: say why (a phase the edition lacks), not that the order is unreadable.
      const why = ctx.run ? undefined : whyNotPlayed(doc, ctx.index);
      lines.push(why ? notPlayedText(why, doc, ctx.index) : t.unreadable);
    }
    return md(lines.join('\n\n'), doc, ctx.order.range.start.offset, ctx.order.range.end.offset);
  }
  if (ctx.kind === 'declare' && ctx.statement) {
    const d = declarationRun(doc, ctx.statement);
    const st = ctx.statement;
    const text = d ? [`**${d.text}**`, d.effect] : [`**${doc.text.slice(st.range.start.offset, st.range.end.offset)}**`, t.notPlayed];
    return md(text.join('\n\n'), doc, st.range.start.offset, st.range.end.offset);
  }
  // Header: rule options, editions; and the rule conflicts of the line (DF2014, DF8008, DF8007).
  const line = doc.lines.lineOf(offset);
  const conflicts = conflictText(doc.run.diagnostics.filter((d) => d.file === doc.path && d.range.start.line === line));
  const withConflicts = (text: string): string => (conflicts ? `${text}\n\n---\n\n${conflicts}` : text);
  for (const h of doc.parsed.ast.header) {
    if (h.kind === 'Rule') {
      if (offset >= h.key.range.start.offset && offset <= h.key.range.end.offset) return md(withConflicts(ruleDoc(ws, h.key.value)), doc, h.key.range.start.offset, h.key.range.end.offset);
      for (const v of h.values) {
        if (offset >= v.range.start.offset && offset <= v.range.end.offset) {
          const text = h.key.value === 'edition' ? editionDoc(ws, String(v.value)) : valueDoc(h.key.value, String(v.value));
          return md(withConflicts(text), doc, v.range.start.offset, v.range.end.offset);
        }
      }
    }
    if (h.kind === 'Edition' && offset >= h.name.range.start.offset && offset <= h.name.range.end.offset) {
      return md(withConflicts(editionDoc(ws, h.name.value)), doc, h.name.range.start.offset, h.name.range.end.offset);
    }
    if (conflicts && (h.kind === 'Rule' || h.kind === 'Edition') && offset >= h.range.start.offset && offset <= h.range.end.offset) {
      return md(conflicts, doc, h.range.start.offset, h.range.end.offset);
    }
  }
  if (ctx.kind === 'phase' && ctx.run && offset >= ctx.section.range.start.offset && doc.lines.lineOf(offset) === ctx.section.range.start.line) {
    return md(phaseDoc(ctx.section, ctx.run, s), doc, ctx.section.range.start.offset, doc.lines.lineEnd(ctx.section.range.start.line));
  }
  return null;
}

/** The run of a declaration (matched by where it starts: the run may have been taken over from an earlier text). */
function declarationRun(doc: GameDoc, s: GameAst.DeclarationStmt): GameDoc['run']['declarations'][number] | undefined {
  return doc.run.declarations.find((d) => d.statement.range.start.offset === s.range.start.offset);
}

/** The sentence for an adjudicator's reason (`occupied` → `the province is occupied`). */
const reason = (r: string | undefined): string => (r ? ((REASONS as Record<string, string>)[r] ?? r) : '');


/** An adjustment entry's result in a sentence: `built`, `fails (too-many-builds): the power has no builds left`. */
function entryResult(e: AdjustmentEntryResult<unknown>, done: string): string {
  if (e.status === 'succeeds') return done;
  const why = e.reason ? ` (${e.reason})` : '';
  const detail = e.detail ?? (e.reason ? reason(e.reason) : '');
  return `${e.status === 'fails' ? 'not carried out' : 'illegal'}${why}${detail ? `: ${detail}` : ''}`;
}


const entryUnit = (e: { kind?: string; at: string }): string => (e.kind ? unitText({ kind: e.kind, at: e.at }) : e.at);

/** What became of a retreat list (and the unit it was for), or of each entry of a build or disband list; in a language, `listWords`. */
function listText(run: PhaseRun, o: OrderRun, s: Speech): string[] {
  if (!s.english) return listWords(run, o, s);
  const order = o.order;
  if ((order.type === 'hold' || order.type === 'move' || order.type === 'support' || order.type === 'convoy') && order.retreat) {
    const list = order.retreat;
    const written = `Retreat list: ${[...list.to, ...(list.otherwise === 'disband' ? ['disband'] : [])].join(', ')}${list.otherwise === 'default' ? ' (then retreat-default)' : ''}`;
    if (!run.result.retreats) return [written, 'The list was not used: this phase does not carry out its retreats (`retreats phase`).'];
    const r = retreatOutcome(run, o);
    if (!r) return [written, 'Not dislodged: the list was not needed.'];
    const passed = r.passed.length > 0 ? `; passed over ${r.passed.map((p) => `${p.to} (${p.reason})`).join(', ')}` : '';
    const from = r.unit.from ? ` from ${r.unit.from}` : '';
    switch (r.outcome) {
      case 'retreats':
        return [written, `Dislodged${from}: retreated to ${r.to}${r.by === 'default' ? ' (by retreat-default)' : ''}${passed}`];
      case 'destroyed':
        return [written, `Dislodged${from}: disbanded, another unit retreated to ${r.to} too${passed}`];
      default:
        return [written, `Dislodged${from}: disbanded (${r.why === 'ordered' ? 'as the list says' : r.why === 'no-retreat' ? 'no legal retreat' : 'by retreat-default'})${passed}`];
    }
  }
  if (order.type === 'build-list' || order.type === 'disband-list') {
    const { builds, disbands } = adjustmentEntries(run, o);
    const entries = order.type === 'build-list' ? builds : disbands;
    if (entries.length === 0) return ['The list was not carried out in this phase.'];
    const done = order.type === 'build-list' ? 'built' : 'disbanded';
    return [entries.map((e) => `- ${entryUnit(e.entry)}: ${entryResult(e, done)}`).join('\n')];
  }
  return [];
}

/** What became of the list entry naming `province` (a retreat list's place, a build or disband list's unit), in one line. */
function listEntryText(run: PhaseRun, o: OrderRun, province: string, at: number, s: Speech): string | undefined {
  if (!s.english) return listEntryWords(run, o, province, s);
  const order = o.order;
  if ((order.type === 'hold' || order.type === 'move' || order.type === 'support' || order.type === 'convoy') && order.retreat) {
    // Only the places after the list's keyword are entries.
    const start = o.line.text.range.start.offset;
    const m = /(^|[\s,])(r|retreat|retreats)(?=[\s,]|$)/iu.exec(o.line.text.text.slice(0, Math.max(0, at - start)));
    if (!m || !order.retreat.to.some((t) => base(t) === province)) return undefined;
    if (!run.result.retreats) return 'Retreat list entry: not used (`retreats phase`)';
    const r = retreatOutcome(run, o);
    if (!r) return 'Retreat list entry: not needed, the unit was not dislodged';
    const passed = r.passed.find((p) => base(p.to) === province);
    if (passed) return `Retreat list entry: passed over, ${reason(passed.reason)} (${passed.reason})`;
    if ((r.outcome === 'retreats' || r.outcome === 'destroyed') && base(r.to) === province) {
      return r.outcome === 'retreats' ? 'Retreat list entry: the unit retreated here' : 'Retreat list entry: the unit retreated here, but so did another unit: both disbanded';
    }
    return `Retreat list entry: not reached, ${r.outcome === 'disbanded' ? 'the unit was disbanded' : `the unit retreated to ${r.to}`}`;
  }
  if (order.type === 'build-list' || order.type === 'disband-list') {
    const { builds, disbands } = adjustmentEntries(run, o);
    const entries = order.type === 'build-list' ? builds : disbands;
    const e = entries.find((x) => base(x.entry.at) === province);
    const what = order.type === 'build-list' ? 'Build list entry' : 'Disband list entry';
    if (!e) return run.result.adjustments ? `${what}: not carried out` : undefined;
    return `${what} ${entryUnit(e.entry)}: ${entryResult(e, order.type === 'build-list' ? 'built' : 'disbanded')}`;
  }
  return undefined;
}

function readAs(order: Order): string {
  try {
    return formatOrder(order);
  } catch {
    return JSON.stringify(order);
  }
}

function phaseDoc(section: GameAst.PhaseSection, r: PhaseRun, s: Speech): string {
  const t = s.words.text;
  const results = r.orders.map((o) => o.result?.status ?? 'none');
  const count = (status: string): number => results.filter((x) => x === status).length;
  const lines = [say(t.phaseSummary, { phase: phaseIn(s, r.phase), orders: section.orders.length, succeed: count('succeeds'), fail: count('fails'), illegal: count('illegal') })];
  if (r.result.dislodged.length) lines.push(say(t.dislodgedList, { list: r.result.dislodged.map((u) => say(t.unitOf, { unit: unitIn_(s, u), power: powerIn(s, u.power) })).join(t.listJoin) }));
  return lines.join('\n\n');
}

// -------------------------------------------------------------------- maps

function mapHover(ws: Workspace, doc: MapDoc, offset: number): Hover | null {
  const { occurrences, marks } = namesOfMap(doc);
  const occ: Occurrence | undefined = occurrenceAt(occurrences, offset);
  if (occ) {
    const config = mapConfig(doc);
    if (config) {
      const lines = occ.kind === 'power' ? powerFacts(config, occ.id) : provinceFacts(config, undefined, base(occ.id));
      if (occ.kind !== 'power') {
        const edges = doc.check.variant?.edges;
        const prov = base(occ.id);
        if (edges) {
          const army = edges.army.filter(([a]) => base(a) === prov).map(([, b]) => b);
          const fleet = edges.fleet.filter(([a]) => base(a) === prov).map(([, b]) => b);
          if (army.length) lines.push(`Army neighbours: ${[...new Set(army)].sort().join(', ')}`);
          if (fleet.length) lines.push(`Fleet neighbours: ${[...new Set(fleet)].sort().join(', ')}`);
        }
      }
      return md(lines.join('\n\n'), doc, occ.start, occ.end);
    }
    return md(`\`${occ.id}\` (${occ.kind})`, doc, occ.start, occ.end);
  }
  const mark = marks.find((m) => offset >= m.start && offset <= m.end);
  // The rule conflicts of the line (DF2014, DF8008, DF8007), after what the word says.
  const line = doc.lines.lineOf(offset);
  const conflicts = mark ? conflictText(doc.check.diagnostics.filter((d) => d.file === doc.path && d.range.start.line === line)) : undefined;
  const withConflicts = (text: string): string => (conflicts ? `${text}\n\n---\n\n${conflicts}` : text);
  if (mark?.kind === 'rule') return md(withConflicts(ruleDoc(ws, mark.text.toLowerCase())), doc, mark.start, mark.end);
  if (mark?.kind === 'ruleValue' && mark.key) return md(withConflicts(valueDoc(mark.key, mark.text)), doc, mark.start, mark.end);
  if (mark?.kind === 'edition') return md(withConflicts(editionDoc(ws, mark.text.replace(/^"|"$/g, '').toLowerCase())), doc, mark.start, mark.end);
  return null;
}

/** A config-like view of a map's resolved variant (it may have errors). */
function mapConfig(doc: MapDoc): VariantConfig | undefined {
  const v = doc.check.variant;
  if (!v) return undefined;
  return {
    provinces: v.provinces.map((p) => ({ id: p.id, name: p.name, terrain: p.terrain, supplyCentre: p.supplyCentre, impassable: p.impassable, coasts: p.coasts, names: p.names, aliases: p.aliases })),
    powers: v.powers.map((w) => ({ ...w })),
  } as unknown as VariantConfig;
}

// ------------------------------------------------------------------- rules

/** Which edition files set an option, and to what. */
export function editionsSetting(ws: Workspace, key: string): { edition: string; value: string }[] {
  const out: { edition: string; value: string }[] = [];
  for (const f of ws.loader.editionFiles()) {
    for (const d of f.ast.decls) {
      if (d.kind !== 'Ruleset' || !d.name) continue;
      for (const o of d.options) if (o.key.value === key) out.push({ edition: d.name.value, value: o.values.map((v) => v.text).join(', ') });
    }
  }
  return out;
}

export function ruleDoc(ws: Workspace, key: string): string {
  if (key === 'edition') return `**edition**: the rule set the rules start from: ${editionList(ws)}`;
  const spec = ruleOption(key);
  if (!spec) return `**${key}**: no such rule option`;
  const lines = [`**${spec.key}**: ${spec.summary}`, spec.description];
  if ('choices' in spec) lines.push(`Values: ${spec.choices.map((c) => `\`${c.value}\` (${c.summary})`).join('; ')}`);
  else if (spec.kind === 'boolean') lines.push('Values: `true`, `false`');
  lines.push(`Default (edition 2023): \`${Array.isArray(spec.default) ? spec.default.join(', ') : String(spec.default)}\``);
  const set = editionsSetting(ws, spec.key);
  lines.push(set.length ? `Set by: ${set.map((s) => `${s.edition} (\`${s.value}\`)`).join(', ')}` : 'No other edition changes it.');
  lines.push(`Source: ${spec.source}`);
  return lines.join('\n\n');
}

function valueDoc(key: string, value: string): string {
  const spec = ruleOption(key);
  if (!spec) return `\`${value}\``;
  const choice = 'choices' in spec ? spec.choices.find((c) => c.value === value.toLowerCase()) : undefined;
  return choice ? `**${spec.key} ${choice.value}**: ${choice.summary}\n\n${spec.summary}` : `**${spec.key}** \`${value}\`: ${spec.summary}`;
}

function editionList(ws: Workspace): string {
  const names: string[] = [];
  for (const f of ws.loader.editionFiles()) for (const d of f.ast.decls) if (d.kind === 'Ruleset' && d.name) names.push(d.name.value);
  return names.join(', ');
}

export function editionDoc(ws: Workspace, name: string): string {
  for (const f of ws.loader.editionFiles()) {
    for (const d of f.ast.decls) {
      if (d.kind !== 'Ruleset' || d.name?.value !== name) continue;
      const lines = [`**edition ${name}**${d.title ? `: ${d.title.value}` : ''}`];
      if (d.extends) lines.push(`Extends ${d.extends.value}`);
      if (d.options.length) lines.push(d.options.map((o) => `- \`${o.key.value} ${o.values.map((v) => v.text).join(', ')}\``).join('\n'));
      return lines.join('\n\n');
    }
  }
  return `**${name}**: a rule set`;
}
