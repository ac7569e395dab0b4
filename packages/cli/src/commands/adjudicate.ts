import { GameWorkspace, phaseText, runGameFile, type Diagnostic, type GameRun, type PhaseRun } from '@dipforge/dsl';
import { formatScore, resultKind } from '@dipforge/dsl';
import { alliancesInForce } from '@dipforge/engine';
import { formatOrder, orderLanguages, type Order, type OrderResult, type PhaseResult, type Position, type ResultFacts } from '@dipforge/engine';
import { canonicalNamer, languageNamer, outcomeWords, phaseWords, powerList, say, statusWords, type Board, type Namer } from '@dipforge/engine';
import { oneFileArgs, parseArgs } from '../args.js';
import { unknownEditionExit } from '../edition-flag.js';
import { Exit, type Io } from '../io.js';
import { displayPath, exitCode, printDiagnostics, summary } from '../report.js';

export const adjudicateUsage = 'dipforge adjudicate GAME.dipgame [--edition NAME] [--lang zh|ja|fi] [--json]   every phase with its results, the final position, the result and the scores';

/** The version of the `--json` document (docs/ADJUDICATE-JSON.md). */
export const ADJUDICATION_FORMAT = 'dipforge-adjudication/1';

export function adjudicate(args: string[], io: Io): number {
  const parsed = parseArgs(args, [
    { name: 'edition', takesValue: true },
    { name: 'json', takesValue: false },
    { name: 'lang', takesValue: true },
  ]);
  const lang = parsed.ok ? parsed.options.get('lang') : undefined;
  if (parsed.ok && lang !== undefined && (typeof lang !== 'string' || !orderLanguages().includes(lang.toLowerCase()))) {
    io.err(`dipforge adjudicate: --lang takes one of ${orderLanguages().join(', ')}\nusage: ${adjudicateUsage}\n`);
    return Exit.usage;
  }
  const given = oneFileArgs(parsed, { name: 'adjudicate', usage: adjudicateUsage, none: 'no game file given', several: 'give one game file' }, io);
  if (typeof given === 'number') return given;
  const { path, options } = given;
  const edition = options.get('edition');
  const workspace = new GameWorkspace();
  const run = runGameFile(path, workspace, typeof edition === 'string' ? { edition } : {});
  const wrongEdition = unknownEditionExit('adjudicate', '--edition', run, adjudicateUsage, io);
  if (wrongEdition !== undefined) return wrongEdition;
  const errors = run.diagnostics.some((d) => d.severity === 'error');
  // --lang, else (for the report people read; the JSON document is for programs) the game's own `language` line.
  const language = typeof lang === 'string' ? lang.toLowerCase() : options.has('json') ? undefined : reportLanguage(run.languages?.game);
  const board = run.variant && run.config ? workspace.board(run.variant, run.config) : undefined;
  const namer = language && board ? languageNamer(board, language) : undefined;
  if (options.has('json')) {
    io.out(`${JSON.stringify(adjudicationJson(run, io.cwd, namer && language ? { language, namer } : undefined), null, 2)}\n`);
    if (errors) printDiagnostics(run.diagnostics, io);
  } else {
    printDiagnostics(run.diagnostics, io);
    io.out(humanReport(run, io.cwd, namer ?? canonicalNamer(board), board));
    if (errors) io.err(`dipforge adjudicate: ${summary(run.diagnostics)}${run.complete ? '' : '; not every phase was adjudicated'}\n`);
  }
  return exitCode(run.diagnostics);
}

/** A game's order language when a report can be written in it (not the standard notation). */
function reportLanguage(tag: string | undefined): string | undefined {
  const t = tag?.toLowerCase();
  return t !== undefined && orderLanguages().includes(t) ? t : undefined;
}

// ------------------------------------------------------------------ shared

interface ResultRow {
  power: string;
  order: Order;
  text: string;
  /** The order as written in the file, and its 1-based line; absent for orders the engine added. */
  source?: { text: string; line: number };
  status: OrderResult['status'] | 'unresolved';
  reason?: string;
  detail?: string;
  facts?: ResultFacts;
  expected?: string;
}

/** Every order of a phase with its result: the file's orders first, then any the engine added. */
function rows(phase: PhaseRun): ResultRow[] {
  const out: ResultRow[] = [];
  const seen = new Set<OrderResult>();
  for (const o of phase.orders) {
    const r = o.result;
    if (r) seen.add(r);
    const row: ResultRow = {
      power: o.power,
      order: o.order,
      text: formatOrder(o.order),
      source: { text: o.line.text.text, line: o.line.range.start.line + 1 },
      status: r?.status ?? 'unresolved',
    };
    if (r?.reason !== undefined) row.reason = r.reason;
    if (r?.detail !== undefined) row.detail = r.detail;
    if (r?.facts !== undefined) row.facts = r.facts;
    if (o.line.expected) row.expected = o.line.expected.value;
    out.push(row);
  }
  for (const r of phase.result.results) {
    if (seen.has(r)) continue;
    const row: ResultRow = { power: r.order.power, order: r.order, text: formatOrder(r.order), status: r.status };
    if (r.reason !== undefined) row.reason = r.reason;
    if (r.detail !== undefined) row.detail = r.detail;
    if (r.facts !== undefined) row.facts = r.facts;
    out.push(row);
  }
  return out;
}

function centres(position: Position, powers: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of powers) out[p] = 0;
  for (const owner of Object.values(position.owners)) out[owner] = (out[owner] ?? 0) + 1;
  return out;
}

function powersOf(run: GameRun): string[] {
  return run.config?.powers.map((p) => p.id) ?? [];
}

function sameOwners(a: Position, b: Position): boolean {
  const ka = Object.keys(a.owners);
  return ka.length === Object.keys(b.owners).length && ka.every((k) => a.owners[k] === b.owners[k]);
}

// ------------------------------------------------------------------- human

/** Columns a text takes in a terminal: East Asian wide characters take two (orders printed with --lang zh or ja). */
function width(s: string): number {
  let n = 0;
  for (const c of s) n += /[\u1100-\u115f\u2e80-\u303e\u3041-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(c) ? 2 : 1;
  return n;
}

function pad(s: string, n: number): string {
  const w = width(s);
  return w >= n ? `${s} ` : s + ' '.repeat(n - w);
}

function centreLine(position: Position, powers: readonly string[], names: Namer): string {
  const c = centres(position, powers);
  return Object.entries(c)
    .map(([p, n]) => `${names.power(p)} ${n}`)
    .join(names.messages.text.listJoin);
}

/** The widest order column: a longer order (a convoy route of many seas) is followed by one space instead of widening every row. */
const MAX_ORDER_COLUMN = 48;

/** `heading: rest`, with the language's colon. */
function labelled(names: Namer, label: string, rest: string): string {
  return `${label}${colon(names)}${rest}`;
}

const colon = (names: Namer): string => (names.language === 'zh' || names.language === 'ja' ? '：' : ': ');

/**
 * The report people read: every phase's orders with their results in plain
 * words, in the namer's language (headings, phases, centres and the result of
 * the game too), and the orders in the notation that language's reader reads back.
 */
function humanReport(run: GameRun, cwd: string, names: Namer, board?: Board): string {
  const t = names.messages.text;
  const unitText = names.unit;
  const lines: string[] = [];
  // Lists are added in a loop, not by push(...list): a phase may have more orders than a call takes arguments.
  const add = (more: readonly string[]): void => {
    for (const line of more) lines.push(line);
  };
  const powers = powersOf(run);
  if (!run.config || !run.start) return `${displayPath(run.file, cwd)}: not adjudicated\n`;
  const heading = say(t.heading, { file: displayPath(run.file, cwd), variant: run.config.name, id: run.config.id, edition: run.edition ?? '?' });
  lines.push(`${heading}${run.seed !== undefined ? say(t.seed, { seed: run.seed }) : ''}`);
  add(declarationLines(run, -1, names));
  for (const [index, phase] of run.phases.entries()) {
    lines.push('');
    lines.push(`${phaseWords(phase.phase, names)}${phase.section ? '' : `   ${t.notInFile}`}`);
    const all = rows(phase).map((r) => ({ ...r, text: names.language === undefined ? r.text : names.order(r.order) }));
    let column = 24;
    for (const r of all) column = Math.min(MAX_ORDER_COLUMN, Math.max(column, width(r.text) + 2));
    let power: string | undefined;
    for (const r of all) {
      if (r.power !== power) {
        power = r.power;
        lines.push(`  ${names.power(power)}${colon(names).trimEnd()}`);
      }
      const words = r.status === 'unresolved' ? t.unresolved : statusWords({ order: r.order, status: r.status, reason: r.reason, facts: r.facts }, names, board);
      const mismatch = r.expected && r.expected !== r.status ? `   [expected ${r.expected}]` : '';
      lines.push(`    ${pad(r.text, column)}${words}${mismatch}`);
    }
    if (all.length === 0) lines.push(`  ${t.noOrders}`);
    for (const d of phase.result.dislodged) {
      const from = d.from ? ` (${say(d.byConvoy ? t.attackedFromByConvoy : t.attackedFrom, { place: names.place(d.from) })})` : '';
      lines.push(`  ${labelled(names, t.dislodged, `${names.power(d.power)} ${unitText(d)}${from}`)}`);
    }
    add(retreatLines(phase.result, names));
    add(adjustmentLines(phase.result, names));
    if (phase.phase.kind !== 'retreat' && !sameOwners(phase.before, phase.result.next)) lines.push(`  ${labelled(names, t.centres, centreLine(phase.result.next, powers, names))}`);
    if (phase.incomplete) lines.push(`  ${t.someUnread}`);
    add(declarationLines(run, index, names));
  }
  const final = run.final as Position;
  lines.push('');
  lines.push(`${say(t.positionAt, { phase: phaseWords(final.phase, names) })}${colon(names).trimEnd()}`);
  const byPower = new Map<string, string[]>();
  for (const u of final.units) byPower.set(u.power, [...(byPower.get(u.power) ?? []), unitText(u)]);
  for (const p of [...powers, ...[...byPower.keys()].filter((k) => !powers.includes(k))]) {
    const units = byPower.get(p);
    if (units) lines.push(`  ${labelled(names, names.power(p), units.join(t.listJoin))}`);
  }
  for (const d of final.dislodged) lines.push(`  ${labelled(names, say(t.dislodgedFinal, { power: names.power(d.power) }), unitText(d))}`);
  lines.push(labelled(names, t.centres, centreLine(final, powers, names)));
  add(resultLines(run, names));
  if (run.expectations.length > 0) {
    const failed = run.expectations.filter((e) => !e.ok);
    lines.push(say(t.expectations, { met: run.expectations.length - failed.length, failed: failed.length }));
    for (const e of failed) lines.push(`  ${displayPath(run.file, cwd)}:${e.range.start.line + 1}:${e.range.start.column + 1}: ${e.message} [DF6007]`);
  }
  return `${lines.join('\n')}\n`;
}

/** The retreats a movement phase carried out at once (retreat lists, a postal year). */
function retreatLines(result: PhaseResult, names: Namer): string[] {
  const t = names.messages.text;
  const out: string[] = [];
  const unitText = names.unit;
  for (const r of result.retreats ?? []) {
    const passed = r.passed.length === 0 ? '' : say(t.passedOver, { places: r.passed.map((p) => `${names.place(p.to)} (${names.messages.reasons[p.reason]})`).join(t.listJoin) });
    const by = (b: 'list' | 'default'): string => (b === 'list' ? t.fromList : t.byDefault);
    const what =
      r.outcome === 'retreats'
        ? say(t.retreatsTo, { place: names.place(r.to), how: `${by(r.by)}${passed}` })
        : r.outcome === 'destroyed'
          ? say(t.destroyed, { place: names.place(r.to), how: `${by(r.by)}${passed}` })
          : say(t.disbanded, { how: `${r.why === 'ordered' ? t.asListSays : r.why === 'no-retreat' ? t.noLegalRetreat : t.byDefault}${passed}` });
    out.push(`  ${labelled(names, t.retreat, `${names.power(r.unit.power)} ${unitText(r.unit)} ${what}`)}`);
  }
  return out;
}

/** A build or disband entry as written: `F ven`, or `ven` without a kind. */
function entryText(e: { kind?: string; at: string }, names: Namer): string {
  return e.kind === undefined ? names.place(e.at) : names.unit({ kind: e.kind, at: e.at });
}

/** The adjustments a postal fall carried out, per power. */
function adjustmentLines(result: PhaseResult, names: Namer): string[] {
  const t = names.messages.text;
  const out: string[] = [];
  const units = (list: readonly { kind: string; at: string }[]): string => list.map(names.unit).join(t.listJoin);
  const why = (e: { reason?: string; status: string }): string => (e.reason !== undefined && e.reason in names.messages.reasons ? names.messages.reasons[e.reason as keyof typeof names.messages.reasons] : (e.reason ?? e.status));
  for (const a of result.adjustments ?? []) {
    const parts: string[] = [];
    if (a.disbanded.length > 0) parts.push(say(t.disbands, { units: units(a.disbanded) }));
    if (a.removed.length > 0) parts.push(say(t.removes, { units: units(a.removed) }));
    if (a.built.length > 0) parts.push(say(t.builds, { units: units(a.built) }));
    if (parts.length === 0) parts.push(a.centres > a.units ? say(t.noBuilds, { allowed: a.centres - a.units }) : t.noChange);
    const counts = say(t.adjustmentCounts, { power: names.power(a.power), centres: a.centres, units: a.units });
    out.push(`  ${labelled(names, t.adjustments, `${counts} ${parts.join('; ')}`)}`);
    const skipped = [
      ...a.disbands.filter((e) => e.status !== 'succeeds').map((e) => say(t.disbandEntry, { entry: entryText(e.entry, names), why: why(e) })),
      ...a.builds.filter((e) => e.status !== 'succeeds').map((e) => say(t.buildEntry, { entry: entryText(e.entry, names), why: why(e) })),
    ];
    if (skipped.length > 0) out.push(`    ${labelled(names, t.notCarriedOut, skipped.join('; '))}`);
  }
  return out;
}

// -------------------------------------------------------------------- JSON

function diagnosticJson(d: Diagnostic, cwd: string): Record<string, unknown> {
  return {
    file: displayPath(d.file, cwd),
    line: d.range.start.line + 1,
    column: d.range.start.column + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.column + 1,
    severity: d.severity,
    code: d.code,
    message: d.message,
  };
}

/** The `--json` document; its shape is described in docs/ADJUDICATE-JSON.md. */
export function adjudicationJson(run: GameRun, cwd: string, localized?: { language: string; namer: Namer }): Record<string, unknown> {
  const powers = powersOf(run);
  return {
    format: ADJUDICATION_FORMAT,
    ...(localized ? { language: localized.language } : {}),
    file: displayPath(run.file, cwd),
    variant: run.config?.id ?? null,
    edition: run.edition ?? null,
    seed: run.seed ?? null,
    players: run.players,
    complete: run.complete,
    diagnostics: run.diagnostics.map((d) => diagnosticJson(d, cwd)),
    start: run.start ?? null,
    phases: run.phases.map((phase) => ({
      phase: phase.phase,
      name: phaseText(phase.phase),
      written: phase.section !== undefined,
      incomplete: phase.incomplete,
      results: rows(phase).map((r) => ({
        power: r.power,
        order: r.order,
        text: r.text,
        ...(localized ? { localized: localized.namer.order(r.order) } : {}),
        source: r.source?.text ?? null,
        line: r.source?.line ?? null,
        status: r.status,
        reason: r.reason ?? null,
        detail: r.detail ?? null,
        expected: r.expected ?? null,
      })),
      dislodged: phase.result.dislodged,
      ...(phase.result.retreats ? { retreats: phase.result.retreats } : {}),
      ...(phase.result.adjustments ? { adjustments: phase.result.adjustments } : {}),
      position: phase.result.next,
      centres: centres(phase.result.next, powers),
    })),
    final: run.final
      ? { position: run.final, centres: centres(run.final, powers), winner: run.winner ?? null, outcome: outcomeJson(run), scores: scoresJson(run) }
      : null,
    declarations: declarationsJson(run),
    expectations: run.expectations.map((e) => ({
      phase: e.phase,
      line: e.range.start.line + 1,
      column: e.range.start.column + 1,
      what: e.what,
      ok: e.ok,
      message: e.message,
    })),
  };
}

// ---------------------------------------------------------- victory, scores

/** The declarations played after phase `index` (-1: before the first phase), as lines of the report. */
function declarationLines(run: GameRun, index: number, names: Namer): string[] {
  const t = names.messages.text;
  const list = run.declarations.filter((d) => d.after === index);
  if (list.length === 0) return [];
  const at = index < 0 ? t.atStart : say(t.after, { phase: phaseWords(run.phases[index]!.phase, names) });
  const out: string[] = [];
  list.forEach((d, i) => {
    if (i === 0 || list[i - 1]!.block !== d.block) out.push('', say(t.declareAt, { when: at }));
    out.push(`  ${d.text}: ${d.effect}`);
  });
  return out;
}

/** `winner:`, `result:` and `scores:` lines. */
function resultLines(run: GameRun, names: Namer): string[] {
  const t = names.messages.text;
  const state = run.victory;
  if (!state) return [labelled(names, t.winner, run.winner ? names.power(run.winner) : t.none)];
  const o = state.outcome;
  const won = o.over && o.kind !== undefined && o.kind !== 'draw' && o.kind !== 'ended' && o.winners.length > 0;
  const winner = won ? say(t.winnerKind, { who: o.winners.map((p) => names.power(p)).join(t.listJoin), kind: names.messages.outcomeKinds[o.kind as keyof typeof names.messages.outcomeKinds] }) : t.none;
  const lines = [labelled(names, t.winner, winner)];
  const alliances = alliancesInForce(state.allies, powersOf(run));
  const decided = state.decidedAfter ? say(t.after, { phase: phaseWords(state.decidedAfter, names) }) : t.atStart;
  const how = o.over ? `${outcomeWords(o, names)}${t.listJoin}${decided}` : outcomeWords(o, names);
  lines.push(labelled(names, t.result, `${how}${state.ended && !o.over ? t.ended : ''}`));
  if (alliances.length > 0) lines.push(labelled(names, t.alliances, alliances.map((a) => powerList(a, names)).join('; ')));
  const s = state.scores;
  if (s.system !== 'none') {
    const points = Object.entries(s.points)
      .map(([p, n]) => `${names.power(p)} ${formatScore(n)}`)
      .join(t.listJoin);
    lines.push(labelled(names, say(s.final ? t.scores : t.scoresProvisional, { system: s.system }), points));
  }
  return lines;
}

/** `final.outcome` of the JSON document (docs/ADJUDICATE-JSON.md). */
function outcomeJson(run: GameRun): Record<string, unknown> | null {
  const state = run.victory;
  if (!state) return null;
  const o = state.outcome;
  return {
    over: o.over,
    result: resultKind(o),
    winners: o.over && o.kind !== 'draw' && o.kind !== 'ended' ? o.winners : [],
    draw: o.over && o.kind === 'draw' ? o.winners : [],
    year: o.over ? o.year : null,
    after: o.over && state.decidedAfter ? phaseText(state.decidedAfter) : null,
    contenders: o.contenders,
    alliances: alliancesInForce(state.allies, powersOf(run)),
    ended: state.ended,
    survivors: o.survivors,
  };
}

/** `final.scores`: null under `scoring none`. */
function scoresJson(run: GameRun): Record<string, unknown> | null {
  const s = run.victory?.scores;
  return s && s.system !== 'none' ? { system: s.system, final: s.final, points: s.points } : null;
}

/** `declarations`: every declaration of the declare blocks, in the order played. */
function declarationsJson(run: GameRun): Record<string, unknown>[] {
  return run.declarations.map((d) => ({
    after: d.after < 0 ? null : phaseText(run.phases[d.after]!.phase),
    block: run.parsed.ast.declare.indexOf(d.block),
    line: d.statement.range.start.line + 1,
    text: d.text,
    effect: d.effect,
  }));
}
